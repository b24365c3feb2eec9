"""End to end through `deaddrop table ...`: exact messages and exit codes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from deaddrop.commands.main import app

GAMES = Path(__file__).parent / "games"


@pytest.fixture
def run(tmp_path, monkeypatch):
    monkeypatch.setenv("DEADDROP_DB", str(tmp_path / "tables.sqlite"))
    monkeypatch.setenv("DEADDROP_CACHE", str(tmp_path / "cache"))
    runner = CliRunner()

    def invoke(*args: str):
        return runner.invoke(app, list(args))

    return invoke


def test_replay_prints_the_documented_result(run):
    result = run("table", "replay", "spies-and-lies", str(GAMES / "flag-win.yaml"), "--json")
    assert result.exit_code == 0, result.output
    view = json.loads(result.stdout)
    assert (view["winner"], view["double_agent"], view["day"]) == ("red", 5, 2)
    assert view["infiltration"] == {"red": 0, "blue": 0}
    assert view["deception"] == {"red": 1, "blue": 1}


def test_refused_deployment_names_the_card_and_exits_1(run):
    assert run("table", "new", "spies-and-lies", "--name", "t").exit_code == 0
    assert run("table", "do", "setup", "old_intel=6", "exhausted={red: 1, blue: 2}").exit_code == 0
    result = run("table", "do", "deploy", "side=red", "soldiers=[3,2,5,9]")
    assert result.exit_code == 1
    assert result.stderr == (
        "deaddrop: refused: Deployment: the Scout (2) is right of the Miner (3); ranks must rise"
        " left to right, the Sergeant excepted\n"
    )
    result = run("table", "do", "deploy", "side=red", "soldiers=[3,5,8,9]")
    assert result.exit_code == 0
    assert "red deploys missions 1-4 face down (entered)" in result.stdout
    shown = json.loads(run("table", "show", "--json").stdout)
    assert "8" not in json.dumps(shown["missions"])
    assert shown["next"] == "deploy: blue"


def test_board_is_shown_after_each_action(run):
    run("table", "new", "spies-and-lies", "--name", "t")
    result = run("table", "do", "setup", "old_intel=6", "exhausted={red: 7, blue: 3}")
    assert "Double Agent  red FLAG WALL 3 2 1 MID 1 2 3 WALL FLAG blue" in result.stdout
    assert "exhausted: red: Bomb (7); blue: Miner (3)" in result.stdout
    assert "next: deploy: red and blue" in result.stdout
