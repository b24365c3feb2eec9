"""The land file of a map (`map-land.json`, written by tools/map/land.py): its projection, window,
territories and land outline, already projected, in kilometres. Read once a path; no numpy, so
that reading a game's definitions (which checks the file: pnp.definitions.map_art_spec) does not
load what drawing the map needs (pnp.draw.map_sheet)."""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

from pnp.draw.map_projection import Conic, Window
from pnp.record import record


@record
class Territory:
    name: str
    owner: str
    rings: tuple[tuple[tuple[float, float], ...], ...]  # km, closed


@record
class Land:
    """The land file: its projection, window, territories and land outline (km)."""

    conic: Conic
    window: Window
    territories: tuple[Territory, ...]
    land: tuple[tuple[tuple[float, float], ...], ...]
    attribution: str


@lru_cache(maxsize=4)
def read_land(path: str) -> Land:
    """The land file at `path` (tools/map/land.py wrote it)."""
    doc = json.loads(Path(path).read_text(encoding="utf-8"))
    p = doc["projection"]

    def rings(items: list[list[list[float]]]) -> tuple[tuple[tuple[float, float], ...], ...]:
        return tuple(tuple((float(x), float(y)) for x, y in ring) for ring in items)

    return Land(
        Conic(p["lat1"], p["lat2"], p["lat0"], p["lon0"]),
        Window(*doc["window_km"]),
        tuple(Territory(t["name"], t["owner"], rings(t["rings"])) for t in doc["territories"]),
        rings(doc["land"]),
        doc["attribution"],
    )
