# ruff: noqa: E501  (tables of exact messages read best one case a line)
"""The rules, pinned where a mutation run found them loose (docs/table.md, "Writing a game").

Each test states a rule as the players meet it: the exact refusal (rule and words), the exact
state an action leaves, the exact log line. Written to kill the mutants that survived the suite
in assistant/games/actions.py, tally.py and the Spy! referee (spy/rules.py, spy/scoring.py);
the Spies & Lies rules have theirs in tests/spies_and_lies/test_sl_rules_mutants.py.
"""

from __future__ import annotations

import copy

import pytest

from assistant.engine import Refusal
from assistant.games.actions import (
    PLAYER,
    TEXT,
    Action,
    Actions,
    Kind,
    Param,
    Refuse,
    Turn,
    When,
    vocabulary_text,
    whole,
)
from assistant.games.spy.rules import GAME as SPY
from assistant.games.spy.scoring import result_text, score
from assistant.games.spy.seal import parse_vertices, seal_hash
from assistant.games.tally import GAME as TALLY

# ---- Tally: the worked example of a game ------------------------------------------------------

TALLY_OPTIONS = {"players": ["red", "blue"], "start": 3, "max": 10, "dice": 2}


def tally(*actions: dict, force: bool = False, **options) -> dict:
    state = TALLY.setup({**TALLY_OPTIONS, **options})
    for action in actions:
        after = TALLY.apply(state, action, force=force)
        assert not isinstance(after, Refusal), f"{action}: {after}"
        state = after
    return state


def tally_refusal(action: dict, force: bool = False, **options) -> str:
    out = TALLY.apply(tally(**options), action, force=force)
    assert isinstance(out, Refusal), f"{action} was not refused"
    return str(out)


def add(player: str, n: object) -> dict:
    return {"type": "add", "player": player, "n": n}


def sub(player: str, n: object) -> dict:
    return {"type": "sub", "player": player, "n": n}


def roll(player: str, dice: object) -> dict:
    return {"type": "roll", "player": player, "dice": dice}


@pytest.mark.parametrize(
    "action, why",
    [
        (add("red", 0), "amount: n must be a whole number of at least 1 (got 0)"),
        (add("red", True), "amount: n must be a whole number of at least 1 (got True)"),
        (add("red", 1.0), "amount: n must be a whole number of at least 1 (got 1.0)"),
        (sub("red", None), "amount: n must be a whole number of at least 1 (got None)"),
        (
            {"type": "add", "player": "red"},
            "amount: n must be a whole number of at least 1 (got None)",
        ),
        (roll("red", []), "dice: a roll carries its dice, 1 to 6 each (got [])"),
        (roll("red", [0, 3]), "dice: a roll carries its dice, 1 to 6 each (got [0, 3])"),
        (roll("red", [3, 7]), "dice: a roll carries its dice, 1 to 6 each (got [3, 7])"),
        (roll("red", [True]), "dice: a roll carries its dice, 1 to 6 each (got [True])"),
        (roll("red", 4), "dice: a roll carries its dice, 1 to 6 each (got 4)"),
        (add("green", 1), "player: no player 'green' at this table (players: red, blue)"),
        ({"type": "jump"}, "action: unknown action 'jump' (known: add, sub, roll)"),
        ({"type": 5}, "action: unknown action 5 (known: add, sub, roll)"),
        ({"player": "red"}, "action: unknown action None (known: add, sub, roll)"),
        (["add"], "action: expected a mapping with a type (got ['add'])"),
        (
            {"type": "add", "player": "red", "n": 1, "z": 0, "colour": 2},
            "action: add takes no 'colour' (it takes n, player)",
        ),
        (
            {"type": "roll", "player": "red", "dice": [1], "n": 1},
            "action: roll takes no 'n' (it takes dice, player, seed)",
        ),
        (
            {"type": "add", "player": "red", "n": 1, 2: "x", "z": 0},
            "action: add takes no '2' (it takes n, player)",
        ),
    ],
)
def test_tally_refuses_a_malformed_action_in_words_even_when_forced(action, why):
    assert tally_refusal(action, force=True) == why


def test_tally_floor_and_ceiling_are_exact():
    assert tally(sub("red", 3))["points"] == {"red": 0, "blue": 3}  # down to zero is allowed
    assert tally(add("red", 7))["points"] == {"red": 10, "blue": 3}  # up to the maximum too
    assert tally_refusal(sub("red", 4)) == ("floor: red has 3; subtracting 4 would go below zero")
    assert tally_refusal(add("blue", 8)) == (
        "ceiling: blue has 3; adding 8 would pass the maximum 10"
    )
    assert tally_refusal(roll("blue", [6, 2])) == (
        "ceiling: blue has 3; adding 8 would pass the maximum 10"
    )
    assert tally(add("blue", 1000), max=0)["points"]["blue"] == 1003  # 0: no maximum
    assert tally(sub("red", 4), force=True)["points"]["red"] == -1  # a house rule
    assert TALLY.apply(tally(), sub("red", 4)) == Refusal(  # not forced unless asked
        "floor", "red has 3; subtracting 4 would go below zero"
    )


def test_tally_roll_keeps_the_last_roll_and_only_a_roll_does():
    state = tally(roll("blue", [2, 5]))
    assert state == {
        "players": ["red", "blue"],
        "points": {"red": 3, "blue": 10},
        "max": 10,
        "dice": 2,
        "last_roll": {"player": "blue", "dice": [2, 5]},
    }
    assert tally(roll("blue", [2, 5]), add("red", 1))["last_roll"] == {
        "player": "blue",
        "dice": [2, 5],
    }
    assert tally(add("red", 1))["last_roll"] is None


@pytest.mark.parametrize(
    "options, why",
    [
        ({"players": []}, "option players: expected a list of distinct names, got []"),
        ({"players": "red"}, "option players: expected a list of distinct names, got 'red'"),
        (
            {"players": ["red", ""]},
            "option players: expected a list of distinct names, got ['red', '']",
        ),
        (
            {"players": ["red", 3]},
            "option players: expected a list of distinct names, got ['red', 3]",
        ),
        (
            {"players": ["a", "a"]},
            "option players: expected a list of distinct names, got ['a', 'a']",
        ),
        ({"start": -1}, "option start: expected a whole number >= 0, got -1"),
        ({"max": 2.5}, "option max: expected a whole number >= 0, got 2.5"),
        ({"dice": True}, "option dice: expected a whole number >= 0, got True"),
    ],
)
def test_tally_options_that_are_refused(options, why):
    from deaddrop.errors import InputError

    with pytest.raises(InputError) as caught:
        TALLY.setup({**TALLY_OPTIONS, **options})
    assert caught.value.message == why


def test_tally_start_above_the_maximum_is_a_refusal_unless_there_is_none():
    assert TALLY.setup({**TALLY_OPTIONS, "start": 11}) == Refusal(
        "ceiling", "start 11 is above the maximum 10"
    )
    assert TALLY.setup({**TALLY_OPTIONS, "start": 10})["points"] == {"red": 10, "blue": 10}
    assert TALLY.setup({**TALLY_OPTIONS, "start": 11, "max": 0})["points"]["red"] == 11
    assert TALLY.setup({**TALLY_OPTIONS, "start": 0, "max": 0, "dice": 0})["dice"] == 0


def test_tally_view_describe_and_render():
    before = tally(players=["red", "green"])
    after = tally(roll("green", [3, 4]), players=["red", "green"])
    assert TALLY.view(after) == {
        "points": {"red": 3, "green": 10},
        "max": 10,
        "last_roll": {"player": "green", "dice": [3, 4]},
    }
    view = TALLY.view(after)
    view["points"]["red"] = 99
    assert after["points"]["red"] == 3  # the view is a copy
    assert TALLY.describe(roll("green", [3, 4]), before, after) == "green rolls 3+4 = 7 (now 10)"
    assert TALLY.describe(add("red", 2), before, tally(add("red", 2))) == "red adds 2 (now 5)"
    assert TALLY.describe(sub("red", 2), before, tally(sub("red", 2))) == "red subtracts 2 (now 1)"
    assert TALLY.render(after) == "red       3\ngreen    10\n(maximum 10)\nlast roll: green 3+4"
    assert TALLY.render(tally(max=0)) == "red      3\nblue     3"


def test_tally_complete_draws_the_configured_number_of_dice_from_the_seed():
    import random

    state = tally(dice=3)
    drawn = TALLY.complete(state, {"type": "roll", "player": "red"}, 42)
    rng = random.Random(42)
    assert drawn == {
        "type": "roll",
        "player": "red",
        "dice": [rng.randint(1, 6) for _ in range(3)],
        "seed": 42,
    }
    assert TALLY.complete(state, add("red", 1), 42) == add("red", 1)
    assert TALLY.complete(state, {}, 42) == {}


# ---- Actions: the declared vocabulary and its apply -----------------------------------------


def test_whole_numbers_are_ints_but_not_bools():
    assert [whole(v) for v in (0, -3, 10**20, True, False, 1.0, "1", None)] == [
        True,
        True,
        True,
        False,
        False,
        False,
        False,
        False,
    ]


def test_a_forced_turn_records_each_rule_it_overrode():
    turn = Turn(force=True)
    turn.rule(True, "kept", "not broken")
    turn.rule(False, "floor", "below zero")
    turn.rule(False, "ceiling", "above the top")
    assert turn.overridden == [Refusal("floor", "below zero"), Refusal("ceiling", "above the top")]
    with pytest.raises(Refuse) as caught:
        Turn().rule(False, "floor", "below zero")
    assert caught.value.refusal == Refusal("floor", "below zero")
    assert str(caught.value) == "floor: below zero"
    assert Turn().overridden == []


def _counter_game(**declared) -> Actions:
    """A small game written on Actions: `bump` raises a counter by `by` (1 to 3), `reset` takes
    no parameter, `note` takes an optional text. `before`/`after` given by the test."""

    def by_problem(value, state, action):
        return (
            None if whole(value) and 1 <= value <= 3 else f"{action}: by is 1 to 3, not {value!r}"
        )

    def bump(state, action, turn):
        turn.rule(state["n"] + action["by"] <= 5, "top", f"{state['n']} + {action['by']} > 5")
        state["n"] += action["by"]

    def reset(state, action, turn):
        state["n"] = 0

    def note(state, action, turn):
        state["notes"].append(action.get("text", "-"))

    def not_zero(state, action, turn):
        turn.rule(state["n"] != 0, "reset", "already at zero")

    def text_problem(value, state, action):
        return None if isinstance(value, str) else f"a note is text, not {value!r}"

    text = Kind("text", text_problem)
    return Actions(
        Action("bump", "raise the counter", bump, (Param("by", Kind("1-3", by_problem, "by")),)),
        Action("reset", "back to zero", reset, (), When("not at zero", ("any",), not_zero)),
        Action("note", "a note", note, (Param("text", text, False, "what to note"),)),
        **declared,
    )


def test_actions_apply_runs_the_shape_check_before_after_and_the_handler_on_copies():
    calls: list[str] = []

    def before(state, action, turn):
        calls.append(f"before {action['type']}")
        if state.get("over"):
            raise Refuse("over", "the game is over")

    def after(state, turn):
        calls.append(f"after n={state['n']}")
        state["steps"] += 1

    game = _counter_game(before=before, after=after)
    state = {"n": 0, "steps": 0, "notes": []}
    action = {"type": "bump", "by": 2}
    out = game.apply(state, action, Turn())
    assert out == {"n": 2, "steps": 1, "notes": []}
    assert state == {"n": 0, "steps": 0, "notes": []} and action == {"type": "bump", "by": 2}
    assert calls == ["before bump", "after n=2"]
    assert game.apply({**out, "over": True}, action, Turn()) == Refusal("over", "the game is over")
    assert game.apply(out, {"type": "reset"}, Turn()) == {"n": 0, "steps": 2, "notes": []}
    assert game.apply(state, {"type": "reset"}, Turn()) == Refusal("reset", "already at zero")
    assert game.apply(state, {"type": "reset"}, Turn(force=True))["n"] == 0  # the check's turn
    assert game.apply(state, {"type": "bump", "by": 4}, Turn()) == Refusal(
        "by", "bump: by is 1 to 3, not 4"
    )
    turn = Turn(force=True)
    assert game.apply({**state, "n": 5}, action, turn)["n"] == 7
    assert turn.overridden == [Refusal("top", "5 + 2 > 5")]


def test_a_missing_parameter_is_named_unless_the_game_checks_it():
    named = _counter_game()  # missing="named" is the default
    assert named.missing == "named"
    assert named.apply({"n": 0, "notes": []}, {"type": "bump"}, Turn()) == Refusal(
        "action", "bump needs by=..."
    )
    checked = _counter_game(missing="checked")
    assert checked.apply({"n": 0, "notes": []}, {"type": "bump"}, Turn()) == Refusal(
        "by", "bump: by is 1 to 3, not None"
    )
    # an optional parameter left out is not checked, and the handler sees it absent
    assert named.apply({"n": 0, "notes": []}, {"type": "note"}, Turn())["notes"] == ["-"]
    assert named.apply({"n": 0, "notes": []}, {"type": "note", "text": 5}, Turn()) == Refusal(
        "action", "a note is text, not 5"
    )
    assert named.named["note"].takes() == ["text"]
    assert list(named.named) == ["bump", "reset", "note"]


def test_the_vocabulary_of_actions_as_data_and_as_text():
    game = _counter_game()
    vocabulary = game.as_json()
    assert vocabulary == [
        {
            "name": "bump",
            "help": "raise the counter",
            "when": {"text": "any time", "phases": []},
            "params": [{"name": "by", "type": "1-3", "required": True, "help": ""}],
        },
        {
            "name": "reset",
            "help": "back to zero",
            "when": {"text": "not at zero", "phases": ["any"]},
            "params": [],
        },
        {
            "name": "note",
            "help": "a note",
            "when": {"text": "any time", "phases": []},
            "params": [{"name": "text", "type": "text", "required": False, "help": "what to note"}],
        },
    ]
    text = vocabulary_text({"game": "counter", "title": "A counter", "actions": vocabulary})
    assert text == "\n".join(
        [
            "counter: A counter",
            "",
            "bump: raise the counter",
            "  when: any time",
            "  by  1-3  required",
            "",
            "reset: back to zero",
            "  when: not at zero",
            "",
            "note: a note",
            "  when: any time",
            "  text  text  optional  what to note",
        ]
    )


def test_the_player_kind_names_the_players_at_the_table():
    assert PLAYER.problem("red", {"players": ["red", "blue"]}, "add") is None
    assert PLAYER.problem("Red", {"players": ["red", "blue"]}, "add") == (
        "no player 'Red' at this table (players: red, blue)"
    )
    assert (PLAYER.name, PLAYER.rule, TEXT.problem, TEXT.rule) == (
        "player",
        "player",
        None,
        "action",
    )


# ---- Spy! (the referee) ----------------------------------------------------------------------

RED = "2B 2D 5D 5H 10H 10B 9B"  # legal on the 10 x 10 field with lengths 1-6
BLUE = "2C 2A 5A 5B 10B 10F 4F"
SPY_OPTIONS = {key: option.default for key, option in SPY.options.items()}
SMALL = {"rows": 3, "cols": 6, "lengths": [1, 2], "squares": [2]}  # a field that is not square


def spy(*actions: dict, state: dict | None = None, force: bool = False, **options) -> dict:
    """The state after these actions from a new game (options over the defaults)."""
    state = SPY.setup({**SPY_OPTIONS, **options}) if state is None else state
    for action in actions:
        after = SPY.apply(state, action, force=force)
        assert not isinstance(after, Refusal), f"{action}: {after}"
        state = after
    return state


def spy_refusal(state: dict, action: dict, force: bool = False) -> str:
    """The refusal of `action` as the table prints it ("rule: why"); the state is untouched."""
    before = copy.deepcopy(state)
    out = SPY.apply(state, action, force=force)
    assert isinstance(out, Refusal), f"{action} was not refused"
    assert state == before
    return str(out)


def seal(player: str, network: str, salt: str = "s") -> dict:
    return {"type": "seal", "player": player, "network": network, "salt": salt}


def commit(player: str, network: str, salt: str = "s") -> dict:
    return {"type": "commit", "player": player, "hash": seal_hash(parse_vertices(network), salt)}


def probe(player: str, cells: str) -> dict:
    return {"type": "probe", "player": player, "cells": cells}


def sealed() -> dict:
    return spy(seal("red", RED), seal("blue", BLUE))


def test_spy_refusals_name_the_rule_and_why_in_each_phase():
    new = spy()
    assert spy_refusal(new, probe("red", "5E")) == "probe: both networks must be sealed first"
    assert spy_refusal(new, {"type": "claim", "player": "red", "network": BLUE}) == (
        "claim: claims come after both networks are sealed"
    )
    assert spy_refusal(new, {"type": "reveal", "player": "red"}) == (
        "reveal: networks are revealed after a claim"
    )
    play = sealed()
    assert spy_refusal(play, {"type": "answer", "player": "blue", "answers": "h"}) == (
        "answer: no probe of blue's field is waiting for an answer"
    )
    claimed = spy({"type": "claim", "player": "red", "network": BLUE}, state=play)
    assert spy_refusal(claimed, probe("blue", "5E")) == "probe: a claim ended the probing"
    assert spy_refusal(claimed, {"type": "claim", "player": "red", "network": BLUE}) == (
        "claim: red has already claimed"
    )
    shown = spy({"type": "reveal", "player": "red"}, state=claimed)
    assert spy_refusal(shown, {"type": "reveal", "player": "red"}) == (
        "reveal: red's network is already revealed"
    )
    assert spy_refusal(shown, {"type": "claim", "player": "blue", "network": RED}) == (
        "claim: claims closed when the first network was revealed"
    )


@pytest.mark.parametrize("digest", [5, None, "ABC", "a" * 63, "A" * 64])
def test_a_commitment_is_64_lower_case_hex_digits(digest):
    assert spy_refusal(spy(), {"type": "commit", "player": "red", "hash": digest}) == (
        "commit: the hash must be 64 lower-case hex digits (sha256)"
    )


def test_a_commitment_is_kept_by_the_player_who_answers_probes():
    state = spy(commit("red", RED), seal("blue", BLUE))
    assert state["seals"]["red"] == {
        "hash": seal_hash(parse_vertices(RED), "s"),
        "kept": "player",
    }
    digest = state["seals"]["red"]["hash"]
    described = SPY.describe(commit("red", RED), {}, state)
    assert described == (f"red commits to a network (hash {digest[:12]}...) and will answer probes")
    state = spy(probe("red", "5E"), probe("blue", "2B-2D"), state=state)
    assert SPY.render(state) == "\n".join(
        [
            "Spy! on a 10 x 10 field, phase: play",
            f"red: sealed {digest[:12]}... (answers probes); squares left: 2, 2, 3, 3, 4, 5",
            "blue: sealed (the referee keeps it and answers); squares left: 2, 2, 3, 4, 5",
            "  1. red probes 5E: warm",
            "  2. blue probes 2B-2D: (no answer yet)",
        ]
    )


def test_render_before_the_seals_and_with_no_square_left():
    state = spy(seal("red", RED), squares=[])
    lines = SPY.render(state).splitlines()
    assert lines[0] == "Spy! on a 10 x 10 field, phase: setup"
    assert lines[2] == "blue: not sealed yet; squares left: none"


def test_a_multiple_probe_with_no_square_left_says_none_are_left():
    state = sealed()
    state["squares"]["red"] = []
    assert spy_refusal(state, probe("red", "5A-5B")) == (
        "numbered squares: red has no 2 square left (left: none)"
    )


@pytest.mark.parametrize(
    "cells, why",
    [
        (5, "cells: cells are written 5E or 4B-4E, not 5"),
        ("5E-", "cells: '5E-' is not one cell or 2 to 5 connected cells in a row or column"),
        ("5E - ", "cells: '5E - ' is not one cell or 2 to 5 connected cells in a row or column"),
        ("4B-5C", "cells: '4B-5C' is not one cell or 2 to 5 connected cells in a row or column"),
        ("4B-4G", "cells: '4B-4G' is not one cell or 2 to 5 connected cells in a row or column"),
        ("11C", "cells: 11C is outside the 10 x 10 field (rows 1-10, columns A-J)"),
        ("4B-4Z", "cells: 4Z is outside the 10 x 10 field (rows 1-10, columns A-J)"),
    ],
)
def test_probed_cells_that_are_refused(cells, why):
    assert spy_refusal(sealed(), probe("red", cells)) == why


def test_probed_cells_may_be_written_with_spaces_and_run_five_long():
    state = spy(probe("red", " 4B - 4F "), state=sealed())
    assert state["probes"][-1]["cells"] == ["4B", "4C", "4D", "4E", "4F"]
    assert state["squares"]["red"] == [2, 2, 3, 3, 4]


def committed_blue_probed() -> dict:
    """Red sealed, blue committed; red has probed 5A-5B on blue's field (blue answers)."""
    return spy(seal("red", RED), commit("blue", BLUE), probe("red", "5A-5B"))


@pytest.mark.parametrize(
    "answers, why",
    [
        (5, "answers: answers are hot, warm or cold (h, w, c), not 5"),
        ("h,x", "answers: answers are hot, warm or cold (h, w, c), not 'h,x'"),
        (["h", 3], "answers: answers are hot, warm or cold (h, w, c), not ['h', 3]"),
        ("h", "answers: 2 cells probed, 1 answer given"),
        ("h,c,c", "answers: 2 cells probed, 3 answers given"),
    ],
)
def test_answers_that_are_refused(answers, why):
    state = committed_blue_probed()
    assert spy_refusal(state, {"type": "answer", "player": "blue", "answers": answers}) == why


def test_one_probed_cell_is_counted_in_the_singular():
    state = spy(seal("red", RED), commit("blue", BLUE), probe("red", "5A"))
    refusal = spy_refusal(state, {"type": "answer", "player": "blue", "answers": "h,c"})
    assert refusal == "answers: 1 cell probed, 2 answers given"


def test_answers_may_be_written_with_spaces_and_in_capitals():
    state = committed_blue_probed()
    state = spy({"type": "answer", "player": "blue", "answers": " Hot , c "}, state=state)
    assert state["probes"][-1]["answers"] == ["hot", "cold"]
    assert state["probes"][-1]["answered_by"] == "player"


def test_a_committed_network_is_revealed_with_its_network_and_salt():
    state = spy(
        seal("red", RED),
        commit("blue", BLUE, salt="pepper"),
        {"type": "claim", "player": "red", "network": BLUE},
    )
    need = "reveal: blue committed a hash: reveal gives network=... and salt=..."
    assert spy_refusal(state, {"type": "reveal", "player": "blue"}) == need
    assert spy_refusal(state, {"type": "reveal", "player": "blue", "network": BLUE}) == need
    assert spy_refusal(state, {"type": "reveal", "player": "blue", "salt": "pepper"}) == need
    assert spy_refusal(
        state, {"type": "reveal", "player": "blue", "network": "2B", "salt": "pepper"}
    ) == ("reveal: a network needs at least two corner cells (e.g. '2B 2D 5D 5H')")
    state = spy(
        {"type": "reveal", "player": "blue", "network": BLUE, "salt": "pepper"},
        {"type": "reveal", "player": "red"},
        state=state,
    )
    assert state["result"]["winner"] == "red"


def test_the_view_is_a_copy_the_caller_may_change():
    state = sealed()
    view = SPY.view(state)
    view["squares"]["red"].clear()
    view["seals"]["red"]["kept"] = "changed"
    assert state["squares"]["red"] == [2, 2, 3, 3, 4, 5]
    assert state["seals"]["red"]["kept"] == "referee"


def test_a_salt_entered_with_the_seal_is_kept():
    action = seal("red", RED, salt="mine")
    assert SPY.complete(spy(), action, 7) == action
    assert SPY.complete(spy(), {"type": "seal", "player": "red", "network": RED}, 255) == {
        "type": "seal",
        "player": "red",
        "network": RED,
        "salt": "000000ff",
    }


def test_spy_refusals_around_the_seals_and_the_end_of_the_game():
    new = spy()
    assert spy_refusal(new, seal("red", RED, salt="")) == "seal: the salt must be a non-empty text"
    assert spy_refusal(new, seal("red", RED, salt=5)) == "seal: the salt must be a non-empty text"
    assert spy_refusal(new, seal("red", "2B")) == (
        "seal: a network needs at least two corner cells (e.g. '2B 2D 5D 5H')"
    )
    assert spy_refusal(spy(**SMALL), seal("red", "1A 1B 1C")) == (
        "legal network: red's network is illegal: two lines are 1 long; no line is 2 long;"
        " lines 1 and 2 meet in a straight line at 1B, not at a right angle"
    )
    state = spy(seal("red", RED, salt="pepper"))
    assert state["secret"] == {"red": {"network": RED, "salt": "pepper"}, "blue": None}
    assert spy_refusal(state, seal("red", BLUE)) == "seal: red's network is already sealed"
    over = spy(
        {"type": "claim", "player": "red", "network": BLUE},
        {"type": "reveal", "player": "red"},
        {"type": "reveal", "player": "blue"},
        state=sealed(),
    )
    assert spy_refusal(over, probe("red", "5E"), force=True) == (
        "game over: the game has been scored; start a new table"
    )


def test_spy_claims_are_refused_in_words():
    state = spy(probe("red", "5E"), state=sealed())
    assert spy_refusal(state, {"type": "claim", "player": "blue", "network": RED}) == (
        "end of round: a claim is made at the end of a round (both players have spied as often,"
        " no answer pending)"
    )
    claim = {"type": "claim", "player": "blue", "network": "2B 5Q1"}
    assert spy_refusal(state, claim, force=True) == (
        "claim: '5Q1' is not a cell (expected row then column, e.g. 5E)"
    )
    small = spy(seal("red", "1A 1B 3B"), seal("blue", "3F 3E 1E"), **SMALL)
    claim = {"type": "claim", "player": "red", "network": "1A 1B 1C"}
    assert spy_refusal(small, claim) == (
        "claim: the claimed network is illegal, it cannot be anyone's: two lines are 1 long;"
        " no line is 2 long; lines 1 and 2 meet in a straight line at 1B, not at a right angle"
    )


def test_only_the_player_whose_field_was_probed_answers():
    state = committed_blue_probed()
    assert spy_refusal(state, {"type": "answer", "player": "red", "answers": "h,h"}) == (
        "answer: no probe of red's field is waiting for an answer"
    )


def test_apply_without_force_keeps_the_turn_order():
    state = sealed()
    assert SPY.apply(state, probe("blue", "5E")) == Refusal("turn", "it is red's turn to spy")


def test_a_field_that_is_not_square_bounds_probes_and_seals():
    state = spy(seal("red", "1A 1B 3B"), seal("blue", "3F 3E 1E"), **SMALL)
    assert state["phase"] == "play"
    outside = "is outside the 3 x 6 field (rows 1-3, columns A-F)"
    assert spy_refusal(state, probe("red", "4A")) == f"cells: 4A {outside}"
    assert spy_refusal(state, probe("red", "1G")) == f"cells: 1G {outside}"
    assert spy(probe("red", "3F"), state=state)["probes"][0]["answers"] == ["hot"]
    assert spy_refusal(spy(**SMALL), seal("red", "1F 1G 3G")) == (
        "legal network: red's network is illegal: line 1 leaves the field at 1G; line 2 leaves"
        " the field at 1G"
    )


@pytest.mark.parametrize(
    "options, why",
    [
        (
            {"players": ["red", "red"]},
            "option players: expected two distinct names, got ['red', 'red']",
        ),
        (
            {"players": ["", "blue"]},
            "option players: expected two distinct names, got ['', 'blue']",
        ),
        ({"players": ["red"]}, "option players: expected two distinct names, got ['red']"),
        ({"players": "red,blue"}, "option players: expected two distinct names, got 'red,blue'"),
        ({"rows": 0}, "option rows: expected a whole number 1 to 64, got 0"),
        ({"cols": 65}, "option cols: expected a whole number 1 to 64, got 65"),
        ({"rows": "10"}, "option rows: expected a whole number 1 to 64, got '10'"),
        ({"lengths": []}, "option lengths: expected whole numbers of at least 1, got []"),
        ({"lengths": 6}, "option lengths: expected whole numbers of at least 1, got 6"),
        ({"lengths": [1, 0]}, "option lengths: expected whole numbers of at least 1, got [1, 0]"),
        ({"squares": [2, 6]}, "option squares: expected numbers 2 to 5, got [2, 6]"),
        ({"squares": [1]}, "option squares: expected numbers 2 to 5, got [1]"),
        ({"squares": 3}, "option squares: expected numbers 2 to 5, got 3"),
    ],
)
def test_spy_options_that_are_refused(options, why):
    from deaddrop.errors import InputError

    with pytest.raises(InputError) as caught:
        SPY.setup({**SPY_OPTIONS, **options})
    assert caught.value.message == why


def test_spy_options_at_their_limits_are_taken():
    state = SPY.setup({**SPY_OPTIONS, "rows": 1, "cols": 64, "lengths": [1], "squares": [2, 5]})
    assert (state["rows"], state["cols"], state["lengths"]) == (1, 64, [1])
    assert state["squares"] == {"red": [2, 5], "blue": [2, 5]}
    assert SPY.setup({**SPY_OPTIONS, "rows": 64, "cols": 1})["rows"] == 64


# Scoring: the faults found at the reveal, on a field that is not square.


def test_a_network_leaving_a_field_that_is_not_square_is_a_fault():
    """Red's committed network runs down to row 4, blue's right to column H: both leave the 3 x 6
    field, so both broke the rules and nobody wins, whatever the claims."""
    red, blue = "2A 2B 4B", "3F 2F 2H"
    state = spy(
        commit("red", red),
        commit("blue", blue),
        {"type": "claim", "player": "red", "network": "1A 1B 3B"},
        {"type": "reveal", "player": "red", "network": red, "salt": "s"},
        {"type": "reveal", "player": "blue", "network": blue, "salt": "s"},
        **SMALL,
    )
    result = state["result"]
    assert result == {
        "winner": None,
        "how": "both broke the rules",
        "points": {"red": 0, "blue": 2},
        "claims": [{"by": "red", "correct": False}],
        "faults": {
            "red": ["illegal network: line 2 leaves the field at 4B"],
            "blue": ["illegal network: line 2 leaves the field at 2G"],
        },
    }
    assert result_text(result) == (
        "nobody wins: both broke the rules (the claims' victories, red 0, blue 2, do not count);"
        " faults: "
        "red: illegal network: line 2 leaves the field at 4B | "
        "blue: illegal network: line 2 leaves the field at 2G"
    )


def test_a_false_answer_after_a_referee_answer_is_still_found():
    """Probe 1 is answered by the referee (blue sealed); probe 2 by red, falsely (5D is on red's
    network): red loses outright, and the log line says so."""
    state = spy(
        commit("red", RED),
        seal("blue", BLUE),
        probe("red", "5E"),
        probe("blue", "5D"),
        {"type": "answer", "player": "red", "answers": "cold"},
        {"type": "claim", "player": "blue", "network": RED},
        {"type": "reveal", "player": "red", "network": RED, "salt": "s"},
        {"type": "reveal", "player": "blue"},
    )
    assert state["result"]["winner"] == "blue"
    assert state["result"]["how"] == "outright: red gave a false answer"
    assert state["result"]["faults"] == {"red": ["probe 2: said 5D cold, it is hot"], "blue": []}


def test_an_illegal_network_and_a_false_answer_are_both_named():
    illegal = "2B 2D 5D 5H 10H 10B 10A"  # lines 5 and 6 run on in a straight line
    state = spy(
        commit("red", illegal),
        seal("blue", BLUE),
        probe("red", "5E"),
        probe("blue", "5D"),
        {"type": "answer", "player": "red", "answers": "w"},
        {"type": "claim", "player": "red", "network": BLUE},
        {"type": "reveal", "player": "red", "network": illegal, "salt": "s"},
        {"type": "reveal", "player": "blue"},
    )
    result = state["result"]
    assert result["winner"] == "blue"
    assert result["how"] == "outright: red drew an illegal network and gave a false answer"
    assert result_text(result) == (
        "blue wins outright: red drew an illegal network and gave a false answer (the claims'"
        " victories, red 1, blue 0, do not count); faults: red: illegal network: lines 5 and 6"
        " meet in a straight"
        " line at 10B, not at a right angle; probe 2: said 5D warm, it is hot"
    )


def test_a_tie_is_written_without_a_winner():
    state = spy(
        {"type": "claim", "player": "red", "network": BLUE},
        {"type": "claim", "player": "blue", "network": RED},
        {"type": "reveal", "player": "red"},
        {"type": "reveal", "player": "blue"},
        state=sealed(),
    )
    assert result_text(state["result"]) == "tie; victories: red 1, blue 1"
    assert score(state) == state["result"]
