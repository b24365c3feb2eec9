"""A bot's instructions to the table (assistant/games/spies/bots/words.py): short, in the table's
terms (counters, cities, chits played), never which spy a counter is."""

from __future__ import annotations

import pytest

from assistant.games.spies.bots.words import found, instruction
from assistant.games.spies.rules import GAME

BANK = dict.fromkeys(GAME.data.powers, 25)


def on_map(**counters: str) -> dict:
    return {
        "bank": BANK,
        "positions": {"counters": {"Italy": counters}, "spies": {"Italy": {"#3": "Cousin"}}},
    }


@pytest.mark.parametrize(
    ("action", "expected"),
    [
        (
            {"type": "move", "power": "Italy", "spy": "#3", "path": ["Florence", "Milan"]},
            "Italy: counter #3 by rail Rome -> Florence -> Milan (2 spaces)",
        ),
        (
            {"type": "move", "power": "Italy", "spy": "#3", "path": ["Belgrade", "Salonika"]},
            "Italy: counter #3 Bucharest -air-> Belgrade -rail-> Salonika (2 spaces)",
        ),
        (
            {"type": "chit", "power": "Italy", "chit": "Drop", "city": "Paris"},
            "Italy plays a chit in Paris: put a face-down chit on Paris (a Drop)",
        ),
        (
            {
                "type": "search",
                "power": "Italy",
                "city": "Turin",
                "enemy": "France",
                "target": "#2",
            },
            "Italy searches Turin: France's counter #2 is captured: turn it up and put it on "
            "Italy's record",
        ),
        (
            {"type": "search", "power": "Italy", "city": "Turin"},
            "Italy searches Turin: nothing found",
        ),
        ({"type": "end_turn", "power": "Italy"}, "Italy ends its turn"),
    ],
)
def test_an_instruction_names_counters_and_cities_only(action, expected):
    start = "Bucharest" if "Belgrade" in action.get("path", []) else "Rome"
    before = on_map(**{"#3": start})
    text = instruction(action, before, before, GAME.data)
    assert text == expected
    assert "Cousin" not in text


def test_police_are_told_by_city():
    after = {"bank": BANK, "police": {"Italy": {"Rome": 2, "Turin": 1, "Venice": 1}}}
    action = {"type": "police", "power": "Italy", "cities": after["police"]["Italy"]}
    assert instruction(action, after, after, GAME.data) == "Italy: police to Rome 2, Turin, Venice"


def test_what_a_discovery_found():
    base = {"power": "Italy", "city": "Warsaw", "counter": "#3", "piece": "RDF", "by": None}
    assert found({**base, "kind": "took"}) == (
        "Italy's counter #3 takes a secret in Warsaw: put it under #3"
    )
    assert "RDF" not in found({**base, "kind": "took"})
    assert found({**base, "kind": "counterspy", "by": "Russia"}).endswith(
        "Russia's counterspy is the stronger (it captures)"
    )
