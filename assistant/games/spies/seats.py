"""Who sits at a Spies! table and what each seat may see (`deaddrop serve`).

The seats are the players (rule 7.0): a power each with five players, "Germany+Italy" with four
or fewer, "Britain+France" with three or fewer; in a two-player game Russia is played by one
seat or the other by the year. A seat sees the public view and, under "secret", its name
("seat"), the Event Tiles in the hands of the powers it plays this year and the tiles they
discarded face down; never another seat's. The spectator sees the public view only.

`power` is the acting power in every action that has it (from the declarations: the parameter
`POWER_`); a seat playing several powers names which one (`seat_values`).
"""

from __future__ import annotations

import copy
from typing import Any

from assistant.engine import Json
from assistant.games.actions import Actions, Param
from assistant.games.spies.state import player_of


def seat_params(actions: Actions[Any], acting: Param) -> dict[str, str]:
    """{action: "power"} for every declared action whose parameters include `acting`."""
    return {a.name: acting.name for a in actions.actions if acting in a.params}


def seats(state: Json) -> list[str]:
    """The players, in the order of the powers they play."""
    out: list[str] = []
    for power in state["hands"]:
        seat = player_of(state, power)
        if seat not in out:
            out.append(seat)
    return out


def seat_values(state: Json, seat: str) -> list[str]:
    """The powers `seat` plays this year."""
    return [power for power in state["hands"] if player_of(state, power) == seat]


def seat_view(view: Json, state: Json, seat: str | None) -> Json:
    """The public `view` plus the hands and face-down discards of `seat`'s powers."""
    if seat is None:
        return view
    out = copy.deepcopy(view)
    powers = seat_values(state, seat)
    out["secret"] = {
        "seat": seat,
        "hands": {p: list(state["hands"][p]) for p in powers},
        "discards": {p: list(state["discards"][p]) for p in powers},
    }
    return out
