"""Consecutive components sharing sheets: pieces never overlap and stay printable, crop marks
miss every piece, backs lie behind their fronts, and the real kits print on far fewer pages."""

from __future__ import annotations

import math

from hypothesis import given, settings
from hypothesis import strategies as st

from pnp import layout, ops, packing
from pnp.components.kit_pages import impose_kit
from pnp.components.sheets import MARK_COLOUR
from pnp.definitions import load_game
from pnp.geometry import contains, outset, overlaps
from pnp.layout import MARK_EDGE, MARK_GAP, MARK_SHORTEST, Settings
from pnp.model import Box, Component, Face, Rect
from pnp.units import mm

papers = st.sampled_from(["a4", "letter"])
flips = st.sampled_from(["long", "short"])
lengths = st.floats(min_value=mm(8), max_value=mm(150))
offsets = st.tuples(st.floats(-mm(3), mm(3)), st.floats(-mm(3), mm(3)))
# a kit: components of random sizes and counts, some of them the same size as the one before
kinds = st.lists(
    st.tuples(lengths, lengths, st.integers(1, 14), st.booleans(), st.booleans()),
    min_size=1,
    max_size=6,
)


def _sizes(specs) -> list[tuple[float, float]]:
    sizes: list[tuple[float, float]] = []
    for w, h, count, same, _ in specs:
        if same and sizes:
            w, h = sizes[-1]
        sizes += [(w, h)] * count
    return sizes


def _segment_enters(seg: tuple[float, float, float, float], box: Box) -> bool:
    x0, y0, x1, y1 = seg
    return (
        min(x0, x1) < box.x + box.w
        and box.x < max(x0, x1)
        and min(y0, y1) < box.y + box.h
        and box.y < max(y0, y1)
    )


def _crossing(a, b) -> bool:
    """True when a vertical and a horizontal segment cross (inside both)."""
    if (a[0] == a[2]) == (b[0] == b[2]):
        return False
    v, h = (a, b) if a[0] == a[2] else (b, a)
    return min(h[0], h[2]) < v[0] < max(h[0], h[2]) and min(v[1], v[3]) < h[1] < max(v[1], v[3])


@settings(max_examples=120, deadline=None)
@given(kinds, papers, st.sampled_from([0.0, mm(3)]), st.sampled_from([None, mm(2)]))
def test_packed_pieces_never_overlap_stay_printable_and_keep_print_order(
    specs, paper, bleed, gutter
):
    s = Settings(paper=paper, bleed=bleed, gutter=gutter)
    sizes = [(w, h) for w, h in _sizes(specs) if packing.fits(w, h, s)]
    if not sizes:
        return
    pages = packing.pack(sizes, s)
    # every piece once, in print order, page after page and block after block
    order = [i for page in pages for block in page.blocks for i in block.pieces]
    assert order == list(range(len(sizes)))
    gap = packing.block_gap(s)
    for page in pages:
        slots = [(i, slot) for b in page.blocks for i, slot in zip(b.pieces, b.slots, strict=True)]
        boxes = [outset(slot.box, bleed) for _, slot in slots]
        for i, slot in slots:  # the piece's own size, upright or turned
            w, h = sizes[i]
            assert {round(slot.box.w, 6), round(slot.box.h, 6)} == {round(w, 6), round(h, 6)}
            placed = slot.transform().map_box(Box(0, 0, w, h))
            assert math.isclose(placed.x, slot.box.x, abs_tol=1e-6)
            assert math.isclose(placed.y, slot.box.y, abs_tol=1e-6)
        for n, a in enumerate(boxes):
            assert contains(s.usable, outset(a, -bleed)) and contains(s.printable, a)
            for b in boxes[n + 1 :]:
                assert not overlaps(a, b)
        # blocks keep the gap between them that their crop marks need
        for n, a in enumerate(page.blocks):
            for b in page.blocks[n + 1 :]:
                assert not overlaps(outset(a.box, gap / 2 - 1e-6), outset(b.box, gap / 2 - 1e-6))
        # crop marks: inside the page, clear of its edge, never entering any piece (bleed and
        # MARK_GAP around its own block's pieces)
        page_w, page_h = s.page
        by_block = packing.block_marks(page, s)
        marks = [seg for block_marks in by_block for seg in block_marks]
        assert marks
        for seg in marks:
            x0, y0, x1, y1 = seg
            assert abs(x1 - x0) + abs(y1 - y0) >= MARK_SHORTEST - 1e-6
            assert MARK_EDGE - 1e-6 <= min(x0, x1) and max(x0, x1) <= page_w - MARK_EDGE + 1e-6
            assert MARK_EDGE - 1e-6 <= min(y0, y1) and max(y0, y1) <= page_h - MARK_EDGE + 1e-6
            for box in boxes:
                assert not _segment_enters(seg, outset(box, MARK_GAP - 1e-3))
        # and the marks of two blocks never cross each other
        for n, block_marks in enumerate(by_block):
            for other in by_block[n + 1 :]:
                for a in block_marks:
                    for b in other:
                        assert not _crossing(a, b), (a, b)


@settings(max_examples=60, deadline=None)
@given(kinds, papers)
def test_a_page_opening_on_a_long_run_holds_a_full_grid_of_it(specs, paper):
    # sharing never costs density: a page that starts with at least a page's worth of pieces
    # of one size holds as many of them as the one-component grid does
    s = Settings(paper=paper)
    sizes = [(w, h) for w, h in _sizes(specs) if packing.fits(w, h, s)]
    if not sizes:
        return
    for page in packing.pack(sizes, s):
        first = page.blocks[0].first
        run = 0
        while first + run < len(sizes) and sizes[first + run] == sizes[first]:
            run += 1
        sheet = layout.impose(*sizes[first], s)
        assert sheet is not None
        if run >= sheet.per_page:
            assert len(page.blocks[0].slots) == sheet.per_page


def test_same_size_components_share_a_page_and_different_sizes_too():
    s = Settings()
    cards = [(mm(63), mm(88))] * 4 + [(mm(63), mm(88))] * 3  # two components, 7 cards
    tokens = [(mm(20), mm(20))] * 10
    pages = packing.pack(cards + tokens, s)
    assert len(pages) == 1
    first = pages[0].blocks[0]
    assert 3 in first.pieces and 4 in first.pieces  # both components' cards in one grid
    assert all(i >= 7 for b in pages[0].blocks if 7 in b.pieces for i in b.pieces)


def _component(name: str, w: float, h: float, count: int, back: bool) -> Component:
    front = (Rect(Box(0, 0, w, h), fill="#cccccc"),)
    backs = (Rect(Box(0, 0, w, h), fill="#333333"),) if back else None
    return Component("t", name, "card", w, h, (Face({}, count),), front, backs, name.upper())


@settings(max_examples=80, deadline=None)
@given(kinds, papers, flips, offsets)
def test_every_back_lies_at_the_mirrored_place_of_its_front(specs, paper, flip, offset):
    s = Settings(paper=paper, flip=flip, back_offset=offset)
    components = tuple(
        _component(f"c{n}", w, h, count, back)
        for n, (w, h, count, _, back) in enumerate(specs)
        if packing.fits(w, h, s)
    )
    if not components:
        return
    kit = impose_kit(components, s)
    page_w, page_h = s.page
    assert len(kit.pages) == 2 * len(kit.sheets)
    for sheet, front, back in zip(kit.sheets, kit.pages[::2], kit.pages[1::2], strict=True):
        owners = [c for c, n in sheet.pieces for _ in range(n)]
        groups = [op for op in front.ops if isinstance(op, ops.Group)]
        behind = [op for op in back.ops if isinstance(op, ops.Group)]
        assert len(groups) == len(owners)
        with_back = [g for g, c in zip(groups, owners, strict=True) if components[c].back]
        assert len(behind) == len(with_back)  # nothing behind a piece that has no back
        for g, b in zip(with_back, behind, strict=True):
            c = components[owners[groups.index(g)]]
            f = g.transform.map_box(Box(0, 0, c.width, c.height))
            got = b.transform.map_box(Box(0, 0, c.width, c.height))
            if flip == "long":
                want = Box(page_w - f.x - f.w + offset[0], f.y + offset[1], f.w, f.h)
            else:
                want = Box(f.x + offset[0], page_h - f.y - f.h + offset[1], f.w, f.h)
            for x, y in zip(vars(got).values(), vars(want).values(), strict=True):
                assert math.isclose(x, y, abs_tol=1e-6)
            # the back art's top-right corner is behind the front's top-left corner: the piece
            # turns over on its own vertical axis, whatever the flip edge
            fx, fy = g.transform.apply(0, 0)
            bx, by = b.transform.apply(c.width, 0)
            mx, my = (page_w - fx, fy) if flip == "long" else (fx, page_h - fy)
            assert math.isclose(bx, mx + offset[0], abs_tol=1e-6)
            assert math.isclose(by, my + offset[1], abs_tol=1e-6)
        notes = [op.text for op in back.ops if isinstance(op, ops.Text)]
        blank = not behind
        assert all(("stays blank" in t) == blank for t in notes)


def test_a_packed_front_page_draws_every_block_mark_and_its_backs_only_where_due():
    s = Settings()
    comps = (_component("a", mm(63), mm(88), 5, True), _component("b", mm(20), mm(20), 9, False))
    laid = impose_kit(comps, s)
    assert len(laid.pages) == 2 and laid.sheets[0].pieces == ((0, 5), (1, 9))
    front, back = laid.pages
    drawn = [op for op in front.ops if isinstance(op, ops.Polyline) and op.stroke == MARK_COLOUR]
    assert len(drawn) == sum(len(m) for m in packing.block_marks(laid.packed[0], s)) > 0
    assert len([op for op in back.ops if isinstance(op, ops.Group)]) == 5
    assert front.trim.h > back.trim.h - 1e-6  # the back's TrimBox covers every place, too


def test_spies_and_lies_prints_on_far_fewer_pages():
    from deaddrop.paths import templates_dir
    from pnp.build import plan_kit

    kit = load_game(templates_dir() / "spies-and-lies")
    for paper in ("a4", "letter"):
        s = Settings(paper=paper)
        area, own, tiles = 0.0, 0, 0
        for c in kit.components:
            if c.split:
                tiles += len(layout.tiles(c.width, c.height, s, c.overlap))
            else:  # the pieces' area, and the sheets of one component per sheet (full grids)
                area += c.width * c.height * c.copies
                own += math.ceil(c.copies / layout.impose(c.width, c.height, s).per_page)
        least = math.ceil(area / (s.usable.w * s.usable.h))  # sheets the pieces' area needs
        pages = len(plan_kit(kit, s).document.pages)
        # the guide, the board's tiles, and at most one sheet more than the area needs
        assert pages <= 2 + 2 * tiles + 2 * (least + 1), (paper, pages, least)
        assert pages - 2 - 2 * tiles <= own  # at most half the pages of one component per sheet
