"""The documents imposition makes, each from Settings once: plan the sheets (pure data), then
draw them. A kit's cover can be drawn alone (kit_cover), from the same plan.

    Settings --Paper.of--> Paper --plan_kit / plan_component--> SheetPlans --sheet_pages--> pages
                                 \\--contents--> guide entries and page ranges --print_guide--/
"""

from __future__ import annotations

from dataclasses import replace

from pnp import ops
from pnp.imposition.component_plan import plan_component
from pnp.imposition.contents import Entry, Job, entries, jobs
from pnp.imposition.edition import edition_pages
from pnp.imposition.kit_plan import KitPlan, duplex_kit, plan_kit
from pnp.imposition.paper import Paper
from pnp.imposition.plan import SheetPlan
from pnp.imposition.print_guide import blank_page, guide_pages
from pnp.imposition.sheet_ops import Art, sheet_pages
from pnp.model import Component, GameKit
from pnp.record import record
from pnp.settings import Settings


@record
class _Front:
    """The pages before the pieces, settled: the guide (its length moves the page numbers it
    prints), the edition page and its blank back, the duplex test sheet, and the plan of the
    sheets after them."""

    plan: KitPlan
    listed: list[Entry]
    printed: list[Job]  # the print jobs, the duplex test sheet first
    guide: list[ops.Page]
    about: list[ops.Page]
    blank: int  # 1 when the edition page's back is left blank
    test: list[ops.Page]  # the duplex test sheet's front and back, or none
    start: int  # the page (1-based) after the cover, the guide and the edition page

    @property
    def tiles(self) -> dict[str, str]:
        pairs = zip(self.plan.components, self.plan.tiles, strict=True)
        return {c.name: t for c, t in pairs if t}


def _front(kit: GameKit, paper: Paper) -> _Front:
    duplex = duplex_kit(kit.components)
    title = kit.title or kit.name
    about = edition_pages(title, kit.edition, paper)
    test: list[ops.Page] = []
    if duplex:  # (its module only then)
        from pnp.imposition.calibration import calibration_pages

        test = calibration_pages(paper, in_kit=True)
    guide, blank = 1, 0
    for _ in range(8):  # the guide's length moves the page numbers it prints: settle both
        if about:  # the edition page's back is left blank when it ends on a front
            blank = (1 + guide + len(about)) % 2 if duplex else 0
        else:  # the guide's own last page takes its cutting steps
            guide += (1 + guide) % 2 if duplex else 0
        where = (guide + 2, guide + 1 + len(about)) if about else (0, 0)
        start = 2 + guide + len(about) + blank  # the first page after them
        plan = plan_kit(kit.components, paper, start + len(test))
        listed = entries(plan)
        printed = ([Job.duplex_test(start)] if test else []) + jobs(plan)
        pages = guide_pages(
            title, kit.notes, listed, paper, printed, plan.groups, guide, where, first_page=2
        )
        if len(pages) <= guide:
            break
        guide = len(pages)
    return _Front(plan, listed, printed, pages, about, blank, test, start)


def kit_cover(kit: GameKit, settings: Settings, art: Art | None = None) -> ops.Page:
    """The kit PDF's first page, its cover (pnp.imposition.cover), without drawing the rest."""
    from pnp.imposition.cover import cover_page

    paper = Paper.of(settings)
    front = _front(kit, paper)
    guide = (2, 1 + len(front.guide))
    return cover_page(kit, paper, front.printed, guide, front.tiles, _board_forms(front, art))


def kit_sheets(kit: GameKit, settings: Settings) -> tuple[tuple[int, SheetPlan], ...]:
    """The kit's sheets of pieces as kit_document prints them, each with its front's page
    number (1-based): the plan its pages are drawn from (the layout tests read it)."""
    plan = _front(kit, Paper.of(settings)).plan
    return tuple(zip(plan.pages, plan.sheets, strict=True))


def _board_forms(front: _Front, art: Art | None) -> Art:
    """`art` holding the drawing each split board's parts place (Art.form), made before the
    cover, whose picture of the board is that drawing (cover_pieces.picture)."""
    art = art or Art()
    for sheet in front.plan.sheets:
        for place in sheet.front.places:
            if place.tile is not None:
                art.form(place.component, place.face, False, place.bleed)
    return art


def kit_document(kit: GameKit, settings: Settings, art: Art | None = None) -> ops.Document:
    """The kit PDF's pages: the cover (pnp.imposition.cover), the print guide, then every
    component (consecutive components sharing sheets), in print jobs (pnp.imposition.kit_plan),
    with a bookmark for the cover, the guide and each component. The "About this edition" page
    (pnp.imposition.edition) follows the guide when the kit lists its choices. When
    double-sided sheets follow, the duplex test sheet (pnp.imposition.calibration) is the first
    print job, and the cover, the guide and the edition page take an even number of pages, so
    that the fronts fall on odd pages.

    `art`, shared with the component documents of the same build, draws each piece once.

    Raises InputError when a component fits no page and is not a split board."""
    from pnp.imposition.cover import cover_page

    paper = Paper.of(settings)
    front = _front(kit, paper)
    guide = len(front.guide)
    art = _board_forms(front, art or Art())
    cover = cover_page(kit, paper, front.printed, (2, 1 + guide), front.tiles, art)
    pages = [cover, *front.guide, *front.about] + [blank_page(paper)] * front.blank + front.test
    for sheet in front.plan.sheets:
        pages += sheet_pages(sheet, art)
    outline = [("Cover", 0), ("Print guide", 1)]
    outline += [("About this edition", 1 + guide)] if front.about else []
    outline += [("Duplex test sheet", front.start - 1)] if front.test else []
    outline += [(e.title, e.first_page - 1) for e in front.listed]
    return ops.Document(kit.title or kit.name, _on_paper(pages, paper), tuple(outline))


def component_document(
    component: Component, settings: Settings, duplex: bool | None = None, art: Art | None = None
) -> ops.Document:
    """One component on its own pages, no guide: fronts, each followed by its back page when
    `duplex` and the component has a back (by default: when it has one).

    Raises InputError when the component does not fit and is not a split board."""
    if duplex is None:
        duplex = component.back is not None
    paper = Paper.of(settings)
    plan = plan_component(component, paper, duplex)
    title = component.title or component.name
    art = art or Art()
    pages = [page for sheet in plan.sheets for page in sheet_pages(sheet, art)]
    return ops.Document(title, _on_paper(pages, paper), ((title, 0),))


def calibration_document(settings: Settings) -> ops.Document:
    """The duplex calibration sheet: a front page and its back."""
    from pnp.imposition.calibration import calibration_pages  # only for --calibration

    paper = Paper.of(settings)
    pages = _on_paper(calibration_pages(paper), paper)
    return ops.Document("Duplex calibration", pages, (("Duplex calibration", 0),))


def _on_paper(pages: list[ops.Page], paper: Paper) -> tuple[ops.Page, ...]:
    """`pages` as the printer is to receive them: planned at 1/scale, drawn on the paper
    (Paper.sheet) scaled about its centre by a printer profile's scale (Paper.page_transform),
    so that they come out at their true size."""
    placing = paper.page_transform()
    if placing.is_identity():
        return tuple(pages)
    w, h = paper.sheet
    return tuple(replace(page, width=w, height=h, transform=placing) for page in pages)
