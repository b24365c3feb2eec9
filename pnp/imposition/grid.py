"""Pieces of one size in a grid on a page: as many as fit, upright or turned a quarter (the turn
that fits more wins; ties upright), trim boxes `space` apart, the grid centred on the page.
Pure geometry, points, y down."""

from __future__ import annotations

from functools import lru_cache

from pnp.geometry import Affine, rotate, translate
from pnp.imposition.paper import PAPERS, Paper
from pnp.model import Box, Component
from pnp.record import record
from pnp.settings import Settings
from pnp.units import mm

EPS = 1e-6


@record
class Slot:
    """A place for one piece: its trim box on the page, and whether it is turned a quarter."""

    box: Box
    turned: bool = False

    def transform(self) -> Affine:
        """Component frame (origin at its top-left, y down) -> page."""
        if not self.turned:
            return translate(self.box.x, self.box.y)
        # turned a quarter counter-clockwise: the component's top edge is on the left
        return rotate(90).then(translate(self.box.x, self.box.y + self.box.h))


@record
class PieceGrid:
    """The grid of slots for one piece size on one paper."""

    cols: int
    rows: int
    slots: tuple[Slot, ...]  # row by row, top-left first

    @property
    def per_page(self) -> int:
        return len(self.slots)


def count(span: float, size: float, space: float) -> int:
    """How many pieces `size` long fit in `span`, `space` apart."""
    if size <= 0 or span + EPS < size:
        return 0
    return int((span + space + EPS) // (size + space))


@lru_cache(maxsize=1024)
def piece_grid(
    width: float, height: float, paper: Paper, pieces: int | None = None
) -> PieceGrid | None:
    """The grid holding the most pieces of width x height, or None when not even one fits.

    With `pieces` (a last, partly filled page), the grid keeps the orientation of a full page
    but only the rows and columns those pieces need, centred on the page. Answered once for
    the same question (a record: nobody changes it; the packer asks it thousands of times)."""
    g = paper.space
    best: tuple[int, int, int, bool] | None = None
    # a piece too big to leave the footer room under its crop marks goes where it has full
    # marks; one too big for those still goes on the printable area, with shorter marks (or
    # none on a side with no room)
    area = paper.tight
    for u in (paper.usable, paper.marked, paper.tight):
        area = u
        for turned in (False, True):
            w, h = (height, width) if turned else (width, height)
            cols, rows = count(u.w, w, g), count(u.h, h, g)
            if cols * rows and (best is None or cols * rows > best[0]):
                best = (cols * rows, cols, rows, turned)
        if best is not None:
            break
    if best is None:
        return None
    _, cols, rows, turned = best
    if pieces is not None and 0 < pieces < cols * rows:
        cols = min(cols, pieces)
        rows = -(-pieces // cols)
    w, h = (height, width) if turned else (width, height)
    grid_w, grid_h = cols * w + (cols - 1) * g, rows * h + (rows - 1) * g
    # centred on the page; in the usable area, raised (within it) until the footer fits under
    # its crop marks; a piece too big for it stays centred, its footer between its bottom marks
    x0, y0 = (paper.width - grid_w) / 2, (paper.height - grid_h) / 2
    b = paper.bleed
    if area == paper.usable:
        y0 -= paper.raised(y0 - b, y0 + grid_h + b, area.y - b)
    slots = tuple(
        Slot(Box(x0 + c * (w + g), y0 + r * (h + g), w, h), turned)
        for r in range(rows)
        for c in range(cols)
    )
    return PieceGrid(cols, rows, slots)


def fits_usable(width: float, height: float, paper: Paper) -> bool:
    """True when a piece fits the usable area (room for full crop marks and the footer under
    them), upright or turned."""
    return _fits(width, height, paper.usable)


def fits_marked(width: float, height: float, paper: Paper) -> bool:
    """True when a piece fits the marked area (room for full crop marks), upright or turned."""
    return _fits(width, height, paper.marked)


def _fits(width: float, height: float, u: Box) -> bool:
    return (width <= u.w + EPS and height <= u.h + EPS) or (
        height <= u.w + EPS and width <= u.h + EPS
    )


def fits_every_paper(width: float, height: float) -> bool:
    """True when one width x height piece fits on every paper (default margin), upright or
    turned: what the loader accepts, the build can place."""
    return all(piece_grid(width, height, Paper.of(Settings(paper=p))) is not None for p in PAPERS)


TIGHTER_BLEEDS = (mm(2.5), mm(2.0), mm(1.5))  # the smaller bleeds tried when they fit more a page


def layout_cut(component: Component, paper: Paper, pieces: int | None = None) -> Paper:
    """`paper` laid out for the pieces of `component` (Paper.cut_for), or, when that holds more
    of them a page (counting at most `pieces`, the pieces of its size to print), laid out
    tighter: its pieces touching (one cut between neighbours, as on a die-cut sheet), or a
    smaller bleed (TIGHTER_BLEEDS), with or without a gutter. Among layouts holding as many,
    the first of: its own, a smaller bleed, touching, touching with a smaller bleed. A component
    whose bleed or die_cut is set (or a build's --bleed or --gutter) keeps its own, and so does
    one that does not leave room for full crop marks."""
    own = paper.cut_for(component)
    w, h = component.width, component.height
    if component.split or component.kind == "sheet" or own.bleed <= 0 or not fits_usable(w, h, own):
        return own
    want = pieces if pieces is not None else component.copies
    fixed_bleed = component.bleed is not None or paper.bleed_setting is not None
    fixed_die = component.die_cut is not None or paper.gutter is not None
    round_pieces = component.kind == "token"
    bleeds = [own.bleed] + ([] if fixed_bleed else [b for b in TIGHTER_BLEEDS if b < own.bleed])
    dies = [own.die_cut] + ([] if fixed_die or own.die_cut else [True])
    best, held = own, _per_page(w, h, own, want)
    for die in dies:
        for bleed in bleeds:
            cut = paper.cut(bleed, round_pieces, die)
            n = _per_page(w, h, cut, want)
            if n > held:
                best, held = cut, n
    return best


def _per_page(width: float, height: float, paper: Paper, most: int) -> int:
    """How many pieces (at most `most`) a page holds with full crop marks."""
    if not fits_usable(width, height, paper):
        return 0
    grid = piece_grid(width, height, paper)
    return min(most, grid.per_page) if grid is not None else 0
