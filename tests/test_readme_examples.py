"""The README's shell examples run as written, top to bottom: every ```sh block whose first line
is a `deaddrop` command runs line by line, in order, in bash, in one fresh folder with one table
database and cache for the whole README, as a reader following it would (the folder holds a link
to the clone's `tests/`, as at the root of a clone). Each line must exit 0, unless its comment
says `exit N here`."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
FENCE = re.compile(r"^```sh\n(.*?)^```", re.MULTILINE | re.DOTALL)
EXPECTED = re.compile(r"#.*\bexit (\d) here\b")


def examples() -> list[tuple[int, list[str]]]:
    """(line number of the block, its command lines) for every example block of the README."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    found = []
    for match in FENCE.finditer(text):
        lines = [line for line in match.group(1).splitlines() if line.strip()]
        if lines and lines[0].startswith("deaddrop "):
            found.append((text.count("\n", 0, match.start()) + 1, lines))
    return found


def test_the_readme_has_examples():
    blocks = examples()
    assert len(blocks) >= 3
    assert any(line.startswith("deaddrop spy deduce") for _, lines in blocks for line in lines)


@pytest.fixture(scope="module")
def reader(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The one folder the whole README is followed in."""
    tmp_path = tmp_path_factory.mktemp("readme")
    work = tmp_path / "work"
    work.mkdir()
    (work / "tests").symlink_to(ROOT / "tests")
    return tmp_path


@pytest.mark.parametrize(
    ("start", "lines"), [pytest.param(*block, id=f"README.md:{block[0]}") for block in examples()]
)
def test_a_readme_example_runs_as_written(reader, start, lines):
    tmp_path = reader
    work = tmp_path / "work"
    bin_dir = Path(sys.executable).parent
    env = {
        **os.environ,
        "PATH": f"{bin_dir}{os.pathsep}{os.environ.get('PATH', '')}",
        "DEADDROP_DB": str(tmp_path / "tables.sqlite"),
        "DEADDROP_CACHE": str(tmp_path / "cache"),
        "DEADDROP_CONFIG": str(tmp_path / "config" / "printers.toml"),
        "COLUMNS": "100",
    }
    for line in lines:
        wanted = EXPECTED.search(line)
        done = subprocess.run(
            ["bash", "-c", line], cwd=work, env=env, capture_output=True, text=True, timeout=300
        )
        expected = int(wanted.group(1)) if wanted else 0
        assert done.returncode == expected, (
            f"README.md block at line {start}: `{line}` exited {done.returncode}, not {expected}:"
            f"\n{done.stderr}"
        )
        assert "Traceback" not in done.stderr, line
