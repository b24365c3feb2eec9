"""Property tests: random turns (drawn actions of every type, the refused ones skipped as at a real
table, some forced) never push the Action Points outside 0-12 or a bank below zero, never lose
or make an Action chit, and an unforced game never plays a tile outside its years; apply never
changes what it is given; and the table core's undo, void and replay agree on the recorded
games, as for the other games."""

from __future__ import annotations

import copy
import tempfile
from functools import cache
from pathlib import Path

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from spies_table import DATA, GAMES, POWERS, Table

from assistant import table, table_io
from assistant.engine import Refusal
from assistant.games.spies.rules import GAME
from assistant.history import ReplayRefused, initial_state, replay, resolve_options
from assistant.history_file import read_history
from deaddrop.errors import Refused

RECORDED = sorted(GAMES.glob("*.yaml"))
CITIES = [*DATA.cities, "Lille"]
CHITS = list(DATA.chits)
SECRETS = list(DATA.secrets)


@st.composite
def candidate(draw, state: dict) -> dict:
    """An action a table might enter now: mostly the current power's, of any type."""
    turn = state["turn"]
    power = draw(st.sampled_from([turn] * 4 + list(POWERS)))
    hand = state["hands"][power] or ["Ge 1"]
    if state["step"]["tile"] is None and draw(st.integers(0, 9)) < 7:
        power, hand = turn, state["hands"][turn] or ["Ge 1"]
        kind = "tile"
    else:
        kinds = ["tile", "move", "move", "search", "chit", "chit", "resolve", "end", "end"]
        kinds += ["diplomacy", "give", "cash", "police", "counterspy", "drop_lost"]
        kind = draw(st.sampled_from(kinds))
    if kind == "tile":
        verb = draw(st.sampled_from(["play", "play", "discard"]))
        action = {"type": verb, "power": power, "tile": draw(st.sampled_from(hand))}
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
        if action["chit"] == "Recruit" and "spy" not in action:
            action = GAME.complete(state, action, draw(st.integers(0, 99)))
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
        return {"type": "cash", "power": power, "secret": draw(st.sampled_from(SECRETS))}
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


def check(state: dict) -> None:
    assert 0 <= state["ap_left"] <= DATA.ap
    assert all(pounds >= 0 for pounds in state["bank"].values()), state["bank"]
    assert all(n >= 0 for n in state["chits"].values()) and state["cup"] >= 0
    drops = sum(len(cities) for cities in state["drops"].values())
    assert state["cup"] + sum(state["chits"].values()) + drops == DATA.cup
    assert DATA.first_year <= state["year"] <= DATA.last_year
    assert state["turn"] in POWERS


SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def play_randomly(data, forcing: bool) -> tuple[Table, list[dict]]:
    game = Table(players=data.draw(st.integers(2, 5))).set_up()
    applied = []
    for _ in range(data.draw(st.integers(20, 400))):
        action = data.draw(candidate(game.state))
        forced = forcing and data.draw(st.integers(0, 9)) == 0
        before = copy.deepcopy(game.state)
        after = GAME.apply(game.state, action, force=forced)
        assert game.state == before
        if isinstance(after, Refusal):
            continue
        assert GAME.describe(action, game.state, after)
        game.state = after
        applied.append({**action, "forced": forced})
        check(game.state)
        if game.state["phase"] != "play":
            break
    event(f"reached {game.state['year']}")
    return game, applied


@SETTINGS
@given(st.data())
def test_random_legal_turns_stay_within_the_rules(data):
    game, applied = play_randomly(data, forcing=False)
    for entry in game.state["played"]:
        tile = DATA.tiles[entry["code"]]
        assert tile.first <= entry["year"] <= tile.last, entry
    plays = [a for a in applied if a["type"] in ("play", "discard")]
    assert len(plays) == len(game.state["played"]) + sum(map(len, game.state["discards"].values()))
    GAME.render(game.state)


@SETTINGS
@given(st.data())
def test_forced_turns_never_leave_the_track_or_the_bank(data):
    play_randomly(data, forcing=True)


def test_a_whole_game_of_end_turns_reaches_the_end():
    game = Table().set_up()
    for _ in range(35):
        game.end_turn()
        check(game.state)
    assert game.state["phase"] == "final"


# ---------------------------------------------------------------- the table core


def _imported(tmp: str, source: Path) -> Path:
    db = Path(tmp) / "t.sqlite"
    table_io.import_file(db, source, "t")
    return db


CORE = settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@CORE
@given(st.sampled_from(RECORDED), st.integers(0, 300))
def test_void_equals_replaying_the_history_without_it(source, pick):
    history = read_history(source)
    options = resolve_options(GAME, history.options)
    number = pick % len(history.events) + 1
    without = history.events[: number - 1] + history.events[number:]
    try:
        expected = replay(GAME, options, without)
    except ReplayRefused:
        expected = None
    event("void refused" if expected is None else "void applied")
    with tempfile.TemporaryDirectory() as tmp:
        db = _imported(tmp, source)
        before = table.show(db, "t").state
        if expected is None:
            with pytest.raises(Refused):
                table.void(db, "t", number, "mistake")
            assert table.show(db, "t").state == before
        else:
            assert table.void(db, "t", number, "mistake").state == expected


@CORE
@given(st.sampled_from(RECORDED), st.integers(0, 300))
def test_undo_then_redo_gives_the_same_state(source, k):
    history = read_history(source)
    with tempfile.TemporaryDirectory() as tmp:
        db = _imported(tmp, source)
        final = table.show(db, "t").state
        k = k % 12
        for _ in range(k):
            table.undo(db, "t")
        assert table.show(db, "t").state == replay(
            GAME, resolve_options(GAME, history.options), history.events[: len(history.events) - k]
        )
        for _ in range(k):
            table.redo(db, "t")
        assert table.show(db, "t").state == final


def test_undo_of_everything_gives_the_initial_state(tmp_path):
    source = GAMES / "ge2-1938.yaml"
    history = read_history(source)
    db = _imported(str(tmp_path), source)
    for _ in history.events:
        table.undo(db, "t")
    initial = initial_state(GAME, resolve_options(GAME, history.options))
    assert table.show(db, "t").state == initial


@pytest.mark.parametrize("source", RECORDED, ids=[g.stem for g in RECORDED])
def test_export_then_import_gives_the_same_state(source, tmp_path):
    db = _imported(str(tmp_path), source)
    exported = tmp_path / "again.yaml"
    exported.write_text(table_io.export(db, "t"))
    table_io.import_file(db, exported, "copy")
    assert table.show(db, "copy").state == table.show(db, "t").state
    assert table_io.replay_file("spies", exported).state == table.show(db, "t").state
    assert table_io.export(db, "copy").replace("name: copy", "name: t") == exported.read_text()


# ---------------------------------------------------------------- apply is pure

PLAUSIBLE = ["Germany", "Ge 3", "Berlin", "Kurt", "Cover", "Enigma Code", "neutral", 1, 2]
JUNK = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-3, 60)
    | st.text(max_size=8)
    | st.sampled_from(PLAUSIBLE),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=3)
    ),
    max_leaves=8,
)
KEYS = sorted({p.name for a in GAME.actions.actions for p in a.params})


@cache
def states() -> list[dict]:
    """Every 9th state along the recorded games, and their ends (replayed at the first draw, not
    while the tests are collected)."""
    out = []
    for source in RECORDED:
        history = read_history(source)
        state = initial_state(GAME, resolve_options(GAME, history.options))
        for number, entry in enumerate(history.events):
            if number % 9 == 0:
                out.append(state)
            state = GAME.apply(state, entry.action)
        out.append(state)
    return out


STATES = st.deferred(lambda: st.sampled_from(states()))


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    STATES,
    st.sampled_from([a.name for a in GAME.actions.actions] + ["dance", None]),
    st.dictionaries(st.sampled_from(KEYS), JUNK, max_size=5),
    st.booleans(),
)
def test_apply_never_changes_what_it_is_given_and_never_crashes(state, kind, fields, force):
    action = {"type": kind, **fields}
    state_before, action_before = copy.deepcopy(state), copy.deepcopy(action)
    out = GAME.apply(state, action, force=force)
    assert state == state_before and action == action_before
    assert isinstance(out, Refusal | dict)
    if isinstance(out, dict):
        GAME.view(out)
        GAME.render(out)
        GAME.describe(action, state, out)
