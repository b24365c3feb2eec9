"""A city's name stands on its own territory: pnp.draw.map_sheet._homes tests every city
against each territory's outline at once; each city's home is the one it would be found in
tested alone, the first large territory in the land file's order that holds its symbol."""

from __future__ import annotations

from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from pnp.definitions.loader import load_game
from pnp.draw import map_sheet
from pnp.draw.map_projection import MapFrame
from pnp.model import MapArt

KIT = Path(__file__).resolve().parents[2] / "templates" / "spies"


def _one_by_one(frame, land, cities):
    """_homes as it was written first: each city against each outline in turn, alone."""
    outlines = []
    for t in land.territories:
        rings = map_sheet._rings(frame, t.rings)
        area = sum(
            abs(sum(a[0] * b[1] - b[0] * a[1] for a, b in zip(r, [*r[1:], r[0]], strict=True))) / 2
            for r in rings
        )
        if area >= map_sheet.HOME_LEAST:
            outlines.append(map_sheet.Coast.of(rings))
    homes = {}
    for name, x, y, _box in cities:
        home = next((i for i, c in enumerate(outlines) if c.on_land([x], [y])[0]), None)
        if home is not None:
            homes["city:" + name] = home
    return homes, outlines


_MAP: list = []


def _spies_map():
    if not _MAP:
        kit = load_game(KIT)
        art = next(
            el
            for c in kit.components
            for el in (*c.front, *(c.back or ()))
            if isinstance(el, MapArt)
        )
        land = map_sheet.read_land(art.land)
        _MAP.append((MapFrame(land.conic, land.window, art.box), land, art))
    return _MAP[0]


def test_every_city_of_the_spies_map_has_the_home_it_has_alone():
    frame, land, _ = _spies_map()
    layout = map_sheet.map_layout(_spies_map()[2])
    cities = list(layout.cities)
    expected, outlines = _one_by_one(frame, land, cities)
    homes = map_sheet._homes(frame, land, cities)
    assert len(homes) > 60  # (most cities stand in a territory large enough for a name)
    assert {key: _index(outlines, home) for key, home in homes.items()} == expected


def _index(outlines, home):
    """Which of `outlines` (the same edges) `home` is."""
    same = [
        i
        for i, c in enumerate(outlines)
        if len(c.x0) == len(home.x0)
        and all((getattr(c, a) == getattr(home, a)).all() for a in ("x0", "y0", "x1", "y1"))
    ]
    assert len(same) == 1
    return same[0]


@settings(max_examples=25, deadline=None)
@given(
    st.lists(st.tuples(st.floats(0, 1), st.floats(0, 1)).map(lambda p: p), min_size=0, max_size=30)
)
def test_any_points_find_the_home_they_find_alone(shares):
    """Points anywhere over the map (in a territory, on a border's side, at sea)."""
    frame, land, art = _spies_map()
    box = art.box
    cities = [
        (f"c{i}", box.x + sx * box.w, box.y + sy * box.h, None) for i, (sx, sy) in enumerate(shares)
    ]
    expected, outlines = _one_by_one(frame, land, cities)
    homes = map_sheet._homes(frame, land, cities)
    assert {key: _index(outlines, home) for key, home in homes.items()} == expected
