"""The strength comparisons the table makes privately (3.4, 3.5, the Discovery entry), on a table
with bots: the tracker knows every counter's spy (positions.py) and, through `hidden.py`, the
police pieces' strengths and what each secret is. What a comparison tells a bot is only its
result (capture or not, the secret taken or not), as it would tell a player.

Readings (ours, docs/spies.md "Playing with bots"): police guard the secrets lying in their city
(their combined strength, 3.4); a spy guards the secrets it holds; a counterspy lying where its
power's police stand is controlled by that power (3.5), one lying elsewhere is simply removed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from assistant.engine import Json
from assistant.games.spies import positions

if TYPE_CHECKING:  # hidden.py calls discover(): the facts are handed in, never imported here
    from assistant.games.spies.bots.hidden import Hidden


def spy_strength(state: Json, hidden: Hidden, power: str, counter: str) -> int:
    return hidden.data.spies[power][positions.spy_of(state, power, counter)]


def police_strength(hidden: Hidden, power: str, city: str) -> int:
    return hidden.police.get(power, {}).get(city, 0)


def search_captures(
    state: Json, hidden: Hidden, power: str, city: str, enemy: str, counter: str
) -> bool:
    """3.4: "If your police strength is greater, the spy is immediately captured.\""""
    return police_strength(hidden, power, city) > spy_strength(state, hidden, enemy, counter)


def discoverer(state: Json, hidden: Hidden, power: str, city: str) -> str:
    """Which of `power`'s counters in `city` makes a Discovery there: the strongest (its owner
    chooses; the bots always send the strongest)."""
    here = positions.in_city(state, power, city)
    return max(here, key=lambda c: (spy_strength(state, hidden, power, c), -int(c[1:])))


def guard(state: Json, hidden: Hidden, name: str, city: str) -> tuple[str | None, int]:
    """Who controls a piece in `city` and with what strength: the spy holding it, or the police
    of the power whose police stand there (None, 0: nobody)."""
    piece = hidden.pieces[name]
    if piece["held"] is not None:
        power, counter = piece["held"]
        return power, spy_strength(state, hidden, power, counter)
    for power in hidden.data.powers:
        strength = police_strength(hidden, power, city)
        if strength and (state["police"].get(power) or {}).get(city):
            return power, strength
    return None, 0


def target(state: Json, hidden: Hidden, power: str, city: str) -> str | None:
    """The piece a Discovery by `power` in `city` goes for: one under no guard first, then one
    the police guard, then one an enemy spy holds; never one `power` controls itself."""
    ranked = []
    for name, piece in hidden.pieces.items():
        if piece["gone"] or hidden.where(state, name) != city:
            continue
        if piece["held"] is not None and piece["held"][0] == power:
            continue
        if piece["origin"] == power and piece["held"] is None:
            continue  # its own original at home: it controls it without a Discovery (3.7)
        who, strength = guard(state, hidden, name, city)
        rank = 0 if who is None else (1 if piece["held"] is None else 2)
        ranked.append((rank, strength, name))
    return min(ranked)[2] if ranked else None


def discover(hidden: Hidden, state: Json, opening: Json, plays: list[Json]) -> Json:
    """What a Discovery that stood finds (the Discovery entry, 3.5, 5.2), and the facts changed:
    {"kind": "took" | "guarded" | "counterspy" | "removed" | "nothing", "power", "counter",
    "city", "piece", "by" (the counterspy's power)}. A standing Double Cross against the
    Discovery reverses the comparison."""
    power, city = opening["power"], str(opening["city"])
    out: Json = {"power": power, "city": city, "piece": None, "by": None}
    if not positions.in_city(state, power, city):
        return {**out, "kind": "nothing", "counter": None}
    counter = discoverer(state, hidden, power, city)
    out["counter"] = counter
    name = target(state, hidden, power, city)
    if name is None:
        return {**out, "kind": "nothing"}
    piece = hidden.pieces[name]
    reversed_ = any(p["chit"] == "Double Cross" and p.get("against") == 1 for p in plays[1:])
    mine = spy_strength(state, hidden, power, counter)
    who, strength = guard(state, hidden, name, city)
    if piece["counterspy"]:
        hidden.pieces[name].update(gone=True, held=None, city=None)
        if who is None or who == power:
            return {**out, "kind": "removed"}
        if positions.spy_of(state, power, counter) == "Cousin":
            return {**out, "kind": "removed", "by": who}
        stronger = piece["counterspy"] > mine
        if stronger != reversed_:
            return {**out, "kind": "counterspy", "by": who}
        return {**out, "kind": "removed", "by": who}
    wins = who is None or (mine > strength) != reversed_
    if who is not None and reversed_:
        wins = strength >= mine
    if not wins:
        return {**out, "kind": "guarded", "by": who}
    piece.update(held=[power, counter], city=None)
    return {**out, "kind": "took", "piece": name}
