"""A whole game of bots in process, from the set up to the end (the bench and the tests), and the
bots of a table: which powers, at what level, from its options."""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from assistant.engine import Json, Refusal
from assistant.games.spies.bots.driver import Driver
from assistant.games.spies.bots.hidden import Hidden


def table_bots(state: Json) -> dict[str, str]:
    """power -> level of the bots at this table (empty: none)."""
    return dict(state.get("bots") or {})


def driver_for(game: Any, state: Json) -> Driver | None:
    """The bots' driver for a table whose state is `state` (None: no bots)."""
    bots = table_bots(state)
    if not bots:
        return None
    return Driver(game, state, bots)


@dataclass
class Played:
    state: Json
    events: int
    refused: list[tuple[Json, Refusal]]
    broken: list[str]  # the invariants that broke (invariants.py), with the event's number
    driver: Driver
    turns: list[float]  # the seconds each bot turn took (from the end of the one before)


def play(options: Json, game: Any = None, *, checked: bool = False) -> Played:
    """A table with these options (every power a bot) played to its end in process; `checked`:
    the invariants checked after every action."""
    from assistant.games.spies.bots.invariants import problems
    from assistant.games.spies.rules import GAME

    game = game or GAME
    state = game.setup({"players": 5, **options})
    driver = driver_for(game, state)
    assert driver is not None, "play: no bots at this table"
    broken: list[str] = []
    turns: list[float] = []
    clock = [time.perf_counter()]

    def watch(after: Json, hidden: Hidden) -> None:
        if checked:
            found = problems(after, hidden, game.data)
            broken.extend(f"event {len(driver.done)}: {p}" for p in found)
        if driver.done[-1].action.get("type") == "end_turn":
            now = time.perf_counter()
            turns.append(now - clock[0])
            clock[0] = now

    driver.watch = watch
    driver.respond()
    return Played(driver.state, len(driver.done), driver.refused, broken, driver, turns)
