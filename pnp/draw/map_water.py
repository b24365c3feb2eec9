"""Land and water on the printed map: which stretches of a line lie on land (the land file's
outline, as the map paints it, even-odd), in page points. What the map's routes are drawn and
tested by: a sea move keeps to water, a rail line to land but for a train ferry. numpy, pure.

    coast = Coast.of(rings)                     # the land outline's rings, page points
    coast.on_land(xs, ys)                       # a bool per point
    coast.spans(points)                         # [(start, end, on_land)] along a polyline
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np

Point = tuple[float, float]
Coordinates = Sequence[float] | np.ndarray
Span = tuple[float, float, bool]  # start, end (points along the line from its start), on land


class Coast:
    """The land outline as edges (x0, y0, x1, y1), page points."""

    BANDS = 1024  # horizontal bands of the edges' height, for on_land's index

    def __init__(self, edges: np.ndarray) -> None:
        self.x0, self.y0, self.x1, self.y1 = (edges[:, i] for i in range(4))
        self._index: tuple[float, float, np.ndarray, np.ndarray] | None = None

    @classmethod
    def of(cls, rings: Sequence[Sequence[Point]]) -> Coast:
        rows = [
            (a[0], a[1], b[0], b[1])
            for ring in rings
            for a, b in zip(ring, [*ring[1:], ring[0]], strict=True)
            if a != b
        ]
        return cls(np.array(rows, dtype=float).reshape(-1, 4))

    def on_land(self, xs: Coordinates, ys: Coordinates) -> np.ndarray:
        """True for each point (xs[i], ys[i]) inside the land (even-odd).

        The crossings of a ray to the right are counted only over the edges whose height meets
        the point's band (an edge straddles the point's y only if it does): the same comparisons
        on the same numbers as over every edge, so the same answers."""
        px = np.asarray(xs, dtype=float)
        py = np.asarray(ys, dtype=float)
        if len(px) == 0 or len(self.x0) == 0:
            return np.zeros(len(px), dtype=bool)
        low, step, starts, members = self._bands()
        band = self._band_of(py, low, step)
        inside = (band >= 0) & (band < len(starts) - 1)
        band = np.where(inside, band, 0)
        first = np.where(inside, starts[band], 0)
        counts = np.where(inside, starts[band + 1] - first, 0)
        # each point paired with each edge of its band
        point = np.repeat(np.arange(len(px)), counts)
        ends = np.cumsum(counts)
        edge = members[np.repeat(first - ends + counts, counts) + np.arange(int(ends[-1]))]
        x0, y0, x1, y1 = self.x0[edge], self.y0[edge], self.x1[edge], self.y1[edge]
        qx, qy = px[point], py[point]
        straddles = (y0 > qy) != (y1 > qy)
        with np.errstate(all="ignore"):  # (a subnormal difference overflows)
            at = x0 + (qy - y0) * (x1 - x0) / (y1 - y0)
        crossings = np.bincount(point[straddles & (qx < at)], minlength=len(px))
        return np.asarray(crossings % 2 == 1)

    @staticmethod
    def _band_of(y: np.ndarray, low: float, step: float) -> np.ndarray:
        """The band of each y: monotone in y (rounding keeps order), so an edge's bands, from
        its lowest y's to its highest y's, hold every y it straddles; -1 below the first."""
        with np.errstate(all="ignore"):  # (a point far out of every band falls out of them)
            return np.floor((y - low) / step).astype(np.int64)

    def _bands(self) -> tuple[float, float, np.ndarray, np.ndarray]:
        """The edges by band: (lowest y, band height, starts, members), band b's edges being
        members[starts[b]:starts[b + 1]]."""
        if self._index is None:
            lo = np.minimum(self.y0, self.y1)
            hi = np.maximum(self.y0, self.y1)
            low = float(lo.min())
            step = max((float(hi.max()) - low) / self.BANDS, 1e-9)
            first = self._band_of(lo, low, step)
            last = self._band_of(hi, low, step)
            count = int(last.max()) + 1
            spans = last - first + 1
            edge = np.repeat(np.arange(len(lo)), spans)
            offset = np.arange(len(edge)) - np.repeat(np.cumsum(spans) - spans, spans)
            bands = np.repeat(first, spans) + offset
            order = np.argsort(bands, kind="stable")
            starts = np.searchsorted(bands[order], np.arange(count + 1))
            self._index = (low, step, starts, edge[order])
        return self._index

    def cuts(self, a: Point, b: Point) -> list[float]:
        """Where the segment a-b crosses the coast: its parameters t in (0, 1), sorted."""
        return self._cuts([a], [b])[0]

    CHUNK = 1 << 20  # segments x edges compared at once (memory: a few arrays of this size)

    def _cuts(self, starts: Sequence[Point], ends: Sequence[Point]) -> list[list[float]]:
        """cuts(a, b) for each segment, the segments taken together: the same operations on
        the same numbers for each segment and edge, so the same answers."""
        out: list[list[float]] = []
        ex, ey = self.x1 - self.x0, self.y1 - self.y0
        rows = max(1, self.CHUNK // max(len(ex), 1))
        for first in range(0, len(starts), rows):
            a = np.asarray(starts[first : first + rows], dtype=float).reshape(-1, 2)
            b = np.asarray(ends[first : first + rows], dtype=float).reshape(-1, 2)
            ax, ay = a[:, 0:1], a[:, 1:2]
            dx, dy = b[:, 0:1] - ax, b[:, 1:2] - ay
            den = dx * ey - dy * ex
            with np.errstate(all="ignore"):  # (a subnormal difference overflows)
                t = ((self.x0 - ax) * ey - (self.y0 - ay) * ex) / den
                u = ((self.x0 - ax) * dy - (self.y0 - ay) * dx) / den
            hit = (den != 0) & (t > 0) & (t < 1) & (u >= 0) & (u < 1)
            for row, found in zip(t, hit, strict=True):
                out.append(sorted(row[found].tolist()))
        return out

    def spans(self, points: Sequence[Point]) -> list[Span]:
        """The polyline cut where it crosses the coast: (start, end, on land) in points along
        it, neighbours of the same surface joined."""
        return self.spans_of([points])[0]

    def spans_of(self, lines: Sequence[Sequence[Point]]) -> list[list[Span]]:
        """spans(points) of each polyline, their segments cut and their pieces tested together
        (one pass of numpy for all of them rather than one for each segment)."""
        segments = [(a, b) for points in lines for a, b in zip(points, points[1:], strict=False)]
        cuts = iter(self._cuts([a for a, _ in segments], [b for _, b in segments]))
        pieces: list[list[tuple[float, float, Point, Point]]] = []
        for points in lines:
            mine: list[tuple[float, float, Point, Point]] = []
            along = 0.0
            for a, b in zip(points, points[1:], strict=False):
                length = math.hypot(b[0] - a[0], b[1] - a[1])
                ts = [0.0, *next(cuts), 1.0]
                for t0, t1 in zip(ts, ts[1:], strict=False):
                    p = (a[0] + (b[0] - a[0]) * t0, a[1] + (b[1] - a[1]) * t0)
                    q = (a[0] + (b[0] - a[0]) * t1, a[1] + (b[1] - a[1]) * t1)
                    mine.append((along + t0 * length, along + t1 * length, p, q))
                along += length
            pieces.append(mine)
        mids = [((p[0] + q[0]) / 2, (p[1] + q[1]) / 2) for mine in pieces for _, _, p, q in mine]
        land = iter(self.on_land([m[0] for m in mids], [m[1] for m in mids]).tolist())
        result: list[list[Span]] = []
        for mine in pieces:
            out: list[Span] = []
            for s, e, _, _ in mine:
                on = bool(next(land))
                if out and out[-1][2] == on:
                    out[-1] = (out[-1][0], e, on)
                else:
                    out.append((s, e, on))
            result.append(out)
        return result


def length(points: Sequence[Point]) -> float:
    return sum(
        math.hypot(b[0] - a[0], b[1] - a[1]) for a, b in zip(points, points[1:], strict=False)
    )


def piece(points: Sequence[Point], start: float, end: float) -> tuple[Point, ...]:
    """The part of the polyline from `start` to `end` points along it."""
    out: list[Point] = []
    along = 0.0
    for a, b in zip(points, points[1:], strict=False):
        seg = math.hypot(b[0] - a[0], b[1] - a[1])
        lo, hi = max(start, along), min(end, along + seg)
        if seg > 0 and lo <= hi:
            for at in (lo, hi):
                t = (at - along) / seg
                p = (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)
                if not out or math.hypot(p[0] - out[-1][0], p[1] - out[-1][1]) > 1e-9:
                    out.append(p)
        along += seg
    return tuple(out)


def distance(point: Point, points: Sequence[Point]) -> float:
    """The distance from `point` to the polyline."""
    best = math.inf
    x, y = point
    for a, b in zip(points, points[1:], strict=False):
        dx, dy = b[0] - a[0], b[1] - a[1]
        d2 = dx * dx + dy * dy
        t = 0.0 if d2 == 0 else max(0.0, min(1.0, ((x - a[0]) * dx + (y - a[1]) * dy) / d2))
        best = min(best, math.hypot(x - a[0] - t * dx, y - a[1] - t * dy))
    return best
