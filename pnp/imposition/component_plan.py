"""The sheets of one component on its own pages: its pieces in a grid (pnp.imposition.grid),
page after page, each front followed by its back page when printed double-sided; a split board
tile by tile (pnp.imposition.tiles). Pure: Component + Paper -> plan."""

from __future__ import annotations

from dataclasses import replace

from deaddrop.errors import InputError
from pnp.geometry import outset
from pnp.imposition.grid import fits_marked, layout_cut, piece_grid
from pnp.imposition.marks import crop_marks
from pnp.imposition.paper import LEAST_BLEED, MARK_EDGE, MARK_GAP, Paper, piece_flip
from pnp.imposition.plan import (
    LABEL_COLOUR,
    Note,
    Place,
    SheetPlan,
    copies,
    page_plan,
    pieces_sheet,
)
from pnp.imposition.tiles import board_layout
from pnp.model import Component
from pnp.record import record
from pnp.units import mm, to_mm


@record
class ComponentPlan:
    """The sheets of one component, and what the guide says about them."""

    sheets: tuple[SheetPlan, ...]
    per_page: int  # pieces per front page (0 for a split board)
    tiles: str = ""  # "2x2" for a split board


def plan_component(
    component: Component, paper: Paper, duplex: bool = True, index: int = 0
) -> ComponentPlan:
    """Every sheet of `component` (the kit's component number `index`): fronts, each with its
    back page when `duplex` and the component has a back.

    Raises InputError when the component does not fit the page and is not a split board."""
    paper = _with_full_marks(component, layout_cut(component, paper))
    grid = piece_grid(component.width, component.height, paper)
    if grid is None:
        if component.split:
            return _plan_board(component, paper, duplex, index)
        w, h = to_mm(component.width), to_mm(component.height)
        where, fix = paper.name, ""
        limits = []  # what a printer profile took of the page
        if paper.reach > MARK_EDGE + 1e-9:
            limits.append(f"cannot print within {round(to_mm(paper.reach), 1):g} mm of the edge")
            fix = " give the printer a smaller --margin,"
        if paper.scale > 1.0 + 1e-9:
            limits.append(
                f"prints at {100 / paper.scale:.1f}% (every page drawn at "
                f"{100 * paper.scale:.1f}% to make up for it)"
            )
        if limits:
            where += f" on printer '{paper.printer}', which {' and '.join(limits)}"
        raise InputError(
            f"{component.source.file or component.game}: components.{component.name}: "
            f"{w:.0f}x{h:.0f} mm does not fit the printable area of {where} "
            f"(make it smaller,{fix} or set split: true for a board)"
        )
    faces = copies(component)
    per = grid.per_page
    chunks = [faces[i : i + per] for i in range(0, len(faces), per)]
    title = component.title or component.name
    sheets: list[SheetPlan] = []
    for number, chunk in enumerate(chunks, start=1):
        if len(chunk) < per:
            grid = piece_grid(component.width, component.height, paper, len(chunk))
            assert grid is not None
        slots = grid.slots[: len(chunk)]
        pieces = [
            (component, face, slot, paper.bleed) for slot, face in zip(slots, chunk, strict=True)
        ]
        marks = crop_marks([s.box for s in slots], paper)
        where = f"sheet {number} of {len(chunks)}"
        notes = (f"{title} — fronts, {where}", f"{title} — backs, {where}")
        holds = ((index, len(chunk)),)
        sheets.append(pieces_sheet(pieces, marks, notes, holds, paper, duplex))
    return ComponentPlan(tuple(sheets), per)


def _with_full_marks(component: Component, paper: Paper) -> Paper:
    """`paper` laid out for `component`, its bleed made smaller (in half-millimetre steps, to
    LEAST_BLEED) when that lets a piece too big for full crop marks have them, else the largest
    such bleed that lets it on the page at all (shorter marks: a printer profile's scale or
    margin left less room); unchanged when the build's --bleed was given or no smaller bleed
    helps."""
    w, h = component.width, component.height
    if component.split or paper.bleed_setting is not None or fits_marked(w, h, paper):
        return paper
    placed = piece_grid(w, h, paper) is not None
    bleed = paper.bleed - mm(0.5)
    fallback = paper
    while bleed >= LEAST_BLEED - 1e-6:
        smaller = replace(paper, bleed=bleed)
        if fits_marked(w, h, smaller):
            return smaller
        if not placed and piece_grid(w, h, smaller) is not None:
            placed, fallback = True, smaller
        bleed -= mm(0.5)
    return fallback


def _plan_board(component: Component, paper: Paper, duplex: bool, index: int) -> ComponentPlan:
    """A board larger than the page: a tile per sheet, labelled, its back behind it (when the
    board has one). Each tile's art runs `paper.bleed` past its cut line."""
    w = component.width
    paper, tiles = board_layout(component, paper)
    title = component.title or component.name
    bleed = paper.bleed
    sheets: list[SheetPlan] = []
    for tile in tiles:
        slot = tile.slot.box
        trims = [slot]
        clip = outset(tile.region, bleed)
        place = Place(component, 0, tile.transform(), bleed, clip=clip, tile=tile)
        label = f"{title}: {tile.label}"
        top = slot.y - bleed - MARK_GAP - 1.5
        notes = [Note(slot.x + mm(4), top, label, LABEL_COLOUR, "start")]
        front = page_plan([place], crop_marks(trims, paper), notes, trims, paper)
        back = None
        if duplex and component.back is not None:
            t = paper.back_transform(tile.transform(), w)
            behind = piece_flip(w).map_box(clip)  # the tile's region in the back art
            back_box = t.map_box(piece_flip(w).map_box(tile.region))
            back = page_plan(
                [Place(component, 0, t, bleed, clip=behind)], (), (), [back_box], paper
            )
        sheets.append(SheetPlan(front, back, ((index, 1),), tile.label))
    cols, rows = tiles[0].cols, tiles[0].rows
    return ComponentPlan(tuple(sheets), 0, f"{cols}x{rows}")
