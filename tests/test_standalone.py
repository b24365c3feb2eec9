"""The repository stands alone: no file names a path outside it (a clone has no ../shared/)."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).parent.parent
OUTSIDE = re.compile(r"\.\./shared|shared/rules|shared/DESIGN|DESIGN\.md|/work/")


def _tracked_text_files() -> list[Path]:
    out = subprocess.run(
        ["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.split()
    suffixes = {".py", ".md", ".yaml", ".yml", ".toml", ".txt", ".json", ".cfg"}
    return [ROOT / name for name in out if Path(name).suffix in suffixes and name != __file__]


def test_no_file_names_a_path_outside_the_repository():
    here = Path(__file__).resolve()
    found = []
    for path in _tracked_text_files():
        if path.resolve() == here or not path.exists():
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if OUTSIDE.search(line):
                found.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
    assert found == []
