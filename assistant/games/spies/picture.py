"""The Spies! map on the page of `deaddrop serve`: the printed map's picture (drawn once by the
print engine from templates/spies, the same for every seat: what stands on it is not in it) and
the map widget (assistant/games/widgets.py) with every power's counters where they stand, from a
seat's view. The print engine is imported here only, when a page first asks."""

from __future__ import annotations

import os
from functools import lru_cache
from typing import Any

from assistant.engine import Json
from assistant.games.widgets import counter, map_of, place

PICTURE = "map.svg"


@lru_cache(maxsize=4)
def _kit(setting: str | None) -> Any:
    from assistant.games.spies.data import FOLDER
    from deaddrop.paths import templates_dir
    from pnp.definitions.loader import load_game

    return load_game(templates_dir() / FOLDER)


@lru_cache(maxsize=4)
def _drawn(setting: str | None) -> tuple[str, float, float, dict[str, tuple[float, float]]]:
    """The picture without counters, its width and height, and each place's point on it."""
    from pnp.backends.svg import svg_text
    from pnp.draw.map_picture import map_picture, places

    kit = _kit(setting)
    items, width, height = map_picture(kit, None, key=False)
    return svg_text(items, width, height, f"{kit.title}: map"), width, height, places(kit)


def picture(name: str) -> str | None:
    """The SVG of the picture `name` (None: no such picture)."""
    if name != PICTURE:
        return None
    return _drawn(os.environ.get("DEADDROP_TEMPLATES"))[0]


def map_widget(view: Json, kinds: dict[str, str], owners: dict[str, str]) -> Json:
    """The map widget of a seat's view: every city a place to tap; on a table that tracks
    positions, each power's counters where they stand (the seat's own spies by name); the police
    where they stand."""
    _, width, height, points = _drawn(os.environ.get("DEADDROP_TEMPLATES"))
    places = [
        place(name, x / width, y / height, kinds[name], owners.get(name))
        for name, (x, y) in points.items()
        if name in kinds  # cities only: a spy never stops at sea
    ]
    secret = view.get("secret") if isinstance(view.get("secret"), dict) else {}
    named = (secret or {}).get("spies") or {}
    counters = []
    for power, on_map in ((view.get("positions") or {}).get("spies") or {}).items():
        for label, city in sorted(on_map.items()):
            spy = (named.get(power) or {}).get(label)
            counters.append(counter(city, spy or label, power, private=spy is not None))
    for power, stands in (view.get("police") or {}).items():
        for city, count in (stands or {}).items():
            counters += [counter(city, "police", power)] * int(count)
    return map_of("Map", PICTURE, width / height, places, counters)
