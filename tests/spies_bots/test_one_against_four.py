"""docs/spies.md "A game of one against four" stays true: its commands, played, give its log."""

from __future__ import annotations

import shlex

import pytest
from typer.testing import CliRunner

from deaddrop.commands.main import app
from deaddrop.paths import REPO_ROOT

DOC = (REPO_ROOT / "docs" / "spies.md").read_text(encoding="utf-8")
SECTION = DOC.split("### A game of one against four", 1)[1].split("\n## ", 1)[0]
BLOCKS = SECTION.split("```")[1::2]


def commands() -> list[list[str]]:
    text = BLOCKS[0].replace("\\\n", " ")
    return [shlex.split(line)[1:] for line in text.splitlines() if line.startswith("deaddrop ")]


@pytest.mark.slow
def test_the_documented_game_of_one_against_four_plays_as_documented(tmp_path, monkeypatch):
    monkeypatch.setenv("DEADDROP_DB", str(tmp_path / "tables.sqlite"))
    monkeypatch.setenv("DEADDROP_CACHE", str(tmp_path / "cache"))
    runner = CliRunner()
    for words in commands():
        result = runner.invoke(app, words)
        assert result.exit_code == 0, (words, result.output)
    log = runner.invoke(app, ["table", "log"]).output.splitlines()
    documented = BLOCKS[1].strip("\n").splitlines()
    first = documented[0].split(".")[0] + ". "
    start = next(n for n, line in enumerate(log) if line.startswith(first))
    shown = [line.removesuffix(" [by Germany]") for line in log[start : start + len(documented)]]
    assert shown == documented
