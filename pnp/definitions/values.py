"""Checked reading of YAML values (lengths, colours, numbers, names) with located problems.

Every reader returns the value, or `BAD` after recording a problem, so the loader can go on
and report every problem of a file at once.
"""

from __future__ import annotations

import math
import re
import string
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Protocol

from pnp.definitions.yaml_lines import Problems, Y, did_you_mean
from pnp.units import parse_length

# What a reader returns after recording a problem. It is falsy, and typed Any so that a reader's
# annotation names the value it gives when there is no problem; test for it with `failed` (with
# `x is BAD` a type checker takes BAD for x's type in that branch).
BAD: Any = type("Bad", (), {"__repr__": lambda self: "BAD", "__bool__": lambda self: False})()


def failed(*values: object) -> bool:
    """Whether any of `values` is BAD: a problem was recorded while reading it."""
    return any(value is BAD for value in values)


COLOUR = re.compile(r"^#[0-9a-fA-F]{6}$")
LENGTH_EXPECTED = "expected a number with a unit: mm, cm, in or pt, such as 63mm"


def type_name(value: Any) -> str:
    """How a YAML value reads to a person: a list, a mapping, the number 3, the text 'x'."""
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    if value is None:
        return "nothing"
    if isinstance(value, bool):
        return f"the boolean {str(value).lower()}"
    if isinstance(value, int):
        return f"the number {_digits(value)}"
    if isinstance(value, float):
        return f"the number {value}"
    return f"'{value}'"


def fields_in(text: str) -> list[str] | None:
    """The `{field}` names in a text, or None when the braces are malformed."""
    try:
        parsed = list(string.Formatter().parse(text))
    except ValueError:
        return None
    names = []
    for _, name, spec, conversion in parsed:
        if name is None:
            continue
        if not name.isidentifier() or spec or conversion:
            return None
        names.append(name)
    return names


def not_a_length(value: Any) -> str:
    """What is wrong with a YAML value that should have been a length."""
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return f"the number {value} has no unit"
    return f"{type_name(value)} is not a length"


class _Extends(Protocol):
    @property
    def extends(self) -> str | None: ...


def mapping_or_name(ctx: Ctx, node: Y, path: str, expected: str) -> bool:
    """True when `node` is a mapping; False for a name (a box or style given by name), and for
    anything else, whose problem is recorded (`expected` says what may stand here)."""
    if isinstance(node.value, dict):
        return True
    if not isinstance(node.value, str):
        ctx.err(node.line, path, f"expected {expected}, got {type_name(node.value)}")
    return False


def read_extends(ctx: Ctx, node: Y, path: str, noun: str) -> tuple[str | None, int]:
    """The name the box or style (`noun`) mapping `node` extends, None when it extends none, and
    the line to report its chain at; BAD (problem recorded) when `extends` is not a name."""
    if "extends" not in node.value:
        return None, node.line
    name = node.value["extends"]
    if not isinstance(name.value, str):
        return ctx.err(name.line, join(path, "extends"), f"expected the name of a {noun}")
    return name.value, name.line


def chain_problem(name: str, named: Mapping[str, _Extends], noun: str) -> str | None:
    """Why the box or style (`noun`) `name` cannot be resolved: an unknown name in its
    `extends` chain, or a circular `extends`; None when the chain resolves."""
    seen = [name]
    current = name
    while current in named:
        parent = named[current].extends
        if parent is None:
            return None
        if parent in seen:
            return "circular extends: " + " -> ".join([*seen[seen.index(parent) :], parent])
        seen.append(parent)
        current = parent
    return f"unknown {noun} '{current}' ({did_you_mean(current, named, noun)})"


@dataclass
class Ctx:
    """Where problems go while reading one file."""

    file: str
    problems: Problems

    def err(self, line: int | None, path: str, what: str, expected: str = "") -> Any:
        self.problems.add(self.file, line, path, what, expected)
        return BAD

    def keys(
        self,
        node: Y,
        path: str,
        allowed: set[str] | frozenset[str],
        required: tuple[str, ...] = (),
    ) -> bool:
        """Report unknown and missing keys of a mapping; False when `node` is not a mapping.

        True even when a required key is missing (so that a caller may go on to report more):
        a caller that reads a required key must check it is there."""
        if not isinstance(node.value, dict):
            self.err(node.line, path, f"expected a mapping, got {type_name(node.value)}")
            return False
        for key, value in node.value.items():
            if key not in allowed:
                self.err(
                    value.key_line, join(path, key), "unknown field", did_you_mean(key, allowed)
                )
        for key in required:
            if key not in node.value:
                self.err(node.key_line, path, f"missing required field '{key}'")
        return True

    def length(self, node: Y, path: str, minimum: float | None = 0.0) -> Any:
        try:
            value = parse_length(node.value)
        except ValueError:
            return self.err(node.line, path, not_a_length(node.value), LENGTH_EXPECTED)
        if not math.isfinite(value):
            return self.err(node.line, path, "is too large", LENGTH_EXPECTED)
        if minimum is not None and value < minimum:
            return self.err(node.line, path, "must not be negative", LENGTH_EXPECTED)
        return value

    def colour(self, node: Y, path: str, allow_none: bool = True) -> Any:
        value = node.value
        if value is None:  # `fill: #ff0000` unquoted: YAML reads a comment, so no value
            what = "no colour given"
            return self.err(
                node.line, path, what, 'expected "#rrggbb" in quotes: # starts a comment'
            )
        if value == "none":
            if allow_none:
                return None
        elif isinstance(value, str) and COLOUR.match(value):
            return value.lower()
        elif isinstance(value, str) and "{" in value and fields_in(value):
            return value  # filled from the data row, checked per row by the loader
        expected = 'expected "#rrggbb"' + (" or none" if allow_none else "")
        return self.err(node.line, path, f"{type_name(value)} is not a colour", expected)

    def integer(
        self, node: Y, path: str, minimum: int | None = None, maximum: int | None = None
    ) -> Any:
        value = node.value
        if isinstance(value, bool) or not isinstance(value, int):
            return self.err(node.line, path, f"{type_name(value)} is not a whole number")
        if minimum is not None and value < minimum:
            return self.err(
                node.line, path, f"{_digits(value)} is too small", f"expected at least {minimum}"
            )
        if maximum is not None and value > maximum:
            what = f"{_digits(value)} is too large"
            return self.err(node.line, path, what, f"expected at most {maximum}")
        return value

    def number(self, node: Y, path: str) -> Any:
        value = node.value
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            return self.err(node.line, path, f"{type_name(value)} is not a number")
        try:
            number = float(value)
        except OverflowError:  # a whole number of hundreds of digits
            number = math.inf
        if not math.isfinite(number):
            return self.err(node.line, path, f"{node.raw} is not a finite number")
        return number

    def boolean(self, node: Y, path: str) -> Any:
        if not isinstance(node.value, bool):
            return self.err(node.line, path, f"{type_name(node.value)} is not true or false")
        return node.value

    def text(self, node: Y, path: str) -> Any:
        value = node.value
        if isinstance(value, bool) or value is None or isinstance(value, (dict, list)):
            return self.err(node.line, path, f"{type_name(value)} is not a text")
        return node.raw if isinstance(value, (int, float)) else str(value)

    def choice(self, node: Y, path: str, choices: tuple[str, ...], noun: str = "value") -> Any:
        if isinstance(node.value, str) and node.value in choices:
            return node.value
        if isinstance(node.value, (dict, list)) or node.value is None:  # named by its kind
            hint = "expected one of: " + ", ".join(sorted(choices))
            return self.err(node.line, path, f"{type_name(node.value)}, not one {noun}", hint)
        value = str(node.value)
        return self.err(node.line, path, f"unknown {noun} '{value}'", did_you_mean(value, choices))

    def items(self, node: Y, path: str) -> list[Y] | None:
        if not isinstance(node.value, list):
            self.err(node.line, path, f"expected a list, got {type_name(node.value)}")
            return None
        return node.value


def _digits(value: int) -> str:
    """A whole number as a message shows it: a long one shortened, with its number of digits."""
    text = str(value)
    digits = len(text.lstrip("-"))
    return text if digits <= 20 else f"{text[: len(text) - digits + 6]}...({digits} digits)"


def join(path: str, *keys: str | int) -> str:
    """Extend a key path: `a.b` + `c` -> `a.b.c`; `a` + 3 -> `a[3]`."""
    for key in keys:
        if isinstance(key, int):
            path = f"{path}[{key}]"
        else:
            path = f"{path}.{key}" if path else key
    return path
