"""Histories and their replay (pure: no I/O). A table's state is always the replay of its events.

An entry is one event of a history: the action, who entered it, the reason it was forced (a house
rule) and the reason it was voided (kept, not applied). Numbers are 1-based positions.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from assistant.engine import Game, Json, Refusal
from deaddrop.errors import InputError, Refused


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
    """A plain-data action with a string `type`, or an InputError."""
    if not isinstance(action, dict) or not isinstance(action.get("type"), str):
        raise InputError(f"{where}: expected a mapping with a 'type' (e.g. {{type: add}})")
    if not plain(action):
        raise InputError(f"{where}: values must be plain data (text, numbers, lists)")
    return action


def plain(value: Any) -> bool:
    """JSON gives `value` back unchanged (no NaN, no number as a key, no tuple or date): it can
    be stored and replayed as it is."""
    try:
        return json.loads(json.dumps(value)) == value
    except (TypeError, ValueError):
        return False


def resolve_options(game: Game, given: Json) -> Json:
    """The game's defaults overridden by `given`; an unknown option is an InputError."""
    unknown = sorted(set(given) - set(game.options))
    if unknown:
        known = ", ".join(sorted(game.options)) or "none"
        raise InputError(f"unknown option '{unknown[0]}' for {game.name} (known: {known})")
    return {key: given.get(key, option.default) for key, option in game.options.items()}


def initial_state(game: Game, options: Json) -> Json:
    """The state before any event; `options` as stored (defaults already resolved)."""
    state = game.setup(dict(options))
    if isinstance(state, Refusal):
        raise Refused(f"refused: {state}")
    return state


def apply(game: Game, state: Json, action: Json, *, force: bool = False) -> Json | Refusal:
    """game.apply, with a game's crash on a malformed action turned into a Refusal."""
    try:
        return game.apply(state, action, force=force)
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as error:
        return Refusal("malformed action", f"{game.name} cannot carry it out ({error!r})")


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
