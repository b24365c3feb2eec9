"""The print guide and the calibration sheet, checked on their ops."""

from __future__ import annotations

import re
from dataclasses import replace
from unittest.mock import patch

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from deaddrop.errors import InputError
from pnp import ops
from pnp.build import build_kits
from pnp.imposition import Settings, calibration_document, kit_document
from pnp.units import mm


def _flat(items):
    for op in items:
        if isinstance(op, ops.Group):
            yield from _flat(op.ops)  # calibration and guide pages use no transforms
        else:
            yield op


@pytest.mark.parametrize("flip", ["long", "short"])
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_calibration_scales_sit_behind_the_front_crosses(flip, paper):
    s = Settings(paper=paper, flip=flip, back_offset=(mm(1), mm(-2)))
    front, back = calibration_document(s).pages
    page_mm = {"a4": (210, 297), "letter": (215.9, 279.4)}[paper]
    w, h = (v * 72 / 25.4 for v in page_mm)
    arms = [
        op
        for op in _flat(front.ops)
        if isinstance(op, ops.Polyline)
        and op.points[0][1] == op.points[1][1]
        and abs(op.points[1][0] - op.points[0][0] - mm(30)) < 1e-6
    ]
    centres = [((a.points[0][0] + a.points[1][0]) / 2, a.points[0][1]) for a in arms]
    assert len(centres) == 5
    zeros = [op for op in _flat(back.ops) if isinstance(op, ops.Text) and op.text == "0"]
    for cx, cy in centres:
        bx, by = (w - cx, cy) if flip == "long" else (cx, h - cy)
        bx, by = bx + mm(1), by - mm(2)
        # the zero of the horizontal scale is straight below the cross, the vertical one beside
        assert any(abs(z.x - bx) < 1e-6 and z.anchor == "middle" for z in zeros)
        assert any(abs(z.y - 2.1 - by) < 1e-6 and z.anchor == "start" for z in zeros)


def _words(document, pages=(1, 2)) -> str:
    """The words of `pages` (0-based; by default the guide's, after the cover)."""
    return " ".join(
        op.text
        for n in pages
        if n < len(document.pages)
        for op in _flat(document.pages[n].ops)
        if isinstance(op, ops.Text)
    )


def test_guide_lists_print_jobs_what_is_on_each_page_and_each_component(parts):
    document = kit_document(parts.kit(), Settings())
    text = _words(document)
    # the cover, the guide, then the duplex test sheet first; the cards and the counters share
    # the first sheet; the board's four parts follow, all double-sided on card stock; the city
    # map (a sheet: paper, no back) is printed on its own
    assert "Page 1 is the cover, this guide is page 2: no need to print it." in text
    assert "1. Pages 3-4 on plain paper, double-sided, flip on long edge (1 sheet)." in text
    assert "The duplex test: print this one sheet first" in text
    assert (
        "2. Pages 5-14 on card stock (160-250 g/m², or paper glued to card), double-sided, "
        "flip on long edge (5 sheets)." in text
    )
    assert "pages 5-6: Agent cards ×3; Spy counters ×12" in text
    assert "pages 7-14: Big board: parts 1-4 of 4" in text
    assert "3. Page 15 on plain paper, single-sided (1 sheet)." in text
    assert "page 15: City map ×1" in text
    assert "Agent cards: 3 cards, 63 x 88 mm, with backs (pages 5-6)." in text
    assert "Spy counters: 12 counters, 15 x 15 mm, no backs (pages 5-6)." in text
    assert "Big board: 1 board of 4 parts to glue, 300 x 400 mm, with backs (pages 7-14)." in text
    assert len(document.pages) == 15
    assert document.outline[:3] == (("Cover", 0), ("Print guide", 1), ("Duplex test sheet", 2))
    assert _words(document, (2,)).startswith("Duplex test: A4")
    # nothing for a developer: no command line, no option, no tile code
    for word in ("deaddrop", "--", "A1", "1x2", "2x2", "this side stays blank"):
        assert word not in text


def test_sizes_are_printed_exactly(parts):
    from dataclasses import replace

    small = replace(parts.counter(), width=mm(12.7), height=mm(12.7))
    token = replace(parts.counter(), name="t", title="Tokens", kind="token", width=mm(22.5))
    token = replace(token, height=mm(22.5))
    kit = replace(parts.kit(), components=(small, token))
    text = _words(kit_document(kit, Settings()))
    assert "12.7 x 12.7 mm" in text and "22.5 mm across" in text
    assert "a 22.5 mm circle punch" in text


def test_guide_merges_sheets_holding_the_same_component(parts):
    many = parts.card(names=[f"n{i}" for i in range(20)])  # 8 + 8 + 4 cards, with bleed
    kit = replace(parts.kit(), components=(many, parts.counter()))
    document = kit_document(kit, Settings())
    text = _words(document)
    assert "pages 5-8: Agent cards ×16" in text
    assert "pages 9-10: Agent cards ×4; Spy counters ×12" in text
    assert "Agent cards: 20 cards, 63 x 88 mm, with backs (pages 5-10)." in text


def test_a_kit_without_backs_has_a_one_page_guide_no_duplex_test_and_no_blank_page(parts):
    kit = replace(parts.kit(), components=(parts.counter(), parts.sheet()))
    document = kit_document(kit, Settings())
    text = _words(document, (1,))
    assert len(document.pages) == 4  # the cover, the guide, the counters, the map: no backs
    assert "this guide is page 2" in text
    assert "1. Page 3 on card stock" in text and "single-sided (1 sheet)" in text
    assert "2. Page 4 on plain paper, single-sided (1 sheet)." in text
    assert "double-sided" not in text and "flip" not in text and "duplex" not in text
    assert [title for title, _ in document.outline[:2]] == ["Cover", "Print guide"]
    assert "Duplex test sheet" not in dict(document.outline)
    for page in document.pages:
        assert page.ops  # nothing blank


def test_a_kit_that_cannot_be_laid_out_writes_nothing(parts, tmp_path):
    too_big = replace(parts.sheet(), name="huge", width=mm(300), height=mm(300))
    kit = replace(parts.kit(), components=(parts.card(), too_big))
    with pytest.raises(InputError, match="huge: 300x300 mm does not fit"):
        build_kits([kit], tmp_path, Settings())
    assert list(tmp_path.rglob("*")) == []


@pytest.mark.parametrize("flip", ["long", "short"])
def test_guide_shows_how_the_sheet_turns_over(parts, flip):
    document = kit_document(parts.kit(), Settings(flip=flip))
    text = _words(document)
    if flip == "long":
        assert "Turn the sheet over on its long edge (the dashed red line)" in text
        assert "flip on long edge" in text
    else:
        assert "Turn the sheet over on its short edge (the dashed red line)" in text
        assert "the back is upside down" in text
    # the picture: two small pages, the front and the back, and the dashed edge between
    dashed = [op for op in _flat(document.pages[1].ops) if getattr(op, "dash", None)]
    assert len(dashed) == 1


def test_guide_text_is_never_under_9pt(parts):
    document = kit_document(parts.kit(), Settings(paper="letter"))
    guide = document.pages[1:2]  # the cover (page 1) is measured in test_cover.py
    sizes = [op.size for p in guide for op in _flat(p.ops) if isinstance(op, ops.Text)]
    assert sizes and min(sizes) >= 9.0


def test_a_long_guide_takes_more_pages_and_a_page_left_blank_says_so(parts):
    many = tuple(
        replace(parts.card(names=[f"n{i}"]), name=f"c{i}", title=f"Card set {i} " + "x" * 60)
        for i in range(60)
    )
    document = kit_document(replace(parts.kit(), components=many), Settings())
    outline = dict(document.outline)
    guide = document.pages[outline["Print guide"] : outline["Duplex test sheet"]]
    assert (1 + len(guide)) % 2 == 0 and len(guide) >= 3  # fronts still fall on odd pages
    words = [_words(document, (n,)) for n in range(1, 1 + len(guide))]
    assert all(words)  # no blank page
    blank = [w for w in words if "blank on purpose" in w]
    assert len(blank) <= 1
    sizes = [op.size for p in guide for op in _flat(p.ops) if isinstance(op, ops.Text)]
    assert min(sizes) >= 9.0


def _guide(document) -> list[ops.Page]:
    outline = dict(document.outline)
    after = [page for title, page in document.outline if page > outline["Print guide"]]
    return document.pages[outline["Print guide"] : min(after)]


def _body_size(pages) -> float:
    """The size most lines of the guide are set in."""
    sizes = [round(op.size, 2) for p in pages for op in _flat(p.ops) if isinstance(op, ops.Text)]
    return max(set(sizes), key=sizes.count)


@settings(
    max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(st.integers(1, 40))
@example(10)  # 9 to 11 card sets: 3 pages at 9.5 pt (with a blank), 1 at 9 pt
def test_the_guide_is_set_smaller_only_when_that_takes_fewer_pages(parts, sets):
    """Body text 9.5 pt, or 9.25 or 9 pt when the guide then takes fewer pages; never under 9."""
    from pnp.imposition import print_guide

    many = tuple(
        replace(parts.card(names=[f"n{i}"]), name=f"c{i}", title=f"Card set {i} " + "x" * 40)
        for i in range(sets)
    )
    kit = replace(parts.kit(), components=many)
    guide = _guide(kit_document(kit, Settings(paper="letter")))
    with patch.object(print_guide, "SCALES", (1.0,)):
        full = _guide(kit_document(kit, Settings(paper="letter")))
    sizes = [op.size for p in guide for op in _flat(p.ops) if isinstance(op, ops.Text)]
    assert min(sizes) >= 9.0
    if len(guide) < len(full):
        assert _body_size(guide) in (9.25, 9.0)
    else:
        assert len(guide) == len(full) and _body_size(guide) == 9.5


def test_spy_vs_spy_guide_takes_two_pages_on_both_papers_losing_no_words():
    """On Letter its guide ran 3 pages and a blank back at 9.5 pt: set at 9.25 pt it takes 2,
    with every word it had (page numbers aside: they move with the guide's length)."""
    from deaddrop.paths import templates_dir
    from pnp.definitions import load_game
    from pnp.imposition import print_guide

    kit = load_game(templates_dir() / "spy-vs-spy")
    for paper in ("a4", "letter"):
        guide = _guide(kit_document(kit, Settings(paper=paper)))
        with patch.object(print_guide, "SCALES", (1.0,)):
            full = _guide(kit_document(kit, Settings(paper=paper)))
        assert len(guide) == 2, paper
        sizes = [op.size for p in guide for op in _flat(p.ops) if isinstance(op, ops.Text)]
        assert min(sizes) >= 9.0

        def words(pages) -> list[str]:
            texts = [op.text for p in pages for op in _flat(p.ops) if isinstance(op, ops.Text)]
            return re.sub(r"\d+", "#", " ".join(t for t in texts if "Print guide" not in t)).split()

        assert words(guide) == words(full), paper
    assert len(full) == 3  # Letter at 9.5 pt (the test can fail: the smaller setting is needed)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_parts_printed_sideways_keep_their_glue_band_at_the_right_or_foot_of_the_picture(paper):
    """The Spies! map's parts lie turned a quarter on the sheet (so the band is at the sheet's
    top or side): the band is at the right or the foot of the picture held upright, as the
    guide says, and the guide says to hold each part with its picture upright."""
    from deaddrop.paths import templates_dir
    from pnp.definitions import load_game
    from pnp.imposition.documents import kit_sheets
    from pnp.imposition.sheet_ops import _glue_marks

    kit = load_game(templates_dir() / "spies")
    board = next(c for c in kit.components if c.name == "mapsheet")
    tiles = [
        place.tile
        for _, sheet in kit_sheets(kit, Settings(paper=paper))
        for place in sheet.front.places
        if place.component is board and place.tile is not None
    ]
    assert len(tiles) == 9 and all(t.slot.turned for t in tiles)
    for tile in tiles:
        bands = [op for op in _glue_marks(tile, board.overlap) if isinstance(op, ops.Polyline)]
        right, foot = tile.col < tile.cols - 1, tile.row < tile.rows - 1
        assert len(bands) == right + foot
        r = tile.region
        for band in bands:
            (x0, y0), (x1, y1) = band.points
            # the dashed line wholly in the band, its outer edge one overlap in from the
            # picture's edge: the part glued on top hides it
            if x0 == x1:  # along the picture's right edge
                assert x0 - band.width / 2 == pytest.approx(r.x + r.w - board.overlap)
            else:  # along its foot
                assert y0 == y1
                assert y0 - band.width / 2 == pytest.approx(r.y + r.h - board.overlap)
    words = " ".join(_words(kit_document(kit, Settings(paper=paper)), (1, 2)).split())
    assert "hold it with its picture upright (a part may be printed sideways on the page)" in words
    assert "grey dashed band along its right edge, its bottom edge or both" in words
