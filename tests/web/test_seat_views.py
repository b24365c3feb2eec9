"""Every game's seats (assistant/games/*/seats.py): a seat sees the public view plus its own
secrets, never another seat's; the spectator sees exactly the public view; the parameter that
is the acting seat; the log's action text as each seat may read it."""

from __future__ import annotations

import json
from typing import Any

import pytest

from assistant.engine import Json, Refusal
from assistant.games import load_game
from assistant.history import initial_state, resolve_options

BLACK = {
    "type": "arsenal",
    "spy": "black",
    "offensive": ["orange", "green", "yellow", "black", "white"],
    "defensive": ["orange", "green", "yellow", "light-blue", "white"],
    "defence": "yellow",
    "weapon": "orange",
}
WHITE = {
    **BLACK,
    "spy": "white",
    "offensive": ["orange", "green", "yellow", "black", "light-blue"],
    "defence": "white",
}
SEAL = "936cabe54f893d2b2385ed39f197f27fc10448915402d4aa4a4b9231e8a48c85"
SPIES_RANDOM = {
    "Germany": [36, 41, 50],
    "Italy": [37, 42, 49],
    "Russia": [38, 43, 48],
    "France": [39, 44, 47],
    "Britain": [40, 45, 46],
}
SCRIPTS: dict[str, tuple[Json, list[Json]]] = {
    "tally": ({}, [{"type": "add", "player": "red", "n": 3}]),
    "spy": (
        {},
        [
            {"type": "seal", "player": "red", "network": "3C 3E 8E 8H 2H 2I 6I", "salt": "r-s"},
            {"type": "seal", "player": "blue", "network": "2C 2A 5A 5B 10B 10F 4F", "salt": "b-s"},
        ],
    ),
    "spies-and-lies": (
        {},
        [
            {"type": "setup", "old_intel": 5, "exhausted": {"red": 6, "blue": 8}},
            {"type": "deploy", "side": "red", "soldiers": [2, 7, 9, 10]},
            {"type": "deploy", "side": "blue", "seal": SEAL},
        ],
    ),
    "spy-vs-spy": ({}, [{"type": "circle", "numbers": [7, 13, 22]}, BLACK, WHITE]),
    "spies": (
        {"players": 2},
        [{"type": "hand", "power": p, "random": r} for p, r in SPIES_RANDOM.items()],
    ),
}


def played(name: str) -> tuple[Any, Json]:
    game = load_game(name)
    options, actions = SCRIPTS[name]
    state = initial_state(game, resolve_options(game, options))
    for action in actions:
        state = game.apply(state, action)
        assert not isinstance(state, Refusal), state
    return game, state


def secrets_of(name: str, state: Json) -> dict[str, Json]:
    """Each seat's secret, as the seat view must show it."""
    if name == "tally":
        return {p: {"seat": p} for p in state["players"]}
    if name == "spy":
        return {p: {"seat": p, **state["secret"][p]} for p in state["players"]}
    if name == "spies-and-lies":
        return {
            "red": {
                "seat": "red",
                "deployed": [
                    {
                        "missions": [1, 2, 3, 4],
                        "mode": "open",
                        "soldiers": [2, 7, 9, 10],
                        "seal": None,
                    }
                ],
                "line": [2, 7, 9, 10],
            },
            "blue": {
                "seat": "blue",
                "deployed": [
                    {"missions": [1, 2, 3, 4], "mode": "sealed", "soldiers": None, "seal": SEAL}
                ],
                "line": [None, None, None, None],
            },
        }
    if name == "spy-vs-spy":
        return {
            spy: {
                "seat": spy,
                "arsenal": state["secret"]["arsenal"][spy],
                "traps": {},
                "carrying": [],
                "hidden": {},
            }
            for spy in ("black", "white")
        }
    axis, allies = ("Germany", "Italy", "Russia"), ("France", "Britain")  # Russia: Axis in 1933
    return {
        seat: {
            "seat": seat,
            "hands": {p: state["hands"][p] for p in powers},
            "discards": {p: [] for p in powers},
        }
        for seat, powers in (("Germany+Italy", axis), ("Britain+France", allies))
    }


@pytest.mark.parametrize("name", sorted(SCRIPTS))
def test_a_seat_sees_the_public_view_and_its_own_secrets_only(name):
    game, state = played(name)
    public = game.view(state)
    assert game.seat_view(state, None) == public
    expected = secrets_of(name, state)
    assert game.seats(state) == list(expected)
    for seat, secret in expected.items():
        seen = game.seat_view(state, seat)
        assert seen["secret"] == secret
        assert {k: v for k, v in seen.items() if k != "secret"} == public
        text = json.dumps(seen)
        for other, theirs in expected.items():
            if other == seat:
                continue
            for key, value in theirs.items():
                if key != "seat" and value not in (None, [], {}):
                    assert json.dumps(value) not in text or value == secret.get(key), (
                        f"{seat} sees {other}'s {key}"
                    )


def test_the_seat_parameters_are_declared_parameters():
    for name in SCRIPTS:
        game = load_game(name)
        declared = {a.name: {p.name for p in a.params} for a in game.actions.actions}
        for action, param in game.seat_params.items():
            assert param in declared[action], (name, action)
    assert "first" not in load_game("spies-and-lies").seat_params  # a card's result, not a seat
    assert "exchange" not in load_game("spy-vs-spy").seat_params  # both spies' weapons


def test_a_spies_player_acts_for_the_powers_it_plays_this_year():
    game, state = played("spies")
    assert game.seat_values(state, "Germany+Italy") == ["Germany", "Italy", "Russia"]
    assert game.seat_values(state, "Britain+France") == ["France", "Britain"]
    assert game.seat_params["end_turn"] == "power"


def test_the_log_shows_a_seat_its_own_secrets_and_hides_the_others():
    spy = load_game("spy")
    seal = SCRIPTS["spy"][1][0]
    assert spy.seat_action(seal, "red") == seal
    hidden = {**seal, "network": "(sealed)", "salt": "(sealed)"}
    assert spy.seat_action(seal, "blue") == hidden == spy.seat_action(seal, None)
    sl = load_game("spies-and-lies")
    deploy = SCRIPTS["spies-and-lies"][1][1]
    assert sl.seat_action(deploy, "red") == deploy
    assert sl.seat_action(deploy, "blue") == {**deploy, "soldiers": "(secret)"}
    svs = load_game("spy-vs-spy")
    assert svs.seat_action(BLACK, "black") == BLACK
    assert svs.seat_action(BLACK, "white") == svs.public_action(BLACK)
    assert svs.seat_action(BLACK, "white")["offensive"] == "(secret)"
