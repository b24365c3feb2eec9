"""The documents imposition makes, each from Settings once: plan the sheets (pure data), then
draw them.

    Settings --Paper.of--> Paper --plan_kit / plan_component--> SheetPlans --sheet_pages--> pages
                                 \\--contents--> guide entries and page ranges --print_guide--/
"""

from __future__ import annotations

from dataclasses import replace

from pnp import ops
from pnp.imposition.component_plan import plan_component
from pnp.imposition.contents import entries, jobs
from pnp.imposition.edition import blank_page, edition_pages
from pnp.imposition.kit_plan import duplex_kit, plan_kit
from pnp.imposition.paper import Paper, Settings
from pnp.imposition.print_guide import guide_pages
from pnp.imposition.sheet_ops import Art, sheet_pages
from pnp.model import Component, GameKit


def kit_document(kit: GameKit, settings: Settings, art: Art | None = None) -> ops.Document:
    """The kit PDF's pages: the print guide, then every component (consecutive components
    sharing sheets), in print jobs (pnp.imposition.kit_plan), with a bookmark for the guide and
    for each component. The "About this edition" page (pnp.imposition.edition) follows the
    guide when the kit lists its choices. When double-sided sheets follow, the guide and the
    edition page take an even number of pages, so that the fronts fall on odd pages.

    `art`, shared with the component documents of the same build, draws each piece once.

    Raises InputError when a component fits no page and is not a split board."""
    paper = Paper.of(settings)
    duplex = duplex_kit(kit.components)
    title = kit.title or kit.name
    about = edition_pages(title, kit.edition, paper)
    guide, blank = 1, 0
    for _ in range(8):  # the guide's length moves the page numbers it prints: settle both
        if about:  # the edition page's back is left blank when the guide ends on a back
            blank = (guide + len(about)) % 2 if duplex else 0
        else:  # the guide's own back takes its cutting steps
            guide += guide % 2 if duplex else 0
        where = (guide + 1, guide + len(about)) if about else (0, 0)
        plan = plan_kit(kit.components, paper, guide + len(about) + blank + 1)
        listed = entries(plan)
        pages = guide_pages(title, kit.notes, listed, paper, jobs(plan), plan.groups, guide, where)
        if len(pages) <= guide:
            break
        guide = len(pages)
    pages += about + [blank_page(paper)] * blank
    art = art or Art()
    for sheet in plan.sheets:
        pages += sheet_pages(sheet, art)
    outline = [("Print guide", 0)] + ([("About this edition", guide)] if about else [])
    outline += [(e.title, e.first_page - 1) for e in listed]
    return ops.Document(title, _on_paper(pages, paper), tuple(outline))


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
    """`pages` as the printer is to receive them: scaled about their centre by a printer
    profile's scale (Paper.page_transform), so that they come out at their true size."""
    placing = paper.page_transform()
    if placing.is_identity():
        return tuple(pages)
    return tuple(replace(page, transform=placing) for page in pages)
