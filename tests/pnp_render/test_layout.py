"""Imposition geometry: placements never overlap, stay printable, backs mirror fronts, crop marks
and board tiles land where they should. Expected values are derived by hand from the paper sizes
and margins (the tables in conftest.py, and the worked examples below), not from the code."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pnp.geometry import contains, outset, overlaps, union
from pnp.imposition import PAPERS, Settings
from pnp.imposition.grid import piece_grid
from pnp.imposition.marks import crop_marks
from pnp.imposition.paper import Paper
from pnp.imposition.tiles import board_tiles
from pnp.model import Box
from pnp.units import mm

MM = 72 / 25.4  # points per millimetre
A4 = (595.2756, 841.8898)  # 210 x 297 mm
LETTER = (612.0, 792.0)  # 8.5 x 11 in

sizes = st.floats(min_value=mm(12), max_value=mm(200))
papers = st.sampled_from(["a4", "letter"])
flips = st.sampled_from(["long", "short"])
bleeds = st.sampled_from([0, 3])  # mm
offsets = st.tuples(st.floats(-mm(3), mm(3)), st.floats(-mm(3), mm(3)))


def _close(a: Box, b: Box, tol: float = 1e-6) -> bool:
    pairs = zip((a.x, a.y, a.w, a.h), (b.x, b.y, b.w, b.h), strict=True)
    return all(math.isclose(u, v, abs_tol=tol) for u, v in pairs)


def test_paper_sizes_are_a4_and_letter():
    assert abs(PAPERS["a4"][0] - A4[0]) < 0.01 and abs(PAPERS["a4"][1] - A4[1]) < 0.01
    assert PAPERS["letter"] == LETTER


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("bleed", [0, 3])
def test_the_paper_areas_are_the_page_less_the_margins(by_hand, paper, bleed):
    p = Paper.of(Settings(paper=paper, bleed=mm(bleed)))
    assert (p.width, p.height) == pytest.approx(by_hand.page(paper))
    assert _close(p.printable, by_hand.printable(paper))
    assert _close(p.usable, by_hand.usable(paper, bleed))
    assert _close(p.tight, by_hand.tight(paper, bleed))
    # crop marks keep 5 mm from the edge of the page, where home printers still print
    marks = {"a4": (5, 5, 200, 287), "letter": (5, 5, 205.9, 269.4)}[paper]
    assert _close(p.marks_area, by_hand.box_mm(*marks))


@pytest.mark.parametrize(
    ("gutter", "bleed", "space"),
    [(None, 0, 0), (None, 3, 6), (2, 0, 2), (2, 3, 6), (8, 3, 8)],  # mm
)
def test_the_space_between_pieces_is_the_gutter_but_at_least_twice_the_bleed(gutter, bleed, space):
    given_gutter = None if gutter is None else mm(gutter)
    p = Paper.of(Settings(gutter=given_gutter, bleed=mm(bleed)))
    assert p.space == pytest.approx(space * MM)


@pytest.mark.parametrize(
    ("paper", "cols", "rows", "turned", "x0", "y0"),
    # without bleed, 3 x 3 poker cards make a 189 x 264 mm grid, centred on A4:
    # (210 - 189) / 2, (297 - 264) / 2. Letter's usable height (279.4 - 2 x 9.5 = 260.4 mm) is
    # less than 264 mm: 2 x 4 cards turned (176 x 252 mm), at (215.9 - 176) / 2, (279.4 - 252) / 2
    [("a4", 3, 3, False, 10.5, 16.5), ("letter", 2, 4, True, 19.95, 13.7)],
)
def test_poker_cards_without_bleed_on_a4_and_letter_centred(paper, cols, rows, turned, x0, y0):
    grid = piece_grid(mm(63), mm(88), Paper.of(Settings(paper=paper, bleed=0.0)))
    assert grid is not None and (grid.cols, grid.rows) == (cols, rows)
    w, h = (88, 63) if turned else (63, 88)
    expected = [
        Box((x0 + w * c) * MM, (y0 + h * r) * MM, w * MM, h * MM)
        for r in range(rows)
        for c in range(cols)
    ]
    assert all(_close(s.box, e) for s, e in zip(grid.slots, expected, strict=True))
    assert all(s.turned == turned for s in grid.slots)


@pytest.mark.parametrize(("paper", "per_page"), [("a4", 6), ("letter", 6)])
def test_poker_cards_with_3mm_bleed_and_6mm_gutters(paper, per_page):
    # A4, turned: 2 x 88 + 6 = 182 mm across (usable 185), 4 x 63 + 3 x 6 = 270 mm down does
    # not fit the usable 268.9 (the footer's room): 3 rows; Letter: 251.3 mm down holds 3 rows
    # (with its own bleed, not the build's, a card prints tighter and 8 fit: test_paper_use)
    grid = piece_grid(mm(63), mm(88), Paper.of(Settings(paper=paper, bleed=mm(3))))
    assert grid is not None and grid.per_page == per_page and grid.slots[0].turned
    first, second = grid.slots[0].box, grid.slots[1].box
    assert math.isclose(second.x - first.x - first.w, 6 * MM, abs_tol=1e-6)


def test_a_piece_that_fits_better_turned_is_turned():
    # 100 x 60 mm in A4's usable 195 x 282 mm: upright 1 x 4 = 4; turned (60 x 100) 3 x 2 = 6
    grid = piece_grid(mm(100), mm(60), Paper.of(Settings(paper="a4")))
    assert grid is not None and grid.per_page == 6 and grid.slots[0].turned
    assert (grid.cols, grid.rows) == (3, 2)


@pytest.mark.parametrize(
    ("flip", "x", "y"),
    # the top-left card of the A4 grid (10.5, 16.5 mm, 63 x 88): turned over on the long edge it
    # lands at x = 210 - 10.5 - 63; on the short edge at y = 297 - 16.5 - 88; then the offset
    [("long", 136.5 + 1, 16.5 - 0.5), ("short", 10.5 + 1, 192.5 - 0.5)],
)
def test_the_back_of_the_first_card_lands_at_the_mirrored_place(flip, x, y):
    p = Paper.of(Settings(flip=flip, back_offset=(mm(1), mm(-0.5))))
    grid = piece_grid(mm(63), mm(88), p)
    assert grid is not None
    t = p.back_transform(grid.slots[0].transform(), mm(63))
    assert _close(t.map_box(Box(0, 0, mm(63), mm(88))), Box(x * MM, y * MM, 63 * MM, 88 * MM))


@settings(max_examples=80, deadline=None)
@given(sizes, sizes, papers, bleeds)
def test_slots_never_overlap_and_stay_printable(by_hand, w, h, paper, bleed):
    grid = piece_grid(w, h, Paper.of(Settings(paper=paper, bleed=mm(bleed))))
    usable = by_hand.usable(paper, bleed)
    if grid is None:
        # nothing fits: the piece is bigger than the printable area (less bleed) either way
        u = by_hand.tight(paper, bleed)
        assert (w > u.w + 1e-6 or h > u.h + 1e-6) and (h > u.w + 1e-6 or w > u.h + 1e-6)
        return
    bleeds_ = [outset(slot.box, bleed * MM) for slot in grid.slots]
    for i, a in enumerate(bleeds_):
        assert contains(by_hand.printable(paper), a)
        for b in bleeds_[i + 1 :]:
            assert not overlaps(a, b)
    # as many as fit: one more column or row would leave the area used, and the other
    # orientation does not hold more
    u, g = usable, 2 * bleed * MM  # no gutter: the space is twice the bleed
    pw, ph = grid.slots[0].box.w, grid.slots[0].box.h
    assert (grid.cols + 1) * pw + grid.cols * g > u.w + 1e-6
    assert (grid.rows + 1) * ph + grid.rows * g > u.h + 1e-6
    other = int((u.w + g + 1e-6) // (ph + g)) * int((u.h + g + 1e-6) // (pw + g))
    assert other <= grid.per_page
    for slot in grid.slots:
        placed = slot.transform().map_box(Box(0, 0, w, h))
        assert math.isclose(placed.x, slot.box.x, abs_tol=1e-6)
        assert math.isclose(placed.w, slot.box.w, abs_tol=1e-6)
        assert math.isclose(placed.h, slot.box.h, abs_tol=1e-6)


@settings(max_examples=150, deadline=None)
@given(sizes, sizes, papers, flips, offsets)
def test_backs_land_on_the_mirror_of_their_fronts(by_hand, w, h, paper, flip, offset):
    p = Paper.of(Settings(paper=paper, flip=flip, back_offset=offset))
    grid = piece_grid(w, h, p)
    if grid is None:
        return
    page_w, page_h = by_hand.page(paper)
    for slot in grid.slots:
        f = slot.box
        if flip == "long":
            expected = Box(page_w - f.x - f.w + offset[0], f.y + offset[1], f.w, f.h)
        else:
            expected = Box(f.x + offset[0], page_h - f.y - f.h + offset[1], f.w, f.h)
        t = p.back_transform(slot.transform(), w)
        assert _close(t.map_box(Box(0, 0, w, h)), expected)
        # each corner of the back art sits behind the corner of the front it belongs to: the
        # piece turns over on its own vertical axis whatever the flip edge and turn, so the
        # front's top-left corner is always behind the back's top-right
        fx, fy = slot.transform().apply(0, 0)
        mx, my = (page_w - fx, fy) if flip == "long" else (fx, page_h - fy)
        bx, by = t.apply(w, 0)
        assert math.isclose(bx, mx + offset[0], abs_tol=1e-6)
        assert math.isclose(by, my + offset[1], abs_tol=1e-6)


def _segments_mm(marks) -> list[tuple[float, ...]]:
    return sorted(tuple(round(v / MM, 3) for v in mark) for mark in marks)


@pytest.mark.parametrize(
    ("paper", "xs", "ys", "top", "bottom", "left", "right"),
    [
        # A4: the grid spans 10.5..199.5 x 16.5..280.5 mm; marks start 1.5 mm outside it and
        # run 6 mm, but only 4 mm on the left and right, where they stop 5 mm from the edge
        ("a4", (10.5, 73.5, 136.5, 199.5), (16.5, 104.5, 192.5, 280.5),
         (9, 15), (282, 288), (5, 9), (201, 205)),
        # Letter: 8 cards turned, the grid spans 19.95..195.95 x 13.7..265.7 mm: 6 mm marks,
        # but 4.1 mm at the bottom, where they leave the footer its line (7.8 mm from the edge,
        # 0.3 mm clear of the marks)
        ("letter", (19.95, 107.95, 195.95), (13.7, 76.7, 139.7, 202.7, 265.7),
         (6.2, 12.2), (267.2, 271.3), (12.45, 18.45), (197.45, 203.45)),
    ],
)  # fmt: skip
def test_crop_marks_of_poker_cards(paper, xs, ys, top, bottom, left, right):
    p = Paper.of(Settings(paper=paper, bleed=0.0))
    grid = piece_grid(mm(63), mm(88), p)
    assert grid is not None
    marks = crop_marks([s.box for s in grid.slots], p)
    expected = [(x, top[0], x, top[1]) for x in xs] + [(x, bottom[0], x, bottom[1]) for x in xs]
    expected += [(left[0], y, left[1], y) for y in ys] + [(right[0], y, right[1], y) for y in ys]
    assert _segments_mm(marks) == sorted(tuple(round(v, 3) for v in e) for e in expected)


@settings(max_examples=100, deadline=None)
@given(sizes, sizes, papers, bleeds)
def test_crop_marks_lie_outside_every_trim_box_and_inside_the_page(by_hand, w, h, paper, bleed):
    p = Paper.of(Settings(paper=paper, bleed=mm(bleed)))
    grid = piece_grid(w, h, p)
    if grid is None:
        return
    trims = [slot.box for slot in grid.slots]
    marks = crop_marks(trims, p)
    page_w, page_h = by_hand.page(paper)
    # full length (3 mm at least) when the grid leaves room for it; shorter (1 mm at least)
    # only for a piece that needs the whole printable area
    roomy = contains(by_hand.usable(paper, bleed), union(trims))
    shortest = 3 * MM if roomy else 1 * MM
    for x0, y0, x1, y1 in marks:
        seg = Box(min(x0, x1), min(y0, y1), abs(x1 - x0), abs(y1 - y0))
        # inside the page, never nearer than 5 mm to its edge
        assert min(x0, x1) >= 5 * MM - 1e-6 and max(x0, x1) <= page_w - 5 * MM + 1e-6
        assert min(y0, y1) >= 5 * MM - 1e-6 and max(y0, y1) <= page_h - 5 * MM + 1e-6
        assert abs(x1 - x0) + abs(y1 - y0) >= shortest - 1e-6
        for trim in trims:
            # never into a trim box grown by the bleed and the 1.5 mm gap
            grown = outset(trim, (bleed + 1.5) * MM - 1e-3)
            assert not (
                seg.x < grown.x + grown.w
                and grown.x < seg.x + seg.w
                and seg.y < grown.y + grown.h
                and grown.y < seg.y + seg.h
            )
    if not roomy:
        return
    # every cut line has its marks: each trim edge is continued by a mark
    mark_xs = [x0 for x0, y0, x1, y1 in marks if x0 == x1]
    for t in trims:
        for x in (t.x, t.x + t.w):
            assert any(abs(x - m) < 1e-3 for m in mark_xs)


def test_a_300_by_400_mm_board_is_four_tiles_on_a4():
    # A4's usable area is 191 x 278 mm. Upright: 300 mm across in tiles overlapping 10 mm
    # needs 2 columns of (300 + 10) / 2 = 155 mm; 400 mm down 2 rows of (400 + 10) / 2 = 205 mm:
    # 4 tiles (turned it would take 2 x 3). Each tile is centred: (210 - 155) / 2, (297 - 205) / 2
    tiles = board_tiles(mm(300), mm(400), Paper.of(Settings(paper="a4")))
    assert [t.label for t in tiles] == [
        "part 1 of 4, top left",
        "part 2 of 4, top right",
        "part 3 of 4, bottom left",
        "part 4 of 4, bottom right",
    ]
    regions = [(0, 0), (145, 0), (0, 195), (145, 195)]  # each tile starts 10 mm into the last
    for tile, (x, y) in zip(tiles, regions, strict=True):
        assert _close(tile.region, Box(x * MM, y * MM, 155 * MM, 205 * MM))
        assert _close(tile.slot.box, Box(27.5 * MM, 46 * MM, 155 * MM, 205 * MM))
        assert not tile.slot.turned


@settings(max_examples=60, deadline=None)
@given(st.floats(mm(150), mm(700)), st.floats(mm(150), mm(700)), papers)
def test_board_tiles_cover_the_board_overlapping_by_10mm(by_hand, w, h, paper):
    tiles = board_tiles(w, h, Paper.of(Settings(paper=paper)))
    cols, rows = tiles[0].cols, tiles[0].rows
    assert len(tiles) == cols * rows
    for tile in tiles:  # in the usable area, or the printable one when that takes fewer pages
        assert contains(by_hand.tight(paper), tile.slot.box)
        r = tile.region
        assert r.x >= -1e-6 and r.y >= -1e-6
        assert r.x + r.w <= w + 1e-6 and r.y + r.h <= h + 1e-6
    last = tiles[-1].region
    assert math.isclose(last.x + last.w, w, abs_tol=1e-6)
    assert math.isclose(last.y + last.h, h, abs_tol=1e-6)
    if cols > 1:
        a, b = tiles[0].region, tiles[1].region
        assert math.isclose(a.x + a.w - b.x, 10 * MM, abs_tol=1e-6)
    assert tiles[0].label.startswith(f"part 1 of {cols * rows}")


def test_a_last_page_with_few_pieces_is_centred():
    p = Paper.of(Settings(paper="a4"))
    full = piece_grid(mm(15), mm(15), p)
    few = piece_grid(mm(15), mm(15), p, pieces=4)
    assert full is not None and few is not None
    assert (few.cols, few.rows) == (4, 1)
    # four 15 mm pieces side by side, 60 mm, centred across A4's 210 mm: from 75 mm to 135 mm
    assert math.isclose(few.slots[0].box.x, 75 * MM, abs_tol=1e-6)
    assert math.isclose(few.slots[-1].box.x + few.slots[-1].box.w, 135 * MM, abs_tol=1e-6)
