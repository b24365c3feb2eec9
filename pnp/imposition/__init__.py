"""Imposition: components on A4/Letter pages, ready to print double-sided and cut.

The way in is this package's names. Settings enter once, as a Paper (paper.py); the pages are
planned first, as pure data (which piece at which place on which page, front or back, its crop
marks and notes), then drawn:

    paper.py    Settings -> Paper: the page, its printable and usable areas, how it turns over
    grid.py, tiles.py, marks.py, packing.py    the geometry the planners use
    sharing.py  which pieces share which sheet: as few sheets as stock and sides allow
    plan.py     the plan's data: Place, Note, PagePlan, SheetPlan
    component_plan.py, kit_plan.py    Components + Paper -> SheetPlans
    contents.py    KitPlan -> what the print guide lists
    sheet_ops.py, print_guide.py, calibration.py    plans -> ops.Page
    cover.py, cover_pieces.py, cover_palette.py    the kit's cover: title, pieces, print jobs
    documents.py    the three documents: a kit (its cover alone too), one component, the
                    calibration sheet
"""

from pnp.imposition.documents import (
    calibration_document,
    component_document,
    kit_cover,
    kit_document,
)
from pnp.imposition.grid import fits_every_paper
from pnp.imposition.paper import PAPERS, printable_areas
from pnp.imposition.sheet_ops import Art
from pnp.settings import Settings

__all__ = [
    "PAPERS",
    "Art",
    "Settings",
    "calibration_document",
    "component_document",
    "fits_every_paper",
    "kit_cover",
    "kit_document",
    "printable_areas",
]
