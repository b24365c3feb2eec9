"""Who sits at a Spy vs Spy table and what each seat may see (`deaddrop serve`).

The seats are the two spies. A spy sees the public view and, under "secret", his name ("seat")
and what he keeps behind his divider: his arsenal, the traps and decoys he left (room -> colour,
or "decoy"), the pieces of the Thingamajig he really carries and those he hid (room -> numbers);
never the other spy's. The spectator sees the public view only. The tracker keeps who read
which room's number token (who searched it first is public), to refuse a spy's reading the number
he read before; no seat is shown the numbers read.

`spy` is the acting spy in every action that has it; an exchange names both spies' weapons and
is entered from either seat.
"""

from __future__ import annotations

import copy
from collections.abc import Callable

from assistant.engine import Json
from assistant.games.spy_vs_spy.state import SPIES, carried

SEAT_PARAMS = {
    "arsenal": "spy",
    "move": "spy",
    "search": "spy",
    "change": "spy",
    "room": "spy",
    "end": "spy",
    "run": "spy",
    "restart": "spy",
    "declare": "spy",
}

# the tracker rolls every die and draws every chance for a phone: the searcher learns a trap's
# dice only once it is turned up (docs/serve.md)
TRACKER_PARAMS = {
    "circle": ("numbers", "seed"),
    "search": ("roll", "slide", "seed"),
    "exchange": ("rolls", "seed"),
    "cops": ("arrive", "seed"),
    "room": ("drawn", "seed"),  # a Smash and Grab draws blindly from the bag
}


def seats(state: Json) -> list[str]:
    """The two spies, the first player first."""
    return [s for s in state.get("spies", SPIES)]


def seat_view(view: Json, state: Json, seat: str | None) -> Json:
    """The public `view` plus `seat`'s own secrets (None: the spectator)."""
    if seat is None:
        return view
    out = copy.deepcopy(view)
    secret = state["secret"]
    hidden: dict[str, list[int]] = {}
    for record in secret["pieces"]:
        how, _, rest = record["at"].partition(":")
        room, _, hider = rest.partition(":")
        if how == "hidden" and hider == seat:
            hidden.setdefault(room, []).append(record["number"])
    out["secret"] = {
        "seat": seat,
        "arsenal": copy.deepcopy(secret["arsenal"][seat]),
        "traps": {
            room: token["colour"] or "decoy"
            for room, token in sorted(secret["traps"].items())
            if token["owner"] == seat
        },
        "carrying": sorted(carried(state, seat)),
        "hidden": {room: sorted(numbers) for room, numbers in sorted(hidden.items())},
    }
    return out


def seat_action(action: Json, seat: str | None, public: Callable[[Json], Json]) -> Json:
    """An action as `seat` may read it: his own as entered, another's as `public` prints it."""
    return action if seat is not None and action.get("spy") == seat else public(action)


def seat_owned(state: Json, action: Json) -> dict[str, str]:
    """The parameters only one spy may give: in an exchange, each spy's weapon is his own."""
    if action.get("type") == "exchange":
        return {spy: spy for spy in SPIES}
    return {}


def seat_first(state: Json, action: Json) -> str | None:
    """Why a seat's `action` waits for another seat's declaration, or None: an exchange between
    the spies waits until both have declared their weapons (each from his own phone)."""
    if action.get("type") != "exchange" or not state.get("fights"):
        return None
    fight = state["fights"][0]
    declared = fight.get("declared", {})
    for spy in (fight["attacker"], fight["defender"]):
        if spy in SPIES and spy not in declared and spy not in action:
            return f"Combat: {spy} first declares his weapon (declare: sword or weapon)"
    return None


def concerns(state: Json, action: Json) -> list[str]:
    """The spies besides the acting one whose secrets the action turns up: a search sets off the
    trap another spy left in the room; an exchange shows both spies' equipment; a shop shows the
    shopper the bag and a Smash and Grab draws from it, which holds what the other spy did not
    draw."""
    kind = action.get("type")
    if kind == "exchange":
        return list(SPIES)
    if kind == "room" and str(action.get("use")).lower() in ("shop", "smash"):
        return [s for s in SPIES if s != action.get("spy")]
    if kind == "search":
        room = state["positions"].get(action.get("spy"))
        token = state["secret"]["traps"].get(room) if room is not None else None
        # a decoy reads "no trap", as an empty room does: it turns nothing up
        if token is None or token.get("colour") is None:
            return []
        return [token["owner"]] if token["owner"] in SPIES else []
    return []
