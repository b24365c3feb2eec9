"""pnp.draw.map_water's Coast.on_land answers through its band index exactly as the plain
even-odd count over every edge does (the map's names are placed by it: a different answer
would move a name)."""

from __future__ import annotations

import math
from pathlib import Path

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from pnp.draw.map_water import Coast

REPO = Path(__file__).resolve().parents[2]


def every_edge(coast: Coast, xs: list[float], ys: list[float]) -> np.ndarray:
    """The count over every edge, as on_land was written before its index."""
    px = np.asarray(xs, dtype=float)[:, None]
    py = np.asarray(ys, dtype=float)[:, None]
    x0, y0, x1, y1 = coast.x0, coast.y0, coast.x1, coast.y1
    straddles = (y0 > py) != (y1 > py)
    with np.errstate(all="ignore"):
        at = x0 + (py - y0) * (x1 - x0) / (y1 - y0)
    return np.asarray(np.count_nonzero(straddles & (px < at), axis=1) % 2 == 1)


coordinate = st.floats(-50, 50, allow_nan=False, allow_infinity=False)
ring = st.lists(st.tuples(coordinate, coordinate), min_size=3, max_size=12)


@settings(max_examples=60, deadline=None)
@given(
    rings=st.lists(ring, min_size=1, max_size=4),
    points=st.lists(st.tuples(coordinate, coordinate), min_size=1, max_size=40),
)
def test_the_index_answers_as_every_edge_does(rings, points):
    # the points given, the rings' own corners, and points at the corners' heights (the cases
    # on a band's edge or an edge's end)
    corners = [p for r in rings for p in r]
    heights = [(x, c[1]) for (x, _), c in zip(points, corners, strict=False)]
    xs = [p[0] for p in (*points, *corners, *heights)]
    ys = [p[1] for p in (*points, *corners, *heights)]
    expected = every_edge(Coast.of(rings), xs, ys).tolist()
    for bands in (1, 2, 7, 256, 1024):  # (7: band heights that round; 1024: the map's)
        coast = Coast.of(rings)
        coast.BANDS = bands
        assert coast.on_land(xs, ys).tolist() == expected, bands


def test_the_map_of_europe_answers_as_every_edge_does():
    from pnp.draw.map_sheet import read_land

    land = read_land(str(REPO / "templates" / "spies" / "map-land.json"))
    coast = Coast.of(land.land)
    rng = np.random.default_rng(37)
    x = np.concatenate([coast.x0, coast.x1])
    y = np.concatenate([coast.y0, coast.y1])
    # random points over the map, and points at the corners' heights (the bands' edges)
    xs = rng.uniform(x.min() - 10, x.max() + 10, 700).tolist()
    ys = rng.uniform(y.min() - 10, y.max() + 10, 700).tolist()
    xs += rng.uniform(x.min(), x.max(), 300).tolist()
    ys += rng.choice(y, 300).tolist()
    got = coast.on_land(xs, ys)
    assert got.tolist() == every_edge(coast, xs, ys).tolist()
    assert 0 < got.sum() < len(xs)  # some on land, some at sea


def test_no_points_and_no_edges():
    assert Coast.of([[(0.0, 0.0), (1.0, 0.0), (0.0, 1.0)]]).on_land([], []).tolist() == []
    assert Coast.of([]).on_land([0.5], [0.5]).tolist() == [False]
    assert Coast.of([[(0.0, 0.0), (4.0, 0.0), (0.0, 4.0)]]).on_land([1.0], [1.0]).tolist() == [True]


def one_by_one(coast: Coast, points: list[tuple[float, float]]) -> list[tuple[float, float, bool]]:
    """spans as written before the segments were taken together: each segment cut alone."""
    pieces = []
    along = 0.0
    for a, b in zip(points, points[1:], strict=False):
        dx, dy = b[0] - a[0], b[1] - a[1]
        ex, ey = coast.x1 - coast.x0, coast.y1 - coast.y0
        den = dx * ey - dy * ex
        with np.errstate(all="ignore"):
            t = ((coast.x0 - a[0]) * ey - (coast.y0 - a[1]) * ex) / den
            u = ((coast.x0 - a[0]) * dy - (coast.y0 - a[1]) * dx) / den
        hit = (den != 0) & (t > 0) & (t < 1) & (u >= 0) & (u < 1)
        length = math.hypot(dx, dy)
        ts = [0.0, *sorted(float(v) for v in t[hit]), 1.0]
        for t0, t1 in zip(ts, ts[1:], strict=False):
            p = (a[0] + dx * t0, a[1] + dy * t0)
            q = (a[0] + dx * t1, a[1] + dy * t1)
            pieces.append((along + t0 * length, along + t1 * length, p, q))
        along += length
    mids = [((p[0] + q[0]) / 2, (p[1] + q[1]) / 2) for _, _, p, q in pieces]
    land: list[bool] = every_edge(coast, [m[0] for m in mids], [m[1] for m in mids]).tolist()
    out: list[tuple[float, float, bool]] = []
    for (s, e, _, _), on in zip(pieces, land, strict=True):
        if out and out[-1][2] == bool(on):
            out[-1] = (out[-1][0], e, bool(on))
        else:
            out.append((s, e, bool(on)))
    return out


@settings(max_examples=60, deadline=None)
@given(
    rings=st.lists(ring, min_size=1, max_size=3),
    lines=st.lists(st.lists(st.tuples(coordinate, coordinate), max_size=5), max_size=5),
    chunk=st.sampled_from([1, 7, 1 << 20]),
)
def test_lines_cut_together_as_each_alone(rings, lines, chunk):
    coast = Coast.of(rings)
    coast.CHUNK = chunk  # a few segments at a time, or all
    assert coast.spans_of(lines) == [one_by_one(coast, line) for line in lines]


def test_points_far_out_or_not_numbers_are_at_sea_as_every_edge_says():
    coast = Coast.of([[(0.0, 0.0), (4.0, 0.0), (0.0, 4.0)]])
    xs = [1.0, float("nan"), 1e300, -1e300, float("inf"), 1.0]
    ys = [1.0, 1.0, 1e300, -1e300, 1.0, float("nan")]
    got = coast.on_land(xs, ys).tolist()
    assert got == every_edge(coast, xs, ys).tolist() == [True, False, False, False, False, False]


def test_the_top_band_counts_where_band_heights_round():
    # 0.03 / (0.03 / 7) rounds below 7: the top band holds more than the top corner
    coast = Coast.of([[(0.0, 0.0), (0.03, 0.0), (0.0, 0.03)]])
    coast.BANDS = 7
    xs, ys = [0.0005, 0.0005, 0.02], [0.029, 0.001, 0.029]
    assert coast.on_land(xs, ys).tolist() == every_edge(coast, xs, ys).tolist()
    assert coast.on_land(xs, ys).tolist() == [True, True, False]
