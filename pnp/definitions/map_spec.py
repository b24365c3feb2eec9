"""The `map:` section of a game's files -> a checked GameMap (pnp.map_model), every problem at
its line: an unknown city on a line or zone on a port, a city or zone given twice, a position
outside the map's bounds, a rail line longer than `rail_km` not marked `long`, a sea zone that
lists another which does not list it back, a sea zone without a port. The format is in
docs/pnp-format.md, "Maps".
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from deaddrop.errors import InputError
from pnp.definitions.values import BAD, Ctx, failed, join, type_name
from pnp.definitions.yaml_lines import Problems, Y, did_you_mean, display_path, load_yaml
from pnp.map_model import Bounds, GameMap, MapCity, MapCourse, MapLine, MapZone, km
from pnp.model import Source

MAP_KEYS = frozenset(
    {"bounds", "rail_km", "owners", "kinds", "cities", "sea_zones", "rail", "air", "courses"}
)
MAP_REQUIRED = ("bounds", "rail_km", "cities")
BOUNDS_KEYS = ("west", "east", "south", "north")
CITY_KEYS = frozenset(
    {"city", "place", "country", "owner", "kind", "ours", "geonames", "lat", "lon", "ports"}
)
CITY_REQUIRED = ("city", "country", "owner", "kind", "lat", "lon")
ZONE_KEYS = frozenset({"zone", "lat", "lon", "adjacent"})
ZONE_REQUIRED = ("zone", "lat", "lon", "adjacent")
LINE_KEYS = frozenset({"line", "long", "ferry", "why"})  # a line as a mapping; else [a, b]
COURSE_KINDS = ("sea", "rail", "air")


def read_maps(trees: list[tuple[Path, Ctx, Y | None]]) -> GameMap | None:
    """The game's map: the one `map:` section of its files (None when there is none); a second
    one is reported."""
    found: GameMap | None = None
    first = ""
    for _, ctx, tree in trees:
        if tree is None or not isinstance(tree.value, dict) or "map" not in tree.value:
            continue
        node = tree.value["map"]
        if first:
            ctx.err(node.key_line, "map", f"a second map (the game's map is in {first})")
            continue
        first = f"{ctx.file}:{node.key_line}"
        game_map = parse_map(ctx, node)
        found = None if failed(game_map) else game_map
    return found


def load_map(path: Path) -> GameMap:
    """The map of one file, checked in full (an InputError of every problem, a line each)."""
    problems = Problems()
    shown = display_path(path)
    ctx = Ctx(shown, problems)
    tree = load_yaml(path, shown, problems)
    if tree is not None and not (isinstance(tree.value, dict) and "map" in tree.value):
        ctx.err(tree.line, "", "no map in the file", "expected a top-level 'map:'")
    game_map = None if tree is None or problems else parse_map(ctx, tree.value["map"])
    if problems or game_map is None:
        raise InputError(problems.text([shown]) or f"{shown}: the file is empty")
    return game_map


def parse_map(ctx: Ctx, node: Y) -> Any:
    """A GameMap, or BAD after recording every problem of the section."""
    where = "map"
    if not ctx.keys(node, where, MAP_KEYS, MAP_REQUIRED) or any(
        key not in node.value for key in MAP_REQUIRED
    ):
        return BAD
    m = node.value
    bounds = _bounds(ctx, m["bounds"], join(where, "bounds"))
    rail_km = ctx.number(m["rail_km"], join(where, "rail_km"))
    if not failed(rail_km) and rail_km <= 0:
        rail_km = ctx.err(m["rail_km"].line, join(where, "rail_km"), "must be more than 0")
    owners = _owners(ctx, m["owners"], join(where, "owners")) if "owners" in m else ()
    kinds = _names(ctx, m["kinds"], join(where, "kinds")) if "kinds" in m else ()
    zones = _zones(ctx, m.get("sea_zones"), join(where, "sea_zones"), bounds)
    at = join(where, "cities")
    cities, broken = _cities(ctx, m["cities"], at, bounds, owners, kinds, zones)
    sea_zones = _zones_with_ports(ctx, zones, cities)
    names = set(cities)
    for name, zone in zones.items():
        if name in names:
            what = f"sea zone '{name}' has the name of a city"
            ctx.err(zone.source.line, zone.source.path, what, "expected another name")
    rail = _lines(ctx, m.get("rail"), join(where, "rail"), cities, broken, rail_km, rail=True)
    air = _lines(ctx, m.get("air"), join(where, "air"), cities, broken, rail_km, rail=False)
    courses = _courses(ctx, m.get("courses"), join(where, "courses"), bounds, sea_zones, rail, air)
    if failed(bounds, rail_km, owners, kinds, rail, air, courses) or ctx.problems:
        if not ctx.problems:  # never drop the map without saying why
            ctx.err(node.key_line, where, "cannot be read (a loader bug: please report it)")
        return BAD
    return GameMap(
        bounds=bounds,
        rail_km=rail_km,
        owners=owners,
        kinds=kinds,
        cities=tuple(cities.values()),
        sea_zones=sea_zones,
        rail=rail,
        air=air,
        source=Source(ctx.file, node.key_line, where),
        courses=courses,
    )


def _bounds(ctx: Ctx, node: Y, where: str) -> Any:
    if not ctx.keys(node, where, frozenset(BOUNDS_KEYS), BOUNDS_KEYS):
        return BAD
    if any(key not in node.value for key in BOUNDS_KEYS):
        return BAD
    west, east, south, north = (ctx.number(node.value[k], join(where, k)) for k in BOUNDS_KEYS)
    if failed(west, east, south, north):
        return BAD
    if not (-180 <= west < east <= 180 and -90 <= south < north <= 90):
        what = f"west {west}, east {east}, south {south}, north {north} is not an area"
        expected = "expected -180 <= west < east <= 180 and -90 <= south < north <= 90"
        return ctx.err(node.line, where, what, expected)
    return Bounds(west, east, south, north)


def _owners(ctx: Ctx, node: Y, where: str) -> Any:
    if not isinstance(node.value, dict) or not node.value:
        what = f"expected a mapping of owners to colours, got {type_name(node.value)}"
        return ctx.err(node.line, where, what)
    out = []
    for name, colour in node.value.items():
        value = ctx.colour(colour, join(where, name), allow_none=False)
        if failed(value):
            return BAD
        out.append((str(name), value))
    return tuple(out)


def _names(ctx: Ctx, node: Y, where: str) -> Any:
    items = ctx.items(node, where)
    if items is None:
        return BAD
    names = [ctx.text(item, join(where, i)) for i, item in enumerate(items)]
    return BAD if failed(*names) else tuple(names)


def _position(ctx: Ctx, row: Y, where: str, bounds: Any) -> tuple[Any, Any]:
    """The row's lat and lon, each checked to lie inside the bounds."""
    lat = ctx.number(row.value["lat"], join(where, "lat"))
    lon = ctx.number(row.value["lon"], join(where, "lon"))
    if failed(lat, lon) or failed(bounds):
        return lat, lon
    for key, value, low, high in (
        ("lat", lat, bounds.south, bounds.north),
        ("lon", lon, bounds.west, bounds.east),
    ):
        if not low <= value <= high:
            what = f"{key} {value:g} is outside the map"
            line = row.value[key].line
            return ctx.err(line, join(where, key), what, f"expected {low:g} to {high:g}"), lon
    return lat, lon


def _zones(ctx: Ctx, node: Y | None, where: str, bounds: Any) -> dict[str, MapZone]:
    """The sea zones by name (their ports are filled in later)."""
    zones: dict[str, MapZone] = {}
    lines: dict[str, list[int]] = {}  # each zone's adjacent names' lines
    if node is None:
        return zones
    items = ctx.items(node, where)
    for index, row in enumerate(items or []):
        at = join(where, index)
        if not ctx.keys(row, at, ZONE_KEYS, ZONE_REQUIRED) or any(
            key not in row.value for key in ZONE_REQUIRED
        ):
            continue
        name = ctx.text(row.value["zone"], join(at, "zone"))
        lat, lon = _position(ctx, row, at, bounds)
        adjacent = _names(ctx, row.value["adjacent"], join(at, "adjacent"))
        if failed(name):
            continue
        # a problem is recorded: the zone stays known, so that its ports and neighbours are not
        # reported as unknown
        lat, lon = (0.0, 0.0) if failed(lat, lon) else (lat, lon)
        adjacent = () if failed(adjacent) else adjacent
        if name in zones:
            first = zones[name].source.line
            ctx.err(row.line, join(at, "zone"), f"sea zone '{name}' is already on line {first}")
            continue
        source = Source(ctx.file, row.line, at)
        zones[name] = MapZone(name, lat, lon, adjacent, (), source)
        lines[name] = [item.line for item in row.value["adjacent"].value or []]
    for name, zone in zones.items():
        for i, other in enumerate(zone.adjacent):
            at = join(zone.source.path, "adjacent", i)
            line = lines[name][i]
            if other == name:
                ctx.err(line, at, f"sea zone '{name}' is adjacent to itself")
            elif other not in zones:
                what = f"unknown sea zone '{other}'"
                ctx.err(line, at, what, did_you_mean(other, zones, "sea zone"))
            elif zone.adjacent.count(other) > 1:
                ctx.err(line, at, f"sea zone '{other}' is listed twice")
            elif name not in zones[other].adjacent:
                what = f"'{other}' does not list '{name}' as adjacent"
                ctx.err(line, at, what, f"adjacency goes both ways: add it to '{other}'")
    return zones


def _cities(
    ctx: Ctx,
    node: Y,
    where: str,
    bounds: Any,
    owners: Any,
    kinds: Any,
    zones: dict[str, MapZone],
) -> tuple[dict[str, MapCity], set[str]]:
    """The cities by name, and the names of those with a problem (recorded): they stay known,
    so that a line to one is not reported as a line to an unknown city."""
    cities: dict[str, MapCity] = {}
    broken: set[str] = set()
    items = ctx.items(node, where)
    owner_names = [name for name, _ in owners] if not failed(owners) else []
    for index, row in enumerate(items or []):
        at = join(where, index)
        if not ctx.keys(row, at, CITY_KEYS, CITY_REQUIRED) or "city" not in row.value:
            continue
        v = row.value
        name = ctx.text(v["city"], join(at, "city"))
        if failed(name):
            continue
        if name in cities:
            first = cities[name].source.line
            ctx.err(v["city"].line, join(at, "city"), f"city '{name}' is already on line {first}")
            continue
        missing = any(key not in v for key in CITY_REQUIRED)
        country, owner, kind = (
            ctx.text(v[key], join(at, key)) if key in v else BAD
            for key in ("country", "owner", "kind")
        )
        place = ctx.text(v["place"], join(at, "place")) if "place" in v else name
        ours = ctx.text(v["ours"], join(at, "ours")) if "ours" in v else ""
        geonames = ctx.integer(v["geonames"], join(at, "geonames"), 1) if "geonames" in v else 0
        lat, lon = _position(ctx, row, at, bounds) if "lat" in v and "lon" in v else (BAD, BAD)
        if owner_names and not failed(owner) and owner not in owner_names:
            what = f"unknown owner '{owner}'"
            line = v["owner"].line
            owner = ctx.err(line, join(at, "owner"), what, did_you_mean(owner, owner_names))
        if kinds and not failed(kinds, kind) and kind not in kinds:
            what = f"unknown kind '{kind}'"
            kind = ctx.err(v["kind"].line, join(at, "kind"), what, did_you_mean(kind, kinds))
        ports = _ports(ctx, v.get("ports"), join(at, "ports"), zones)
        values = (country, owner, kind, place, ours, geonames, lat, lon)
        if missing or failed(*values, ports):
            broken.add(name)
            values = tuple("" if failed(x) else x for x in values)  # type: ignore[assignment]
        country, owner, kind, place, ours, geonames, lat, lon = values
        source = Source(ctx.file, row.line, at)
        cities[name] = MapCity(
            name, place, country, owner, kind, ours, geonames, lat, lon, ports, source
        )
    return cities, broken


def _ports(ctx: Ctx, node: Y | None, where: str, zones: dict[str, MapZone]) -> Any:
    """The sea zones a city is a port on (the known ones: the others are reported)."""
    if node is None:
        return ()
    names = _names(ctx, node, where)
    if failed(names):
        return ()
    out = []
    for i, (name, item) in enumerate(zip(names, node.value, strict=True)):
        if name not in zones:
            what = f"unknown sea zone '{name}'"
            ctx.err(item.line, join(where, i), what, did_you_mean(name, zones, "sea zone"))
        elif name in out:
            ctx.err(item.line, join(where, i), f"sea zone '{name}' is listed twice")
        else:
            out.append(name)
    return tuple(out)


def _zones_with_ports(
    ctx: Ctx, zones: dict[str, MapZone], cities: dict[str, MapCity]
) -> tuple[MapZone, ...]:
    out = []
    for name, zone in zones.items():
        ports = tuple(city.name for city in cities.values() if name in city.ports)
        if not ports:
            what = f"sea zone '{name}' has no port"
            ctx.err(zone.source.line, zone.source.path, what, "expected a city with it in ports")
        out.append(MapZone(zone.name, zone.lat, zone.lon, zone.adjacent, ports, zone.source))
    return tuple(out)


def _lines(
    ctx: Ctx,
    node: Y | None,
    where: str,
    cities: dict[str, MapCity],
    broken: set[str],
    rail_km: Any,
    rail: bool,
) -> Any:
    if node is None:
        return ()
    items = ctx.items(node, where)
    if items is None:
        return BAD
    out: list[MapLine] = []
    seen: dict[frozenset[str], int] = {}
    for index, item in enumerate(items):
        at = join(where, index)
        line = _line(ctx, item, at, cities, rail)
        if failed(line):
            continue
        pair = frozenset((line.a, line.b))
        if pair in seen:
            what = f"{line.a} - {line.b} is already on line {seen[pair]}"
            ctx.err(item.line, at, what)
            continue
        seen[pair] = item.line
        if rail and not failed(rail_km) and not line.long and not {line.a, line.b} & broken:
            a, b = cities[line.a], cities[line.b]
            length = km(a.lat, a.lon, b.lat, b.lon)
            if length > rail_km:
                what = f"{line.a} - {line.b} is {length:.0f} km, longer than rail_km {rail_km:g}"
                ctx.err(item.line, at, what, "mark it long: true and say why")
        out.append(line)
    return tuple(out)


def _line(ctx: Ctx, item: Y, at: str, cities: dict[str, MapCity], rail: bool) -> Any:
    """One line: `[a, b]`, or `{line: [a, b], long: true, ferry: true, why: ...}`."""
    long = ferry = False
    why = ""
    ends = item
    if isinstance(item.value, dict):
        allowed = LINE_KEYS if rail else frozenset({"line", "why"})
        if not ctx.keys(item, at, allowed, ("line",)) or "line" not in item.value:
            return BAD
        v = item.value
        long = ctx.boolean(v["long"], join(at, "long")) if "long" in v else False
        ferry = ctx.boolean(v["ferry"], join(at, "ferry")) if "ferry" in v else False
        why = ctx.text(v["why"], join(at, "why")) if "why" in v else ""
        if failed(long, ferry, why):
            return BAD
        if (long or ferry) and not why.strip():
            marked = "long" if long else "ferry"
            return ctx.err(item.line, at, f"a line marked {marked} says why", "add why: ...")
        ends, at = v["line"], join(at, "line")
    if not isinstance(ends.value, list) or len(ends.value) != 2:
        what = f"expected two cities [a, b], got {type_name(ends.value)}"
        return ctx.err(ends.line, at, what)
    names = []
    for i, end in enumerate(ends.value):
        name = ctx.text(end, join(at, i))
        if failed(name):
            return BAD
        if name not in cities:
            what = f"unknown city '{name}'"
            return ctx.err(end.line, join(at, i), what, did_you_mean(name, cities, "city"))
        names.append(name)
    if names[0] == names[1]:
        return ctx.err(ends.line, at, f"a line from {names[0]} to itself")
    return MapLine(names[0], names[1], long, ferry, why, Source(ctx.file, item.line, at))


def _courses(
    ctx: Ctx,
    node: Y | None,
    where: str,
    bounds: Any,
    zones: tuple[MapZone, ...],
    rail: Any,
    air: Any,
) -> Any:
    """How the printed map draws some routes: `{sea|rail|air: [a, b], via: [[lat, lon], ...]}`,
    each a route of the map (a sea move: two adjacent zones, or a port and its zone)."""
    if node is None:
        return ()
    items = ctx.items(node, where)
    if items is None or failed(bounds, rail, air):
        return BAD
    routes: dict[str, set[frozenset[str]]] = {
        "rail": {frozenset((line.a, line.b)) for line in rail},
        "air": {frozenset((line.a, line.b)) for line in air},
        "sea": {frozenset((z.name, o)) for z in zones for o in z.adjacent}
        | {frozenset((z.name, port)) for z in zones for port in z.ports},
    }
    out: list[MapCourse] = []
    seen: set[tuple[str, frozenset[str]]] = set()
    for index, row in enumerate(items):
        at = join(where, index)
        kinds = [k for k in COURSE_KINDS if isinstance(row.value, dict) and k in row.value]
        if not ctx.keys(row, at, frozenset({*COURSE_KINDS, "via"}), ("via",)) or len(kinds) != 1:
            if isinstance(row.value, dict) and len(kinds) != 1:
                ctx.err(row.line, at, "expected one of sea, rail or air: [a, b]")
            continue
        kind = kinds[0]
        ends = _names(ctx, row.value[kind], join(at, kind))
        if failed(ends):
            continue
        pair = frozenset(ends)
        if len(ends) != 2 or pair not in routes[kind]:
            what = f"{' - '.join(ends)} is not a {kind} route of the map"
            ctx.err(row.value[kind].line, join(at, kind), what)
            continue
        if (kind, pair) in seen:
            ctx.err(row.line, at, f"a second course for {kind} {' - '.join(ends)}")
            continue
        seen.add((kind, pair))
        via = _waypoints(ctx, row.value["via"], join(at, "via"), bounds)
        if not failed(via):
            out.append(MapCourse(kind, ends[0], ends[1], via, Source(ctx.file, row.line, at)))
    return tuple(out)


def _waypoints(ctx: Ctx, node: Y, where: str, bounds: Any) -> Any:
    items = ctx.items(node, where)
    if not items:
        return BAD if items is None else ctx.err(node.line, where, "expected [[lat, lon], ...]")
    out = []
    for i, item in enumerate(items):
        at = join(where, i)
        if not isinstance(item.value, list) or len(item.value) != 2:
            return ctx.err(item.line, at, f"expected [lat, lon], got {type_name(item.value)}")
        lat, lon = (ctx.number(v, join(at, k)) for k, v in enumerate(item.value))
        if failed(lat, lon):
            return BAD
        if not (bounds.south <= lat <= bounds.north and bounds.west <= lon <= bounds.east):
            return ctx.err(item.line, at, f"[{lat:g}, {lon:g}] is outside the map")
        out.append((float(lat), float(lon)))
    return tuple(out)
