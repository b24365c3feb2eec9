"""The ten soldiers' abilities ("If activated, immediately..."), and the choices two of them ask
for: the Captain (6 points or an exhausted soldier's ability) and the Marshal (10 points, or 5 and
5 off the enemy)."""

from __future__ import annotations

from typing import Any

from assistant.engine import Json
from assistant.games.actions import Refuse, whole
from assistant.games.spies_and_lies.data import GameData
from assistant.games.spies_and_lies.state import Turn, gain, lose, move_agent, other

POINTS = {1: 1, 2: 2, 3: 3, 4: 4, 8: 8}
MARSHAL_OPTIONS = ("10", "5-5")


def activate(state: Json, side: str, rank: int, turn: Turn, *, deception: bool = False) -> None:
    """`side`'s soldier of `rank` activates. A Captain or a Marshal leaves `state["pending"]` set
    (a choice to make); `deception` rides along to be paid when the choice is made."""
    data = turn.data
    effects = state["sides"][side]["effects"]
    turn.note(f"{side}'s {data.titles[rank]} activates")
    if rank in POINTS:
        turn.note(f"+{POINTS[rank]}")
        gain(state, side, POINTS[rank], turn, rollover=rank == 8)
    if rank == 1:
        effects["spy"] = True
        if state["deception"][side] < 2 and state["deception_spares"] > 0:
            state["deception"][side] += 1
            state["deception_spares"] -= 1
            turn.note(f"{side} takes a Deception token")
        else:
            turn.note("no Deception token to take (at most 2 held, none spare)")
    elif rank == 2:
        effects["scout"] = True
    elif rank == 3:
        effects["miner"] = True
    elif rank == 5:
        move_agent(state, side, 1, turn)
    elif rank == 7:
        effects["bomb"] = True
        turn.note(f"the next {other(side)} card {side} reveals this round retreats")
    elif rank == 9:
        move_agent(state, side, 2, turn)
    elif rank == 6:
        options = ["points", *sorted(state["exhausted"][side])]
        state["pending"] = {"side": side, "kind": "captain", "options": options}
    elif rank == 10:
        state["pending"] = {"side": side, "kind": "marshal", "options": list(MARSHAL_OPTIONS)}
    if state["pending"] is not None:
        state["pending"]["deception"] = deception
        turn.note(f"{side} chooses: {option_names(state['pending'], data)}")


def option_names(pending: Json, data: GameData) -> str:
    """A pending choice's options in words: 'points or the exhausted Spy (1)'."""
    return " or ".join(
        o if isinstance(o, str) else f"the exhausted {data.name(o)}" for o in pending["options"]
    )


def choose(state: Json, action: Json, turn: Turn) -> bool:
    """Carry out a pending choice. Returns the deception flag to pay once nothing is pending."""
    pending = state["pending"]
    side = action["side"]
    option: Any = action.get("option")  # one of the pending options, checked below
    if side != pending["side"]:
        kind = pending["kind"].title()
        raise Refuse("Choice", f"{pending['side']} chooses for its {kind}, not {side}")
    if pending["kind"] == "marshal" and whole(option):
        option = str(option)
    if isinstance(option, bool) or option not in pending["options"]:
        offered = ", ".join(str(o) for o in pending["options"])
        raise Refuse(f"{pending['kind'].title()}", f"choose one of: {offered} (got {option!r})")
    deception = pending["deception"]
    state["pending"] = None
    data = turn.data
    if pending["kind"] == "marshal":
        if option == "10":
            turn.note(f"{side}'s Marshal: +10")
            gain(state, side, 10, turn)
        else:
            turn.note(f"{side}'s Marshal: +5 and {other(side)} -5")
            gain(state, side, 5, turn)
            lose(state, other(side), 5)
    elif option == "points":
        turn.note(f"{side}'s Captain: +6")
        gain(state, side, 6, turn)
    else:
        turn.note(f"{side}'s Captain uses the exhausted {data.name(option)}")
        enemy = state["sides"][other(side)]["effects"]
        hit = (option == 10 and enemy["spy"]) or (option == 7 and enemy["miner"])
        if hit and data.house["captain_pick_hit_by_spy_or_miner"]:
            finder = "Spy" if option == 10 else "Miner"
            turn.note(f"{other(side)}'s {finder} finds it: it retreats without effect")
        else:
            activate(state, side, option, turn, deception=deception)
            if state["pending"] is not None:
                return False
    return deception
