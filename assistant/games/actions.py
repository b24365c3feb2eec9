"""Checks of an action's shape that every game makes before its rules (pure)."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any

from assistant.engine import Json, Refusal


def whole(value: Any) -> bool:
    """A whole number (an int, not a bool)."""
    return isinstance(value, int) and not isinstance(value, bool)


def shape_refusal(
    action: Json,
    keys: Mapping[str, Collection[str]],
    required: Mapping[str, Collection[str]] | None = None,
) -> Refusal | None:
    """Why `action` is malformed (an unknown type, a key it does not take, a required key
    missing: rule "action"), or None. `keys` gives each type's keys besides "type"."""
    kind = action.get("type")
    if kind not in keys:
        return Refusal("action", f"unknown action '{kind}' (known: {', '.join(keys)})")
    extra = sorted(set(action) - set(keys[kind]) - {"type"})
    if extra:
        takes = ", ".join(sorted(keys[kind]))
        return Refusal("action", f"{kind} takes no '{extra[0]}' (it takes {takes})")
    missing = sorted(set((required or {}).get(kind, ())) - set(action))
    if missing:
        return Refusal("action", f"{kind} needs {missing[0]}=...")
    return None
