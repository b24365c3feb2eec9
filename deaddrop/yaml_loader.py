"""The one way YAML is read: libyaml's loader when PyYAML was built with it (10x faster), held to
bounds before a document is composed, with every problem located at a line.

The bounds (docs/pnp-format.md, "Limits"), the same for a kit's definitions
(pnp.definitions.yaml_lines) and the trackers' game files (`read_game_file`):

- a file is read only when it is a regular file (not a pipe, a folder or a device) of at most
  MAX_BYTES bytes, and must be UTF-8;
- a document may expand to at most MAX_NODES values, each alias (`*a`) and each merge key
  (`<<: *a`) counted as a copy of what it names: a kilobyte of nested aliases or merges would
  otherwise expand to billions of values (the "billion laughs") and never finish;
- lists and mappings may nest at most MAX_DEPTH deep (libyaml's composer recurses in C: a
  hundred thousand `[` crash the process).

`check_bounds` walks the parser's events (never recursive, and it stops at the first value past a
bound), so a document is held to them before anything is built from it.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path
from typing import Any

import yaml


class _YamlMerge:
    """Merge keys as YAML 1.1 defines them, whatever PyYAML's version: a mapping's own keys win
    over merged ones, and in `<<: [*a, *b]` the earlier mapping wins over the later. (PyYAML
    6.0.4 lets the later one win; 6.0.3 and before follow the definition.)"""

    def flatten_mapping(self, node: yaml.MappingNode) -> None:
        merge: list[tuple[yaml.Node, yaml.Node]] = []
        index = 0
        while index < len(node.value):
            key_node, value_node = node.value[index]
            if key_node.tag == "tag:yaml.org,2002:merge":
                del node.value[index]
                if isinstance(value_node, yaml.MappingNode):
                    self.flatten_mapping(value_node)
                    merge.extend(value_node.value)
                elif isinstance(value_node, yaml.SequenceNode):
                    for subnode in reversed(value_node.value):  # the earlier ones set last
                        if not isinstance(subnode, yaml.MappingNode):
                            raise yaml.constructor.ConstructorError(
                                "while constructing a mapping",
                                node.start_mark,
                                f"expected a mapping for merging, but found {subnode.id}",
                                subnode.start_mark,
                            )
                        self.flatten_mapping(subnode)
                        merge.extend(subnode.value)
                else:
                    raise yaml.constructor.ConstructorError(
                        "while constructing a mapping",
                        node.start_mark,
                        "expected a mapping or list of mappings for merging, but found"
                        f" {value_node.id}",
                        value_node.start_mark,
                    )
            elif key_node.tag == "tag:yaml.org,2002:value":
                key_node.tag = "tag:yaml.org,2002:str"
                index += 1
            else:
                index += 1
        if merge:
            node.value = merge + node.value


class _Resolved:
    """A node's tag resolved once for the same kind, text and implicitness: the safe loaders
    have no path resolvers, so the answer depends on nothing else (libyaml's composer asks
    PyYAML's Python resolver for every value, most of them the same keys again)."""

    _tags: dict[tuple[Any, Any, Any], str] = {}

    def resolve(self, kind: Any, value: Any, implicit: Any) -> str:
        if self.yaml_path_resolvers:  # type: ignore[attr-defined]  # (none in a safe loader)
            return super().resolve(kind, value, implicit)  # type: ignore[misc]
        key = (kind, value, implicit)
        tag = self._tags.get(key)
        if tag is None:
            tag = super().resolve(kind, value, implicit)  # type: ignore[misc]
            if len(self._tags) >= 1 << 16:
                self._tags.clear()
            self._tags[key] = tag
        return tag


class SafeLoader(_YamlMerge, _Resolved, yaml.SafeLoader):
    """PyYAML's pure-Python safe loader, with merge keys as YAML defines them."""


class _CSafeLoader(_YamlMerge, _Resolved, getattr(yaml, "CSafeLoader", yaml.SafeLoader)):  # type: ignore[misc]
    """libyaml's safe loader (when PyYAML has it), with merge keys as YAML defines them."""


LOADER: Any = _CSafeLoader

MAX_BYTES = 4_000_000  # a YAML file; the largest shipped is 74 KB
MAX_NODES = 100_000  # values a document expands to; the largest shipped has 9,217
MAX_DEPTH = 32  # lists and mappings inside each other; the shipped files nest 7 deep

# the parser's events by their exact classes (its own, never subclassed): one look-up each
_STARTS = frozenset({yaml.MappingStartEvent, yaml.SequenceStartEvent})
_ENDS = frozenset({yaml.MappingEndEvent, yaml.SequenceEndEvent})
_SCALAR, _ALIAS, _STREAM_END = yaml.ScalarEvent, yaml.AliasEvent, yaml.StreamEndEvent


class YamlProblem(Exception):
    """A problem of a YAML file at `line` (1-based; None when it concerns the whole file)."""

    def __init__(self, line: int | None, what: str, expected: str = "") -> None:
        super().__init__(what)
        self.line, self.what, self.expected = line, what, expected

    def located(self, file: object) -> str:
        """The problem as one line: `file:line: what (expected)`."""
        from deaddrop.errors import located, shown

        return located(shown(file), self.line, "", self.what, self.expected or None)


_KINDS = (
    (stat.S_ISDIR, "a folder"),
    (stat.S_ISFIFO, "a pipe"),
    (stat.S_ISSOCK, "a socket"),
    (stat.S_ISCHR, "a device"),
    (stat.S_ISBLK, "a device"),
)


def read_regular(path: Path | str, limit: int, noun: str = "file") -> bytes:
    """The bytes of `path`: a regular file (a link to one is followed) of at most `limit`
    bytes. OSError when the system refuses (missing, a link that loops, no permission, a name
    it cannot take); YamlProblem (no line) when it is no regular file or too large. A pipe is
    never waited on: the file is opened without blocking and its kind checked before reading."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)
    fd = os.open(path, flags)
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            kind = next((name for test, name in _KINDS if test(info.st_mode)), "not a file")
            raise YamlProblem(None, f"is {kind}, not a regular file", f"expected a {noun}")
        if info.st_size > limit:
            raise YamlProblem(
                None, f"is {info.st_size:,} bytes, too large", f"at most {limit:,} bytes"
            )
        chunks, size = [], 0
        while size <= limit:
            chunk = os.read(fd, min(1 << 20, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        if size > limit:  # it grew while being read
            raise YamlProblem(None, "grew too large while being read", f"at most {limit:,} bytes")
        return b"".join(chunks)
    finally:
        os.close(fd)


def decode(data: bytes) -> str:
    """`data` as UTF-8 text; YamlProblem at the line and column of the first byte that is not."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        start = error.start
        line = data.count(b"\n", 0, start) + 1
        column = start - data.rfind(b"\n", 0, start)
        what = f"byte 0x{data[start]:02x} at column {column} is not UTF-8"
        raise YamlProblem(line, what, "expected a file saved as UTF-8") from None


def check_bounds(
    text: str,
    loader: Any = LOADER,
    max_nodes: int = MAX_NODES,
    max_depth: int = MAX_DEPTH,
) -> None:
    """Hold the YAML `text` to the bounds: YamlProblem at the first value past one (its line
    and the limit). The parser's own errors (yaml.YAMLError) pass through, except where libyaml
    stops before a bound of ours (PyYAML 6.0.4's libyaml refuses deep nesting while it scans
    ahead): then the pure-Python parser reads the text again, so the message is the same on every
    machine."""
    try:
        _check_bounds(text, loader, max_nodes, max_depth)
    except yaml.YAMLError:
        if loader is SafeLoader:
            raise
        _check_bounds(text, SafeLoader, max_nodes, max_depth)
        raise


def _check_bounds(text: str, loader: Any, max_nodes: int, max_depth: int) -> None:
    parser = loader(text)
    sizes: dict[str, int] = {}  # anchor -> how many values it expands to
    open_: list[tuple[str | None, int]] = []  # the collections being read: anchor, count at start
    count = 0  # values so far, each alias counted as a copy of its anchor's
    event: Any = None
    get = parser.get_event
    try:
        while True:
            event = get()
            kind = type(event)
            if kind is _SCALAR:
                count += 1
                if event.anchor:
                    sizes[event.anchor] = 1
            elif kind in _STARTS:
                count += 1
                open_.append((event.anchor, count))
                if len(open_) > max_depth:
                    raise YamlProblem(
                        _line(event),
                        f"lists and mappings nested more than {max_depth} deep",
                        f"at most {max_depth} levels",
                    )
            elif kind in _ENDS:
                anchor, start = open_.pop()
                if anchor:
                    sizes[anchor] = count - start + 1
            elif kind is _ALIAS:
                count += sizes.get(event.anchor or "", 1)  # an anchor still open: a cycle
            elif event is None or kind is _STREAM_END:
                return
            else:
                continue
            if count > max_nodes:
                raise YamlProblem(
                    _line(event),
                    f"aliases and merge keys expand the document past {max_nodes:,} values",
                    f"at most {max_nodes:,} values",
                )
    finally:
        parser.dispose()


def _line(event: Any) -> int:
    """The line of the event where a bound was passed (every event the parser gives has a mark)."""
    return int(event.start_mark.line) + 1 if event.start_mark else 0


def syntax_problem(error: yaml.YAMLError, text: str) -> YamlProblem:
    """The YAMLError `error` of `text` as a located problem: a syntax error at its line (and
    what it belongs to), a character YAML does not allow at its line and column (PyYAML says
    only "position 27 in <unicode string>")."""
    from deaddrop.errors import shown

    if isinstance(error, yaml.reader.ReaderError):
        at = min(max(error.position, 0), len(text))
        row = text.count("\n", 0, at) + 1
        column = at - text.rfind("\n", 0, at)
        char = chr(error.character) if isinstance(error.character, int) else "?"
        what = (
            f"YAML syntax error: the character {shown(char)} (U+{ord(char):04X}) at column"
            f" {column} is not allowed"
        )
        return YamlProblem(row, what, "write control characters as escapes in double quotes")
    if isinstance(error, yaml.MarkedYAMLError):
        mark = error.problem_mark or error.context_mark
        line = mark.line + 1 if mark else None
        context = error.context or ""
        if context and error.context_mark and error.context_mark.line + 1 != line:
            context += f" that starts on line {error.context_mark.line + 1}"
        what = f"YAML syntax error: {error.problem or error}"
        return YamlProblem(line, shown(what), shown(context))
    return YamlProblem(None, shown(f"YAML syntax error: {error}"))


def compose(text: str) -> yaml.Node | None:
    """The node graph of the YAML document `text` (None when it is empty), held to the bounds;
    YamlProblem for any problem. On a syntax error the text is read again by PyYAML's own parser,
    whose messages are the same on every machine."""
    try:
        try:
            check_bounds(text)
            return yaml.compose(text, Loader=LOADER)
        except yaml.YAMLError:
            check_bounds(text, SafeLoader)
            return yaml.compose(text, Loader=SafeLoader)
    except yaml.YAMLError as error:
        raise syntax_problem(error, text) from None


def load(text: str) -> Any:
    """The plain data of the YAML document `text` (dicts, lists, scalars; merge keys merged),
    held to the bounds; YamlProblem for any problem."""
    node = compose(text)
    if node is None:
        return None
    constructor = SafeLoader("")
    try:
        return constructor.construct_document(node)
    except yaml.YAMLError as error:
        raise syntax_problem(error, text) from None
    except (ValueError, OverflowError) as error:  # a date such as 2024-13-45
        what = f"a value cannot be read: {error}"
        raise YamlProblem(None, what, "quote it to keep it as text") from None
    except (AttributeError, TypeError):  # `!!timestamp hello`: PyYAML's own slip
        what = "a value cannot be read as the type its tag names"
        raise YamlProblem(None, what, "quote it to keep it as text") from None


def read_game_file(path: Path, reader: str) -> Any:
    """The YAML tree of a game's data file, or an InputError naming the file: missing (`reader`
    says who needs it, e.g. "the Spies! tracker"), unreadable, not valid YAML or past a bound,
    at its line."""
    from deaddrop.errors import InputError, os_problem

    try:
        return load(decode(read_regular(path, MAX_BYTES)))
    except FileNotFoundError:
        raise InputError(f"{path}: missing ({reader} reads it)") from None
    except OSError as error:
        raise os_problem(error, path, "read") from None
    except YamlProblem as problem:
        raise InputError(problem.located(path)) from None
