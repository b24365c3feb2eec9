"""Components -> drawing ops, one face at a time, in the component's own frame (points, y down,
origin at the top-left of the trim box).

Every kind draws its elements the same way (with their bleed: pnp.draw.bleed); kinds differ in
their cut line: a token is cut round, every other kind along its (optionally rounded) trim box.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from pnp import model, ops
from pnp.draw.bleed import bled
from pnp.draw.images import image_ops
from pnp.draw.shapes import (
    circle_ops,
    colour,
    grid_ops,
    line_ops,
    path_ops,
    polygon_ops,
    rect_ops,
    track_ops,
)
from pnp.draw.text import filled_style, text_lines
from pnp.geometry import Affine
from pnp.model import fill_fields

CUT_GUIDE = "#9a9a9a"


def element_ops(el: model.Element, data: dict[str, Any]) -> tuple[ops.Op, ...]:
    """The ops of one element, its `{field}`s filled from `data`."""
    if isinstance(el, model.Text):
        style = filled_style(el.style, data)
        return text_lines(fill_fields(el.text, data), el.box, style, el.rotate)
    if isinstance(el, model.Rect):
        return rect_ops(el, data)
    if isinstance(el, model.Circle):
        return circle_ops(el, data)
    if isinstance(el, model.Line):
        return line_ops(el, data)
    if isinstance(el, model.Grid):
        return grid_ops(el, data)
    if isinstance(el, model.Track):
        return track_ops(el, data)
    if isinstance(el, model.Image):
        path = Path(el.base) / fill_fields(el.path, data)
        return image_ops(path, el.box, el.fit, colour(el.color, data) or "#000000")
    if isinstance(el, model.Polygon):
        return polygon_ops(el, data)
    if isinstance(el, model.Path):
        return path_ops(el, data)
    if isinstance(el, model.IconRef):
        return icon_ops(el, data)
    if isinstance(el, model.MapArt):
        return _map(el)
    raise TypeError(f"unknown element {type(el).__name__}")


_MAPS: dict[tuple[Any, ...], tuple[Any, tuple[ops.Op, ...]]] = {}  # (element, map id) -> ops

# A map's ops when another process drew them for the same kit (pnp.lanes): the element -> its
# ops, or None to draw them here (pnp.draw.map_sheet, which loads numpy).
drawn_elsewhere: Callable[[model.MapArt], tuple[ops.Op, ...] | None] | None = None


def _map(el: model.MapArt) -> tuple[ops.Op, ...]:
    """A map's ops (pnp.draw.map_sheet), drawn once for every face that shows it (whatever its
    bleed: the cover's palette reads the same map as the board's parts place)."""
    key = (el, id(el.game_map))
    found = _MAPS.get(key)
    if found is None or found[0] is not el.game_map:  # (the map is kept: its id stays its own)
        drawn = None if drawn_elsewhere is None else drawn_elsewhere(el)
        if drawn is None:
            from pnp.draw.map_sheet import map_ops

            drawn = map_ops(el)
        if len(_MAPS) >= 4:
            _MAPS.clear()
        found = _MAPS[key] = (el.game_map, drawn)
    return found[1]


def icon_placement(icon: model.Icon, box: model.Box) -> Affine:
    """Icon frame -> component frame: scaled uniformly to fit `box`, centred in it."""
    scale = min(box.w / icon.width, box.h / icon.height)
    x = box.x + (box.w - icon.width * scale) / 2
    y = box.y + (box.h - icon.height * scale) / 2
    return Affine(a=scale, d=scale, e=x, f=y)


def icon_ops(el: model.IconRef, data: dict[str, Any]) -> tuple[ops.Op, ...]:
    """The icon named by `el` (its `{field}`s filled from `data`), fitted into its box."""
    icon = el.icons[fill_fields(el.name, data)]
    inner: list[ops.Op] = []
    for item in icon.elements:
        inner.extend(element_ops(item, data))
    return (ops.Group(tuple(inner), icon_placement(icon, el.box)),)


def face_ops(
    component: model.Component, face_index: int, back: bool = False, bleed: float = 0.0
) -> tuple[ops.Op, ...]:
    """The ops of one face (front, or back when `back`), data fields from row `face_index`,
    its colours run `bleed` past the cut line and no stroke drawn along it (pnp.draw.bleed)."""
    elements = component.back if back else component.front
    if elements is None:
        return ()
    data = component.faces[face_index].data if component.faces else {}
    w, h = component.width, component.height
    out: list[ops.Op] = []
    for el in elements:
        for drawn in bled(el, w, h, bleed):
            out.extend(element_ops(drawn, data))
    return tuple(out)


def cut_line(component: model.Component) -> ops.Op:
    """A light guide along the cut: round for tokens, the (rounded) trim box otherwise."""
    w, h = component.width, component.height
    if component.kind == "token":
        return ops.Ellipse(0.0, 0.0, w, h, CUT_GUIDE, None, 0.3)
    return ops.Rect(0.0, 0.0, w, h, component.corner, CUT_GUIDE, None, 0.3)
