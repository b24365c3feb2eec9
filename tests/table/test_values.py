"""KEY=VALUE parsing of `do` values and `new -o` options (property and examples)."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from assistant.table import parse_assignments
from deaddrop.errors import InputError

key = st.from_regex(r"[a-z][a-z0-9_]{0,8}", fullmatch=True)
scalar = st.one_of(
    st.integers(-(10**6), 10**6),
    st.booleans(),
    st.none(),
    st.text(st.characters(codec="utf-8", exclude_categories=["Cs", "Cc", "Zl", "Zp"]), max_size=10),
)
value = st.recursive(scalar, lambda inner: st.lists(inner, max_size=3), max_leaves=6)


@settings(max_examples=200, deadline=None)
@given(st.dictionaries(key, value, max_size=4))
def test_json_written_values_read_back(values):
    words = [f"{k}={json.dumps(v, ensure_ascii=False)}" for k, v in values.items()]
    assert parse_assignments(words, "value") == values


def test_yaml_scalars():
    assert parse_assignments(["n=3", "player=red", "cards=[1,2]", "x=", "f=1.5"], "value") == {
        "n": 3,
        "player": "red",
        "cards": [1, 2],
        "x": "",
        "f": 1.5,
    }


@pytest.mark.parametrize(
    ("word", "message"),
    [
        ("n", "value 'n': expected KEY=VALUE (e.g. n=3)"),
        ("=3", "value '=3': expected KEY=VALUE (e.g. n=3)"),
        ("n=[1,", "value 'n=[1,': the value is not valid YAML"),
    ],
)
def test_bad_words(word, message):
    with pytest.raises(InputError) as caught:
        parse_assignments([word], "value")
    assert caught.value.message == message
