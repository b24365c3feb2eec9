"""The tracker at the command line, as a table uses it: `deaddrop table new spy-vs-spy`, `do`
with the dice and the cops' street doors drawn and recorded, secrets kept out of every printed
text, refusals naming the rule, house rules by --force, `replay` of a recorded game."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml
from typer.testing import CliRunner

from deaddrop.commands.main import app

GAMES = Path(__file__).parent / "games"
ARSENAL = [
    "offensive=[orange,green,yellow,black,white]",
    "defensive=[orange,green,yellow,light-blue,white]",
    "defence=yellow",
    "weapon=orange",
]


@pytest.fixture
def cli(tmp_path, monkeypatch):
    monkeypatch.setenv("DEADDROP_DB", str(tmp_path / "t.sqlite"))
    monkeypatch.setenv("DEADDROP_CACHE", str(tmp_path / "cache"))

    def run(*args: str):
        return CliRunner().invoke(app, list(args))

    return run


def started(cli) -> None:
    assert cli("table", "new", "spy-vs-spy", "--name", "fri").exit_code == 0
    assert cli("table", "do", "circle", "numbers=[7,13,22]").exit_code == 0
    assert cli("table", "do", "arsenal", "spy=black", *ARSENAL).exit_code == 0
    white = [a.replace("yellow", "white", 1) if a.startswith("defence") else a for a in ARSENAL]
    white = ["offensive=[orange,green,yellow,black,light-blue]", *white[1:]]
    result = cli("table", "do", "arsenal", "spy=white", *white)
    assert result.exit_code == 0, result.output


def test_a_new_table_shows_the_building_and_what_to_do(cli):
    result = cli("table", "new", "spy-vs-spy")
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert lines[0] == "new table 'spy-vs-spy-1' (Spy vs Spy: Lunacy at the Labs)"
    assert "    street doors  A0: black   E0: white" in lines
    assert lines[-1] == (
        "next: setup: circle the Thingamajig's three numbers (circle); enter black's arsenal"
        " (arsenal spy=black); enter white's arsenal (arsenal spy=white)"
    )


def test_the_circled_numbers_are_drawn_and_recorded_with_their_seed(cli):
    cli("table", "new", "spy-vs-spy")
    result = cli("table", "do", "circle")
    assert result.exit_code == 0 and result.stdout.startswith("1. the Thingamajig's numbers are")
    event = yaml.safe_load(cli("table", "export").stdout)["events"][0]["action"]
    assert len(set(event["numbers"])) == 3 and isinstance(event["seed"], int)


def test_an_arsenal_is_never_printed(cli):
    started(cli)
    for args in (("table", "log"), ("table", "show"), ("table", "show", "--json")):
        out = cli(*args).stdout
        assert "light-blue" not in out and "weapon=" not in out, args
    assert "secret" not in json.loads(cli("table", "show", "--json").stdout)
    undone = cli("table", "undo")
    assert undone.stdout.splitlines()[0] == (
        "undid 3: arsenal spy=white offensive=(secret) defensive=(secret) defence=(secret)"
        " weapon=(secret)"
    )
    assert "[undone] arsenal spy=white offensive=(secret)" in cli("table", "log").stdout
    assert "light-blue" in cli("table", "export").stdout  # the stored action is whole (docs)


def test_a_refusal_names_the_rule_and_force_applies_a_house_rule(cli):
    started(cli)
    result = cli("table", "do", "move", "spy=black", "to=B1")
    assert result.exit_code == 1
    assert result.stderr == (
        "deaddrop: refused: Movement: B1 is not next to A0: a spy walks to the next room on his"
        " floor and changes floors only by the elevators at both ends (our reading of the missing"
        " picture)\n"
    )
    result = cli("table", "do", "move", "spy=black", "to=B1", "--force", "we agreed: a side door")
    assert result.exit_code == 0
    assert "[forced: we agreed: a side door]" in cli("table", "log").stdout


def test_the_tracker_rolls_the_trap_and_moves_the_cops(cli):
    started(cli)
    for action in (
        ["move", "spy=black", "to=A1"],
        ["search", "spy=black", "number=7", "set=yellow"],
        ["move", "spy=white", "to=E1"],
        ["move", "spy=white", "to=D1"],
    ):
        assert cli("table", "do", *action).exit_code == 0
    shown = cli("table", "show").stdout
    assert "  next cops' turn: the Deputy enters at a street door drawn at random" in shown
    result = cli("table", "do", "cops")
    assert result.exit_code == 0
    assert "the alarm: the Deputy arrives at" in result.stdout
    cops = yaml.safe_load(cli("table", "export").stdout)["events"][-1]["action"]
    assert cops["arrive"]["deputy"] in ("A0", "E0") and "seed" in cops


def test_replay_of_a_recorded_game(cli):
    result = cli("table", "replay", "spy-vs-spy", str(GAMES / "three-deaths.yaml"), "--json")
    assert result.exit_code == 0
    view = json.loads(result.stdout)
    assert (view["winner"], view["lives"]) == ("black", {"black": 2, "white": 0})


def test_the_vocabulary_at_the_command_line(cli):
    result = cli("table", "actions", "spy-vs-spy")
    assert result.exit_code == 0
    assert result.stdout.splitlines()[:5] == [
        "spy-vs-spy: Spy vs Spy: Lunacy at the Labs",
        "",
        "circle: the three numbers circled on the Thingamajig sheet",
        "  when: at setup, once",
        "  numbers  list of numbers  required  three different numbers 1-25 (drawn when omitted)",
    ]
