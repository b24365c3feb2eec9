"""Who sits at a Spy! referee table and what each seat may see (`deaddrop serve`).

The seats are the two players. A player sees the public view and, under "secret", its own
name and the network the referee keeps for it (a `seal`: its corners and salt; None before it
seals, or when it committed a hash instead); never the opponent's. The spectator
sees the public view only. Every action names the acting player in `player`.
"""

from __future__ import annotations

import copy
from collections.abc import Callable

from assistant.engine import Json

SEAT_PARAMS = {
    "seal": "player",
    "commit": "player",
    "probe": "player",
    "answer": "player",
    "claim": "player",
    "reveal": "player",
}


def seats(state: Json) -> list[str]:
    """The players, in turn order."""
    return list(state["players"])


def seat_view(view: Json, state: Json, seat: str | None) -> Json:
    """The public `view` plus `seat`'s own sealed network (None: the spectator)."""
    if seat is None:
        return view
    out = copy.deepcopy(view)
    kept = state["secret"][seat]
    out["secret"] = {
        "seat": seat,
        "network": kept["network"] if kept else None,
        "salt": kept["salt"] if kept else None,
    }
    return out


def seat_action(action: Json, seat: str | None, public: Callable[[Json], Json]) -> Json:
    """An action as `seat` may read it: its own seal as entered, another's as `public` prints
    it (network and salt "(sealed)")."""
    return action if seat is not None and action.get("player") == seat else public(action)


def concerns(state: Json, action: Json) -> list[str]:
    """The players besides the acting one whose secret the action uses: a probe is answered and
    a claim judged from the opponent's network."""
    player = action.get("player")
    if action.get("type") in ("probe", "claim") and player in state["players"]:
        return [p for p in state["players"] if p != player]
    return []
