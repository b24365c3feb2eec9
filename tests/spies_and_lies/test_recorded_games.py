"""Three complete recorded games, in the export format, replayed to their documented results
(worked by hand; see each file's header): one won on the flag, one decided after day 3, one
draw. Replayed through the table core (`replay_file`) and checked at the end of each day."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from sl_table import GAME

from assistant.engine import Refusal
from assistant.table_io import replay_file

GAMES = Path(__file__).parent / "games"

# file -> (final state subset, {day: (red, blue, double_agent) when that day's last guess is in})
EXPECTED = {
    "flag-win.yaml": (
        {"day": 2, "winner": "red", "double_agent": 5, "infiltration": {"red": 0, "blue": 0}},
        {1: (7, 8, 3)},
    ),
    "after-day-3.yaml": (
        {
            "day": 3,
            "winner": "red",
            "double_agent": 3,
            "infiltration": {"red": 2, "blue": 3},
            "deception": {"red": 0, "blue": 1},
        },
        {1: (6, 9, 1), 2: (4, 4, 3)},
    ),
    "draw.yaml": (
        {
            "day": 3,
            "winner": "draw",
            "double_agent": 0,
            "infiltration": {"red": 4, "blue": 4},
            "exhausted": {"red": [7], "blue": [1, 10]},
        },
        {1: (8, 8, 0), 2: (0, 9, 0)},
    ),
}


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_recorded_game_replays_to_its_documented_result(name):
    final, _ = EXPECTED[name]
    outcome = replay_file("spies-and-lies", GAMES / name)
    view = GAME.view(outcome.state)
    for key, value in final.items():
        assert view[key] == value, key


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_recorded_game_day_by_day(name):
    _, days = EXPECTED[name]
    history = yaml.safe_load((GAMES / name).read_text(encoding="utf-8"))
    state = GAME.setup(history.get("options") or {})
    seen = {}
    for event in history["events"]:
        if "void" in event:
            continue
        state = GAME.apply(state, event["action"], force="force" in event)
        assert not isinstance(state, Refusal), (event, state)
        if state["phase"] == "day_end" or (state["winner"] and state["day"] not in seen):
            seen[state["day"]] = (
                state["infiltration"]["red"],
                state["infiltration"]["blue"],
                state["double_agent"],
            )
    for day, expected in days.items():
        assert seen[day] == expected, day


def test_every_recorded_event_has_a_log_line():
    history = yaml.safe_load((GAMES / "after-day-3.yaml").read_text(encoding="utf-8"))
    state = GAME.setup({})
    lines = []
    for event in history["events"]:
        after = GAME.apply(state, event["action"])
        lines.append(GAME.describe(event["action"], state, after))
        state = after
    assert lines[0] == "set up: old intel card 5; exhausted: red's Captain (6), blue's Colonel (8)"
    assert (
        "special rule 2" in lines[25] and "blue's Double Agent moves this round undone" in lines[25]
    )
    assert lines[-1].startswith("red guesses Scout on blue mission 4: it is the Colonel (8)")
    assert "incorrect intel (special rule 1)" in lines[-1]
    assert lines[-1].endswith("after day 3 the Double Agent is in blue's territory: red wins")
