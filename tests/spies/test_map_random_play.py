"""Random play on the map (issue 35): a five-player table that tracks positions (the fixture map of
tests/spies/map_fixture.py), then actions drawn at random from what stands on the map, legal and
illegal, a quarter of them forced (`--force`); the refused ones are skipped as at a real table.

After every accepted step, forced or not, the bookkeeping is whole: no bank below zero, a `give`
moves money and never makes it, the chits conserved (cup, hands, Drops), every spy in play on
the map in a city (never at sea, never without a city) and every spy out of play off it, every
Drop beside a spy of its power; the actions drawn are of every kind a turn has (tiles, police,
searches, moves, chits, diplomacy and exchanges, cashing in, counterspies, Drops lost). Of the
steps the rules allowed (not forced): a spy moves at most 5 spaces a turn, counted across an
Escape (3.5: the same spy returns; 3.6), and on its own turn a power searches for each enemy spy
at most once (3.4), on another's at most once each time it moved into the city (4.1). The replay
of the accepted history gives the same states."""

from __future__ import annotations

import copy
from collections import Counter

import pytest
from hypothesis import HealthCheck, Phase, event, given, settings
from hypothesis import strategies as st
from map_fixture import GAME, MAPPED, PLACED
from spies_table import POLICE, POWERS, SECRETS

from assistant.engine import Refusal
from assistant.games.spies import positions
from assistant.history import Entry, initial_state, resolve_options, steps

CITIES = sorted({c for pair in (*MAPPED.routes.rail, *MAPPED.routes.air) for c in pair})
SEAS = list(MAPPED.routes.sea_zones)
SECRET_NAMES = sorted(MAPPED.secrets)
CHITS = ["Papers", "Escape", "Sanction", "Discovery", "Drop", "Cover", "Double Cross", "Recruit"]
FORCED = "random play on the map: a house rule"
pytestmark = pytest.mark.slow  # the slow tier (tests/conftest.py): some 25 s


@st.composite
def candidate(draw, state: dict) -> dict:
    """An action a table might enter now, drawn from what stands on the map."""
    turn = state["turn"]
    power = draw(st.sampled_from([turn] * 12 + list(POWERS)))
    if state["step"]["tile"] is None and draw(st.integers(0, 9)) < 7:
        hand = state["hands"][turn]
        return {"type": "discard", "power": turn, "tile": hand[0] if hand else "Ge 1"}
    if state["chain"] is not None and draw(st.integers(0, 2)):
        return {"type": "resolve"}
    mine = positions.counters(state, power)
    kind = draw(
        st.sampled_from(
            ["move"] * 6
            + ["search"] * 6
            + ["chit"] * 4
            + ["give", "diplomacy", "end_turn"] * 2
            + ["play", "cash", "counterspy", "drop_lost", "police"]
        )
    )
    if kind == "play":
        hand = state["hands"][power] or ["Ge 1"]
        return {"type": "play", "power": power, "tile": draw(st.sampled_from(hand))}
    if kind == "cash":
        return {"type": "cash", "power": power, "secret": draw(st.sampled_from(SECRET_NAMES))}
    if kind == "counterspy":
        enemy = draw(st.sampled_from(POWERS))
        theirs = positions.counters(state, enemy) or {"#1": "Berlin"}
        counter = draw(st.sampled_from(sorted(theirs)))
        return {
            "type": "counterspy",
            "power": power,
            "enemy": enemy,
            "target": counter,
            "city": theirs[counter],
        }
    if kind == "drop_lost":
        cities = [c for cities in state["drops"].values() for c in cities] or CITIES
        return {"type": "drop_lost", "power": power, "city": draw(st.sampled_from(cities))}
    if kind == "police":
        return {"type": "place", "power": power, "police": POLICE[power]}
    if kind == "move":
        moving = state["step"]["moving"]
        spy = moving if moving in mine and draw(st.booleans()) else None
        spy = spy or draw(st.sampled_from(sorted(mine) or ["#1"]))
        if draw(st.integers(0, 4)):
            return {"type": "move", "power": power, "spy": spy, "to": draw(st.sampled_from(CITIES))}
        path = draw(st.lists(st.sampled_from(CITIES + SEAS), min_size=1, max_size=6))
        return {"type": "move", "power": power, "spy": spy, "path": path}
    if kind == "search":
        if draw(st.booleans()):  # an arriving spy (4.1): another power's police
            power = draw(st.sampled_from(POWERS))
        police = sorted(state["police"][power] or {}) or ["Berlin"]
        entered = state["step"].get("entered", {})
        arrived = sorted({c for cities in entered.values() for c in cities} & set(police))
        watched = [c for c in police if any(positions.in_city(state, p, c) for p in POWERS)]
        likely = (arrived if power != turn else watched) or police
        city = draw(st.sampled_from(likely if draw(st.integers(0, 4)) else police))
        action = {"type": "search", "power": power, "city": city}
        if draw(st.booleans()):
            enemy = draw(st.sampled_from(POWERS))
            action["enemy"] = enemy
            if draw(st.booleans()):
                theirs = sorted(positions.counters(state, enemy)) or ["#1"]
                action["target"] = draw(st.sampled_from(theirs))
        if draw(st.integers(0, 3)) == 0:
            action["captured"] = "no"
        return action
    if kind == "chit":
        name = draw(st.sampled_from(CHITS))
        action = {"type": "chit", "power": power, "chit": name}
        if name in ("Sanction", "Discovery", "Drop"):
            places = sorted(set(mine.values())) or CITIES
            action["city"] = draw(st.sampled_from(places))
        if name == "Sanction":
            enemy = draw(st.sampled_from(POWERS))
            action |= {
                "spy": draw(st.sampled_from(sorted(mine) or ["#1"])),
                "enemy": enemy,
                "target": draw(st.sampled_from(sorted(positions.counters(state, enemy)) or ["#1"])),
            }
        if name in ("Escape", "Recruit") and draw(st.booleans()):
            out = sorted(state["out"][power]) or list(MAPPED.spies[power])
            action["spy"] = draw(st.sampled_from(out))
        return action
    if kind == "give":
        return {
            "type": "give",
            "power": power,
            "to": draw(st.sampled_from(POWERS)),
            "pounds": draw(st.integers(0, 60)),
        }
    if kind == "diplomacy":
        others = draw(st.lists(st.sampled_from(POWERS), min_size=1, max_size=2, unique=True))
        return {"type": "diplomacy", "power": power, "with": others}
    return {"type": "end_turn", "power": power}


def whole(state: dict, before: dict, action: dict) -> None:
    """The bookkeeping after any accepted step, forced or not."""
    assert all(pounds >= 0 for pounds in state["bank"].values()), (action, state["bank"])
    if action["type"] == "give":
        assert sum(state["bank"].values()) == sum(before["bank"].values()), action
    drops = sum(len(cities) for cities in state["drops"].values())
    assert state["cup"] >= 0 and all(n >= 0 for n in state["chits"].values()), action
    assert state["cup"] + sum(state["chits"].values()) + drops == MAPPED.cup, action
    graph_cities = set(CITIES) | set(MAPPED.cities)
    for power in POWERS if positions.placed(state, "Britain") else ():
        on_map = positions.counters(state, power)
        names = state["positions"]["spies"][power]
        for counter, city in on_map.items():
            assert city in graph_cities and city not in SEAS, (action, power, counter, city)
        in_play = Counter(names[c] for c in on_map)
        for spy in MAPPED.spies[power]:
            out = spy in state["out"][power]
            assert in_play[spy] == (0 if out else 1), (action, power, spy, in_play[spy], out)
        for city in state["drops"][power]:
            assert positions.in_city(state, power, city), (action, power, city)


SETTINGS = settings(
    max_examples=40,
    deadline=None,
    derandomize=True,
    database=None,
    phases=[Phase.explicit, Phase.generate],
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


@SETTINGS
@given(st.data())
def test_random_play_on_the_map_keeps_the_rules_and_the_bookkeeping(data):
    start = initial_state(GAME, resolve_options(GAME, {"bank": 60}))
    state = start
    entries: list[Entry] = []
    reached: list[dict] = []
    spaces: Counter = Counter()  # (year, turn, power, spy) -> spaces moved, rules kept
    searched: Counter = Counter()  # (year, turn, searcher, enemy, counter, city) -> searches
    bent: set = set()  # the keys a forced step touched: the rules waived there

    def enter(action: dict, forced: bool) -> bool:
        nonlocal state
        action = GAME.complete(state, action, data.draw(st.integers(0, 2**31 - 1)))
        before = copy.deepcopy(state)
        after = GAME.apply(state, action, force=forced)
        assert state == before, f"apply changed the state it was given: {action}"
        if isinstance(after, Refusal):
            return False
        whole(after, state, action)
        at = (state["year"], state["turn"])
        if action["type"] == "move" and after["phase"] == "play":
            power = action["power"]
            moved = {
                c: n - before["step"]["moved"].get(c, 0)
                for c, n in after["step"]["moved"].items()
                if n != before["step"]["moved"].get(c, 0)
            }
            for counter, n in moved.items():
                key = (*at, power, after["positions"]["spies"][power][counter])
                spaces[key] += n
                if forced:
                    bent.add(key)
                assert key in bent or spaces[key] <= 5, (action, key, spaces[key])
        if action["type"] == "search" and positions.tracked(after):
            made = after["step"]["searches"][-1]
            key = (*at, made["power"], made["enemy"], made["counter"])
            own = state["turn"] == made["power"]
            searched[key if own else (*key, made["city"])] += 1
            times = 1 if own else before["step"]["entered"][made["counter"]].count(made["city"])
            if forced:
                bent.add(key)
            assert key in bent or searched[key if own else (*key, made["city"])] <= times, action
        entries.append(Entry(action, force=FORCED if forced else None))
        reached.append(after)
        state = after
        return True

    for power in POWERS:
        assert enter({"type": "hand", "power": power}, False)
        assert enter({"type": "secrets", "power": power, "cities": SECRETS[power]}, False)
        assert enter({"type": "place", "power": power, "spies": PLACED[power]}, False)
    for power in POWERS:
        assert enter({"type": "place", "power": power, "police": POLICE[power]}, False)
    assert state["phase"] == "play"

    kinds: Counter = Counter()
    for _ in range(data.draw(st.integers(40, 220), label="steps")):
        action = data.draw(candidate(state), label="action")
        forced = data.draw(st.integers(0, 3), label="force") == 0
        if enter(action, forced):
            kinds[(action["type"], forced)] += 1
        if state["phase"] != "play":
            break
    for (kind, forced), _n in kinds.items():
        event(f"{kind}{' forced' if forced else ''}")
    assert [step.after for step in steps(GAME, start, entries)] == reached
