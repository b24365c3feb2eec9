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
from collections.abc import Callable
from typing import Any

from assistant.engine import Json
from assistant.games.actions import Actions, Param
from assistant.games.spies import positions
from assistant.games.spies.state import player_of


def seat_params(actions: Actions[Any], acting: Param) -> dict[str, str]:
    """{action: "power"} for every declared action whose parameters include `acting`."""
    return {a.name: acting.name for a in actions.actions if acting in a.params}


# chance the tracker draws for a phone: a seat cannot name the random tiles it draws blind (a
# refusal would tell it which another power holds), nor pick the seed of a draw (docs/serve.md)
TRACKER_PARAMS = {
    "hand": ("random", "seed"),
    "place": ("seed",),
    "chit": ("seed",),
}


def concerns(state: Json, action: Json) -> list[str]:
    """The seats besides the acting one an action touches: a hand's random tiles are drawn from
    the cup every power draws from, so undoing one (to draw again) waits for every seat's yes."""
    if action.get("type") == "hand":
        return seats(state)
    return []


def seats(state: Json) -> list[str]:
    """The players, in the order of the powers they play. A power the tracker plays (a bot) is
    no seat: no phone link, no yes asked of it, its secrets in no seat's view."""
    out: list[str] = []
    bots = state.get("bots") or {}
    for power in state["hands"]:
        if power in bots:
            continue
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
    if "hidden" in state:  # a table with bots: the face-down facts the tracker dealt the seat
        from assistant.games.spies.bots.sight import own_facts

        out["secret"]["dealt"] = {p: own_facts(state, p) for p in powers}
    if positions.tracked(state):  # which spy each of its counters is
        on_map = {p: positions.counters(state, p) for p in powers}
        out["secret"]["spies"] = {
            p: {c: positions.spy_of(state, p, c) for c in on_map[p]} for p in powers
        }
    return out


def hide_spies(action: Json) -> Json:
    """A `place` or a `move` on the map as the table sees it: the counters' cities, never which
    spy (its owner's secret). A `move spaces=N` (a table without positions) is left as typed."""
    kind = action.get("type")
    if kind == "place" and isinstance(action.get("spies"), dict):
        cities = [str(city) for city in action["spies"].values()]
        counts = {city: cities.count(city) for city in sorted(set(cities))}
        shown = ", ".join(f"{city} {n}" if n > 1 else city for city, n in counts.items())
        hidden = {"spies": f"(face down: {shown})"}
        if "seed" in action:
            hidden["seed"] = "(secret)"
        return {**action, **hidden}
    if kind == "move" and ("to" in action or "path" in action) and "spy" in action:
        if not str(action["spy"]).strip().startswith("#"):
            return {**action, "spy": "(secret)"}
    return action


def seat_action(action: Json, seat: str | None, public: Callable[[Json], Json]) -> Json:
    """`action` as `seat` may read it: its own powers' spies named, every other secret hidden
    (`public`)."""
    power = action.get("power")
    if seat is not None and isinstance(power, str) and _plays(seat, power):
        if action.get("type") in ("place", "move"):
            return action
    return public(action)


def _plays(seat: str, power: str) -> bool:
    return power.strip().lower() in (p.lower() for p in seat.split("+"))
