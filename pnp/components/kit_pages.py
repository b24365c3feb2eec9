"""A kit's pages after its guide: every component in print order, consecutive components sharing
sheets (pnp.packing), each front page followed by its back page. Pure: Components -> ops.Page.

Sheets (kind sheet), split boards and pieces too big to leave room for full crop marks keep
their own pages (sheets.impose_component). On a shared back page a piece with no back leaves its
place blank; a back page with nothing on it carries the light "no back" note, as before.
"""

from __future__ import annotations

from dataclasses import dataclass

from pnp import layout, ops, packing
from pnp.components.sheets import (
    MARK_COLOUR,
    NOTE_SIZE,
    Imposed,
    copies,
    footer,
    guide_wanted,
    impose_component,
    make_page,
)
from pnp.draw import cut_line, face_ops
from pnp.draw.textfit import text_width
from pnp.layout import Settings
from pnp.model import Box, Component


@dataclass(frozen=True)
class SheetContent:
    """What one printed sheet (a front page and its back page) holds."""

    pieces: tuple[tuple[int, int], ...]  # (component index, pieces on this sheet), in print order
    tile: str = ""  # "A1 of 2x2" on a page of a split board


@dataclass(frozen=True)
class KitPages:
    """Fronts and backs alternating, what each sheet holds, and how each component was laid."""

    pages: tuple[ops.Page, ...]
    sheets: tuple[SheetContent, ...]
    tiles: tuple[str, ...]  # per component: "2x2" for a split board, else ""
    packed: tuple[packing.PackedPage, ...]  # the shared (packed) front pages


def alone(component: Component, settings: Settings) -> bool:
    """True for a component that keeps its own pages."""
    return (
        component.kind == "sheet"
        or component.split
        or not packing.fits(component.width, component.height, settings)
    )


def _names(components: list[Component]) -> str:
    return ", ".join(dict.fromkeys(c.title or c.name for c in components))


def _note(long: str, short: str, settings: Settings) -> str:
    """`long` when it fits across the printable area, else `short`."""
    fits = text_width(long, "Vera", NOTE_SIZE) <= settings.printable.w - 4
    return long if fits else short


@dataclass(frozen=True)
class _Packed:
    """One packed sheet: the component and face of each piece of its run, and the page."""

    owners: tuple[int, ...]
    faces: tuple[int, ...]
    page: packing.PackedPage


def _packed_pages(
    components: tuple[Component, ...], sheet: _Packed, number: int, total: int, s: Settings
) -> list[ops.Page]:
    """The front page (numbered `number` of `total`) and the back page of one packed sheet."""
    front: list[ops.Op] = []
    back: list[ops.Op] = []
    trims: list[Box] = []
    back_trims: list[Box] = []
    on_page: list[Component] = []
    for block in sheet.page.blocks:
        for index, slot in zip(block.pieces, block.slots, strict=True):
            component, face = components[sheet.owners[index]], sheet.faces[index]
            on_page.append(component)
            art = face_ops(component, face, back=False, bleed=s.bleed)
            if guide_wanted(component, s):
                art = (*art, cut_line(component))
            front.append(ops.Group(art, slot.transform()))
            trims.append(slot.box)
            w, h = component.width, component.height
            t = layout.back_transform(slot.transform(), w, s)
            back_trims.append(t.map_box(Box(0, 0, w, h)))
            if component.back is not None:
                back.append(ops.Group(face_ops(component, face, back=True, bleed=s.bleed), t))
    front += [
        ops.Polyline(((x0, y0), (x1, y1)), MARK_COLOUR, 0.3)
        for marks in packing.block_marks(sheet.page, s)
        for x0, y0, x1, y1 in marks
    ]
    where, back_where = f"page {number} of {total}", f"page {number + 1} of {total}"
    names = _names(on_page)
    front += footer(_note(f"{names} — fronts, {where}", f"fronts, {where}", s), trims, s)
    with_back = [c for c in on_page if c.back is not None]
    if with_back:
        text = _note(f"{_names(with_back)} — backs, {back_where}", f"backs, {back_where}", s)
    else:
        text = _note(
            f"{names} have no back: this side stays blank ({back_where})",
            f"no backs: this side stays blank ({back_where})",
            s,
        )
    back += footer(text, back_trims, s)
    return [make_page(front, trims, s), make_page(back, back_trims, s)]


def _alone_sheets(index: int, component: Component, imposed: Imposed) -> list[SheetContent]:
    sheets: list[SheetContent] = []
    left = component.copies
    for n in range(imposed.sheets):
        if imposed.tiles:
            cols = int(imposed.tiles.split("x")[0])
            label = f"{chr(ord('A') + n % cols)}{n // cols + 1} of {imposed.tiles}"
            sheets.append(SheetContent(((index, 1),), label))
        else:
            here = min(left, imposed.per_page)
            sheets.append(SheetContent(((index, here),)))
            left -= here
    return sheets


def impose_kit(components: tuple[Component, ...], settings: Settings, first: int = 3) -> KitPages:
    """The pages of `components` (duplex), numbered from `first` (the page after the guide).

    Raises InputError when a component fits no page and is not a split board."""
    plan: list[_Packed | tuple[int, Imposed]] = []
    group: list[int] = []

    def flush() -> None:
        owners = tuple(i for i in group for _ in copies(components[i]))
        faces = tuple(f for i in group for f in copies(components[i]))
        sizes = [(components[i].width, components[i].height) for i in owners]
        plan.extend(_Packed(owners, faces, page) for page in packing.pack(sizes, settings))
        group.clear()

    tiles = [""] * len(components)
    for index, component in enumerate(components):
        if alone(component, settings):
            flush()
            imposed = impose_component(component, settings, duplex=True)
            tiles[index] = imposed.tiles
            plan.append((index, imposed))
        else:
            group.append(index)
    flush()
    count = sum(2 if isinstance(item, _Packed) else len(item[1].pages) for item in plan)
    total = first - 1 + count
    pages: list[ops.Page] = []
    sheets: list[SheetContent] = []
    for item in plan:
        if isinstance(item, _Packed):
            pages += _packed_pages(components, item, first + len(pages), total, settings)
            counts: dict[int, int] = {}
            for block in item.page.blocks:
                for p in block.pieces:
                    counts[item.owners[p]] = counts.get(item.owners[p], 0) + 1
            sheets.append(SheetContent(tuple(counts.items())))
        else:
            index, imposed = item
            pages += imposed.pages
            sheets += _alone_sheets(index, components[index], imposed)
    packed = tuple(item.page for item in plan if isinstance(item, _Packed))
    return KitPages(tuple(pages), tuple(sheets), tuple(tiles), packed)
