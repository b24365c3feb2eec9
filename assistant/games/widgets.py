"""Board widgets: a game's board as plain JSON for the page of `deaddrop serve` (docs/serve.md).

Each game offers `board(view) -> list[Json]`, computed from a seat's view (the public view plus
that seat's own secrets under "secret"), never from the full state. The page draws every value as
text. The kinds:

- track: spaces in a row and the marks standing on them (`sides` tints each space, optional);
- meter: pips, e.g. action points (value of max);
- money: an amount and its unit;
- grid: rows x columns of cells, each with a text and a heat (hot, warm, cold);
- list, table: lines and rows of text;
- stat: one labelled value;
- map: a picture of the board (`picture`, an SVG the server draws once per game: GET
  /api/<code>/<picture>) with places on it (`places`: name, x and y as fractions of the picture's
  width and height, kind, side) and the counters standing on them (`counters`: place, side,
  label, private). A place is tapped like a cell: it fills the action's field that lists it.

`private` marks what only this seat sees (the page styles it as secret). `side` names a side or
power ("red", "Germany"): the page colours the sides it knows and falls back to neutral.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from assistant.engine import Json

HEATS = ("hot", "warm", "cold")


def mark(at: int, label: str, side: str | None = None) -> Json:
    """A marker on a track's space `at` (0-based)."""
    return {"at": at, "label": label, "side": side}


def track(
    label: str,
    spaces: Iterable[str],
    marks: Iterable[Json],
    sides: Sequence[str | None] | None = None,
) -> Json:
    widget: Json = {"kind": "track", "label": label, "spaces": list(spaces), "marks": list(marks)}
    if sides is not None:
        widget["sides"] = list(sides)
    return widget


def meter(label: str, value: int, top: int | None, side: str | None = None) -> Json:
    return {"kind": "meter", "label": label, "value": value, "max": top, "side": side}


def money(label: str, value: int, unit: str, side: str | None = None) -> Json:
    return {"kind": "money", "label": label, "value": value, "unit": unit, "side": side}


def cell(text: str | None = None, heat: str | None = None) -> Json:
    assert heat is None or heat in HEATS, heat
    return {"text": text, "heat": heat}


def grid(
    label: str,
    rows: Iterable[str],
    cols: Iterable[str],
    cells: Mapping[str, Json],
    *,
    private: bool = False,
    side: str | None = None,
) -> Json:
    """Cells are keyed row then column ("5E"); a cell not given is blank."""
    return {
        "kind": "grid",
        "label": label,
        "rows": list(rows),
        "cols": list(cols),
        "cells": dict(cells),
        "private": private,
        "side": side,
    }


def listing(label: str, items: Iterable[str], *, private: bool = False) -> Json:
    return {"kind": "list", "label": label, "items": list(items), "private": private}


def table(
    label: str, columns: Iterable[str], rows: Iterable[Iterable[str]], *, private: bool = False
) -> Json:
    return {
        "kind": "table",
        "label": label,
        "columns": list(columns),
        "rows": [list(row) for row in rows],
        "private": private,
    }


def stat(label: str, value: str, side: str | None = None) -> Json:
    return {"kind": "stat", "label": label, "value": value, "side": side}


def place(name: str, x: float, y: float, kind: str, side: str | None = None) -> Json:
    """A place on a map widget, at (x, y) as fractions of the picture (0..1, y down)."""
    return {"name": name, "x": round(x, 4), "y": round(y, 4), "kind": kind, "side": side}


def counter(at: str, label: str, side: str | None = None, *, private: bool = False) -> Json:
    """A counter standing on the place `at` of a map widget."""
    return {"place": at, "label": label, "side": side, "private": private}


def map_of(
    label: str,
    picture: str,
    aspect: float,
    places: Iterable[Json],
    counters: Iterable[Json],
) -> Json:
    """A map: the picture (a file name the server answers, "map.svg"), its width / height,
    the places on it and the counters standing on them."""
    return {
        "kind": "map",
        "label": label,
        "picture": picture,
        "aspect": round(aspect, 4),
        "places": list(places),
        "counters": list(counters),
    }


def secret_of(view: Json) -> Json | None:
    """The seat's own secrets in a seat view, or None (the spectator, or nothing secret yet)."""
    secret = view.get("secret")
    return secret if isinstance(secret, dict) else None


def joined(items: Iterable[object], empty: str = "none") -> str:
    text = ", ".join(str(item) for item in items)
    return text or empty
