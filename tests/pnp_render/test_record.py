"""pnp.record: a frozen dataclass made cheaply behaves as `@dataclass(frozen=True)` does."""

from __future__ import annotations

import copy
import dataclasses
import inspect
import pickle

import pytest

from pnp.model import Box, Grid, Style
from pnp.record import record


@record
class Plain:
    name: str
    size: float = 10.0


@record
class Hidden:
    """A field left out of comparisons and of the repr."""

    shown: int
    kept: dict[str, int] = dataclasses.field(default_factory=dict, compare=False, repr=False)


@record
class Empty:
    pass


@dataclasses.dataclass(frozen=True)
class Reference:
    name: str
    size: float = 10.0


def test_a_record_compares_hashes_and_prints_as_a_frozen_dataclass():
    assert Plain("a") == Plain("a", 10.0) and Plain("a") != Plain("a", 11.0)
    assert hash(Plain("a", 2.0)) == hash(Plain("a", 2.0))
    assert repr(Plain("a")) == repr(Reference("a")).replace("Reference", "Plain")
    assert Plain("a") != Reference("a") and Plain("a") != ("a", 10.0)
    assert Empty() == Empty() and hash(Empty()) == hash(Empty()) and repr(Empty()) == "Empty()"
    assert Hidden(1, {"x": 1}) == Hidden(1, {"y": 2}) and repr(Hidden(1)) == "Hidden(shown=1)"
    assert Hidden(1).kept == {} and Hidden(1).kept is not Hidden(1).kept  # a fresh default


def test_a_record_is_frozen():
    plain = Plain("a")
    with pytest.raises(dataclasses.FrozenInstanceError, match="cannot assign to field 'size'"):
        plain.size = 3.0  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError, match="cannot delete field 'name'"):
        del plain.name  # type: ignore[misc]


def test_a_record_takes_its_arguments_as_a_dataclass_does():
    assert inspect.signature(Plain) == inspect.signature(Reference)
    assert Plain(size=2.0, name="b") == Plain("b", 2.0)
    with pytest.raises(TypeError, match=r"Plain.__init__\(\) missing 1 required positional"):
        Plain()  # type: ignore[call-arg]
    with pytest.raises(TypeError, match=r"Plain.__init__\(\) takes from 2 to 3 positional"):
        Plain("a", 1.0, 2)  # type: ignore[call-arg]
    with pytest.raises(TypeError, match="unexpected keyword argument 'colour'"):
        Plain("a", colour="red")  # type: ignore[call-arg]
    assert Box(1, 2, 3, 4) == Box(x=1, y=2, w=3, h=4)
    assert Grid(Box(0, 0, 1, 1), 2, 3).label_style == Style()  # a default made by a factory


def test_dataclass_functions_work_on_records_and_copies_are_equal():
    plain = Plain("a", 2.0)
    assert [f.name for f in dataclasses.fields(plain)] == ["name", "size"]
    assert dataclasses.replace(plain, size=3.0) == Plain("a", 3.0)
    assert dataclasses.asdict(plain) == {"name": "a", "size": 2.0}
    assert dataclasses.is_dataclass(plain)
    assert pickle.loads(pickle.dumps(plain)) == plain and copy.deepcopy(plain) == plain
    assert Plain.__match_args__ == ("name", "size")
    assert Plain.__doc__ == "Plain(name, size)" and Hidden.__doc__.startswith("A field left")
