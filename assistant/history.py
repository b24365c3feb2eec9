"""Histories and their replay (pure: no I/O). A table's state is always the replay of its events.

An entry is one event of a history: the action, who entered it, the reason it was forced (a house
rule) and the reason it was voided (kept, not applied). Numbers are 1-based positions.
"""

from __future__ import annotations

import json
import math
import re
from dataclasses import dataclass, field
from typing import Any

from assistant.engine import Game, Json, Refusal
from assistant.words import plural
from deaddrop.errors import InputError, Refused, shown


@dataclass(frozen=True)
class Entry:
    """One event of a history."""

    action: Json
    by: str | None = None
    force: str | None = None
    void: str | None = None
    time: str | None = None
    line: int | None = field(default=None, compare=False)  # where a file gave it


@dataclass(frozen=True)
class Step:
    """An applied entry with the states around it (for the log)."""

    number: int
    entry: Entry
    before: Json
    after: Json


class ReplayRefused(Refused):
    """An event of a history no longer applies (exit 1)."""

    def __init__(self, number: int, action: Json, refusal: Refusal) -> None:
        super().__init__(f"event {number} ({action_text(action)}): refused: {refusal}")
        self.number = number
        self.refusal = refusal


def action_text(action: Json) -> str:
    """An action as typed on the command line: `add player=red n=3`."""
    parts = [str(action.get("type", "?"))]
    parts += [f"{key}={_value(value)}" for key, value in action.items() if key != "type"]
    return " ".join(parts)


def _value(value: Any) -> str:
    if isinstance(value, str) and value and not set(value) & set(" ,:[]{}'\"#"):
        return value
    return json.dumps(value, separators=(",", ":"))


def check_action(action: Any, where: str = "action") -> Json:
    """A plain-data action with a string `type`, within the bounds of `value_problem`, or an
    InputError."""
    if not isinstance(action, dict) or not isinstance(action.get("type"), str):
        raise InputError(f"{where}: expected a mapping with a 'type' (e.g. {{type: add}})")
    problem = value_problem(action)  # first: `plain` would follow a value of any size
    if problem is not None:
        raise InputError(f"{where}: {problem}")
    if not plain(action):
        raise InputError(f"{where}: values must be plain data (text, numbers, lists)")
    return action


# Bounds on every value that enters a table (an action, an option, a stored event): far above
# any real game's (nesting 3, a few dozen characters, 10-digit numbers), far below what would
# exhaust the stack or the memory of the code that copies, replays and prints them.
MAX_DEPTH = 16  # nested lists and mappings
MAX_TEXT = 1000  # characters in one text value (or key)
MAX_ITEMS = 10_000  # values in one action or option set, all levels together
MAX_INT = 2**63 - 1  # whole numbers: 64 bits, as SQLite and every other reader keeps them


def value_problem(value: Any, path: str = "") -> str | None:
    """Why a plain-data value (an action, the options) is past the bounds above, as
    `key.path: what (expected)`, or None. Iterative: a value nested far too deep is refused, not
    followed (a RecursionError). Paths are spelled out only for the value at fault."""
    count = 0
    Trail = tuple[Any, Any] | None  # (the parent's trail, this key or index); None: the root
    todo: list[tuple[Any, int, Trail]] = [(value, 0, None)]
    while todo:
        item, depth, trail = todo.pop()
        count += 1
        kind = type(item)
        problem = None
        if count > MAX_ITEMS:
            problem = f"too many values (at most {MAX_ITEMS} in all)"
        elif kind is dict or kind is list:
            if depth >= MAX_DEPTH:
                problem = f"nested deeper than {MAX_DEPTH} levels (at most {MAX_DEPTH})"
            elif kind is dict:
                for key, sub in item.items():
                    if type(key) is str and (len(key) > MAX_TEXT or CONTROL.search(key)):
                        problem = f"key '{shown(key[:40])}': {_text_problem(key)}"
                        break
                    todo.append((sub, depth + 1, (trail, key)))
            else:
                todo.extend((sub, depth + 1, (trail, i)) for i, sub in enumerate(item))
        elif kind is str:
            if len(item) > MAX_TEXT or CONTROL.search(item):
                problem = _text_problem(item)
        elif kind is int:
            if not -MAX_INT - 1 <= item <= MAX_INT:  # 64 bits: -2**63 .. 2**63 - 1
                problem = f"a number past the limit (at most {len(str(MAX_INT))} digits)"
        elif kind is float:
            if math.isinf(item):  # NaN is not plain data (`plain` says so)
                problem = f"{item} is not a number (expected a finite number)"
        if problem is not None:
            where = _spelled(path, trail)
            short = where if len(where) <= 60 else where[:57] + "..."
            return f"{short}: {problem}" if where else problem
    return None


def _spelled(path: str, trail: Any) -> str:
    """`n[0].x` from a trail of keys and indexes (after `path`)."""
    parts = []
    while trail is not None:
        trail, step = trail
        parts.append(f"[{step}]" if isinstance(step, int) else f".{shown(str(step)[:40])}")
    text = path + "".join(reversed(parts))
    return text[1:] if text.startswith(".") else text


def _text_problem(text: Any) -> str | None:
    if not isinstance(text, str):
        return "not text"
    if len(text) > MAX_TEXT:
        return f"text of {len(text)} characters (at most {MAX_TEXT})"
    if CONTROL.search(text):
        return f"'{shown(text[:40])}' holds control characters (expected plain text)"
    return None


# What would break a printed line or a message: C0 and C1 controls, DEL, the line and paragraph
# separators, and the surrogates that stand for bytes that are not UTF-8.
CONTROL = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029\ud800-\udfff]")


def text_problem(text: str, what: str) -> InputError | None:
    """An InputError for a free text a user gives (--by, --force, --why, a history's `by`):
    at most MAX_TEXT characters, no control characters (it is printed in the log)."""
    problem = _text_problem(text)
    return None if problem is None else InputError(f"{what}: {problem}")


def plain(value: Any) -> bool:
    """JSON gives `value` back unchanged (no NaN, no number as a key, no tuple or date): it can
    be stored and replayed as it is."""
    try:
        return json.loads(json.dumps(value)) == value
    except (TypeError, ValueError):
        return False


def resolve_options(game: Game, given: Json) -> Json:
    """The game's defaults overridden by `given`; an unknown option is an InputError."""
    unknown = sorted(set(given) - set(game.options), key=str)
    if unknown:
        known = ", ".join(sorted(game.options)) or "none"
        name = shown(str(unknown[0])[:40])
        raise InputError(f"unknown option '{name}' for {game.name} (known: {known})")
    problem = value_problem(given)
    if problem is not None:
        raise InputError(f"options: {problem}")
    return {key: given.get(key, option.default) for key, option in game.options.items()}


# What a game's code raises on a value of the wrong shape or size (a malformed action or
# option): turned into a refusal, never a traceback.
CRASHES = (
    KeyError,
    TypeError,
    ValueError,
    IndexError,
    AttributeError,
    ArithmeticError,
    RecursionError,
    MemoryError,
)


def initial_state(game: Game, options: Json) -> Json:
    """The state before any event; `options` as stored (defaults already resolved)."""
    try:
        state = game.setup(dict(options))
    except CRASHES as error:
        why = shown(repr(error)[:200])
        raise Refused(f"refused: options: {game.name} cannot set up with them ({why})") from None
    if isinstance(state, Refusal):
        raise Refused(f"refused: {shown(str(state))}")
    return state


def apply(game: Game, state: Json, action: Json, *, force: bool = False) -> Json | Refusal:
    """game.apply, with a game's crash on a malformed action turned into a Refusal."""
    try:
        return game.apply(state, action, force=force)
    except CRASHES as error:
        why = shown(repr(error)[:200])
        return Refusal("malformed action", f"{game.name} cannot carry it out ({why})")


def steps(game: Game, state: Json, entries: list[Entry], first: int = 1) -> list[Step]:
    """Apply the non-void entries in order; ReplayRefused names the first that does not apply."""
    out = []
    for number, entry in enumerate(entries, start=first):
        if entry.void is not None:
            out.append(Step(number, entry, state, state))
            continue
        after = apply(game, state, entry.action, force=entry.force is not None)
        if isinstance(after, Refusal):
            raise ReplayRefused(number, entry.action, after)
        out.append(Step(number, entry, state, after))
        state = after
    return out


def final(game: Game, state: Json, entries: list[Entry]) -> Json:
    """The state after `entries`, applied to `state`."""
    for step in steps(game, state, entries):
        state = step.after
    return state


def replay(game: Game, options: Json, entries: list[Entry]) -> Json:
    """The state after the whole history."""
    return final(game, initial_state(game, options), entries)


def differences(before: Any, after: Any, path: str = "") -> list[tuple[str, Any, Any]]:
    """Where two JSON values differ: (dotted path, before, after); a missing value is None."""
    if isinstance(before, dict) and isinstance(after, dict):
        out = []
        for key in list(before) + [k for k in after if k not in before]:
            sub = f"{path}.{key}" if path else str(key)
            out += differences(before.get(key), after.get(key), sub)
        return out
    if isinstance(before, list) and isinstance(after, list) and len(before) == len(after):
        out = []
        for index, (a, b) in enumerate(zip(before, after, strict=True)):
            out += differences(a, b, f"{path}[{index}]")
        return out
    return [] if before == after else [(path or ".", before, after)]


def change_words(path: str, before: Any, after: Any) -> str:
    """One change as a player reads it: `points.red: 5 -> 3`, `tiles_played: It 10 added`,
    `hands.Germany: 10 -> 9 (Ge 3 gone)`; never whole JSON arrays."""

    def word(value: Any) -> str:
        if value is None:
            return "none"
        if isinstance(value, bool):
            return "yes" if value else "no"
        if isinstance(value, str | int | float):
            return str(value)
        if isinstance(value, list) and all(isinstance(v, str | int) for v in value):
            return ", ".join(map(str, value)) if value else "none"
        return plural(len(value), "entry") if isinstance(value, list | dict) else str(value)

    if isinstance(before, list) and isinstance(after, list):
        gone, came = list(before), []
        for item in after:
            if item in gone:
                gone.remove(item)
            else:
                came.append(item)
        parts = []
        if came:
            parts.append(f"{word(came)} added")
        if gone:
            parts.append(f"{word(gone)} gone")
        if not parts:
            return f"{path}: reordered"
        return f"{path}: {len(before)} -> {len(after)} ({'; '.join(parts)})"
    return f"{path}: {word(before)} -> {word(after)}"
