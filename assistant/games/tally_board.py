"""The tally board for the page (assistant/games/widgets.py): each player's points, a track of
them when the maximum is small enough to draw, and the last roll."""

from __future__ import annotations

from assistant.engine import Json
from assistant.games.widgets import mark, stat, track

TRACK_TOP = 30  # a longer track would not fit a phone's width


def board(view: Json) -> list[Json]:
    """The widgets, top to bottom."""
    points = view["points"]
    widgets = [stat(player, str(n), player) for player, n in points.items()]
    top = view["max"]
    if top and top <= TRACK_TOP and all(0 <= n <= top for n in points.values()):
        widgets.append(
            track(
                f"Points (maximum {top})",
                [str(n) for n in range(top + 1)],
                [mark(n, player, player) for player, n in points.items()],
            )
        )
    elif top:
        widgets.append(stat("Maximum", str(top)))
    roll = view["last_roll"]
    if roll:
        dice = " + ".join(str(d) for d in roll["dice"])
        widgets.append(stat("Last roll", f"{roll['player']}: {dice} = {sum(roll['dice'])}"))
    return widgets
