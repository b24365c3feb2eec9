"""Draw one component built in code (a network picture, a heat map, ...): a small stable API.

    write_component_pdf(component, path, paper="a4")   # imposed pages; backs only if it has one
    write_face_svg(component, face_index, path, back=False)

reportlab and svgwrite load only when these are called.
"""

from __future__ import annotations

from pathlib import Path

from pnp.draw import face_ops
from pnp.imposition import PAPERS, Settings, component_document
from pnp.model import Component

__all__ = ["write_component_pdf", "write_face_svg"]


def write_component_pdf(component: Component, path: Path, paper: str = "a4") -> None:
    """Write `component` imposed on `paper` pages (fronts, and backs when it has a back), no guide.

    Raises InputError when the component does not fit and is not a split board."""
    from pnp.backends.pdf import write_pdf

    if paper not in PAPERS:
        from deaddrop.errors import InputError

        raise InputError(f"unknown paper '{paper}' (expected one of: {', '.join(PAPERS)})")
    write_pdf(component_document(component, Settings(paper=paper)), Path(path))


def write_face_svg(component: Component, face_index: int, path: Path, back: bool = False) -> None:
    """Write one face (front, or back when `back`) of `component`: an SVG the piece's size."""
    from pnp.backends.svg import write_svg

    items = face_ops(component, face_index, back=back)
    title = f"{component.title or component.name} {'back' if back else 'front'} {face_index + 1}"
    write_svg(items, component.width, component.height, Path(path), title)
