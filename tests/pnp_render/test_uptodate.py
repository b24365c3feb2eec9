"""`deaddrop build` skips a build whose inputs and outputs have not changed (pnp/uptodate.py)."""

from __future__ import annotations

import os

import pytest
from typer.testing import CliRunner

from deaddrop.commands.main import app

runner = CliRunner()


pytestmark = pytest.mark.usefixtures("isolated")


def _build(templates, *extra: str) -> list[str]:
    args = ["build", "sample", "--templates", str(templates), "--out", "out", *extra]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    return result.output.splitlines()


def _stats(tmp_path) -> dict:
    out = tmp_path / "out"
    return {p: (p.stat().st_mtime_ns, p.stat().st_ino) for p in out.rglob("*") if p.is_file()}


def test_an_unchanged_second_build_writes_nothing_and_prints_the_same(tmp_path, templates):
    first = _build(templates)
    before = _stats(tmp_path)
    second = _build(templates)
    assert second == [f"{line} (up to date)" for line in first]
    assert _stats(tmp_path) == before
    assert _build(templates, "--force") == first  # --force builds anyway
    assert _stats(tmp_path) != before


@pytest.mark.parametrize(
    "change",
    ["template", "setting", "deleted output", "edited output", "new file"],
)
def test_a_change_builds_again(tmp_path, templates, change):
    first = _build(templates)
    extra: tuple[str, ...] = ()
    if change == "template":
        path = templates / "sample" / "cards.yaml"
        path.write_bytes(path.read_bytes() + b"\n")
    elif change == "setting":
        extra = ("--paper", "letter")
    elif change == "deleted output":
        (tmp_path / "out" / "sample" / "agents.pdf").unlink()
    elif change == "edited output":
        path = tmp_path / "out" / "sample.pdf"
        stat = path.stat()
        path.write_bytes(path.read_bytes()[:-1] + b"\n")
        os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns))  # same size and mtime
    elif change == "new file":
        (templates / "sample" / "extra.yaml").write_text("components: {}\n", encoding="utf-8")
    again = _build(templates, *extra)
    assert not any(line.endswith("(up to date)") for line in again)
    if change != "setting":
        assert again == first
    assert (tmp_path / "out" / "sample" / "agents.pdf").is_file()
    assert _build(templates, *extra)[0].endswith("(up to date)")
