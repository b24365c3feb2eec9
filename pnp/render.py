"""Draw one component built in code (a network picture, a heat map, ...): a small stable API.

    write_component_pdf(component, path, paper="a4")   # imposed pages; backs only if it has one
    write_face_svg(component, face_index, path, back=False)
    map_svg(kit, counters=None, key=True) -> str          # the kit's map, counters at cities
    map_places(kit) -> {place: (x, y)}                    # where each city is on that SVG

reportlab and svgwrite load only when these are called.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path

from pnp.draw import face_ops
from pnp.draw.map_picture import Counter, Hook, map_picture, places
from pnp.imposition import PAPERS, Settings, component_document
from pnp.model import Component, GameKit

__all__ = ["Counter", "map_places", "map_svg", "write_component_pdf", "write_face_svg"]


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


def map_svg(
    kit: GameKit,
    counters: Mapping[str, Sequence[Counter]] | Hook | None = None,
    key: bool = True,
) -> str:
    """The kit's map (its `map` element, whole, without seams) as an SVG document, with
    `counters` drawn at their cities: a mapping city -> [Counter(colour, text)], or a hook
    hook(city, x, y, radius) -> ops. The viewBox is in points (the printed map's size: 760 x
    565 mm for Spies!); `map_places` gives each city's point on it. Without `key`, no title panel
    and no legend. Raises ValueError for a counter at a place that is not a city of the map,
    LookupError for a kit without a map."""
    from pnp.backends.svg import svg_text

    items, width, height = map_picture(kit, counters, key)
    return svg_text(items, width, height, f"{kit.title}: map")


def map_places(kit: GameKit) -> dict[str, tuple[float, float]]:
    """Every city and sea zone of the kit's map -> its symbol's centre in `map_svg`'s viewBox."""
    return places(kit)
