"""The table's state (plain JSON data), what one apply carries (`Turn`) and small helpers.

The state's public part is what everyone at the table sees (positions, health, lives, the red
pyramids each spy shows, the cops, dropped pieces and equipment); `state["secret"]` holds what the
players keep behind their dividers (arsenals, traps set, the numbers read, where each piece of
the Thingamajig really is) and is stripped from `view` (view.py).

Where the three pieces are (`secret.pieces`, one record a piece, by its number): "unfound" (in
its room, not read yet), "spy:black" (carried), "hidden:B3:black" (hidden in B3 by black: black
still shows its red pyramid), "dropped:B3" (dropped by a dead spy or cop: public) or
"cop:sheriff" (carried by a cop: public).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from assistant.engine import Json
from assistant.games import actions
from assistant.games.spy_vs_spy.kit import Kit
from assistant.words import plural  # noqa: F401  (the words of every game: assistant/words.py)

SPIES = ("black", "white")
START = {"black": "A0", "white": "E0"}  # ours: black at the left street door, white the right


@dataclass(kw_only=True)
class Turn(actions.Turn):
    """What one apply() carries: the kit, whether it is forced, the log line's notes."""

    kit: Kit
    notes: list[str] = field(default_factory=list)

    def note(self, text: str) -> None:
        self.notes.append(text)


def initial(kit: Kit, first: str) -> Json:
    """The state before the setup actions."""
    order = [first, *(s for s in SPIES if s != first)]
    bag = {c.id: c.in_bag for c in kit.colours}
    return {
        "game": "spy-vs-spy",
        "spies": order,
        "phase": "setup",
        "round": 0,
        "turn": "setup",
        "turn_no": 0,
        "ap_left": 0,
        "positions": dict(START),
        "health": {s: kit.numbers.health for s in SPIES},
        "lives": {s: kit.numbers.lives for s in SPIES},
        "pieces": {s: 0 for s in SPIES},
        "frozen": {s: 0 for s in SPIES},
        "thingamajig": None,
        "found": 0,
        "cops": [
            {"cop": c.id, "status": "waiting", "at": None, "damage": 0, "killed": None}
            for c in kit.cops
        ],
        "cops_moved": False,
        "fights": [],
        "restart": [],
        "searched": [],
        "smoke": None,  # [spy, room, turn_no]: the Smoke Cloud stopped his search there
        "loose": {},
        "discard": {"offensive": [], "defensive": []},
        "winner": None,
        "result": None,
        "last": [],
        "secret": {
            "arsenal": {s: None for s in SPIES},
            "bags": {"offensive": dict(bag), "defensive": dict(bag)},
            "traps": {},
            "numbers": {},  # room -> the number its first searcher read (his secret)
            "readers": {},  # room -> who read it (public: who searched it first)
            "pieces": [],
        },
    }


def other(spy: str) -> str:
    return SPIES[1] if spy == SPIES[0] else SPIES[0]


def is_spy(who: Any) -> bool:
    return who in SPIES


def name_of(kit: Kit, who: str) -> str:
    """'black', 'the Deputy', 'the SWAT Team'."""
    return who if is_spy(who) else f"the {kit.cop(who).name}"


def names(kit: Kit, who: list[str]) -> str:
    return " and ".join(name_of(kit, w) for w in who)


def cop_of(state: Json, cop_id: str) -> Json:
    return next(c for c in state["cops"] if c["cop"] == cop_id)


def where(state: Json, who: str) -> str | None:
    """The node a spy or a cop stands on (None: off the board)."""
    if is_spy(who):
        at: str | None = state["positions"][who]
        return at
    cop = cop_of(state, who)
    return cop["at"] if cop["status"] == "on" else None


def occupants(state: Json, node: str, but: str | None = None) -> list[str]:
    """The spies, then the cops (in pip order), standing on `node`, but `but`."""
    here = [s for s in SPIES if state["positions"][s] == node]
    here += [c["cop"] for c in state["cops"] if c["status"] == "on" and c["at"] == node]
    return [who for who in here if who != but]


def arsenal(state: Json, spy: str) -> Json:
    held: Json = state["secret"]["arsenal"][spy]
    return held


# ---- the pieces of the Thingamajig ------------------------------------------------------------


def pieces_at(state: Json, place: str) -> list[int]:
    """The numbers of the pieces whose record is `place` (e.g. "spy:black"), in number order."""
    return sorted(p["number"] for p in state["secret"]["pieces"] if p["at"] == place)


def carried(state: Json, spy: str) -> list[int]:
    return pieces_at(state, f"spy:{spy}")


def loaded(state: Json, spy: str) -> bool:
    """The spy really carries all three pieces of the Thingamajig."""
    every = state["secret"]["pieces"]
    return bool(every) and len(carried(state, spy)) == len(every)


def cop_pieces(state: Json, cop_id: str) -> list[int]:
    return pieces_at(state, f"cop:{cop_id}")


def in_room(state: Json, room: str) -> list[Json]:
    """The piece records lying in `room` (hidden or dropped)."""
    return [
        p
        for p in state["secret"]["pieces"]
        if p["at"].startswith(("hidden:", "dropped:")) and p["at"].split(":")[1] == room
    ]


def move_piece(state: Json, number: int, place: str) -> None:
    for record in state["secret"]["pieces"]:
        if record["number"] == number:
            record["at"] = place
            return
    raise KeyError(number)


def points(n: int) -> str:
    return plural(n, "action point")
