"""The paper: the page geometry computed once (Paper) from the options of a build (Settings,
pnp.settings), which every planning step reads. Pure geometry, points, y down.

- The printable area is the page less `margin` (6 mm by default, safe for home printers). Pieces
  (with their bleed) stay inside it.
- Each component has its bleed (`bleed_of`: the build's --bleed when given, else the component's
  `bleed:`, else DEFAULT_BLEED for a piece with a coloured background and none for the others),
  and its pieces are laid out on the Paper of that bleed (`Paper.cut_for`): trim boxes `space`
  apart (the gutter: twice the bleed, and TOKEN_SPACE more between round tokens, so that their
  colours never touch and each has its own crop marks). Crop marks lie on the extensions of the
  cut lines, outside every trim (and bleed) box, starting MARK_GAP beyond the bleed, MARK_MIN to
  MARK_MAX long, never nearer than MARK_EDGE to the page edge, where home printers (which keep 4-5
  mm margins) still print them. Beside another group of pieces on the same page they are
  INNER_MARK long (pnp.imposition.packing): the groups' marks never meet, and a clear strip of
  MARK_CLEAR runs between them.
- Backs go on the next page at the mirrored place: flipping the sheet on its long edge mirrors x,
  on its short edge mirrors y. The back art is drawn so that a cut piece turned over sideways
  (on its own vertical axis, like the page of a book) shows its back upright, whatever the flip
  edge and whether the piece is turned on the page: the printed piece does not depend on the
  printer's duplex setting (so on short-edge back pages the backs of upright pieces stand upside
  down, and on long-edge back pages those of pieces turned a quarter).
  `back_offset` (mm from --back-offset, in points here) shifts the backs.
- A printer profile (pnp.printer_profile) may add an unprintable margin (`unprintable`): nothing
  is drawn nearer the page edge than `Paper.edge` (MARK_EDGE, or that margin when larger), and
  the printable margin is at least PROFILE_ROOM more (the guide's text stays inside it), so
  fewer pieces may fit on a page; and a scale (`scale`): every page is drawn at that factor
  about its centre (`Paper.page_transform`), to make up for a printer that shrinks or enlarges
  what it prints. The page is then planned at 1/scale (`width`, `height`, `margin` and `edge`
  divided by it; the paper itself is `sheet`), so that once drawn at that scale every mark,
  piece and footer lies where it would on an unscaled page: inside the printer's margin.
"""

from __future__ import annotations

from dataclasses import replace

from pnp.draw.bleed import has_background
from pnp.geometry import IDENTITY, Affine, inset, mirror_x, mirror_y, translate
from pnp.model import Box, Component
from pnp.record import record
from pnp.settings import Settings
from pnp.units import mm

PAPERS: dict[str, tuple[float, float]] = {
    "a4": (mm(210), mm(297)),
    "letter": (612.0, 792.0),
}
MARK_GAP = mm(1.5)  # from the bleed edge of the grid to the start of a crop mark
MARK_MIN = mm(3.0)  # the shortest crop mark; the grid always leaves room for it
MARK_MAX = mm(6.0)  # the longest crop mark
MARK_EDGE = mm(5.0)  # crop marks stop this far from the page edge (home printers' margins)
MARK_SHORTEST = mm(1.0)  # a side with less room than this gets no marks
MARK_CLEAR = mm(2.0)  # between the marks of two neighbouring grids: a clear strip to cut along
INNER_MARK = mm(3.0)  # crop marks beside another group of pieces (as long as MARK_MIN)
DEFAULT_BLEED = mm(3.0)  # the bleed of a piece with a coloured background
TOKEN_SPACE = mm(3.0)  # between the bleeds of round tokens: they never touch
LEAST_BLEED = mm(1.0)  # a piece (or board) too big for full crop marks may print with this little
FOOTER_SIZE = 6.5  # points: the footer line under a sheet's pieces
FOOTER_BASELINE = MARK_EDGE + mm(0.7)  # from the page's bottom edge: its descenders clear MARK_EDGE
FOOTER_TOP = FOOTER_BASELINE + mm(2.1)  # from the bottom edge: above its capitals, a little room
FOOTER_GAP = mm(0.3)  # between the crop marks and the footer's line
# below the bleed of the lowest pieces: the shortest crop marks, then the footer's line
FOOTER_ROOM = MARK_GAP + MARK_MIN + FOOTER_GAP + FOOTER_TOP
PROFILE_ROOM = mm(1.0)  # the printable margin beyond a printer's unprintable one (as 6 mm to 5)


@record
class Paper:
    """One paper as the imposition sees it, made from Settings once (`Paper.of`)."""

    name: str  # a key of PAPERS
    width: float
    height: float
    margin: float
    bleed: float  # the bleed of the pieces laid out on this Paper (see cut_for)
    space: float  # the gap between neighbouring trim boxes
    flip: str  # long | short
    back_offset: tuple[float, float]
    bleed_setting: float | None = None  # the build's --bleed (None: each component's own)
    gutter: float | None = None  # the build's --gutter
    die_cut: bool = False  # pieces abut, one cut between neighbours (no gutter)
    edge: float = MARK_EDGE  # nothing is drawn nearer the page edge than this
    scale: float = 1.0  # every page drawn at this factor about its centre
    printer: str = ""  # the printer profile's name ("" for none)

    @classmethod
    def of(cls, settings: Settings) -> Paper:
        """The paper of `settings`, laid out for pieces of the build's bleed (none when each
        component has its own: `cut_for` gives the Paper of a component)."""
        width, height = PAPERS[settings.paper]
        reach = settings.unprintable
        margin = max(settings.margin, reach + PROFILE_ROOM) if reach else settings.margin
        s = settings.scale  # the page is planned at 1/s, so that drawn at s it fills the paper
        paper = cls(
            settings.paper,
            width / s,
            height / s,
            margin / s,
            0.0,
            0.0,
            settings.flip,
            settings.back_offset,
            settings.bleed,
            settings.gutter,
            edge=max(MARK_EDGE, reach) / s,
            scale=s,
            printer=settings.printer,
        )
        return paper.cut(settings.bleed or 0.0)

    def cut(self, bleed: float, round_pieces: bool = False, die_cut: bool = False) -> Paper:
        """This paper laid out for pieces with `bleed`: gutters of twice the bleed (TOKEN_SPACE
        more between round pieces, whose colour would touch), or --gutter when larger; none
        between the pieces of a die-cut sheet, which abut (their bleed runs outside the grid
        only: inside it, each piece's colour runs under its neighbour's, pnp.imposition.plan)."""
        if die_cut:
            return replace(self, bleed=bleed, space=0.0, die_cut=True)
        least = 2 * bleed + (TOKEN_SPACE if round_pieces else 0.0)
        space = max(least, self.gutter or 0.0)
        return replace(self, bleed=bleed, space=space, die_cut=False)

    def cut_for(self, component: Component) -> Paper:
        """This paper laid out for the pieces of `component` (its bleed, its gutters, or none
        on a die-cut sheet: `Component.cut_as_die`)."""
        bleed = bleed_of(component, self.bleed_setting)
        return self.cut(bleed, component.kind == "token", component.cut_as_die)

    @property
    def printable(self) -> Box:
        """The page less the margin."""
        m = self.margin
        return Box(m, m, self.width - 2 * m, self.height - 2 * m)

    @property
    def marks_area(self) -> Box:
        """Where crop marks may go: the page less `edge`."""
        e = self.edge
        return Box(e, e, self.width - 2 * e, self.height - 2 * e)

    @property
    def tight(self) -> Box:
        """The printable area less the bleed: for a piece too big for `usable`."""
        return inset(self.printable, self.bleed)

    @property
    def marked(self) -> Box:
        """Where trim boxes may go with room for the shortest crop marks on every side before
        MARK_EDGE (and none for a footer under them): a piece too big for `usable`, alone on its
        page, goes here, centred, its footer between its bottom marks; so do a board's tiles."""
        d = max(self.margin, self.edge + MARK_MIN + MARK_GAP) + self.bleed
        return Box(d, d, self.width - 2 * d, self.height - 2 * d)

    @property
    def usable(self) -> Box:
        """Where trim boxes may go: inside the printable area less the bleed, leaving room for
        the shortest crop marks before MARK_EDGE, and at the bottom for the shortest crop marks
        above the footer's line (FOOTER_ROOM): every sheet's footer is centred under its pieces,
        clear of their marks."""
        d = max(self.margin, self.edge + MARK_MIN + MARK_GAP) + self.bleed
        foot = max(self.margin, self.footer_top + FOOTER_GAP + MARK_MIN + MARK_GAP) + self.bleed
        return Box(d, d, self.width - 2 * d, self.height - d - foot)

    def raised(self, top: float, bottom: float, least: float) -> float:
        """How far to move up pieces whose bleed boxes span `top` to `bottom` (y down), so
        that the footer fits under their crop marks (FOOTER_ROOM), their top staying at `least`
        or lower: the grid keeps its place when it already leaves the room, and the footer is
        left out when no move gives it."""
        short = bottom - (self.height - FOOTER_ROOM - self.edge + MARK_EDGE)
        return max(0.0, min(short, top - least))

    @property
    def footer_baseline(self) -> float:
        """The footer's baseline, from the page's bottom edge (FOOTER_BASELINE, moved in
        with `edge`)."""
        return FOOTER_BASELINE - MARK_EDGE + self.edge

    @property
    def footer_top(self) -> float:
        """The top of the footer's line, from the page's bottom edge (FOOTER_TOP, moved in
        with `edge`)."""
        return FOOTER_TOP - MARK_EDGE + self.edge

    @property
    def sheet(self) -> tuple[float, float]:
        """The paper's own width and height: the page as written (`width` and `height` are
        the page as planned, at 1/scale)."""
        return PAPERS[self.name]

    @property
    def reach(self) -> float:
        """How near the paper's edge anything is drawn, on the page as written (`edge` at
        `scale`): MARK_EDGE, or a printer profile's margin when larger."""
        return self.edge * self.scale

    def page_transform(self) -> Affine:
        """Page frame -> the page as written: scaled by `scale`, the planned page's centre onto
        the paper's (the planned page is the paper at 1/scale: the same centre, scaled)."""
        if self.scale == 1.0:
            return IDENTITY
        s = self.scale
        return Affine(s, 0.0, 0.0, s, 0.0, 0.0)

    def page_flip(self) -> Affine:
        """Front page -> back page of the same sheet, as the printer turns it."""
        return mirror_x(self.width) if self.flip == "long" else mirror_y(self.height)

    def back_transform(self, front: Affine, width: float) -> Affine:
        """Back-art frame -> back page, for a piece `width` wide whose front is drawn through
        `front`. The back is behind its front as a piece turned over on its own vertical axis,
        like a page of a book, whatever the flip edge and whether the piece is turned."""
        dx, dy = self.back_offset
        return piece_flip(width).then(front).then(self.page_flip()).then(translate(dx, dy))


def bleed_of(component: Component, setting: float | None = None) -> float:
    """The bleed a component's pieces print with: the build's --bleed (`setting`) when given,
    else the component's `bleed:`, else DEFAULT_BLEED when a face of it has a coloured
    background reaching the cut line (pnp.draw.bleed.has_background), else none."""
    if setting is not None:
        return setting
    if component.bleed is not None:
        return component.bleed
    return DEFAULT_BLEED if has_background(component) else 0.0


def piece_flip(width: float) -> Affine:
    """Back-art frame -> front frame of a piece: turned over on its vertical axis."""
    return mirror_x(width)


def printable_areas() -> list[tuple[float, float]]:
    """(width, height) in points of each paper's printable area with the default margin,
    portrait, papers in name order."""
    areas = [Paper.of(Settings(paper=name)).printable for name in sorted(PAPERS)]
    return [(area.w, area.h) for area in areas]
