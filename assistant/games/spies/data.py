"""The game's facts, read once from templates/spies/ (one place for each fact).

The rows that print the pieces are the tracker's data (docs/spies.md, "The data files"):

- kit.yaml: `bank_markers` (the powers in turn order, their starting funds), `spies`, `police`,
  `secrets`, `action_chits` and `double_cross_chits` (pounds, Action Points, timing, counters),
  `event_tiles` (owner, years, awards, special effect), the `display` (the Action Point track's
  top and the costs of the activities that are not chits, rule 3.11) and the
  `time_and_victory_record` (the game years);
- cities.yaml: each tile city's country, 1933 owner and kind;
- tracker/house-rules.yaml: our choices where the text is silent (not printed).

This module does the file reading (lazily, once, with libyaml's loader); the rules get a
`GameData` and stay pure. The text fields are parsed by grammar.py.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

import yaml

from assistant.games.actions import whole
from assistant.games.spies import grammar
from assistant.games.spies.grammar import Award, Special
from deaddrop.errors import InputError
from deaddrop.paths import templates_dir
from deaddrop.yaml_loader import LOADER

FOLDER = "spies"
# the activities of the display's Action Point Cost Summary (3.11) that are not chits
ACTIVITIES = {
    "tile": "Play an Event Tile",
    "search": "Conduct police search (per city)",
    "move": "Move one of your spies (per space moved)",
    "diplomacy": "Initiate diplomacy (per opponent)",
}
HOUSE_KEYS = ("multiples", "secrets", "chits", "russia_1933")


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
    cities: dict[str, City]
    costs: dict[str, int]  # ACTIVITIES' Action Point costs
    ap: int  # Action Points a turn (the top of the display's track)
    first_year: int
    last_year: int
    house: dict[str, Any]

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
    try:
        with path.open(encoding="utf-8") as handle:
            return yaml.load(handle, Loader=LOADER)
    except FileNotFoundError:
        raise InputError(f"{path}: missing (the Spies! tracker reads it)") from None
    except yaml.YAMLError as error:
        raise InputError(f"{path}: not valid YAML ({error})".replace("\n", " ")) from None


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
    """The kit.yaml facts (all but the years and the display's)."""
    banks = kit.rows("bank_markers", "power", "start")
    powers = tuple(str(row["power"]) for _, row in banks)
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
    chits: dict[str, Chit] = {}
    for component in ("action_chits", "double_cross_chits"):
        for where, row in kit.rows(component, "name", "pounds", "ap", "when", "countered_by"):
            chits[str(row["name"])] = Chit(
                str(row["name"]),
                kit.parsed(f"{where}.pounds", grammar.pounds, str(row["pounds"])),
                kit.number(f"{where}.ap", row["ap"]),
                str(row["when"]),
                kit.parsed(f"{where}.countered_by", grammar.countered_by, str(row["countered_by"])),
                kit.number(f"{where}.count", row.get("count", 1)),
            )
    tiles: dict[str, Tile] = {}
    fields = ("code", "power", "years", "headline", "awards")
    for where, row in kit.rows("event_tiles", *fields):
        code = str(row["code"])
        first, last = kit.parsed(f"{where}.years", grammar.years, str(row["years"]), *first_last)
        tiles[code] = Tile(
            code,
            kit.parsed(f"{where}.code", int, code.split()[-1]),
            str(row["power"]),
            first,
            last,
            str(row["years"]),
            str(row["headline"]),
            kit.parsed(f"{where}.awards", grammar.awards, str(row["awards"])),
            kit.parsed(f"{where}.special", grammar.special, str(row.get("special") or "")),
            str(row.get("effect") or ""),
        )
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


def read_cities(path: Path) -> dict[str, City]:
    file = _File(path)
    fields = ("city", "country", "owner", "kind", "ours")
    return {
        str(row["city"]): City(*(str(row[f]) for f in fields))
        for _, row in file.rows("city_tags", *fields)
    }


def read_house(path: Path) -> dict[str, Any]:
    tree = _read(path)
    house = tree.get("house_rules") if isinstance(tree, dict) else None
    if not isinstance(house, dict) or sorted(house) != sorted(HOUSE_KEYS):
        raise InputError(f"{path}: house_rules: expected the keys {', '.join(HOUSE_KEYS)}")
    return house


def load_data(folder: Path) -> GameData:
    """Read the game's facts from a template folder."""
    kit = _File(folder / "kit.yaml")
    first, last = read_years(kit)
    costs, ap = read_display(kit)
    return GameData(
        **read_kit(kit, (first, last)),
        cities=read_cities(folder / "cities.yaml"),
        costs=costs,
        ap=ap,
        first_year=first,
        last_year=last,
        house=read_house(folder / "tracker" / "house-rules.yaml"),
    )


@lru_cache(maxsize=4)
def _cached(folder: str) -> GameData:
    return load_data(Path(folder))


def default_data() -> GameData:
    """The facts from the templates folder in use (DEADDROP_TEMPLATES overrides)."""
    return _cached(str(templates_dir() / FOLDER))
