"""pnp.record: a frozen dataclass made cheaply behaves as `@dataclass(frozen=True)` does."""

from __future__ import annotations

import copy
import dataclasses
import inspect
import pickle
from typing import ClassVar

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


SHAPES_HEAD = '''\
"""The code of a record's __init__ for each number of fields, up to %d: pnp.record puts a class's
field names into one of these (`_shape`). Written out, so that it is compiled once with this module
(its bytecode cached) rather than at each start-up: 13 compiles were ~1.2 ms of a 100-card deck's
build. tests/pnp_render/test_record.py writes this file again from pnp.record's own template and
holds it to it; a record of more fields compiles its shape as before."""

# ruff: noqa: E501, E701, E702
# fmt: off

_set = object.__setattr__  # (the scope pnp.record gives them)

'''


def shapes_source(most: int = 24) -> str:
    """pnp/record_shapes.py as it should be: an __init__ of n fields for n = 0 to `most`."""
    lines = [SHAPES_HEAD % most]
    for n in range(most + 1):
        names = [f"f{i}" for i in range(n)]
        body = "; ".join(f"_set(self, {x!r}, {x})" for x in names) or "pass"
        lines.append(f"def s{n}(self{''.join(', ' + x for x in names)}): {body}\n")
    return "".join(lines)


def test_the_written_shapes_are_the_compiled_ones():
    """pnp/record_shapes.py is what shapes_source writes, and each of its functions has the
    code pnp.record would compile (operations, names, constants, arguments)."""
    from pathlib import Path

    from pnp import record as records
    from pnp import record_shapes

    assert Path(record_shapes.__file__).read_text(encoding="utf-8") == shapes_source()
    for count in range(25):
        written, compiled = getattr(record_shapes, f"s{count}").__code__, records._compiled(count)
        assert records._shape(count) is written
        for part in ("co_code", "co_consts", "co_names", "co_varnames", "co_argcount"):
            assert getattr(written, part) == getattr(compiled, part), (count, part)
    assert not hasattr(record_shapes, "s25") and records._shape(25).co_argcount == 26
    assert Box.__init__.__code__.co_name == "__init__"  # (a written shape, renamed)


def test_a_record_keeps_its_annotations_and_knows_a_class_variable():
    """pnp.record hands dataclass placeholders for annotations that name no ClassVar, InitVar or
    KW_ONLY (it need not parse their text), and puts the annotations back."""

    @record
    class Counted:
        name: str
        made: ClassVar[int] = 0
        size: float = 1.0

    assert [(f.name, f.type) for f in dataclasses.fields(Counted)] == [
        ("name", "str"),
        ("size", "float"),
    ]
    assert Counted.__annotations__ == {"name": "str", "made": "ClassVar[int]", "size": "float"}
    assert [(f.name, f.type) for f in dataclasses.fields(Plain)] == [
        ("name", "str"),
        ("size", "float"),
    ]
    assert Plain.__annotations__ == {"name": "str", "size": "float"}
    assert Counted("a").made == 0 and Counted("a") == Counted("a", 1.0)
