"""Crop marks: on the extensions of every cut line of a group of pieces, outside the group's
bleed, at least `Paper.edge` from the page edge (MARK_EDGE, or a printer's unprintable margin;
pnp.imposition.paper says how long and where).
Beside another group, a side's marks are INNER_MARK long, so that two groups' marks never meet
and a clear strip runs between them."""

from __future__ import annotations

from collections.abc import Sequence

from pnp.geometry import outset, overlaps
from pnp.imposition.paper import (
    FOOTER_GAP,
    INNER_MARK,
    MARK_CLEAR,
    MARK_GAP,
    MARK_MAX,
    MARK_MIN,
    MARK_SHORTEST,
    Paper,
)
from pnp.model import Box

Segment = tuple[float, float, float, float]  # x0, y0, x1, y1


def crop_marks(trims: Sequence[Box], paper: Paper, neighbours: Sequence[Box] = ()) -> list[Segment]:
    """Crop marks (x0, y0, x1, y1) of the pieces whose trim boxes are `trims`, laid out on
    `paper` (its bleed). `neighbours` (the bleed boxes of the other groups on the page) shorten
    the marks of the sides near them to INNER_MARK."""
    if not trims:
        return []
    p = paper.marks_area
    gap = paper.bleed + MARK_GAP
    y0, y1 = min(b.y for b in trims), max(b.y + b.h for b in trims)
    x0, x1 = min(b.x for b in trims), max(b.x + b.w for b in trims)
    top, bottom, left, right = y0 - gap, y1 + gap, x0 - gap, x1 + gap
    up = min(MARK_MAX, top - p.y)
    down = min(MARK_MAX, p.y + p.h - bottom)
    # leave the footer its line
    above_footer = paper.height - paper.footer_top - FOOTER_GAP - bottom
    if above_footer >= MARK_MIN - 1e-6:
        down = min(down, above_footer)
    back = min(MARK_MAX, left - p.x)
    fwd = min(MARK_MAX, p.x + p.w - right)
    if neighbours:
        # a side keeps its full marks only where they stay clear of everything another group
        # may print around itself (its bleed box, then marks up to MARK_MAX long)
        rings = [outset(n, MARK_GAP + MARK_MAX + MARK_CLEAR) for n in neighbours]
        span_x, span_y = x1 - x0, y1 - y0

        def crowded(strip: Box) -> bool:
            return any(overlaps(strip, ring) for ring in rings)

        if crowded(Box(x0, top - up, span_x, up)):
            up = min(up, INNER_MARK)
        if crowded(Box(x0, bottom, span_x, down)):
            down = min(down, INNER_MARK)
        if crowded(Box(left - back, y0, back, span_y)):
            back = min(back, INNER_MARK)
        if crowded(Box(right, y0, fwd, span_y)):
            fwd = min(fwd, INNER_MARK)
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
