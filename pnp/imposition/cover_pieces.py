"""The pictures on a kit's cover: each component drawn small by the engine from its definition
(its faces' art, through a scaling Group), a little fanned stack when it has several pieces, on
a soft shadow. Pure: Component + box -> ops."""

from __future__ import annotations

from pnp import ops
from pnp.geometry import IDENTITY, Affine, rotate, translate
from pnp.imposition.plan import Place
from pnp.imposition.sheet_ops import Art
from pnp.model import Box, Component

SHADOW = "#c9c4ba"
EDGE = "#8f8a80"  # the thin line round a piece, so that a white one shows on the page
FAN = 9.0  # degrees between the pieces of a fanned stack
MOST = 1.25  # a piece is never drawn larger than this (half-inch counters grow a little)
SHADOW_OFFSET = 2.0  # points, on the page


def layers(component: Component) -> list[int]:
    """The faces shown, bottom first: up to three different ones, or one face repeated when
    the pieces are alike."""
    if component.copies <= 1 or component.kind in ("board", "sheet"):
        return [0]
    distinct = list(range(min(3, len(component.faces))))
    if len(distinct) > 1:
        return distinct[::-1]  # the first face on top
    return [0] * min(3, component.copies)


def _fan(component: Component, count: int) -> list[Affine]:
    """Each layer's map from the piece's frame to the picture's (unscaled): fanned about a point
    under the piece's foot; the last layer, upright, on top."""
    w, h = component.width, component.height
    pivot = (w / 2, h * 1.6)
    if count == 1:
        return [IDENTITY]
    angles = [FAN, -FAN, 0.0] if count == 3 else [FAN * 0.7, -FAN * 0.3]
    return [rotate(a, *pivot) for a in angles]


def _bounds(component: Component, maps: list[Affine]) -> Box:
    boxes = [m.map_box(Box(0, 0, component.width, component.height)) for m in maps]
    x0 = min(b.x for b in boxes)
    y0 = min(b.y for b in boxes)
    x1 = max(b.x + b.w for b in boxes)
    y1 = max(b.y + b.h for b in boxes)
    return Box(x0, y0, x1 - x0, y1 - y0)


def _outline(component: Component, width: float, stroke: str | None, fill: str | None) -> ops.Op:
    w, h = component.width, component.height
    if component.kind == "token":
        return ops.Ellipse(0, 0, w, h, stroke, fill, width)
    return ops.Rect(0, 0, w, h, component.corner, stroke, fill, width)


def picture(
    component: Component, box: Box, art: Art, valign: str = "bottom", most: float = MOST
) -> tuple[list[ops.Op], Box]:
    """`component` drawn into `box` (centred across, at its foot or `valign` middle, as large
    as fits, at most MOST times its size), and the box the drawing takes."""
    faces = layers(component)
    maps = _fan(component, len(faces))
    bounds = _bounds(component, maps)
    shadow = SHADOW_OFFSET
    scale = min((box.w - shadow) / bounds.w, (box.h - shadow) / bounds.h, most)
    dx = box.x + (box.w - bounds.w * scale) / 2 - bounds.x * scale
    room = box.h - shadow - bounds.h * scale
    dy = box.y + (room / 2 if valign == "middle" else room) - bounds.y * scale
    place_map = Affine(a=scale, d=scale, e=dx, f=dy)
    out: list[ops.Op] = []
    line = 0.5 / scale  # half a point on the page, whatever the scale
    clip = Box(0, 0, component.width, component.height)
    for face, m in zip(faces, maps, strict=True):
        at = m.then(place_map)
        off = translate(shadow, shadow)
        out.append(ops.Group((_outline(component, 0, None, SHADOW),), at.then(off)))
        out.append(ops.Group((_outline(component, 0, None, "#ffffff"),), at))
        index = face if component.faces else 0
        if component.split:  # the drawing its parts place (ops.Group.form), not another
            face_art: tuple[ops.Op, ...] = (art.any_form(component, index),)
        else:
            face_art = art.of(Place(component, index, IDENTITY), False)
        out.append(ops.Group(face_art, at, clip))
        out.append(ops.Group((_outline(component, line, EDGE, None),), at))
    drawn = Box(dx + bounds.x * scale, dy + bounds.y * scale, bounds.w * scale, bounds.h * scale)
    return out, drawn
