"""Plane geometry for layout and drawing: boxes and affine maps. Pure, points, y DOWN.

A box is `pnp.model.Box` (x, y, w, h). An `Affine` maps (x, y) to (a*x + c*y + e, b*x + d*y + f),
the same six numbers PDF and SVG use for a transform matrix.
"""

from __future__ import annotations

import math

from pnp.model import Box
from pnp.record import record

EPS = 1e-6


def inset(box: Box, d: float) -> Box:
    """The box shrunk by `d` on every side (grown when `d` is negative)."""
    return Box(box.x + d, box.y + d, box.w - 2 * d, box.h - 2 * d)


def outset(box: Box, d: float) -> Box:
    """The box grown by `d` on every side."""
    return inset(box, -d)


def right(box: Box) -> float:
    return box.x + box.w


def bottom(box: Box) -> float:
    return box.y + box.h


def contains(outer: Box, inner: Box, tol: float = EPS) -> bool:
    """True when `inner` lies within `outer` (edges may touch)."""
    return (
        inner.x >= outer.x - tol
        and inner.y >= outer.y - tol
        and right(inner) <= right(outer) + tol
        and bottom(inner) <= bottom(outer) + tol
    )


def overlaps(a: Box, b: Box, tol: float = EPS) -> bool:
    """True when the interiors of `a` and `b` intersect (touching edges do not count)."""
    return (
        a.x < right(b) - tol
        and b.x < right(a) - tol
        and a.y < bottom(b) - tol
        and b.y < bottom(a) - tol
    )


def union(boxes: list[Box]) -> Box:
    """The smallest box holding every box of a non-empty list."""
    x0 = min(b.x for b in boxes)
    y0 = min(b.y for b in boxes)
    x1 = max(right(b) for b in boxes)
    y1 = max(bottom(b) for b in boxes)
    return Box(x0, y0, x1 - x0, y1 - y0)


def outline_distance(outline: tuple[tuple[float, float], ...], x: float, y: float) -> float:
    """How far (x, y) is from the closed polygon `outline` (its nearest edge), inside or out."""
    least = math.inf
    for (ax, ay), (bx, by) in zip(outline, (*outline[1:], outline[0]), strict=True):
        dx, dy = bx - ax, by - ay
        length = dx * dx + dy * dy
        t = 0.0 if length == 0 else ((x - ax) * dx + (y - ay) * dy) / length
        t = min(1.0, max(0.0, t))
        least = min(least, math.hypot(x - ax - t * dx, y - ay - t * dy))
    return least


@record
class Affine:
    """An affine map of the plane: (x, y) -> (a*x + c*y + e, b*x + d*y + f)."""

    a: float = 1.0
    b: float = 0.0
    c: float = 0.0
    d: float = 1.0
    e: float = 0.0
    f: float = 0.0

    def apply(self, x: float, y: float) -> tuple[float, float]:
        return (self.a * x + self.c * y + self.e, self.b * x + self.d * y + self.f)

    def then(self, other: Affine) -> Affine:
        """The map that applies `self` first, then `other`."""
        o = other
        return Affine(
            o.a * self.a + o.c * self.b,
            o.b * self.a + o.d * self.b,
            o.a * self.c + o.c * self.d,
            o.b * self.c + o.d * self.d,
            o.a * self.e + o.c * self.f + o.e,
            o.b * self.e + o.d * self.f + o.f,
        )

    def map_box(self, box: Box) -> Box:
        """The bounding box of the image of `box`."""
        corners = [
            self.apply(box.x, box.y),
            self.apply(box.x + box.w, box.y),
            self.apply(box.x, box.y + box.h),
            self.apply(box.x + box.w, box.y + box.h),
        ]
        xs = [p[0] for p in corners]
        ys = [p[1] for p in corners]
        return Box(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))

    def inverse(self) -> Affine:
        """The map that undoes this one (which must not be degenerate)."""
        det = self.a * self.d - self.b * self.c
        a, b, c, d = self.d / det, -self.b / det, -self.c / det, self.a / det
        return Affine(a, b, c, d, -(a * self.e + c * self.f), -(b * self.e + d * self.f))

    def is_identity(self) -> bool:
        return self == IDENTITY

    def rounded(self, places: int = 4) -> tuple[float, ...]:
        return tuple(
            round(v, places) + 0.0 for v in (self.a, self.b, self.c, self.d, self.e, self.f)
        )


IDENTITY = Affine()


def translate(dx: float, dy: float) -> Affine:
    return Affine(e=dx, f=dy)


def rotate(degrees: float, cx: float = 0.0, cy: float = 0.0) -> Affine:
    """Rotation by `degrees` counter-clockwise as seen on the page (y down), about (cx, cy)."""
    t = math.radians(degrees)
    cos, sin = math.cos(t), math.sin(t)
    # exact values for quarter turns keep output free of 6e-17 noise
    if abs(cos) < 1e-12:
        cos = 0.0
    if abs(sin) < 1e-12:
        sin = 0.0
    turn = Affine(cos, -sin, sin, cos, 0.0, 0.0)
    return translate(-cx, -cy).then(turn).then(translate(cx, cy))


def mirror_x(width: float) -> Affine:
    """Reflection about the vertical line x = width / 2."""
    return Affine(a=-1.0, e=width)


def mirror_y(height: float) -> Affine:
    """Reflection about the horizontal line y = height / 2."""
    return Affine(d=-1.0, f=height)
