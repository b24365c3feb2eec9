"""The Spies! tracker through `deaddrop table ...`: exact messages and exit codes, draws recorded
in the action, face-down tiles kept face down, house rules forced with a reason."""

from __future__ import annotations

import json

import pytest
import yaml
from spies_table import GAMES
from typer.testing import CliRunner

from deaddrop.commands.main import app


@pytest.fixture
def run(tmp_path, monkeypatch):
    monkeypatch.setenv("DEADDROP_DB", str(tmp_path / "tables.sqlite"))
    monkeypatch.setenv("DEADDROP_CACHE", str(tmp_path / "cache"))
    runner = CliRunner()

    def invoke(*args: str):
        return runner.invoke(app, list(args))

    return invoke


def set_up(run) -> None:
    """A table 't' with the five-player game's set up (its first 15 events)."""
    events = yaml.safe_load((GAMES / "five-players.yaml").read_text(encoding="utf-8"))["events"]
    assert run("table", "new", "spies", "--name", "t").exit_code == 0
    for event in events[:15]:
        action = event["action"]
        words = [f"{k}={json.dumps(v)}" for k, v in action.items() if k != "type"]
        result = run("table", "do", action["type"], *words)
        assert result.exit_code == 0, result.output


def test_replay_prints_the_documented_result(run):
    result = run("table", "replay", "spies", str(GAMES / "five-players.yaml"), "--json")
    assert result.exit_code == 0, result.output
    view = json.loads(result.stdout)
    assert (view["winner"], view["over"], view["year"]) == ("Germany", True, 1939)
    assert view["points"]["Germany"] == 42


def test_a_refusal_names_the_rule_and_exits_1(run):
    set_up(run)
    result = run("table", "do", "move", "power=Germany", "spy=Kurt", "spaces=2")
    assert result.exit_code == 1
    assert result.stderr == (
        "deaddrop: refused: 3.21 Playing Event Tiles: Germany first discards an Event Tile or "
        "plays one of 1933 (nothing else first)\n"
    )
    assert run("table", "do", "play", "power=Germany", "tile=ge3").exit_code == 0
    for _ in range(2):
        assert run("table", "do", "move", "power=Germany", "spy=Kurt", "spaces=5").exit_code in (
            0,
            1,
        )
    result = run("table", "do", "move", "power=Germany", "spy=Erik", "spaces=5")
    result = run("table", "do", "move", "power=Germany", "spy=Heidi", "spaces=3")
    assert result.stderr == (
        "deaddrop: refused: 3.1 Action Points: Germany has 1 action point left; moving 3 spaces "
        "costs 3\n"
    )


def test_the_board_is_shown_after_each_action(run):
    set_up(run)
    result = run("table", "do", "play", "power=Germany", "tile=Ge 3", "spies={Britain: [Essen]}")
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert lines[:3] == [
        '16. Germany plays Ge 3 "Rhineland remilitarized!" (1 AP, 11 left)',
        "  3c Essen: Britain 3 chits",
        "  paid: Britain draws 3 Action chits",
    ]
    assert "Action Points  0 1 2 3 4 5 6 7 8 9 10 [11] 12  (11 left of 12)" in lines
    assert "awards of Ge 3:" in lines


def test_the_tracker_draws_a_hand_and_records_the_seed(run):
    assert run("table", "new", "spies", "--name", "t").exit_code == 0
    result = run("table", "do", "hand", "power=Germany")
    assert result.exit_code == 0
    assert "3 random ones (drawn blindly by the tracker)" in result.stdout
    assert "random " not in result.stdout.replace("random ones", "")  # no tile is named
    exported = yaml.safe_load(run("table", "export").stdout)
    action = exported["events"][0]["action"]
    assert sorted(action) == ["power", "random", "seed", "type"] and len(action["random"]) == 3


def test_an_undone_discard_stays_face_down(run):
    set_up(run)
    assert run("table", "do", "discard", "power=Germany", "tile=Ge 2").exit_code == 0
    result = run("table", "undo")
    assert result.stdout.splitlines()[0] == 'undid 16: discard power=Germany tile="(face down)"'
    assert "Ge 2" not in run("table", "log").stdout
    assert "Ge 2" not in run("table", "show", "--json").stdout


def test_force_applies_a_house_rule_with_its_reason(run):
    set_up(run)
    result = run("table", "do", "play", "power=Germany", "tile=Ge 2", "--force", "early war")
    assert result.exit_code == 0
    log = run("table", "log").stdout
    assert '16. Germany plays Ge 2 "Polish Crisis!"' in log and "[forced: early war]" in log


def test_options(run):
    bank = "bank={Germany: 40, Italy: 20, Russia: 25, France: 25, Britain: 25}"
    result = run("table", "new", "spies", "-o", "players=3", "-o", bank, "--json")
    assert result.exit_code == 0, result.output
    view = json.loads(result.stdout)["view"]
    assert view["bank"]["Germany"] == 40 and view["seats"]["France"] == "Britain+France"
    result = run("table", "new", "spies", "-o", "players=1")
    assert result.exit_code == 1
    assert (
        "7.0 Fewer than five players: Spies! is played by 2 to 5 players (not 1)" in result.stderr
    )
    result = run("table", "new", "spies", "-o", "multiples=[1,2]")
    assert result.exit_code == 2
    assert "option multiples: expected [7 numbers] or {1933: n, ...}" in result.stderr


def test_the_vocabulary_is_printed(run):
    result = run("table", "actions", "spies")
    assert result.exit_code == 0
    assert result.stdout.startswith("spies: Spies! (SPI 1981): the long game\n\nhand: ")
