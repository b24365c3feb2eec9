"""The cops' turn, worked out by the tracker: who arrives, where each cop goes, and why.

"All cops currently on the board will move at their best speed towards the closest spy carrying a
piece of the Thingamajig (counting the number of legal-move squares to each spy). If a spy had
pieces ... the cops will still pursue him as if he had it. If neither spy has any pieces of the
Thingamajig then the cops will each purse whichever spy is closest to them."

Ours (docs/spy-vs-spy.md): a spy "has" pieces while he shows red pyramids (`pieces` in the view).
Distances are moves over the board graph (`board.distances`: walking and elevators; no roof
elevator; a cop carrying the whole Thingamajig needs 2 moves a room, 1 a floor). Ties: the spy
showing more pieces, then the spy who plays first; along the way, among the rooms on a shortest
path, the first in name order (A1 before A2 before B1). Cops move one after the other in pip
order; a cop stops on entering a room with a spy (combat, the cop attacks) and never steps out
into the street, except all of them once one cop holds the whole Thingamajig: then they head for
the nearest street door, and the one carrying it leaves the building with it (the cops win).
"""

from __future__ import annotations

import copy
from typing import NamedTuple

from assistant.engine import Json
from assistant.games.actions import Refuse
from assistant.games.spy_vs_spy.board import DOOR, ROOF, WALK, distances
from assistant.games.spy_vs_spy.flow import cops_due, enter
from assistant.games.spy_vs_spy.kit import Kit
from assistant.games.spy_vs_spy.state import Turn, cop_of, cop_pieces, move_piece, name_of, plural


class Plan(NamedTuple):
    """One cop's move: from `start` along `path` (the rooms entered), toward `goal`, and why."""

    cop: str
    start: str
    path: tuple[str, ...]
    goal: str
    why: str  # from where the cop stands: "toward black, who shows 1 piece (3 moves away)"
    moved: str = ""  # the same after the move (the log): "... (now 1 move away)"

    @property
    def end(self) -> str:
        return self.path[-1] if self.path else self.start


def _loaded_cop(state: Json, cop_id: str) -> bool:
    pieces = state["secret"]["pieces"]
    return bool(pieces) and len(cop_pieces(state, cop_id)) == len(pieces)


def _toward(state: Json, spy: str, away: str) -> str:
    if state["pieces"][spy] > 0:
        return f"toward {spy}, who shows {plural(state['pieces'][spy], 'piece')} ({away})"
    return f"toward {spy}, the nearest spy ({away}; no spy shows a piece)"


def _away(moves: int, now: str = "") -> str:
    if moves == 0:
        return "now in his room"
    return f"{now}{plural(moves, 'move')} away"


def goal(state: Json, kit: Kit, cop_id: str) -> tuple[str, str, bool, str | None] | None:
    """(the node the cop heads for, why, whether he may step into the street, the spy he
    pursues), or None when he has nowhere to go (no spy on the board)."""
    at = cop_of(state, cop_id)["at"]
    on = [c["cop"] for c in state["cops"] if c["status"] == "on"]
    carrying = {c: len(cop_pieces(state, c)) for c in on}
    total = len(state["secret"]["pieces"])
    if total and sum(carrying.values()) == total:
        holders = [c for c in on if carrying[c]]
        if len(holders) == 1:
            holder = holders[0]
            dist = distances(kit.board, at, loaded=cop_id == holder)
            door = min(kit.board.doors, key=lambda d: (dist.get(d, 10**6), d))
            if cop_id == holder:
                return door, f"to the street at {door} with the Thingamajig", True, None
            return (
                door,
                f"to the street at {door}, where {name_of(kit, holder)} takes the Thingamajig out",
                True,
                None,
            )
        if cop_id in holders:
            dist = distances(kit.board, at, loaded=False)
            mate = min(
                (c for c in holders if c != cop_id),
                key=lambda c: (dist.get(cop_of(state, c)["at"], 10**6), c),
            )
            return (
                cop_of(state, mate)["at"],
                f"to meet {name_of(kit, mate)} and put the Thingamajig together",
                False,
                None,
            )
    spies = [s for s in state["spies"] if state["positions"][s] is not None]
    if not spies:
        return None
    dist = distances(kit.board, at, loaded=_loaded_cop(state, cop_id))
    showing = [s for s in spies if state["pieces"][s] > 0]
    pool = showing or spies
    target = min(
        pool,
        key=lambda s: (
            dist.get(state["positions"][s], 10**6),
            -state["pieces"][s],
            state["spies"].index(s),
        ),
    )
    away = dist.get(state["positions"][target], 0)
    return state["positions"][target], _toward(state, target, _away(away)), False, target


def route(state: Json, kit: Kit, cop_id: str, target: str, street: bool) -> tuple[str, ...]:
    """The rooms the cop enters this turn, at his speed, toward `target`."""
    board = kit.board
    loaded = _loaded_cop(state, cop_id)
    dist = distances(board, target, loaded=loaded)
    here = cop_of(state, cop_id)["at"]
    budget = kit.cop(cop_id).speed
    path: list[str] = []
    while here != target and here in dist:
        for node, kind in board.neighbours(here):
            cost = 2 if loaded and kind in (WALK, DOOR) else 1
            if kind != ROOF and dist.get(node, -1) + cost == dist[here]:
                break
        else:
            break
        if cost > budget or (node in board.doors and not street):
            break
        budget -= cost
        here = node
        path.append(node)
        if node not in board.doors and any(state["positions"][s] == node for s in state["spies"]):
            break
    return tuple(path)


def plan_one(state: Json, kit: Kit, cop_id: str) -> Plan | None:
    aim = goal(state, kit, cop_id)
    start = cop_of(state, cop_id)["at"]
    if aim is None:
        return None
    target, why, street, spy = aim
    path = route(state, kit, cop_id, target, street)
    moved = why
    if spy is not None and path:
        dist = distances(kit.board, path[-1], loaded=_loaded_cop(state, cop_id))
        moved = _toward(state, spy, _away(dist.get(target, 0), "now "))
    return Plan(cop_id, start, path, target, why, moved)


def plan_turn(state: Json, kit: Kit) -> list[Plan]:
    """Where each cop on the board would go if the cops' turn began now (the cops who arrive
    first need their street door drawn: they are not in the plan)."""
    state = {**state, "cops": copy.deepcopy(state["cops"])}  # only the cops move here
    plans = []
    for cop in state["cops"]:
        if cop["status"] != "on":
            continue
        plan = plan_one(state, kit, cop["cop"])
        if plan is not None:
            plans.append(plan)
            cop["at"] = plan.end
    return plans


# ---- the cops' turn ----------------------------------------------------------------------------


def cops(state: Json, action: Json, turn: Turn) -> None:
    """`cops [arrive={cop: A0, ...}]`: the cops called (or back from the dead) enter at a street
    door chosen at random, then every cop on the board moves."""
    kit = turn.kit
    due = cops_due(state, kit)
    arrive = action.get("arrive") or {}
    for cop_id in arrive:
        if cop_id not in due:
            raise Refuse(
                "Cops", f"{cop_id} does not arrive this turn (arriving: {', '.join(due) or 'none'})"
            )
    for cop_id in due:
        if cop_id not in arrive:
            raise Refuse(
                "Cops",
                f"{name_of(kit, cop_id)} arrives at a ground floor entrance chosen at random:"
                f" give arrive={{{cop_id}: {min(kit.board.doors)}}} (or let the tracker draw it)",
            )
        door = str(arrive[cop_id]).upper()
        if door not in kit.board.doors:
            raise Refuse(
                "Cops", f"a cop arrives at a street door: {' or '.join(sorted(kit.board.doors))}"
            )
        cop = cop_of(state, cop_id)
        back = cop["status"] == "dead"
        cop.update(status="on", at=door, damage=0)
        if back:
            turn.note(f"{name_of(kit, cop_id)} comes back at {door}")
        else:
            turn.note(f"the alarm: {name_of(kit, cop_id)} arrives at {door}")
    for cop in state["cops"]:
        if cop["status"] != "on":
            continue
        plan = plan_one(state, kit, cop["cop"])
        if plan is None:
            continue
        who = name_of(kit, cop["cop"])
        if plan.path:
            turn.note(f"{who} moves {' -> '.join((plan.start, *plan.path))}, {plan.moved}")
        else:
            waits = "waits in the street at" if plan.start in kit.board.doors else "stays in"
            turn.note(f"{who} {waits} {plan.start}, {plan.why}")
        cop["at"] = plan.end
        if plan.end in kit.board.doors and _loaded_cop(state, cop["cop"]):
            state["winner"] = "cops"
            state["result"] = (
                f"{who} carries the Thingamajig out of the building: the cops win, both spies lose"
            )
            break
        enter(state, cop["cop"], plan.end, turn)
        combine(state, kit, turn)
    state["cops_moved"] = True


def combine(state: Json, kit: Kit, turn: Turn) -> None:
    """Cops holding pieces who meet in a room combine them: the largest cop carries them."""
    total = len(state["secret"]["pieces"])
    on = [c for c in state["cops"] if c["status"] == "on"]
    if not total or sum(len(cop_pieces(state, c["cop"])) for c in on) != total:
        return
    for cop in on:
        mates = [c for c in on if c["at"] == cop["at"] and cop_pieces(state, c["cop"])]
        if len(mates) < 2:
            continue
        largest = max(mates, key=lambda c: kit.cop(c["cop"]).pips)
        for mate in mates:
            for number in cop_pieces(state, mate["cop"]):
                move_piece(state, number, f"cop:{largest['cop']}")
        turn.note(
            f"the cops put the Thingamajig together: {name_of(kit, largest['cop'])} carries it"
        )
        return
