"""`assistant.games.actions.copied`, the copy every action's apply makes of the state and the
action: equal to `copy.deepcopy`'s for any JSON value (and for the other values it hands to
deepcopy), sharing no list or mapping with what it copied."""

from __future__ import annotations

import copy
from collections import OrderedDict

from hypothesis import given
from hypothesis import strategies as st

from assistant.games.actions import copied

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False)
    | st.text(max_size=4)
    | st.tuples(st.integers(), st.lists(st.integers(), max_size=2))
    | st.sets(st.integers(), max_size=3),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=3), inner),
    max_leaves=20,
)


def containers(value: object, seen: dict[int, object]) -> dict[int, object]:
    """Every mutable container in `value`, by id (kept alive in `seen`)."""
    if isinstance(value, dict | list | set):
        seen[id(value)] = value
        items = value.values() if isinstance(value, dict) else value
        for item in items:
            containers(item, seen)
    elif isinstance(value, tuple):
        for item in value:
            containers(item, seen)
    return seen


@given(json_values)
def test_a_copy_is_deepcopys_and_shares_no_container(value):
    out = copied(value)
    assert out == copy.deepcopy(value)
    assert type(out) is type(value)
    assert not set(containers(out, {})) & set(containers(value, {}))


def test_other_mappings_keep_their_type():
    value = {"a": OrderedDict(b=[1])}
    out = copied(value)
    assert type(out["a"]) is OrderedDict and out == value
    assert out["a"]["b"] is not value["a"]["b"]
