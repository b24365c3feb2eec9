"""The game in docs/spy.md's "Solo" section is the recorded game tests/spy_solo/recorded/
docs-game.yaml: its replay gives the same log lines, and the computer decides again as recorded
(its probes and decisions follow from the answers alone and the game's play seed, recorded in
each probe's seed), so that the same commands give the same game at a terminal."""

from __future__ import annotations

import re
from pathlib import Path

from assistant import table_io
from assistant.engine import Refusal
from assistant.games.spy.solo import GAME
from assistant.history_file import read_history

ROOT = Path(__file__).resolve().parents[2]
RECORDED = Path(__file__).parent / "recorded" / "docs-game.yaml"


def _docs_lines() -> list[str]:
    text = (ROOT / "docs" / "spy.md").read_text(encoding="utf-8")
    solo = text.split("## Solo", 1)[1].split("\n## ", 1)[0]
    block = solo.split("```\n", 2)[1]
    return [m.group(1) for m in re.finditer(r"^\d+\. (.*)$", block, re.M)]


def test_the_docs_show_the_recorded_game():
    history = read_history(RECORDED)
    state = GAME.setup(dict(history.options))
    lines = []
    for entry in history.events:
        after = GAME.apply(state, entry.action)
        assert not isinstance(after, Refusal), after
        lines.append(GAME.describe(entry.action, state, after))
        state = after
    assert lines == _docs_lines()
    assert table_io.replay_file("spy-solo", RECORDED).state == state


def test_the_computer_decides_again_as_recorded():
    history = read_history(RECORDED)
    state = GAME.setup(dict(history.options))
    for entry in history.events:
        recorded = entry.action
        bare = {k: v for k, v in recorded.items() if k not in ("reply", "computer")}
        again = GAME.complete(state, bare, recorded.get("seed", 0))
        for key in ("reply", "computer", "network", "salt"):
            assert again.get(key) == recorded.get(key), key
        if recorded["type"] == "probe":  # by the game's play seed, whatever the tracker draws
            fresh = GAME.complete(state, {k: v for k, v in bare.items() if k != "seed"}, 99)
            assert (fresh["reply"], fresh["seed"]) == (recorded["reply"], recorded["seed"])
        state = GAME.apply(state, recorded)


def test_the_docs_commands_play_the_docs_game_at_the_terminal():
    """Every `$ deaddrop ...` line of the docs' game, run in order, prints what the docs show."""
    import shlex

    from typer.testing import CliRunner

    from deaddrop.commands.main import app

    text = (ROOT / "docs" / "spy.md").read_text(encoding="utf-8")
    block = text.split("## Solo", 1)[1].split("\n## ", 1)[0].split("```\n", 2)[1]
    runner = CliRunner()
    shown: list[str] = []
    for line in block.splitlines():
        if line.startswith("$ deaddrop "):
            result = runner.invoke(app, shlex.split(line)[2:])
            assert result.exit_code == 0, (line, result.output)
            shown += [line, *result.output.splitlines()]
    assert shown == block.splitlines()
