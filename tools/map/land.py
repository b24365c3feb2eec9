"""Make templates/spies/map-land.json: the land, coasts and 1933 territories of the Spies! map.

Run once, by hand, with network only to fetch the data (never at build or test time):

    cd /tmp && npm pack world-atlas && tar xzf world-atlas-*.tgz     # Natural Earth as TopoJSON
    .venv/bin/pip install shapely pyyaml                              # this tool only
    .venv/bin/python tools/map/land.py /tmp/package/countries-50m.json [templates/spies/map.yaml]

Source: Natural Earth 1:50m Admin 0 countries (public domain), as the npm package `world-atlas`
2.0.2 carries it (TopoJSON). "Made with Natural Earth. Free vector and raster map data @
naturalearthdata.com".

What it does:
1. decodes the TopoJSON arcs into country polygons (longitude, latitude);
2. turns today's countries into the territories of 1933 (TERRITORY_OF, then CHANGES: areas that
   belonged to another country in 1933, each a rough outline of the 1933 border, in degrees);
3. projects them (pnp.draw.map_projection: Lambert conformal conic, standard parallels 35N and
   60N, origin 17E 45N) and crops them to the map's window (WINDOW, kilometres);
4. simplifies them as one coverage (shared borders stay shared) to TOLERANCE_KM, drops islets
   smaller than MIN_AREA_KM2 (unless a city stands on them), and makes sure every city of
   templates/spies/map.yaml lies on its owner's land (a coastal city the simplified coast
   leaves at sea gets a disc of NUDGE_KM of its territory);
5. writes the territories (name, 1933 owner, rings in whole kilometres) and the land outline.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from pnp.draw.map_projection import Conic, Window  # noqa: E402

OUT = ROOT / "templates" / "spies" / "map-land.json"
MAP = ROOT / "templates" / "spies" / "map.yaml"
CONIC = Conic(lat1=35.0, lat2=60.0, lat0=45.0, lon0=17.0)
WINDOW = Window(-2900.0, -1819.0, 2350.3, 2000.0)  # km; 5250.3 x 3819, as the board: 763 x 555 mm
TOLERANCE_KM = 2.5  # about 0.35 mm at the map's scale (1 : 6.9 million)
MIN_AREA_KM2 = 60.0  # islets smaller than this (under 1 mm across on the map) are left out
NUDGE_KM = 4.0
AROUND = (-30.0, 18.0, 65.0, 72.0)  # degrees: what can fall in the window, cut before projecting
ATTRIBUTION = "Made with Natural Earth. Free vector and raster map data @ naturalearthdata.com"

# Today's country (Natural Earth name) -> its 1933 territory. Countries not listed are left out.
TERRITORY_OF = {
    "United Kingdom": "Britain",
    "Isle of Man": "Britain",
    "Jersey": "Britain",
    "Guernsey": "Britain",
    "Ireland": "Ireland",
    "Iceland": "Iceland",
    "Faeroe Is.": "Denmark",
    "Denmark": "Denmark",
    "Norway": "Norway",
    "Sweden": "Sweden",
    "Finland": "Finland",
    "Åland": "Finland",
    "Estonia": "Estonia",
    "Latvia": "Latvia",
    "Lithuania": "Lithuania",
    "Poland": "Poland",
    "Germany": "Germany",
    "Netherlands": "Netherlands",
    "Belgium": "Belgium",
    "Luxembourg": "Luxembourg",
    "France": "France",
    "Monaco": "France",
    "Andorra": "Andorra",
    "Spain": "Spain",
    "Portugal": "Portugal",
    "Switzerland": "Switzerland",
    "Liechtenstein": "Switzerland",
    "Italy": "Italy",
    "San Marino": "Italy",
    "Vatican": "Italy",
    "Malta": "Malta",
    "Austria": "Austria",
    "Czechia": "Czechoslovakia",
    "Slovakia": "Czechoslovakia",
    "Hungary": "Hungary",
    "Slovenia": "Yugoslavia",
    "Croatia": "Yugoslavia",
    "Bosnia and Herz.": "Yugoslavia",
    "Serbia": "Yugoslavia",
    "Kosovo": "Yugoslavia",
    "Montenegro": "Yugoslavia",
    "Macedonia": "Yugoslavia",
    "Albania": "Albania",
    "Greece": "Greece",
    "Bulgaria": "Bulgaria",
    "Romania": "Rumania",
    "Moldova": "Rumania",
    "Turkey": "Turkey",
    "Cyprus": "Cyprus",
    "N. Cyprus": "Cyprus",
    "Russia": "USSR",
    "Belarus": "USSR",
    "Ukraine": "USSR",
    "Georgia": "USSR",
    "Armenia": "USSR",
    "Azerbaijan": "USSR",
    "Kazakhstan": "USSR",
    "Syria": "Syria and Lebanon",
    "Lebanon": "Syria and Lebanon",
    "Israel": "Palestine",
    "Palestine": "Palestine",
    "Jordan": "Transjordan",
    "Iraq": "Iraq",
    "Kuwait": "Kuwait",
    "Iran": "Persia",
    "Saudi Arabia": "Saudi Arabia",
    "Egypt": "Egypt",
    "Libya": "Libya",
    "Tunisia": "Tunisia",
    "Algeria": "Algeria",
    "Morocco": "French Morocco",
    "W. Sahara": "Spanish Sahara",
    "Mauritania": "French West Africa",
}

# Each 1933 territory's owner at the start of the game (the cities' owners in map.yaml agree:
# a test checks every city against the territory it lies in).
OWNER = {
    "Britain": "Britain",
    "Malta": "Britain",
    "Gibraltar": "Britain",
    "Cyprus": "Britain",
    "Egypt": "Britain",
    "Palestine": "Britain",
    "Transjordan": "Britain",
    "Kuwait": "Britain",
    "France": "France",
    "Algeria": "France",
    "Tunisia": "France",
    "French Morocco": "France",
    "French West Africa": "France",
    "Syria and Lebanon": "France",
    "Germany": "Germany",
    "Italy": "Italy",
    "Libya": "Italy",
    "Dodecanese": "Italy",
    "USSR": "Russia",
}

# Areas that belonged to another territory in 1933: (territory, taken from, outline in degrees).
# Applied in order; each outline is cut from the named countries and given to the territory.
CHANGES: list[tuple[str, tuple[str, ...], list[tuple[float, float]]]] = [
    # Germany's eastern provinces (Pomerania, East Brandenburg, Silesia) to the 1922 border
    (
        "Germany",
        ("Poland",),
        [
            (14.0, 55.0),
            (17.95, 55.0),
            (17.95, 54.83),
            (17.65, 54.35),
            (17.45, 54.0),
            (17.2, 53.65),
            (16.9, 53.25),
            (16.6, 53.0),
            (16.1, 52.8),
            (15.95, 52.5),
            (15.85, 52.25),
            (16.15, 52.0),
            (16.5, 51.75),
            (16.9, 51.6),
            (17.3, 51.6),
            (17.7, 51.45),
            (18.1, 51.25),
            (18.3, 50.9),
            (18.55, 50.7),
            (18.75, 50.5),
            (18.85, 50.38),
            (18.78, 50.32),
            (18.6, 50.2),
            (18.35, 50.05),
            (18.25, 49.8),
            (14.0, 49.8),
        ],
    ),
    # East Prussia (today Polish and Russian)
    (
        "Germany",
        ("Poland",),
        [
            (18.85, 54.6),
            (18.85, 54.2),
            (18.95, 53.65),
            (19.3, 53.45),
            (19.75, 53.35),
            (20.2, 53.3),
            (20.7, 53.25),
            (21.5, 53.3),
            (22.1, 53.45),
            (22.6, 53.75),
            (22.75, 54.2),
            (22.85, 54.6),
        ],
    ),
    ("Germany", ("USSR",), [(19.5, 54.2), (22.95, 54.2), (22.95, 55.35), (19.5, 55.35)]),
    # the Free City of Danzig
    (
        "Danzig",
        ("Poland", "Germany"),
        [
            (18.55, 54.48),
            (18.40, 54.33),
            (18.48, 54.13),
            (18.80, 53.97),
            (19.05, 54.05),
            (19.20, 54.20),
            (19.62, 54.43),
            (19.65, 54.50),
            (18.55, 54.50),
        ],
    ),
    # Poland's eastern provinces (the 1921 border with the Soviet Union)
    (
        "Poland",
        ("USSR",),
        [
            (20.0, 57.0),
            (28.2, 56.2),
            (28.3, 55.5),
            (27.9, 55.0),
            (27.4, 54.3),
            (27.0, 53.6),
            (27.3, 53.0),
            (27.7, 52.3),
            (27.8, 51.5),
            (27.3, 50.8),
            (26.7, 50.3),
            (26.2, 49.6),
            (26.35, 48.6),
            (25.9, 48.6),
            (25.5, 48.35),
            (25.0, 47.95),
            (24.3, 48.4),
            (23.4, 48.85),
            (22.6, 49.05),
            (22.0, 49.15),
            (20.0, 49.0),
        ],
    ),
    # the Vilna region, Polish since 1922
    (
        "Poland",
        ("Lithuania",),
        [
            (23.3, 53.9),
            (23.5, 54.0),
            (24.0, 54.3),
            (24.5, 54.65),
            (25.0, 55.0),
            (25.6, 55.3),
            (26.6, 55.75),
            (27.5, 55.5),
            (27.5, 53.5),
            (23.3, 53.5),
        ],
    ),
    # Carpathian Ruthenia, Czechoslovak
    (
        "Czechoslovakia",
        ("USSR",),
        [
            (22.0, 47.7),
            (22.0, 49.15),
            (22.6, 49.05),
            (23.4, 48.85),
            (24.3, 48.4),
            (24.95, 47.95),
            (24.95, 47.7),
        ],
    ),
    # Bessarabia and northern Bukovina, Rumanian (east of the Dniester stayed Soviet)
    (
        "Rumania",
        ("USSR",),
        [
            (24.95, 47.95),
            (25.5, 48.35),
            (25.9, 48.6),
            (26.5, 48.55),
            (27.5, 48.45),
            (28.3, 48.1),
            (28.9, 47.6),
            (29.1, 47.2),
            (29.6, 46.85),
            (30.1, 46.4),
            (30.5, 46.0),
            (31.0, 45.0),
            (24.95, 45.0),
        ],
    ),
    # the southern Dobruja, Rumanian from 1913 to 1940
    (
        "Rumania",
        ("Bulgaria",),
        [
            (26.55, 44.3),
            (26.55, 44.0),
            (27.0, 43.75),
            (27.6, 43.5),
            (28.0, 43.35),
            (28.8, 43.35),
            (28.8, 44.3),
        ],
    ),
    # the Karelian Isthmus and Ladoga Karelia, Finnish
    (
        "Finland",
        ("USSR",),
        [
            (27.8, 60.4),
            (29.95, 60.15),
            (30.5, 60.6),
            (32.9, 61.1),
            (31.6, 62.2),
            (31.3, 62.6),
            (31.3, 65.0),
            (27.8, 65.0),
        ],
    ),
    # Istria, Fiume and the Julian March, Italian
    (
        "Italy",
        ("Yugoslavia",),
        [
            (13.3, 46.6),
            (13.7, 46.52),
            (13.85, 46.35),
            (14.1, 46.05),
            (14.25, 45.75),
            (14.45, 45.55),
            (14.47, 45.3),
            (14.5, 44.5),
            (13.3, 44.5),
        ],
    ),
    # the Dodecanese, Italian
    (
        "Dodecanese",
        ("Greece",),
        [
            (26.7, 35.3),
            (28.5, 35.3),
            (28.5, 36.6),
            (27.6, 37.0),
            (27.0, 37.45),
            (26.5, 37.45),
            (26.2, 36.7),
            (26.5, 36.3),
        ],
    ),
    # the Sanjak of Alexandretta (Hatay), part of French Syria until 1939
    (
        "Syria and Lebanon",
        ("Turkey",),
        [
            (35.7, 35.8),
            (36.3, 35.8),
            (36.7, 36.2),
            (36.7, 36.6),
            (36.5, 37.0),
            (35.9, 37.0),
            (35.7, 36.6),
        ],
    ),
    # the Spanish protectorate in northern Morocco, and the Tangier International Zone
    (
        "Spanish Morocco",
        ("French Morocco",),
        [
            (-6.4, 35.25),
            (-5.6, 34.95),
            (-4.5, 34.9),
            (-3.5, 34.95),
            (-2.3, 34.95),
            (-1.9, 35.1),
            (-1.9, 36.2),
            (-6.4, 36.2),
        ],
    ),
    (
        "Tangier",
        ("Spanish Morocco",),
        [
            (-6.05, 35.55),
            (-5.75, 35.55),
            (-5.55, 35.62),
            (-5.45, 35.8),
            (-5.45, 36.0),
            (-6.05, 36.0),
        ],
    ),
]
# Gibraltar: a disc around the Rock, drawn larger than life so that it shows (5 km radius)
GIBRALTAR = (-5.35, 36.14, 0.05)

for _name in ("Spanish Morocco", "Tangier", "Danzig", "Gibraltar", "Dodecanese"):
    OWNER.setdefault(_name, "neutral")


def decode(topo: dict[str, Any]) -> dict[str, Any]:
    """Country name -> shapely geometry (degrees), from TopoJSON with quantized arcs."""
    from shapely.geometry import MultiPolygon, Polygon

    sx, sy = topo["transform"]["scale"]
    tx, ty = topo["transform"]["translate"]
    arcs = []
    for arc in topo["arcs"]:
        x = y = 0
        points = []
        for dx, dy in arc:
            x, y = x + dx, y + dy
            points.append((x * sx + tx, y * sy + ty))
        arcs.append(points)

    def ring(ids: list[int]) -> list[tuple[float, float]]:
        out: list[tuple[float, float]] = []
        for i in ids:
            part = arcs[i] if i >= 0 else arcs[~i][::-1]
            out.extend(part if not out else part[1:])
        return out

    countries: dict[str, Any] = {}
    for g in topo["objects"]["countries"]["geometries"]:
        polys = [g["arcs"]] if g["type"] == "Polygon" else g.get("arcs", [])
        if g["type"] not in ("Polygon", "MultiPolygon"):
            continue
        shape = MultiPolygon([Polygon(ring(p[0]), [ring(h) for h in p[1:]]) for p in polys]).buffer(
            0
        )
        countries[g["properties"]["name"]] = shape
    return countries


def territories_1933(countries: dict[str, Any]) -> dict[str, Any]:
    """1933 territory name -> geometry (degrees)."""
    from shapely.geometry import Point, Polygon
    from shapely.ops import unary_union

    parts: dict[str, list[Any]] = {}
    for name, shape in countries.items():
        if name in TERRITORY_OF:
            parts.setdefault(TERRITORY_OF[name], []).append(shape)
    out = {name: unary_union(shapes) for name, shapes in parts.items()}
    for gains, losers, outline in CHANGES:
        area = Polygon(outline)
        for loser in losers:
            if loser not in out:
                continue
            taken = out[loser].intersection(area)
            out[loser] = out[loser].difference(area)
            out[gains] = taken if gains not in out else out[gains].union(taken)
    lon, lat, r = GIBRALTAR
    rock = Point(lon, lat).buffer(r)
    out["Spain"] = out["Spain"].difference(rock)
    out["Gibraltar"] = rock
    return out


def project(shape: Any) -> Any:
    """`shape` (degrees) cut to the area around the map, projected to km, made valid."""
    import numpy as np
    import shapely
    from shapely.geometry import box

    def fn(coords: Any) -> Any:
        return np.array([CONIC.km(float(lon), float(lat)) for lon, lat in coords])

    around = shape.intersection(box(*AROUND))
    return shapely.make_valid(shapely.transform(around, fn))


def cities(map_file: Path) -> list[tuple[str, str, float, float]]:
    """(name, owner, lon, lat) of every city of the map (templates/spies/map.yaml)."""
    import yaml

    if not map_file.exists():
        return []
    rows = yaml.safe_load(map_file.read_text(encoding="utf-8"))["map"]["cities"]
    return [(r["city"], r["owner"], float(r["lon"]), float(r["lat"])) for r in rows]


def rings_of(shape: Any, keep: tuple[Any, ...] = ()) -> list[list[list[int]]]:
    """The rings of `shape` in whole km, islets under MIN_AREA_KM2 left out unless they hold
    one of the points `keep`."""
    polys = list(shape.geoms) if hasattr(shape, "geoms") else [shape]
    out = []
    for poly in polys:
        small = poly.area < MIN_AREA_KM2 and not any(poly.contains(p) for p in keep)
        if poly.is_empty or small:
            continue
        for ring in (poly.exterior, *poly.interiors):
            points = [[round(x), round(y)] for x, y in ring.coords]
            dedup = [p for i, p in enumerate(points) if i == 0 or p != points[i - 1]]
            if len(dedup) >= 4:
                out.append(dedup)
    return out


def main(path: str, map_file: Path) -> None:
    import shapely
    from shapely.geometry import Point, box
    from shapely.ops import unary_union

    topo = json.loads(Path(path).read_text())
    shapes = territories_1933(decode(topo))
    frame = box(WINDOW.x0, WINDOW.y0, WINDOW.x1, WINDOW.y1)
    names = sorted(shapes)
    projected = []
    for name in names:
        shape = project(shapes[name]).intersection(frame)
        projected.append(shape.buffer(0))
    kept = [(n, s) for n, s in zip(names, projected, strict=True) if not s.is_empty]
    names = [n for n, _ in kept]
    simple = list(shapely.coverage_simplify([s for _, s in kept], TOLERANCE_KM))
    by_name = dict(zip(names, simple, strict=True))
    for city, owner, lon, lat in cities(map_file):
        x, y = CONIC.km(lon, lat)
        spot = Point(x, y)
        inside = [n for n, s in by_name.items() if s.buffer(-1.5).contains(spot)]
        if inside and all(OWNER.get(n, "neutral") == owner for n in inside):
            continue
        near = min(
            (n for n in by_name if OWNER.get(n, "neutral") == owner),
            key=lambda n: by_name[n].distance(spot),
        )
        disc = spot.buffer(NUDGE_KM)
        by_name = {n: s.difference(disc) for n, s in by_name.items()}
        by_name[near] = by_name[near].union(disc)
        print(f"{city}: a {NUDGE_KM:g} km disc of {near} under it", file=sys.stderr)
    spots = tuple(Point(*CONIC.km(lon, lat)) for _, _, lon, lat in cities(map_file))
    territories = []
    for name in names:
        rings = rings_of(by_name[name], spots)
        if rings:
            territories.append({"name": name, "owner": OWNER.get(name, "neutral"), "rings": rings})
    land = unary_union(list(by_name.values())).buffer(0.01).buffer(-0.01)
    doc = {
        "source": "Natural Earth 1:50m Admin 0 countries (public domain), world-atlas 2.0.2",
        "attribution": ATTRIBUTION,
        "made_by": "tools/map/land.py",
        "projection": {
            "kind": "Lambert conformal conic",
            "lat1": CONIC.lat1,
            "lat2": CONIC.lat2,
            "lat0": CONIC.lat0,
            "lon0": CONIC.lon0,
        },
        "window_km": [WINDOW.x0, WINDOW.y0, WINDOW.x1, WINDOW.y1],
        "territories": territories,
        "land": rings_of(land, spots),
    }
    text = json.dumps(doc, separators=(",", ":"))
    OUT.write_text(text + "\n")
    points = sum(len(r) for t in territories for r in t["rings"])
    print(
        f"{OUT.relative_to(ROOT)}: {len(territories)} territories, {points} points, "
        f"{len(text) // 1024} KiB",
        file=sys.stderr,
    )


if __name__ == "__main__":
    if len(sys.argv) not in (2, 3):
        sys.exit(__doc__)
    main(sys.argv[1], Path(sys.argv[2]) if len(sys.argv) == 3 else MAP)
