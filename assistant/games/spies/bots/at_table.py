"""The bots at a stored table (`deaddrop table new spies --bots ...`, `table do`): after the
table is made and after each action a person enters, the bots of the table act until a person
must; the table layer records each of their actions as an event entered by "<Power> (bot)".

The bots' face-down facts are dealt from the table's seed and followed by the rules with every
event (state "hidden", never shown), so a table replayed (another command, another day) gives
the bots the same facts and the same choices."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from assistant.engine import Json
from assistant.games.spies.bots.simulate import driver_for


@dataclass(frozen=True)
class BotMove:
    """One bot action for the table to record, with what it tells the table and why."""

    action: Json
    by: str
    after: Json
    text: str
    say: tuple[str, ...]
    why: str


def respond(
    game: Any, history: list[tuple[Json, Json, Json]], state: Json
) -> tuple[list[BotMove], list[str]]:
    """The bots' actions after `history` (the live events' (action, before, after); the last one
    the action just entered, none at a new table), and what the table is told besides (a
    person's counterspy to enter, what a person's Discovery found, the bots' answers)."""
    driver = driver_for(game, state)
    if driver is None:
        return [], []
    if history:
        driver.observe(*history[-1])
    done = driver.respond()
    moves = [
        BotMove(d.action, f"{d.power} (bot)", d.after, d.text, tuple(d.say), d.why) for d in done
    ]
    return moves, list(driver.said)
