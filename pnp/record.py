"""`@record`: a frozen dataclass that costs a fifth as much to define.

    @record
    class Box:
        x: float
        y: float
        w: float = 0.0

is `@dataclass(frozen=True)` for plain fields (a default, `field(default_factory=...)`,
`field(compare=False, repr=False)`): the same `__init__` signature, immutable instances that
compare and hash by their fields and print like a dataclass, and `dataclasses.fields`, `replace`
and `asdict` work on them. What differs is only how the class is made. `dataclass` compiles six
methods for each class (`__init__`, `__repr__`, `__eq__`, `__hash__`, `__setattr__`,
`__delattr__`), about 0.5 ms a class: 20 ms of every build's start-up for pnp's forty classes.
A record shares the other five with every record, and its `__init__` is the code of an
`__init__` of as many fields (compiled once for each number of fields) with the names put in.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from operator import attrgetter
from types import CodeType, FunctionType
from typing import Any, TypeVar, dataclass_transform

from pnp import record_shapes

__all__ = ["record"]

T = TypeVar("T")
_MISSING = dataclasses.MISSING
_TYPING_WORDS = ("ClassVar", "InitVar", "KW_ONLY")  # what dataclass reads an annotation for


def _setattr(self: object, name: str, value: object) -> None:
    raise dataclasses.FrozenInstanceError(f"cannot assign to field {name!r}")


def _delattr(self: object, name: str) -> None:
    raise dataclasses.FrozenInstanceError(f"cannot delete field {name!r}")


def _eq(self: Any, other: object) -> bool:
    key = self._record_key  # the compared fields' values, as a tuple
    if other.__class__ is self.__class__:
        return bool(key(self) == key(other))
    return NotImplemented


def _hash(self: Any) -> int:
    return hash(self._record_key(self))


def _repr(self: Any) -> str:
    shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in self._record_repr)
    return f"{self.__class__.__qualname__}({shown})"


def _key(names: list[str]) -> Any:
    """The values of `names` of a record (the value itself for one name): a class attribute
    that is no function, so that it does not bind to the instance."""
    return attrgetter(*names) if names else staticmethod(lambda _obj: ())


_SCOPE: dict[str, Any] = {"_set": object.__setattr__, "_MISSING": _MISSING}
_SHAPES: dict[int, CodeType] = {}  # field count -> the code of an __init__ of that many fields


def _shape(count: int) -> CodeType:
    """The code of `def __init__(self, f0, f1, ...)` setting each field, for each number of
    fields: a class's own __init__ is this code with its names put in. Written out in
    pnp.record_shapes (compiled with it, its bytecode cached), else compiled once here."""
    code = _SHAPES.get(count)
    if code is None:
        written = getattr(record_shapes, f"s{count}", None)
        code = _SHAPES[count] = written.__code__ if written is not None else _compiled(count)
    return code


def _compiled(count: int) -> CodeType:
    """The code of an __init__ of `count` fields, compiled (pnp.record_shapes holds it written
    out up to its own count: tests/pnp_render/test_record.py holds each to this)."""
    names = [f"f{n}" for n in range(count)]
    body = "".join(f" _set(self, {name!r}, {name})\n" for name in names) or " pass\n"
    scope: dict[str, Any] = {}
    exec(compile(f"def __init__(self, {', '.join(names)}):\n{body}", "<record>", "exec"), scope)
    code: CodeType = scope["__init__"].__code__
    return code


def _init(cls: type, fields: tuple[dataclasses.Field[Any], ...]) -> Callable[..., None]:
    """`cls.__init__`: each field set with object.__setattr__, as a frozen dataclass's does."""
    name = f"{cls.__qualname__}.__init__"
    if all(f.default_factory is _MISSING for f in fields):
        shape = _shape(len(fields))
        renamed = {f"f{n}": f.name for n, f in enumerate(fields)}
        code = shape.replace(
            co_varnames=("self", *renamed.values()),
            co_consts=tuple(
                renamed.get(c, c) if isinstance(c, str) else c for c in shape.co_consts
            ),
            co_name="__init__",
            co_qualname=name,
            co_filename=f"<record {cls.__qualname__}>",
        )
        defaults = tuple(f.default for f in fields if f.default is not _MISSING)
        made = FunctionType(code, _SCOPE, "__init__", defaults or None)
    else:  # a default made by a factory: compiled for the class
        scope = dict(_SCOPE)
        params, body = ["self"], []
        for n, f in enumerate(fields):
            if f.default is not _MISSING:
                scope[f"_d{n}"] = f.default
                params.append(f"{f.name}=_d{n}")
            elif f.default_factory is not _MISSING:
                scope[f"_f{n}"] = f.default_factory
                params.append(f"{f.name}=_MISSING")
                body.append(f" if {f.name} is _MISSING: {f.name} = _f{n}()")
            else:
                params.append(f.name)
            body.append(f" _set(self, {f.name!r}, {f.name})")
        source = f"def __init__({', '.join(params)}):\n" + "\n".join(body) + "\n"
        exec(compile(source, f"<record {cls.__qualname__}>", "exec"), scope)
        made = scope["__init__"]
    made.__qualname__ = name
    made.__module__ = cls.__module__
    made.__annotations__ = {f.name: f.type for f in fields} | {"return": None}
    init: Callable[..., None] = made
    return init


@dataclass_transform(frozen_default=True, field_specifiers=(dataclasses.field,))
def record(cls: type[T]) -> type[T]:
    """`cls` as a frozen dataclass, made cheaply (see the module's docstring)."""
    undocumented = not cls.__doc__
    if undocumented:  # else dataclass asks inspect for the signature (tokenize: 20 ms once)
        cls.__doc__ = cls.__name__
    annotations = cls.__dict__.get("__annotations__", {})
    plain = not any(word in str(a) for a in annotations.values() for word in _TYPING_WORDS)
    if plain:  # no ClassVar, InitVar or KW_ONLY: dataclass need not parse the annotations' text
        cls.__annotations__ = dict.fromkeys(annotations, object)
    made: Any = dataclasses.dataclass(init=False, repr=False, eq=False)(cls)
    fields = dataclasses.fields(made)
    if plain:
        made.__annotations__ = annotations
        for f in fields:
            f.type = annotations[f.name]
    if undocumented:  # the docstring dataclass gives: the signature
        made.__doc__ = f"{cls.__name__}({', '.join(f.name for f in fields)})"
    for f in fields:
        if not f.init or f.kw_only:
            raise TypeError(f"{cls.__qualname__}.{f.name}: a record field takes no init/kw_only")
    own = made.__dict__
    made.__init__ = _init(made, fields)
    made._record_key = _key([f.name for f in fields if f.compare])
    made._record_repr = tuple(f.name for f in fields if f.repr)
    for name, method in (
        ("__setattr__", _setattr),
        ("__delattr__", _delattr),
        ("__eq__", _eq),
        ("__hash__", _hash),
        ("__repr__", _repr),
    ):
        if name not in own or (name == "__hash__" and own[name] is None):
            setattr(made, name, method)
    return made
