"""Hand-made components and kits for the drawing tests (no YAML needed)."""

from __future__ import annotations

from pathlib import Path

import pytest

from pnp.model import Box, Circle, Component, Face, GameKit, Grid, Line, Rect, Style, Text, Track
from pnp.units import mm

W, H = mm(63), mm(88)

# The paper, derived by hand (mm; x, y, w, h), for the layout tests to check the code against:
# A4 is 210 x 297 mm, Letter 8.5 x 11 in = 215.9 x 279.4 mm.
# - printable: the page less the 6 mm margin on every side;
# - usable (where trim boxes go): the page less 9.5 mm on every side (5 mm kept clear at the
#   edge, where home printers still print + 3 mm for the shortest crop mark + 1.5 mm between a
#   mark and the piece, which is more than the margin) but 12.6 mm at the bottom (the footer's
#   line, 7.8 mm from the edge to the top of its capitals, + 0.3 mm + 3 mm of crop mark + 1.5
#   mm: the footer is centred under the marks), less the bleed;
# - tight (for a piece too big for the usable area): the printable area less the bleed.
POINTS_PER_MM = 72 / 25.4
PAGE_MM = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
PRINTABLE_MM = {"a4": (6.0, 6.0, 198.0, 285.0), "letter": (6.0, 6.0, 203.9, 267.4)}
USABLE_MM = {  # (paper, bleed in mm)
    ("a4", 0): (9.5, 9.5, 191.0, 274.9),
    ("a4", 3): (12.5, 12.5, 185.0, 268.9),
    ("letter", 0): (9.5, 9.5, 196.9, 257.3),
    ("letter", 3): (12.5, 12.5, 190.9, 251.3),
}
TIGHT_MM = {
    ("a4", 0): (6.0, 6.0, 198.0, 285.0),
    ("a4", 3): (9.0, 9.0, 192.0, 279.0),
    ("letter", 0): (6.0, 6.0, 203.9, 267.4),
    ("letter", 3): (9.0, 9.0, 197.9, 261.4),
}


def _box_mm(x: float, y: float, w: float, h: float) -> Box:
    return Box(x * POINTS_PER_MM, y * POINTS_PER_MM, w * POINTS_PER_MM, h * POINTS_PER_MM)


@pytest.fixture(scope="session")
def by_hand():
    """The paper geometry above, in points: by_hand.page("a4") is (width, height),
    by_hand.printable("a4"), by_hand.usable("a4", bleed_mm), by_hand.tight(...) are boxes."""
    from types import SimpleNamespace

    return SimpleNamespace(
        page=lambda paper: tuple(v * POINTS_PER_MM for v in PAGE_MM[paper]),
        printable=lambda paper: _box_mm(*PRINTABLE_MM[paper]),
        usable=lambda paper, bleed=0: _box_mm(*USABLE_MM[(paper, bleed)]),
        tight=lambda paper, bleed=0: _box_mm(*TIGHT_MM[(paper, bleed)]),
        box_mm=_box_mm,
    )


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


@pytest.fixture
def isolated(tmp_path, monkeypatch):
    """The command line's database and cache in `tmp_path`, which is the current folder."""
    monkeypatch.setenv("DEADDROP_DB", str(tmp_path / "db.sqlite"))
    monkeypatch.setenv("DEADDROP_CACHE", str(tmp_path / "cache"))
    monkeypatch.chdir(tmp_path)


@pytest.fixture
def templates(tmp_path):
    """A templates folder holding a copy of the shipped sample game."""
    import shutil

    from deaddrop.paths import templates_dir

    folder = tmp_path / "templates"
    shutil.copytree(templates_dir() / "sample", folder / "sample")
    return folder
