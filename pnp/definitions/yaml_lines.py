"""YAML that remembers where each value came from: a tree of `Y` nodes with 1-based lines.

Built on PyYAML's composer (SafeLoader nodes), so every key and value keeps its line, and
duplicate keys are reported instead of silently overwritten. Problems are collected in a
`Problems` list and reported all at once by the loader.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from deaddrop.errors import located
from deaddrop.yaml_loader import LOADER


class Y:
    """A YAML value with its line: `value` is a dict[str, Y], a list[Y] or a plain scalar.

    `raw` is the scalar as written (for data rows: `1.50` stays "1.50"); `key_line` is the line
    of the mapping key that holds this value (the value's own line for list items)."""

    __slots__ = ("value", "line", "key_line", "raw")

    def __init__(self, value: Any, line: int, key_line: int | None = None, raw: str = "") -> None:
        self.value = value
        self.line = line
        self.key_line = key_line if key_line is not None else line
        self.raw = raw

    def __repr__(self) -> str:
        return f"Y({self.value!r}, line={self.line})"


def display_path(path: Path) -> str:
    """`path` relative to the current directory when it lies below it, else as given."""
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)


@dataclass
class Problems:
    """Every problem found in a game's files, as `file:line: key.path: what (expected)` lines."""

    items: list[tuple[str, int, str]] = field(default_factory=list)

    def add(self, file: str, line: int | None, path: str, what: str, expected: str = "") -> None:
        message = located(file, line, path, what, expected or None)
        # one line per problem: control characters of keys and values (a tab, a \r, \x1e ...)
        # are shown escaped, never as line breaks
        message = "".join(c if c.isprintable() else repr(c)[1:-1] for c in message)
        entry = (file, line or 0, message)
        if entry not in self.items:
            self.items.append(entry)

    def __bool__(self) -> bool:
        return bool(self.items)

    def text(self, file_order: list[str]) -> str:
        """All problems, one per line, by file (in `file_order`) then line."""
        rank = {name: i for i, name in enumerate(file_order)}
        ordered = sorted(self.items, key=lambda e: (rank.get(e[0], len(rank)), e[1]))
        return "\n".join(message for _, _, message in ordered)


NAMED = {"box": "boxes", "style": "styles"}  # names a game defines, and where


def did_you_mean(word: str, choices: Iterable[str], noun: str | None = None) -> str:
    """`did you mean 'x'?` for the closest choice, else `expected one of: a, b`; with no choice
    at all, where a `noun` (box, style) would be defined, else that no field belongs here."""
    options = sorted(choices)
    close = difflib.get_close_matches(word, options, n=1, cutoff=0.6)
    if close:
        return f"did you mean '{close[0]}'?"
    if options:
        return "expected one of: " + ", ".join(options)
    if noun in NAMED:
        return f"no {NAMED[noun]} are defined: expected one under '{NAMED[noun]}:' in game.yaml"
    return "expected no fields here"


_CONSTRUCTOR = yaml.SafeLoader("")


class _Converter:
    """PyYAML nodes -> Y. A node that aliases share (`&a` ... `*a`) is converted once, so that
    nested aliases cannot blow up (the "billion laughs"), and an alias inside its own anchor is
    reported instead of recursing for ever."""

    def __init__(self, file: str, problems: Problems) -> None:
        self.file, self.problems = file, problems
        self.done: dict[int, Any] = {}  # id(node) -> converted value
        self.active: set[int] = set()  # nodes being converted (an alias to one is a cycle)

    def convert(self, node: yaml.Node, path: str = "", key_line: int | None = None) -> Y:
        line = node.start_mark.line + 1
        if isinstance(node, yaml.ScalarNode):
            return Y(self._scalar(node, path), line, key_line, raw=str(node.value))
        key = id(node)
        if key in self.active:
            self.problems.add(self.file, line, path, "an alias inside its own anchor")
            return Y(None, line, key_line)
        if key not in self.done:
            self.active.add(key)
            if isinstance(node, yaml.MappingNode):
                self.done[key] = self._mapping(node, path)
            else:
                items = [self.convert(item, f"{path}[{i}]") for i, item in enumerate(node.value)]
                self.done[key] = items
            self.active.discard(key)
        return Y(self.done[key], line, key_line)

    def _scalar(self, node: yaml.ScalarNode, path: str) -> Any:
        try:
            return _CONSTRUCTOR.construct_object(node)
        except (ValueError, OverflowError, yaml.YAMLError) as error:  # a date such as 2024-13-45
            line = node.start_mark.line + 1
            why = getattr(error, "problem", None) or error  # an unknown tag, bad base64 ...
            what = f"cannot read '{node.value}': {why}"
            self.problems.add(self.file, line, path, what, "quote it to keep it as text")
            return str(node.value)

    def _mapping(self, node: yaml.MappingNode, path: str) -> dict[str, Y]:
        out: dict[str, Y] = {}
        _CONSTRUCTOR.flatten_mapping(node)
        for key_node, value_node in node.value:
            kline = key_node.start_mark.line + 1
            if not isinstance(key_node, yaml.ScalarNode):
                self.problems.add(self.file, kline, path, "a key must be a plain name")
                continue
            key = str(self._scalar(key_node, path))
            where = f"{path}.{key}" if path else key
            if key in out:
                first = out[key].key_line
                self.problems.add(
                    self.file, kline, where, f"duplicate key (first given on line {first})"
                )
                continue
            out[key] = self.convert(value_node, where, kline)
        return out


def load_yaml(path: Path, file: str, problems: Problems) -> Y | None:
    """The file's top-level node (None for an empty file or a syntax error, which is recorded)."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        problems.add(file, None, "", f"cannot read the file: {error}")
        return None
    try:
        try:
            node = yaml.compose(text, Loader=LOADER)
        except yaml.YAMLError:  # parse again for PyYAML's messages, the same on every machine
            node = yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.MarkedYAMLError as error:
        mark = error.problem_mark or error.context_mark
        line = mark.line + 1 if mark else None
        context = error.context or ""
        if context and error.context_mark and error.context_mark.line + 1 != line:
            context += f" that starts on line {error.context_mark.line + 1}"
        problems.add(file, line, "", f"YAML syntax error: {error.problem or error}", context)
        return None
    except yaml.YAMLError as error:
        problems.add(file, None, "", f"YAML syntax error: {error}")
        return None
    if node is None:
        return None
    try:
        return _Converter(file, problems).convert(node)
    except yaml.YAMLError as error:  # e.g. a bad timestamp or an unknown tag
        mark = getattr(error, "problem_mark", None)
        why = getattr(error, "problem", None) or error
        problems.add(file, mark.line + 1 if mark else None, "", f"YAML error: {why}")
        return None
    finally:  # the shared constructor remembers every node it built: forget this file's
        _CONSTRUCTOR.constructed_objects.clear()
