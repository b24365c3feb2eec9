"""Kits packed like a printer packs them, checked on the planned pages of every kit on A4 and
Letter (pure data, nothing rendered): no print job has a sheet under a third used unless it
is the job's only sheet; Letter takes at most one sheet more than A4 for each job; no sheet of
card holds one small piece; Letter holds within one as many cards a page as A4. And on random
kits: every piece is printed once, on a sheet of its stock, a piece with a back only on a sheet
printed double-sided, and sharing sheets never takes more of them than packing each print job
alone."""

from __future__ import annotations

from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from deaddrop.paths import templates_dir
from pnp.definitions import game_names, load_game
from pnp.imposition.grid import fits_usable, layout_cut, piece_grid
from pnp.imposition.kit_plan import KitPlan, alone, plan_kit
from pnp.imposition.packing import pack
from pnp.imposition.paper import Paper, Settings
from pnp.imposition.plan import PagePlan
from pnp.model import Box, Component, Face, Rect
from pnp.units import mm

PAPERS = ("a4", "letter")
QUARTER = 1 / 3  # sharing.LEAST_USE


@cache
def _plan(game: str, paper: str) -> KitPlan:
    kit = load_game(templates_dir() / game)
    return plan_kit(kit.components, Paper.of(Settings(paper=paper)))


def _used(page: PagePlan, paper: Paper) -> float:
    """The share of the page's printable area covered by its pieces' trim boxes (a board's
    part: the part of the board on the page)."""
    area = 0.0
    for place in page.places:
        if place.tile is not None:
            area += place.tile.region.w * place.tile.region.h
        else:
            area += place.component.width * place.component.height
    p = paper.printable
    return area / (p.w * p.h)


def _jobs(plan: KitPlan) -> dict[tuple[str, bool], list[float]]:
    """Each print job (stock, double-sided) and how much of each of its sheets is used."""
    jobs: dict[tuple[str, bool], list[float]] = {}
    for sheet, stock in zip(plan.sheets, plan.stocks, strict=True):
        key = (stock, sheet.back is not None)
        jobs.setdefault(key, []).append(_used(sheet.front, plan.paper))
    return jobs


def _kits() -> list[str]:
    return game_names(templates_dir())


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("game", _kits())
def test_no_sheet_of_a_job_is_under_a_third_used_unless_it_is_the_only_one(game, paper):
    for job, used in _jobs(_plan(game, paper)).items():
        if len(used) > 1:
            assert min(used) >= QUARTER, (game, paper, job, [round(u, 2) for u in used])


@pytest.mark.parametrize("game", _kits())
def test_letter_takes_at_most_one_sheet_more_than_a4_for_each_job(game):
    a4, letter = _jobs(_plan(game, "a4")), _jobs(_plan(game, "letter"))
    for job in a4.keys() | letter.keys():
        assert len(letter.get(job, [])) <= len(a4.get(job, [])) + 1, (game, job)


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("game", _kits())
def test_no_sheet_of_card_holds_one_small_piece(game, paper):
    plan = _plan(game, paper)
    for sheet, stock in zip(plan.sheets, plan.stocks, strict=True):
        pieces = sheet.front.places
        if stock == "card" and len(pieces) == 1 and pieces[0].tile is None:
            assert _used(sheet.front, plan.paper) >= QUARTER, (game, paper, sheet.holds)


def _per_page(component: Component, paper: str) -> int:
    cut = layout_cut(component, Paper.of(Settings(paper=paper)), 1000)
    grid = piece_grid(component.width, component.height, cut)
    assert grid is not None
    return grid.per_page


@pytest.mark.parametrize("game", _kits())
def test_letter_holds_within_one_as_many_cards_a_page_as_a4(game):
    kit = load_game(templates_dir() / game)
    letter = Paper.of(Settings(paper="letter"))
    cards = [c for c in kit.components if c.kind == "card" and not alone(c, letter.cut_for(c))]
    for card in cards:
        assert _per_page(card, "letter") >= _per_page(card, "a4") - 1, (game, card.name)


def _card(w_mm: float, h_mm: float, count: int = 1, name: str = "cards") -> Component:
    w, h = mm(w_mm), mm(h_mm)
    front = (Rect(Box(0, 0, w, h), fill="#aa2222"),)
    return Component("t", name, "card", w, h, (Face({}, count),), front, front, name, mm(3))


@pytest.mark.parametrize(("w", "h"), [(63, 88), (63.5, 88.9), (59, 92), (41, 63), (88, 124)])
def test_letter_lays_common_card_sizes_out_within_one_of_a4(w, h):
    # 8 poker cards a page on both (Letter's cards touch: one cut between two)
    card = _card(w, h, 100)
    assert _per_page(card, "letter") >= _per_page(card, "a4") - 1
    if (w, h) == (63, 88):
        assert _per_page(card, "letter") == _per_page(card, "a4") == 8


def test_a_lone_card_joins_a_sheet_of_its_stock_and_sides_with_room_for_it():
    s = Paper.of(Settings())
    # nine cards (a page of eight and one over), a screen a page, then one more card: in print
    # order the last card would have a sheet of its own; it joins the ninth card instead
    kit = (_card(63, 88, 9), _card(150, 240, 1, "screen"), _card(63, 88, 1, "swat"))
    plan = plan_kit(kit, s)
    assert len(plan.sheets) == 3
    assert sorted(sheet.holds for sheet in plan.sheets) == [((0, 1), (2, 1)), ((0, 8),), ((1, 1),)]


lengths = st.floats(min_value=mm(8), max_value=mm(150))
specs = st.lists(
    st.tuples(lengths, lengths, st.integers(1, 12), st.booleans(), st.booleans(), st.booleans()),
    min_size=1,
    max_size=6,
)


@settings(max_examples=40, deadline=None)
@given(specs, st.sampled_from(PAPERS))
def test_shared_sheets_print_every_piece_once_by_stock_and_sides_on_no_more_sheets(specs, paper):
    s = Paper.of(Settings(paper=paper))
    components = []
    for n, (w, h, count, back, on_paper, new_page) in enumerate(specs):
        fill = (Rect(Box(0, 0, w, h), fill="#2244aa"),)
        components.append(
            Component(
                "t",
                f"c{n}",
                "card",
                w,
                h,
                (Face({}, count),),
                fill,
                fill if back else None,
                stock="paper" if on_paper else "card",
                new_page=new_page,
            )
        )
    kit = tuple(c for c in components if fits_usable(c.width, c.height, s.cut_for(c)))
    if not kit:
        return
    plan = plan_kit(kit, s)
    printed = [0] * len(kit)
    for sheet, stock in zip(plan.sheets, plan.stocks, strict=True):
        for index, n in sheet.holds:
            printed[index] += n
            assert kit[index].paper_stock == stock
            if kit[index].back is not None:
                assert sheet.back is not None  # a piece with a back: double-sided
        assert len(sheet.front.places) == sum(n for _, n in sheet.holds)
    assert printed == [c.copies for c in kit]
    # no more sheets than packing each print job's pieces alone, in order
    alone_sheets = 0
    for stock in ("card", "paper"):
        for duplex in (True, False):
            chosen = [
                (i, c)
                for i, c in enumerate(kit)
                if c.paper_stock == stock and (c.back is not None) == duplex
            ]
            sizes = [(c.width, c.height) for _, c in chosen for _ in range(c.copies)]
            cuts = [plan.cuts[i] for i, c in chosen for _ in range(c.copies)]
            alone_sheets += len(pack(sizes, s, cuts)) if sizes else 0
    if not any(c.new_page for c in kit):
        assert len(plan.sheets) <= alone_sheets
