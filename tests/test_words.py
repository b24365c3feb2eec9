"""Articles and plurals, one place for every game (assistant/words.py; issue 23, item 11), and
what the players read held to them: every line of every recorded game's log and every refusal
the refusal tables expect has no "a" before a vowel sound, no "1 <plural>", no raw JSON."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from words_check import message_problems, problems

from assistant.games import load_game
from assistant.history import initial_state, steps
from assistant.history_file import read_history
from assistant.words import a, plural

ROOT = Path(__file__).resolve().parent
RECORDED = sorted(ROOT.glob("*/games/*.yaml"))


def test_the_article_follows_the_sound():
    assert a("Smoke Cloud") == "a Smoke Cloud" and a("Oil Slick") == "an Oil Slick"
    assert a("orange 2-pip") == "an orange 2-pip" and a("Escape chit") == "an Escape chit"
    assert (
        a("8") == "an 8" and a("11") == "an 11" and a("3") == "a 3" and a("one-way") == "a one-way"
    )
    assert a("hour") == "an hour" and a("unit") == "a unit" and a("usable") == "a usable"


def test_plurals():
    assert plural(1, "opponent") == "1 opponent" and plural(2, "opponent") == "2 opponents"
    assert plural(3, "life") == "3 lives" and plural(0, "piece") == "0 pieces"
    assert plural(2, "pass") == "2 passes"
    assert plural(3, "city") == "3 cities" and plural(2, "day") == "2 days"


@given(st.integers(0, 10**6), st.from_regex(r"[a-z]{2,12}", fullmatch=True))
def test_a_count_reads_right(n, word):
    text = plural(n, word)
    assert text.startswith(f"{n} ") and (text == f"1 {word}") == (n == 1)
    assert problems(a(word)) == []


@pytest.mark.parametrize("path", RECORDED, ids=lambda p: f"{p.parent.parent.name}/{p.name}")
def test_every_recorded_log_line_reads_well(path):
    history = read_history(path)
    game = load_game(history.game)
    done = steps(game, initial_state(game, history.options), history.events)
    assert done
    for step in done:
        if step.entry.void is not None:
            continue
        line = game.describe(step.entry.action, step.before, step.after)
        assert problems(line) == [], f"{path.name} event {step.number}: {line}"


def expected_refusals() -> list[str]:
    import sys

    for folder in ("spies_and_lies", "spy_vs_spy"):  # their helpers import as top-level modules
        if str(ROOT / folder) not in sys.path:
            sys.path.insert(0, str(ROOT / folder))
    from tests.spies_and_lies.test_refusals import CASES as SAL
    from tests.spy_vs_spy.test_refusals import CASES as SVS

    return [case.refusal for case in (*SAL.values(), *SVS.values())]


def test_every_expected_refusal_reads_well():
    refusals = expected_refusals()
    assert len(refusals) > 100
    bad = [(text, problems(text)) for text in refusals if problems(text)]
    assert bad == []


def test_the_checks_find_what_they_look_for():
    assert problems("black shows a orange 2-pip") == ["'a orange'"]
    assert problems("diplomacy with 1 opponents") == ["'1 opponents'"]
    assert problems("an Smoke Cloud") == ["'an Smoke'"]
    assert problems('random: ["a", "b"]') == ["raw JSON"]
    assert problems('the action {"power": "Germany"}') == ["raw JSON"]
    assert problems('the state "hands": 3') == ["raw JSON"]
    assert problems('damaged database (near "(": syntax error)') == []  # SQLite's own words
    # what a refusal echoes of the value it was given is the player's, not a sentence of ours
    assert message_problems('power: expected Germany (got {"a": None})') == []
    assert message_problems('power: expected {"a": 1} (got 2)') == ["raw JSON"]
    assert problems("a one-way door, an 8, 11 pieces") == []


def test_every_message_made_by_a_test_is_checked(request):
    """The conftest's recorder sees each refusal and error as it is made, and fails the test that
    made one that reads wrong."""
    import words_check

    from assistant.engine import Refusal
    from deaddrop.errors import Refused

    words_check.take()
    Refusal("Combat", "black shows a orange 2-pip")
    Refused("diplomacy with 1 opponents")
    Refused("no spy named 'a apple' (the name is the player's)")
    made = words_check.take()
    assert made[0] == "Combat: black shows a orange 2-pip" and len(made) == 3
    assert words_check.bad_messages(made) == [
        "'Combat: black shows a orange 2-pip': 'a orange'",
        "'diplomacy with 1 opponents': '1 opponents'",
    ]
    (conftest,) = [
        plugin
        for plugin in request.config.pluginmanager.get_plugins()
        if getattr(plugin, "__file__", "") == str(ROOT / "conftest.py")
    ]
    call = conftest.pytest_runtest_call(item=request.node)
    next(call)
    Refusal("Turns", "it is Germany's turn, not Britain's: a Escape chit waits")
    with pytest.raises(AssertionError, match="'a Escape'"):
        call.send(None)
