"""The tally game's rules against a plain model (property), and its refusals."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from assistant.engine import Refusal
from assistant.games.tally import GAME

OPTIONS = {"players": ["red", "blue"], "start": 3, "max": 10, "dice": 2}

step = st.tuples(
    st.sampled_from(["add", "sub"]), st.sampled_from(["red", "blue"]), st.integers(1, 9)
)


@settings(max_examples=200, deadline=None)
@given(st.lists(step, max_size=30), st.booleans())
def test_points_follow_the_rules(steps, force):
    state = GAME.setup(OPTIONS)
    points = {"red": 3, "blue": 3}
    for kind, player, n in steps:
        frozen = repr(state)
        after = GAME.apply(state, {"type": kind, "player": player, "n": n}, force=force)
        assert repr(state) == frozen  # the state given is never mutated
        new = points[player] + (n if kind == "add" else -n)
        if not force and (new < 0 or new > 10):
            assert isinstance(after, Refusal)
            assert after.rule == ("floor" if kind == "sub" else "ceiling")
            continue
        assert not isinstance(after, Refusal)
        points[player] = new
        state = after
    assert state["points"] == points


def test_malformed_actions_are_refused_even_when_forced():
    state = GAME.setup(OPTIONS)
    cases = [
        ({"type": "jump", "player": "red"}, "action"),
        ({"type": "add", "player": "green", "n": 1}, "player"),
        ({"type": "add", "player": "red", "n": 0}, "amount"),
        ({"type": "add", "player": "red", "n": True}, "amount"),
        ({"type": "add", "player": "red", "n": 1, "colour": 2}, "action"),
        ({"type": "roll", "player": "red", "dice": [0, 7]}, "dice"),
        ({"type": "roll", "player": "red"}, "dice"),
    ]
    for action, rule in cases:
        refusal = GAME.apply(state, action, force=True)
        assert isinstance(refusal, Refusal) and refusal.rule == rule, action


def test_roll_adds_its_dice_and_complete_is_deterministic():
    state = GAME.setup(OPTIONS)
    after = GAME.apply(state, {"type": "roll", "player": "blue", "dice": [2, 5]})
    assert after["points"]["blue"] == 10 and after["last_roll"] == {
        "player": "blue",
        "dice": [2, 5],
    }
    drawn = GAME.complete(state, {"type": "roll", "player": "red"}, 42)
    assert drawn == GAME.complete(state, {"type": "roll", "player": "red"}, 42)
    assert len(drawn["dice"]) == 2 and drawn["seed"] == 42
    entered = {"type": "roll", "player": "red", "dice": [1]}
    assert GAME.complete(state, entered, 42) is entered
