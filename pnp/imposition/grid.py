"""Pieces of one size in a grid on a page: as many as fit, upright or turned a quarter (the turn
that fits more wins; ties upright), trim boxes `space` apart, the grid centred on the page.
Pure geometry, points, y down."""

from __future__ import annotations

from pnp.geometry import Affine, rotate, translate
from pnp.imposition.paper import PAPERS, Paper, Settings
from pnp.model import Box
from pnp.record import record

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


def piece_grid(
    width: float, height: float, paper: Paper, pieces: int | None = None
) -> PieceGrid | None:
    """The grid holding the most pieces of width x height, or None when not even one fits.

    With `pieces` (a last, partly filled page), the grid keeps the orientation of a full page
    but only the rows and columns those pieces need, centred on the page."""
    g = paper.space
    best: tuple[int, int, int, bool] | None = None
    # a piece too big to leave room for full crop marks still goes on the printable area,
    # with shorter marks (or none on a side with no room)
    area = paper.tight
    for u in (paper.usable, paper.tight):
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
    # centred on the page, then raised (within the area it was laid out in) until the footer
    # fits under its crop marks, when that is possible
    x0, y0 = (paper.width - grid_w) / 2, (paper.height - grid_h) / 2
    b = paper.bleed
    y0 -= paper.raised(y0 - b, y0 + grid_h + b, area.y - b)
    slots = tuple(
        Slot(Box(x0 + c * (w + g), y0 + r * (h + g), w, h), turned)
        for r in range(rows)
        for c in range(cols)
    )
    return PieceGrid(cols, rows, slots)


def fits_usable(width: float, height: float, paper: Paper) -> bool:
    """True when a piece fits the usable area (room for full crop marks), upright or turned."""
    u = paper.usable
    return (width <= u.w + EPS and height <= u.h + EPS) or (
        height <= u.w + EPS and width <= u.h + EPS
    )


def fits_every_paper(width: float, height: float) -> bool:
    """True when one width x height piece fits on every paper (default margin), upright or
    turned: what the loader accepts, the build can place."""
    return all(piece_grid(width, height, Paper.of(Settings(paper=p))) is not None for p in PAPERS)
