"""Crop marks: on the extensions of every cut line of a group of pieces, outside the group's
bleed, at least MARK_EDGE from the page edge (pnp.imposition.paper says how long and where)."""

from __future__ import annotations

from collections.abc import Sequence

from pnp.imposition.paper import MARK_CLEAR, MARK_GAP, MARK_MAX, MARK_SHORTEST, Paper
from pnp.model import Box

Segment = tuple[float, float, float, float]  # x0, y0, x1, y1


def crop_marks(trims: Sequence[Box], paper: Paper, neighbours: Sequence[Box] = ()) -> list[Segment]:
    """Crop marks (x0, y0, x1, y1) of the pieces whose trim boxes are `trims`. `neighbours` (the
    bleed boxes of other pieces on the page, beside these) stop the marks of a side short of the
    middle of the gap between."""
    if not trims:
        return []
    p = paper.marks_area
    gap = paper.bleed + MARK_GAP
    y0, y1 = min(b.y for b in trims), max(b.y + b.h for b in trims)
    x0, x1 = min(b.x for b in trims), max(b.x + b.w for b in trims)
    top, bottom, left, right = y0 - gap, y1 + gap, x0 - gap, x1 + gap
    up = min(MARK_MAX, top - p.y)
    down = min(MARK_MAX, p.y + p.h - bottom)
    back = min(MARK_MAX, left - p.x)
    fwd = min(MARK_MAX, p.x + p.w - right)
    b, half = paper.bleed, MARK_CLEAR / 2
    for n in neighbours:  # marks end half the clear strip before the middle of the gap
        across = n.x < x1 + b and x0 - b < n.x + n.w  # above or below the grid
        along = n.y < y1 + b and y0 - b < n.y + n.h  # left or right of it
        if across and n.y + n.h <= y0 - b + 1e-6:
            up = min(up, top - ((n.y + n.h + y0 - b) / 2 + half))
        if across and n.y >= y1 + b - 1e-6:
            down = min(down, (n.y + y1 + b) / 2 - half - bottom)
        if along and n.x + n.w <= x0 - b + 1e-6:
            back = min(back, left - ((n.x + n.w + x0 - b) / 2 + half))
        if along and n.x >= x1 + b - 1e-6:
            fwd = min(fwd, (n.x + x1 + b) / 2 - half - right)
    xs = sorted({round(v, 4) for b in trims for v in (b.x, b.x + b.w)})
    ys = sorted({round(v, 4) for b in trims for v in (b.y, b.y + b.h)})
    marks: list[Segment] = []
    for x in xs:
        if up >= MARK_SHORTEST:
            marks.append((x, top - up, x, top))
        if down >= MARK_SHORTEST:
            marks.append((x, bottom, x, bottom + down))
    for y in ys:
        if back >= MARK_SHORTEST:
            marks.append((left - back, y, left, y))
        if fwd >= MARK_SHORTEST:
            marks.append((right, y, right + fwd, y))
    return marks
