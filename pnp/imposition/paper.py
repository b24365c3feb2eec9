"""The paper: the options of a build (Settings) and the page geometry computed from them once
(Paper), which every planning step reads. Pure geometry, points, y down.

- The printable area is the page less `margin` (6 mm by default, safe for home printers). Pieces
  (with their bleed) stay inside it.
- Trim boxes sit `space` apart (the gutter, at least twice the bleed). Crop marks lie on the
  extensions of the cut lines, outside every trim (and bleed) box, starting MARK_GAP beyond the
  bleed, MARK_MIN to MARK_MAX long, never nearer than MARK_EDGE to the page edge: they may reach
  into the margin (so that 9 poker cards still fit on Letter), where a printer that clips its
  margin only shortens them. Beside another group of pieces on the same page they stop
  MARK_CLEAR / 2 short of the middle of the gap between the two.
- Backs go on the next page at the mirrored place: flipping the sheet on its long edge mirrors x,
  on its short edge mirrors y. The back art is drawn so that a cut piece turned over sideways
  (on its own vertical axis, like the page of a book) shows its back upright, whatever the flip
  edge and whether the piece is turned on the page: the printed piece does not depend on the
  printer's duplex setting (so on short-edge back pages the backs of upright pieces stand upside
  down, and on long-edge back pages those of pieces turned a quarter).
  `back_offset` (mm from --back-offset, in points here) shifts the backs.
"""

from __future__ import annotations

from dataclasses import dataclass

from pnp.geometry import Affine, inset, mirror_x, mirror_y, translate
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
    """How the build is asked to print (all lengths in points): `deaddrop build`'s options."""

    paper: str = "a4"
    margin: float = mm(6)
    gutter: float | None = None  # None: 0 without bleed, twice the bleed with it
    bleed: float = 0.0
    flip: str = "long"  # long | short
    back_offset: tuple[float, float] = (0.0, 0.0)


@dataclass(frozen=True)
class Paper:
    """One paper as the imposition sees it, made from Settings once (`Paper.of`)."""

    name: str  # a key of PAPERS
    width: float
    height: float
    margin: float
    bleed: float
    space: float  # the gap between neighbouring trim boxes
    flip: str  # long | short
    back_offset: tuple[float, float]

    @classmethod
    def of(cls, settings: Settings) -> Paper:
        width, height = PAPERS[settings.paper]
        least = 2 * settings.bleed
        space = least if settings.gutter is None else max(settings.gutter, least)
        return cls(
            settings.paper,
            width,
            height,
            settings.margin,
            settings.bleed,
            space,
            settings.flip,
            settings.back_offset,
        )

    @property
    def printable(self) -> Box:
        """The page less the margin."""
        m = self.margin
        return Box(m, m, self.width - 2 * m, self.height - 2 * m)

    @property
    def marks_area(self) -> Box:
        """Where crop marks may go: the page less MARK_EDGE."""
        e = MARK_EDGE
        return Box(e, e, self.width - 2 * e, self.height - 2 * e)

    @property
    def tight(self) -> Box:
        """The printable area less the bleed: for a piece too big for `usable`."""
        return inset(self.printable, self.bleed)

    @property
    def usable(self) -> Box:
        """Where trim boxes may go: inside the printable area less the bleed, leaving room for
        the shortest crop marks before MARK_EDGE."""
        d = max(self.margin, MARK_EDGE + MARK_MIN + MARK_GAP) + self.bleed
        return Box(d, d, self.width - 2 * d, self.height - 2 * d)

    def page_flip(self) -> Affine:
        """Front page -> back page of the same sheet, as the printer turns it."""
        return mirror_x(self.width) if self.flip == "long" else mirror_y(self.height)

    def back_transform(self, front: Affine, width: float) -> Affine:
        """Back-art frame -> back page, for a piece `width` wide whose front is drawn through
        `front`. The back is behind its front as a piece turned over on its own vertical axis,
        like a page of a book, whatever the flip edge and whether the piece is turned."""
        dx, dy = self.back_offset
        return piece_flip(width).then(front).then(self.page_flip()).then(translate(dx, dy))


def piece_flip(width: float) -> Affine:
    """Back-art frame -> front frame of a piece: turned over on its vertical axis."""
    return mirror_x(width)


def printable_areas() -> list[tuple[float, float]]:
    """(width, height) in points of each paper's printable area with the default margin,
    portrait, papers in name order."""
    areas = [Paper.of(Settings(paper=name)).printable for name in sorted(PAPERS)]
    return [(area.w, area.h) for area in areas]
