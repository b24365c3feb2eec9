"""The printed map as one picture (for a screen: the phone page, the terminal's picture), with
counters drawn at cities: the kit's map element laid out whole (no seams), its ops plus each
city's counters on top. Pure; the SVG is written by pnp.render.map_svg.

    counters = {"Berlin": [Counter("#b3261e"), Counter("#1f4fa3", "2")]}
    ops, width, height = map_picture(kit, counters)

A counter is a small square in its power's colour beside the city's symbol (stacked to the
right, under the name's line), face down unless it carries a text. For other drawings give a
function instead of the mapping: hook(place, x, y, radius) -> ops, called for every city with
(x, y) its symbol's centre and `radius` half its size.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace

from pnp import ops
from pnp.draw import map_symbols as sym
from pnp.draw.map_sheet import map_layout, map_ops
from pnp.geometry import overlaps
from pnp.model import Box, GameKit, MapArt
from pnp.record import record

COUNTER = 9.0  # points: a counter's side on the picture
GAP = 1.5


@record
class Counter:
    """A counter to show at a city: its colour, and a text (a strength, a name's initial) or
    none for a face-down counter."""

    colour: str
    text: str = ""
    text_colour: str = "#ffffff"


Hook = Callable[[str, float, float, float], Sequence[ops.Op]]


def map_element(kit: GameKit) -> MapArt:
    """The kit's map element (the first `map` element of its components), laid out whole."""
    for component in kit.components:
        for el in (*component.front, *(component.back or ())):
            if isinstance(el, MapArt):
                return replace(el, seams=())
    raise LookupError(f"the kit {kit.name} has no map")


def counter_ops(
    counters: Sequence[Counter], x: float, y: float, radius: float, avoid: Box | None = None
) -> list[ops.Op]:
    """Counters in a row under a symbol of `radius` centred on (x, y), or above it, or beside
    it, whichever keeps clear of `avoid` (the city's name)."""
    n = len(counters)
    width = n * COUNTER + (n - 1) * GAP
    spots = (
        (x - width / 2, y + radius + GAP),
        (x - width / 2, y - radius - GAP - COUNTER),
        (x + radius + GAP, y - COUNTER / 2),
        (x - radius - GAP - width, y - COUNTER / 2),
    )
    left, top = spots[0]
    for sx, sy in spots:
        if avoid is None or not overlaps(Box(sx, sy, width, COUNTER), avoid):
            left, top = sx, sy
            break
    out: list[ops.Op] = []
    for i, counter in enumerate(counters):
        cx = left + i * (COUNTER + GAP)
        out.append(ops.Rect(cx, top, COUNTER, COUNTER, 1.2, sym.INK, counter.colour, 0.6))
        if counter.text:
            out.append(
                ops.Text(
                    cx + COUNTER / 2,
                    top + COUNTER * 0.75,
                    counter.text,
                    6.5,
                    bold=True,
                    color=counter.text_colour,
                    anchor="middle",
                )
            )
    return out


def places(kit: GameKit) -> dict[str, tuple[float, float]]:
    """Every city and sea zone -> the centre of its symbol on the picture (points, y down), for
    choosing a city by tapping it."""
    layout = map_layout(map_element(kit))
    out = {name: (x, y) for name, x, y, _ in layout.cities}
    out.update({name: (x, y) for name, x, y, _ in layout.ships})
    return out


def map_picture(
    kit: GameKit,
    counters: Mapping[str, Sequence[Counter]] | Hook | None = None,
    key: bool = True,
) -> tuple[tuple[ops.Op, ...], float, float]:
    """(ops, width, height): the kit's map with `counters` at their cities (a mapping city ->
    counters, or a hook); without `key`, no title panel and no legend."""
    art = map_element(kit)
    if not key:
        art = replace(art, legend=None, cartouche=None)
    layout = map_layout(art)
    drawn = list(map_ops(art))
    names = {p.key: p.box for p in layout.labels}
    if isinstance(counters, Mapping):
        unknown = sorted(set(counters) - {name for name, *_ in layout.cities})
        if unknown:
            raise ValueError(f"not a city of the map: {', '.join(unknown)}")
    for name, x, y, box in layout.cities:
        if counters is None:
            break
        if isinstance(counters, Mapping):
            if counters.get(name):
                drawn += counter_ops(counters[name], x, y, box.w / 2, names.get("city:" + name))
        else:
            drawn += counters(name, x, y, box.w / 2)
    b: Box = art.box
    return tuple(drawn), b.x + b.w, b.y + b.h
