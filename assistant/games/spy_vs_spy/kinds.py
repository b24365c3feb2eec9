"""What each parameter of the vocabulary takes (`Kind`s for assistant/games/actions.py).

The shape check refuses a value of the wrong shape (a spy who is neither black nor white, a die
of 7, a list that is not one); what the rules say about a value (a room next door, a colour the
spy holds, a number token that exists) the handlers check, where the rules put it.
"""

from __future__ import annotations

from typing import Any

from assistant.engine import Json
from assistant.games.actions import Kind, whole
from assistant.games.spy_vs_spy.state import SPIES


def _one_of(*values: str) -> Any:
    def problem(value: Any, state: Json, action: str) -> str | None:
        if isinstance(value, str) and value.lower() in values:
            return None
        return f"{action}: expected {' or '.join(values)} (got {value!r})"

    return problem


def _spy(value: Any, state: Json, action: str) -> str | None:
    return None if value in SPIES else f"{action}: spy is black or white (got {value!r})"


def _fighter(value: Any, state: Json, action: str) -> str | None:
    fighters = [*SPIES, *(c["cop"] for c in state["cops"])]
    return (
        None if value in fighters else f"{action}: expected {', '.join(fighters)} (got {value!r})"
    )


def _text(value: Any, state: Json, action: str) -> str | None:
    return (
        None if isinstance(value, str) and value else f"{action}: expected a name (got {value!r})"
    )


def _texts(value: Any, state: Json, action: str) -> str | None:
    if isinstance(value, list) and all(isinstance(v, str) and v for v in value):
        return None
    return f"{action}: expected a list of names, e.g. [orange, light-blue] (got {value!r})"


def _whole_in(low: int, high: int, what: str) -> Any:
    def problem(value: Any, state: Json, action: str) -> str | None:
        if whole(value) and low <= value <= high:
            return None
        return f"{action}: {what} is a whole number from {low} to {high} (got {value!r})"

    return problem


def _numbers(value: Any, state: Json, action: str) -> str | None:
    if isinstance(value, list) and all(whole(v) for v in value):
        return None
    return f"{action}: expected a list of numbers, e.g. [4, 11, 19] (got {value!r})"


def _mapping(keys: Any, check: Any, what: str) -> Any:
    def problem(value: Any, state: Json, action: str) -> str | None:
        if isinstance(value, dict) and all(
            k in keys(state) and check(v, state, action) is None for k, v in value.items()
        ):
            return None
        return f"{action}: expected {what} (got {value!r})"

    return problem


def _bool(value: Any, state: Json, action: str) -> str | None:
    return None if isinstance(value, bool) else f"{action}: expected true or false (got {value!r})"


SPY = Kind("black|white", _spy)
# run: the spies run (the vocabulary lists them); a cop named is refused with the rule's words
FIGHTER = Kind("black|white", _fighter)
NODE = Kind("room", _text)
DOOR = Kind("A0|E0", _text)
COLOUR = Kind("colour", _text)
COLOUR_OR_NONE = Kind("colour|none", _text)
COLOUR_OR_DECOY = Kind("colour|decoy", _text)
COLOURS = Kind("list of colours", _texts)
NUMBER = Kind("number", _whole_in(1, 10**6, "a number token"))
NUMBERS = Kind("list of numbers", _numbers)
D6 = Kind("d6 (1-6)", _whole_in(1, 6, "a die"))
SEED = Kind("whole number")
USE = Kind("shop|smash|mend", _one_of("shop", "smash", "mend"))
CHOICE = Kind("sword|weapon", _one_of("sword", "weapon"))
ROLLS = Kind(
    "{fighter: d6}",
    _mapping(
        lambda s: [*SPIES, *(c["cop"] for c in s["cops"])],
        _whole_in(1, 6, "a die"),
        "{fighter: 1-6, ...}, e.g. {black: 4, white: 2}",
    ),
)
ARRIVE = Kind(
    "{cop: A0|E0}",
    _mapping(
        lambda s: [c["cop"] for c in s["cops"]], _text, "{cop: street door}, e.g. {deputy: A0}"
    ),
)
FLAG = Kind("true|false", _bool)
