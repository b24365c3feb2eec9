"""Moving a spy one room, and ending a turn.

"A spy can move 1 square per action point spent unless he is carrying all 3 pieces of the
Thingamajig, in which case if the spy is traveling under his own power (i.e. not in an elevator)
it takes 2 action points to move 1 square. ... The roof elevator is only accessible if you have
all 3 pieces of the Thingamajig. Elevators can move up or down 1 floor per action point spent."
"""

from __future__ import annotations

from assistant.engine import Json
from assistant.games.actions import Refuse
from assistant.games.spy_vs_spy.board import DOOR, LIFT, ROOF, WALK
from assistant.games.spy_vs_spy.flow import enter, spend
from assistant.games.spy_vs_spy.state import Turn, loaded, points

READING = (
    "a spy walks to the next room on his floor and changes floors only by the elevators at both"
    " ends (our reading of the missing picture)"
)


def node_name(value: object, turn: Turn) -> str:
    """A room, a street door or the helipad as typed ('b3', 'helipad'), or Refuse."""
    board = turn.kit.board
    text = str(value).strip()
    for node in board.nodes:
        if node.lower() == text.lower():
            return node
    raise Refuse(
        "Movement",
        f"there is no room '{text}' (rooms A1-E5, the street doors "
        f"{', '.join(sorted(board.doors))}, the {board.helipad})",
    )


def step(state: Json, who: str, to: str, turn: Turn) -> str:
    """The kind of the edge a spy takes from where he is to `to`, checked against the rules
    (forced: a house rule lets him through, as a walk)."""
    board = turn.kit.board
    here = state["positions"][who]
    kind = board.kind(here, to)
    if kind is None:
        turn.rule(False, "Movement", f"{to} is not next to {here}: {READING}")
        return WALK
    if kind == DOOR and to in board.doors:
        turn.rule(
            False,
            "Movement",
            f"{to} is the street: spies enter the building there and re-enter after dying,"
            " they do not leave it (our reading)",
        )
    if kind == ROOF and to == board.helipad:
        turn.rule(
            loaded(state, who),
            "Roof elevator",
            f"the roof elevator is only accessible if you have all 3 pieces of the Thingamajig;"
            f" {who} does not carry them",
        )
    return kind


def arrive(state: Json, who: str, to: str, turn: Turn, *, first: bool = False) -> None:
    """A spy is now in `to`: the helipad wins with all three pieces, a room with the other spy
    or a cop starts combat."""
    board = turn.kit.board
    state["positions"][who] = to
    if to == board.helipad and loaded(state, who):
        state["winner"] = who
        state["result"] = (
            f"{who} reaches the helipad with the Thingamajig and flies off: {who} wins"
        )
        return
    enter(state, who, to, turn, first=first)


def move(state: Json, action: Json, turn: Turn) -> None:
    """`move spy=S to=ROOM`: one room along the floor, one floor by elevator, or the roof."""
    kit = turn.kit
    spy = action["spy"]
    to = node_name(action["to"], turn)
    here = state["positions"][spy]
    kind = step(state, spy, to, turn)
    heavy = loaded(state, spy) and kind in (WALK, DOOR)
    if kind in (LIFT, ROOF):
        cost, what = kit.numbers.lift, "an elevator ride of one floor"
    elif heavy:
        cost, what = kit.numbers.move_loaded, "a move carrying all 3 pieces"
    else:
        cost, what = kit.numbers.move, "a move"
    spent = spend(state, spy, cost, what, turn)
    how = {
        WALK: f"walks from {here} to {to}",
        LIFT: f"takes the elevator from {here} to {to}",
        ROOF: f"rides the roof elevator from {here} to the {to}",
        DOOR: f"steps in from the street ({here}) to {to}",
    }[kind]
    if kind == ROOF and to != kit.board.helipad:
        how = f"rides the roof elevator down to {to}"
    if heavy:
        how += ", carrying the Thingamajig"
    turn.note(f"{spy} {how} ({spent})")
    arrive(state, spy, to, turn)


def end(state: Json, action: Json, turn: Turn) -> None:
    """`end spy=S`: the spy's turn ends; "Any action points which are not spent by the end of
    the turn are lost"."""
    spy = action["spy"]
    lost = state["ap_left"]
    state["ap_left"] = 0
    turn.note(f"{spy} ends his turn" + (f" ({points(lost)} lost)" if lost else ""))
