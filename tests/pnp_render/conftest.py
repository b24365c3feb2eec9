"""Hand-made components and kits for the drawing tests (no YAML needed)."""

from __future__ import annotations

from pathlib import Path

import pytest

from pnp.model import Box, Circle, Component, Face, GameKit, Grid, Line, Rect, Style, Text, Track
from pnp.units import mm

W, H = mm(63), mm(88)
TITLE = Style(size=14, min_size=8, bold=True)
BODY = Style(size=9, min_size=6, align="left", valign="top")
MARK = Style(size=10, min_size=10)  # a centred marker at a known place: F<name> / B<name>


def card(
    names=("Müller", "Français", "Königsberg"), count: int = 1, back: bool = True
) -> Component:
    front = (
        Rect(Box(0, 0, W, H), radius=mm(3), stroke="#000000", fill="#f4efe1"),
        Text("{name}", Box(mm(3), mm(3), W - mm(6), mm(10)), TITLE),
        Text("F{code}", Box(0, mm(40), W, mm(8)), MARK),
        Text("Looks twice at every dead drop.", Box(mm(3), mm(55), W - mm(6), mm(20)), BODY),
        Circle(Box(mm(45), mm(72), mm(12), mm(12)), fill="#aa2222"),
        Line(((mm(3), mm(14)), (mm(60), mm(14))), dash=(2.0, 1.0)),
    )
    backs = (
        Rect(Box(0, 0, W, H), fill="#333333"),
        Text("B{code}", Box(0, mm(40), W, mm(8)), Style(size=10, min_size=10, color="#ffffff")),
    )
    faces = tuple(Face({"name": n, "code": f"{i:02d}"}, count) for i, n in enumerate(names))
    return Component(
        "demo", "agents", "card", W, H, faces, front, backs if back else None, "Agent cards", mm(3)
    )


def counter() -> Component:
    s = mm(15)
    front = (Rect(Box(0, 0, s, s), fill="#2255aa"), Text("SPY", Box(0, 0, s, s), Style(size=7)))
    return Component(
        "demo", "counters", "counter", s, s, (Face({}, 12),), front, None, "Spy counters"
    )


def sheet() -> Component:
    w, h = mm(180), mm(230)
    front = (
        Text("The city", Box(0, 0, w, mm(15)), TITLE),
        Grid(Box(mm(10), mm(20), mm(160), mm(160)), 8, 8, "numbers", "letters"),
        Track(Box(mm(10), mm(200), mm(160), mm(10)), 0, 10),
    )
    return Component("demo", "map", "sheet", w, h, (Face({}, 1),), front, None, "City map")


def board() -> Component:
    w, h = mm(300), mm(400)
    front = (
        Rect(Box(0, 0, w, h), fill="#ddeeff"),
        Grid(Box(mm(10), mm(10), mm(280), mm(380)), 8, 6, "numbers", "letters"),
    )
    back = (Rect(Box(0, 0, w, h), fill="#eeeeee"), Text("BOARD", Box(0, 0, w, h), TITLE))
    return Component(
        "demo", "board", "board", w, h, (Face({}, 1),), front, back, "Big board", split=True
    )


def kit() -> GameKit:
    return GameKit(
        "demo", "Demo kit", (card(), counter(), sheet(), board()), Path("."), "Card stock."
    )


@pytest.fixture
def demo_kit() -> GameKit:
    return kit()


@pytest.fixture
def parts():
    """The factories above: parts.card(...), parts.counter(), parts.sheet(), parts.board()."""
    from types import SimpleNamespace

    return SimpleNamespace(card=card, counter=counter, sheet=sheet, board=board, kit=kit)
