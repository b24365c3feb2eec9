"""Counter sheets cut like die-cut sheets, checked on the imposition plan of every kit on A4 and
Letter: counters abut in a grid with one cut line between neighbours and crop marks on the grid
lines only; each counter's colour runs under its neighbour's (never over it); the backs sit on
the same grid, mirrored; crop marks at least 3 mm long and 5 mm from the edge; footers."""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache

import pytest

from deaddrop.paths import templates_dir
from pnp.definitions import game_names, load_game
from pnp.draw.textfit import text_width
from pnp.geometry import contains, overlaps
from pnp.imposition.grid import fits_usable
from pnp.imposition.kit_plan import KitPlan, plan_kit
from pnp.imposition.paper import MARK_EDGE, MARK_MIN, Paper, Settings
from pnp.imposition.plan import NOTE_SIZE, PagePlan, Place
from pnp.model import Box
from pnp.units import mm

PAPERS = ("a4", "letter")
TOL = 0.01  # points


# (game, component, page width) -> whether the plan lays the component out touching: counters
# and tokens, and pieces laid out tighter to fit more a page (grid.layout_cut)
_TOUCHING: dict[tuple[str, str, float], bool] = {}


@cache
def _plan(game: str, paper: str) -> KitPlan:
    kit = load_game(templates_dir() / game)
    plan = plan_kit(kit.components, Paper.of(Settings(paper=paper)))
    for c, cut in zip(plan.components, plan.cuts, strict=True):
        _TOUCHING[(c.game, c.name, round(cut.width, 2))] = cut.die_cut
    return plan


def _games() -> list[str]:
    return game_names(templates_dir())


def _trim(place: Place) -> Box:
    c = place.component
    return place.transform.map_box(Box(0, 0, c.width, c.height))


def _drawn(place: Place) -> Box:
    """Where a piece's art may paint on the page: its clip, else its bleed box."""
    c, b = place.component, place.bleed
    art = place.clip or Box(-b, -b, c.width + 2 * b, c.height + 2 * b)
    return place.transform.map_box(art)


def _die_cut(page: PagePlan) -> list[Place]:
    def touching(c) -> bool:
        return _TOUCHING.get((c.game, c.name, round(page.width, 2)), c.cut_as_die)

    return [p for p in page.places if touching(p.component)]


def _shrunk(box: Box, by: float = TOL) -> Box:
    return Box(box.x + by, box.y + by, box.w - 2 * by, box.h - 2 * by)


def _cut_lines(page: PagePlan) -> tuple[set[float], set[float]]:
    """The x of every vertical crop mark and the y of every horizontal one."""
    xs = {round(m[0], 2) for m in page.marks if abs(m[0] - m[2]) < TOL}
    ys = {round(m[1], 2) for m in page.marks if abs(m[1] - m[3]) < TOL}
    return xs, ys


def _die_cut_pages() -> list[tuple[str, str]]:
    return [(g, p) for g in _games() for p in PAPERS if any(_die_cut_sheets(g, p))]


# The kits with die-cut sheets, on each paper: named here so that collecting the tests plans no
# kit (every xdist worker collects them all); the first test holds the list to the plans.
DIE_CUT_PAGES = [
    (game, paper)
    for game in ("sample", "spies", "spies-and-lies", "spy-vs-spy")
    for paper in PAPERS
]


def test_the_kits_with_die_cut_sheets_are_these():
    assert _die_cut_pages() == DIE_CUT_PAGES


def _die_cut_sheets(game: str, paper: str):
    return [s for s in _plan(game, paper).sheets if _die_cut(s.front)]


def _blocks(trims: list[Box]) -> list[list[Box]]:
    """The die-cut pieces of a page in blocks: pieces joined by the edges they share."""
    blocks: list[list[Box]] = []
    left = list(trims)
    while left:
        block = [left.pop()]
        grew = True
        while grew:
            near = [t for t in left if any(_share_an_edge(t, b) for b in block)]
            grew = bool(near)
            block += near
            left = [t for t in left if t not in near]
        blocks.append(block)
    return blocks


def _bounds(boxes: list[Box]) -> Box:
    x0, y0 = min(b.x for b in boxes), min(b.y for b in boxes)
    return Box(x0, y0, max(b.x + b.w for b in boxes) - x0, max(b.y + b.h for b in boxes) - y0)


def _block_cuts(page: PagePlan, block: list[Box]) -> tuple[list[float], list[float]]:
    """The cut lines the crop marks of a block show: the x of each vertical mark above or
    below it, the y of each horizontal mark beside it (with repeats: one per mark)."""
    g = _bounds(block)
    # a block's own marks start at most its bleed (3 mm) + 1.5 mm from its edge; a neighbouring
    # block's marks, across the clear strip between them, start farther away
    near = mm(4.5) + TOL

    def starts_by(low: float, high: float, edge0: float, edge1: float) -> bool:
        return edge0 - near <= high <= edge0 + TOL or edge1 - TOL <= low <= edge1 + near

    xs = [
        m[0]
        for m in page.marks
        if abs(m[0] - m[2]) < TOL
        and g.x - TOL <= m[0] <= g.x + g.w + TOL
        and starts_by(min(m[1], m[3]), max(m[1], m[3]), g.y, g.y + g.h)
    ]
    ys = [
        m[1]
        for m in page.marks
        if abs(m[1] - m[3]) < TOL
        and g.y - TOL <= m[1] <= g.y + g.h + TOL
        and starts_by(min(m[0], m[2]), max(m[0], m[2]), g.x, g.x + g.w)
    ]
    return xs, ys


def _lines(values: Iterable[float]) -> list[float]:
    """Positions as lines: a value within TOL of the one before is the same line."""
    out: list[float] = []
    for v in sorted(values):
        if not out or v - out[-1] > TOL:
            out.append(v)
    return out


def _same_lines(a: list[float], b: list[float]) -> bool:
    return len(a) == len(b) and all(abs(x - y) <= 2 * TOL for x, y in zip(a, b, strict=True))


@pytest.mark.parametrize(("game", "paper"), DIE_CUT_PAGES)
def test_counters_abut_with_one_cut_line_between_neighbours(game, paper):
    for sheet in _die_cut_sheets(game, paper):
        page = sheet.front
        for block in _blocks([_trim(p) for p in _die_cut(page)]):
            xs, ys = _block_cuts(page, block)
            # the cut lines are the grid's lines, each marked above and below (left and right)
            # the grid and nowhere else: neighbours share one cut, no gutter between them
            edges_x = _lines(v for t in block for v in (t.x, t.x + t.w))
            edges_y = _lines(v for t in block for v in (t.y, t.y + t.h))
            assert _same_lines(_lines(xs), edges_x), (game, paper)
            assert _same_lines(_lines(ys), edges_y), (game, paper)
            assert len(xs) <= 2 * len(edges_x) and len(ys) <= 2 * len(edges_y), (game, paper)
            # in a full row, the cuts between n counters are n + 1 lines
            g = _bounds(block)
            row = [t for t in block if abs(t.y - g.y) < TOL]
            assert len({round(t.x, 2) for t in row}) + 1 == len(edges_x), (game, paper)


@pytest.mark.parametrize(("game", "paper"), DIE_CUT_PAGES)
def test_each_counter_colour_runs_under_its_neighbour_never_over_it(game, paper):
    for sheet in _die_cut_sheets(game, paper):
        for page in (sheet.front, sheet.back):
            if page is None:
                continue
            places = list(page.places)
            trims = [_shrunk(_trim(p)) for p in places]
            drawn = [_drawn(p) for p in places]
            shared = 0
            for i, a in enumerate(places):
                for j in range(i + 1, len(places)):  # places[j] is drawn after a
                    # no piece paints over another: it stops on the cut it shares with a
                    assert not overlaps(drawn[j], trims[i]), (game, paper)
                    if a.bleed > 0 and _share_an_edge(_shrunk(trims[i], -TOL), _trim(places[j])):
                        # a's colour runs under its neighbour: the shared cut falls in colour
                        assert overlaps(drawn[i], trims[j]), (game, paper)
                        shared += 1
            assert shared or len(places) < 2, (game, paper)


def _share_an_edge(a: Box, b: Box) -> bool:
    span_y = min(a.y + a.h, b.y + b.h) - max(a.y, b.y)
    span_x = min(a.x + a.w, b.x + b.w) - max(a.x, b.x)
    side = abs(a.x + a.w - b.x) < TOL or abs(b.x + b.w - a.x) < TOL
    level = abs(a.y + a.h - b.y) < TOL or abs(b.y + b.h - a.y) < TOL
    return (side and span_y > TOL) or (level and span_x > TOL)


@pytest.mark.parametrize(("game", "paper"), DIE_CUT_PAGES)
def test_backs_sit_on_the_fronts_grid_mirrored(game, paper):
    p = Paper.of(Settings(paper=paper))
    for sheet in _die_cut_sheets(game, paper):
        if sheet.back is None:
            continue
        fronts = {_key(p.page_flip().map_box(_trim(f))) for f in sheet.front.places}
        backs = [_trim(b) for b in sheet.back.places]
        assert backs
        # every back is exactly behind a front slot (the page turned on its long edge)
        assert all(_key(b) in fronts for b in backs), (game, paper)
        # and the back page's slots, blank ones too, are the fronts' (its TrimBox)
        assert _key(sheet.back.trim) == _key(p.page_flip().map_box(sheet.front.trim))


def _key(box: Box) -> tuple[float, ...]:
    return tuple(round(v, 2) for v in (box.x, box.y, box.w, box.h))


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("game", _games())
def test_crop_marks_are_3mm_long_5mm_from_the_edge_and_pages_keep_their_footers(game, paper):
    plan = _plan(game, paper)
    page_w, page_h = plan.paper.width, plan.paper.height
    for sheet in plan.sheets:
        front = sheet.front
        for x0, y0, x1, y1 in front.marks:
            assert abs(x1 - x0) + abs(y1 - y0) >= MARK_MIN - TOL, (game, paper, sheet.holds)
            assert min(x0, x1) >= MARK_EDGE - TOL and max(x0, x1) <= page_w - MARK_EDGE + TOL
            assert min(y0, y1) >= MARK_EDGE - TOL and max(y0, y1) <= page_h - MARK_EDGE + TOL
        # a page of pieces that leave room for full crop marks has its footer under them
        roomy = all(
            fits_usable(p.component.width, p.component.height, plan.paper.cut_for(p.component))
            for p in front.places
        )
        if front.places and roomy and not sheet.tile:
            assert front.notes, (game, paper, sheet.holds)
            note = front.notes[0]
            # under the pieces' bleed, clear of every crop mark, inside MARK_EDGE
            w = text_width(note.text, "Vera", NOTE_SIZE)
            line = Box(note.x - w / 2, note.y - 0.76 * NOTE_SIZE, w, 0.76 * NOTE_SIZE)
            assert line.y > front.bleed.y + front.bleed.h, (game, paper, sheet.holds)
            for x0, y0, x1, y1 in front.marks:
                mark = Box(min(x0, x1), min(y0, y1), abs(x1 - x0), abs(y1 - y0))
                assert not overlaps(mark, line, -TOL), (game, paper, sheet.holds)
            assert note.y < page_h - MARK_EDGE
            assert MARK_EDGE < line.x and line.x + line.w < page_w - MARK_EDGE


def test_the_spies_counter_sheet_is_cut_with_one_line_per_row_and_column():
    sheet = _die_cut_sheets("spies", "a4")[0]
    trims = [_trim(p) for p in _die_cut(sheet.front)]
    block = max(_blocks(trims), key=len)
    assert len(block) > 100  # the half-inch counters on one sheet (the 16 mm chits beside them)
    cols = len({round(t.x, 2) for t in block})
    rows = len({round(t.y, 2) for t in block})
    xs, ys = _block_cuts(sheet.front, block)
    # one cut per grid line, where the counters each had their own two cuts before
    assert len(set(xs)) == cols + 1 and len(set(ys)) == rows + 1
    assert all(contains(_bounds(block), t) for t in block)


def test_die_cut_false_lays_counters_out_with_gutters_and_true_lays_cards_touching():
    from dataclasses import replace

    from pnp.imposition.component_plan import plan_component

    kit = load_game(templates_dir() / "sample")
    counters = next(c for c in kit.components if c.kind == "counter")
    cards = next(c for c in kit.components if c.kind == "card")
    paper = Paper.of(Settings())

    def gaps(component) -> set[float]:
        page = plan_component(component, paper).sheets[0].front
        trims = sorted((_trim(p) for p in page.places), key=lambda b: (round(b.y, 2), b.x))
        row = [t for t in trims if abs(t.y - trims[0].y) < TOL]
        return {round(b.x - (a.x + a.w), 2) for a, b in zip(row, row[1:], strict=False)}

    bleed = plan_component(counters, paper).sheets[0].front.places[0].bleed
    assert bleed > 0 and gaps(counters) == {0.0}
    assert gaps(replace(counters, die_cut=False)) == {round(2 * bleed, 2)}
    assert 0.0 not in gaps(cards) and gaps(replace(cards, die_cut=True)) == {0.0}
