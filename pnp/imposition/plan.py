"""The plan of printed sheets, pure data: which piece (component and face) goes where on which
page, front or back, with its crop marks and notes. The planners (component_plan, kit_plan)
make it from Paper; sheet_ops draws it, and reads nothing else.

A sheet none of whose pieces has a back has no back page: it prints single-sided (the print
guide lists which pages go double-sided and which single).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import replace

from pnp.draw.textfit import text_width
from pnp.geometry import Affine, outset, union
from pnp.imposition.grid import Slot
from pnp.imposition.marks import Segment
from pnp.imposition.paper import FOOTER_GAP, FOOTER_SIZE, Paper
from pnp.imposition.tiles import Tile
from pnp.model import Box, Component
from pnp.record import record

NOTE_SIZE = FOOTER_SIZE  # points, every note on a sheet
NOTE_COLOUR = "#8a8a8a"  # the notes in the bottom margin
LABEL_COLOUR = "#444444"  # the label of a board's tile


@record
class Place:
    """One piece on a page: the art of `face` of `component` drawn through `transform` (art
    frame -> page), clipped to `clip` (art frame) when given."""

    component: Component
    face: int
    transform: Affine
    bleed: float = 0.0  # how far full-size backgrounds reach past the trim line
    cut_guide: bool = False  # draw the light cut line over the art
    clip: Box | None = None
    tile: Tile | None = None  # a board's tile: its front shows where the next tiles go


@record
class Note:
    """A line of small text on the page; (x, y) on its baseline."""

    x: float
    y: float
    text: str
    colour: str = NOTE_COLOUR
    anchor: str = "middle"  # start | middle | end


@record
class PagePlan:
    """One page: its pieces, crop marks and notes, and its TrimBox and BleedBox."""

    width: float
    height: float
    places: tuple[Place, ...]
    marks: tuple[Segment, ...]
    notes: tuple[Note, ...]
    trim: Box
    bleed: Box


@record
class SheetPlan:
    """One printed sheet: a front page and, printed double-sided, the back page behind it."""

    front: PagePlan
    back: PagePlan | None
    holds: tuple[tuple[int, int], ...]  # (component index, pieces on this sheet), print order
    tile: str = ""  # "A1 of 2x2" on a sheet of a split board
    group: str = ""  # the value of its pieces' sheets_by column ("English"), when they share one


def page_plan(
    places: Sequence[Place],
    marks: Sequence[Segment],
    notes: Sequence[Note],
    trims: Sequence[Box],
    paper: Paper,
    bleeds: Sequence[float] | None = None,
) -> PagePlan:
    """A page of `paper` whose TrimBox holds `trims` (the whole page when there are none) and
    whose BleedBox holds them grown by their `bleeds` (each, else the paper's bleed)."""
    trim = union(list(trims)) if trims else Box(0, 0, paper.width, paper.height)
    if bleeds is None:
        bleeds = [paper.bleed] * len(trims)
    bleed = union([outset(t, b) for t, b in zip(trims, bleeds, strict=True)]) if trims else trim
    return PagePlan(
        paper.width, paper.height, tuple(places), tuple(marks), tuple(notes), trim, bleed
    )


def footer(
    text: str,
    trims: Sequence[Box],
    paper: Paper,
    bleeds: Sequence[float] | None = None,
    marks: Sequence[Segment] = (),
) -> tuple[Note, ...]:
    """A small note in the bottom margin, its baseline Paper.footer_baseline from the edge:
    centred under the crop marks `marks` when it clears them (the grid is raised to leave it
    room when it can: Paper.raised), else between two of the marks along the bottom, where it
    clears them and the pieces' bleed; none when neither fits."""
    if bleeds is None:
        bleeds = [paper.bleed] * len(trims)
    bottom = max((b.y + b.h + e for b, e in zip(trims, bleeds, strict=True)), default=0.0)
    top = paper.height - paper.footer_top - FOOTER_GAP  # the lowest anything above it may go
    baseline = paper.height - paper.footer_baseline
    if bottom > top + 1e-6:
        return ()
    middle = paper.width / 2
    low = [m for m in marks if max(m[1], m[3]) > top + 1e-6]
    if not low:
        return (Note(middle, baseline, text),)
    ends = {m[0] for m in low} | {m[2] for m in low}
    edges = sorted({paper.edge, paper.width - paper.edge} | ends)
    gaps = [
        (a, b)
        for a, b in zip(edges, edges[1:], strict=False)
        if not any(a < m[0] < b or a < m[2] < b for m in low)
    ]
    # the whole line, else what follows its dash ("fronts, page 3 of 12")
    for line in (text, text.split(" — ", 1)[-1]):
        half = (text_width(line, "Vera", NOTE_SIZE) + FOOTER_GAP * 2) / 2
        at = [min(max(middle, a + half), b - half) for a, b in gaps if b - a >= 2 * half]
        if at:
            return (Note(min(at, key=lambda x: abs(x - middle)), baseline, line),)
    return ()


def copies(component: Component) -> list[int]:
    """Face indices, one per printed piece, in order."""
    if not component.faces:
        return [0]
    return [i for i, face in enumerate(component.faces) for _ in range(face.count)]


Piece = tuple[Component, int, Slot, float]  # a component's face at a slot, with its bleed


def pieces_sheet(
    pieces: Sequence[Piece],
    marks: Sequence[Segment],
    notes: tuple[str, str],
    holds: tuple[tuple[int, int], ...],
    paper: Paper,
    duplex: bool = True,
) -> SheetPlan:
    """A sheet of whole pieces: their fronts, with the crop marks `marks` and the note
    `notes[0]`, and, `duplex`, the back page behind them, with the note `notes[1]`. A sheet
    none of whose pieces has a back has no back page: it prints single-sided."""
    fronts: list[Place] = []
    trims: list[Box] = []
    bleeds: list[float] = []
    transforms: list[Affine] = []
    for component, face, slot, bleed in pieces:
        transform = slot.transform()
        transforms.append(transform)
        fronts.append(_front(component, face, transform, bleed))
        trims.append(slot.box)
        bleeds.append(bleed)
    fronts = _under_neighbours(fronts, trims, list(range(len(fronts))))
    foot = footer(notes[0], trims, paper, bleeds, marks)
    front = page_plan(fronts, marks, foot, trims, paper, bleeds)
    if not duplex or all(component.back is None for component, _, _, _ in pieces):
        return SheetPlan(front, None, holds)
    backs: list[Place] = []
    back_trims: list[Box] = []
    at: list[int] = []  # the slot of each back drawn
    for (component, face, _, bleed), transform in zip(pieces, transforms, strict=True):
        t = paper.back_transform(transform, component.width)
        back_trims.append(t.map_box(Box(0, 0, component.width, component.height)))
        if component.back is not None:  # else its place on the back page stays blank
            at.append(len(back_trims) - 1)
            backs.append(Place(component, face, t, bleed))
    backs = _under_neighbours(backs, back_trims, at)
    back_notes = footer(notes[1], back_trims, paper, bleeds)
    back = page_plan(backs, (), back_notes, back_trims, paper, bleeds)
    return SheetPlan(front, back, holds)


def _under_neighbours(places: list[Place], trims: Sequence[Box], at: Sequence[int]) -> list[Place]:
    """The places (each at slot `at[i]` of the page's `trims`, drawn in order) with the bleed
    of a die-cut sheet: where a piece abuts a slot drawn before it, or left blank, its art stops
    on the cut line between them; elsewhere it runs its bleed past the cut, under the neighbour
    drawn after it. A shared cut thus falls inside colour on both sides, and no piece's bleed
    covers another piece."""
    later = {slot: i for i, slot in enumerate(at)}
    touching = _touching(trims)
    out: list[Place] = []
    for i, (place, slot) in enumerate(zip(places, at, strict=True)):
        box, b = trims[slot], place.bleed
        if b <= 0:
            out.append(place)
            continue

        # the sides where a slot drawn before this piece, or left blank, abuts it
        stops = set()
        for side in SIDES:
            for j in touching(box, side):
                if j != slot and later.get(j, -1) < i and _abuts(box, trims[j], side):
                    stops.add(side)
                    break
        x0 = box.x if "left" in stops else box.x - b
        y0 = box.y if "top" in stops else box.y - b
        x1 = box.x + box.w if "right" in stops else box.x + box.w + b
        y1 = box.y + box.h if "bottom" in stops else box.y + box.h + b
        if (x0, y0, x1, y1) == (box.x - b, box.y - b, box.x + box.w + b, box.y + box.h + b):
            out.append(place)
            continue
        clip = place.transform.inverse().map_box(Box(x0, y0, x1 - x0, y1 - y0))
        out.append(replace(place, clip=clip))
    return out


SIDES = ("left", "top", "right", "bottom")


def _touching(trims: Sequence[Box]) -> Callable[[Box, str], list[int]]:
    """A lookup of the slots whose facing edge lies within 0.02pt of a box's `side` and whose
    extent along that side meets the box's (those that may abut it there; some twice): an index
    of the trims' edges, in hundredths of a point, and of their extents, in cells of SPAN points,
    so that a sheet of hundreds of counters is not compared pair by pair. Made at the first
    look-up (a sheet whose pieces have no bleed asks none)."""
    facing: dict[str, dict[tuple[int, int], list[int]]] = {}

    def index() -> None:
        facing.update({side: {} for side in SIDES})
        for j, t in enumerate(trims):
            across = _cells(t.y, t.y + t.h)  # the extent along a left or right side
            along = _cells(t.x, t.x + t.w)  # along a top or bottom side
            for side, at, cells in (
                ("left", t.x + t.w, across),  # a slot on a box's left shows its right edge
                ("right", t.x, across),
                ("top", t.y + t.h, along),
                ("bottom", t.y, along),
            ):
                key = round(at * 100)
                for cell in cells:
                    facing[side].setdefault((key, cell), []).append(j)

    def lookup(box: Box, side: str) -> list[int]:
        if not facing:
            index()
        if side == "left":
            edge, cells = box.x, _cells(box.y, box.y + box.h)
        elif side == "right":
            edge, cells = box.x + box.w, _cells(box.y, box.y + box.h)
        elif side == "top":
            edge, cells = box.y, _cells(box.x, box.x + box.w)
        else:
            edge, cells = box.y + box.h, _cells(box.x, box.x + box.w)
        key = round(edge * 100)
        get = facing[side].get
        found: list[int] = []
        for k in range(key - 2, key + 3):
            for cell in cells:
                near = get((k, cell))
                if near:
                    found += near
        return found

    return lookup


SPAN = 72.0  # points: the cells of the edges' extents in _touching


def _cells(lo: float, hi: float) -> range:
    """The cells of SPAN points that the extent lo..hi meets (floor is monotone: two extents
    that overlap share a cell)."""
    lo, hi = min(lo, hi), max(lo, hi)
    return range(math.floor(lo / SPAN), math.floor(hi / SPAN) + 1)


def _abuts(box: Box, other: Box, side: str, tol: float = 0.01) -> bool:
    """Whether `other` touches `box` along its `side` (left, top, right, bottom)."""
    if side in ("left", "right"):
        edge = box.x if side == "left" else box.x + box.w
        touch = other.x + other.w if side == "left" else other.x
        span = min(box.y + box.h, other.y + other.h) - max(box.y, other.y)
    else:
        edge = box.y if side == "top" else box.y + box.h
        touch = other.y + other.h if side == "top" else other.y
        span = min(box.x + box.w, other.x + other.w) - max(box.x, other.x)
    return abs(edge - touch) <= tol and span > tol


def _front(component: Component, face: int, transform: Affine, bleed: float) -> Place:
    """A piece's front, with its bleed, and its light cut line where the cut is not straight:
    round tokens, and rounded corners where no bleed lets them be cut square."""
    cut = component.kind == "token" or (component.corner > 0 and bleed == 0)
    return Place(component, face, transform, bleed, cut)
