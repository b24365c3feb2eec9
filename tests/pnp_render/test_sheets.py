"""Imposed pages, checked on their ops: crop marks, trim boxes, blank backs, tiles."""

from __future__ import annotations

import pytest

from pnp import ops
from pnp.geometry import outset, union
from pnp.imposition import Settings, component_document
from pnp.imposition.component_plan import plan_component
from pnp.imposition.paper import Paper
from pnp.imposition.sheet_ops import MARK_COLOUR
from pnp.model import Box
from pnp.units import mm


def _pieces(page: ops.Page, w: float, h: float) -> list[Box]:
    """Where each piece's trim box lands: the top-level groups, through their transforms (a
    die-cut piece's group clips its bleed where it abuts a neighbour)."""
    return [op.transform.map_box(Box(0, 0, w, h)) for op in page.ops if isinstance(op, ops.Group)]


def _marks(page: ops.Page) -> list[ops.Polyline]:
    return [
        op
        for op in page.ops
        if isinstance(op, ops.Polyline) and op.stroke == MARK_COLOUR and op.width == 0.3
    ]


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("bleed", [0.0, mm(3)])
@pytest.mark.parametrize("make", ["card", "counter", "sheet"])
def test_crop_marks_on_the_pages_miss_every_piece_and_stay_on_the_page(parts, paper, bleed, make):
    component = getattr(parts, make)()
    pages = component_document(component, Settings(paper=paper, bleed=bleed), duplex=True).pages
    page_mm = {"a4": (210, 297), "letter": (215.9, 279.4)}[paper]
    page_w, page_h = (v * 72 / 25.4 for v in page_mm)
    for front in pages[::2]:
        pieces = _pieces(front, component.width, component.height)
        marks = _marks(front)
        assert pieces and marks
        assert front.trim == union(pieces)  # the page's TrimBox is the pieces' extent
        grown, want = vars(front.bleed).values(), vars(outset(union(pieces), bleed)).values()
        assert all(abs(a - b) < 1e-6 for a, b in zip(grown, want, strict=True))
        for mark in marks:
            (x0, y0), (x1, y1) = mark.points
            assert 0 < min(x0, x1) and max(x0, x1) < page_w
            assert 0 < min(y0, y1) and max(y0, y1) < page_h
            for piece in pieces:
                grown = outset(piece, bleed)
                inside_x = grown.x < max(x0, x1) and min(x0, x1) < grown.x + grown.w
                inside_y = grown.y < max(y0, y1) and min(y0, y1) < grown.y + grown.h
                assert not (inside_x and inside_y)


def test_a_component_without_back_prints_single_sided(parts):
    pages = component_document(parts.counter(), Settings(), duplex=True).pages
    assert len(pages) == 1  # no blank back page
    plan = plan_component(parts.counter(), Paper.of(Settings()), duplex=True)
    assert all(sheet.back is None for sheet in plan.sheets)


def test_fronts_only_when_not_duplex(parts):
    card = parts.card(names=[str(i) for i in range(20)])
    plan = plan_component(card, Paper.of(Settings(bleed=0.0)), duplex=False)
    assert plan.per_page == 9 and len(plan.sheets) == 3
    assert all(sheet.back is None for sheet in plan.sheets)
    assert len(component_document(card, Settings(), duplex=False).pages) == 3


def test_board_tiles_hold_labels_and_glue_bands(parts):
    plan = plan_component(parts.board(), Paper.of(Settings()))
    assert plan.tiles and plan.per_page == 0
    fronts = component_document(parts.board(), Settings()).pages[::2]
    cols, rows = (int(v) for v in plan.tiles.split("x"))
    assert len(fronts) == cols * rows
    labels = [op.text for p in fronts for op in p.ops if isinstance(op, ops.Text)]
    assert labels[0].endswith(f"part 1 of {cols * rows}, top left")
    first = fronts[0].ops[0]
    assert isinstance(first, ops.Group) and first.clip is not None
    # the board page's trim box is the tile's place; the clip is that tile of the board, with
    # the board's 3 mm bleed around it (a light blue board: coloured, so it bleeds)
    placed = first.transform.map_box(first.clip)
    want = outset(fronts[0].trim, mm(3))
    for a, b in zip(vars(placed).values(), vars(want).values(), strict=True):
        assert abs(a - b) < 1e-6
