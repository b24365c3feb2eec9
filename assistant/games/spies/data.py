"""The game's facts, read once from templates/spies/ (one place for each fact).

The rows that print the pieces are the tracker's data (docs/spies.md, "The data files"):

- kit.yaml: `bank_markers` (the powers in turn order, their starting funds), `spies`, `police`,
  `secrets`, `action_chits` and `double_cross_chits` (pounds, Action Points, timing, counters),
  `event_tiles` (owner, years, awards, special effect), the `display` (the Action Point track's
  top and the costs of the activities that are not chits, rule 3.11) and the
  `time_and_victory_record` (the game years, and its data row: the multiples);
- map.yaml: the map (every tile city's country, 1933 owner, kind, position and the sea zones it
  is a port on; the sea zones; the rail and air lines), read and checked by the print engine's
  map reader (pnp.definitions.map_spec: errors at the file's line);
- tracker/house-rules.yaml: our choices where the text is silent (not printed; the printed
  ones, such as the Time and Victory multiples, are kit.yaml rows).

This module does the file reading (lazily, once, with libyaml's loader); the rules get a
`GameData` and stay pure. The text fields are parsed by grammar.py. What the tracker reads of the
files (`read_facts`: a few rows, as plain JSON) is kept in `deaddrop.paths.cache_dir()/spies/`,
keyed by the three files' size, inode, mtime and ctime and by the bytes of the reading code, so
that `deaddrop table show` does not parse the whole kit (its display) each time; a cache that
cannot be read or written is skipped.
"""

from __future__ import annotations

import hashlib
import json
import os
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from assistant.games.actions import whole
from assistant.games.spies import grammar
from assistant.games.spies.grammar import Award, Special
from deaddrop.errors import InputError
from deaddrop.paths import templates_dir

FOLDER = "spies"
# the activities of the display's Action Point Cost Summary (3.11) that are not chits
ACTIVITIES = {
    "tile": "Play an Event Tile",
    "search": "Conduct police search (per city)",
    "move": "Move one of your spies (per space moved)",
    "diplomacy": "Initiate diplomacy (per opponent)",
}
HOUSE_KEYS = ("russia_1933",)
ALLOTMENT = {"Germany": "ge", "Italy": "it", "Russia": "rs", "France": "fr", "Britain": "br"}
CHIT_FIELDS = ("name", "pounds", "when", "countered_by")  # then ap and count
TILE_FIELDS = ("code", "power", "years", "headline", "awards", "special", "effect")
FACT_KEYS = sorted(
    ["powers", "bank", "spies", "police", "secrets", "chits", "tiles", "cities", "costs", "ap"]
    + ["years", "house", "routes"]
)


@dataclass(frozen=True)
class Tile:
    code: str  # "Ge 1", "random 36"
    number: int
    power: str  # the owner, or "random"
    first: int  # the years it may be played in
    last: int
    years: str  # as printed
    headline: str
    awards: tuple[Award, ...]
    special: Special | None
    effect: str  # the special effect summary's words

    @property
    def cities(self) -> tuple[str, ...]:
        return tuple(city for award in self.awards for city in award.cities)


@dataclass(frozen=True)
class Chit:
    name: str
    pounds: tuple[int, int]  # in a neutral country, in a power's territory (Drop: 20, 30)
    ap: int  # on your own turn (none on another's, 4.2)
    when: str  # "your turn only", "anyone's turn", "an opponent's turn"
    countered_by: tuple[str, ...]
    count: int  # pieces in the cup


@dataclass(frozen=True)
class City:
    name: str
    country: str
    owner: str  # a power or "neutral" (1933)
    kind: str  # capital, police city, SECRET city, spy haven, city
    ours: str
    lat: float  # degrees north
    lon: float  # degrees east
    ports: tuple[str, ...] = ()  # the sea zones this city is a port on (empty: inland)


@dataclass(frozen=True)
class SeaZone:
    name: str
    adjacent: tuple[str, ...]  # sea zones one sea move away
    ports: tuple[str, ...]  # cities that are ports on it (derived from City.ports)


@dataclass(frozen=True)
class Routes:
    """The map's lines (3.6): rail and air between cities, sea between zones and their ports."""

    rail: tuple[tuple[str, str], ...]  # undirected city pairs
    air: tuple[tuple[str, str], ...]
    sea_zones: dict[str, SeaZone]


@dataclass(frozen=True)
class GameData:
    """Everything the rules need that is printed on the components (and our house choices)."""

    powers: tuple[str, ...]  # in turn order
    bank: dict[str, int]  # starting funds (thousand pounds)
    spies: dict[str, dict[str, int]]  # power -> spy name -> strength
    police: dict[str, int]  # power -> police pieces
    secrets: dict[str, int]  # secret name -> value
    chits: dict[str, Chit]
    tiles: dict[str, Tile]  # by code, in number order
    cities: dict[str, City]  # every city of the map, in the map's order
    costs: dict[str, int]  # ACTIVITIES' Action Point costs
    ap: int  # Action Points a turn (the top of the display's track)
    first_year: int
    last_year: int
    house: dict[str, Any]
    routes: Routes

    @property
    def cup(self) -> int:
        """Action chits in the game."""
        return sum(chit.count for chit in self.chits.values())

    def tile_number(self, number: int) -> Tile | None:
        for tile in self.tiles.values():
            if tile.number == number:
                return tile
        return None


def _read(path: Path) -> Any:
    from deaddrop.yaml_loader import read_game_file

    return read_game_file(path, "the Spies! tracker")


class _File:
    """One template file's components, with errors that name the file and the place."""

    def __init__(self, path: Path) -> None:
        self.path = path
        tree = _read(path)
        components = tree.get("components") if isinstance(tree, dict) else None
        self.components = components if isinstance(components, dict) else {}

    def fail(self, where: str, what: str) -> InputError:
        return InputError(f"{self.path}: {where}: {what}")

    def component(self, name: str) -> dict[str, Any]:
        found = self.components.get(name)
        if not isinstance(found, dict):
            raise self.fail(f"components.{name}", "missing (the Spies! tracker reads it)")
        return found

    def rows(self, name: str, *fields: str) -> list[tuple[str, dict[str, Any]]]:
        """(where, row) of a component's rows, each row holding `fields`."""
        rows = self.component(name).get("rows")
        if not isinstance(rows, list):
            raise self.fail(f"components.{name}.rows", "expected a list of rows")
        out = []
        for index, row in enumerate(rows):
            where = f"components.{name}.rows[{index}]"
            if not isinstance(row, dict) or any(row.get(f) is None for f in fields):
                raise self.fail(where, f"expected the fields {', '.join(fields)}")
            out.append((where, row))
        return out

    def number(self, where: str, value: Any) -> int:
        if not whole(value) or value < 0:
            raise self.fail(where, f"expected a whole number (got {value!r})")
        return value

    def parsed(self, where: str, parse: Any, *args: Any) -> Any:
        try:
            return parse(*args)
        except ValueError as error:
            raise self.fail(where, str(error)) from None


def read_kit(kit: _File, first_last: tuple[int, int]) -> dict[str, Any]:
    """The kit.yaml facts (all but the years and the display's), checked, as plain JSON."""
    banks = kit.rows("bank_markers", "power", "start")
    powers = [str(row["power"]) for _, row in banks]
    bank = {str(row["power"]): kit.number(where, row["start"]) for where, row in banks}
    spies: dict[str, dict[str, int]] = {power: {} for power in powers}
    for where, row in kit.rows("spies", "power", "name", "strength"):
        strength = kit.number(f"{where}.strength", row["strength"])
        spies.setdefault(str(row["power"]), {})[str(row["name"])] = strength
    police = {power: 0 for power in powers}
    for where, row in kit.rows("police", "power", "strength"):
        count = kit.number(f"{where}.count", row.get("count", 1))
        police[str(row["power"])] = police.get(str(row["power"]), 0) + count
    secrets = {
        str(row["name"]): kit.number(f"{where}.value", row["value"])
        for where, row in kit.rows("secrets", "name", "value")
    }
    chits = []
    for component in ("action_chits", "double_cross_chits"):
        for where, row in kit.rows(component, "name", "pounds", "ap", "when", "countered_by"):
            kit.parsed(f"{where}.pounds", grammar.pounds, str(row["pounds"]))
            kit.parsed(f"{where}.countered_by", grammar.countered_by, str(row["countered_by"]))
            kit.number(f"{where}.ap", row["ap"])
            kit.number(f"{where}.count", row.get("count", 1))
            chits.append([str(row[f]) for f in CHIT_FIELDS] + [row["ap"], row.get("count", 1)])
    tiles = []
    for where, row in kit.rows("event_tiles", "code", "power", "years", "headline", "awards"):
        texts = [str(row.get(f) or "") for f in TILE_FIELDS]
        kit.parsed(f"{where}.code", int, texts[0].split()[-1])
        kit.parsed(f"{where}.years", grammar.years, texts[2], *first_last)
        kit.parsed(f"{where}.awards", grammar.awards, texts[4])
        kit.parsed(f"{where}.special", grammar.special, texts[5])
        tiles.append(texts)
    return {
        "powers": powers,
        "bank": bank,
        "spies": spies,
        "police": police,
        "secrets": secrets,
        "chits": chits,
        "tiles": tiles,
    }


def read_display(kit: _File) -> tuple[dict[str, int], int]:
    """The costs of the activities (each label's next text is its cost) and the AP track's top."""
    front = kit.component("display").get("front") or []
    texts = [str(item["text"]) for item in front if isinstance(item, dict) and "text" in item]
    costs = {}
    for key, label in ACTIVITIES.items():
        if label not in texts[:-1]:
            raise kit.fail("components.display", f"no '{label}' row in the cost summary")
        cost = texts[texts.index(label) + 1]
        costs[key] = kit.parsed("components.display", int, cost)
    tops = [
        item["to"]
        for item in front
        if isinstance(item, dict) and "track" in item and whole(item.get("to"))
    ]
    if not tops:
        raise kit.fail("components.display", "no Action Point track")
    return costs, max(tops)


def read_years(kit: _File) -> tuple[int, int]:
    """The game years: the first track of the Time and Victory Record (1933-1939)."""
    front = kit.component("time_and_victory_record").get("front") or []
    for item in front:
        if isinstance(item, dict) and "track" in item:
            first, last = item.get("from"), item.get("to")
            if whole(first) and whole(last) and first <= last:
                return first, last
    raise kit.fail("components.time_and_victory_record", "no year track (from 1933 to 1939)")


def read_map(path: Path) -> tuple[list[list[Any]], dict[str, Any]]:
    """The map's cities ([name, country, owner, kind, ours, lat, lon, [ports]]) and routes
    ({rail: [[a, b]], air: [[a, b]], sea_zones: [[name, [adjacent]]]}), checked by the print
    engine's map reader (every problem at its line)."""
    from pnp.definitions.map_spec import load_map

    if not path.is_file():
        raise InputError(f"{path}: missing (the Spies! tracker reads it)")
    game_map = load_map(path)
    cities = [
        [c.name, c.country, c.owner, c.kind, c.ours, c.lat, c.lon, list(c.ports)]
        for c in game_map.cities
    ]
    routes = {
        "rail": [[line.a, line.b] for line in game_map.rail],
        "air": [[line.a, line.b] for line in game_map.air],
        "sea_zones": [[zone.name, list(zone.adjacent)] for zone in game_map.sea_zones],
    }
    return cities, routes


def read_house(path: Path) -> dict[str, Any]:
    tree = _read(path)
    house = tree.get("house_rules") if isinstance(tree, dict) else None
    if not isinstance(house, dict) or sorted(house) != sorted(HOUSE_KEYS):
        raise InputError(f"{path}: house_rules: expected the keys {', '.join(HOUSE_KEYS)}")
    return dict(house)


def read_multiples(kit: _File, first_last: tuple[int, int]) -> dict[str, int]:
    """The Time and Victory multiples the record prints: its data row, m1933 .. m1939."""
    first, last = first_last
    names = [f"m{year}" for year in range(first, last + 1)]
    rows = kit.rows("time_and_victory_record", *names)
    if len(rows) != 1:
        raise kit.fail("components.time_and_victory_record.rows", "expected one row")
    where, row = rows[0]
    return {name[1:]: kit.number(f"{where}.{name}", row[name]) for name in names}


def read_allotment(kit: _File) -> dict[str, Any]:
    """Each power's secrets (2.4) and the Action chits each draws (2.7), as the Bank Track sheet
    prints them: its data row (secrets_ge .. secrets_br, chits)."""
    names = [f"secrets_{short}" for short in ALLOTMENT.values()]
    rows = kit.rows("bank_track", *names, "chits")
    if len(rows) != 1:
        raise kit.fail("components.bank_track.rows", "expected one row")
    where, row = rows[0]
    secrets = {
        power: kit.number(f"{where}.secrets_{short}", row[f"secrets_{short}"])
        for power, short in ALLOTMENT.items()
    }
    return {"secrets": secrets, "chits": kit.number(f"{where}.chits", row["chits"])}


def read_pieces(folder: Path) -> tuple[dict[str, list[int]], list[int]]:
    """The face-down strengths the kit prints and only a table with bots reads: each power's
    police pieces (one entry a piece) and the counterspies', checked (errors name the file and
    the row)."""
    kit = _File(folder / "kit.yaml")
    police: dict[str, list[int]] = {}
    for where, row in kit.rows("police", "power", "strength"):
        strength = kit.number(f"{where}.strength", row["strength"])
        count = kit.number(f"{where}.count", row.get("count", 1))
        police.setdefault(str(row["power"]), []).extend([strength] * count)
    counterspies = []
    for where, row in kit.rows("counterspies", "strength"):
        strength = kit.number(f"{where}.strength", row["strength"])
        counterspies += [strength] * kit.number(f"{where}.count", row.get("count", 1))
    return police, counterspies


def read_facts(folder: Path) -> dict[str, Any]:
    """What the tracker reads of a template folder, checked (errors name the file and the
    place), as plain JSON."""
    kit = _File(folder / "kit.yaml")
    first, last = read_years(kit)
    costs, ap = read_display(kit)
    cities, routes = read_map(folder / "map.yaml")
    return {
        **read_kit(kit, (first, last)),
        "cities": cities,
        "routes": routes,
        "costs": costs,
        "ap": ap,
        "years": [first, last],
        "house": {
            **read_house(folder / "tracker" / "house-rules.yaml"),
            **read_allotment(kit),
            "multiples": read_multiples(kit, (first, last)),
        },
    }


def build(facts: dict[str, Any]) -> GameData:
    """The GameData of checked facts (the text fields parsed)."""
    first, last = facts["years"]
    tiles = {}
    for code, power, years, headline, awards, special, effect in facts["tiles"]:
        start, end = grammar.years(years, first, last)
        tiles[code] = Tile(
            code,
            int(code.split()[-1]),
            power,
            start,
            end,
            years,
            headline,
            grammar.awards(awards),
            grammar.special(special),
            effect,
        )
    chits = {}
    for name, pounds, when, countered, ap, count in facts["chits"]:
        chits[name] = Chit(
            name, grammar.pounds(pounds), ap, when, grammar.countered_by(countered), count
        )
    cities = {
        name: City(name, country, owner, kind, ours, lat, lon, tuple(ports))
        for name, country, owner, kind, ours, lat, lon, ports in facts["cities"]
    }
    routes = facts["routes"]
    sea_zones = {
        name: SeaZone(
            name,
            tuple(adjacent),
            tuple(city.name for city in cities.values() if name in city.ports),
        )
        for name, adjacent in routes["sea_zones"]
    }
    return GameData(
        powers=tuple(facts["powers"]),
        bank=dict(facts["bank"]),
        spies={power: dict(spies) for power, spies in facts["spies"].items()},
        police=dict(facts["police"]),
        secrets=dict(facts["secrets"]),
        chits=chits,
        tiles=tiles,
        cities=cities,
        costs=dict(facts["costs"]),
        ap=facts["ap"],
        first_year=first,
        last_year=last,
        house=dict(facts["house"]),
        routes=Routes(
            rail=tuple((a, b) for a, b in routes["rail"]),
            air=tuple((a, b) for a, b in routes["air"]),
            sea_zones=sea_zones,
        ),
    )


def load_data(folder: Path) -> GameData:
    """Read the game's facts from a template folder."""
    return build(read_facts(folder))


FILES = ("kit.yaml", "map.yaml", "tracker/house-rules.yaml")
# the code that reads them: this module, the tiles' grammar, and the map reader (by path: found
# beside this package, as an installed or an editable Dead Drop lays them out)
PNP = Path(__file__).resolve().parents[3] / "pnp"
MAP_CODE = (PNP / "definitions" / "map_spec.py", PNP / "map_model.py")


def _cache_path(folder: Path) -> Path | None:
    """Where the facts of this folder, as its files are now, are cached (None: a file is
    missing: read them, and let the reading say so)."""
    from deaddrop.paths import cache_dir

    digest = hashlib.sha256(str(folder.resolve()).encode())
    try:
        for name in FILES:
            stat = (folder / name).stat()
            digest.update(
                f"{stat.st_size}:{stat.st_ino}:{stat.st_mtime_ns}:{stat.st_ctime_ns}".encode()
            )
        for code in (Path(__file__), Path(grammar.__file__), *MAP_CODE):
            digest.update(code.read_bytes())
    except OSError:
        return None
    return cache_dir() / FOLDER / f"facts-{digest.hexdigest()[:32]}.json"


def _facts(folder: Path) -> dict[str, Any]:
    """The folder's facts, from the cache when they were read before."""
    path = _cache_path(folder)
    if path is not None:
        try:
            facts = json.loads(path.read_text(encoding="utf-8"))
            if isinstance(facts, dict) and sorted(facts) == FACT_KEYS:
                return facts
        except (OSError, ValueError):
            pass
    facts = read_facts(folder)
    if path is not None:
        _save(path, facts)
    return facts


def _save(path: Path, facts: dict[str, Any]) -> None:
    from deaddrop.files import atomic_writer

    try:
        for old in path.parent.glob("facts-*.json"):  # one folder's facts at a time
            old.unlink(missing_ok=True)
        with atomic_writer(path, "w") as handle:
            handle.write(json.dumps(facts, ensure_ascii=False))
    except OSError:
        pass  # a read-only cache: the facts are read again next time


@lru_cache(maxsize=4)
def _cached(setting: str | None) -> GameData:
    return build(_facts(templates_dir() / FOLDER))


def default_data() -> GameData:
    """The facts from the templates folder in use (DEADDROP_TEMPLATES overrides): read once for
    each setting of DEADDROP_TEMPLATES (every action asks, so the path is not rebuilt each time)."""
    return _cached(os.environ.get("DEADDROP_TEMPLATES"))
