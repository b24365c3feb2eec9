"""The sheets of a kit after its guide: every component in print order, consecutive components
sharing sheets (pnp.imposition.packing), each front page followed by its back page. Pure:
Components + Paper -> plan.

Sheets (kind sheet), split boards and pieces too big to leave room for full crop marks keep
their own pages (component_plan). On a shared back page a piece with no back leaves its place
blank; a back page with nothing on it carries the light "no back" note.
"""

from __future__ import annotations

from dataclasses import dataclass

from pnp.draw.textfit import text_width
from pnp.imposition.component_plan import ComponentPlan, plan_component
from pnp.imposition.grid import fits_usable
from pnp.imposition.packing import PackedPage, block_marks, pack
from pnp.imposition.paper import Paper
from pnp.imposition.plan import NOTE_SIZE, Piece, SheetPlan, copies, pieces_sheet
from pnp.model import Component


@dataclass(frozen=True)
class KitPlan:
    """A kit's sheets, front pages numbered from `first`, and what the guide says of them."""

    components: tuple[Component, ...]
    paper: Paper
    first: int  # the page number of the first front page (after the guide)
    sheets: tuple[SheetPlan, ...]
    tiles: tuple[str, ...]  # per component: "2x2" for a split board, else ""
    groups: bool  # some sheet holds several groups of pieces, to cut apart first


@dataclass(frozen=True)
class _Packed:
    """One packed sheet: the component and face of each piece of its run, and the page."""

    owners: tuple[int, ...]
    faces: tuple[int, ...]
    page: PackedPage


def alone(component: Component, paper: Paper) -> bool:
    """True for a component that keeps its own pages."""
    return (
        component.kind == "sheet"
        or component.split
        or not fits_usable(component.width, component.height, paper)
    )


def plan_kit(components: tuple[Component, ...], paper: Paper, first: int = 3) -> KitPlan:
    """The sheets of `components` (double-sided), front pages numbered from `first` (the page
    after the guide).

    Raises InputError when a component fits no page and is not a split board."""
    items: list[_Packed | ComponentPlan] = []
    group: list[int] = []

    def flush() -> None:
        owners = tuple(i for i in group for _ in copies(components[i]))
        faces = tuple(f for i in group for f in copies(components[i]))
        sizes = [(components[i].width, components[i].height) for i in owners]
        items.extend(_Packed(owners, faces, page) for page in pack(sizes, paper))
        group.clear()

    tiles = [""] * len(components)
    for index, component in enumerate(components):
        if alone(component, paper):
            flush()
            planned = plan_component(component, paper, duplex=True, index=index)
            tiles[index] = planned.tiles
            items.append(planned)
        else:
            if component.new_page:
                flush()
            group.append(index)
    flush()
    count = sum(1 if isinstance(item, _Packed) else len(item.sheets) for item in items)
    total = first - 1 + 2 * count
    sheets: list[SheetPlan] = []
    for item in items:
        if isinstance(item, _Packed):
            number = first + 2 * len(sheets)
            sheets.append(_packed_sheet(components, item, number, total, paper))
        else:
            sheets += item.sheets
    groups = any(len(item.page.blocks) > 1 for item in items if isinstance(item, _Packed))
    return KitPlan(components, paper, first, tuple(sheets), tuple(tiles), groups)


def _names(components: list[Component]) -> str:
    return ", ".join(dict.fromkeys(c.title or c.name for c in components))


def _note(long: str, short: str, paper: Paper) -> str:
    """`long` when it fits across the printable area, else `short`."""
    fits = text_width(long, "Vera", NOTE_SIZE) <= paper.printable.w - 4
    return long if fits else short


def _packed_sheet(
    components: tuple[Component, ...], sheet: _Packed, number: int, total: int, paper: Paper
) -> SheetPlan:
    """The front page (numbered `number` of `total`) and the back page of one packed sheet."""
    pieces: list[Piece] = []
    holds: dict[int, int] = {}
    for block in sheet.page.blocks:
        for index, slot in zip(block.pieces, block.slots, strict=True):
            owner = sheet.owners[index]
            pieces.append((components[owner], sheet.faces[index], slot))
            holds[owner] = holds.get(owner, 0) + 1
    marks = [segment for block in block_marks(sheet.page, paper) for segment in block]
    where, back_where = f"page {number} of {total}", f"page {number + 1} of {total}"
    on_page = [component for component, _, _ in pieces]
    names = _names(on_page)
    front = _note(f"{names} — fronts, {where}", f"fronts, {where}", paper)
    with_back = [c for c in on_page if c.back is not None]
    if with_back:
        back = _note(f"{_names(with_back)} — backs, {back_where}", f"backs, {back_where}", paper)
    else:
        back = _note(
            f"{names} have no back: this side stays blank ({back_where})",
            f"no backs: this side stays blank ({back_where})",
            paper,
        )
    return pieces_sheet(pieces, marks, (front, back), tuple(holds.items()), paper)
