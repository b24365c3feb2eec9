"""The plan of printed sheets, pure data: which piece (component and face) goes where on which
page, front or back, with its crop marks and notes. The planners (component_plan, kit_plan)
make it from Paper; sheet_ops draws it, and reads nothing else.

A sheet none of whose pieces has a back has no back page: it prints single-sided (the print
guide lists which pages go double-sided and which single).
"""

from __future__ import annotations

from collections.abc import Sequence

from pnp.geometry import Affine, outset, union
from pnp.imposition.grid import Slot
from pnp.imposition.marks import Segment
from pnp.imposition.paper import MARK_GAP, MARK_MAX, Paper
from pnp.imposition.tiles import Tile
from pnp.model import Box, Component
from pnp.record import record

NOTE_SIZE = 6.5  # points, every note on a sheet
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
    text: str, trims: Sequence[Box], paper: Paper, bleeds: Sequence[float] | None = None
) -> tuple[Note, ...]:
    """A small note in the bottom margin, only where it clears the crop marks."""
    if bleeds is None:
        bleeds = [paper.bleed] * len(trims)
    bottom = max((b.y + b.h + e for b, e in zip(trims, bleeds, strict=True)), default=0.0)
    baseline = paper.height - paper.margin - 1.5
    if baseline - NOTE_SIZE < bottom + MARK_GAP + MARK_MAX + 1:
        return ()
    return (Note(paper.width / 2, baseline, text),)


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
    front = page_plan(fronts, marks, footer(notes[0], trims, paper, bleeds), trims, paper, bleeds)
    if not duplex or all(component.back is None for component, _, _, _ in pieces):
        return SheetPlan(front, None, holds)
    backs: list[Place] = []
    back_trims: list[Box] = []
    for (component, face, _, bleed), transform in zip(pieces, transforms, strict=True):
        t = paper.back_transform(transform, component.width)
        back_trims.append(t.map_box(Box(0, 0, component.width, component.height)))
        if component.back is not None:  # else its place on the back page stays blank
            backs.append(Place(component, face, t, bleed))
    back_notes = footer(notes[1], back_trims, paper, bleeds)
    back = page_plan(backs, (), back_notes, back_trims, paper, bleeds)
    return SheetPlan(front, back, holds)


def _front(component: Component, face: int, transform: Affine, bleed: float) -> Place:
    """A piece's front, with its bleed, and its light cut line where the cut is not straight:
    round tokens, and rounded corners where no bleed lets them be cut square."""
    cut = component.kind == "token" or (component.corner > 0 and bleed == 0)
    return Place(component, face, transform, bleed, cut)
