"""Every sheet of every kit in templates/, on A4 and on Letter, read off the plan its pages are
drawn from (pnp.imposition.kit_sheets):

- every page of pieces has its footer line, centred on the sheet, clear of every crop mark and
  of every piece's bleed;
- every side of every piece has a crop mark on its cut line, before and after the piece (at both
  ends of the cut), outside every piece's bleed;
- a piece too big for the usable area is still centred across the sheet.
"""

from __future__ import annotations

from functools import cache

import pytest

from deaddrop.paths import templates_dir
from pnp.definitions import game_names, load_game
from pnp.draw.textfit import font_extent, text_width
from pnp.geometry import outset
from pnp.imposition import Settings
from pnp.imposition.documents import kit_sheets
from pnp.imposition.paper import FOOTER_GAP, Paper
from pnp.imposition.plan import NOTE_SIZE, Note, PagePlan, SheetPlan
from pnp.model import Box

PAPERS = ("a4", "letter")
TOL = 0.01  # points


@cache
def _sheets(game: str, paper: str) -> tuple[tuple[int, SheetPlan], ...]:
    return kit_sheets(load_game(templates_dir() / game), Settings(paper=paper))


def _cases() -> list[tuple[str, str]]:
    return [(game, paper) for game in game_names(templates_dir()) for paper in PAPERS]


def _pieces(page: PagePlan) -> list[tuple[Box, Box]]:
    """Each piece's trim box and bleed box on the page."""
    out = []
    for place in page.places:
        if place.tile is not None:
            trim = place.tile.slot.box
        else:
            c = place.component
            trim = place.transform.map_box(Box(0, 0, c.width, c.height))
        out.append((trim, outset(trim, place.bleed)))
    return out


def _apart(a: Box, b: Box, gap: float = 0.0) -> bool:
    return (
        a.x + a.w + gap <= b.x + TOL
        or b.x + b.w + gap <= a.x + TOL
        or a.y + a.h + gap <= b.y + TOL
        or b.y + b.h + gap <= a.y + TOL
    )


def _segment_box(m: tuple[float, float, float, float]) -> Box:
    x0, y0, x1, y1 = m
    return Box(min(x0, x1), min(y0, y1), abs(x1 - x0), abs(y1 - y0))


def _line(note: Note) -> Box:
    """The box a note's line of text covers: its advance, from its ascent to its descent."""
    ascent, descent = font_extent("Vera")
    w = text_width(note.text, "Vera", NOTE_SIZE)
    x0 = {"start": note.x, "middle": note.x - w / 2, "end": note.x - w}[note.anchor]
    return Box(x0, note.y - ascent * NOTE_SIZE / 1000, w, (ascent - descent) * NOTE_SIZE / 1000)


def _clear(note: Note, page: PagePlan, where: str) -> list[str]:
    """A note's line of text clear of every crop mark (by FOOTER_GAP) and every piece's bleed."""
    line, faults = _line(note), []
    if any(not _apart(line, _segment_box(m), FOOTER_GAP) for m in page.marks):
        faults.append(f"{where}: {note.text!r} within {FOOTER_GAP:.2f} pt of a crop mark")
    if any(not _apart(line, bleed) for _, bleed in _pieces(page)):
        faults.append(f"{where}: {note.text!r} over a piece")
    return faults


def _footer_faults(page: PagePlan, paper: Paper, where: str) -> list[str]:
    if any(place.tile is not None for place in page.places):
        # a board's part: its label above it says what it is, clear of its marks
        labels = [n for n in page.notes if n.text]
        if len(labels) != 1:
            return [f"{where}: {len(labels)} labels on a board's part"]
        return _clear(labels[0], page, where)
    footers = [n for n in page.notes if n.y > paper.height / 2]
    if len(footers) != 1:
        return [f"{where}: {len(footers)} footer lines"]
    (note,) = footers
    faults = _clear(note, page, where)
    if note.anchor != "middle" or abs(note.x - paper.width / 2) > TOL:
        faults.append(f"{where}: footer {note.text!r} not centred on the sheet")
    if abs(note.y - (paper.height - paper.footer_baseline)) > TOL:
        faults.append(f"{where}: footer {note.text!r} off its baseline")
    return faults


def _mark_faults(page: PagePlan, where: str) -> list[str]:
    pieces = _pieces(page)
    vertical = [m for m in page.marks if abs(m[0] - m[2]) < TOL]
    horizontal = [m for m in page.marks if abs(m[1] - m[3]) < TOL]
    faults = []
    for m in page.marks:
        if any(not _apart(_segment_box(m), bleed) for _, bleed in pieces):
            faults.append(f"{where}: a crop mark at {m} over a piece's bleed")
    for n, (trim, _) in enumerate(pieces):
        x0, x1, y0, y1 = trim.x, trim.x + trim.w, trim.y, trim.y + trim.h
        sides = {
            "left": [m for m in vertical if abs(m[0] - x0) < TOL],
            "right": [m for m in vertical if abs(m[0] - x1) < TOL],
            "top": [m for m in horizontal if abs(m[1] - y0) < TOL],
            "bottom": [m for m in horizontal if abs(m[1] - y1) < TOL],
        }
        for side, marks in sides.items():
            if side in ("left", "right"):
                before = any(max(m[1], m[3]) <= y0 + TOL for m in marks)
                after = any(min(m[1], m[3]) >= y1 - TOL for m in marks)
            else:
                before = any(max(m[0], m[2]) <= x0 + TOL for m in marks)
                after = any(min(m[0], m[2]) >= x1 - TOL for m in marks)
            if not (before and after):
                faults.append(f"{where}: piece {n + 1}'s {side} cut has no mark at each end")
    return faults


@pytest.mark.parametrize(("game", "paper"), _cases())
def test_every_sheet_has_a_centred_footer_clear_of_marks_and_pieces(game, paper):
    p = Paper.of(Settings(paper=paper))
    faults = []
    for number, sheet in _sheets(game, paper):
        faults += _footer_faults(sheet.front, p, f"page {number}")
        if sheet.back is not None:
            faults += _footer_faults(sheet.back, p, f"page {number + 1}")
    assert not faults, "\n".join(faults)


@pytest.mark.parametrize(("game", "paper"), _cases())
def test_every_piece_has_crop_marks_on_all_sides(game, paper):
    faults = []
    for number, sheet in _sheets(game, paper):
        faults += _mark_faults(sheet.front, f"page {number}")
    assert not faults, "\n".join(faults)


@pytest.mark.parametrize(("game", "paper"), _cases())
def test_a_sheet_of_one_piece_is_centred_across_the_page(game, paper):
    p = Paper.of(Settings(paper=paper))
    for number, sheet in _sheets(game, paper):
        pieces = _pieces(sheet.front)
        if len(pieces) != 1 or sheet.front.places[0].tile is not None:
            continue
        ((trim, _),) = pieces
        left, right = trim.x, p.width - trim.x - trim.w
        assert abs(left - right) < TOL, (number, left, right)
