"""Who sits at a tally table and what each seat may see (`deaddrop serve`): the players; tally
keeps no secrets, so every seat and the spectator see the public view. `player` is the acting
player in every action."""

from __future__ import annotations

from assistant.engine import Json

SEAT_PARAMS = {"add": "player", "sub": "player", "roll": "player"}


def seats(state: Json) -> list[str]:
    """The players."""
    return list(state["players"])


def seat_view(view: Json, state: Json, seat: str | None) -> Json:
    """The public view, for every seat."""
    return view
