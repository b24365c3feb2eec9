"""A printer profile never pushes ink off the page (issue 40): for any scale from 90% to 110% and
any margin from 0 to 12 mm, every page of every kit, as written (drawn at the scale about its
centre), keeps all its ink inside the printer's margin, and crop marks, pieces and footers at
least MARK_EDGE from the edge. The ink is read from the drawing ops (pnp.ink), every stroke,
text line and clip taken at its full extent; a kit whose piece no longer fits is refused naming
it."""

from __future__ import annotations

from functools import cache

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from deaddrop.errors import InputError
from deaddrop.paths import templates_dir
from pnp import ops
from pnp.definitions import game_names, load_game
from pnp.geometry import Affine
from pnp.imposition import Art, kit_document
from pnp.imposition.paper import MARK_EDGE, PAPERS, Settings
from pnp.ink import page_ink
from pnp.model import Box, GameKit
from pnp.printer_profile import Profile, apply
from pnp.units import mm

TOL = 1e-6


@cache
def _kits() -> tuple[tuple[GameKit, Art], ...]:
    """Every kit of templates/, each with the art memo its checks share (drawn once)."""
    folder = templates_dir()
    return tuple((load_game(folder / name), Art()) for name in game_names(folder))


def _inside(scale: float, margin: float, paper: str) -> int:
    """Check every kit at one profile; how many kits were laid out (the others refused)."""
    width, height = PAPERS[paper]
    least = max(mm(margin), MARK_EDGE)
    laid_out = 0
    for kit, art in _kits():
        chosen = apply(Profile("p", scale=scale, margin=margin), Settings(paper=paper))
        try:
            document = kit_document(kit, chosen, art)
        except InputError as error:  # a piece that no longer fits is named, on one line
            message = str(error)
            assert "\n" not in message and "components." in message, message
            assert "does not fit the printable area" in message, message
            continue
        laid_out += 1
        for number, page in enumerate(document.pages, start=1):
            assert (page.width, page.height) == (width, height)  # the paper itself
            ink = page_ink(page)
            assert ink is not None, (kit.name, number)
            where = (kit.name, number, ink)
            assert ink.x >= least - TOL and ink.y >= least - TOL, where
            assert ink.x + ink.w <= width - least + TOL, where
            assert ink.y + ink.h <= height - least + TOL, where
    return laid_out


scales = st.floats(90.0, 110.0)
margins = st.floats(0.0, 12.0)
papers = st.sampled_from(sorted(PAPERS))


@settings(max_examples=2, deadline=None)
@given(scales, margins, papers)
@example(95.0, 5.0, "a4")  # the printer: the Spy! sheet's footer was cut off
@example(90.0, 0.0, "a4")  # its crop marks were off the page
def test_every_page_keeps_its_ink_inside_the_printers_margin(scale, margin, paper):
    _inside(scale, margin, paper)


@pytest.mark.slow
@settings(max_examples=40, deadline=None)
@given(scales, margins, papers)
def test_every_page_keeps_its_ink_inside_the_printers_margin_many(scale, margin, paper):
    _inside(scale, margin, paper)


@pytest.mark.parametrize(("paper", "scale"), [("a4", 98.6), ("letter", 99.5)])
def test_a_usual_printer_lays_out_every_kit(paper, scale):
    """What the property checks is laid out, not refused, at ordinary printers' values (on
    Letter the Spies! blank counter section, 258 mm tall, leaves 10.7 mm at 100%: a printer
    that shrinks by more than about 3% cannot print it inside its margin, and it is refused)."""
    assert _inside(scale, 5.0, paper) == len(_kits())
    assert _inside(101.5, 0.0, paper) == len(_kits())


def test_ink_is_every_ops_full_extent_through_transforms_and_clips():
    mark = ops.Polyline(((10.0, 20.0), (10.0, 30.0)), "#000000", 2.0)  # butt ends
    assert page_ink(_page(mark)) == Box(9, 20, 2, 10)
    frame = ops.Rect(0, 0, 10, 10, width=1.0)
    turned = ops.Group((frame,), Affine(0, 1, -1, 0, 50, 50))  # a quarter turn
    assert page_ink(_page(turned)) == Box(39.5, 49.5, 11, 11)
    clipped = ops.Group((ops.Rect(0, 0, 100, 100, fill="#ff0000"),), clip=Box(5, 5, 10, 10))
    assert page_ink(_page(clipped)) == Box(5, 5, 10, 10)
    text = ops.Text(100, 100, "Ag", 10, anchor="end")
    ink = page_ink(_page(text))
    assert ink is not None and ink.x + ink.w == pytest.approx(100)
    assert ink.y < 100 - 7 and ink.y + ink.h > 100 + 1.5  # capitals above, descenders below
    scaled = ops.Page(200, 200, (mark,), Box(0, 0, 1, 1), Box(0, 0, 1, 1), Affine(2, d=2))
    assert page_ink(scaled) == Box(18, 40, 4, 20)
    assert page_ink(_page(ops.Rect(0, 0, 5, 5, stroke=None))) is None  # nothing painted


def _page(op: ops.Op) -> ops.Page:
    return ops.Page(200, 200, (op,), Box(0, 0, 1, 1), Box(0, 0, 1, 1))
