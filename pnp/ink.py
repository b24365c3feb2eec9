"""Where a page puts ink: the extent of its drawing ops, on the page as written (through the
page's transform: a printer profile's scale), clipped as they are drawn. Pure, from the ops: no
rasterizing. Used to check that nothing is drawn where a printer cannot print (the printer
profile's margin: tests/printer, tools/check_printer_margins.py).

Every extent errs outwards: a stroke adds half its width all round (its caps and joins), a line
of text spans its font's ascent to descent over its advance width, a group's clip is taken as
its bounding box on the page.
"""

from __future__ import annotations

from pnp import ops
from pnp.draw.textfit import font_extent, text_width
from pnp.geometry import IDENTITY, Affine, outset, union
from pnp.model import Box

Extent = tuple[float, float, float, float]  # x0, y0, x1, y1


def page_ink(page: ops.Page) -> Box | None:
    """The box holding every mark `page` makes on the paper (None for a blank page)."""
    memo: dict[int, tuple[tuple[ops.Op, ...], Box | None]] = {}
    found = _ink(page.ops, page.transform, None, memo)
    return union(found) if found else None


def _ink(
    items: tuple[ops.Op, ...],
    transform: Affine,
    clip: Box | None,
    memo: dict[int, tuple[tuple[ops.Op, ...], Box | None]],
) -> list[Box]:
    """The extents of `items` drawn through `transform`, within `clip` (on the page)."""
    out: list[Box] = []
    for op in items:
        if isinstance(op, ops.Group):
            inner = op.transform.then(transform)
            within = clip
            if op.clip is not None:
                within = _meet(inner.map_box(op.clip), clip)
                if within is None:
                    continue
            if _square(inner):  # a piece's art: its extent in its own frame, found once
                local = _local(op.ops, memo)
                if local is not None:
                    box = _meet(inner.map_box(local), within)
                    if box is not None:
                        out.append(box)
                continue
            out += _ink(op.ops, inner, within, memo)
            continue
        extent = op_extent(op)
        if extent is not None:
            box = _meet(transform.map_box(extent), clip)
            if box is not None:
                out.append(box)
    return out


def _local(
    items: tuple[ops.Op, ...], memo: dict[int, tuple[tuple[ops.Op, ...], Box | None]]
) -> Box | None:
    """The extent of `items` in their own frame (kept by the identity of the tuple, which the
    memo holds so that it is not reused)."""
    found = memo.get(id(items))
    if found is None:
        boxes = _ink(items, IDENTITY, None, memo)
        found = memo[id(items)] = (items, union(boxes) if boxes else None)
    return found[1]


def _square(t: Affine) -> bool:
    """Whether `t` maps boxes onto boxes (turns by quarter turns, mirrors, scales): the image
    of a box's extent is then exactly the extent of its image."""
    return (t.b == 0 and t.c == 0) or (t.a == 0 and t.d == 0)


def _meet(box: Box, clip: Box | None) -> Box | None:
    if clip is None:
        return box
    x0, y0 = max(box.x, clip.x), max(box.y, clip.y)
    x1, y1 = min(box.x + box.w, clip.x + clip.w), min(box.y + box.h, clip.y + clip.h)
    if x1 < x0 or y1 < y0:
        return None
    return Box(x0, y0, x1 - x0, y1 - y0)


def op_extent(op: ops.Op) -> Box | None:
    """The extent of one op that is not a group, in its own frame (None: it draws nothing)."""
    if isinstance(op, ops.Text):
        if not op.text:
            return None
        width = text_width(op.text, op.font, op.size, op.bold, op.italic)
        x = op.x - (width / 2 if op.anchor == "middle" else width if op.anchor == "end" else 0)
        ascent, descent = font_extent(op.font, op.bold, op.italic)
        top, low = op.y - ascent * op.size / 1000, op.y - descent * op.size / 1000
        return Box(x, top, width, low - top)
    if isinstance(op, ops.Image):
        return Box(op.x, op.y, op.w, op.h)
    if isinstance(op, ops.Group):
        raise TypeError("a group's extent is its children's (page_ink)")
    stroke = op.width / 2 if op.stroke and op.width > 0 else None
    if stroke is None and not op.fill:
        return None
    if isinstance(op, ops.Polyline) and len(op.points) == 2 and stroke and not op.fill:
        return _segment(op.points[0], op.points[1], stroke)
    if isinstance(op, ops.Rect | ops.Ellipse):
        box = Box(op.x, op.y, op.w, op.h)
    else:
        points = [p for sub in op.subpaths for p in sub] if isinstance(op, ops.Path) else op.points
        if not points:
            return None
        xs, ys = [p[0] for p in points], [p[1] for p in points]
        box = Box(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))
    return outset(box, stroke) if stroke else box


def _segment(p: tuple[float, float], q: tuple[float, float], half: float) -> Box:
    """The ink of one straight stroke `half` its width each side, its ends cut square at its
    end points (PDF's butt caps, which the backends keep): a crop mark ends where it says."""
    dx, dy = q[0] - p[0], q[1] - p[1]
    length = (dx * dx + dy * dy) ** 0.5
    if length == 0:
        return Box(p[0], p[1], 0.0, 0.0)
    nx, ny = -dy / length * half, dx / length * half
    xs = (p[0] + nx, p[0] - nx, q[0] + nx, q[0] - nx)
    ys = (p[1] + ny, p[1] - ny, q[1] + ny, q[1] - ny)
    return Box(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))
