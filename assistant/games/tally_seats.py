"""Who sits at a tally table and what each seat may see (`deaddrop serve`): the players; tally
keeps no secrets, so a seat sees the public view and, under "secret", only its own name; the
spectator the public view. `player` is the acting player in every action."""

from __future__ import annotations

from assistant.engine import Json

SEAT_PARAMS = {"add": "player", "sub": "player", "roll": "player"}


def seats(state: Json) -> list[str]:
    """The players."""
    return list(state["players"])


def seat_view(view: Json, state: Json, seat: str | None) -> Json:
    """The public view, with the seat's name (None: the spectator)."""
    return view if seat is None else {**view, "secret": {"seat": seat}}
