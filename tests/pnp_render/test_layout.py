"""Imposition properties: placements never overlap, stay printable, backs mirror fronts."""

from __future__ import annotations

import math

from hypothesis import given, settings
from hypothesis import strategies as st

from pnp import layout
from pnp.geometry import contains, outset, overlaps, union
from pnp.layout import MARK_GAP, Settings
from pnp.model import Box
from pnp.units import mm

A4 = (595.2756, 841.8898)
LETTER = (612.0, 792.0)

sizes = st.floats(min_value=mm(12), max_value=mm(200))
papers = st.sampled_from(["a4", "letter"])
flips = st.sampled_from(["long", "short"])
bleeds = st.sampled_from([0.0, mm(3)])
offsets = st.tuples(st.floats(-mm(3), mm(3)), st.floats(-mm(3), mm(3)))


def test_paper_sizes_are_a4_and_letter():
    assert abs(layout.PAPERS["a4"][0] - A4[0]) < 0.01 and abs(layout.PAPERS["a4"][1] - A4[1]) < 0.01
    assert layout.PAPERS["letter"] == LETTER


def test_nine_poker_cards_fit_on_a4_and_letter():
    for paper in ("a4", "letter"):
        sheet = layout.impose(mm(63), mm(88), Settings(paper=paper))
        assert sheet is not None and (sheet.cols, sheet.rows) == (3, 3)


def test_a_piece_that_fits_better_turned_is_turned():
    # 100 x 60 mm: upright 1 x 4 = 4 on A4 (198 mm wide); turned 3 x 2 = 6
    sheet = layout.impose(mm(100), mm(60), Settings(paper="a4"))
    assert sheet is not None and sheet.per_page == 6 and sheet.slots[0].turned


@settings(max_examples=80, deadline=None)
@given(sizes, sizes, papers, bleeds)
def test_slots_never_overlap_and_stay_printable(w, h, paper, bleed):
    s = Settings(paper=paper, bleed=bleed)
    sheet = layout.impose(w, h, s)
    if sheet is None:
        # nothing fits: the piece is bigger than the printable area (less bleed) either way
        u = s.tight
        assert (w > u.w + 1e-6 or h > u.h + 1e-6) and (h > u.w + 1e-6 or w > u.h + 1e-6)
        return
    bleeds_ = [outset(slot.box, bleed) for slot in sheet.slots]
    for i, a in enumerate(bleeds_):
        assert contains(s.printable, a)
        for b in bleeds_[i + 1 :]:
            assert not overlaps(a, b)
    # as many as fit: one more column or row would leave the usable area, and the other
    # orientation does not hold more
    u, g = s.usable, s.space
    pw, ph = sheet.slots[0].box.w, sheet.slots[0].box.h
    assert (sheet.cols + 1) * pw + sheet.cols * g > u.w + 1e-6
    assert (sheet.rows + 1) * ph + sheet.rows * g > u.h + 1e-6
    other = int((u.w + g + 1e-6) // (ph + g)) * int((u.h + g + 1e-6) // (pw + g))
    assert other <= sheet.per_page
    for slot in sheet.slots:
        placed = slot.transform().map_box(Box(0, 0, w, h))
        assert math.isclose(placed.x, slot.box.x, abs_tol=1e-6)
        assert math.isclose(placed.w, slot.box.w, abs_tol=1e-6)
        assert math.isclose(placed.h, slot.box.h, abs_tol=1e-6)


@settings(max_examples=150, deadline=None)
@given(sizes, sizes, papers, flips, offsets)
def test_backs_land_on_the_mirror_of_their_fronts(w, h, paper, flip, offset):
    s = Settings(paper=paper, flip=flip, back_offset=offset)
    sheet = layout.impose(w, h, s)
    if sheet is None:
        return
    page_w, page_h = s.page
    for slot in sheet.slots:
        f = slot.box
        if flip == "long":
            expected = Box(page_w - f.x - f.w + offset[0], f.y + offset[1], f.w, f.h)
        else:
            expected = Box(f.x + offset[0], page_h - f.y - f.h + offset[1], f.w, f.h)
        t = layout.back_transform(slot.transform(), w, s)
        got = t.map_box(Box(0, 0, w, h))
        for a, b in zip(vars(got).values(), vars(expected).values(), strict=True):
            assert math.isclose(a, b, abs_tol=1e-6)
        # each corner of the back art sits behind the corner of the front it belongs to: the
        # piece turns over on its own vertical axis whatever the flip edge and turn, so the
        # front's top-left corner is always behind the back's top-right
        front_tl = slot.transform().apply(0, 0)
        behind = (w, 0)
        bx, by = t.apply(*behind)
        fx, fy = (
            (page_w - front_tl[0], front_tl[1])
            if flip == "long"
            else (
                front_tl[0],
                page_h - front_tl[1],
            )
        )
        assert math.isclose(bx, fx + offset[0], abs_tol=1e-6)
        assert math.isclose(by, fy + offset[1], abs_tol=1e-6)


@settings(max_examples=100, deadline=None)
@given(sizes, sizes, papers, bleeds)
def test_crop_marks_lie_outside_every_trim_box_and_inside_the_page(w, h, paper, bleed):
    s = Settings(paper=paper, bleed=bleed)
    sheet = layout.impose(w, h, s)
    if sheet is None:
        return
    trims = [slot.box for slot in sheet.slots]
    marks = layout.crop_marks(trims, s)
    page_w, page_h = s.page
    for x0, y0, x1, y1 in marks:
        seg = Box(min(x0, x1), min(y0, y1), abs(x1 - x0), abs(y1 - y0))
        # inside the page, never reaching its edge
        assert min(x0, x1) >= mm(3) - 1e-6 and max(x0, x1) <= page_w - mm(3) + 1e-6
        assert min(y0, y1) >= mm(3) - 1e-6 and max(y0, y1) <= page_h - mm(3) + 1e-6
        # full length when the grid leaves room for it; shorter only for a piece that needs
        # the whole printable area
        roomy = contains(s.usable, union(trims))
        shortest = layout.MARK_MIN if roomy else layout.MARK_SHORTEST
        assert abs(x1 - x0) + abs(y1 - y0) >= shortest - 1e-6
        for trim in trims:
            grown = outset(trim, bleed + MARK_GAP - 1e-3)
            # a segment is a degenerate box: it must not enter any trim box grown by bleed + gap
            assert not (
                seg.x < grown.x + grown.w
                and grown.x < seg.x + seg.w
                and seg.y < grown.y + grown.h
                and grown.y < seg.y + seg.h
            )
    # every cut line has its marks: each trim edge is continued by a mark
    mark_xs = [x0 for x0, y0, x1, y1 in marks if x0 == x1]
    if not roomy:
        return
    for t in trims:
        for x in (t.x, t.x + t.w):
            assert any(abs(x - m) < 1e-3 for m in mark_xs)


@settings(max_examples=60, deadline=None)
@given(st.floats(mm(150), mm(700)), st.floats(mm(150), mm(700)), papers)
def test_board_tiles_cover_the_board_overlapping_by_10mm(w, h, paper):
    s = Settings(paper=paper)
    tiles = layout.tiles(w, h, s)
    cols, rows = tiles[0].cols, tiles[0].rows
    assert len(tiles) == cols * rows
    for tile in tiles:
        assert contains(s.usable, tile.slot.box)
        r = tile.region
        assert r.x >= -1e-6 and r.y >= -1e-6
        assert r.x + r.w <= w + 1e-6 and r.y + r.h <= h + 1e-6
    last = tiles[-1].region
    assert math.isclose(last.x + last.w, w, abs_tol=1e-6)
    assert math.isclose(last.y + last.h, h, abs_tol=1e-6)
    if cols > 1:
        a, b = tiles[0].region, tiles[1].region
        assert math.isclose(a.x + a.w - b.x, mm(10), abs_tol=1e-6)
    assert tiles[0].label == f"A1 of {cols}x{rows}"


def test_a_last_page_with_few_pieces_is_centred():
    s = Settings(paper="a4")
    full = layout.impose(mm(15), mm(15), s)
    few = layout.impose(mm(15), mm(15), s, pieces=4)
    assert full is not None and few is not None
    assert (few.cols, few.rows) == (4, 1)
    centre = few.slots[0].box.x + (few.slots[-1].box.x + mm(15) - few.slots[0].box.x) / 2
    assert math.isclose(centre, s.page[0] / 2, abs_tol=1e-6)
