"""Bleed: a piece's colour run past its cut line, so that a cut a little off the line, or a back
printed a little off its front, shows no white edge. Pure: elements in, elements out.

- A filled rect touching the cut line is extended by the bleed on each side it touches, with
  square corners (a rounded card cut straight keeps its colour in the corners; round the corners
  with a corner punch if you like).
- A filled circle covering the whole piece (a round token's disc) becomes a disc `bleed` larger
  all round: a round token is cut on its circle, and a cut a little outside it still shows its
  colour.
- The points of a filled polygon or path that lie on the cut line move out by the bleed.
- A stroke along the cut line (a rect or circle the size of the piece) is not drawn, at any
  bleed: a cut never follows a line exactly, so it would show as a sliver on one side and
  nothing on the other. A frame belongs inside the safe area.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from pnp import model
from pnp.model import Box, fill_fields

TOL = 0.01  # points


def _colour(value: str | None, data: dict[str, Any]) -> str | None:
    if not value:
        return None
    filled = fill_fields(value, data) if "{" in value else value
    return None if filled == "none" else filled


def _sides(box: Box, w: float, h: float) -> tuple[bool, bool, bool, bool]:
    """Which sides of the piece (left, top, right, bottom) the box reaches."""
    return (
        box.x <= TOL,
        box.y <= TOL,
        box.x + box.w >= w - TOL,
        box.y + box.h >= h - TOL,
    )


def covers(box: Box, w: float, h: float) -> bool:
    """Whether the box is the whole w x h piece (or more)."""
    return all(_sides(box, w, h))


def _coloured(value: str | None, rows: list[dict[str, Any]]) -> bool:
    """Whether a fill is a colour other than white in some data row."""
    for data in rows or [{}]:
        colour = _colour(value, data)
        if colour is not None and colour.lower() != "#ffffff":
            return True
    return False


def has_background(component: model.Component) -> bool:
    """Whether a face of the component has a coloured (not white) fill reaching its cut line:
    such a piece prints with bleed by default."""
    w, h = component.width, component.height
    rows = [face.data for face in component.faces]
    for elements in (component.front, component.back or ()):
        for el in elements:
            if isinstance(el, model.Rect | model.Circle):
                if any(_sides(el.box, w, h)) and _coloured(el.fill, rows):
                    return True
            elif isinstance(el, model.Polygon | model.Path):
                points = el.points if isinstance(el, model.Polygon) else _flat(el.subpaths)
                if _coloured(el.fill, rows) and any(_on_edge(p, w, h) for p in points):
                    return True
    return False


def _flat(subpaths: tuple[tuple[tuple[float, float], ...], ...]) -> list[tuple[float, float]]:
    return [p for points in subpaths for p in points]


def _on_edge(point: tuple[float, float], w: float, h: float) -> bool:
    x, y = point
    return x <= TOL or y <= TOL or x >= w - TOL or y >= h - TOL


def _out(point: tuple[float, float], w: float, h: float, bleed: float) -> tuple[float, float]:
    x, y = point
    x = x - bleed if x <= TOL else x + bleed if x >= w - TOL else x
    y = y - bleed if y <= TOL else y + bleed if y >= h - TOL else y
    return (x, y)


def bled(el: model.Element, w: float, h: float, bleed: float) -> list[model.Element]:
    """The element as drawn on a w x h piece with `bleed`: see the module's rules. Elements
    these rules do not touch come back as they are."""
    if bleed <= 0:  # no bleed: drawn as designed, but for a stroke along the cut line
        if isinstance(el, model.Rect | model.Circle) and covers(el.box, w, h) and el.stroke:
            return [replace(el, stroke=None)] if el.fill else []
        return [el]
    if isinstance(el, model.Rect):
        left, top, right, bottom = _sides(el.box, w, h)
        if not (left or top or right or bottom):
            return [el]
        whole = left and top and right and bottom
        out: list[model.Element] = []
        if el.fill:
            b = el.box
            x0, y0 = b.x - bleed * left, b.y - bleed * top
            x1, y1 = b.x + b.w + bleed * right, b.y + b.h + bleed * bottom
            grown = Box(x0, y0, x1 - x0, y1 - y0)
            out.append(replace(el, box=grown, radius=0.0, stroke=None))
        if el.stroke and not whole:
            out.append(replace(el, fill=None))
        return out
    if isinstance(el, model.Circle) and covers(el.box, w, h):
        if not el.fill:
            return []
        b = el.box
        disc = Box(b.x - bleed, b.y - bleed, b.w + 2 * bleed, b.h + 2 * bleed)
        return [replace(el, box=disc, stroke=None)]
    if isinstance(el, model.Polygon) and el.fill:
        if any(_on_edge(p, w, h) for p in el.points):
            return [replace(el, points=tuple(_out(p, w, h, bleed) for p in el.points))]
    if isinstance(el, model.Path) and el.fill:
        if any(_on_edge(p, w, h) for p in _flat(el.subpaths)):
            moved = tuple(tuple(_out(p, w, h, bleed) for p in sub) for sub in el.subpaths)
            return [replace(el, subpaths=moved)]
    return [el]
