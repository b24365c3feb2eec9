"""The game's facts, read once (lazily) from the Spy vs Spy kit, templates/spy-vs-spy/.

One place for each fact: the tracker enforces what the kit prints.

- board.yaml, the data row of `board`: `walk` (runs of rooms along a floor), `lifts` (the
  elevator runs), `roof_lift` (the roof elevator to the helipad), `entrances` (the rooms the
  street doors open into) and the special rooms `defensive`, `first_aid`, `offensive`;
- equipment.yaml, the rows of `equipment_tokens`: each colour's weapon and trap, their damage,
  what the trap does (`trap_then`, `trap_roll`, `trap_extra`) and `count`, the 1-pips (and 2-pips)
  of that colour in each bag;
- aid.yaml: the rows of `cop_cards` (speed, damage as "die roll: damage", toughness, the piece
  that calls him) and the data row of `player_aid` (action points, costs, health, lives, limits,
  and `weapon_declared`: whether a spy's weapon is declared before each exchange of a fight or
  once for the whole fight);
- numbers.yaml, the rows of `number_tokens`: the numbers 1-25.

This module reads the files; the rules modules get a `Kit` and stay pure.
"""

from __future__ import annotations

import json
import re
import time
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, NamedTuple

from assistant.games.actions import whole
from assistant.games.spy_vs_spy.board import Board, parse_board
from deaddrop.errors import InputError
from deaddrop.paths import templates_dir

FOLDER = "spy-vs-spy"
TRAP_EFFECTS = (
    "dissolve_weapon",
    "discard_defence",
    "more_damage",
    "slide_out",
    "stop_search",
    "freeze",
)
NUMBERS = (
    "action_points",
    "move",
    "move_loaded",
    "lift",
    "search",
    "change",
    "room",
    "health",
    "lives",
    "carry_offensive",
    "carry_defensive",
    "draw_offensive",
    "draw_defensive",
    "sword",
)


class Colour(NamedTuple):
    """One equipment colour: its 1-pip is a weapon carried and a trap set; its 2-pip a defence."""

    id: str  # "green", "light-blue": as typed
    name: str  # "Green", "Light blue": as printed
    weapon: str
    weapon_damage: int
    trap: str
    trap_damage: int
    trap_then: str  # one of TRAP_EFFECTS
    trap_roll: frozenset[int]  # the d6 results that set off trap_then; empty: no roll, always
    trap_extra: int  # more damage (more_damage), action points lost next turn (freeze)
    in_bag: int  # pieces of this colour in each bag (the row's count: the stashes)

    @property
    def label(self) -> str:
        return self.name.lower()


class Cop(NamedTuple):
    """A law enforcement piece (the rules' Blue 1-, 2- and 3-pip)."""

    id: str  # "deputy", "sheriff", "swat"
    name: str  # "Deputy", "Sheriff", "SWAT Team"
    pips: int
    speed: int
    damage: tuple[int, ...]  # the damage dealt on a d6 roll of 1..6
    toughness: int
    arrives: int  # the piece of the Thingamajig whose finding calls him (1st, 2nd, 3rd)

    @property
    def rolls(self) -> bool:
        """Whether his damage needs a die (the deputy's does not)."""
        return len(set(self.damage)) > 1


class Numbers(NamedTuple):
    """The game's numbers, as printed on the player aid."""

    action_points: int
    move: int
    move_loaded: int
    lift: int
    search: int
    change: int
    room: int
    health: int
    lives: int
    carry_offensive: int
    carry_defensive: int
    draw_offensive: int
    draw_defensive: int
    sword: int


@dataclass(frozen=True)
class Kit:
    """Everything the rules need to know that the kit prints."""

    board: Board
    colours: tuple[Colour, ...]
    cops: tuple[Cop, ...]  # in pip order
    numbers: Numbers
    tokens: tuple[int, ...]  # the numbers on the number tokens
    # the aid's `weapon_declared`: "before each exchange" (True) or "for the whole fight"
    declare_each_exchange: bool

    def colour(self, colour_id: str) -> Colour:
        return next(c for c in self.colours if c.id == colour_id)

    def cop(self, cop_id: str) -> Cop:
        return next(c for c in self.cops if c.id == cop_id)

    @property
    def colour_ids(self) -> tuple[str, ...]:
        return tuple(c.id for c in self.colours)

    @property
    def cop_ids(self) -> tuple[str, ...]:
        return tuple(c.id for c in self.cops)


# (Colour, Cop and Numbers are named tuples: quicker to define at import than dataclasses, which
# `deaddrop table show` pays for every time.)

# ---- reading ----------------------------------------------------------------------------------
#
# The four files are parsed once and what the tracker reads of them (the data rows: the
# "extract") is kept in `deaddrop.paths.cache_dir()/spy-vs-spy/kit.json` with each file's path,
# size, inode, mtime and ctime: `deaddrop table show` then reads a small JSON file instead of
# importing PyYAML and parsing 120 kB of templates (the Thingamajig sheet's drawing is most of
# it). A file changed within the last SETTLE_NS is not cached; a cache that cannot be read or
# written is ignored. Both ways the extract is checked by the same code (`build`).

FILES = {"board": "board.yaml", "equipment": "equipment.yaml", "aid": "aid.yaml"}
FILES["numbers"] = "numbers.yaml"
CACHE_FILE = "kit.json"
CACHE_VERSION = 1
SETTLE_NS = 3_000_000_000


def _read(path: Path) -> Any:
    from deaddrop.yaml_loader import read_game_file

    return read_game_file(path, "the Spy vs Spy tracker")


def _rows(path: Path, tree: Any, name: str) -> list[dict[str, Any]]:
    """The rows of component `name` of the file at `path` (read as `tree`)."""
    try:
        rows = tree["components"][name]["rows"]
    except (KeyError, TypeError):
        raise InputError(
            f"{path}: components.{name}.rows: missing (the tracker reads it)"
        ) from None
    if not isinstance(rows, list) or not rows or not all(isinstance(r, dict) for r in rows):
        raise InputError(f"{path}: components.{name}.rows: expected a list of rows")
    return rows


def extract(folder: Path) -> dict[str, Any]:
    """What the tracker reads of the kit's files: the data rows, as plain data."""
    trees = {key: _read(folder / name) for key, name in FILES.items()}
    path = {key: folder / name for key, name in FILES.items()}
    return {
        "board": _rows(path["board"], trees["board"], "board")[0],
        "equipment": _rows(path["equipment"], trees["equipment"], "equipment_tokens"),
        "cops": _rows(path["aid"], trees["aid"], "cop_cards"),
        "aid": _rows(path["aid"], trees["aid"], "player_aid")[0],
        "tokens": _rows(path["numbers"], trees["numbers"], "number_tokens"),
    }


# the player aid's `weapon_declared`, as printed ("Each side declares a weapon {...}")
WEAPON_DECLARED = {"before each exchange": True, "for the whole fight": False}


def _whole(path: Path, where: str, value: Any, least: int = 0) -> int:
    if not whole(value) or value < least:
        raise InputError(f"{path}: {where}: expected a whole number >= {least} (got {value!r})")
    return value


def colour_id(name: str) -> str:
    """'Light blue' -> 'light-blue'."""
    return "-".join(name.lower().split())


def _rolls(path: Path, where: str, text: Any) -> frozenset[int]:
    if text == "none":
        return frozenset()
    match = re.fullmatch(r"([1-6])-([1-6])", str(text))
    if match is None:
        raise InputError(f"{path}: {where}: expected a range of d6 rolls like 1-4, or none")
    return frozenset(range(int(match[1]), int(match[2]) + 1))


def build_colours(path: Path, rows: list[dict[str, Any]]) -> tuple[Colour, ...]:
    colours = []
    for index, row in enumerate(rows):
        where = f"components.equipment_tokens.rows[{index}]"
        then = row.get("trap_then")
        if then not in TRAP_EFFECTS:
            known = ", ".join(TRAP_EFFECTS)
            raise InputError(f"{path}: {where}.trap_then: expected one of {known} (got {then!r})")
        colours.append(
            Colour(
                id=colour_id(str(row.get("colour"))),
                name=str(row.get("colour")),
                weapon=str(row.get("weapon")),
                weapon_damage=_whole(path, f"{where}.weapon_damage", row.get("weapon_damage")),
                trap=str(row.get("trap")),
                trap_damage=_whole(path, f"{where}.trap_damage", row.get("trap_damage")),
                trap_then=then,
                trap_roll=_rolls(path, f"{where}.trap_roll", row.get("trap_roll")),
                trap_extra=_whole(path, f"{where}.trap_extra", row.get("trap_extra")),
                in_bag=_whole(path, f"{where}.count", row.get("count", 1), 1),
            )
        )
    return tuple(colours)


ORDINAL = re.compile(r"(\d+)(st|nd|rd|th)")


def cop_damage(path: Path, where: str, text: Any) -> tuple[int, ...]:
    """'1' -> (1,)*6; '1-3: 1, 4-6: 2' -> (1, 1, 1, 2, 2, 2): the damage on each d6 roll."""
    text = str(text).strip()
    if text.isdigit():
        return (int(text),) * 6
    damage: dict[int, int] = {}
    for part in text.split(","):
        match = re.fullmatch(r"\s*([1-6])(?:-([1-6]))?:\s*(\d+)\s*", part)
        if match is None:
            break
        low, high = int(match[1]), int(match[2] or match[1])
        damage.update({roll: int(match[3]) for roll in range(low, high + 1)})
    if sorted(damage) != [1, 2, 3, 4, 5, 6]:
        raise InputError(
            f"{path}: {where}: expected a damage, or 'die roll: damage' for every roll 1-6"
        )
    return tuple(damage[roll] for roll in range(1, 7))


def build_cops(path: Path, rows: list[dict[str, Any]]) -> tuple[Cop, ...]:
    cops = []
    for index, row in enumerate(rows):
        where = f"components.cop_cards.rows[{index}]"
        arrives = ORDINAL.fullmatch(str(row.get("arrives")))
        if arrives is None:
            raise InputError(f"{path}: {where}.arrives: expected 1st, 2nd, 3rd, ...")
        name = str(row.get("cop"))
        cops.append(
            Cop(
                id=name.split()[0].lower(),
                name=name,
                pips=_whole(path, f"{where}.pips", row.get("pips"), 1),
                speed=_whole(path, f"{where}.speed", row.get("speed"), 1),
                damage=cop_damage(path, f"{where}.damage", row.get("damage")),
                toughness=_whole(path, f"{where}.toughness", row.get("toughness"), 1),
                arrives=int(arrives[1]),
            )
        )
    return tuple(sorted(cops, key=lambda cop: cop.pips))


def build(folder: Path, data: dict[str, Any]) -> Kit:
    """The Kit from an extract; InputError names the file and the field that is wrong."""
    path = {key: folder / name for key, name in FILES.items()}
    aid = data["aid"]
    numbers = Numbers(
        **{
            key: _whole(path["aid"], f"components.player_aid.rows[0].{key}", aid.get(key))
            for key in NUMBERS
        }
    )
    tokens = tuple(
        _whole(path["numbers"], f"components.number_tokens.rows[{i}].num", row.get("num"), 1)
        for i, row in enumerate(data["tokens"])
    )
    declared = aid.get("weapon_declared")
    if declared not in WEAPON_DECLARED:
        known = " or ".join(repr(k) for k in WEAPON_DECLARED)
        raise InputError(
            f"{path['aid']}: components.player_aid.rows[0].weapon_declared: expected {known}"
            f" (got {declared!r})"
        )
    try:
        board = parse_board(data["board"])
    except ValueError as error:
        raise InputError(f"{path['board']}: components.board.rows[0]: {error}") from None
    return Kit(
        board=board,
        colours=build_colours(path["equipment"], data["equipment"]),
        cops=build_cops(path["aid"], data["cops"]),
        numbers=numbers,
        tokens=tokens,
        declare_each_exchange=WEAPON_DECLARED[declared],
    )


def load_kit(folder: Path) -> Kit:
    """Read the game's facts from a kit folder (through the cache when the files are the same)."""
    stamps: list[list[Any]] = []
    for name in FILES.values():
        try:
            stat = (folder / name).stat()
        except OSError:
            stamps = []
            break
        stamps.append(
            [
                str((folder / name).absolute()),
                stat.st_size,
                stat.st_ino,
                stat.st_mtime_ns,
                stat.st_ctime_ns,
            ]
        )
    data = _cached(stamps) if stamps else None
    if data is None:
        data = extract(folder)
        now = time.time_ns()
        settled = stamps and all(now - max(int(s[3]), int(s[4])) > SETTLE_NS for s in stamps)
        if settled:
            _store(stamps, data)
    return build(folder, data)


def _cache_file() -> Path:
    from deaddrop.paths import cache_dir

    return cache_dir() / FOLDER / CACHE_FILE


def _cached(stamps: list[list[Any]]) -> dict[str, Any] | None:
    try:
        cached = json.loads(_cache_file().read_text(encoding="utf-8"))
        if cached["version"] != CACHE_VERSION or cached["files"] != stamps:
            return None
        data = cached["extract"]
    except (OSError, ValueError, KeyError, TypeError):
        return None
    return data if isinstance(data, dict) else None


def _store(stamps: list[list[Any]], data: dict[str, Any]) -> None:
    from deaddrop.files import atomic_writer

    try:
        with atomic_writer(_cache_file(), "w") as handle:
            json.dump({"version": CACHE_VERSION, "files": stamps, "extract": data}, handle)
    except (OSError, TypeError, ValueError):
        pass  # a read-only cache, or a value JSON cannot hold: read the files next time too


@lru_cache(maxsize=4)
def _loaded(folder: str) -> Kit:
    return load_kit(Path(folder))


def default_kit() -> Kit:
    """The facts from the templates folder in use (DEADDROP_TEMPLATES overrides), read once."""
    return _loaded(str(templates_dir() / FOLDER))
