"""Re-route a written course clear of the coast on a fine grid: `tools/map/routes.py --fine
KIND:A:B ...` (by hand, never at build or test time; the tests check the result).

The coarse search of tools/map/routes.py (0.5 mm cells) cannot see water narrower than about
2 mm (the Strait of Gibraltar, the Bosporus and Dardanelles, the Danish belts), and pushing its
course off one shore pushes it onto the other. Here the route is searched again on 0.2 mm cells
in a corridor 12 mm either side of its drawn line (so it keeps its way round the land), at a cost
that rises as it nears the coast: within `clear` + 0.35 mm of the coast a step costs up to 40
times a step in open water (on land, for a sea move, 400 times), so that in narrow water the
cheapest way is its middle. A route keeps CLEAR + 0.4 mm from every city symbol it does not
join (and a rail line from every ship). Near its ends (a city's symbol, its own way to the
coast and 3 mm more: where the tests do not ask clearance) the coast costs nothing more.

The path of cells is then pulled straight: from each waypoint a leg as long as it stays `clear`
+ 0.15 mm off the coast, off every other city and on no more of the wrong surface than the
path. The drawn line (a sea move's corners rounded) is checked as the tests check it; where it
still comes near the coast, the legs there are split at the path's points and checked again.
"""

from __future__ import annotations

import heapq
import math
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from pnp.draw.map_routes import CLEAR, RAIL_CLEAR, SEA_CLEAR, Route, may_pass, shaped, too_near
from pnp.draw.map_water import distance

Point = tuple[float, float]
MM = 72 / 25.4
FINE = 0.2 * MM  # the cell
CORRIDOR = 12.0 * MM  # the search keeps this near the route as drawn now
END_REACH = 3.0 * MM  # past a city's symbol and its way to the coast (tests/spies_map)
PORT_REACH = 1.5 * MM  # a sea move may be on land this far past its port's way to the coast
OFFSHORE = 4.0 * MM  # and a little up to this far, so that it keeps off a coast it may
CITY_ROOM = CLEAR + 0.4 * MM  # a route keeps this far from a city symbol it does not join
RAIL_ALONG = 2.0 * MM  # no rail line runs more than 25 mm this near the sea
RAIL_ALONG_MOST = 25.0 * MM


def _to_coast(coast: Any, p: Point) -> float:
    dx, dy = coast.x1 - coast.x0, coast.y1 - coast.y0
    t = np.clip(
        ((p[0] - coast.x0) * dx + (p[1] - coast.y0) * dy) / np.maximum(dx * dx + dy * dy, 1e-12),
        0,
        1,
    )
    return float(np.min(np.hypot(coast.x0 + t * dx - p[0], coast.y0 + t * dy - p[1])))


class Ends:
    """What the tests leave out at a route's ends, and the symbols it must keep off."""

    def __init__(
        self, layout: Any, game_map: Any, route: Route, closed: Sequence[tuple] = ()
    ) -> None:
        self.coast = layout.coast
        self.closed = list(closed)  # (x, y, radius): water the route may not take
        self.route = route
        self.sea = route.kind == "sea"
        self.clear = SEA_CLEAR if self.sea else RAIL_CLEAR
        cities = {name: (x, y, box.w / 2) for name, x, y, box in layout.cities}
        ships = {name: (x, y, box.w / 2) for name, x, y, box in layout.ships}
        self.reach: list[float] = []  # the clearance skipped at each end (along the line)
        self.land_reach: list[float] = []  # the land a sea move may cross at each end
        for end in route.ends:
            if end in cities:
                x, y, r = cities[end]
                to = _to_coast(self.coast, (x, y))
                self.reach.append(r + to + END_REACH)
                self.land_reach.append(to + PORT_REACH)
            else:
                self.reach.append(ships[end][2])
                self.land_reach.append(0.0)
        passes = may_pass(route, game_map)
        self.others = [v for k, v in cities.items() if k not in route.ends and k not in passes]
        if not self.sea:
            self.others += [v for k, v in ships.items() if k not in route.ends]
        self.passed = [cities[k] for k in passes if k in cities]

    def faults(self, points: Sequence[Point]) -> list[tuple[str, float, float]]:
        """What the tests would find wrong with the line as drawn through `points`: what, and
        where (from, to: points along the line)."""
        out = []
        skip = (self.reach[0], self.reach[1])
        bad = too_near(self.coast, points, self.sea, self.clear, skip)
        out += [(f"near the coast {s / MM:.1f}-{e / MM:.1f} mm", s, e) for s, e in bad]
        spans = self.coast.spans(points)
        total = spans[-1][1] if spans else 0.0
        for s, e, land in spans:
            if land != self.sea or e - s <= 0.3 * MM:
                continue
            if e <= self.land_reach[0] or s >= total - self.land_reach[1]:
                continue
            out.append((f"on the wrong surface {s / MM:.1f}-{e / MM:.1f} mm", s, e))
        for x, y, r in self.closed:
            if distance((x, y), points) < r:
                k = min(range(len(points)), key=lambda k: math.dist(points[k], (x, y)))
                at = _length(points[: k + 1])
                out.append(("through a closed strait", at, at))
        for x, y, r in self.others:
            if distance((x, y), points) - r < CLEAR + 0.05 * MM:
                k = min(range(len(points)), key=lambda k: math.dist(points[k], (x, y)))
                at = _length(points[: k + 1])
                out.append((f"within 2 mm of a city at {x / MM:.0f}, {y / MM:.0f} mm", at, at))
        if not self.sea:
            near = too_near(self.coast, points, False, RAIL_ALONG, skip)
            out += [
                (f"along the sea {s / MM:.0f}-{e / MM:.0f} mm", s, e)
                for s, e in near
                if e - s > 24 * MM
            ]
        return out


def _field(coast: Any, x0: float, y0: float, nx: int, ny: int) -> tuple[np.ndarray, np.ndarray]:
    """Land (bool) and the distance to the coast (points, exact to each cell's centre, up to
    OFFSHORE) of each cell: a sharp cape thinner than a cell counts in full."""
    xs = x0 + (np.arange(nx) + 0.5) * FINE
    ys = y0 + (np.arange(ny) + 0.5) * FINE
    gx, gy = np.meshgrid(xs, ys, indexing="ij")
    land = coast.on_land(gx.ravel(), gy.ravel()).reshape(nx, ny)
    dist = np.full(land.shape, OFFSHORE)
    x1, y1 = xs[-1] + OFFSHORE, ys[-1] + OFFSHORE
    for ax, ay, bx, by in zip(coast.x0, coast.y0, coast.x1, coast.y1, strict=True):
        lo_x, hi_x = min(ax, bx) - OFFSHORE, max(ax, bx) + OFFSHORE
        lo_y, hi_y = min(ay, by) - OFFSHORE, max(ay, by) + OFFSHORE
        if hi_x < x0 or lo_x > x1 or hi_y < y0 or lo_y > y1:
            continue
        i0, i1 = max(0, int((lo_x - x0) / FINE)), min(nx, int((hi_x - x0) / FINE) + 1)
        j0, j1 = max(0, int((lo_y - y0) / FINE)), min(ny, int((hi_y - y0) / FINE) + 1)
        if i0 >= i1 or j0 >= j1:
            continue
        px, py = gx[i0:i1, j0:j1], gy[i0:i1, j0:j1]
        dx, dy = bx - ax, by - ay
        t = np.clip(((px - ax) * dx + (py - ay) * dy) / max(dx * dx + dy * dy, 1e-12), 0, 1)
        d = np.hypot(ax + t * dx - px, ay + t * dy - py)
        np.minimum(dist[i0:i1, j0:j1], d, out=dist[i0:i1, j0:j1])
    return land, dist


def _search(cost: np.ndarray, start: tuple[int, int], goal: tuple[int, int]) -> list:
    """The cheapest 8-neighbour path of cells (A*), inf cost cells closed."""
    nx, ny = cost.shape
    least = float(cost[np.isfinite(cost)].min())
    seen = {start: 0.0}
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
            if not (0 <= ni < nx and 0 <= nj < ny) or not math.isfinite(cost[ni, nj]):
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


def fine_path(ends: Ends, drawn: Sequence[Point]) -> list[Point]:
    """The cheapest path of 0.2 mm cells from the first of `drawn` to its last near it (a
    stretch of the route as drawn now), as points."""
    route = ends.route
    a, b = drawn[0], drawn[-1]
    xs = [p[0] for p in drawn]
    ys = [p[1] for p in drawn]
    x0, y0 = min(xs) - CORRIDOR, min(ys) - CORRIDOR
    nx = int((max(xs) - min(xs) + 2 * CORRIDOR) / FINE) + 1
    ny = int((max(ys) - min(ys) + 2 * CORRIDOR) / FINE) + 1
    land, dist = _field(ends.coast, x0, y0, nx, ny)
    gx, gy = np.meshgrid(
        x0 + (np.arange(nx) + 0.5) * FINE, y0 + (np.arange(ny) + 0.5) * FINE, indexing="ij"
    )
    # the corridor: cells within CORRIDOR of the drawn line
    inside = np.zeros(land.shape, dtype=bool)
    for p, q in zip(drawn, drawn[1:], strict=False):
        dx, dy = q[0] - p[0], q[1] - p[1]
        t = np.clip(((gx - p[0]) * dx + (gy - p[1]) * dy) / max(dx * dx + dy * dy, 1e-12), 0, 1)
        inside |= np.hypot(p[0] + t * dx - gx, p[1] + t * dy - gy) < CORRIDOR
    reach = ends.clear + 0.35 * MM
    wrong = land if ends.sea else ~land
    cost = 1.0 + np.where(wrong, 400.0, 40.0 * np.clip((reach - dist) / reach, 0, 1))
    cost += 0.6 * np.clip((OFFSHORE - dist) / OFFSHORE, 0, 1)
    # no coast cost where the tests ask none: near the ends
    for (px, py), r in zip((route.points[0], route.points[-1]), ends.reach, strict=True):
        free = np.hypot(gx - px, gy - py) < r * 0.9
        cost = np.where(free & ~wrong, 1.0, cost)
    for x, y, r in ends.others:
        cost = np.where(np.hypot(gx - x, gy - y) < r + CITY_ROOM, np.inf, cost)
    for x, y, r in ends.closed:
        cost = np.where(np.hypot(gx - x, gy - y) < r, np.inf, cost)
    for x, y, r in ends.passed:
        cost = np.where(np.hypot(gx - x, gy - y) < r + 0.3 * MM, cost + 100.0, cost)
    cost = np.where(inside, cost, np.inf)

    def cell(p: Point) -> tuple[int, int]:
        return int((p[0] - x0) / FINE), int((p[1] - y0) / FINE)

    start, goal = cell(a), cell(b)
    cost[start] = cost[goal] = 1.0 if not math.isfinite(cost[start]) else cost[start]
    cells = _search(cost, start, goal)
    return [a, *((x0 + (i + 0.5) * FINE, y0 + (j + 0.5) * FINE) for i, j in cells[1:-1]), b]


def _length(points: Sequence[Point]) -> float:
    return sum(
        math.hypot(q[0] - p[0], q[1] - p[1]) for p, q in zip(points, points[1:], strict=False)
    )


def pulled(ends: Ends, path: list[Point], margin: float, before: float, total: float) -> list[int]:
    """The indices of the path kept as waypoints: from each, the farthest straight leg that
    keeps `clear` + `margin` off the coast, CITY_ROOM off other cities and on no more wrong
    surface than the path."""
    along = [before]  # the path is the route's stretch from `before`; the route is `total` long
    for p, q in zip(path, path[1:], strict=False):
        along.append(along[-1] + math.hypot(q[0] - p[0], q[1] - p[1]))

    def wrong(points: Sequence[Point]) -> float:
        return sum(e - s for s, e, on in ends.coast.spans(points) if on == ends.sea)

    def fits(k: int, m: int) -> bool:
        leg = [path[k], path[m]]
        skip = (max(0.0, ends.reach[0] - along[k]), max(0.0, ends.reach[1] - (total - along[m])))
        if too_near(ends.coast, leg, ends.sea, ends.clear + margin, skip):
            return False
        if wrong(leg) > wrong(path[k : m + 1]) + 0.05 * MM:
            return False
        if any(distance((x, y), leg) < r for x, y, r in ends.closed):
            return False
        return all(distance((x, y), leg) - r >= CITY_ROOM - 0.2 * MM for x, y, r in ends.others)

    kept = [0]
    while kept[-1] < len(path) - 1:
        k = kept[-1]
        good, step = k + 1, 1
        while good + step < len(path) and fits(k, good + step):  # gallop, then halve
            good += step
            step *= 2
        step //= 2
        while step >= 1:
            if good + step < len(path) and fits(k, good + step):
                good += step
            step //= 2
        kept.append(good)
    return kept


def _at(points: Sequence[Point], d: float) -> tuple[int, Point]:
    """The leg (index of its start) and the point `d` along the polyline."""
    for k, (p, q) in enumerate(zip(points, points[1:], strict=False)):
        leg = math.hypot(q[0] - p[0], q[1] - p[1])
        if d <= leg or k == len(points) - 2:
            t = 0.0 if leg == 0 else min(1.0, max(0.0, d / leg))
            return k, (p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t)
        d -= leg
    return 0, points[0]


def rerouted(
    ends: Ends, pts: list[Point], lo: float, hi: float, say: Callable[[str], None]
) -> list[Point]:
    """The route through `pts` (its ends, the waypoints) with its stretch from `lo` to `hi`
    (points along it) searched again: the points before and after are kept."""
    route = ends.route
    total = _length(pts)
    k0, p = _at(pts, lo)
    k1, q = _at(pts, hi)
    head = pts[: k0 + 1] if lo > 0 else []
    tail = pts[k1 + 1 :] if hi < total else []
    piece = [p, *pts[k0 + 1 : k1 + 1], q]
    path = fine_path(ends, piece)
    best = [*head, *path, *tail]
    for margin in (0.5 * MM, 0.15 * MM):
        kept = pulled(ends, path, margin, lo, total)
        for _ in range(8):
            way = [*head, *(path[i] for i in kept), *tail]
            line = shaped(route.kind, route.ends, way).points
            found = [f for f in ends.faults(line) if f[2] >= lo - 3 * MM and f[1] <= hi + 3 * MM]
            if not found:
                return way
            say(
                f"    margin {margin / MM:.2f} mm, {len(kept)} points: {[w for w, *_ in found[:3]]}"
            )
            lengths = [lo]
            for a, b in zip(kept, kept[1:], strict=False):
                lengths.append(lengths[-1] + _length(path[a : b + 1]))
            split = set()
            for _, s, e in found:
                for n in range(len(kept) - 1):
                    if lengths[n] - 6 * MM <= e and s <= lengths[n + 1] + 6 * MM:
                        split.add(n)
            more = [(kept[n] + kept[n + 1]) // 2 for n in split if kept[n + 1] - kept[n] > 1]
            if not more:
                break
            kept = sorted({*kept, *more})
    return best


def nudged(
    ends: Ends, pts: list[Point], say: Callable[[str], None], tries: int = 4000
) -> list[Point] | None:
    """The route through `pts` with its waypoints near each fault moved a little at a time
    (a random step, kept when the faults grow shorter), points added on the line where a fault
    has fewer than three near it; None if the faults do not all go."""
    import random

    rng = random.Random(38)
    route = ends.route

    def badness(points: list[Point]) -> float:
        line = shaped(route.kind, route.ends, points).points
        return sum(e - s + 0.2 * MM for _, s, e in ends.faults(line))

    def along(points: list[Point]) -> list[float]:
        out = [0.0]
        for p, q in zip(points, points[1:], strict=False):
            out.append(out[-1] + math.hypot(q[0] - p[0], q[1] - p[1]))
        return out

    pts = list(pts)
    line = shaped(route.kind, route.ends, pts).points
    for _, s, e in ends.faults(line):
        for at in (s - 2 * MM, (s + e) / 2, e + 2 * MM):
            if 0 < at < _length(pts):
                k, p = _at(pts, at)
                pts.insert(k + 1, p)
    best = badness(pts)
    step = 0.4 * MM
    for n in range(tries):
        if best == 0:
            say(f"    nudged clear in {n} steps")
            return pts
        line = shaped(route.kind, route.ends, pts).points
        spots = [(s, e) for _, s, e in ends.faults(line)]
        marks = along(pts)
        movable = [
            k
            for k in range(1, len(pts) - 1)
            if any(s - 5 * MM <= marks[k] <= e + 5 * MM for s, e in spots)
        ]
        if not movable:
            break
        k = rng.choice(movable)
        trial = list(pts)
        trial[k] = (pts[k][0] + rng.gauss(0, step), pts[k][1] + rng.gauss(0, step))
        score = badness(trial)
        if score < best:
            pts, best = trial, score
        if n % 500 == 499:
            step *= 0.7
    say(f"    nudging left {best / MM:.1f} mm of faults")
    return None


def refined(ends: Ends, via: Sequence[Point], say: Callable[[str], None]) -> list[Point] | None:
    """The waypoints of a route clear of the coast, or None if none was found: each stretch
    where the route as drawn through `via` comes too near is searched again, from a few mm
    before to a few mm after it (wider at each try)."""
    route = ends.route
    pts = [route.points[0], *via, route.points[-1]]
    if ends.closed:  # a strait closed to the route: search it whole, round the land
        pts = rerouted(ends, pts, 0.0, _length(pts), say)
    for tries in range(8):
        line = shaped(route.kind, route.ends, pts).points
        found = ends.faults(line)
        if not found:
            return pts[1:-1]
        _, s, e = found[0]
        wide = (8 + 6 * tries) * MM
        total = _length(pts)
        lo, hi = max(0.0, s - wide), min(total, e + wide)
        say(f"  {found[0][0]}: searching {lo / MM:.0f}-{hi / MM:.0f} mm again")
        pts = rerouted(ends, pts, lo, hi, say)
    done = nudged(ends, [route.points[0], *via, route.points[-1]], say, tries=1500)
    return None if done is None else done[1:-1]
