"""Random play (issue 23): a game set up from drawn hands, then actions of every type drawn at
random, legal and illegal, some forced as `deaddrop table do --force` forces them (GAME.complete,
then GAME.apply(state, action, force=True)); the refused ones are skipped as at a real table.

After every accepted step, whatever the rules waived: every Event Tile is in exactly one place (a
hand, the played tiles, a discard pile), no bank, chit count or cup below zero and no chit made or
lost, the Action Points within the turn's (0-12, never rising within a turn), each power's
points the sum of its record, and apply left the state it was given as it was. At the end, the
replay of the accepted history (assistant.history: steps from the initial state) gives every
state reached step by step, and the last one."""

from __future__ import annotations

import copy
from collections import Counter

from hypothesis import HealthCheck, Phase, event, given, settings
from hypothesis import strategies as st
from spies_table import DATA, POLICE, POWERS, SECRETS

from assistant.engine import Refusal
from assistant.games.spies.rules import GAME
from assistant.history import Entry, action_text, initial_state, resolve_options, steps

CITIES = [*DATA.cities, "Lille"]
CHITS = list(DATA.chits)
SECRET_NAMES = list(DATA.secrets)
TILES = list(DATA.tiles)
FORCED = "random play: a house rule"


def tile_places(state: dict) -> Counter:
    """Where each Event Tile is: in a hand, played, or discarded (one count per place it is in)."""
    places: Counter = Counter()
    for hand in state["hands"].values():
        places.update(hand)
    places.update(entry["code"] for entry in state["played"])
    for codes in state["discards"].values():
        places.update(codes)
    return places


def somewhere(state: dict) -> list[str]:
    """The tiles that are in some place now (in a hand, played or discarded)."""
    return sorted(tile_places(state)) or TILES


@st.composite
def a_tile(draw, state: dict, power: str) -> str:
    """Mostly a tile of the power's own hand; sometimes another's, a played or discarded one."""
    hand = state["hands"][power]
    if hand and draw(st.integers(0, 9)) < 6:
        return str(draw(st.sampled_from(hand)))
    return str(draw(st.sampled_from(somewhere(state) if draw(st.booleans()) else TILES)))


@st.composite
def candidate(draw, state: dict) -> dict:
    """An action a table might enter now, legal or not: mostly the current power's."""
    turn = state["turn"]
    power = draw(st.sampled_from([turn] * 4 + list(POWERS)))
    if state["step"]["tile"] is None and draw(st.integers(0, 9)) < 6:
        kind = "tile"
    else:
        kinds = ["tile", "tile", "move", "move", "search", "chit", "chit", "resolve", "end", "end"]
        kinds += ["diplomacy", "give", "cash", "police", "counterspy", "drop_lost"]
        kind = draw(st.sampled_from(kinds))
    if kind == "tile":
        verb = draw(st.sampled_from(["play", "play", "discard"]))
        action = {"type": verb, "power": power, "tile": draw(a_tile(state, power))}
        if verb == "play":
            tile = DATA.tiles[action["tile"]]
            action["spies"] = draw(
                st.dictionaries(
                    st.sampled_from(POWERS),
                    st.lists(st.sampled_from(tile.cities), max_size=3),
                    max_size=3,
                )
            )
        return action
    if kind == "move":
        spy = draw(st.sampled_from([*DATA.spies[power], "a", "b"]))
        return {"type": "move", "power": power, "spy": spy, "spaces": draw(st.integers(1, 6))}
    if kind == "search":
        action = {"type": "search", "power": power, "city": draw(st.sampled_from(CITIES))}
        if draw(st.booleans()):
            enemy = draw(st.sampled_from(POWERS))
            action |= {"enemy": enemy, "target": draw(st.sampled_from(list(DATA.spies[enemy])))}
        return action
    if kind == "chit":
        action = {"type": "chit", "power": power, "chit": draw(st.sampled_from(CHITS))}
        if draw(st.booleans()):
            action["city"] = draw(st.sampled_from(CITIES))
        if action.get("city") == "Lille":
            action["owner"] = "neutral"
        if draw(st.integers(0, 3)) == 0:
            action["against"] = draw(st.integers(1, 4))
        if action["chit"] in ("Sanction", "Escape", "Recruit") and draw(st.booleans()):
            enemy = draw(st.sampled_from(POWERS))
            action |= {
                "spy": draw(st.sampled_from(list(DATA.spies[power]))),
                "enemy": enemy,
                "target": draw(st.sampled_from(list(DATA.spies[enemy]))),
            }
        return action
    if kind == "resolve":
        return {"type": "resolve"}
    if kind == "end":
        return {"type": "end_turn", "power": power}
    if kind == "diplomacy":
        others = st.lists(st.sampled_from(POWERS), min_size=1, max_size=3, unique=True)
        return {"type": "diplomacy", "power": power, "with": draw(others)}
    if kind == "give":
        return {
            "type": "give",
            "power": power,
            "to": draw(st.sampled_from(POWERS)),
            "pounds": draw(st.integers(0, 30)),
            "chits": draw(st.integers(0, 3)),
        }
    if kind == "cash":
        return {"type": "cash", "power": power, "secret": draw(st.sampled_from(SECRET_NAMES))}
    if kind == "police":
        cities = [c.name for c in DATA.cities.values() if c.owner == power]
        placed = draw(st.lists(st.sampled_from(cities), min_size=1, max_size=8))
        return {"type": "police", "power": power, "cities": placed}
    if kind == "counterspy":
        enemy = draw(st.sampled_from(POWERS))
        target = draw(st.sampled_from(list(DATA.spies[enemy])))
        city = draw(st.sampled_from(CITIES))
        action = {"type": "counterspy", "power": power, "enemy": enemy, "target": target}
        return action | {"city": city} | ({"owner": "neutral"} if city == "Lille" else {})
    return {"type": "drop_lost", "power": power, "city": draw(st.sampled_from(CITIES))}


def check(state: dict, before: dict, action: dict) -> None:
    """The invariants of every state a game reaches, forced actions included."""
    # every tile in exactly one place (a hand, played, discarded); all of them once set up
    places = tile_places(state)
    twice = sorted(code for code, n in places.items() if n > 1)
    assert not twice, f"after {action}: {twice} in more than one place"
    unknown = sorted(set(places) - set(TILES))
    assert not unknown, f"after {action}: tiles that do not exist: {unknown}"
    if state["phase"] != "setup":
        lost = sorted(set(TILES) - set(places))
        assert not lost, f"after {action}: {lost} in no place"
    # banks and chits never below zero; the chits conserved (cup, powers, drops)
    assert all(pounds >= 0 for pounds in state["bank"].values()), (action, state["bank"])
    assert all(n >= 0 for n in state["chits"].values()), (action, state["chits"])
    assert state["cup"] >= 0, (action, state["cup"])
    drops = sum(len(cities) for cities in state["drops"].values())
    assert state["cup"] + sum(state["chits"].values()) + drops == DATA.cup, action
    # the Action Points within the turn's: 0-12, never more than before within one turn
    assert 0 <= state["ap_left"] <= DATA.ap, (action, state["ap_left"])
    same_turn = (state["year"], state["turn"]) == (before["year"], before["turn"])
    if same_turn and before["phase"] == state["phase"] == "play":
        assert state["ap_left"] <= before["ap_left"], (action, before["ap_left"], state["ap_left"])
    # the points the sum of the record (each entry its value times its year's multiple)
    view = GAME.view(state)
    for power, entries in state["record"].items():
        total = sum(e["value"] * int(state["multiples"][str(e["year"])]) for e in entries)
        assert view["points"][power] == total, (action, power, entries)
        assert view["points"][power] == sum(e["points"] for e in view["record"][power])
    assert DATA.first_year <= state["year"] <= DATA.last_year
    assert state["turn"] in POWERS


# Derandomized and without a database: the same games on every run. No shrinking: a game of a
# few hundred steps shrinks for minutes; a failure names the step and the history before it.
def story(entries: list[Entry], action: dict, forced: bool) -> str:
    """The history up to a failing step, as `deaddrop table do` would take it."""

    def line(action: dict, forced: bool) -> str:
        return action_text(action) + (f' --force "{FORCED}"' if forced else "")

    lines = [line(e.action, e.force is not None) for e in entries]
    lines.append(line(action, forced) + "    <- this step")
    return f"the history ({len(lines)} steps, the set up first):\n  " + "\n  ".join(lines)


SETTINGS = settings(
    max_examples=60,
    deadline=None,
    derandomize=True,
    database=None,
    phases=[Phase.explicit, Phase.generate],
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


@SETTINGS
@given(st.data())
def test_random_play_forced_actions_included_keeps_the_bookkeeping(data):
    options = resolve_options(GAME, {"players": data.draw(st.integers(2, 5), label="players")})
    start = initial_state(GAME, options)
    state = start
    entries: list[Entry] = []
    reached: list[dict] = []

    def enter(action: dict, forced: bool) -> bool:
        nonlocal state
        action = GAME.complete(state, action, data.draw(st.integers(0, 2**31 - 1)))
        before = copy.deepcopy(state)
        after = GAME.apply(state, action, force=forced)
        assert state == before, f"apply changed the state it was given: {action}"
        if isinstance(after, Refusal):
            return False
        assert GAME.describe(action, state, after)
        try:
            check(after, state, action)
        except AssertionError as error:
            raise AssertionError(f"{error}\n{story(entries, action, forced)}") from None
        entries.append(Entry(action, force=FORCED if forced else None))
        reached.append(after)
        state = after
        return True

    # the set up: hands drawn by the tracker, the standard secrets and police
    for power in POWERS:
        assert enter({"type": "hand", "power": power}, False)
        assert enter({"type": "secrets", "power": power, "cities": SECRETS[power]}, False)
        assert enter({"type": "police", "power": power, "cities": POLICE[power]}, False)
    assert state["phase"] == "play"

    forced_count = 0
    for _ in range(data.draw(st.integers(20, 250), label="steps")):
        action = data.draw(candidate(state), label="action")
        forced = data.draw(st.integers(0, 3), label="force") == 0
        if enter(action, forced):
            forced_count += forced
        if state["phase"] != "play":
            break
    event(f"reached {state['year']} ({state['phase']})")
    event("forced actions applied" if forced_count else "no forced action applied")

    # the replay of the accepted history gives every state reached, step by step
    replayed = steps(GAME, start, entries)
    assert [step.after for step in replayed] == reached
    GAME.render(state)
