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

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from assistant.history import Entry, plain
from deaddrop.errors import InputError, located
from deaddrop.yaml_loader import LOADER

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


def read_history(path: str | Path) -> HistoryFile:
    """Parse an export file; every problem is listed in one InputError (exit 2)."""
    file = str(path)
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise InputError(
            f"{file}: cannot read ({getattr(error, 'strerror', None) or error})"
        ) from None
    return parse_history(text, file)


def parse_history(text: str, file: str) -> HistoryFile:
    """Parse export text; `file` names it in messages."""
    loader = LOADER(text)
    try:
        node = loader.get_single_node()
        data = loader.construct_document(node) if node is not None else None
    except yaml.MarkedYAMLError as error:
        mark = error.problem_mark or error.context_mark
        line = mark.line + 1 if mark else None
        raise InputError(located(file, line, "", f"invalid YAML: {error.problem}")) from None
    except yaml.YAMLError as error:
        raise InputError(f"{file}: invalid YAML ({error})") from None
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
                str(key),
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
                bad(at, f"options.{key}", "not a name", "an option name, e.g. max")
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
            bad(at, f"{path}.{key}", "unknown key", f"one of: {', '.join(EVENT_KEYS)}")
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
    if not plain(action):
        bad(_at(nodes, "action", node), f"{path}.action", "not plain data", "text, numbers, lists")
        return None
    texts = {}
    for key in ("by", "force", "void", "time"):
        value = item.get(key)
        if value is not None and not isinstance(value, str):
            if key == "time":
                value = str(value)
            else:
                bad(_at(nodes, key, node), f"{path}.{key}", "not text")
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
