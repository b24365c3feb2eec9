"""Where the spies stand, on a table that tracks positions: one where the spies were placed at
the set up (`place power=... spies={Spy: City, ...}`, 2.6); the set up then waits for every
power's spies.

A spy is a counter face down on the map: its power and its city are public, which spy it is
(name, strength) stays with its owner. The tracker numbers each power's counters (#1, #2, ...)
when they are placed (2.6), as a table would point at them: the public sees "German counter #3
in Paris", the German seat alone sees that #3 is Kurt. Searches, Sanctions and counterspies name
an enemy counter, never an enemy spy's name; a spy captured or killed is turned up (its name and
strength go on the record, as today).

The state keeps `positions` (absent on a table that does not track them: those work as before):
`{"counters": {power: {"#1": city, ...}}, "spies": {power: {"#1": "Willy", ...}}}`; `counters`
is public, `spies` is each power's secret (seats.py shows it to its seat only). A counter out of
play (captured, sanctioned) leaves `counters`; a recruited or escaped spy gets a new counter in
its capital.
"""

from __future__ import annotations

from typing import Any

from assistant.engine import Json
from assistant.games.actions import Refuse
from assistant.games.spies import names
from assistant.games.spies.data import GameData
from assistant.games.spies.state import Turn

DEPLOY_RULE = "2.6 Deploying Spies"
MARK = "#"


def tracked(state: Json) -> bool:
    return state.get("positions") is not None


def start() -> Json:
    return {"counters": {}, "spies": {}}


def counters(state: Json, power: str) -> dict[str, str]:
    """`power`'s counters on the map: counter -> city."""
    return dict(state["positions"]["counters"].get(power, {}))


def placed(state: Json, power: str) -> bool:
    return tracked(state) and power in state["positions"]["spies"]


def spy_of(state: Json, power: str, counter: str) -> str:
    return str(state["positions"]["spies"][power][counter])


def counter_of(state: Json, power: str, spy: str) -> str | None:
    """The counter of `power`'s spy `spy` on the map (None: not on the map)."""
    on_map = state["positions"]["counters"].get(power, {})
    for counter, name in state["positions"]["spies"].get(power, {}).items():
        if name == spy and counter in on_map:
            return str(counter)
    return None


def city_of(state: Json, power: str, counter: str) -> str | None:
    return state["positions"]["counters"].get(power, {}).get(counter)


def in_city(state: Json, power: str, city: str) -> list[str]:
    """`power`'s counters in `city`, in number order."""
    return sorted((c for c, where in counters(state, power).items() if where == city), key=_number)


def cities_of(state: Json, power: str) -> list[str]:
    """The cities where `power` has a spy (each once)."""
    out: list[str] = []
    for city in counters(state, power).values():
        if city not in out:
            out.append(city)
    return out


def _number(counter: str) -> int:
    return int(counter[len(MARK) :])


def as_counter(value: Any) -> str | None:
    """'#3', '3' or 3 as a counter ('#3'); None when the value is no counter number."""
    text = str(value).strip() if isinstance(value, int | str) else ""
    digits = text[len(MARK) :] if text.startswith(MARK) else text
    if digits.isdigit() and not isinstance(value, bool):
        return f"{MARK}{int(digits)}"
    return None


def own_counter(state: Json, power: str, value: Any, data: GameData, what: str = "spy") -> str:
    """The counter of one of `power`'s own spies on the map, named by its counter or by its name
    (the owner knows both)."""
    counter = as_counter(value)
    if counter is None:
        spy = names.spy(value, power, data, what)
        counter = counter_of(state, power, spy)
        if counter is None:
            raise Refuse(DEPLOY_RULE, f"{power}'s {spy} is not on the map")
        return counter
    if counter not in state["positions"]["counters"].get(power, {}):
        raise Refuse("action", f"{what}: {power} has no counter {counter} on the map")
    return counter


def enemy_counter(state: Json, enemy: str, value: Any, city: str, rule: str, what: str) -> str:
    """An enemy counter in `city`, as a player points at one: its number (`#3`), or none when the
    enemy has one counter there. An enemy spy's name is its owner's secret: refused."""
    here = in_city(state, enemy, city)
    if value is None:
        if len(here) == 1:
            return here[0]
        if not here:
            raise Refuse(rule, f"{enemy} has no spy in {city}")
        raise Refuse("action", f"{what}: which of {enemy}'s counters in {city} ({', '.join(here)})")
    counter = as_counter(value)
    if counter is None:
        raise Refuse(
            "action",
            f"{what}: name the counter ({MARK}N; {enemy}'s in {city}: "
            f"{', '.join(here) or 'none'}): which spy a counter is stays with {enemy}",
        )
    if counter not in here:
        raise Refuse(rule, f"{enemy}'s counter {counter} is not in {city}")
    return counter


def numbered(spies: dict[str, str], seed: int) -> list[tuple[str, str]]:
    """`spies` (name -> city) in the order their counters are numbered: by city (alphabetical),
    and within a city in an order drawn from `seed`, the owner's secret. So a counter's number
    tells the table its city and nothing more: not the order the owner listed the spies in,
    which could follow the counter sheet."""
    import random

    order = sorted(spies.items())  # by name first, so that the draw alone decides
    random.Random(seed).shuffle(order)
    return sorted(order, key=lambda item: item[1])


def place(state: Json, power: str, spies: dict[str, str], seed: int) -> list[str]:
    """Put `power`'s spies (name -> city) on the map as counters numbered as `numbered` orders
    them; their counters, in that order."""
    pos = state["positions"]
    pos["counters"][power] = {}
    pos["spies"][power] = {}
    out = []
    for number, (spy, city) in enumerate(numbered(spies, seed), start=1):
        counter = f"{MARK}{number}"
        pos["counters"][power][counter] = city
        pos["spies"][power][counter] = spy
        out.append(counter)
    return out


def add(state: Json, power: str, spy: str, city: str) -> str:
    """A spy back in play (Recruit, Escape): a new counter in `city`."""
    pos = state["positions"]
    known = pos["spies"].setdefault(power, {})
    number = max(_number(c) for c in known) + 1  # every power placed its spies (2.6)
    counter = f"{MARK}{number}"
    known[counter] = spy
    pos["counters"].setdefault(power, {})[counter] = city
    return counter


def remove(state: Json, power: str, spy: str) -> None:
    """A spy leaves the map (captured, sanctioned): its counter goes."""
    if not tracked(state):
        return
    counter = counter_of(state, power, spy)
    if counter is not None:
        del state["positions"]["counters"][power][counter]


def by_city(state: Json, powers: tuple[str, ...]) -> dict[str, dict[str, list[str]]]:
    """city -> power -> its counters there (cities in name order)."""
    out: dict[str, dict[str, list[str]]] = {}
    for power in powers:
        for counter, city in counters(state, power).items():
            out.setdefault(city, {}).setdefault(power, []).append(counter)
    return {
        city: {p: sorted(cs, key=_number) for p, cs in here.items()}
        for city, here in sorted(out.items())
    }


def lost_drops(state: Json, turn: Turn) -> None:
    """Drop: "You must always have at least one spy in the same city as the Drop chit ... if the
    spy is removed for any reason, the chit is removed and the Drop is eliminated." On a table
    that tracks positions the tracker sees it (after a move, a capture, a kill)."""
    if not tracked(state):
        return
    for power in turn.data.powers:
        for city in list(state["drops"][power]):
            if not in_city(state, power, city):
                state["drops"][power].remove(city)
                state["cup"] += 1
                turn.note(f"  {power}'s Drop in {city} is eliminated (no {power} spy left there)")
