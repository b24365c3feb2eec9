"""The printed Spies! map (templates/spies/mapsheet.yaml): it loads and builds through the print
engine like any component, prints in glued parts on A4 and Letter, names at least 6 pt that
overlap nothing and cross no seam, every city on land of its owner's colour, routes told apart
by their lines, not only their colours."""

from __future__ import annotations

import io
import itertools
import json
from pathlib import Path

import pytest
from pypdf import PdfReader

from deaddrop.errors import InputError
from pnp import ops
from pnp.definitions.loader import load_game
from pnp.draw import face_ops
from pnp.draw import map_symbols as sym
from pnp.draw.map_labels import Band, Label, Seam, crosses, in_band, place_labels
from pnp.draw.map_sheet import (
    CITY_SIZE,
    NEUTRAL_TINT,
    POWER_TINT,
    glue_bands,
    inside,
    map_layout,
    read_land,
    territory_at,
)
from pnp.geometry import overlaps
from pnp.imposition import PAPERS, Settings, component_document
from pnp.imposition.component_plan import plan_component
from pnp.imposition.paper import Paper
from pnp.model import Box, MapArt
from pnp.units import mm

REPO = Path(__file__).resolve().parents[2]
KIT = REPO / "templates" / "spies"
PAGE_SIZES = {"a4": (595.28, 841.89), "letter": (612.0, 792.0)}


@pytest.fixture(scope="module")
def kit():
    return load_game(KIT)


@pytest.fixture(scope="module")
def sheet(kit):
    return next(c for c in kit.components if c.name == "mapsheet")


@pytest.fixture(scope="module")
def art(sheet) -> MapArt:
    found = [el for el in sheet.front if isinstance(el, MapArt)]
    assert len(found) == 1
    return found[0]


@pytest.fixture(scope="module")
def layout(art):
    return map_layout(art)


@pytest.fixture(scope="module")
def pdfs(sheet):
    from pnp.backends.pdf import pdf_bytes

    return {
        paper: PdfReader(io.BytesIO(pdf_bytes(component_document(sheet, Settings(paper=paper)))))
        for paper in PAPERS
    }


def test_the_map_loads_with_the_games_map_and_draws(kit, sheet, art):
    assert sheet.kind == "board" and sheet.split
    assert art.game_map is kit.map
    assert "mapsheet" in [c.name for c in kit.components]
    drawn = face_ops(sheet, 0)
    texts = [op.text for op in _flat(drawn) if isinstance(op, ops.Text)]
    for city in kit.map.cities:
        assert city.name in texts
    for zone in kit.map.sea_zones:
        assert zone.name.upper() in texts
    assert "Key" in texts and any(t.startswith("SPIES!") for t in texts)


def test_the_size_is_near_the_originals_and_prints_in_nine_parts_on_both_papers(sheet, pdfs):
    assert (sheet.width, sheet.height) == pytest.approx((mm(763), mm(555)))
    # the 1981 mapsheet: 34 x 22 inches; ours is 88% of its width and 99% of its height
    assert 0.85 < sheet.width / (34 * 72) < 1.0 and 0.95 < sheet.height / (22 * 72) < 1.05
    for paper, reader in pdfs.items():
        assert len(reader.pages) == 9
        for number, page in enumerate(reader.pages, start=1):
            w, h = float(page.mediabox.width), float(page.mediabox.height)
            assert (w, h) == pytest.approx(PAGE_SIZES[paper], abs=0.01)
            drawn = page.get_contents().get_data()  # its text is plain ASCII in Tj operators
            assert f"part {number} of 9".encode() in drawn
            if number < 9:
                assert b"goes on top" in drawn  # the glue band says which part covers it


def test_names_are_at_least_6pt_and_city_names_7pt(art, layout):
    drawn = [op for op in _flat(face_ops_of(art)) if isinstance(op, ops.Text)]
    assert min(op.size for op in drawn) >= 6.0
    for placed in layout.labels:
        style = layout.names[placed.key]
        assert style.size >= CITY_SIZE >= 6.0


def test_no_two_names_overlap_and_none_covers_a_symbol_or_the_key(art, layout):
    assert all(p.clear for p in layout.labels), [p.key for p in layout.labels if not p.clear]
    boxes = [p.box for p in layout.labels]
    for a, b in itertools.combinations(boxes, 2):
        assert not overlaps(a, b)
    # two names on one line keep a word space and more between them ("Bucharest Constanta"
    # once read as one name, 0.4 mm apart)
    for p, q in itertools.combinations(layout.labels, 2):
        a, b = p.box, q.box
        if a.y < b.y + b.h and b.y < a.y + a.h:
            assert _gap(a, b) >= 1.5 * MM - 0.01, (p.key, q.key, round(_gap(a, b) / MM, 2))
    symbols = {"city:" + n: box for n, _, _, box in layout.cities}
    symbols |= {"sea:" + n: box for n, _, _, box in layout.ships}
    for placed in layout.labels:
        for key, box in symbols.items():
            assert key == placed.key or not overlaps(placed.box, box), (placed.key, key)
        for panel in (art.legend, art.cartouche):
            assert not overlaps(placed.box, panel), placed.key


def test_each_name_stands_beside_its_own_symbol(layout):
    symbols = {"city:" + n: box for n, _, _, box in layout.cities}
    symbols |= {"sea:" + n: box for n, _, _, box in layout.ships}
    for placed in layout.labels:
        s, b = symbols[placed.key], placed.box
        dx = max(s.x - (b.x + b.w), b.x - (s.x + s.w), 0.0)
        dy = max(s.y - (b.y + b.h), b.y - (s.y + s.h), 0.0)
        assert max(dx, dy) <= 15.0, placed.key  # points: at most about 5 mm away
        # and no other symbol is nearer to the name than its own
        nearest = min(symbols, key=lambda k: _gap(symbols[k], b))
        assert _gap(symbols[nearest], b) >= _gap(s, b) - 0.5, (placed.key, nearest)


@pytest.mark.parametrize("bleed", [None, mm(3)])
@pytest.mark.parametrize("paper", sorted(PAPERS))
def test_no_name_crosses_a_seam_of_the_printed_parts(sheet, layout, paper, bleed):
    """From the plan itself (not from the seams the placer was given): each part's region on
    the board; a name must lie wholly on one side of every edge of every glue band. The same
    with `--bleed 3mm`."""
    plan = plan_component(sheet, Paper.of(Settings(paper=paper, bleed=bleed)))
    regions = [place.tile.region for s in plan.sheets for place in s.front.places]
    assert len(regions) == 9
    lines = set()
    for r in regions:
        for x in (r.x, r.x + r.w):
            if 0.01 < x < sheet.width - 0.01:
                lines.add(Seam(x, True))
        for y in (r.y, r.y + r.h):
            if 0.01 < y < sheet.height - 0.01:
                lines.add(Seam(y, False))
    assert len(lines) == 8  # two edges of each of the four glue bands
    for placed in layout.labels:
        for seam in lines:  # with its halo (0.7 pt) and a little more
            assert not crosses(placed.box, seam, margin=1.0), (placed.key, seam)
        # every name is whole on at least one part
        assert any(_within(placed.box, r) for r in regions), placed.key


def test_every_city_lies_in_a_territory_of_its_owners_colour(kit, art):
    land = read_land(art.land)
    owners = dict(kit.map.owners)
    for city in kit.map.cities:
        found = territory_at(land, city.lon, city.lat)
        assert found is not None, f"{city.name} is at sea"
        assert found.owner == city.owner, (city.name, found.name, found.owner)
    # and the territory is painted in that owner's tint (the ops, not the data)
    fills = {}
    for op in _flat(face_ops_of(art)):
        if isinstance(op, ops.Path) and op.fill:
            fills.setdefault(op.fill, []).append(op)
    frame = map_layout(art).frame
    for city in kit.map.cities:
        amount = NEUTRAL_TINT if city.owner == "neutral" else POWER_TINT
        tint = sym.tint(owners[city.owner], amount)
        x, y = frame.place(city.lon, city.lat)
        assert any(inside(p.subpaths, x, y) for p in fills.get(tint, [])), city.name


def test_the_tints_of_the_powers_and_neutrals_differ():
    from pnp.draw.map_sheet import SEA_FILL

    kit = load_game(KIT)
    owners = dict(kit.map.owners)
    tints = [sym.tint(c, NEUTRAL_TINT if o == "neutral" else POWER_TINT) for o, c in owners.items()]
    assert len(set(tints + [SEA_FILL])) == len(tints) + 1
    grey = sorted(_luma(t) for t in tints + [SEA_FILL])
    assert grey[0] < 200  # Germany's tint is a mid grey, darker than the sea and the neutrals


def test_routes_differ_by_line_not_only_colour():
    """Rail, air and sea moves differ in greyscale: by dash pattern and width."""
    segment = ((0.0, 0.0), (50.0, 0.0))
    rail, air, sea = sym.rail_line(segment), sym.air_line(segment), sym.sea_line(segment)
    patterns = {
        "rail": tuple((op.width, op.dash) for op in rail),
        "air": tuple((op.width, op.dash) for op in air),
        "sea": tuple((op.width, op.dash) for op in sea),
    }
    assert len(set(patterns.values())) == 3
    assert len(rail) == 2 and rail[0].dash is None and rail[1].dash  # black with white dashes
    assert air[0].dash[0] > 2 * sea[0].dash[0]  # long dashes against dots
    kinds = {"capital", "police city", "SECRET city", "spy haven", "city"}
    shapes = {k: _shape(sym.city_symbol(k, 0, 0, "#888888")) for k in kinds}
    assert len(set(shapes.values())) == len(kinds)  # by shape: the same in greyscale


def test_every_police_city_carries_its_powers_initial(kit, art, layout):
    """A police city's square carries its power's initial wherever it stands, in a glue band
    too (Essen, Milan, Kharkov and seven more once lost theirs there, and read as another kind
    of symbol)."""
    texts = [op for op in _flat(face_ops_of(art)) if isinstance(op, ops.Text)]
    at = {name: (x, y) for name, x, y, _box in layout.cities}
    missing = []
    for city in kit.map.cities:
        if city.kind != "police city":
            continue
        x, y = at[city.name]
        inside = [t for t in texts if abs(t.x - x) < 0.1 and 0 < t.y - y < 3]
        if not any(t.text == city.owner[0] for t in inside):
            missing.append(city.name)
    assert not missing


def test_the_land_file_is_small_projected_and_credited(art, sheet):
    raw = Path(art.land).read_bytes()
    assert len(raw) < 250_000
    doc = json.loads(raw)
    assert doc["attribution"].startswith("Made with Natural Earth")
    assert doc["made_by"] == "tools/map/land.py"
    x0, y0, x1, y1 = doc["window_km"]
    assert (x1 - x0) / (y1 - y0) == pytest.approx(sheet.width / sheet.height, rel=1e-3)
    land = read_land(art.land)
    names = {t.name for t in land.territories}
    assert {"Germany", "Danzig", "Gibraltar", "Tangier", "Poland", "USSR"} <= names
    # 1933 borders, not today's: Königsberg German, Lvov Polish, Vilna Polish, Fiume Italian
    for lon, lat, owner_name in (
        (20.51, 54.71, "Germany"),
        (24.03, 49.84, "Poland"),
        (25.28, 54.69, "Poland"),
        (14.44, 45.33, "Italy"),
        (28.86, 47.0, "Rumania"),  # Kishinev, Bessarabia
        (22.3, 48.62, "Czechoslovakia"),  # Uzhhorod, Ruthenia
        (28.7, 60.7, "Finland"),  # Viipuri
    ):
        found = territory_at(land, lon, lat)
        assert found is not None and found.name == owner_name, (lon, lat, found)


def test_the_placer_keeps_names_apart_and_off_seams_when_crowded():
    anchors = [Box(100.0 + 22 * i, 100.0 + 9 * i, 6.0, 6.0) for i in range(8)]
    labels = [Label(f"c{i}", 30.0, 7.0, a) for i, a in enumerate(anchors)]
    seams = [Seam(140.0, True), Seam(150.0, True), Seam(131.0, False)]
    placed = place_labels(labels, anchors, seams, Box(0, 0, 400, 400))
    assert all(p.clear for p in placed)
    for a, b in itertools.combinations([p.box for p in placed], 2):
        assert not overlaps(a, b)
    for p in placed:
        assert not any(crosses(p.box, seam) for seam in seams)
        assert not any(overlaps(p.box, a) for a in anchors)


def test_a_name_keeps_out_of_a_glue_band_even_when_its_symbol_lies_in_it():
    band = Band(100.0, 122.7, False)  # 8 mm, across the map
    inside = [Box(60.0 + 40 * i, 108.0 + 2 * i, 6.0, 6.0) for i in range(3)]  # in the band
    labels = [Label(f"c{i}", 30.0, 7.0, a) for i, a in enumerate(inside)]
    placed = place_labels(labels, inside, (), Box(0, 0, 400, 400), bands=[band])
    assert all(p.clear for p in placed)
    assert not any(in_band(p.box, band) for p in placed)
    # without the band the first choice (right of the symbol) lies in it
    free = place_labels(labels, inside, (), Box(0, 0, 400, 400))
    assert all(in_band(p.box, band) for p in free)
    assert glue_bands(((10.0, True), (300.0, True), (322.7, True), (50.0, False))) == [
        Band(300.0, 322.7, True)
    ]


def test_the_placer_says_when_a_name_has_no_free_place():
    """Two symbols on one spot in a box with room for one name: the second is not clear."""
    spot = Box(50.0, 50.0, 6.0, 6.0)
    labels = [Label("a", 20.0, 7.0, spot), Label("b", 20.0, 7.0, spot)]
    placed = place_labels(labels, [spot], (), Box(40.0, 46.0, 60.0, 14.0))
    assert [p.clear for p in placed].count(False) == 1


def test_a_map_element_without_a_map_section_or_land_file_is_refused(tmp_path):
    game = tmp_path / "atlas"
    game.mkdir()
    (game / "game.yaml").write_text(
        "game: atlas\ntitle: Atlas\ncomponents:\n  m:\n    kind: board\n    size: [100mm, 80mm]\n"
        "    front:\n      - {map: land.json}\n",
        encoding="utf-8",
    )
    with pytest.raises(InputError) as error:
        load_game(game)
    assert error.value.message.endswith(
        "game.yaml:8: components.m.front[0].map: land file land.json not found"
        " (expected beside the YAML file)"
    )
    (game / "land.json").write_text('{"projection": {"lat1": 35}, "territories": 3}')
    with pytest.raises(InputError) as error:
        load_game(game)
    assert error.value.message.endswith(
        "game.yaml:8: components.m.front[0].map: land file land.json is not a land file"
        " (expected the output of tools/map/land.py)"
    )
    (game / "land.json").write_bytes((KIT / "map-land.json").read_bytes())
    with pytest.raises(InputError) as error:
        load_game(game)
    assert error.value.message.endswith(
        "game.yaml:4: components.m: draws a map, but no file of the game has a map: section"
        " (expected map: with the cities (docs/pnp-format.md, Maps))"
    )


def face_ops_of(art: MapArt) -> tuple[ops.Op, ...]:
    from pnp.draw.map_sheet import map_ops

    return map_ops(art)


def _flat(items) -> list[ops.Op]:
    out: list[ops.Op] = []
    for op in items:
        if isinstance(op, ops.Group):
            out += _flat(op.ops)
        else:
            out.append(op)
    return out


def _gap(a: Box, b: Box) -> float:
    dx = max(a.x - (b.x + b.w), b.x - (a.x + a.w), 0.0)
    dy = max(a.y - (b.y + b.h), b.y - (a.y + a.h), 0.0)
    return (dx * dx + dy * dy) ** 0.5


def _within(box: Box, region: Box) -> bool:
    return (
        box.x >= region.x
        and box.y >= region.y
        and box.x + box.w <= region.x + region.w
        and box.y + box.h <= region.y + region.h
    )


def _luma(colour: str) -> float:
    c = colour.lstrip("#")
    r, g, b = (int(c[i : i + 2], 16) for i in (0, 2, 4))
    return 0.299 * r + 0.587 * g + 0.114 * b


def _shape(items: list[ops.Op]) -> tuple[tuple[str, int], ...]:
    """What a symbol looks like without its colours: each op's kind and number of corners."""
    return tuple(
        (type(op).__name__, len(op.points) if isinstance(op, ops.Polyline) else 0) for op in items
    )


def test_the_map_as_svg_for_a_screen_with_counters_at_cities(kit):
    from pnp.render import Counter, map_places, map_svg

    counters = {
        "Berlin": [Counter("#b3261e"), Counter("#1f4fa3", "2")],
        "Cairo": [Counter("#8a5a14")],
    }
    svg = map_svg(kit, counters, key=False)
    assert svg.startswith("<svg") and "viewBox" in svg
    bare = map_svg(kit, None, key=False)
    assert svg.count('fill="#b3261e"') == bare.count('fill="#b3261e"') + 1  # the red counter
    assert ">2</text>" in svg and ">Berlin</text>" in svg
    assert ">Key</text>" not in bare and ">Key</text>" in map_svg(kit, None, key=True)
    where = map_places(kit)
    assert set(where) == {c.name for c in kit.map.cities} | {z.name for z in kit.map.sea_zones}
    # every point is on the picture, and Berlin east of Paris, Cairo south of Berlin
    assert where["Berlin"][0] > where["Paris"][0] and where["Cairo"][1] > where["Berlin"][1]
    with pytest.raises(ValueError, match="not a city of the map: Atlantis"):
        map_svg(kit, {"Atlantis": [Counter("#000000")]})
    calls = []
    map_svg(kit, lambda city, x, y, r: calls.append((city, x, y, r)) or [], key=False)
    assert {c for c, *_ in calls} == {c.name for c in kit.map.cities}
    assert all(where[c] == (x, y) and r > 0 for c, x, y, r in calls)


# The routes as drawn (pnp.draw.map_routes, through the map data's `courses:`), checked against
# the map's own land outline (the land file: coasts, the lakes and the opened straits).
MM = 72 / 25.4
DETAIL = 0.3 * MM  # the coast is simplified to 2.5 km (0.36 mm): a line may graze its detail
PORT_REACH = 1.5 * MM  # past its distance to open water, a sea move leaves its port on water


def _to_water(coast, point) -> float:
    """The distance from a point to the nearest coast (the port's way down to open water)."""
    import numpy as np

    px, py = point
    dx, dy = coast.x1 - coast.x0, coast.y1 - coast.y0
    t = np.clip(
        ((px - coast.x0) * dx + (py - coast.y0) * dy) / np.maximum(dx * dx + dy * dy, 1e-12), 0, 1
    )
    return float(np.min(np.hypot(coast.x0 + t * dx - px, coast.y0 + t * dy - py)))


def _wrong_stretches(layout, route, on_land: bool) -> list[tuple[float, float]]:
    """The stretches (mm along the route) on the wrong surface, less a port's way to the sea."""
    spans = layout.coast.spans(route.points)
    total = spans[-1][1] if spans else 0.0
    at = {name: (x, y) for name, x, y, _ in layout.cities}
    reach = [
        _to_water(layout.coast, at[end]) + PORT_REACH if end in at else 0.0 for end in route.ends
    ]
    out = []
    for start, end, land in spans:
        if land != on_land or end - start <= DETAIL:
            continue
        if end <= reach[0] or start >= total - reach[1]:
            continue
        out.append((round(start / MM, 1), round(end / MM, 1)))
    return out


def test_no_sea_move_crosses_land(layout):
    bad = {
        r.ends: _wrong_stretches(layout, r, on_land=True) for r in layout.routes if r.kind == "sea"
    }
    assert not {k: v for k, v in bad.items() if v}


def test_no_rail_line_crosses_open_sea_but_a_ferry(layout):
    bad = {
        r.ends: _wrong_stretches(layout, r, on_land=False)
        for r in layout.routes
        if r.kind == "rail" and not r.ferry
    }
    assert not {k: v for k, v in bad.items() if v}
    # a ferry is drawn as a ferry: its crossing of water in the ferry's line, not the railway's
    ferries = [r for r in layout.routes if r.ferry]
    assert len(ferries) >= 5
    for route in ferries:
        assert any(not land for *_, land in layout.coast.spans(route.points)), route.ends


def test_ferry_crossings_are_drawn_as_ferries(art, layout):
    from pnp.draw.map_sheet import route_ops

    route = next(r for r in layout.routes if r.ferry and set(r.ends) == {"London", "Paris"})
    drawn = route_ops(route, route.points, layout.coast)
    widths = {op.width for op in drawn if isinstance(op, ops.Polyline)}
    assert sym.FERRY[0] in widths and sym.RAIL[0] in widths
    plain = next(r for r in layout.routes if r.kind == "rail" and not r.ferry)
    assert sym.FERRY[0] not in {op.width for op in route_ops(plain, plain.points, layout.coast)}


def test_no_route_passes_within_2mm_of_a_city_it_does_not_join(kit, layout):
    from pnp.draw.map_routes import may_pass
    from pnp.draw.map_water import distance

    cities = [(name, x, y, box.w / 2) for name, x, y, box in layout.cities]
    near = []
    for route in layout.routes:
        passes = may_pass(route, kit.map)
        for name, x, y, r in cities:
            if name in route.ends or name in passes:
                continue
            gap = distance((x, y), route.points) - r
            if gap < 2 * MM:
                near.append((route.kind, route.ends, name, round(gap / MM, 2)))
    assert not near
    # the cases: the Rome-Athens air line clear of Taranto, London-Berlin of the Hague
    for a, b, city in (("Rome", "Athens", "Taranto"), ("London", "Berlin", "Hague")):
        route = next(r for r in layout.routes if r.kind == "air" and set(r.ends) == {a, b})
        x, y, r = next((x, y, r) for name, x, y, r in cities if name == city)
        assert distance((x, y), route.points) - r >= 2 * MM


def test_the_checks_find_a_straight_line_over_land(kit, art):
    """Drawn straight (without the map's courses), sea moves cross Spain and Thrace and rail
    lines the Kattegat: the checks above see it."""
    from dataclasses import replace

    from pnp.draw.map_routes import route_lines

    layout = map_layout(art)
    straight = route_lines(kit.map, layout.frame, courses=False)
    sea = {r.ends: _wrong_stretches(layout, r, True) for r in straight if r.kind == "sea"}
    assert sea[("Atlantic", "Western Mediterranean")]
    assert sea[("Aegean Sea", "Black Sea")]
    rail = {r.ends: _wrong_stretches(layout, r, False) for r in straight if r.kind == "rail"}
    assert rail[("Casablanca", "Algiers")] and rail[("Leningrad", "Helsinki")]
    assert replace(kit.map, courses=()).courses == ()


def test_lakes_ladoga_and_onega_are_water(art):
    land = read_land(art.land)
    rings = land.land
    for lon, lat in ((31.5, 60.8), (35.3, 61.6)):  # Ladoga, Onega
        x, y = land.conic.km(lon, lat)
        assert not inside(rings, x, y), (lon, lat)
        assert territory_at(land, lon, lat) is None
    x, y = land.conic.km(30.3, 59.94)  # Leningrad stays on land
    assert inside(rings, x, y)


ISLANDS = {"Malta", "Scapa Flow"}  # islands smaller than their names: named on the sea


@pytest.mark.parametrize("split", [False, True], ids=["whole", "in parts"])
def test_every_name_is_on_its_own_ground(kit, sheet, split):
    """A city's name on land (Istanbul, Liverpool and Gibraltar among them), a sea's on water."""
    from dataclasses import replace

    from pnp.draw.map_sheet import off_ground

    art = next(el for el in sheet.front if isinstance(el, MapArt))
    layout = map_layout(art if split else replace(art, seams=()))
    off = {}
    for placed in layout.labels:
        city = placed.key.startswith("city:")
        off[placed.key] = off_ground(layout.coast, city, [placed.box])[0]
    wet = {k: v for k, v in off.items() if k.startswith("city:") and v > 0.55}
    assert set(wet) <= {"city:" + name for name in ISLANDS}, wet
    for name in ("Istanbul", "Liverpool", "Gibraltar"):
        assert off["city:" + name] <= 0.25, name
    assert all(v <= 0.1 for k, v in off.items() if k.startswith("sea:"))


def test_every_city_name_stands_in_its_own_country(art, layout):
    """A city's name stands in the territory its symbol is in, not over a border in another
    country (Strasbourg's once stood in Germany, Dusseldorf's in the Netherlands, Minsk's in
    Poland, Trieste's half in Yugoslavia): at least half of its box in its own, at most a fifth
    in another. A territory under 400 mm2 (Gibraltar, Tangier, Danzig) holds no name: its
    city's name stands on the land beside it (the test above). Where the city's symbol lies in
    a glue band its name must stand past the band (Odessa's, Trieste's), and may reach further
    into a neighbour (up to 2/5); an island smaller than its name is named on the sea."""
    import numpy as np

    from pnp.draw.map_labels import in_band
    from pnp.draw.map_sheet import glue_bands
    from pnp.draw.map_water import Coast

    bands = glue_bands(art.seams)
    in_a_band = {name for name, _x, _y, box in layout.cities if any(in_band(box, b) for b in bands)}

    land = read_land(art.land)
    outlines = []
    for t in land.territories:
        rings = [layout.frame.points(ring) for ring in t.rings]
        area = sum(
            abs(sum(a[0] * b[1] - b[0] * a[1] for a, b in zip(r, [*r[1:], r[0]], strict=True))) / 2
            for r in rings
        )
        outlines.append((t.name, area / MM**2, Coast.of(rings)))
    at = {name: (x, y) for name, x, y, _ in layout.cities}
    faults, shares = {}, {}
    for placed in layout.labels:
        if not placed.key.startswith("city:"):
            continue
        name = placed.key[5:]
        x, y = at[name]
        home = next((o for o in outlines if o[2].on_land([x], [y])[0]), None)
        if home is None or home[1] < 400:
            continue
        b = placed.box
        xs = np.array([b.x + b.w * i / 6 for i in range(7) for _ in range(3)])
        ys = np.array([b.y + b.h * j / 2 for _ in range(7) for j in range(3)])
        own = home[2].on_land(xs, ys).mean()
        other = max(o[2].on_land(xs, ys).mean() for o in outlines if o is not home)
        shares[name] = own
        if name in ISLANDS:
            continue
        if own < 0.5 or other > (0.4 if name in in_a_band else 0.2):
            faults[name] = (home[0], round(float(own), 2), round(float(other), 2))
    assert not faults
    assert all(shares[n] >= 0.75 for n in ("Strasberg", "Dusseldorf", "Minsk", "Geneva", "Trieste"))


def test_no_stray_border_inside_another_country(art):
    """A power's border is drawn in its colour round each of its rings: a small ring must be an
    island (its corners on the coast), not a sliver between other countries (the red stroke
    once seen in Poland, south of Lvov)."""
    land = read_land(art.land)
    coast = {p for ring in land.land for p in ring}
    for t in land.territories:
        if t.owner == "neutral":
            continue
        for ring in t.rings:
            area = abs(
                sum(a[0] * b[1] - b[0] * a[1] for a, b in zip(ring, ring[1:], strict=False)) / 2
            )
            if area < 200:  # km2
                on_coast = sum(1 for p in ring if p in coast)
                assert on_coast >= len(ring) / 2, (t.name, ring[:3], area)
            spikes = waters().inland_spikes([list(p) for p in ring], coast)
            assert not spikes, (t.name, [ring[i] for i in spikes])


def waters():
    """tools/map/waters.py, which folds a power's inland spikes into its neighbours."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("waters", REPO / "tools" / "map" / "waters.py")
    assert spec is not None and spec.loader is not None
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    return tool


def test_a_spike_is_found_and_folded_into_the_neighbour_across_it():
    """A power's ring that runs out and back along a border between two neighbours (the USSR's
    once ran 44 km west along the Dniester between Poland and Rumania, south of Lvov, drawn as
    a red stroke there) loses the spike's tip, and the neighbour across takes the sliver."""
    tool = waters()
    power = [[0, 0], [100, 0], [100, 100], [60, 100], [5, 101], [50, 102], [50, 150], [0, 150]]
    power.append(power[0])
    assert tool.inland_spikes(power, set()) == [4]
    assert tool.inland_spikes(power, {(5, 101)}) == []  # a peninsula's tip is coast
    neighbour = [[5, 101], [60, 100], [60, 200], [5, 200], [5, 101]]  # along it, B -> A
    doc = {
        "land": [],
        "territories": [
            {"name": "P", "owner": "power", "rings": [power]},
            {"name": "N", "owner": "neutral", "rings": [neighbour]},
        ],
    }
    assert tool.fold_spikes(doc) == [("P", "N", (5, 101))]
    assert [5, 101] not in power and tool.inland_spikes(power, set()) == []
    assert neighbour == [[5, 101], [50, 102], [60, 100], [60, 200], [5, 200], [5, 101]]


END_REACH = 3.0 * MM  # past its symbol and its own way to the coast, a route's end keeps clear


def _clearance_faults(layout) -> dict:
    """Each rail line and sea move's stretches (mm along it) nearer the coast than its margin."""
    from pnp.draw.map_routes import RAIL_CLEAR, SEA_CLEAR, too_near

    at = {name: (x, y, box.w / 2) for name, x, y, box in layout.cities}
    at.update({name: (x, y, box.w / 2) for name, x, y, box in layout.ships})
    cities = {name for name, *_ in layout.cities}

    def reach(end: str) -> float:
        x, y, r = at[end]
        return r + (_to_water(layout.coast, (x, y)) + END_REACH if end in cities else 0.0)

    out = {}
    for route in layout.routes:
        if route.kind == "air" or route.ferry:
            continue
        sea = route.kind == "sea"
        ends = (reach(route.ends[0]), reach(route.ends[1]))
        bad = too_near(layout.coast, route.points, sea, SEA_CLEAR if sea else RAIL_CLEAR, ends)
        if bad:
            out[(route.kind, *route.ends)] = [(round(s / MM, 1), round(e / MM, 1)) for s, e in bad]
    return out


def test_sea_moves_and_rail_lines_keep_clear_of_the_coast(layout):
    """A sea move's line keeps SEA_CLEAR off land, a rail line RAIL_CLEAR off the sea, in the
    middle third of water (land) narrower than that: the lines near Tangiers a wargamer read
    as over land; every route, since the Bosporus (14 km) and the Oder's mouth (12 km) are
    drawn wide enough for a sea move (tools/map/waters.py)."""
    assert _clearance_faults(layout) == {}


def test_sea_moves_take_the_dardanelles_not_the_isthmus_of_gallipoli(kit, art, layout):
    """The simplified coast leaves a gap at Bolayir, where the Gallipoli peninsula meets Thrace:
    a sea move through it reads as crossing land. Every sea move keeps 0.9 mm off it (the
    Aegean's moves to the Sea of Marmara go up the Dardanelles); the old courses did not."""
    from dataclasses import replace

    from pnp.draw.map_routes import route_lines
    from pnp.draw.map_water import distance

    gap = layout.frame.place(26.72, 40.49)  # lon, lat
    near = [r.ends for r in layout.routes if r.kind == "sea" and distance(gap, r.points) < 0.9 * MM]
    assert not near
    old = {
        ("Aegean Sea", "Black Sea"): (
            (40.48, 26.38),
            (40.57, 26.64),
            (40.45, 26.74),
            (40.47, 26.85),
        ),
    }
    from pnp.map_model import MapCourse

    src = kit.map.courses[0].source
    courses = tuple(c for c in kit.map.courses if (c.a, c.b) not in old)
    courses += tuple(MapCourse("sea", a, b, via, src) for (a, b), via in old.items())
    routes = route_lines(replace(kit.map, courses=courses), layout.frame)
    assert any(r.kind == "sea" and distance(gap, r.points) < 0.9 * MM for r in routes)


def test_a_rail_line_does_not_run_along_the_coast(layout):
    """No rail line runs more than 25 mm within 2 mm of the sea (outside its ends): Casablanca-
    Tangiers drawn along the Moroccan coast read as half at sea."""
    from pnp.draw.map_routes import too_near

    cities = {name: (x, y, box.w / 2) for name, x, y, box in layout.cities}
    along = {}
    for route in layout.routes:
        if route.kind != "rail" or route.ferry:
            continue
        ends = tuple(
            cities[e][2] + _to_water(layout.coast, cities[e][:2]) + END_REACH for e in route.ends
        )
        bad = too_near(layout.coast, route.points, False, 2.0 * MM, ends)
        long = [(round(s / MM), round(e / MM)) for s, e in bad if e - s > 25 * MM]
        if long:
            along[route.ends] = long
    assert not along


def test_the_clearance_check_finds_the_old_tangiers_courses(kit, art):
    """The courses before this pass (sea moves grazing the Tangiers peninsula, the rail line
    along the coast) fail the checks above."""
    from dataclasses import replace

    from pnp.draw.map_routes import route_lines
    from pnp.map_model import MapCourse

    old = {
        ("sea", "Tangiers", "Western Mediterranean"): (
            (35.85, -5.78),
            (35.91, -5.64),
            (35.94, -5.41),
            (35.91, -5.24),
            (37.56, 2.33),
        ),
        ("rail", "Tangiers", "Casablanca"): (
            (35.56, -5.87),
            (34.84, -6.19),
            (34.61, -6.31),
            (34.07, -6.65),
            (33.9, -6.82),
            (33.68, -7.28),
            (33.57, -7.55),
        ),
    }
    layout = map_layout(art)
    courses = tuple(c for c in kit.map.courses if (c.kind, c.a, c.b) not in old)
    src = kit.map.courses[0].source
    courses += tuple(MapCourse(k, a, b, via, src) for (k, a, b), via in old.items())
    routes = route_lines(replace(kit.map, courses=courses), layout.frame)
    faults = _clearance_faults(replace(layout, routes=routes))
    assert ("sea", "Tangiers", "Western Mediterranean") in faults
    before = replace(
        layout, routes=tuple(r for r in routes if r.ends == ("Tangiers", "Casablanca"))
    )
    from pnp.draw.map_routes import too_near

    rail = before.routes[0]
    bad = too_near(layout.coast, rail.points, False, 2.0 * MM, (4 * MM, 4 * MM))
    assert any(e - s > 25 * MM for s, e in bad)
