"""The export format: round trips (property), line numbers in errors."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from assistant.history import Entry, action_text, differences
from assistant.history_file import HistoryFile, dump_history, parse_history
from deaddrop.errors import InputError

text = st.text(
    st.characters(codec="utf-8", exclude_categories=["Cs", "Cc", "Zl", "Zp"]), max_size=12
)
scalar = st.one_of(st.integers(-1000, 1000), text, st.booleans(), st.none())
value = st.recursive(scalar, lambda inner: st.lists(inner, max_size=3), max_leaves=6)
action = st.builds(
    lambda kind, rest: {"type": kind, **rest},
    text.filter(bool),
    st.dictionaries(text.filter(lambda k: k and k != "type"), value, max_size=3),
)
entry = st.builds(
    Entry,
    action,
    st.none() | text,
    st.none() | text,
    st.none() | text,
    st.none() | st.just("2026-11-22T09:00:00Z"),
)
history = st.builds(
    HistoryFile,
    st.sampled_from(["tally", "spies-and-lies"]),
    st.dictionaries(text.filter(bool), value, max_size=3),
    st.lists(entry, max_size=6),
    st.none() | text.filter(bool),
)


@settings(max_examples=150, deadline=None)
@given(history)
def test_dump_then_parse_is_the_identity(h):
    assert parse_history(dump_history(h), "h.yaml") == h


def test_parse_gives_lines_of_events():
    parsed = parse_history(
        "game: tally\nevents:\n  - action: {type: add, player: red, n: 1}\n"
        "  - action: {type: sub, player: red, n: 1}\n    force: why\n",
        "h.yaml",
    )
    assert [e.line for e in parsed.events] == [3, 4]
    assert parsed.events[1].force == "why"
    assert parsed.options == {}


def test_every_problem_is_listed():
    with pytest.raises(InputError) as caught:
        parse_history(
            "game: 3\noptions: [1]\nevents:\n  - action: {player: red}\n  - 7\n", "h.yaml"
        )
    assert caught.value.lines() == [
        "h.yaml:1: game: missing or not a name (e.g. game: tally)",
        "h.yaml:2: options: not a mapping (e.g. options: {max: 20})",
        "h.yaml:4: events[0].action: missing or without a type "
        "(a mapping such as {type: add, player: red, n: 3})",
        "h.yaml:5: events[1]: not a mapping "
        "(action: {type: ...} and optional by, force, void, time)",
    ]


def test_action_text_and_differences():
    assert action_text({"type": "add", "player": "red", "n": 3}) == "add player=red n=3"
    assert action_text({"type": "x", "cards": [1, 2], "p": "a b"}) == 'x cards=[1,2] p="a b"'
    assert differences({"a": {"b": 1, "c": [1, 2]}}, {"a": {"b": 2, "c": [1, 3]}}) == [
        ("a.b", 1, 2),
        ("a.c[1]", 2, 3),
    ]
    assert differences({"x": 1}, {"x": 1}) == []


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ("[]", "h.yaml:2: options: not a mapping (e.g. options: {max: 20})"),
        ("{1: 2, a: 3}", "h.yaml:2: options.1: not a name (an option name, e.g. max)"),
    ],
)
def test_options_must_be_a_mapping_of_names(options, message):
    with pytest.raises(InputError) as caught:
        parse_history(f"game: tally\noptions: {options}\nevents: []\n", "h.yaml")
    assert caught.value.lines() == [message]


@pytest.mark.parametrize("extra", ["1: 2", "b: .nan", "c: {2: x}"])
def test_an_action_that_json_would_change_is_not_plain_data(extra):
    with pytest.raises(InputError) as caught:
        parse_history(f"game: tally\nevents:\n  - action: {{type: add, {extra}}}\n", "h.yaml")
    assert caught.value.lines() == [
        "h.yaml:3: events[0].action: not plain data (text, numbers, lists)"
    ]
