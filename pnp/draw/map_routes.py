"""The map's routes as drawn: every rail, air and sea move as a line on the page, through the
waypoints the map data gives it (the `courses:` of the map, written by tools/map/routes.py)
where a straight line would cross the wrong surface or pass a city it does not join.

A sea move's corners are rounded (a ship's course), an air line through a waypoint is an arc,
a rail line keeps its straight legs. Points run from centre to centre of the end symbols (a city
or a ship); the drawing trims them at the symbols' edges. Pure: page points, y down.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from pnp.draw.map_projection import MapFrame
from pnp.record import record

Point = tuple[float, float]
MM = 72 / 25.4
CLEAR = 2.0 * MM  # a route passes no nearer than this to a city symbol it does not join
CORNER = 4.0 * MM  # a sea move's corners are rounded over at most this much of each leg


@record
class Route:
    kind: str  # "rail", "air" or "sea"
    ends: tuple[str, str]  # cities or sea zones
    points: tuple[Point, ...]  # as drawn, from the centre of one end's symbol to the other's
    ferry: bool = False  # a rail line marked ferry (its stretches over water are the ferry)


def route_lines(game_map: Any, frame: MapFrame, courses: bool = True) -> tuple[Route, ...]:
    """Every route of the map: rail, air, then the sea moves (ship to ship, port to ship);
    without `courses`, each drawn straight."""
    at = {city.name: frame.place(city.lon, city.lat) for city in game_map.cities}
    at.update({zone.name: frame.place(zone.lon, zone.lat) for zone in game_map.sea_zones})
    via: dict[tuple[str, str, str], tuple[Point, ...]] = {}
    for c in game_map.courses if courses else ():
        points = tuple(frame.place(lon, lat) for lat, lon in c.via)
        via[(c.kind, c.a, c.b)] = points
        via[(c.kind, c.b, c.a)] = points[::-1]

    def route(kind: str, a: str, b: str, ferry: bool = False) -> Route:
        return shaped(kind, (a, b), (at[a], *via.get((kind, a, b), ()), at[b]), ferry)

    out = [route("rail", line.a, line.b, line.ferry) for line in game_map.rail]
    out += [route("air", line.a, line.b) for line in game_map.air]
    done: set[frozenset[str]] = set()
    for zone in game_map.sea_zones:
        for other in zone.adjacent:
            pair = frozenset((zone.name, other))
            if pair not in done and other in at:
                done.add(pair)
                out.append(route("sea", zone.name, other))
    for zone in game_map.sea_zones:
        out += [route("sea", port, zone.name) for port in zone.ports if port in at]
    return tuple(out)


def may_pass(route: Route, game_map: Any) -> frozenset[str]:
    """The cities a route may pass near without joining them: a sea move between two zones
    passes the ports of both (Istanbul, on the Bosporus between the Aegean and the Black Sea)."""
    if route.kind != "sea":
        return frozenset()
    ports = [set(z.ports) for z in game_map.sea_zones if z.name in route.ends]
    if len(ports) == 2:
        return frozenset(ports[0] & ports[1])
    # a port's move to a zone passes the other ports of its strait (Tangiers to the Western
    # Mediterranean passes Gibraltar): those on the same two zones as the port
    names = {z.name for z in game_map.sea_zones}
    port = next(end for end in route.ends if end not in names)
    zones = [z for z in game_map.sea_zones if port in z.ports]
    if len(zones) < 2:
        return frozenset()
    shared = set.intersection(*(set(z.ports) for z in zones)) - {port}
    return frozenset(shared)


def shaped(kind: str, ends: tuple[str, str], points: Sequence[Point], ferry: bool = False) -> Route:
    """The route through `points` as drawn: rounded corners at sea, an arc in the air."""
    pts = tuple(points)
    if kind == "sea" and len(pts) > 2:
        pts = rounded(pts, CORNER)
    elif kind == "air" and len(pts) == 3:
        pts = arc(*pts)
    return Route(kind, ends, pts, ferry)


def rounded(points: Sequence[Point], most: float, steps: int = 6) -> tuple[Point, ...]:
    """The polyline with each inner corner replaced by a curve (a quadratic Bezier from a point
    on the leg before it to one on the leg after, each at most `most` and at most 45% of its
    leg away from the corner)."""
    out: list[Point] = [points[0]]
    for prev, here, nxt in zip(points, points[1:], points[2:], strict=False):
        d0 = min(most, 0.45 * _dist(prev, here))
        d1 = min(most, 0.45 * _dist(here, nxt))
        p = _toward(here, prev, d0)
        q = _toward(here, nxt, d1)
        for k in range(steps + 1):
            t = k / steps
            out.append(_bezier(p, here, q, t))
    out.append(points[-1])
    return tuple(out)


def arc(a: Point, via: Point, b: Point, steps: int = 16) -> tuple[Point, ...]:
    """The quadratic curve from a to b whose middle passes through `via`."""
    control = (2 * via[0] - (a[0] + b[0]) / 2, 2 * via[1] - (a[1] + b[1]) / 2)
    return tuple(_bezier(a, control, b, k / steps) for k in range(steps + 1))


def trimmed(points: Sequence[Point], ra: float, rb: float) -> tuple[Point, ...]:
    """The polyline less `ra` at its start and `rb` at its end (to meet the symbols' edges)."""
    pts = list(points)
    total = sum(_dist(p, q) for p, q in zip(pts, pts[1:], strict=False))
    if total <= ra + rb:
        return tuple(pts)
    return _cut(list(_cut(pts, ra))[::-1], rb)[::-1]


def _cut(points: list[Point], d: float) -> tuple[Point, ...]:
    """The polyline less its first `d`."""
    for k, (p, q) in enumerate(zip(points, points[1:], strict=False)):
        leg = _dist(p, q)
        if leg > d:
            return (_toward(p, q, d), *points[k + 1 :])
        d -= leg
    return tuple(points[-1:])


def _dist(a: Point, b: Point) -> float:
    return math.hypot(b[0] - a[0], b[1] - a[1])


def _toward(a: Point, b: Point, d: float) -> Point:
    length = _dist(a, b)
    if length == 0:
        return a
    return (a[0] + (b[0] - a[0]) * d / length, a[1] + (b[1] - a[1]) * d / length)


def _bezier(p: Point, c: Point, q: Point, t: float) -> Point:
    u = 1 - t
    return (
        u * u * p[0] + 2 * u * t * c[0] + t * t * q[0],
        u * u * p[1] + 2 * u * t * c[1] + t * t * q[1],
    )


SEA_CLEAR = 0.7 * MM  # a sea move's centre line keeps this far off land (its 0.46 mm dots clear
RAIL_CLEAR = 0.8 * MM  # the coast stroke by a visible gap); a rail line's (0.78 mm wide) off sea
STEP = 0.2 * MM  # where the clearance is measured along a line


def too_near(
    coast: Any, points: Sequence[Point], sea: bool, clear: float, skip: tuple[float, float]
) -> list[tuple[float, float]]:
    """The stretches (start, end, points along the line) of the polyline that lie on the wrong
    surface (land for a sea move, water for rail) or nearer than `clear` to the coast, leaving
    out the first and last `skip` (a port's or city's own way to the coast). Where the water
    (or land) across the line is narrower than 3 x `clear` (a strait, an isthmus), the line
    may pass nearer if it keeps to its middle third."""
    import numpy as np

    pts = list(points)
    total = sum(_dist(p, q) for p, q in zip(pts, pts[1:], strict=False))
    samples: list[tuple[float, Point, Point]] = []  # along, point, unit direction
    along = 0.0
    for p, q in zip(pts, pts[1:], strict=False):
        leg = _dist(p, q)
        if leg == 0:
            continue
        ux, uy = (q[0] - p[0]) / leg, (q[1] - p[1]) / leg
        n = max(1, math.ceil(leg / STEP))
        for k in range(n):
            s = along + leg * k / n
            if skip[0] < s < total - skip[1]:
                samples.append((s, _toward(p, q, leg * k / n), (ux, uy)))
        along += leg
    if not samples:
        return []
    xs = np.array([p[0] for _, p, _ in samples])
    ys = np.array([p[1] for _, p, _ in samples])
    reach = 3 * clear
    near = (
        (np.minimum(coast.x0, coast.x1) < xs.max() + reach)
        & (np.maximum(coast.x0, coast.x1) > xs.min() - reach)
        & (np.minimum(coast.y0, coast.y1) < ys.max() + reach)
        & (np.maximum(coast.y0, coast.y1) > ys.min() - reach)
    )
    x0, y0, x1, y1 = (a[near] for a in (coast.x0, coast.y0, coast.x1, coast.y1))
    land = coast.on_land(xs, ys)
    if len(x0):
        dx, dy = (x1 - x0)[None, :], (y1 - y0)[None, :]
        px, py = xs[:, None], ys[:, None]
        t = np.clip(((px - x0) * dx + (py - y0) * dy) / np.maximum(dx * dx + dy * dy, 1e-12), 0, 1)
        gap = np.hypot(x0 + t * dx - px, y0 + t * dy - py).min(axis=1)
    else:
        gap = np.full(len(samples), math.inf)
    bad: list[tuple[float, float]] = []
    for k, (s, p, (ux, uy)) in enumerate(samples):
        wrong = bool(land[k]) == sea
        if not wrong and gap[k] < clear:
            sides = []
            for sign in (1, -1):
                far = (p[0] - sign * uy * reach, p[1] + sign * ux * reach)
                cut = coast.cuts(p, far)
                sides.append(cut[0] * reach if cut else math.inf)
            width = sides[0] + sides[1]
            wrong = not (width < 3 * clear and min(sides) >= width / 3)
        if wrong:
            if bad and s - bad[-1][1] <= STEP * 1.01:
                bad[-1] = (bad[-1][0], s)
            else:
                bad.append((s, s))
    return bad
