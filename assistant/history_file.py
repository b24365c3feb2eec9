"""The export format (YAML): read with file:line for every problem, write readably.

game: tally
name: friday                 # optional
options: {max: 20}           # may be {}
events:
  - action: {type: add, player: red, n: 3}
    by: red                  # optional: who entered it
    force: "house rule: ..." # optional: applied with --force and this reason
    void: "a mistake"        # optional: kept, not applied
    time: "2026-11-22T09:00:00Z"  # optional, ignored on replay
"""

from __future__ import annotations

import os
import stat
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from assistant.history import MAX_DEPTH, Entry, plain, text_problem, value_problem
from deaddrop.errors import InputError, located, path_errors, shown
from deaddrop.yaml_loader import LOADER, YamlProblem, check_bounds

TOP_KEYS = ("game", "name", "options", "events")
EVENT_KEYS = ("action", "by", "force", "void", "time")


@dataclass(frozen=True)
class HistoryFile:
    """A parsed export: the game, its options and the events in order."""

    game: str
    options: dict[str, Any]
    events: list[Entry] = field(default_factory=list)
    name: str | None = None
    lines: dict[str, int] = field(default_factory=dict, compare=False)  # "game", "options"


MAX_BYTES = 16 * 1024 * 1024  # a history file (a game of 100,000 events is about 10 MB)
MAX_NESTING = MAX_DEPTH + 4  # the file's own levels (top, events, event, action) and a value's
MAX_NODES = 2_000_000  # values in the file, aliases and merge keys (`<<`) counted expanded


def read_history(path: str | Path) -> HistoryFile:
    """Parse an export file (standard input when `path` is "-"); every problem is listed in one
    InputError (exit 2)."""
    if str(path) == "-":
        import sys

        file = "<stdin>"
        stream = getattr(sys.stdin, "buffer", sys.stdin)
        data = stream.read(MAX_BYTES + 1)
        if isinstance(data, str):
            data = data.encode("utf-8", "surrogateescape")
    else:
        file = shown(path)
        with path_errors(path, "read the history"):
            with open(path, "rb") as handle:
                if not stat.S_ISREG(os.fstat(handle.fileno()).st_mode):
                    raise InputError(f"{file}: cannot read the history: not a regular file")
                data = handle.read(MAX_BYTES + 1)
    if len(data) > MAX_BYTES:
        raise InputError(f"{file}: larger than {MAX_BYTES // 2**20} MB (at most that)")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        line = data[: error.start].count(b"\n") + 1
        byte = data[error.start]
        raise InputError(
            f"{file}:{line}: byte 0x{byte:02x} is not UTF-8 (expected UTF-8 text)"
        ) from None
    return parse_history(text, file)


def _bounded(text: str, file: str) -> None:
    """An InputError when the document nests deeper than MAX_NESTING or expands (aliases and
    merge keys counted each time they are used) to more than MAX_NODES values: the one bounded
    reading of every YAML file (deaddrop.yaml_loader.check_bounds, a stream of events stopped at
    the first excess), with a history file's own limits."""
    try:
        check_bounds(text, LOADER, max_nodes=MAX_NODES, max_depth=MAX_NESTING)
    except YamlProblem as problem:
        raise InputError(problem.located(file)) from None
    except yaml.YAMLError:
        return  # the composer reports it, with its line


def parse_history(text: str, file: str) -> HistoryFile:
    """Parse export text; `file` names it in messages."""
    _bounded(text, file)
    loader = LOADER(text)
    try:
        node = loader.get_single_node()
        data = loader.construct_document(node) if node is not None else None
    except yaml.MarkedYAMLError as error:
        mark = error.problem_mark or error.context_mark
        line = mark.line + 1 if mark else None
        what = f"invalid YAML: {shown(error.problem)}"
        raise InputError(located(file, line, "", what)) from None
    except yaml.YAMLError as error:
        raise InputError(f"{file}: invalid YAML ({shown(' '.join(str(error).split()))})") from None
    except (ValueError, OverflowError) as error:  # a date such as 2026-13-45, a huge number
        raise InputError(f"{file}: invalid YAML (a value cannot be read: {shown(error)})") from None
    finally:
        loader.dispose()
    errors: list[str] = []

    def bad(at: yaml.Node | None, path: str, what: str, expected: str | None = None) -> None:
        line = at.start_mark.line + 1 if at is not None else 1
        errors.append(located(file, line, path, what, expected))

    if node is None or not isinstance(data, dict):
        bad(node, "", "expected a mapping with game, options and events")
        raise InputError("\n".join(errors))
    nodes = _children(node)
    for key in data:
        if key not in TOP_KEYS:
            bad(
                nodes.get(str(key), (node, node))[0],
                shown(str(key)[:40]),
                "unknown key",
                f"one of: {', '.join(TOP_KEYS)}",
            )
    game = data.get("game")
    if not isinstance(game, str) or not game:
        bad(_at(nodes, "game", node), "game", "missing or not a name", "e.g. game: tally")
    name = data.get("name")
    if name is not None and not isinstance(name, str):
        bad(_at(nodes, "name", node), "name", "not text")
    options = data.get("options")
    if options is None:
        options = {}
    elif not isinstance(options, dict):
        bad(_at(nodes, "options", node), "options", "not a mapping", "e.g. options: {max: 20}")
    else:
        keys = _children(_at(nodes, "options", node))
        for key in options:
            if not isinstance(key, str):
                where = _at(nodes, "options", node)
                at = keys.get(str(key), (where, where))[0]
                bad(at, f"options.{shown(str(key)[:40])}", "not a name", "an option name, e.g. max")
        problem = value_problem(options, "options")
        if problem is not None:
            bad(_at(nodes, "options", node), "", problem)
        elif all(isinstance(key, str) for key in options) and not plain(options):
            where = _at(nodes, "options", node)
            bad(where, "options", "not plain data", "text, numbers, lists")
    events = data.get("events")
    entries: list[Entry] = []
    if not isinstance(events, list):
        bad(_at(nodes, "events", node), "events", "missing or not a list", "a list of events")
    else:
        items = nodes["events"][1].value
        for index, (item, item_node) in enumerate(zip(events, items, strict=True)):
            entry = _entry(item, item_node, f"events[{index}]", bad)
            if entry is not None:
                entries.append(entry)
    if errors or not isinstance(game, str):  # a game that is no name is among the errors
        raise InputError("\n".join(errors))
    lines = {key: _at(nodes, key, node).start_mark.line + 1 for key in ("game", "options")}
    return HistoryFile(game, dict(options), entries, name, lines)


def _children(node: yaml.Node) -> dict[Any, tuple[yaml.Node, yaml.Node]]:
    """key -> (key node, value node) of a mapping node."""
    if not isinstance(node, yaml.MappingNode):
        return {}
    return {str(k.value) if isinstance(k, yaml.ScalarNode) else "": (k, v) for k, v in node.value}


def _at(nodes: dict[Any, tuple[yaml.Node, yaml.Node]], key: str, default: yaml.Node) -> yaml.Node:
    return nodes[key][1] if key in nodes else default


def _entry(item: Any, node: yaml.Node, path: str, bad: Any) -> Entry | None:
    if not isinstance(item, dict):
        bad(node, path, "not a mapping", "action: {type: ...} and optional by, force, void, time")
        return None
    nodes = _children(node)
    ok = True
    for key in item:
        if key not in EVENT_KEYS:
            at = nodes.get(str(key), (node, node))[0]
            where = f"{path}.{shown(str(key)[:40])}"
            bad(at, where, "unknown key", f"one of: {', '.join(EVENT_KEYS)}")
            ok = False
    action = item.get("action")
    if not isinstance(action, dict) or not isinstance(action.get("type"), str):
        bad(
            _at(nodes, "action", node),
            f"{path}.action",
            "missing or without a type",
            "a mapping such as {type: add, player: red, n: 3}",
        )
        return None
    problem = value_problem(action)  # first: `plain` would follow a value of any size
    if problem is not None:
        bad(_at(nodes, "action", node), f"{path}.action", problem)
        return None
    if not plain(action):
        bad(_at(nodes, "action", node), f"{path}.action", "not plain data", "text, numbers, lists")
        return None
    texts = {}
    for key in ("by", "force", "void", "time"):
        value = item.get(key)
        if value is not None and not isinstance(value, str):
            if key == "time" and not isinstance(value, (list, dict)):
                value = str(value)
            else:
                bad(_at(nodes, key, node), f"{path}.{key}", "not text")
                ok = False
                continue
        error = text_problem(value, f"{path}.{key}") if value is not None else None
        if error is not None:
            bad(_at(nodes, key, node), "", error.message)
            ok = False
        texts[key] = value
    if not ok:
        return None
    line = node.start_mark.line + 1
    return Entry(action, texts["by"], texts["force"], texts["void"], texts["time"], line)


def dump_history(history: HistoryFile) -> str:
    """The export text of a history (loads back to the same HistoryFile)."""
    data: dict[str, Any] = {"game": history.game}
    if history.name is not None:
        data["name"] = history.name
    data["options"] = history.options
    events = []
    for entry in history.events:
        event: dict[str, Any] = {"action": entry.action}
        for key in ("by", "force", "void", "time"):
            if getattr(entry, key) is not None:
                event[key] = getattr(entry, key)
        events.append(event)
    data["events"] = events
    return yaml.safe_dump(
        data, sort_keys=False, allow_unicode=True, width=100, default_flow_style=None
    )
