"""One log line per applied action, from what the action set off (`state["last"]`)."""

from __future__ import annotations

from assistant.engine import Json


def describe_action(action: Json, after: Json) -> str:
    """e.g. "red guesses Scout on blue mission 2: it is the Miner (3); wrong; blue's Miner
    activates; +3"."""
    notes = after.get("last") or []
    if not notes:
        return str(action.get("type", "action"))
    return "; ".join(notes)
