"""Write the `courses:` of templates/spies/map.yaml: the waypoints through which the printed map
draws a route that a straight line would draw wrong (a sea move over land, a rail line over open
sea, any route within 2 mm of a city it does not join).

Run by hand after changing the map's cities, sea zones, lines or land file (never at build or
test time; the tests check the result on the land file):

    .venv/bin/python tools/map/routes.py            # rewrite the courses section
    .venv/bin/python tools/map/routes.py --check    # say which routes a straight line draws wrong
    .venv/bin/python tools/map/routes.py "sea:Tangiers:Western Mediterranean"  # redo that one
    .venv/bin/python tools/map/routes.py --fine "sea:Rostov:Black Sea"  # clear of the coast
                                        # (tools/map/refine.py: a fine grid where it comes near)

How: the map is laid out as printed (pnp.draw.map_sheet), its land painted on a 0.5 mm grid. A sea
move is the cheapest path over water (land costs 60 times as much, a step within 1 mm of the
coast twice as much), a rail line the cheapest over land (open sea 400 times as much; 25 times
for a line marked ferry: it crosses where the water is narrowest), each keeping 2.5 mm from the
other cities' symbols (A*, 8 neighbours). The path is then pulled straight: a leg is drawn
straight as far as it meets no more land (or water) and no nearer city than the path did. An air
line keeps straight unless it passes within 2 mm of a city; then it is drawn as an arc through
one waypoint to the side. Waypoints are written as latitude, longitude, two decimals (about
1 km, 0.15 mm on the map).
"""

from __future__ import annotations

import heapq
import math
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from pnp.definitions.loader import load_game  # noqa: E402
from pnp.draw.map_picture import map_element  # noqa: E402
from pnp.draw.map_routes import (  # noqa: E402
    CLEAR,
    RAIL_CLEAR,
    SEA_CLEAR,
    Route,
    may_pass,
    route_lines,
    shaped,
    too_near,
)
from pnp.draw.map_sheet import _rings, map_layout, read_land  # noqa: E402
from pnp.draw.map_water import Coast, distance  # noqa: E402
from tools.map.refine import Ends, refined  # noqa: E402

MAP = ROOT / "templates" / "spies" / "map.yaml"
MM = 72 / 25.4
CELL = 0.5 * MM
CITY_KEEP = 2.5 * MM  # a path keeps this far from another city's symbol
START = "  # courses: written by tools/map/routes.py"
# where a line's `why` names the way it went, its stations (lat, lon, from Copenhagen): the path is
# searched leg by leg between them
STATIONS = {
    ("rail", "Copenhagen", "Hamburg"): [
        (55.33, 11.14),  # Korsør: the Great Belt train ferry
        (55.31, 10.80),  # Nyborg
        (55.54, 9.77),  # Strib: the Little Belt ferry (the bridge came in 1935)
        (55.56, 9.75),  # Fredericia
        (54.78, 9.43),  # Flensburg
    ],
    ("rail", "Tangiers", "Casablanca"): [
        (35.0, -5.9),  # Ksar el Kebir: the Tangier-Fez line (1927) runs inland
        (34.22, -5.71),  # Petitjean (Sidi Kacem), its junction with the Casablanca-Fez line
    ],
}
# water a route may not take although the land file leaves it open (lat, lon, radius mm): the gap
# the simplified coast leaves at Bolayir, where the Gallipoli peninsula meets Thrace; ships from
# the Aegean to the Sea of Marmara go up the Dardanelles, not across the isthmus
BOLAYIR = (40.49, 26.72, 0.9)
CLOSED = {
    ("sea", "Aegean Sea", "Black Sea"): [BOLAYIR],
    ("sea", "Istanbul", "Aegean Sea"): [BOLAYIR],
}


class Grid:
    def __init__(self, art: object) -> None:
        layout = map_layout(art)  # type: ignore[arg-type]
        land = read_land(art.land)  # type: ignore[attr-defined]
        self.layout = layout
        self.game_map = art.game_map  # type: ignore[attr-defined]
        self.frame = layout.frame
        box = art.box  # type: ignore[attr-defined]
        self.x0, self.y0 = box.x, box.y
        self.nx, self.ny = int(box.w / CELL) + 1, int(box.h / CELL) + 1
        rings = _rings(layout.frame, land.land)
        self.coast = Coast.of(rings)
        self.land = self._paint(rings)
        near = self.land.copy()
        water_near = ~self.land
        for dx in (-2, -1, 0, 1, 2):
            for dy in (-2, -1, 0, 1, 2):
                near |= np.roll(np.roll(self.land, dx, 0), dy, 1)
                water_near |= np.roll(np.roll(~self.land, dx, 0), dy, 1)
        self.near_land = near  # land, or within a cell of it
        self.near_water = water_near
        for dx in (-3, 0, 3):
            for dy in (-3, 0, 3):
                near |= np.roll(np.roll(self.land, dx, 0), dy, 1)
                water_near |= np.roll(np.roll(~self.land, dx, 0), dy, 1)
        self.band_land = near  # within about 1.5 mm of land (the clearance a sea move keeps)
        self.band_water = water_near
        self.cities = {name: (x, y, box.w / 2) for name, x, y, box in layout.cities}
        self.ships = {name: (x, y, box.w / 2) for name, x, y, box in layout.ships}

    def _paint(self, rings: tuple) -> np.ndarray:
        """land[i, j]: the cell's centre is on land (even-odd scanlines)."""
        out = np.zeros((self.nx, self.ny), dtype=bool)
        c = self.coast
        for j in range(self.ny):
            y = self.y0 + (j + 0.5) * CELL
            straddles = (c.y0 > y) != (c.y1 > y)
            xs = np.sort(
                c.x0[straddles]
                + (y - c.y0[straddles])
                * (c.x1[straddles] - c.x0[straddles])
                / (c.y1[straddles] - c.y0[straddles])
            )
            for a, b in zip(xs[0::2], xs[1::2], strict=False):
                i0 = max(0, math.ceil((a - self.x0) / CELL - 0.5))
                i1 = min(self.nx - 1, math.floor((b - self.x0) / CELL - 0.5))
                if i1 >= i0:
                    out[i0 : i1 + 1, j] = True
        return out

    def cell(self, x: float, y: float) -> tuple[int, int]:
        i = min(self.nx - 1, max(0, int((x - self.x0) / CELL)))
        j = min(self.ny - 1, max(0, int((y - self.y0) / CELL)))
        return i, j

    def point(self, i: int, j: int) -> tuple[float, float]:
        return self.x0 + (i + 0.5) * CELL, self.y0 + (j + 0.5) * CELL

    def keep_out(self, ends: tuple, ships: bool, reach: float = CITY_KEEP) -> np.ndarray:
        """Cells within CITY_KEEP of a city's symbol (and a ship's, for rail) not at an end."""
        out = np.zeros((self.nx, self.ny), dtype=bool)
        xs = self.x0 + (np.arange(self.nx) + 0.5) * CELL
        ys = self.y0 + (np.arange(self.ny) + 0.5) * CELL
        others = [v for k, v in self.cities.items() if k not in ends]
        if ships:
            others += [v for k, v in self.ships.items() if k not in ends]
        for x, y, r in others:
            far = r + reach
            i0, i1 = np.searchsorted(xs, [x - far, x + far])
            j0, j1 = np.searchsorted(ys, [y - far, y + far])
            gx, gy = np.meshgrid(xs[i0:i1], ys[j0:j1], indexing="ij")
            out[i0:i1, j0:j1] |= (gx - x) ** 2 + (gy - y) ** 2 < far**2
        return out


def search(grid: Grid, a: tuple[float, float], b: tuple[float, float], cost: np.ndarray) -> list:
    """The cheapest 8-neighbour path of cells from a to b (A*), as cells."""
    start, goal = grid.cell(*a), grid.cell(*b)
    least = float(cost.min())
    seen: dict[tuple[int, int], float] = {start: 0.0}
    came: dict[tuple[int, int], tuple[int, int]] = {}
    todo = [(0.0, 0.0, start)]
    steps = [(dx, dy, math.hypot(dx, dy)) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if dx or dy]
    while todo:
        _, g, here = heapq.heappop(todo)
        if here == goal:
            break
        if g > seen.get(here, math.inf):
            continue
        i, j = here
        for dx, dy, step in steps:
            ni, nj = i + dx, j + dy
            if not (0 <= ni < grid.nx and 0 <= nj < grid.ny):
                continue
            ng = g + step * (cost[i, j] + cost[ni, nj]) / 2
            if ng < seen.get((ni, nj), math.inf):
                seen[(ni, nj)] = ng
                came[(ni, nj)] = here
                h = math.hypot(goal[0] - ni, goal[1] - nj) * least
                heapq.heappush(todo, (ng + h, ng, (ni, nj)))
    path = [goal]
    while path[-1] != start:
        path.append(came[path[-1]])
    return path[::-1]


def sampled(grid: Grid, bad: np.ndarray, p: tuple[float, float], q: tuple[float, float]) -> int:
    """How many half-cell steps of the segment p-q lie on `bad` cells."""
    n = max(2, int(math.hypot(q[0] - p[0], q[1] - p[1]) / (CELL / 2)) + 1)
    total = 0
    for k in range(n + 1):
        t = k / n
        i, j = grid.cell(p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t)
        total += int(bad[i, j])
    return total


def wrong(grid: Grid, points: list, sea: bool) -> float:
    """The length of the polyline on the wrong surface (land at sea, water by rail), exact."""
    return sum(e - s for s, e, on in grid.coast.spans(points) if on == sea)


def close(grid: Grid, points: list, sea: bool) -> float:
    """The length of the polyline nearer the coast than its clearance (or on the wrong side)."""
    clear = SEA_CLEAR if sea else RAIL_CLEAR
    return sum(e - s for s, e in too_near(grid.coast, points, sea, clear, (0.0, 0.0)))


def pulled(
    grid: Grid, points: list, sea: bool, soft: np.ndarray, keep: np.ndarray, slack: int
) -> list:
    """The path's points pulled straight: from each kept point, a straight leg as far along
    the path as it goes with no more of the wrong surface than the path (exactly), no more
    steps near a city and hardly more near the coast (on the grid) than the path takes."""
    points = [*points[:-1:2], points[-1]] if len(points) > 4 else points
    out = [points[0]]
    k = 0
    while k < len(points) - 1:
        best = k + 1
        for m in range(k + 2, len(points)):
            leg = [points[k], points[m]]
            path = points[k : m + 1]
            if wrong(grid, leg, sea) > wrong(grid, path, sea) + 0.05 * MM:
                break
            if close(grid, leg, sea) > close(grid, path, sea) + 0.3 * MM:
                break
            legs = list(zip(path, path[1:], strict=False))
            if sampled(grid, keep, *leg) > sum(sampled(grid, keep, p, q) for p, q in legs):
                break
            if sampled(grid, soft, *leg) > sum(sampled(grid, soft, p, q) for p, q in legs) + slack:
                break
            best = m
        out.append(points[best])
        k = best
    return out


def course(grid: Grid, route: Route, ferry: bool) -> list[tuple[float, float]] | None:
    """The waypoints (page points) of a route, or None when it is drawn straight."""
    a, b = route.points[0], route.points[-1]
    passes = may_pass(route, grid.game_map)
    keep = grid.keep_out((*route.ends, *passes), ships=route.kind == "rail")
    near = grid.keep_out((*route.ends, *passes), ships=route.kind == "rail")  # near a port
    near |= grid.keep_out(route.ends, ships=False, reach=0.5 * MM)  # one it passes, its symbol
    if route.kind == "air":
        return _bend(grid, route)
    sea = route.kind == "sea"
    if sea:
        cost = np.where(grid.land, 60.0, np.where(grid.near_land, 8.0, 1.0))
        cost = cost + np.where(grid.band_land, 3.0, 0.0)
        soft = grid.near_land
    else:
        water = 25.0 if ferry else 400.0
        cost = np.where(grid.land, np.where(grid.near_water, 6.0, 1.0), water)
        cost = cost + np.where(grid.band_water, 2.0, 0.0)
        soft = grid.near_water
    cost = cost + near * 40.0
    fixed = (route.kind, *route.ends) in STATIONS
    if not fixed and wrong(grid, [a, b], sea) < 0.01 and _clear(grid, route.ends, [a, b], passes):
        return None
    stops = [grid.frame.place(lon, lat) for lat, lon in STATIONS.get((route.kind, *route.ends), ())]
    legs = [a, *stops, b]
    points = [a]
    for p, q in zip(legs, legs[1:], strict=False):
        cells = search(grid, p, q, cost)
        points += [*(grid.point(i, j) for i, j in cells[1:-1]), q]
    for slack in (2, 0):
        way = pulled(grid, points, sea, soft, keep, slack)
        drawn = shaped(route.kind, route.ends, way).points
        least = wrong(grid, way, sea)
        fits = wrong(grid, list(drawn), sea) <= least + 0.05 * MM
        fits = fits and close(grid, list(drawn), sea) <= close(grid, way, sea) + 0.3 * MM
        if fits and _clear(grid, route.ends, list(drawn), passes):
            return way[1:-1] or None
    return points[3:-3:3] or None


def pushed(grid: Grid, route: Route, way: list) -> list:
    """The waypoints moved off the coast: the line (a, *way, b) cut into 1 mm steps, each step
    nearer the coast than the route's clearance pushed straight away from its nearest coast
    point to the clearance (or to the middle of water, or land, narrower than twice that)."""
    sea = route.kind == "sea"
    clear = (SEA_CLEAR if sea else RAIL_CLEAR) + 0.15 * MM
    a, b = route.points[0], route.points[-1]
    pts = [a, *way, b]
    dense = [a]
    for p, q in zip(pts, pts[1:], strict=False):
        n = max(1, math.ceil(math.hypot(q[0] - p[0], q[1] - p[1]) / MM))
        dense += [
            (p[0] + (q[0] - p[0]) * k / n, p[1] + (q[1] - p[1]) * k / n) for k in range(1, n + 1)
        ]
    c = grid.coast
    ra = grid.cities.get(route.ends[0], grid.ships.get(route.ends[0], (0, 0, 0)))[2] + MM
    rb = grid.cities.get(route.ends[1], grid.ships.get(route.ends[1], (0, 0, 0)))[2] + MM
    for _ in range(6):
        out = [dense[0]]
        for p in dense[1:-1]:
            if (
                math.hypot(p[0] - a[0], p[1] - a[1]) < ra
                or math.hypot(p[0] - b[0], p[1] - b[1]) < rb
            ):
                out.append(p)
                continue
            dx, dy = c.x1 - c.x0, c.y1 - c.y0
            t = np.clip(
                ((p[0] - c.x0) * dx + (p[1] - c.y0) * dy) / np.maximum(dx * dx + dy * dy, 1e-12),
                0,
                1,
            )
            nx, ny = c.x0 + t * dx, c.y0 + t * dy
            gaps = np.hypot(nx - p[0], ny - p[1])
            k = int(np.argmin(gaps))
            gap = float(gaps[k])
            on = bool(c.on_land([p[0]], [p[1]])[0])
            if gap >= clear and on != sea:
                out.append(p)
                continue
            ux, uy = (p[0] - nx[k]) / max(gap, 1e-9), (p[1] - ny[k]) / max(gap, 1e-9)
            if on == sea:  # on the wrong side: away from the coast the other way
                ux, uy = -ux, -uy
            far = (nx[k] + ux * 4 * clear, ny[k] + uy * 4 * clear)
            cut = c.cuts((nx[k] + ux * 0.01, ny[k] + uy * 0.01), far)
            width = cut[0] * 4 * clear if cut else math.inf
            d = min(clear, width / 2)
            out.append((nx[k] + ux * d, ny[k] + uy * d))
        out.append(dense[-1])
        dense = out
    # as few points as keep the line as clear: a straight leg as far as it stays so
    kept = [0]
    while kept[-1] < len(dense) - 1:
        k, m = kept[-1], kept[-1] + 1
        while (
            m + 1 < len(dense)
            and close(grid, [dense[k], dense[m + 1]], sea)
            <= close(grid, dense[k : m + 2], sea) + 0.02 * MM
        ):
            m += 1
        kept.append(m)
    return [dense[i] for i in kept[1:-1]]


def _bend(grid: Grid, route: Route) -> list[tuple[float, float]] | None:
    """One waypoint to the side for an air line that passes near a city (an arc through it)."""
    a, b = route.points[0], route.points[-1]
    if _clear(grid, route.ends, [a, b]):
        return None
    mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
    length = math.hypot(b[0] - a[0], b[1] - a[1])
    nx, ny = -(b[1] - a[1]) / length, (b[0] - a[0]) / length
    for step in range(1, 40):
        for side in (1, -1):
            off = side * step * 1.0 * MM
            via = (mx + nx * off, my + ny * off)
            arc = shaped(route.kind, route.ends, (a, via, b)).points
            if _clear(grid, route.ends, list(arc)):
                return [via]
    return None


def _clear(
    grid: Grid, ends: tuple[str, str], points: list, passes: frozenset = frozenset()
) -> bool:
    return all(
        distance((x, y), points) - r >= CLEAR + 0.3 * MM
        for name, (x, y, r) in grid.cities.items()
        if name not in ends and name not in passes
    )


def to_latlon(grid: Grid, p: tuple[float, float], digits: int = 2) -> tuple[float, float]:
    f = grid.frame
    s, w, b = f.scale, f.window, f.box
    ox = b.x + (b.w - (w.x1 - w.x0) * s) / 2
    oy = b.y + (b.h - (w.y1 - w.y0) * s) / 2
    x_km = (p[0] - ox) / s + w.x0
    y_km = w.y1 - (p[1] - oy) / s
    lon, lat = f.conic.lonlat(x_km, y_km)
    return round(lat, digits), round(lon, digits)


def _fine_row(grid: Grid, route: Route, key: str) -> str | None:
    """The course row of a route searched again clear of the coast (tools/map/refine.py),
    its waypoints to 2 decimals (3 where 2 would bring it near the coast), or None."""
    print(f"{route.kind}: {route.ends[0]} - {route.ends[1]}")
    closed = [
        (*grid.frame.place(lon, lat), r * MM)
        for lat, lon, r in CLOSED.get((route.kind, *route.ends), ())
    ]
    ends = Ends(grid.layout, grid.game_map, route, closed)
    course = next(
        (
            c
            for c in grid.game_map.courses
            if c.kind == route.kind and {c.a, c.b} == set(route.ends)
        ),
        None,
    )
    via = [grid.frame.place(lon, lat) for lat, lon in (course.via if course else ())]
    if course and course.a != route.ends[0]:
        via = via[::-1]
    way = refined(ends, via, print)
    if way is None:
        print("  no clear course found: the written one is kept")
        return None
    for digits in (2, 3):
        at = [to_latlon(grid, p, digits) for p in way]
        back = [grid.frame.place(lon, lat) for lat, lon in at]
        line = shaped(route.kind, route.ends, (route.points[0], *back, route.points[-1])).points
        left = [what for what, *_ in ends.faults(list(line))]
        if not left or digits == 3:
            print(f"  {len(way)} waypoints, {digits} decimals: {left or 'clear'}")
            written = ", ".join(f"[{lat:g}, {lon:g}]" for lat, lon in at)
            return f"{key}], via: [{written}]}}"
    return None


def main(argv: list[str]) -> int:
    kit = load_game(ROOT / "templates" / "spies")
    art = map_element(kit)
    grid = Grid(art)
    game_map = kit.map
    assert game_map is not None
    ferries = {frozenset((line.a, line.b)) for line in game_map.rail if line.ferry}
    # --only KIND:A:B ...: redo those routes and keep every other course as written
    only = {tuple(a.split(":")) for a in argv if a.count(":") == 2}
    text = MAP.read_text(encoding="utf-8")
    kept = {
        line.split("], via")[0]: line
        for line in text.split(START)[-1].splitlines()
        if line.startswith("    - {")
    }
    rows = []
    fine = "--fine" in argv
    written = route_lines(game_map, grid.frame) if "--push" in argv or fine else ()
    for route in route_lines(game_map, grid.frame, courses=False):
        key = f"    - {{{route.kind}: [{route.ends[0]}, {route.ends[1]}"
        if only and (route.kind, *route.ends) not in only:
            if key in kept:
                rows.append(kept[key])
            continue
        if fine:  # search the written course again on a fine grid, clear of the coast
            row = _fine_row(grid, next(r for r in written if r.ends == route.ends), key)
            rows.append(row or kept.get(key, ""))
            continue
        if "--push" in argv:  # push the written course off the coast
            current = next(
                (r for r in written if r.kind == route.kind and r.ends == route.ends), None
            )
            way: list | None = pushed(grid, route, list(current.points[1:-1] if current else ()))
        else:
            way = course(grid, route, frozenset(route.ends) in ferries)
        if way:
            via = ", ".join(f"[{lat:g}, {lon:g}]" for lat, lon in (to_latlon(grid, p) for p in way))
            rows.append(f"{key}], via: [{via}]}}")
    if "--check" in argv:
        print("\n".join(rows))
        return 0
    head = text.split(START)[0].rstrip("\n") + "\n"
    body = "\n".join(rows)
    intro = (
        f"{START}: where a straight line would cross the wrong surface or pass\n"
        "  # within 2 mm of a city it does not join, the waypoints (lat, lon) the printed map\n"
        '  # draws the route through (docs/spies.md, "The printed map"). A drawing matter only:\n'
        "  # moves are the lines and sea zones above.\n"
        "  courses:\n"
    )
    MAP.write_text(head + intro + body + "\n", encoding="utf-8")
    print(f"{len(rows)} courses written to {MAP.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
