"""The game's facts, read once from templates/spies-and-lies/ (one place for each fact).

- soldiers.yaml, `red_soldiers.rows`: rank and title of the ten soldiers;
- intel.yaml, `intel_cards.rows`: each intel card's number and its four ranks (a house set);
- board.yaml, the `track` elements of `board`: the infiltration track (from 0 to its top) and the
  Double Agent track (from -F to F: F is the flag, F-1 the wall);
- tracker/house-rules.yaml: our readings where the rules text is silent.

This module does the file reading; the rules modules get a `GameData` and stay pure.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from assistant.games.actions import whole
from deaddrop.errors import InputError
from deaddrop.paths import templates_dir

FOLDER = "spies-and-lies"
SERGEANT = 4
DAYS = 3  # "Spies & Lies is played in 3 rounds"
MISSIONS = 4  # "4 Mission cards"
SIDES = ("red", "blue")
DEFAULT_HOUSE_RULES: dict[str, Any] = {
    "deception_spares": 2,
    "deception_needs_activation": True,
    "captain_pick_hit_by_spy_or_miner": True,
    "scout_bonus_on_counted_identifications": True,
    "wall_stops_whole_action": True,
    "bomb_double_damage_on_counted_identifications": True,
    "exposed_sergeant_counts_as_identified": True,
}


@dataclass(frozen=True)
class GameData:
    """Everything the rules need to know that is printed on the components."""

    titles: dict[int, str]  # rank -> title
    intel: dict[int, tuple[int, ...]]  # card number -> ranks shown
    infiltration_top: int = 10
    flag: int = 5  # Double Agent spaces from the middle to the flag; the wall is flag - 1
    house: dict[str, Any] = field(default_factory=lambda: dict(DEFAULT_HOUSE_RULES))

    @property
    def wall(self) -> int:
        return self.flag - 1

    def name(self, rank: int) -> str:
        """'Scout (2)'."""
        return f"{self.titles.get(rank, '?')} ({rank})"


def _read(path: Path) -> Any:
    from deaddrop.yaml_loader import read_game_file

    return read_game_file(path, "the Spies & Lies tracker")


def _component(path: Path, name: str) -> dict[str, Any]:
    tree = _read(path)
    try:
        component = tree["components"][name]
    except (KeyError, TypeError):
        raise InputError(f"{path}: components.{name}: missing (the tracker reads it)") from None
    if not isinstance(component, dict):
        raise InputError(f"{path}: components.{name}: expected a mapping")
    return component


def _rows(path: Path, name: str, expected: str) -> list[dict[str, Any]]:
    """The rows of a component: a list of mappings (each checked against `expected`)."""
    rows = _component(path, name).get("rows")
    if not isinstance(rows, list):
        raise InputError(f"{path}: components.{name}.rows: expected a list of rows ({expected})")
    for index, row in enumerate(rows):
        if not isinstance(row, dict):
            raise InputError(f"{path}: components.{name}.rows[{index}]: expected {expected}")
    return rows


def read_titles(path: Path) -> dict[int, str]:
    """rank -> title from the red soldier cards' rows."""
    rows = _rows(path, "red_soldiers", "a whole rank and a title")
    titles: dict[int, str] = {}
    for index, row in enumerate(rows):
        rank, title = row.get("rank"), row.get("title")
        if not whole(rank) or not isinstance(title, str):
            where = f"components.red_soldiers.rows[{index}]"
            raise InputError(f"{path}: {where}: expected a whole rank and a title")
        titles[rank] = title
    if sorted(titles) != list(range(1, 11)):
        raise InputError(f"{path}: components.red_soldiers.rows: expected ranks 1 to 10 once each")
    return titles


def read_intel(path: Path) -> dict[int, tuple[int, ...]]:
    """card number -> its ranks, from the intel cards' rows (fields r1, r2, ...)."""
    rows = _rows(path, "intel_cards", "a card number and ranks r1.. from 1 to 10")
    cards: dict[int, tuple[int, ...]] = {}
    for index, row in enumerate(rows):
        fields = sorted(
            (int(key[1:]), key)
            for key in row
            if isinstance(key, str) and key.startswith("r") and key[1:].isdigit()
        )
        ranks = tuple(row[key] for _, key in fields)
        card = row.get("card")
        if not whole(card) or not ranks or not all(whole(r) and 1 <= r <= 10 for r in ranks):
            where = f"components.intel_cards.rows[{index}]"
            raise InputError(f"{path}: {where}: expected a card number and ranks r1.. from 1 to 10")
        if card in cards:
            where = f"components.intel_cards.rows[{index}].card"
            raise InputError(f"{path}: {where}: card {card} is listed twice (each number once)")
        cards[card] = ranks
    if len(cards) < DAYS + 1:
        raise InputError(f"{path}: components.intel_cards.rows: expected at least {DAYS + 1} cards")
    return cards


def read_tracks(path: Path) -> tuple[int, int]:
    """(infiltration top, Double Agent flag distance) from the board's track elements."""
    front = _component(path, "board").get("front") or []
    tracks = [item for item in front if isinstance(item, dict) and "track" in item]
    tops = {t.get("to") for t in tracks if t.get("from") == 0}
    agents = [t for t in tracks if whole(t.get("from")) and t["from"] < 0]
    top = next(iter(tops)) if len(tops) == 1 else None
    if not whole(top) or top < 1:
        raise InputError(f"{path}: components.board: expected infiltration tracks from 0 to N")
    if len(agents) != 1 or agents[0].get("to") != -agents[0]["from"] or agents[0]["to"] < 2:
        raise InputError(
            f"{path}: components.board: expected one Double Agent track from -F to F (F >= 2)"
        )
    return top, agents[0]["to"]


def read_house_rules(path: Path) -> dict[str, Any]:
    """Our readings, over the defaults; an unknown key is an error."""
    tree = _read(path) if path.exists() else None
    given = tree.get("house_rules") if isinstance(tree, dict) else tree
    if given is None:
        given = {}
    if not isinstance(given, dict):
        raise InputError(f"{path}: expected a mapping house_rules: {{rule: value}}")
    unknown = sorted(set(given) - set(DEFAULT_HOUSE_RULES), key=str)
    if unknown:
        known = ", ".join(DEFAULT_HOUSE_RULES)
        raise InputError(f"{path}: house_rules.{unknown[0]}: unknown (expected one of: {known})")
    for key, value in given.items():
        if isinstance(DEFAULT_HOUSE_RULES[key], bool):
            if not isinstance(value, bool):
                raise InputError(
                    f"{path}: house_rules.{key}: expected true or false (got {value!r})"
                )
        elif not whole(value) or value < 0:
            raise InputError(
                f"{path}: house_rules.{key}: expected a whole number >= 0 (got {value!r})"
            )
    house = dict(DEFAULT_HOUSE_RULES)
    house.update(given)
    return house


def load_data(folder: Path) -> GameData:
    """Read the game's facts from a template folder."""
    top, flag = read_tracks(folder / "board.yaml")
    return GameData(
        titles=read_titles(folder / "soldiers.yaml"),
        intel=read_intel(folder / "intel.yaml"),
        infiltration_top=top,
        flag=flag,
        house=read_house_rules(folder / "tracker" / "house-rules.yaml"),
    )


@lru_cache(maxsize=4)
def _cached(folder: str) -> GameData:
    return load_data(Path(folder))


def default_data() -> GameData:
    """The facts from the templates folder in use (DEADDROP_TEMPLATES overrides)."""
    return _cached(str(templates_dir() / FOLDER))
