"""The setup: the kit checked against the rules' setup, the three circled numbers, the arsenals.

"Take the 25 paper tokens provided ... and then place one at random (face down) in each square
on the Volcano board. On the Thingamajig sheet players take turns circling a random number on
the sheet until three numbers have been selected. ... place a Clear 3-pip piece just above the
middle square on the top of the building ... Put a Light Blue 3-pip piece in the middle square on
the 2nd row from the bottom, a Green 3-pip piece in the middle square in the middle row, and a
Yellow 3-pip piece from the 2nd from top row." "Each player takes turns drawing 5 random pieces
from the 1-pip bag ... Each player then takes turns drawing 5 random pieces from the 2-pip bag."
"""

from __future__ import annotations

from assistant.engine import Json
from assistant.games.actions import Refuse
from assistant.games.spy_vs_spy.equipment import colour_of
from assistant.games.spy_vs_spy.kit import Kit
from assistant.games.spy_vs_spy.state import Turn

PIECES = 3  # "until three numbers have been selected"; "one each of 1, 2, and 3-pip"


def kit_problems(kit: Kit) -> list[str]:
    """What in the kit's data breaks the rules' setup (empty: nothing)."""
    board = kit.board
    problems = []
    columns, floors = board.columns, board.floors
    if len(board.rooms) != len(columns) * len(floors):
        problems.append(f"the rooms are not a grid of {len(columns)} x {len(floors)}")
    tokens = kit.tokens
    if sorted(tokens) != list(range(1, len(tokens) + 1)) or len(tokens) != len(board.rooms):
        problems.append(
            f"{len(tokens)} number tokens (1-{len(tokens)}, once each) for"
            f" {len(board.rooms)} rooms: one token a room"
        )
    middle = columns[len(columns) // 2]
    top = floors[-1]
    expected = {
        "defensive": f"{middle}{floors[1] if len(floors) > 1 else top}",
        "first_aid": f"{middle}{floors[len(floors) // 2]}",
        "offensive": f"{middle}{floors[-2] if len(floors) > 1 else top}",
    }
    for kind, room in expected.items():
        if board.special[kind] != room:
            problems.append(
                f"the {kind.replace('_', ' ')} room is {board.special[kind]},"
                f" the setup puts it in {room}"
            )
    if board.roof != f"{middle}{top}":
        problems.append(
            f"the roof elevator leaves from {board.roof}: the helipad is above {middle}{top}"
        )
    ends = {f"{columns[0]}{floors[0]}", f"{columns[-1]}{floors[0]}"}
    if set(board.doors.values()) != ends:
        problems.append(
            f"the entrances open into {', '.join(sorted(board.doors.values()))},"
            " not the ground floor's ends"
        )
    numbers = kit.numbers
    for kind, draw, carry in (
        ("offensive", numbers.draw_offensive, numbers.carry_offensive),
        ("defensive", numbers.draw_defensive, numbers.carry_defensive),
    ):
        if 2 * draw > sum(c.in_bag for c in kit.colours):
            problems.append(f"the {kind} bag holds too few pieces for two arsenals of {draw}")
        if draw > carry:
            problems.append(
                f"an arsenal of {draw} {kind} pieces is more than a spy may hold ({carry})"
            )
    if sorted(c.arrives for c in kit.cops) != list(range(1, len(kit.cops) + 1)):
        problems.append("the cops do not arrive with the 1st, 2nd, 3rd piece found")
    return problems


def circle(state: Json, action: Json, turn: Turn) -> None:
    """`circle numbers=[a, b, c]`: the Thingamajig sheet's circled numbers (drawn when omitted)."""
    if state["thingamajig"] is not None:
        raise Refuse("Thingamajig sheet", "three numbers are circled already")
    numbers = action["numbers"]
    tokens = turn.kit.tokens
    if (
        not isinstance(numbers, list)
        or len(numbers) != PIECES
        or len(set(numbers)) != PIECES
        or not all(n in tokens for n in numbers)
    ):
        raise Refuse(
            "Thingamajig sheet",
            f"three different numbers from {min(tokens)} to {max(tokens)} are circled"
            f" (got {numbers!r})",
        )
    state["thingamajig"] = list(numbers)
    state["secret"]["pieces"] = [{"number": n, "at": "unfound"} for n in numbers]
    turn.note(f"the Thingamajig's numbers are {', '.join(map(str, numbers))}")


def arsenal(state: Json, action: Json, turn: Turn) -> None:
    """`arsenal spy=S offensive=[...] defensive=[...] defence=C [weapon=C]`: the pieces drawn, kept
    as the player's secret; `defence` the 2-pip under his spy (ours: he starts with one)."""
    kit = turn.kit
    spy = action["spy"]
    if state["secret"]["arsenal"][spy] is not None:
        raise Refuse("Arsenal", f"{spy}'s arsenal is entered already")
    bags = state["secret"]["bags"]
    held: Json = {"offensive": [], "defensive": [], "weapon": None, "defence": None, "used": []}
    for kind, draw in (
        ("offensive", kit.numbers.draw_offensive),
        ("defensive", kit.numbers.draw_defensive),
    ):
        pieces = [colour_of(value, turn) for value in action[kind]]
        turn.rule(
            len(pieces) == draw,
            "Arsenal",
            f"each player draws {draw} {kind} pieces ({len(pieces)} entered)",
        )
        for colour in pieces:
            if bags[kind][colour] < 1:
                pip = "1-pip" if kind == "offensive" else "2-pip"
                raise Refuse("Arsenal", f"the {pip} bag holds no more {colour} pieces")
            bags[kind][colour] -= 1
        held[kind] = pieces
    defence = colour_of(action["defence"], turn)
    if defence not in held["defensive"]:
        raise Refuse(
            "Arsenal", f"the 2-pip under {spy} comes from his arsenal (no {defence} in it)"
        )
    held["defence"] = defence
    if action.get("weapon") is not None and str(action["weapon"]).lower() != "none":
        weapon = colour_of(action["weapon"], turn)
        if weapon not in held["offensive"]:
            raise Refuse(
                "Arsenal", f"the 1-pip under {spy} comes from his arsenal (no {weapon} in it)"
            )
        held["weapon"] = weapon
    state["secret"]["arsenal"][spy] = held
    turn.note(f"{spy}'s arsenal is behind his divider (kept secret by the tracker)")
