"""The Spies! map on the page of `deaddrop serve`: the printed map's picture (drawn once by the
print engine from templates/spies, the same for every seat: what stands on it is not in it) and
the map widget (assistant/games/widgets.py) with every power's counters where they stand, from a
seat's view. The print engine is imported here only, when a page first asks."""

from __future__ import annotations

import os
from functools import lru_cache
from typing import Any

from assistant.engine import Json
from assistant.games.widgets import counter, map_of, place

PICTURE = "map.svg"


@lru_cache(maxsize=4)
def _kit(setting: str | None) -> Any:
    from assistant.games.spies.data import FOLDER
    from deaddrop.paths import templates_dir
    from pnp.definitions.loader import load_game

    return load_game(templates_dir() / FOLDER)


@lru_cache(maxsize=4)
def _drawn(setting: str | None) -> tuple[str, float, float, dict[str, tuple[float, float]]]:
    """The picture without counters, its width and height, and each place's point on it."""
    from pnp.backends.svg import svg_text
    from pnp.draw.map_picture import map_picture, places

    kit = _kit(setting)
    items, width, height = map_picture(kit, None, key=False)
    svg = svg_text(for_screen(items), width, height, f"{kit.title}: map")
    return svg, width, height, places(kit)


SCREEN = 2.0  # points of the printed map (0.7 mm): a coast's detail finer than this is not drawn


def for_screen(items: Any, tolerance: float = SCREEN) -> tuple[Any, ...]:
    """The map's ops for a phone's screen: every coast and border (a path, a long line) with
    the points that stray less than `tolerance` from the line through their neighbours left
    out (Douglas-Peucker), each point to a tenth of a point; the same cities, routes and names.
    The whole map is about 2,160 points wide: a screen shows one to four points a pixel."""
    from dataclasses import replace

    from pnp import ops

    out: list[Any] = []
    for op in items:
        if isinstance(op, ops.Group):
            out.append(replace(op, ops=for_screen(op.ops, tolerance)))
        elif isinstance(op, ops.Path) and _hatch(op):  # every other stroke: a screen's hatch
            strokes = tuple(_fewer(line, tolerance) for line in op.subpaths[::2])
            out.append(replace(op, subpaths=strokes))
        elif isinstance(op, ops.Path):
            rings = tuple(_fewer(ring, tolerance) for ring in op.subpaths)
            out.append(replace(op, subpaths=tuple(r for r in rings if len(r) >= 2)))
        elif isinstance(op, ops.Polyline) and len(op.points) > 8:
            out.append(replace(op, points=_fewer(op.points, tolerance)))
        elif isinstance(op, ops.Polyline):  # a short line (a route's legs): to a tenth
            out.append(replace(op, points=tuple((round(x, 1), round(y, 1)) for x, y in op.points)))
        elif isinstance(op, ops.Text):
            out.append(replace(op, x=round(op.x, 1), y=round(op.y, 1)))
        else:
            out.append(op)
    return tuple(out)


def _hatch(op: Any) -> bool:
    """A territory's hatch (pnp/draw/map_sheet.py hatch_ops): unfilled strokes of two points
    each. A screen shows the map at one to four points a pixel, so it draws every other stroke
    (12 points apart, not 6): the same angle and colour tell the owner."""
    return op.fill is None and len(op.subpaths) > 1 and all(len(s) == 2 for s in op.subpaths)


def _fewer(points: Any, tolerance: float) -> tuple[tuple[float, float], ...]:
    """`points` simplified (Douglas-Peucker, iterative), the ends kept, rounded to 0.1."""
    n = len(points)
    if n <= 2:
        return tuple((round(x, 1), round(y, 1)) for x, y in points)
    keep = [False] * n
    keep[0] = keep[-1] = True
    stack = [(0, n - 1)]
    while stack:
        first, last = stack.pop()
        (ax, ay), (bx, by) = points[first], points[last]
        dx, dy = bx - ax, by - ay
        length = (dx * dx + dy * dy) ** 0.5
        worst, at = -1.0, -1
        for i in range(first + 1, last):
            px, py = points[i]
            if length > 0:
                d = abs(dy * (px - ax) - dx * (py - ay)) / length
            else:
                d = ((px - ax) ** 2 + (py - ay) ** 2) ** 0.5
            if d > worst:
                worst, at = d, i
        if worst > tolerance:
            keep[at] = True
            stack += [(first, at), (at, last)]
    kept = [point for point, wanted in zip(points, keep, strict=True) if wanted]
    return tuple((round(x, 1), round(y, 1)) for x, y in kept)


def picture(name: str) -> str | None:
    """The SVG of the picture `name` (None: no such picture)."""
    if name != PICTURE:
        return None
    return _drawn(os.environ.get("DEADDROP_TEMPLATES"))[0]


def map_widget(view: Json, kinds: dict[str, str], owners: dict[str, str]) -> Json:
    """The map widget of a seat's view: every city a place to tap; on a table that tracks
    positions, each power's counters where they stand (the seat's own spies by name); the police
    where they stand."""
    _, width, height, points = _drawn(os.environ.get("DEADDROP_TEMPLATES"))
    places = [
        place(name, x / width, y / height, kinds[name], owners.get(name))
        for name, (x, y) in points.items()
        if name in kinds  # cities only: a spy never stops at sea
    ]
    secret = view.get("secret") if isinstance(view.get("secret"), dict) else {}
    named = (secret or {}).get("spies") or {}
    counters = []
    for power, on_map in ((view.get("positions") or {}).get("spies") or {}).items():
        for label, city in sorted(on_map.items()):
            spy = (named.get(power) or {}).get(label)
            counters.append(counter(city, spy or label, power, private=spy is not None))
    for power, stands in (view.get("police") or {}).items():
        for city, count in (stands or {}).items():
            counters += [counter(city, "police", power)] * int(count)
    return map_of("Map", PICTURE, width / height, places, counters)
