"""Consecutive components sharing sheets: pieces never overlap and stay printable, crop marks
miss every piece, backs lie behind their fronts, and the real kits print on far fewer pages."""

from __future__ import annotations

import math

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from pnp import ops
from pnp.definitions import load_game
from pnp.geometry import contains, outset, overlaps
from pnp.imposition import Settings, kit_document
from pnp.imposition.grid import fits_usable, piece_grid
from pnp.imposition.kit_plan import plan_kit
from pnp.imposition.packing import block_gap, block_marks, pack
from pnp.imposition.paper import Paper
from pnp.imposition.sheet_ops import MARK_COLOUR, sheet_pages
from pnp.imposition.tiles import board_tiles
from pnp.model import Box, Component, Face, Rect
from pnp.units import mm

MM = 72 / 25.4  # points per millimetre

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


def _apart(a, b) -> float:
    """The distance between two axis-aligned segments (x0, y0, x1, y1)."""
    dx = max(0.0, min(b[0], b[2]) - max(a[0], a[2]), min(a[0], a[2]) - max(b[0], b[2]))
    dy = max(0.0, min(b[1], b[3]) - max(a[1], a[3]), min(a[1], a[3]) - max(b[1], b[3]))
    return math.hypot(dx, dy)


def _crossing(a, b) -> bool:
    """True when a vertical and a horizontal segment cross (inside both)."""
    if (a[0] == a[2]) == (b[0] == b[2]):
        return False
    v, h = (a, b) if a[0] == a[2] else (b, a)
    return min(h[0], h[2]) < v[0] < max(h[0], h[2]) and min(v[1], v[3]) < h[1] < max(v[1], v[3])


@settings(max_examples=120, deadline=None)
@given(kinds, papers, st.sampled_from([0, 3]), st.sampled_from([None, 2]))
def test_packed_pieces_never_overlap_stay_printable_and_keep_print_order(
    by_hand, specs, paper, bleed_mm, gutter_mm
):
    gutter = None if gutter_mm is None else mm(gutter_mm)
    s = Paper.of(Settings(paper=paper, bleed=mm(bleed_mm), gutter=gutter))
    bleed = bleed_mm * MM
    sizes = [(w, h) for w, h in _sizes(specs) if fits_usable(w, h, s)]
    if not sizes:
        return
    pages = pack(sizes, s)
    # every piece once, in print order, page after page and block after block
    order = [i for page in pages for block in page.blocks for i in block.pieces]
    assert order == list(range(len(sizes)))
    # two groups keep room for both crop marks (1.5 mm gap and 3 mm mark each, beyond the
    # bleed) and a 2 mm clear strip between: 2 x (1.5 + 3) + 2 = 11 mm between bleed boxes
    gap = (11 + 2 * bleed_mm) * MM
    assert math.isclose(block_gap(s), 11 * MM, abs_tol=1e-6)
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
            assert contains(by_hand.usable(paper, bleed_mm), outset(a, -bleed))
            assert contains(by_hand.printable(paper), a)
            for b in boxes[n + 1 :]:
                assert not overlaps(a, b)
        # blocks keep the gap between them that their crop marks need
        for n, a in enumerate(page.blocks):
            for b in page.blocks[n + 1 :]:
                assert not overlaps(outset(a.box, gap / 2 - 1e-6), outset(b.box, gap / 2 - 1e-6))
        # crop marks: inside the page, clear of its edge, never entering any piece (bleed and
        # MARK_GAP around its own block's pieces)
        page_w, page_h = by_hand.page(paper)
        by_block = block_marks(page, s)
        marks = [seg for segments in by_block for seg in segments]
        assert marks
        edge = 5 * MM  # marks stop 5 mm from the edge of the page
        for seg in marks:
            x0, y0, x1, y1 = seg
            assert abs(x1 - x0) + abs(y1 - y0) >= 1 * MM - 1e-6  # 1 mm at the shortest
            assert edge - 1e-6 <= min(x0, x1) and max(x0, x1) <= page_w - edge + 1e-6
            assert edge - 1e-6 <= min(y0, y1) and max(y0, y1) <= page_h - edge + 1e-6
            for box in boxes:  # 1.5 mm clear of every piece's bleed
                assert not _segment_enters(seg, outset(box, 1.5 * MM - 1e-3))
        # and the marks of two blocks never cross nor come near each other: a clear strip of
        # 2 mm at least runs between two groups' marks, never a mark of one between the other's
        for n, segments in enumerate(by_block):
            for other in by_block[n + 1 :]:
                for a in segments:
                    for b in other:
                        assert not _crossing(a, b), (a, b)
                        assert _apart(a, b) >= 2 * MM - 1e-6, (a, b)


@settings(max_examples=60, deadline=None)
@given(kinds, papers)
def test_a_page_opening_on_a_long_run_holds_a_full_grid_of_it(specs, paper):
    # sharing never costs density: a page that starts with at least a page's worth of pieces
    # of one size holds as many of them as the one-component grid does
    s = Paper.of(Settings(paper=paper))
    sizes = [(w, h) for w, h in _sizes(specs) if fits_usable(w, h, s)]
    if not sizes:
        return
    for page in pack(sizes, s):
        first = page.blocks[0].first
        run = 0
        while first + run < len(sizes) and sizes[first + run] == sizes[first]:
            run += 1
        grid = piece_grid(*sizes[first], s)
        assert grid is not None
        if run >= grid.per_page:
            assert len(page.blocks[0].slots) == grid.per_page


def test_same_size_components_share_a_page_and_different_sizes_too():
    s = Paper.of(Settings())
    cards = [(mm(63), mm(88))] * 4 + [(mm(63), mm(88))] * 3  # two components, 7 cards
    tokens = [(mm(20), mm(20))] * 10
    pages = pack(cards + tokens, s)
    assert len(pages) == 1
    first = pages[0].blocks[0]
    assert 3 in first.pieces and 4 in first.pieces  # both components' cards in one grid
    assert all(i >= 7 for b in pages[0].blocks if 7 in b.pieces for i in b.pieces)


def _component(name: str, w: float, h: float, count: int, back: bool, mark: int = 0) -> Component:
    """A plain piece; `mark` tints its front, so a test can tell whose piece a drawn group is."""
    front = (Rect(Box(0, 0, w, h), fill=f"#{mark:02x}cccc"),)
    backs = (Rect(Box(0, 0, w, h), fill="#333333"),) if back else None
    return Component("t", name, "card", w, h, (Face({}, count),), front, backs, name.upper())


def _tint(group: ops.Group) -> str | None:
    """The fill of the first rectangle drawn in `group` (its art may be a group of its own)."""
    for op in group.ops:
        if isinstance(op, ops.Rect):
            return op.fill
        if isinstance(op, ops.Group) and (found := _tint(op)) is not None:
            return found
    return None


@settings(max_examples=80, deadline=None)
@given(kinds, papers, flips, offsets)
# a 23 pt piece with no back packed beside the first block, before the rest of a component's
# pieces: once read as that component's piece, and its back looked for in the wrong place
@example(
    [(23, 23, 1, False, False), (23, 304, 3, False, True), (25, 291, 10, False, True)]
    + [(32, 23, 1, False, True), (23, 261, 10, False, True), (25, 284, 14, False, True)],
    "a4",
    "long",
    (0.0, 0.0),
)
def test_every_back_lies_at_the_mirrored_place_of_its_front(by_hand, specs, paper, flip, offset):
    s = Paper.of(Settings(paper=paper, flip=flip, back_offset=offset))
    components = tuple(
        _component(f"c{n}", w, h, count, back, mark=n)
        for n, (w, h, count, _, back) in enumerate(specs)
        if fits_usable(w, h, s)
    )
    if not components:
        return
    plan = plan_kit(components, s)
    page_w, page_h = by_hand.page(paper)
    for sheet in plan.sheets:
        owners = [c for c, n in sheet.holds for _ in range(n)]
        if not any(components[c].back for c in owners):  # no back: single-sided
            assert sheet.back is None and len(sheet_pages(sheet)) == 1
            continue
        front, back = sheet_pages(sheet)
        groups = [op for op in front.ops if isinstance(op, ops.Group)]
        behind = [op for op in back.ops if isinstance(op, ops.Group)]
        assert len(groups) == len(owners)
        # whose piece each group is, told by its tint (a sheet may interleave components: a
        # small piece packed beside a block of large ones comes before the rest of them)
        by_tint = {c.front[0].fill: n for n, c in enumerate(components)}
        owners = [by_tint[_tint(g)] for g in groups]
        assert sorted(owners) == sorted(c for c, n in sheet.holds for _ in range(n))
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
    s = Paper.of(Settings())
    comps = (_component("a", mm(63), mm(88), 5, True), _component("b", mm(20), mm(20), 9, False))
    plan = plan_kit(comps, s)
    assert len(plan.sheets) == 1 and plan.sheets[0].holds == ((0, 5), (1, 9))
    assert plan.groups  # the cards and the counters are two groups to cut apart
    front, back = sheet_pages(plan.sheets[0])
    drawn = [op for op in front.ops if isinstance(op, ops.Polyline) and op.stroke == MARK_COLOUR]
    cuts = [s.cut_for(c) for c in comps for _ in range(c.copies)]
    (page,) = pack([(c.width, c.height) for c in comps for _ in range(c.copies)], s, cuts)
    assert len(drawn) == sum(len(m) for m in block_marks(page, s)) > 0
    assert len([op for op in back.ops if isinstance(op, ops.Group)]) == 5
    assert front.trim.h > back.trim.h - 1e-6  # the back's TrimBox covers every place, too


def test_spies_and_lies_prints_on_few_pages():
    from deaddrop.paths import templates_dir

    kit = load_game(templates_dir() / "spies-and-lies")
    for paper in ("a4", "letter"):
        s = Paper.of(Settings(paper=paper))
        area, own, board = 0.0, 0, 0
        for c in kit.components:
            cut = s.cut_for(c)
            if c.split:
                tiles = len(board_tiles(c.width, c.height, cut, c.overlap))
                board += tiles * (2 if c.back else 1)
            else:  # the pieces' area with their gutters, and one component per sheet
                g = cut.space
                area += (c.width + g) * (c.height + g) * c.copies
                grid = piece_grid(c.width, c.height, cut)
                assert grid is not None
                own += math.ceil(c.copies / grid.per_page) * (2 if c.back else 1)
        usable = {"a4": 191 * 278, "letter": 196.9 * 260.4}[paper] * MM * MM  # mm², by hand
        least = math.ceil(area / usable)  # sheets the pieces' area needs
        pages = len(kit_document(kit, Settings(paper=paper)).pages)
        # the guide and the edition page (two sheets), the board's parts, and at most two
        # sheets more than the area needs, and one more for each language of the reference
        # cards but the first (each on sheets of its own: sheets_by)
        apart = sum(len({c.group(i) for i in range(len(c.faces))}) - 1 for c in kit.components)
        assert apart == 3
        assert pages <= 4 + board + 2 * (least + 2 + apart), (paper, pages, least)
        assert pages - 4 - board <= own  # sharing sheets never costs pages


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_spy_vs_spy_health_cards_share_their_sheets(paper):
    """The two 186 x 74 mm health cards (single-sided) fill room left on double-sided card
    sheets instead of taking a single-sided sheet of their own (A4 once gave them page 23)."""
    from deaddrop.paths import templates_dir
    from pnp.imposition.documents import kit_sheets

    kit = load_game(templates_dir() / "spy-vs-spy")
    holding = [
        {place.component.name for place in sheet.front.places}
        for _, sheet in kit_sheets(kit, Settings(paper=paper))
        if any(place.component.name == "health_tracks" for place in sheet.front.places)
    ]
    assert holding and all(names - {"health_tracks"} for names in holding), holding
