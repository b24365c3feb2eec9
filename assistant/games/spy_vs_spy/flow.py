"""The round: each spy's turn, then the cops' (once a cop is on the board or called); action
points; deaths, restarts and the fights that moving into an occupied room starts.

"A round of play consists of each spy taking a turn spending their action points and then the
cops (if any are on the board) take a turn." A spy's turn ends when his action points are spent
(or he ends it, or dies); the cops' turn ends when they have moved and every fight is over.
"""

from __future__ import annotations

from assistant.engine import Json
from assistant.games.actions import Refuse
from assistant.games.spy_vs_spy.kit import Kit
from assistant.games.spy_vs_spy.state import (
    SPIES,
    Turn,
    arsenal,
    carried,
    cop_of,
    is_spy,
    move_piece,
    name_of,
    occupants,
    other,
    plural,
    points,
    where,
)

OVER, SETUP, TURN, FIGHT, RESTART, COPS = "over", "setup", "turn", "fight", "restart", "cops"


# ---- action points ----------------------------------------------------------------------------


def spend(state: Json, spy: str, cost: int, what: str, turn: Turn) -> str:
    """Spend `cost` action points on `what` ("searching", "a move"); the log's "(1 action point;
    1 left)". Refused beyond the budget (forced: the points left go to 0)."""
    has = state["ap_left"]
    turn.rule(
        has >= cost,
        "Action points",
        f"{spy} has {points(has)} left; {what} costs {cost}",
    )
    state["ap_left"] = max(0, has - cost)
    return f"{points(cost)}; {state['ap_left']} left"


# ---- the turns --------------------------------------------------------------------------------


def cops_due(state: Json, kit: Kit) -> list[str]:
    """The cops who enter at the start of the coming cops' turn: called by a piece found ("When
    the first piece of the Thingamajig is found place the Blue 1-pip piece next to one of the
    ground floor entrances") or back from the dead ("Any cops who are killed come back at the
    end of next turn": the turn after the one he died in has ended)."""
    coming = state["turn_no"] + (0 if state["turn"] == "cops" else 1)
    due = []
    for cop in state["cops"]:
        called = cop["status"] == "waiting" and kit.cop(cop["cop"]).arrives <= state["found"]
        back = cop["status"] == "dead" and cop["killed"] + 2 <= coming
        if called or back:
            due.append(cop["cop"])
    return due


def cops_play(state: Json, kit: Kit) -> bool:
    return any(c["status"] == "on" for c in state["cops"]) or bool(cops_due(state, kit))


def begin(state: Json, who: str, kit: Kit, turn: Turn) -> None:
    state["turn_no"] += 1
    state["turn"] = who
    state["ap_left"] = 0
    if who == "cops":
        state["cops_moved"] = False
        turn.note("then the cops' turn")
        return
    lost = min(state["frozen"][who], kit.numbers.action_points)
    state["frozen"][who] = 0
    state["ap_left"] = kit.numbers.action_points - lost
    thawing = f" ({points(lost)} lost to the ice)" if lost else ""
    turn.note(f"then {who}'s turn{thawing}")


def next_turn(state: Json, kit: Kit, turn: Turn) -> None:
    first, second = state["spies"]
    if state["turn"] == first:
        begin(state, second, kit, turn)
    elif state["turn"] == second and cops_play(state, kit):
        begin(state, "cops", kit, turn)
    else:
        state["round"] += 1
        turn.note(f"round {state['round']}")
        begin(state, first, kit, turn)


def settle(state: Json, turn: Turn) -> None:
    """After every action: the phase, and the next turn once this one is done."""
    kit = turn.kit
    if state["winner"] is not None:
        if state["phase"] != OVER:
            turn.note(str(state["result"]))
        state["phase"], state["turn"], state["ap_left"] = OVER, "over", 0
        state["fights"], state["restart"] = [], []
        return
    if state["phase"] == SETUP:
        if state["thingamajig"] is None or None in state["secret"]["arsenal"].values():
            return
        state["round"] = 1
        begin(state, state["spies"][0], kit, turn)
    state["fights"] = [f for f in state["fights"] if _standing(state, f)]
    for _ in range(8):  # a turn begun with no action point passes (forced freezes)
        if state["restart"]:
            state["phase"] = RESTART
            return
        if state["fights"]:
            state["phase"] = FIGHT
            return
        if state["turn"] in SPIES and state["ap_left"] > 0:
            state["phase"] = TURN
            return
        if state["turn"] == "cops" and not state["cops_moved"]:
            state["phase"] = COPS
            return
        next_turn(state, kit, turn)


def _standing(state: Json, fight: Json) -> bool:
    """Both fighters are still in the fight's room."""
    return where(state, fight["attacker"]) == fight["room"] == where(state, fight["defender"])


# ---- fights begin -----------------------------------------------------------------------------


def enter(state: Json, who: str, node: str, turn: Turn, *, first: bool = False) -> None:
    """`who` has moved into `node`: "If you move in to a room that contains the other spy or a
    cop you must immediately stop and initiate combat"; whoever moved in attacks. Nobody fights
    in the street. `first`: the new fights come before the others waiting (a runner's)."""
    if node in turn.kit.board.doors or node == turn.kit.board.helipad:
        return
    others = occupants(state, node, but=who)
    if not is_spy(who):
        others = [o for o in others if is_spy(o)]
    if not others:
        return
    new = [{"attacker": who, "defender": o, "room": node, "exchanges": 0} for o in others]
    names = " and ".join(name_of(turn.kit, o) for o in others)
    turn.note(f"combat in {node}: {name_of(turn.kit, who)} attacks {names}")
    state["fights"] = new + state["fights"] if first else state["fights"] + new


# ---- deaths -----------------------------------------------------------------------------------


def hurt(state: Json, spy: str, damage: int) -> int:
    """Take `damage` health (never below 0); the health left."""
    state["health"][spy] = max(0, state["health"][spy] - damage)
    left: int = state["health"][spy]
    return left


def kill_spy(state: Json, spy: str, by: str | None, turn: Turn) -> None:
    """The spy dies (health 0): a life counter goes; the pieces he carries drop in the room (or
    go to the cop who killed him); his equipped 1-pip drops in the room; he waits to re-enter at
    an entrance of his choice, or loses if it was his third death."""
    kit = turn.kit
    room = state["positions"][spy]
    state["health"][spy] = 0
    state["lives"][spy] = max(0, state["lives"][spy] - 1)
    lives = state["lives"][spy]
    turn.note(f"{spy} dies in {room} ({plural(lives, 'life')} left)")
    pieces = carried(state, spy)
    if pieces:
        killer = None if by is None or is_spy(by) else cop_of(state, by)
        if killer is not None and killer["status"] == "on":
            for number in pieces:
                move_piece(state, number, f"cop:{by}")
            turn.note(f"{name_of(kit, killer['cop'])} picks up {plural(len(pieces), 'piece')}")
        else:
            for number in pieces:
                move_piece(state, number, f"dropped:{room}")
            verb = "drops" if len(pieces) == 1 else "drop"
            turn.note(f"{plural(len(pieces), 'piece')} of the Thingamajig {verb} in {room}")
        state["pieces"][spy] -= len(pieces)
    held = arsenal(state, spy)
    if held is not None and held["weapon"] is not None:
        colour = kit.colour(held["weapon"])
        held["offensive"].remove(colour.id)
        held["weapon"] = None
        state["loose"].setdefault(room, []).append(colour.id)
        turn.note(f"his {colour.weapon} ({colour.label} 1-pip) drops in {room}")
    state["positions"][spy] = None
    state["fights"] = [f for f in state["fights"] if spy not in (f["attacker"], f["defender"])]
    if state["turn"] == spy:
        state["ap_left"] = 0
    if lives == 0:
        rival = other(spy)
        if state["lives"][rival] == 0:
            state["winner"] = "draw"
            state["result"] = "both spies died a third time: nobody wins"
        else:
            state["winner"] = rival
            state["result"] = f"{spy} died a third time: {rival} wins"
    else:
        state["restart"].append(spy)


def kill_cop(state: Json, cop_id: str, turn: Turn) -> None:
    """A cop dies: off the board until the end of the next turn; the pieces he carries drop in
    the room (ours)."""
    cop = cop_of(state, cop_id)
    room = cop["at"]
    turn.note(f"{name_of(turn.kit, cop_id)} is killed in {room}")
    pieces = [p["number"] for p in state["secret"]["pieces"] if p["at"] == f"cop:{cop_id}"]
    for number in pieces:
        move_piece(state, number, f"dropped:{room}")
    if pieces:
        verb = "drops" if len(pieces) == 1 else "drop"
        turn.note(f"{plural(len(pieces), 'piece')} of the Thingamajig {verb} in {room}")
    cop.update(status="dead", at=None, damage=0, killed=state["turn_no"])
    state["fights"] = [f for f in state["fights"] if cop_id not in (f["attacker"], f["defender"])]


def restart(state: Json, action: Json, turn: Turn) -> None:
    """`restart spy=S at=A0`: the dead spy re-enters at an entrance of his choice, health full."""
    spy, door = action["spy"], str(action["at"]).upper()
    if spy not in state["restart"]:
        raise Refuse("Death", f"{spy} is not waiting to re-enter")
    doors = turn.kit.board.doors
    if door not in doors:
        listed = " or ".join(f"{d} (below {r})" for d, r in sorted(doors.items()))
        raise Refuse("Death", f"a dead spy re-enters at one of the entrances: {listed}")
    state["restart"].remove(spy)
    state["positions"][spy] = door
    state["health"][spy] = turn.kit.numbers.health
    turn.note(f"{spy} re-enters at {door} with {state['health'][spy]} health")
