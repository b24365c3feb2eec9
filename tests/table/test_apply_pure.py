"""Every game's `apply` is pure: whatever the action (well formed or not, forced or not, applied
or refused) the state and the action given are left exactly as they were, the result is a new
state or a Refusal, never a crash, and a new state shares no list or mapping with either.

States are taken along the recorded games (every prefix) and the set up; actions are drawn from
the game's declared vocabulary, with values that fit, values that do not, keys it does not take,
unknown types and things that are not mappings at all."""

from __future__ import annotations

import copy
from functools import cache
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from assistant.engine import Refusal
from assistant.games import load_game
from assistant.history import initial_state, resolve_options

pytestmark = pytest.mark.random_input  # tests/conftest.py: words_check

TESTS = Path(__file__).parent.parent
RECORDED = {
    "tally": [TESTS / "table" / "games" / "tally-void-undo.yaml"],
    "spy": [TESTS / "table" / "games" / "spy-referee.yaml"],
    "spies-and-lies": sorted((TESTS / "spies_and_lies" / "games").glob("*.yaml")),
    "spies": sorted((TESTS / "spies" / "games").glob("*.yaml")),
    "spy-vs-spy": sorted((TESTS / "spy_vs_spy" / "games").glob("*.yaml")),
}


@cache
def states(name: str) -> list[tuple[dict, dict]]:
    """(state, the action recorded next) along the game's recorded games, from the set up (read
    when a test first asks, once a process: not while the tests are collected)."""
    game = load_game(name)
    out = []
    for path in RECORDED[name]:
        recorded = yaml.safe_load(path.read_text(encoding="utf-8"))
        state = initial_state(game, resolve_options(game, recorded.get("options") or {}))
        for event in recorded["events"]:
            out.append((copy.deepcopy(state), event["action"]))  # a snapshot
            if event.get("void"):
                continue
            after = game.apply(state, event["action"], force="force" in event)
            assert not isinstance(after, Refusal), (path.name, event, after)
            state = after
        out.append((state, {"type": "dance"}))
    return out


PLAUSIBLE = [
    *("red", "blue", "green", "", "points", "10", "5-5", "x", "it's"),
    *("5E", "4B-4E", "1A-1F", "2B 2D 5D 5H 10H 10B 9B", "h,w,c,c", "h", "a" * 64),
    *(0, 1, 2, 3, 4, 5, 6, 7, 10, 11, -1),
    *([], [1, 2], [1, 2, 3, 4], [3, 4], [0, 7], ["h"], [2, 5, 4, 9]),
    *({"red": 1, "blue": 2}, {"red": [1], "blue": [2]}, {"red": 1}),
]
json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-3, 12)
    | st.floats(allow_nan=False)
    | st.text(max_size=6),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=4), inner),
    max_leaves=8,
)
values = st.sampled_from(PLAUSIBLE) | json_values


@st.composite
def actions(draw, name: str, recorded: dict):
    """An action for game `name`: the action recorded next with a value changed or a key
    dropped, or one of a declared type with some of its parameters, some keys of other actions,
    a few unknown types and things that are no mapping."""
    declared = load_game(name).actions.actions
    every_key = sorted({p.name for a in declared for p in a.params} | {"colour"})
    shape = draw(st.integers(0, 19))
    if shape >= 10:
        action = dict(recorded)
        keys = sorted(set(action) - {"type"})
        if keys and shape >= 12:
            key = draw(st.sampled_from(keys))
            if shape == 12:
                del action[key]
            else:
                action[key] = draw(values)
        return action
    if shape == 0:
        return draw(st.none() | st.text(max_size=5) | st.lists(st.integers(), max_size=2))
    if shape == 1:
        kind = draw(st.sampled_from(["dance", "", None, 3, ["add"]]))
        return {"type": kind, **draw(st.dictionaries(st.sampled_from(every_key), values))}
    chosen = draw(st.sampled_from(declared))
    action = {"type": chosen.name}
    for param in chosen.params:
        if draw(st.integers(0, 5)) > 0:
            action[param.name] = draw(values)
    if shape == 2:
        action[draw(st.sampled_from(every_key))] = draw(values)
    return action


def containers(value, found: dict[int, object]) -> dict[int, object]:
    """Every list and mapping inside `value`, by id (kept alive in `found`)."""
    if isinstance(value, dict | list):
        found[id(value)] = value
        for item in value.values() if isinstance(value, dict) else value:
            containers(item, found)
    return found


def check_pure(name: str, state: dict, action, force: bool) -> None:
    game = load_game(name)
    state_before, action_before = copy.deepcopy(state), copy.deepcopy(action)
    out = game.apply(state, action, force=force)
    assert state == state_before, "apply changed the state it was given"
    assert action == action_before, "apply changed the action it was given"
    assert isinstance(out, Refusal | dict)
    if isinstance(out, dict):
        given_ids = containers(state, {}) | containers(action, {})
        assert not set(containers(out, {})) & set(given_ids), "the new state shares a container"


SETTINGS = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@pytest.mark.parametrize("name", sorted(RECORDED))
def test_apply_never_changes_what_it_is_given(name):
    @SETTINGS
    @given(st.data(), st.sampled_from(states(name)), st.booleans())
    def run(data, pair, force):
        state, recorded = pair
        check_pure(name, state, data.draw(actions(name, recorded)), force)

    run()


@pytest.mark.parametrize("name", sorted(RECORDED))
def test_the_recorded_actions_are_pure_too(name):
    """The recorded games' own actions, applied to every recorded state, forced and not."""
    pairs = states(name)
    for _, action in pairs:
        for state, _ in pairs[:: max(1, len(pairs) // 12)]:
            for force in (False, True):
                check_pure(name, state, action, force)
