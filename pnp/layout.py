"""Imposition: where components go on A4/Letter pages. Pure geometry, points, y down.

- The printable area is the page less `margin` (6 mm by default, safe for home printers). Pieces
  (with their bleed) stay inside it.
- Trim boxes sit in a grid, `gutter` apart (at least twice the bleed), the grid centred on the page.
  Crop marks lie on the extensions of the cut lines, outside every trim (and bleed) box, starting
  MARK_GAP beyond the bleed, MARK_MIN to MARK_MAX long, never nearer than MARK_EDGE to the page
  edge: they may reach into the margin (so that 9 poker cards still fit on Letter), where a
  printer that clips its margin only shortens them. Beside another grid on the same page
  (pnp.packing) they stop MARK_CLEAR / 2 short of the middle of the gap between the two.
- As many per page as fit, upright or turned a quarter (the turn that fits more wins; ties upright).
- Backs go on the next page at the mirrored place: flipping the sheet on its long edge mirrors x,
  on its short edge mirrors y. The back art is drawn so that a cut piece turned over sideways
  (on its own vertical axis, like the page of a book) shows its back upright, whatever the flip
  edge and whether the piece is turned on the page: the printed piece does not depend on the
  printer's duplex setting (so on short-edge back pages the backs of upright pieces stand upside
  down, and on long-edge back pages those of pieces turned a quarter).
  `back_offset` (mm from --back-offset, in points here) shifts the backs.
- A board larger than the printable area (split: true) is cut into equal tiles overlapping by
  `overlap`, labelled A1, B1, ... (column letter, row number).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from pnp.geometry import Affine, inset, mirror_x, mirror_y, rotate, translate
from pnp.model import Box
from pnp.units import mm

PAPERS: dict[str, tuple[float, float]] = {
    "a4": (mm(210), mm(297)),
    "letter": (612.0, 792.0),
}
MARK_GAP = mm(1.5)  # from the bleed edge of the grid to the start of a crop mark
MARK_MIN = mm(3.0)  # the shortest crop mark; the grid always leaves room for it
MARK_MAX = mm(6.0)  # the longest crop mark
MARK_EDGE = mm(3.0)  # crop marks stop this far from the page edge
MARK_SHORTEST = mm(1.0)  # a side with less room than this gets no marks
MARK_CLEAR = mm(1.0)  # between the marks of two neighbouring grids: a clear strip to cut along


@dataclass(frozen=True)
class Settings:
    """How pages are laid out (all lengths in points)."""

    paper: str = "a4"
    margin: float = mm(6)
    gutter: float | None = None  # None: 0 without bleed, twice the bleed with it
    bleed: float = 0.0
    flip: str = "long"  # long | short
    back_offset: tuple[float, float] = (0.0, 0.0)

    @property
    def page(self) -> tuple[float, float]:
        return PAPERS[self.paper]

    @property
    def space(self) -> float:
        """The gap between neighbouring trim boxes."""
        least = 2 * self.bleed
        return least if self.gutter is None else max(self.gutter, least)

    @property
    def printable(self) -> Box:
        w, h = self.page
        return Box(self.margin, self.margin, w - 2 * self.margin, h - 2 * self.margin)

    @property
    def marks_area(self) -> Box:
        """Where crop marks may go: the page less MARK_EDGE."""
        w, h = self.page
        return Box(MARK_EDGE, MARK_EDGE, w - 2 * MARK_EDGE, h - 2 * MARK_EDGE)

    @property
    def tight(self) -> Box:
        """The printable area less the bleed: for a piece too big for `usable`."""
        return inset(self.printable, self.bleed)

    @property
    def usable(self) -> Box:
        """Where trim boxes may go: inside the printable area less the bleed, leaving room for
        the shortest crop marks before MARK_EDGE."""
        w, h = self.page
        d = max(self.margin, MARK_EDGE + MARK_MIN + MARK_GAP) + self.bleed
        return Box(d, d, w - 2 * d, h - 2 * d)


@dataclass(frozen=True)
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


@dataclass(frozen=True)
class Sheet:
    """The grid of slots for one component size on one paper."""

    page_w: float
    page_h: float
    cols: int
    rows: int
    slots: tuple[Slot, ...]  # row by row, top-left first

    @property
    def per_page(self) -> int:
        return len(self.slots)


def _count(span: float, size: float, space: float) -> int:
    if size <= 0 or span + 1e-6 < size:
        return 0
    return int((span + space + 1e-6) // (size + space))


def impose(
    width: float, height: float, settings: Settings, pieces: int | None = None
) -> Sheet | None:
    """The grid holding the most pieces of width x height, or None when not even one fits.

    With `pieces` (a last, partly filled page), the grid keeps the orientation of a full page
    but only the rows and columns those pieces need, centred on the page."""
    g = settings.space
    best: tuple[int, int, int, bool] | None = None
    # a piece too big to leave room for full crop marks still goes on the printable area,
    # with shorter marks (or none on a side with no room)
    for u in (settings.usable, settings.tight):
        for turned in (False, True):
            w, h = (height, width) if turned else (width, height)
            cols, rows = _count(u.w, w, g), _count(u.h, h, g)
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
    page_w, page_h = settings.page
    grid_w, grid_h = cols * w + (cols - 1) * g, rows * h + (rows - 1) * g
    x0, y0 = (page_w - grid_w) / 2, (page_h - grid_h) / 2
    slots = tuple(
        Slot(Box(x0 + c * (w + g), y0 + r * (h + g), w, h), turned)
        for r in range(rows)
        for c in range(cols)
    )
    return Sheet(page_w, page_h, cols, rows, slots)


def page_flip(settings: Settings) -> Affine:
    """Front page -> back page of the same sheet, as the printer turns it."""
    w, h = settings.page
    return mirror_x(w) if settings.flip == "long" else mirror_y(h)


def piece_flip(width: float) -> Affine:
    """Back-art frame -> front frame of a piece: turned over on its vertical axis."""
    return mirror_x(width)


def back_transform(front: Affine, width: float, settings: Settings) -> Affine:
    """Back-art frame -> back page, for a piece whose front is drawn through `front`. The back
    is behind its front as a piece turned over on its own vertical axis, like a page of a book,
    whatever the flip edge and whether or not the piece is turned on the page."""
    piece = piece_flip(width)
    dx, dy = settings.back_offset
    return piece.then(front).then(page_flip(settings)).then(translate(dx, dy))


def crop_marks(
    trims: list[Box], settings: Settings, neighbours: Sequence[Box] = ()
) -> list[tuple[float, float, float, float]]:
    """Crop marks (x0, y0, x1, y1) on the extensions of every cut line, outside the grid's bleed,
    at least MARK_EDGE from the page edge. `neighbours` (the bleed boxes of other pieces on the
    page, beside the grid) stop the marks of a side short of the middle of the gap between."""
    if not trims:
        return []
    p = settings.marks_area
    gap = settings.bleed + MARK_GAP
    y0, y1 = min(b.y for b in trims), max(b.y + b.h for b in trims)
    x0, x1 = min(b.x for b in trims), max(b.x + b.w for b in trims)
    top, bottom, left, right = y0 - gap, y1 + gap, x0 - gap, x1 + gap
    up = min(MARK_MAX, top - p.y)
    down = min(MARK_MAX, p.y + p.h - bottom)
    back = min(MARK_MAX, left - p.x)
    fwd = min(MARK_MAX, p.x + p.w - right)
    b, half = settings.bleed, MARK_CLEAR / 2
    for n in neighbours:  # marks end half the clear strip before the middle of the gap
        across = n.x < x1 + b and x0 - b < n.x + n.w  # above or below the grid
        along = n.y < y1 + b and y0 - b < n.y + n.h  # left or right of it
        if across and n.y + n.h <= y0 - b + 1e-6:
            up = min(up, top - ((n.y + n.h + y0 - b) / 2 + half))
        if across and n.y >= y1 + b - 1e-6:
            down = min(down, (n.y + y1 + b) / 2 - half - bottom)
        if along and n.x + n.w <= x0 - b + 1e-6:
            back = min(back, left - ((n.x + n.w + x0 - b) / 2 + half))
        if along and n.x >= x1 + b - 1e-6:
            fwd = min(fwd, (n.x + x1 + b) / 2 - half - right)
    xs = sorted({round(v, 4) for b in trims for v in (b.x, b.x + b.w)})
    ys = sorted({round(v, 4) for b in trims for v in (b.y, b.y + b.h)})
    marks: list[tuple[float, float, float, float]] = []
    for x in xs:
        if up >= MARK_SHORTEST:
            marks.append((x, top - up, x, top))
        if down >= MARK_SHORTEST:
            marks.append((x, bottom, x, bottom + down))
    for y in ys:
        if back >= MARK_SHORTEST:
            marks.append((left - back, y, left, y))
        if fwd >= MARK_SHORTEST:
            marks.append((right, y, right + fwd, y))
    return marks


@dataclass(frozen=True)
class Tile:
    """One page of a split board: `region` of the board (board frame) drawn at `slot`."""

    col: int
    row: int
    cols: int
    rows: int
    region: Box
    slot: Slot

    @property
    def label(self) -> str:
        return f"{chr(ord('A') + self.col)}{self.row + 1} of {self.cols}x{self.rows}"

    def transform(self) -> Affine:
        """Board frame -> page."""
        return translate(-self.region.x, -self.region.y).then(self.slot.transform())


def _split(length: float, room: float, overlap: float) -> tuple[int, float]:
    if length <= room + 1e-6:
        return 1, length
    n = math.ceil((length - overlap) / (room - overlap) - 1e-9)
    return n, (length + (n - 1) * overlap) / n


def tiles(width: float, height: float, settings: Settings, overlap: float = mm(10)) -> list[Tile]:
    """Tiles of a board larger than the page, fewest pages first (upright on ties)."""
    u = settings.usable
    page_w, page_h = settings.page
    best: list[Tile] | None = None
    for turned in (False, True):
        room_w, room_h = (u.h, u.w) if turned else (u.w, u.h)  # room in the board's frame
        cols, tw = _split(width, room_w, overlap)
        rows, th = _split(height, room_h, overlap)
        sw, sh = (th, tw) if turned else (tw, th)
        slot = Slot(Box((page_w - sw) / 2, (page_h - sh) / 2, sw, sh), turned)
        found = [
            Tile(c, r, cols, rows, Box(c * (tw - overlap), r * (th - overlap), tw, th), slot)
            for r in range(rows)
            for c in range(cols)
        ]
        if best is None or len(found) < len(best):
            best = found
    assert best is not None
    return best
