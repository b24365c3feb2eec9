"""The table's state (plain JSON data) and the two tracks: infiltration points and the Double Agent.

`double_agent` counts spaces from the middle, positive toward blue's flag: red pushes it up, blue
down. The wall is at +-(flag - 1), the flag at +-flag.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from assistant.engine import Json
from assistant.games import actions
from assistant.games.spies_and_lies.data import MISSIONS, SIDES, GameData


@dataclass(kw_only=True)
class Turn(actions.Turn):
    """What one apply() call carries: the data, whether it is forced, what happened."""

    data: GameData
    notes: list[str] = field(default_factory=list)
    on_wall: set[str] = field(default_factory=set)  # sides that reached the wall this action

    def note(self, text: str) -> None:
        self.notes.append(text)


def other(side: str) -> str:
    return "blue" if side == "red" else "red"


def new_side() -> Json:
    return {
        "groups": [],  # deployments: {missions, mode: open|sealed|hidden, soldiers, seal, checked}
        "missions": [
            {"rank": None, "state": "down", "token": None, "deception": False, "guess": None}
            for _ in range(MISSIONS)
        ],
        "tokens_placed": False,
        "effects": {"spy": False, "scout": False, "miner": False, "bomb": False},
        "double_damage": False,
        "exposed": False,  # special rule 2: every card counts as identified this round
        "da_moved": 0,  # Double Agent spaces this side moved it this round (signed)
    }


def initial(data: GameData, teams: bool) -> Json:
    """The state before the setup action."""
    spares = data.house["deception_spares"]
    return {
        "teams": teams,
        "day": 1,
        "phase": "setup",
        "infiltration": {side: 0 for side in SIDES},
        "double_agent": 0,
        "deception": {side: 1 for side in SIDES},
        "deception_spares": spares,
        "winner": None,
        "result": None,
        "first": None,
        "starter": None,
        "intel": {"old": [], "current": None},
        "exhausted": {side: [] for side in SIDES},
        "sides": {side: new_side() for side in SIDES},
        "turn": 0,
        "pending": None,
        "awaiting": None,  # a guess waiting for the defender to turn the card up (reveal)
        "claim": None,
        "last": [],
    }


def sign(side: str) -> int:
    return 1 if side == "red" else -1


def move_agent(state: Json, side: str, spaces: int, turn: Turn) -> None:
    """Move the Double Agent `spaces` toward the enemy's fort, stopping on the wall; a move that
    starts on the wall takes the flag (unless the Double Agent reached the wall in this action)."""
    wall = turn.data.wall
    step = sign(side)
    pos = state["double_agent"]
    start = pos
    for _ in range(spaces):
        if pos * step == wall:
            if side in turn.on_wall and turn.data.house["wall_stops_whole_action"]:
                break
            pos += step
            break
        pos += step
        if pos * step == wall:
            turn.on_wall.add(side)
            break
    state["double_agent"] = pos
    state["sides"][side]["da_moved"] += pos - start
    moved = abs(pos - start)
    if pos * step == turn.data.flag:
        turn.note(f"the Double Agent takes {other(side)}'s flag")
        state["claim"] = side
    elif moved:
        where = f"now {describe_agent(pos, turn.data)}"
        if pos * step == wall:
            where = "stops on the wall" if moved < spaces else "on the wall"
        turn.note(f"the Double Agent moves {moved} toward {other(side)}'s fort ({where})")
    else:
        turn.note("the Double Agent stays on the wall")


def describe_agent(pos: int, data: GameData) -> str:
    if pos == 0:
        return "in the middle"
    territory = "blue" if pos > 0 else "red"
    if abs(pos) >= data.flag:
        return f"on {territory}'s flag"
    if abs(pos) == data.wall:
        return f"on {territory}'s wall"
    return f"{abs(pos)} into {territory}'s territory"


def gain(state: Json, side: str, points: int, turn: Turn, *, rollover: bool = False) -> None:
    """Add infiltration points; each time the marker reaches the top it returns to 0 and the
    Double Agent moves day-number spaces. Excess points are lost unless `rollover` (Colonel)."""
    top = turn.data.infiltration_top
    pos = state["infiltration"][side] + points
    while pos >= top:
        pos = pos - top if rollover else 0
        state["infiltration"][side] = 0
        carried = f", {pos} carried over (the Colonel)" if pos else ""
        turn.note(f"{side} reaches {top}: back to 0{carried}")
        move_agent(state, side, state["day"], turn)
        if state["claim"] is not None:
            break
    state["infiltration"][side] = pos


def lose(state: Json, side: str, points: int) -> None:
    """Take points away, never below 0."""
    state["infiltration"][side] = max(0, state["infiltration"][side] - points)
