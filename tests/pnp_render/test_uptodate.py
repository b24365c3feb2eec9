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


def test_inputs_stated_ahead_keep_the_stat_they_had_then(tmp_path):
    """stat_ahead (a build waiting for its other process): the inputs known so far are stat'ed
    then; an input that changes later keeps its earlier stat in the record (the next build
    builds again), one read later is stat'ed at the end, and the engine is listed once."""
    from pnp import uptodate

    early, late = tmp_path / "early.yaml", tmp_path / "late.yaml"
    early.write_text("a", encoding="utf-8")
    late.write_text("b", encoding="utf-8")
    with uptodate.Recorder(tmp_path / "out") as recorder:
        early.read_text(encoding="utf-8")
        uptodate.stat_ahead()
        assert recorder.engine is not None and str(uptodate.ENGINE / "lanes.py") in recorder.engine
        before = uptodate.stat_of(str(early))
        early.write_text("a longer text", encoding="utf-8")
        late.read_text(encoding="utf-8")
        late.write_text("b, longer too", encoding="utf-8")
    inputs = recorder.inputs()
    assert inputs[str(early)] == before != uptodate.stat_of(str(early))
    assert inputs[str(late)] == uptodate.stat_of(str(late))
    assert str(uptodate.ENGINE / "lanes.py") in inputs
