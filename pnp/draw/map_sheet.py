"""A map element (model.MapArt) -> ops: the sea, the 1933 territories in their owners' colours,
borders and coasts (from the land file, tools/map/land.py), the air, sea and rail routes, the
ship symbols and sea-zone names, the cities by kind with their names, the title and the legend.

The game's map (pnp.map_model.GameMap, the `map:` section) says where everything is; the land
file says what the land looks like, already projected (pnp.draw.map_projection). Names are
placed by pnp.draw.map_labels clear of each other, of every symbol, of the title and legend
boxes and of the seams of a board printed in parts. `map_layout` gives the placement (the tests
read it); `map_ops` the drawing. Pure but for reading the land file once.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from pnp import ops
from pnp.draw import map_symbols as sym
from pnp.draw.map_labels import Band, Label, Placed, Seam, place_labels
from pnp.draw.map_land import Land, Territory, read_land
from pnp.draw.map_legend import cartouche_ops, legend_ops
from pnp.draw.map_projection import MapFrame
from pnp.draw.map_routes import Route, route_lines, trimmed
from pnp.draw.map_water import Coast, piece
from pnp.draw.textfit import text_width
from pnp.geometry import inset
from pnp.model import Box, MapArt
from pnp.record import record

SEA_FILL = "#e4f0f5"
BORDER = "#6f6a63"
COAST = "#2f5d7c"
NEUTRAL_TINT = 0.46
POWER_TINT = 0.42
CITY_SIZE = 7.0  # points: every city's name (the least on the map: 6 pt)
CAPITAL_SIZE = 8.5
SEA_SIZE = 8.5
SUBTITLE = "Europe, the Middle East and North Africa in 1933"
CREDIT = (
    "Borders of 1933. Coasts and borders made with Natural Earth: free vector and raster map "
    "data @ naturalearthdata.com. Lakes: GSHHG (LGPL). City positions: GeoNames (CC BY 4.0)."
)
EDGE = 12.0  # names stay this far inside the map's box (the cut line)
LINES_CLEAR = 2.0 * 72 / 25.4  # borders and coasts stop 2 mm inside the cut: only colour meets it


@record
class NameStyle:
    text: str
    size: float
    bold: bool = False
    italic: bool = False
    colour: str = sym.INK


@record
class MapLayout:
    """Where everything goes, in the component's frame (points, y down)."""

    frame: MapFrame
    cities: tuple[tuple[str, float, float, Box], ...]  # name, x, y, symbol box
    ships: tuple[tuple[str, float, float, Box], ...]  # sea zone, x, y, ship box
    labels: tuple[Placed, ...]  # keys "city:NAME" and "sea:NAME"
    names: dict[str, NameStyle]
    routes: tuple[Route, ...]  # as drawn (pnp.draw.map_routes)
    coast: Coast  # the land outline in the same frame


_LAYOUTS: dict[tuple[Any, ...], tuple[Any, MapLayout]] = {}  # (element, map id) -> (map, layout)


def colours(game_map: Any) -> dict[str, str]:
    """Owner -> colour, as the map's `owners` give them."""
    return dict(game_map.owners)


def map_layout(art: MapArt) -> MapLayout:
    """The projection of the map into the element's box and every name's place (cached)."""
    key = (art, id(art.game_map))
    found = _LAYOUTS.get(key)
    if found is not None and found[0] is art.game_map:  # (the map is kept: its id stays its own)
        return found[1]
    land = read_land(art.land)
    frame = MapFrame(land.conic, land.window, art.box)
    game_map = art.game_map
    cities = []
    for city in game_map.cities:
        x, y = frame.place(city.lon, city.lat)
        cities.append((city.name, x, y, sym.symbol_box(city.kind, x, y)))
    ships = []
    r = sym.SHIP_RADIUS
    for zone in game_map.sea_zones:
        x, y = frame.place(zone.lon, zone.lat)
        ships.append((zone.name, x, y, Box(x - r, y - r, 2 * r, 2 * r)))
    names: dict[str, NameStyle] = {}
    labels: list[Label] = []
    kinds = {city.name: city.kind for city in game_map.cities}
    for name, _x, _y, box in cities:
        capital = kinds[name] == "capital"
        style = NameStyle(name, CAPITAL_SIZE if capital else CITY_SIZE, bold=capital)
        names["city:" + name] = style
        w = text_width(name, "Vera", style.size, bold=style.bold)
        labels.append(Label("city:" + name, w, style.size * 1.05, box, 2 if capital else 1))
    for name, _x, _y, box in ships:
        style = NameStyle(name.upper(), SEA_SIZE, italic=True, colour=sym.SEA_INK)
        names["sea:" + name] = style
        w = text_width(style.text, "Vera", style.size, italic=True)
        labels.append(Label("sea:" + name, w, style.size * 1.05, box, 3))
    obstacles = [b for *_, b in cities] + [b for *_, b in ships]
    obstacles += [b for b in (art.legend, art.cartouche) if b is not None]
    seams = [Seam(at, vertical) for at, vertical in art.seams]
    routes = route_lines(game_map, frame)
    coast = Coast.of(_rings(frame, land.land))
    homes = _homes(frame, land, cities)
    placed = place_labels(
        labels,
        obstacles,
        seams,
        inset(art.box, EDGE),
        lines=[(*p, *q) for r in routes for p, q in zip(r.points, r.points[1:], strict=False)],
        bands=glue_bands(art.seams),
        ground=lambda label, boxes: name_ground(coast, homes, label.key, boxes),
    )
    layout = MapLayout(frame, tuple(cities), tuple(ships), tuple(placed), names, routes, coast)
    if len(_LAYOUTS) >= 16:
        _LAYOUTS.clear()
    _LAYOUTS[key] = (art.game_map, layout)
    return layout


HOME_LEAST = 400 * (72 / 25.4) ** 2  # a territory smaller than 400 mm2 holds no name


def name_ground(coast: Coast, homes: dict[str, Coast], key: str, boxes: list[Box]) -> list[float]:
    """How far off its ground each box of a name is: a sea's share off water, a city's off its
    own territory (`homes`) or, for a city without one, off land."""
    if key in homes:
        return off_ground(homes[key], True, boxes)
    return off_ground(coast, key.startswith("city:"), boxes)


def _homes(frame: MapFrame, land: Land, cities: list) -> dict[str, Coast]:
    """Each city name's ground: the outline of the territory its symbol stands in (a name beside
    Strasbourg on France, not over the Rhine in Germany); a city in none, or in one smaller
    than HOME_LEAST (Gibraltar, Danzig: a name cannot stand in it), has the land."""
    outlines = []
    for t in land.territories:
        rings = _rings(frame, t.rings)
        area = sum(
            abs(sum(a[0] * b[1] - b[0] * a[1] for a, b in zip(r, [*r[1:], r[0]], strict=True))) / 2
            for r in rings
        )
        if area >= HOME_LEAST:
            outlines.append(Coast.of(rings))
    # every city tested against each outline at once: the same answer for each point as one
    # by one (on_land compares each point on its own), in one pass of numpy an outline
    xs, ys = [x for _, x, _, _ in cities], [y for _, _, y, _ in cities]
    inside = [outline.on_land(xs, ys) for outline in outlines]
    homes = {}
    for at, (name, *_) in enumerate(cities):
        home = next((c for c, held in zip(outlines, inside, strict=True) if held[at]), None)
        if home is not None:
            homes["city:" + name] = home
    return homes


_ACROSS = tuple(float(i) for i in range(7) for _ in range(3))  # 7 x 3 points over a box
_DOWN = tuple(float(j) for _ in range(7) for j in range(3))


def off_ground(coast: Coast, on_land: bool, boxes: list[Box]) -> list[float]:
    """The share of each box off its ground: a city's name off land (or off `coast`, the outline
    of its own territory), a sea's off water (7 x 3 points over the box)."""
    at = np.array([(b.x, b.y, b.w, b.h) for b in boxes], dtype=float).reshape(-1, 4)
    x, y, w, h = (at[:, k : k + 1] for k in range(4))
    xs = x + w * _ACROSS / 6  # the same sums as b.x + b.w * i / 6, point by point
    ys = y + h * _DOWN / 2
    land = coast.on_land(xs.ravel(), ys.ravel()).reshape(len(boxes), 21).mean(axis=1)
    return [float(1 - v) if on_land else float(v) for v in land]


BAND_MOST = 50 * 72 / 25.4  # a board's glue bands are at most 50 mm wide (its overlap)


def glue_bands(seams: tuple[tuple[float, bool], ...]) -> list[Band]:
    """The glue bands between a board's seams (both edges of each band, on every paper): two
    neighbouring seams of the same way no farther apart than BAND_MOST bound a band. Where the
    papers' parts differ, the strip between two of their seams counts too (names keep out)."""
    out = []
    for vertical in (True, False):
        lines = sorted(at for at, v in seams if v is vertical)
        pairs = zip(lines, lines[1:], strict=False)
        out += [Band(a, b, vertical) for a, b in pairs if b - a <= BAND_MOST]
    return out


def _rings(frame: MapFrame, rings: tuple[tuple[tuple[float, float], ...], ...]) -> tuple[Any, ...]:
    return tuple(frame.points(ring) for ring in rings)


# each power's territory is hatched as well as tinted, so that ownership reads without colour
# (greyscale, colour blindness): the powers in the map's `owners` order take these patterns
HATCHES = ((45.0,), (0.0,), (135.0,), (90.0,), (45.0, 135.0), (0.0, 90.0))
HATCH_STEP = 6.0  # points between the lines
HATCH_WIDTH = 0.4
HATCH_TINT = 0.75  # the lines in this much of the owner's colour


def hatches(game_map: Any) -> dict[str, tuple[float, ...]]:
    """Owner -> the angles of its hatch lines (the powers in order; neutrals none)."""
    powers = [owner for owner, _ in game_map.owners if owner != "neutral"]
    return {owner: HATCHES[i % len(HATCHES)] for i, owner in enumerate(powers)}


def hatch_ops(
    rings: tuple[tuple[tuple[float, float], ...], ...], angles: tuple[float, ...], colour: str
) -> list[ops.Op]:
    """Lines at `angles` (degrees, 0 across) HATCH_STEP apart, inside the rings (even-odd)."""
    points = [p for ring in rings for p in ring]
    if not points or not angles:
        return []
    x0, x1 = min(p[0] for p in points), max(p[0] for p in points)
    y0, y1 = min(p[1] for p in points), max(p[1] for p in points)
    cx, cy, reach = (x0 + x1) / 2, (y0 + y1) / 2, math.hypot(x1 - x0, y1 - y0) / 2 + 1
    area = Coast.of(rings)
    lines = []
    for angle in angles:
        ux, uy = math.cos(math.radians(angle)), -math.sin(math.radians(angle))
        nx, ny = -uy, ux
        # offsets on a fixed grid of the page, so that neighbours' hatches line up
        base = cx * nx + cy * ny
        k0 = math.floor((base - reach) / HATCH_STEP)
        k1 = math.ceil((base + reach) / HATCH_STEP)
        for k in range(k0, k1 + 1):
            off = k * HATCH_STEP - base
            px, py = cx + nx * off, cy + ny * off
            lines.append(((px - ux * reach, py - uy * reach), (px + ux * reach, py + uy * reach)))
    out: list[tuple[tuple[float, float], ...]] = []
    for line, spans in zip(lines, area.spans_of(lines), strict=True):
        for start, end, inside_ in spans:
            if inside_:
                seg = piece(line, start, end)
                if len(seg) == 2:
                    out.append(tuple(seg))
    # one path of open strokes: the same lines as a polyline each, in far fewer bytes
    return [ops.Path(tuple(out), stroke=colour, fill=None, width=HATCH_WIDTH)] if out else []


HALO = 0.7  # points: the light outline that keeps a name legible over lines and borders
_AROUND = tuple(
    (HALO * math.cos(math.radians(a)), HALO * math.sin(math.radians(a))) for a in range(0, 360, 45)
)


def name_ops(placed: Placed, style: NameStyle) -> list[ops.Op]:
    """A name with its halo: the text eight times around in the halo colour, then itself."""
    x, y = placed.box.x, placed.box.y + style.size * 0.8
    halo = SEA_FILL if style.italic else "#ffffff"
    out: list[ops.Op] = []
    for colour, offsets in ((halo, _AROUND), (style.colour, ((0.0, 0.0),))):
        for dx, dy in offsets:
            out.append(
                ops.Text(
                    x + dx,
                    y + dy,
                    style.text,
                    style.size,
                    bold=style.bold,
                    italic=style.italic,
                    color=colour,
                )
            )
    return out


def map_ops(art: MapArt) -> tuple[ops.Op, ...]:
    """Every op of the map, in the component's frame."""
    layout = map_layout(art)
    land = read_land(art.land)
    frame = layout.frame
    game_map = art.game_map
    owner_colour = colours(game_map)
    b = art.box
    out: list[ops.Op] = [ops.Rect(b.x, b.y, b.w, b.h, 0.0, None, SEA_FILL, 0.0)]
    drawn = {t.name: _rings(frame, t.rings) for t in land.territories}
    lines: list[ops.Op] = []  # the borders and coasts, stopping LINES_CLEAR inside the cut
    for t in land.territories:
        colour = owner_colour.get(t.owner, owner_colour.get("neutral", "#9a9184"))
        amount = NEUTRAL_TINT if t.owner == "neutral" else POWER_TINT
        out.append(ops.Path(drawn[t.name], None, sym.tint(colour, amount), 0.0))
        lines.append(ops.Path(drawn[t.name], BORDER, None, 0.35))
    pattern = hatches(game_map)
    for t in land.territories:
        if t.owner in pattern and t.owner in owner_colour:
            hatch = sym.tint(owner_colour[t.owner], HATCH_TINT)
            lines[:0] = hatch_ops(drawn[t.name], pattern[t.owner], hatch)
    for t in land.territories:
        if t.owner != "neutral" and t.owner in owner_colour:  # the border in the owner's colour
            lines.append(ops.Path(drawn[t.name], owner_colour[t.owner], None, 1.3))
    lines.append(ops.Path(_rings(frame, land.land), COAST, None, 0.7))
    out.append(ops.Group(tuple(lines), clip=inset(b, LINES_CLEAR)))
    where = {name: (x, y, box) for name, x, y, box in layout.cities}
    radius = {name: box.w / 2 for name, _x, _y, box in (*layout.cities, *layout.ships)}
    for kind in ("air", "sea", "rail"):  # air under sea under rail
        for route in (r for r in layout.routes if r.kind == kind):
            ra, rb = (radius[end] for end in route.ends)
            out += route_ops(route, trimmed(route.points, ra, rb), layout.coast)
    for _name, x, y, _box in layout.ships:
        out += sym.ship(x, y)
    for city in game_map.cities:
        x, y, _box = where[city.name]
        # the owner's initial is part of the symbol, drawn wherever the city stands (in a glue
        # band too: the part glued on top prints the band's picture whole)
        initial = city.owner[0] if city.owner in pattern else ""
        out += sym.city_symbol(city.kind, x, y, owner_colour.get(city.owner, sym.INK), initial)
    for placed in layout.labels:
        out += name_ops(placed, layout.names[placed.key])
    if art.cartouche is not None:
        out += cartouche_ops(art.cartouche, art.title, SUBTITLE)
    if art.legend is not None:
        out += legend_ops(art.legend, owner_colour, frame, CREDIT, pattern)
    return (ops.Group(tuple(out), clip=b),)


def route_ops(route: Route, points: tuple[tuple[float, float], ...], coast: Coast) -> list[ops.Op]:
    """A route's line: a rail line's stretches over water (a train ferry) drawn as a ferry."""
    if route.kind == "air":
        return sym.air_line(points)
    if route.kind == "sea":
        return sym.sea_line(points)
    if not route.ferry:
        return sym.rail_line(points)
    out: list[ops.Op] = []
    for start, end, on_land in coast.spans(points):
        part = piece(points, start, end)
        if len(part) >= 2:
            out += sym.rail_line(part) if on_land else sym.ferry_line(part)
    return out


def inside(rings: tuple[tuple[tuple[float, float], ...], ...], x: float, y: float) -> bool:
    """True when (x, y) lies inside the rings, filled even-odd (as the map paints them)."""
    crossings = 0
    for ring in rings:
        for (x0, y0), (x1, y1) in zip(ring, ring[1:], strict=False):
            if (y0 > y) != (y1 > y) and x < x0 + (y - y0) * (x1 - x0) / (y1 - y0):
                crossings += 1
    return crossings % 2 == 1


def territory_at(land: Land, lon: float, lat: float) -> Territory | None:
    """The territory the place at `lon`, `lat` lies in, or None (at sea)."""
    x, y = land.conic.km(lon, lat)
    return next((t for t in land.territories if inside(t.rings, x, y)), None)
