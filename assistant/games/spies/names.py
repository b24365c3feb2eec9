"""Names as the players type them, found in the data: powers, tiles, cities, chits, secrets and
spies. Case, accents, spaces, '-' and '_' do not matter ("konigsberg", "double_cross"); a tile
is its code ("Ge 1", "ge1", "random 36", "r36") or its number (1 to 50). What is not found is
refused under "action", naming what is known."""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from assistant.engine import Json
from assistant.games.actions import Refuse, whole
from assistant.games.spies.data import Chit, City, GameData, Tile
from assistant.games.spies.grammar import plain


def find(value: Any, names: Iterable[str]) -> str | None:
    """The name `value` stands for, or None (an exact name first: the common case, and fast)."""
    if not isinstance(value, str) or not value.strip():
        return None
    names = names if isinstance(names, dict | set | frozenset) else list(names)
    if value in names:
        return value
    wanted = plain(value)
    return next((name for name in names if plain(name) == wanted), None)


def power(value: Any, state: Json, what: str = "power") -> str:
    found = find(value, state["bank"])
    if found is None:
        known = ", ".join(state["bank"])
        raise Refuse("action", f"{what}: no power {value!r} (powers: {known})")
    return found


def powers(value: Any, state: Json, what: str) -> list[str]:
    """A list of powers (one power alone is a list of one)."""
    items = value if isinstance(value, list) else [value]
    return [power(item, state, what) for item in items]


def tile(value: Any, data: GameData) -> Tile:
    found = None
    if whole(value):
        found = data.tile_number(value)
    elif isinstance(value, str):
        parts = re.fullmatch(r"([a-z]*)(\d+)", plain(value))
        if parts:
            found = data.tile_number(int(parts[2]))
            prefix = plain(found.code.split()[0]) if found else ""
            if found and parts[1] not in ("", prefix, "r" if prefix == "random" else prefix):
                found = None
    if found is None:
        raise Refuse("action", f"tile: no Event Tile {value!r} (Ge 1 ... random 50, or 1-50)")
    return found


def city(value: Any, data: GameData, what: str = "city") -> City | None:
    """The city of the map (map.yaml), or None for a city the map does not hold."""
    if not isinstance(value, str) or not value.strip():
        raise Refuse("action", f"{what}: expected a city name (got {value!r})")
    name = find(value, data.cities)
    return data.cities[name] if name is not None else None


def city_name(value: Any, data: GameData, what: str = "city") -> str:
    """A city's name as the table spells it (as typed when it is not in the table)."""
    found = city(value, data, what)
    return found.name if found is not None else str(value).strip()


def cities(value: Any, data: GameData, what: str) -> list[str]:
    items = value if isinstance(value, list) else [value]
    return [city_name(item, data, what) for item in items]


def chit(value: Any, data: GameData) -> Chit:
    name = find(value, data.chits)
    if name is None:
        known = ", ".join(data.chits)
        raise Refuse("action", f"chit: no Action chit {value!r} (chits: {known})")
    return data.chits[name]


def secret(value: Any, data: GameData) -> str:
    name = find(value, data.secrets)
    if name is None:
        raise Refuse("action", f"secret: no secret {value!r} (a secret's name, as on its counter)")
    return name


def spy(value: Any, owner: str, data: GameData, what: str = "spy") -> str:
    name = find(value, data.spies[owner]) if value is not None else None
    if name is None:
        known = ", ".join(data.spies[owner])
        if value is None:
            raise Refuse("action", f"{what}: name {owner}'s spy (one of {known})")
        raise Refuse("action", f"{what}: {owner} has no spy {value!r} ({owner}'s: {known})")
    return name


def text(value: Any, what: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise Refuse("action", f"{what}: expected text (got {value!r})")
    return value.strip()


def amount(value: Any, what: str, least: int = 0) -> int:
    if not whole(value) or value < least:
        raise Refuse("action", f"{what}: expected a whole number >= {least} (got {value!r})")
    return value
