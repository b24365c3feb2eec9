"""Complete recorded games, in the export format, replayed through the table core to their
documented results (see each file's header): one won at the helipad and one lost by three
deaths, worked by hand with every die entered, and the game played at the terminal, its dice and
street doors drawn by the tracker (won at the helipad after three cops' kills). Each also goes
through import, export and the log."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from svs_table import GAME

from assistant import table, table_io
from assistant.engine import Refusal

GAMES = Path(__file__).parent / "games"

# file -> (events, the final view's values)
EXPECTED = {
    "helipad-win.yaml": (
        65,
        {
            "winner": "black",
            "result": "black reaches the helipad with the Thingamajig and flies off: black wins",
            "round": 12,
            "positions": {"black": "Helipad", "white": "D3"},
            "health": {"black": 5, "white": 4},
            "lives": {"black": 3, "white": 3},
            "pieces": {"black": 3, "white": 0},
            "found": 3,
        },
    ),
    "three-deaths.yaml": (
        41,
        {
            "winner": "black",
            "result": "white died a third time: black wins",
            "round": 5,
            "positions": {"black": None, "white": None},
            "lives": {"black": 2, "white": 0},
            "pieces": {"black": 0, "white": 0},
            "dropped": {"A1": 1},
            "loose": {"A1": ["orange"], "D1": ["black"]},
        },
    ),
    "terminal-game.yaml": (
        107,
        {
            "winner": "white",
            "result": "white reaches the helipad with the Thingamajig and flies off: white wins",
            "round": 16,
            "health": {"black": 2, "white": 3},
            "lives": {"black": 2, "white": 2},
            "pieces": {"black": 0, "white": 3},
        },
    ),
}


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_recorded_game_replays_to_its_documented_result(name):
    events, final = EXPECTED[name]
    outcome = table_io.replay_file("spy-vs-spy", GAMES / name)
    view = GAME.view(outcome.state)
    for key, value in final.items():
        assert view[key] == value, key
    recorded = yaml.safe_load((GAMES / name).read_text(encoding="utf-8"))
    assert len(recorded["events"]) == events


def test_the_helipad_game_cops_where_the_header_says():
    view = GAME.view(table_io.replay_file("spy-vs-spy", GAMES / "helipad-win.yaml").state)
    assert [(c["cop"], c["at"]) for c in view["cops"]] == [
        ("deputy", "A4"),
        ("sheriff", "B5"),
        ("swat", "D5"),
    ]


def test_the_games_step_by_step_never_refused_and_over_at_the_end():
    for name in EXPECTED:
        recorded = yaml.safe_load((GAMES / name).read_text(encoding="utf-8"))
        state = GAME.setup(recorded["options"])
        for number, event in enumerate(recorded["events"], 1):
            assert state["winner"] is None, (name, number)
            after = GAME.apply(state, event["action"])
            assert not isinstance(after, Refusal), (name, number, after)
            state = after
        assert state["phase"] == "over"


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_import_export_and_log_of_a_recorded_game(name, tmp_path):
    db = tmp_path / "t.sqlite"
    table_io.import_file(db, GAMES / name, "t")
    exported = tmp_path / "again.yaml"
    exported.write_text(table_io.export(db, "t"))
    assert table_io.replay_file("spy-vs-spy", exported).state == table.show(db, "t").state
    lines = table.log(db, "t")
    assert len(lines) == EXPECTED[name][0]
    assert "(secret)" not in lines[1].text and "orange" not in lines[1].text  # the arsenal
    assert lines[-1].text.endswith(f"{EXPECTED[name][1]['winner']} wins")
