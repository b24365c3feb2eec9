"""Who sits at a Spies & Lies table and what each seat may see (`deaddrop serve`).

The seats are the two sides (in team play both players of a side share its seat). A side sees
the public view and, under "secret", its name ("seat") and its own deployments as entered: the
ranks of an open deployment (which the public view hides until each card is revealed) and the
seal of a sealed one; never the other side's. The spectator sees the public view only.

`side` is the acting side in every action that has it except `first`, whose side is the result
of the Starting Player card, not the one who enters it. Every action has its owner: a side's
own (`SEAT_PARAMS`) or the host's (`HOST_ACTIONS`): the chance results of the set up (the old
intel card, the Starting Player card, the intel card turned over) and each side's exhausted
soldiers, which the opponent picks at the set up and both sides settle at a day's end. The host
enters them at the command line; a phone that tries is refused before anything is looked at.
"""

from __future__ import annotations

import copy

from assistant.engine import Json
from assistant.games.spies_and_lies.data import SIDES
from assistant.games.spies_and_lies.state import other

SEAT_PARAMS = {
    "deploy": "side",
    "tokens": "side",
    "deceive": "side",
    "guess": "side",
    "reveal": "side",
    "choose": "side",
    "audit": "side",
}

HOST_ACTIONS = frozenset({"setup", "first", "intel", "end_day"})


def seats(state: Json) -> list[str]:
    """red and blue."""
    return list(SIDES)


def seat_view(view: Json, state: Json, seat: str | None) -> Json:
    """The public `view` plus `seat`'s own deployments (None: the spectator)."""
    if seat is None:
        return view
    out = copy.deepcopy(view)
    groups = state["sides"][seat]["groups"]
    line: list[int | None] = [None] * len(state["sides"][seat]["missions"])
    for group in groups:
        for mission, rank in zip(group["missions"], group["soldiers"] or (), strict=False):
            line[mission - 1] = rank
    out["secret"] = {
        "seat": seat,
        "deployed": [
            {
                "missions": list(g["missions"]),
                "mode": g["mode"],
                "soldiers": list(g["soldiers"]) if g["soldiers"] is not None else None,
                "seal": g["seal"],
            }
            for g in groups
        ],
        "line": line,
    }
    return out


def seat_action(action: Json, seat: str | None) -> Json:
    """An action as `seat` may read it: another side's deployment without its soldiers or seal
    (as `deaddrop table log` prints it, they stay in: the laptop's screen is shared anyway)."""
    if action.get("type") != "deploy" or (seat is not None and action.get("side") == seat):
        return action
    return {k: "(secret)" if k in ("soldiers", "seal") else v for k, v in action.items()}


def seat_owned(state: Json, action: Json) -> dict[str, str]:
    """The parameters of `action` that only another seat may give: a guess's `reveal` is the
    rank on the enemy's card, which its owner turns up (`reveal`), never the guesser."""
    side = action.get("side")
    if action.get("type") == "guess" and side in SIDES:
        return {"reveal": other(side)}
    return {}


def concerns(state: Json, action: Json) -> list[str]:
    """The seats besides the acting one whose secret the action turns up: a guess turns up (or
    waits for) the enemy's card."""
    side = action.get("side")
    if action.get("type") == "guess" and side in SIDES:
        return [other(side)]
    return []
