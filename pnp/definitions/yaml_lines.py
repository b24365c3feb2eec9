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

from deaddrop.errors import located, os_problem
from deaddrop.yaml_loader import MAX_BYTES, YamlProblem, compose, decode, read_regular


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
        here = Path.cwd().resolve()
        try:
            full = path.resolve()
        except (OSError, RuntimeError):  # a link that loops: name the link itself
            full = path.parent.resolve() / path.name
        return str(full.relative_to(here))
    except (ValueError, OSError, RuntimeError):  # elsewhere, a name too long, no current folder
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
_MERGE = "tag:yaml.org,2002:merge"
_STR = "tag:yaml.org,2002:str"


class _Converter:
    """PyYAML nodes -> Y. A node that aliases share (`&a` ... `*a`) is converted once, and an
    alias inside its own anchor is reported instead of recursing for ever. What a document may
    expand to is bounded before it gets here (deaddrop.yaml_loader.check_bounds)."""

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
        if node.tag == _STR:  # most values: the text itself, as the constructor gives it
            return node.value
        try:
            return _CONSTRUCTOR.construct_object(node)
        except (ValueError, OverflowError, yaml.YAMLError) as error:  # a date such as 2024-13-45
            why = getattr(error, "problem", None) or error  # an unknown tag, bad base64 ...
        except (AttributeError, TypeError):  # `!!timestamp hello`: PyYAML's own slip
            why = f"not a {node.tag.rsplit(':', 1)[-1]}"
        line = node.start_mark.line + 1
        what = f"cannot read '{node.value}': {why}"
        self.problems.add(self.file, line, path, what, "quote it to keep it as text")
        return str(node.value)

    def _mapping(self, node: yaml.MappingNode, path: str) -> dict[str, Y]:
        """The mapping's keys: a key given twice is reported; a merge key (`<<: *base` or
        `<<: [*a, *b]`) brings in the keys of the mappings it names, which the mapping's own
        keys override (and an earlier mapping of the list a later one), as YAML merge means."""
        merged: dict[str, Y] = {}
        own: dict[str, Y] = {}
        for key_node, value_node in node.value:
            kline = key_node.start_mark.line + 1
            if not isinstance(key_node, yaml.ScalarNode):
                self.problems.add(self.file, kline, path, "a key must be a plain name")
                continue
            if key_node.tag == _MERGE:
                merged.update(self._merged(value_node, path))
                continue
            key = str(self._scalar(key_node, path))
            where = f"{path}.{key}" if path else key
            if key in own:
                first = own[key].key_line
                self.problems.add(
                    self.file, kline, where, f"duplicate key (first given on line {first})"
                )
                continue
            own[key] = self.convert(value_node, where, kline)
        if not merged:
            return own
        merged.update(own)
        return merged

    def _merged(self, node: yaml.Node, path: str) -> dict[str, Y]:
        """The keys a merge key's value brings in: one mapping's, or a list of mappings' (the
        first listed wins)."""
        where = f"{path}.<<" if path else "<<"
        sources = node.value[::-1] if isinstance(node, yaml.SequenceNode) else [node]
        out: dict[str, Y] = {}
        for source in sources:
            if not isinstance(source, yaml.MappingNode):
                line = source.start_mark.line + 1
                what = "a merge key (<<) takes a mapping"
                self.problems.add(self.file, line, where, what, "such as <<: *base or [*a, *b]")
                continue
            value = self.convert(source, where).value
            if isinstance(value, dict):  # else an alias inside its own anchor, reported
                out.update(value)
        return out


def load_yaml(path: Path, file: str, problems: Problems) -> Y | None:
    """The file's top-level node (None for an empty file or a problem, which is recorded). The
    file is read as deaddrop.yaml_loader reads every YAML file: a regular file, UTF-8, held to
    the bounds of docs/pnp-format.md."""
    try:
        node = compose(decode(read_regular(path, MAX_BYTES, "YAML file")))
    except OSError as error:
        problems.add(file, None, "", os_problem(error, "f", "read").message.removeprefix("f: "))
        return None
    except YamlProblem as problem:
        problems.add(file, problem.line, "", problem.what, problem.expected)
        return None
    if node is None:
        return None
    try:
        return _Converter(file, problems).convert(node)
    finally:  # the shared constructor remembers every node it built: forget this file's
        _CONSTRUCTOR.constructed_objects.clear()
