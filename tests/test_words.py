"""Articles and plurals, one place for every game (assistant/words.py; issue 23, item 11), and
what the players read held to them: every line of every recorded game's log and every refusal
the refusal tables expect has no "a" before a vowel sound, no "1 <plural>", no raw JSON."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from assistant.games import load_game
from assistant.history import initial_state, steps
from assistant.history_file import read_history
from assistant.words import a, plural

ROOT = Path(__file__).resolve().parent
RECORDED = sorted(ROOT.glob("*/games/*.yaml"))
A_VOWEL = re.compile(r"\b[Aa] (?!one\b|uni|use|usu|eu|ewe)([aeiouAEIOU]\w*|8\w*|11\b|18\b)")
CONSONANT = r"[b-df-hj-np-tv-zB-DF-HJ-NP-TV-Z]\w*|[0-79]\w*"
AN_CONSONANT = re.compile(rf"\b[Aa]n (?!hour|honest|honour|heir|8|11\b|18\b)({CONSONANT})")
PLURALS = (
    "pieces|lives|points|opponents|spies|tiles|chits|exchanges|action points|moves|cities|"
    "secrets|pounds|days|tokens|soldiers|networks|probes"
)
ONE_PLURAL = re.compile(rf"(?<![\d.,-])\b1 ({PLURALS})\b")
RAW_JSON = re.compile(r'[\[{]"|": ')


def problems(text: str) -> list[str]:
    found = [f"'{m.group(0)}'" for m in A_VOWEL.finditer(text)]
    found += [f"'{m.group(0)}'" for m in AN_CONSONANT.finditer(text)]
    found += [f"'{m.group(0)}'" for m in ONE_PLURAL.finditer(text)]
    found += ["raw JSON"] if RAW_JSON.search(text) else []
    return found


def test_the_article_follows_the_sound():
    assert a("Smoke Cloud") == "a Smoke Cloud" and a("Oil Slick") == "an Oil Slick"
    assert a("orange 2-pip") == "an orange 2-pip" and a("Escape chit") == "an Escape chit"
    assert (
        a("8") == "an 8" and a("11") == "an 11" and a("3") == "a 3" and a("one-way") == "a one-way"
    )
    assert a("hour") == "an hour" and a("unit") == "a unit"


def test_plurals():
    assert plural(1, "opponent") == "1 opponent" and plural(2, "opponent") == "2 opponents"
    assert plural(3, "life") == "3 lives" and plural(0, "piece") == "0 pieces"
    assert plural(2, "pass") == "2 passes"


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
    assert problems("a one-way door, an 8, 11 pieces") == []
