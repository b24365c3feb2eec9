"""Each game's board widgets (`board(view)`, drawn by the page of `deaddrop serve`), from the
recorded games: the real values a player would see, the seat's own secrets marked private, and
never another seat's."""

from __future__ import annotations

import importlib
import json
from typing import Any

import pytest
from web_recorded import GAMES, states

from assistant.engine import Json
from assistant.games.spies.board import board as spies_board
from assistant.games.spies_and_lies.board import board as sal_board
from assistant.games.spy.board import board as spy_board
from assistant.games.spy_vs_spy.widgets import board as svs_board
from assistant.games.tally_board import board as tally_board

KEYS = {
    "track": {"kind", "label", "spaces", "marks"},
    "meter": {"kind", "label", "value", "max", "side"},
    "money": {"kind", "label", "value", "unit", "side"},
    "grid": {"kind", "label", "rows", "cols", "cells", "private", "side"},
    "list": {"kind", "label", "items", "private"},
    "table": {"kind", "label", "columns", "rows", "private"},
    "stat": {"kind", "label", "value", "side"},
    "map": {"kind", "label", "picture", "aspect", "places", "counters"},
}


def find(widgets: list[Json], label: str) -> Json:
    found = [w for w in widgets if w["label"] == label]
    assert len(found) == 1, (label, [w["label"] for w in widgets])
    return found[0]


def labels(widgets: list[Json]) -> list[str]:
    return [w["label"] for w in widgets]


def private(widgets: list[Json]) -> list[Json]:
    """The widgets, and the counters on maps, only this seat sees."""
    out = [w for w in widgets if w.get("private")]
    return out + [c for w in widgets if w["kind"] == "map" for c in w["counters"] if c["private"]]


def schema_problems(widget: Json) -> list[str]:
    """What breaks the widget schema of docs/serve.md (every text a str, every number an int)."""
    problems = []
    kind = widget.get("kind")
    if kind not in KEYS:
        return [f"unknown kind {kind!r}"]
    missing = KEYS[kind] - set(widget)
    if missing:
        problems.append(f"{kind} lacks {sorted(missing)}")
    if not isinstance(widget["label"], str):
        problems.append("label is not text")

    def texts(values: Any, what: str) -> None:
        if not all(isinstance(v, str) for v in values):
            problems.append(f"{what} holds a non-text value")

    if kind == "track":
        texts(widget["spaces"], "spaces")
        for mark in widget["marks"]:
            if not (isinstance(mark["at"], int) and 0 <= mark["at"] < len(widget["spaces"])):
                problems.append(f"mark {mark} is off the track")
            texts([mark["label"]], "mark label")
        if "sides" in widget and len(widget["sides"]) != len(widget["spaces"]):
            problems.append("sides and spaces differ in length")
    elif kind in ("meter", "money"):
        if not isinstance(widget["value"], int) or isinstance(widget["value"], bool):
            problems.append("value is not a whole number")
    elif kind == "grid":
        texts(widget["rows"], "rows")
        texts(widget["cols"], "cols")
        names = {r + c for r in widget["rows"] for c in widget["cols"]}
        for name, cell in widget["cells"].items():
            if name not in names:
                problems.append(f"cell {name} is off the grid")
            if cell["heat"] not in (None, "hot", "warm", "cold"):
                problems.append(f"cell {name} heat {cell['heat']!r}")
            if cell["text"] is not None:
                texts([cell["text"]], f"cell {name}")
    elif kind == "map":
        names = set()
        for place in widget["places"]:
            texts([place["name"], place["kind"]], "a place")
            names.add(place["name"])
            if not all(isinstance(place[a], float | int) and 0 <= place[a] <= 1 for a in "xy"):
                problems.append(f"place {place['name']} is off the picture")
        for counter in widget["counters"]:
            texts([counter["label"]], "a counter's label")
            if counter["place"] not in names:
                problems.append(f"counter {counter} stands on no place")
            if not isinstance(counter["private"], bool):
                problems.append(f"counter {counter}: private is not true or false")
    elif kind == "list":
        texts(widget["items"], "items")
    elif kind == "table":
        texts(widget["columns"], "columns")
        for row in widget["rows"]:
            texts(row, "a row")
            if len(row) != len(widget["columns"]):
                problems.append(f"row {row} has {len(row)} cells for {len(widget['columns'])}")
    elif kind == "stat":
        texts([widget["value"]], "value")
    return problems


# ---- every board of every recorded game, at every step, for every seat ------------------------


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_step_of_every_recorded_game_draws_a_board_in_the_schema(name: str) -> None:
    game, all_states = states(name)
    stride = max(1, len(all_states) // 12)  # a dozen points of each game, the last included
    for state in [*all_states[::stride], all_states[-1]]:
        seats = [None, *game.seats(state)]  # type: ignore[attr-defined]
        for seat in seats:
            view = game.seat_view(state, seat)  # type: ignore[attr-defined]
            widgets = game.board(view)  # type: ignore[attr-defined]
            assert widgets, (name, seat)
            json.dumps(widgets, allow_nan=False)
            for widget in widgets:
                assert schema_problems(widget) == [], (name, seat, widget)
            if seat is None:  # the spectator never gets a private widget
                assert private(widgets) == []


@pytest.mark.parametrize(
    ("name", "module"),
    [
        ("after-day-3", "assistant.games.spies_and_lies.board"),
        ("spy-referee", "assistant.games.spy.board"),
        ("ge2-1938", "assistant.games.spies.board"),
        ("terminal-game", "assistant.games.spy_vs_spy.widgets"),
        ("tally-void-undo", "assistant.games.tally_board"),
    ],
)
def test_each_game_object_offers_its_board(name: str, module: str) -> None:
    game, all_states = states(name)
    view = game.view(all_states[-1])
    drawn = importlib.import_module(module).board(view)
    assert game.board(view) == drawn  # type: ignore[attr-defined]
    assert len(drawn) >= 4


# ---- Spies & Lies -------------------------------------------------------------------------------


def test_spies_and_lies_final_board(at: Any) -> None:
    game, state = at("after-day-3")
    widgets = sal_board(game.view(state))
    assert labels(widgets) == [
        "Day",
        "Result",
        "Double Agent",
        "Infiltration",
        "red Deception tokens",
        "blue Deception tokens",
        "Intel",
        "Old intel pile",
        "Spare Deception tokens",
        "Missions",
        "Exhausted",
        "Abilities",
    ]
    assert find(widgets, "Day")["value"] == "3 of 3: over"
    assert find(widgets, "Result") == {
        "kind": "stat",
        "label": "Result",
        "value": "after day 3 the Double Agent is in blue's territory: red wins",
        "side": "red",
    }
    agent = find(widgets, "Double Agent")
    assert agent["spaces"] == ["Flag", "Wall", "3", "2", "1", "Mid", "1", "2", "3", "Wall", "Flag"]
    assert agent["sides"] == ["red"] * 5 + [None] + ["blue"] * 5
    assert agent["marks"] == [{"at": 8, "label": "DA", "side": None}]  # 3 into blue's territory
    infiltration = find(widgets, "Infiltration")
    assert infiltration["spaces"] == [str(n) for n in range(11)]
    assert infiltration["marks"] == [
        {"at": 2, "label": "red", "side": "red"},
        {"at": 3, "label": "blue", "side": "blue"},
    ]
    assert find(widgets, "blue Deception tokens")["value"] == 1
    assert find(widgets, "Intel")["value"] == "card 1: 1, 3, 6, 8"
    assert find(widgets, "Old intel pile")["value"] == "5, 3, 4"
    assert find(widgets, "Missions")["rows"] == [
        ["1", "Scout (2) retreated", "Miner (3) ACTIVE +Intel"],
        ["2", "Lieutenant (5) retreated", "Sergeant (4) ACTIVE +Deception"],
        ["3", "Bomb (7) retreated", "Bomb (7) retreated"],
        ["4", "Marshal (10) ACTIVE", "Colonel (8) retreated"],
    ]
    assert find(widgets, "Exhausted")["items"] == ["red: Miner (3)", "blue: General (9)"]
    assert find(widgets, "Abilities")["items"] == ["blue: Miner active"]


def test_spies_and_lies_each_side_sees_its_own_soldiers_and_not_the_others(at: Any) -> None:
    game, state = at("after-day-3", 36)  # day 3: both deployments entered, none revealed yet
    red = sal_board(game.seat_view(state, "red"))
    blue = sal_board(game.seat_view(state, "blue"))
    spectator = sal_board(game.seat_view(state, None))
    assert [w["items"] for w in private(red)] == [
        [
            "mission 1: Scout (2)",
            "mission 2: Lieutenant (5)",
            "mission 3: Bomb (7)",
            "mission 4: Marshal (10)",
            "missions 1-4: deployed entered",
        ]
    ]
    assert [w["items"] for w in private(blue)] == [
        [
            "mission 1: Miner (3)",
            "mission 2: Sergeant (4)",
            "mission 3: Bomb (7)",
            "mission 4: Colonel (8)",
            "missions 1-4: deployed entered",
        ]
    ]
    assert private(spectator) == []
    assert find(red, "Missions")["rows"][0] == ["1", "face down", "face down"]
    for seen, hidden in ((red, ["Sergeant (4)", "Colonel (8)"]), (blue, ["Scout", "Marshal"])):
        text = json.dumps(seen)
        assert not [word for word in hidden if word in text]
    assert not [
        w for w in ("Scout", "Marshal", "Sergeant", "Colonel") if w in json.dumps(spectator)
    ]


def test_spies_and_lies_a_sealed_deployment_shows_its_seal_to_its_side(at: Any) -> None:
    game, state = at("after-day-3", 20)  # day 2: red sealed, blue face down
    red = private(sal_board(game.seat_view(state, "red")))[0]
    assert red["items"][:1] == ["mission 1: not entered"]
    assert red["items"][-1] == "missions 1-4: deployed sealed (seal 936cabe54f89…)"
    blue = private(sal_board(game.seat_view(state, "blue")))[0]
    assert blue["items"][-1] == "missions 1-4: deployed face down, not entered"


# ---- Spy! ---------------------------------------------------------------------------------------


def test_spy_final_board_heat_map_and_revealed_networks(at: Any) -> None:
    game, state = at("spy-referee")
    widgets = spy_board(game.view(state))
    assert find(widgets, "Result")["value"] == "red wins (single victory); victories: red 1, blue 0"
    red = find(widgets, "red's field")
    assert red["rows"] == [str(n) for n in range(1, 11)]
    assert red["cols"] == list("ABCDEFGHIJ")
    # blue's probes of red's field, red's network (2B 2D 5D 5H 10H 10B 9B) revealed
    assert red["cells"]["2B"] == {"text": "●", "heat": "hot"}
    assert red["cells"]["5D"] == {"text": "●", "heat": "hot"}
    assert red["cells"]["1A"] == {"text": None, "heat": "cold"}
    assert red["cells"]["9B"] == {"text": "●", "heat": None}
    assert sum(1 for c in red["cells"].values() if c["text"] == "●") == 22  # 1+2+...+6 + 1
    blue = find(widgets, "blue's field")
    assert {k: c["heat"] for k, c in blue["cells"].items() if c["heat"]} == {
        "5E": "warm",
        "4B": "warm",
        "4C": "cold",
        "2B": "hot",
        "2C": "hot",
        "2D": "warm",
    }
    assert find(widgets, "blue's squares left")["value"] == "2, 2, 3, 4, 5"
    assert find(widgets, "Claims")["items"] == ["red: 2C 2A 5A 5B 10B 10F 4F (round 3)"]


def test_spy_a_player_sees_only_its_own_network(at: Any) -> None:
    game, state = at("spy-referee", 6)  # four probes answered, nothing revealed
    red = spy_board(game.seat_view(state, "red"))
    blue = spy_board(game.seat_view(state, "blue"))
    spectator = spy_board(game.seat_view(state, None))
    assert [w["items"] for w in private(red) if w["kind"] == "list"] == [["2B 2D 5D 5H 10H 10B 9B"]]
    assert [w["items"] for w in private(blue) if w["kind"] == "list"] == [
        ["2C 2A 5A 5B 10B 10F 4F"]
    ]
    # each sees its own network on its own field (private) and nothing on the opponent's
    own = find(red, "Your field (red)")
    assert own["private"] is True
    covered = {name for name, c in own["cells"].items() if c["text"] == "●"}
    assert len(covered) == 22 and {"2B", "2C", "2D", "5H", "10H", "10B", "9B"} <= covered
    assert own["cells"]["2C"] == {"text": "●", "heat": "hot"}  # blue's probe hit it
    assert "●" not in json.dumps(find(red, "blue's field"))
    assert "●" not in json.dumps(find(blue, "red's field"))
    assert [w["label"] for w in blue if w["kind"] == "grid"] == ["red's field", "Your field (blue)"]
    assert "2B 2D 5D" not in json.dumps(blue) and "2C 2A 5A" not in json.dumps(red)
    assert "●" not in json.dumps(spectator)
    assert find(spectator, "red's field")["cells"] == {
        "2B": {"text": None, "heat": "hot"},
        "2C": {"text": None, "heat": "hot"},
        "2D": {"text": None, "heat": "hot"},
        "5D": {"text": None, "heat": "hot"},
    }


# ---- Spies! -------------------------------------------------------------------------------------


def test_spies_final_board(at: Any) -> None:
    game, state = at("ge2-1938")
    widgets = spies_board(game.view(state))
    assert find(widgets, "Year")["value"] == "1938: the end of the game"
    assert find(widgets, "Result")["value"] == "Britain wins with 33 Victory Points (43£)"
    assert "Action Points" not in labels(widgets)  # a finished game has no turn (issue 23, 13)
    bank = {w["label"]: w["value"] for w in widgets if w["kind"] == "money"}
    assert bank == {"Germany": 3, "Italy": 42, "Russia": 42, "France": 32, "Britain": 43}
    assert {w["unit"] for w in widgets if w["kind"] == "money"} == {"£"}
    assert find(widgets, "Powers")["rows"][0] == ["Germany", "8", "4", "16"]
    assert find(widgets, "Players")["items"] == [
        "Germany+Italy: Germany, Italy",
        "Russia: Russia",
        "Britain+France: France, Britain",
    ]
    assert find(widgets, "Event Tiles played")["items"][0] == "1933: Ge 3, It 10, Rs 21, Fr 22"
    assert find(widgets, "Out of play")["items"] == ["Russia's Georgi (captured by Germany)"]
    assert find(widgets, "Territory")["items"][-1] == "World War II: the game ends with 1938"
    assert find(widgets, "Time and Victory Record")["rows"][0] == [
        "Germany",
        "1936",
        "Russia's Georgi (captured spy 1)",
        "x4 = 4",
    ]


def test_spies_a_player_sees_its_powers_event_tiles_only(at: Any) -> None:
    game, state = at("two-players", 60)  # 1936, France's turn
    axis = spies_board(game.seat_view(state, "Germany+Italy"))
    allies = spies_board(game.seat_view(state, "Britain+France"))
    assert find(axis, "Turn")["value"] == "France (Britain+France)"
    assert [w["items"] for w in private(axis)] == [
        [
            "Germany: Ge 1, Ge 2, Ge 5, Ge 6, random 41, random 50",
            "Italy: It 9, It 10, It 12, It 14, random 42, random 49",
            "Germany discarded: random 36",
            "Italy discarded: random 37",
        ]
    ]
    assert "Ge 1," not in json.dumps(allies) and "Fr 22" not in json.dumps(axis)
    assert private(spies_board(game.seat_view(state, None))) == []


# ---- Spy vs Spy ---------------------------------------------------------------------------------


def test_spy_vs_spy_final_board(at: Any) -> None:
    game, state = at("terminal-game")
    widgets = svs_board(game.view(state))
    assert find(widgets, "Round")["value"] == "16: the game is over"
    assert find(widgets, "black health")["value"] == 2
    assert find(widgets, "black health")["max"] == 8
    assert find(widgets, "white lives")["value"] == 2
    assert find(widgets, "Helipad")["value"] == "white"
    building = find(widgets, "The building (✓ searched, ↑H roof elevator)")
    assert building["rows"] == ["5", "4", "3", "2", "1"]
    assert building["cols"] == ["A", "B", "C", "D", "E"]
    assert building["cells"]["5D"]["text"] == "✓ black"
    assert building["cells"]["5B"]["text"] == "swat"
    assert building["cells"]["3A"]["text"] == "dep"
    assert building["cells"]["3D"]["text"] == "✓ eq"
    assert building["cells"]["3C"]["text"] == "Aid"
    assert find(widgets, "Cops")["rows"] == [
        ["Deputy", "A3", "1", "0 of 1"],
        ["Sheriff", "dead", "2", "0 of 2"],
        ["SWAT Team", "B5", "3", "0 of 3"],
    ]
    assert find(widgets, "Thingamajig")["value"] == "25, 18, 17: 3 of 3 pieces found"


def test_spy_vs_spy_a_spy_sees_his_own_arsenal_and_traps(at: Any) -> None:
    game, state = at("terminal-game", 50)
    black = spy_board_of(game, state, "black")
    white = spy_board_of(game, state, "white")
    assert find(black, "Action points")["value"] == 2  # white's turn, 2 of 2 left
    assert find(black, "Action points")["side"] == "white"
    secret = {w["label"]: w["items"] for w in private(black)}
    assert secret == {
        "Your arsenal (black)": [
            "offensive: orange, green",
            "defensive: orange, green, yellow, light-blue, white",
            "weapon (1-pip under you): orange",
            "defence (2-pip under you): yellow",
        ],
        "Your traps and decoys": ["A1: yellow", "B1: decoy", "C1: black", "D5: white"],
        "Your Thingamajig pieces": ["carrying: 25"],
    }
    assert {w["label"]: w["items"] for w in private(white)}["Your traps and decoys"] == [
        "D3: white",
        "E1: green",
        "E2: orange",
        "E3: decoy",
    ]
    assert "A1: yellow" not in json.dumps(white)


def spy_board_of(game: Any, state: Json, seat: str | None) -> list[Json]:
    return svs_board(game.seat_view(state, seat))


# ---- tally --------------------------------------------------------------------------------------


def test_tally_board(at: Any) -> None:
    game, state = at("tally-void-undo")
    assert tally_board(game.view(state)) == [
        {"kind": "stat", "label": "red", "value": "-6", "side": "red"},
        {"kind": "stat", "label": "blue", "value": "7", "side": "blue"},
        {"kind": "stat", "label": "Maximum", "value": "50", "side": None},
        {"kind": "stat", "label": "Last roll", "value": "blue: 3 + 4 = 7", "side": None},
    ]


def test_tally_draws_a_track_when_the_maximum_fits() -> None:
    view = {"points": {"red": 3, "blue": 10}, "max": 10, "last_roll": None}
    track = tally_board(view)[2]
    assert track["label"] == "Points (maximum 10)"
    assert track["spaces"] == [str(n) for n in range(11)]
    assert track["marks"] == [
        {"at": 3, "label": "red", "side": "red"},
        {"at": 10, "label": "blue", "side": "blue"},
    ]
