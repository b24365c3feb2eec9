"""The sheets of a kit after its guide: every component, each laid out for the paper
(grid.layout_cut), its pieces sharing sheets with those of the same stock (pnp.imposition.sharing)
within its section (a component with new_page begins one), each front page followed by its back
page, in print jobs. Pure: Components + Paper -> plan.

Sheets (kind sheet), split boards and pieces too big to leave room for full crop marks keep
their own pages (component_plan). On a shared back page a piece with no back leaves its place
blank; a sheet with no back at all prints single-sided. Components on card stock and on paper
never share a sheet.
"""

from __future__ import annotations

from dataclasses import replace

from pnp.draw.textfit import text_width
from pnp.imposition.component_plan import plan_component
from pnp.imposition.grid import fits_usable, layout_cut
from pnp.imposition.packing import PackedPage, block_marks
from pnp.imposition.paper import Paper
from pnp.imposition.plan import NOTE_SIZE, Piece, SheetPlan, pieces_sheet
from pnp.imposition.sharing import Pieces
from pnp.model import Component
from pnp.record import record

STOCK_ORDER = ("card", "paper")


@record
class KitPlan:
    """A kit's sheets in print order, the page each sheet's front is on (the first is `first`),
    and what the guide says of them.

    Sheets come in print jobs: first those on card stock, then those on paper; in each, first
    the double-sided sheets, then the single-sided ones (a sheet whose pieces have no back has
    no back page); within a job, in the kit's order of the first component each holds."""

    components: tuple[Component, ...]
    paper: Paper
    first: int  # the page number of the first front page (after the guide)
    sheets: tuple[SheetPlan, ...]
    tiles: tuple[str, ...]  # per component: "2x2" for a split board, else ""
    groups: bool  # some sheet holds several groups of pieces, to cut apart first
    pages: tuple[int, ...] = ()  # the page number of each sheet's front
    stocks: tuple[str, ...] = ()  # what each sheet is printed on: card | paper
    cuts: tuple[Paper, ...] = ()  # per component: the paper laid out for its pieces

    @property
    def last_page(self) -> int:
        if not self.sheets:
            return self.first - 1
        return self.pages[-1] + (1 if self.sheets[-1].back is not None else 0)


@record
class _Packed:
    """One packed sheet: the component and face of each piece of its run, and the page."""

    owners: tuple[int, ...]
    faces: tuple[int, ...]
    page: PackedPage


def alone(component: Component, paper: Paper) -> bool:
    """True for a component that keeps its own pages (`paper` laid out for it)."""
    return (
        component.kind == "sheet"
        or component.split
        or not fits_usable(component.width, component.height, paper)
    )


def duplex_kit(components: tuple[Component, ...]) -> bool:
    """Whether some sheet of the kit prints double-sided: some component has a back."""
    return any(c.back is not None for c in components)


def plan_kit(components: tuple[Component, ...], paper: Paper, first: int = 3) -> KitPlan:
    """The sheets of `components` (double-sided where they have backs), front pages numbered
    from `first` (the page after the guide).

    Raises InputError when a component fits no page and is not a split board."""
    cuts, tiles, items = _sheets(components, paper)
    numbers: list[int] = []
    page_number = first
    for job, _, _ in items:
        numbers.append(page_number)
        page_number += 2 if job[2] == 0 else 1
    total = page_number - 1
    sheets: list[SheetPlan] = []
    for (_, _, item), number in zip(items, numbers, strict=True):
        if isinstance(item, _Packed):
            sheets.append(_packed_sheet(components, cuts, item, number, total, paper))
        else:
            sheets.append(item)
    stocks = tuple(STOCK_ORDER[job[0]] for job, _, _ in items)
    groups = any(len(item.page.blocks) > 1 for _, _, item in items if isinstance(item, _Packed))
    return KitPlan(
        components,
        paper,
        first,
        tuple(sheets),
        tuple(tiles),
        groups,
        tuple(numbers),
        stocks,
        tuple(cuts),
    )


Items = list[tuple[tuple[int, int, int], int, _Packed | SheetPlan]]  # job, order, sheet
_last: list[tuple[tuple[Component, ...], Paper, tuple[list[Paper], list[str], Items]]] = []


def _sheets(
    components: tuple[Component, ...], paper: Paper
) -> tuple[list[Paper], list[str], Items]:
    """Each component's layout, each split board's tiles ("2x2"), and the kit's sheets in print
    order (their job, the first component each holds, the sheet), before page numbers. The same
    for the same kit and paper: kit_document plans again as its guide grows, so the last answer
    is kept (the kit by identity: its components are not hashable)."""
    if _last and _last[0][0] is components and _last[0][1] == paper:
        return _last[0][2]
    cuts = _cuts(components, paper)
    items: Items = []
    tiles = [""] * len(components)
    packed: list[int] = []
    choices = list(dict.fromkeys(c.choice for c in components if c.choice))
    for index, component in enumerate(components):
        if not alone(component, cuts[index]):
            packed.append(index)
            continue
        planned = plan_component(component, paper, duplex=True, index=index)
        tiles[index] = planned.tiles
        for sheet in planned.sheets:
            job = _job(component.paper_stock, sheet.back is not None, component.choice, choices)
            items.append((job, index, sheet))
    pieces = Pieces(components, cuts, packed, paper)
    for section in _sections(components, pieces):
        choice = components[pieces.owners[section[0]]].choice
        for stock in STOCK_ORDER:
            held = [p for p in section if pieces.stock(p) == stock]
            for ids, page in pieces.sheets(held):
                job = _job(stock, pieces.duplex(ids), choice, choices)
                owners = tuple(pieces.owners[p] for p in ids)
                faces = tuple(pieces.faces[p] for p in ids)
                items.append((job, min(owners), _Packed(owners, faces, page)))
    items.sort(key=lambda item: item[:2])  # stable: the kit's order within each job
    _last[:] = [(components, paper, (cuts, tiles, items))]
    return cuts, tiles, items


def _job(stock: str, duplex: bool, choice: str, choices: list[str]) -> tuple[int, int, int]:
    """The sort key of a print job: card before paper; on each, the sets every group prints,
    then each of the `choices` (sets of which the players print one) in the kit's order;
    double-sided before single."""
    rank = choices.index(choice) + 1 if choice else 0
    return (STOCK_ORDER.index(stock), rank, 0 if duplex else 1)


def _cuts(components: tuple[Component, ...], paper: Paper) -> list[Paper]:
    """Each component's layout (grid.layout_cut), counting the pieces of its size in the kit:
    components of one size are laid out alike when they would fill pages together."""
    same: dict[tuple[float, float], int] = {}
    for c in components:
        key = (round(c.width, 3), round(c.height, 3))
        same[key] = same.get(key, 0) + c.copies
    return [layout_cut(c, paper, same[(round(c.width, 3), round(c.height, 3))]) for c in components]


def _sections(components: tuple[Component, ...], pieces: Pieces) -> list[list[int]]:
    """The packed pieces in sections that share no sheet: a component with new_page begins a
    section (a set printed on its own sheets), so does one of another `choice` than the one
    before it (a set the players choose, in a print job of its own), and so does each value of
    a component's `sheets_by` column (one language a sheet) and the component after it."""
    sections: list[list[int]] = []
    before: tuple[int, str] | None = None  # the last piece's component and group
    for p in pieces.ids:
        owner = pieces.owners[p]
        c = components[owner]
        group = c.group(pieces.faces[p])
        if before is None:
            starts = True
        elif before[0] != owner:
            last = components[before[0]]
            starts = bool(c.new_page or c.choice != last.choice or c.sheets_by or last.sheets_by)
        else:
            starts = group != before[1]
        if starts:
            sections.append([])
        sections[-1].append(p)
        before = (owner, group)
    return sections


def _names(components: list[Component]) -> str:
    return ", ".join(dict.fromkeys(c.title or c.name for c in components))


def _note(long: str, short: str, paper: Paper) -> str:
    """`long` when it fits across the printable area, else `short`."""
    fits = text_width(long, "Vera", NOTE_SIZE) <= paper.printable.w - 4
    return long if fits else short


def _packed_sheet(
    components: tuple[Component, ...],
    cuts: list[Paper],
    sheet: _Packed,
    number: int,
    total: int,
    paper: Paper,
) -> SheetPlan:
    """The front page (numbered `number` of `total`) and the back page of one packed sheet."""
    pieces: list[Piece] = []
    holds: dict[int, int] = {}
    for block in sheet.page.blocks:
        for index, slot in zip(block.pieces, block.slots, strict=True):
            owner = sheet.owners[index]
            pieces.append((components[owner], sheet.faces[index], slot, cuts[owner].bleed))
            holds[owner] = holds.get(owner, 0) + 1
    marks = [segment for block in block_marks(sheet.page, paper) for segment in block]
    where, back_where = f"page {number} of {total}", f"page {number + 1} of {total}"
    on_page = [component for component, _, _, _ in pieces]
    groups = {component.group(face) for component, face, _, _ in pieces}
    group = groups.pop() if len(groups) == 1 else ""
    names = _names(on_page) + (f", {group}" if group else "")
    front = _note(f"{names} — fronts, {where}", f"fronts, {where}", paper)
    with_back = [c for c in on_page if c.back is not None]
    back_names = _names(with_back) + (f", {group}" if group else "")
    back = _note(f"{back_names} — backs, {back_where}", f"backs, {back_where}", paper)
    sheet_plan = pieces_sheet(pieces, marks, (front, back), tuple(holds.items()), paper)
    return replace(sheet_plan, group=group) if group else sheet_plan
