"""Names on a map, placed so that none overlaps another name, a symbol, a seam or a glue band
(where the next part of a board is glued on): a greedy
placer over eight positions around each symbol. Pure geometry, points, y down.

Each name is tried at its candidate positions in order (right, left, above, below, then the
four corners, then the same eight a step further out); the first that overlaps no obstacle and no
name already placed wins. Names are placed most constrained first: a name whose symbol has the
most neighbours nearby goes before the others, capitals before all. A name that fits nowhere
takes the candidate that overlaps the least (placement reports it, and the tests fail).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from pnp.geometry import overlaps
from pnp.model import Box
from pnp.record import record

FARTHEST = 15.0  # points: no name stands farther than this from its symbol
SEAM_MARGIN = 1.5  # points: a name (and its halo) keeps this far from a seam
WORD_SPACE = 1.5 * 72 / 25.4  # points: two names on one line at least this far apart (nearer,
# "Bucharest Constanta" read as one name)


@record
class Label:
    """A name to place: `w` x `h` points, beside the symbol `anchor` (its box)."""

    key: str
    w: float
    h: float
    anchor: Box
    priority: int = 0  # higher goes first


@record
class Placed:
    key: str
    box: Box
    clear: bool  # False when it could only go where it overlaps something


@record
class Seam:
    """A line no name may cross: x = `at` (vertical) or y = `at` (horizontal)."""

    at: float
    vertical: bool


@record
class Band:
    """A glue band no name may lie in or cross: `lo` < x < `hi` (vertical) or `lo` < y < `hi`."""

    lo: float
    hi: float
    vertical: bool


def in_band(box: Box, band: Band, margin: float = 0.0) -> bool:
    """True when `box` reaches into the band (or within `margin` of it)."""
    lo, hi = (box.x, box.x + box.w) if band.vertical else (box.y, box.y + box.h)
    return lo < band.hi + margin and hi > band.lo - margin


def candidates(label: Label, gap: float) -> list[Box]:
    """Where `label` may go, best first: the eight positions around its symbol, then again a
    step further out."""
    a, w, h = label.anchor, label.w, label.h
    cx, cy = a.x + a.w / 2, a.y + a.h / 2
    out: list[Box] = []
    for step in (gap, gap * 3.5):
        right = a.x + a.w + step
        left = a.x - step - w
        above = a.y - step - h
        below = a.y + a.h + step
        out += [
            Box(right, cy - h / 2, w, h),
            Box(left, cy - h / 2, w, h),
            Box(cx - w / 2, above, w, h),
            Box(cx - w / 2, below, w, h),
            Box(right - step * 0.6, above + step * 0.6, w, h),
            Box(right - step * 0.6, below - step * 0.6, w, h),
            Box(left + step * 0.6, above + step * 0.6, w, h),
            Box(left + step * 0.6, below - step * 0.6, w, h),
        ]
    return out


def crosses(box: Box, seam: Seam, margin: float = 0.0) -> bool:
    """True when `box` straddles the seam line (or comes within `margin` of it)."""
    lo, hi = (box.x, box.x + box.w) if seam.vertical else (box.y, box.y + box.h)
    return lo - margin < seam.at < hi + margin


Segment = tuple[float, float, float, float]  # x0, y0, x1, y1


def place_labels(
    labels: Sequence[Label],
    obstacles: Sequence[Box],
    seams: Sequence[Seam] = (),
    area: Box | None = None,
    gap: float = 1.5,
    lines: Sequence[Segment] = (),
    bands: Sequence[Band] = (),
    ground: Callable[[Label, list[Box]], list[float]] | None = None,
) -> list[Placed]:
    """Each label's box, in the order given. A place that crosses a seam, reaches into a glue
    band, overlaps a name placed before or a symbol (`obstacles`) is taken only when no other
    is free; among free places the one most on its own ground wins (`ground`: the share of each
    box off it, a city's name on land, a sea's on water, in eighths), then the one crossing the
    fewest `lines` (routes), the first on ties."""

    anchors = _BoxIndex([label.anchor for label in labels])
    walls = _BoxIndex(obstacles)

    def crowding(label: Label) -> float:
        a = label.anchor
        near = Box(a.x - 3 * label.w / 2, a.y - 4 * label.h, a.w + 3 * label.w, a.h + 8 * label.h)
        return sum(1 for k in anchors.near(near) if overlaps(near, labels[k].anchor))

    index = _SegmentIndex(lines)
    placed = _BoxIndex([])
    order = sorted(range(len(labels)), key=lambda i: (-labels[i].priority, -crowding(labels[i])))
    taken: list[Box] = []
    result: dict[int, Placed] = {}
    for i in order:
        label = labels[i]
        own = label.anchor
        best: tuple[float, int, int, Box] | None = None
        near = candidates(label, gap)
        # past a band from all sixteen places: a step further out may clear the band onto the
        # name's own ground (Trieste's, below-right on Istria, not half in Yugoslavia)
        tried = near + _past_seams(near[:4], seams) + _past_bands(near, bands)
        off = ground(label, tried) if ground is not None else [0.0] * len(tried)
        for box, away in zip(tried, off, strict=True):
            if area is not None and not _inside(box, area) or _gap(own, box) > FARTHEST:
                continue
            hard = sum(1 for s in seams if crosses(box, s, SEAM_MARGIN)) * 1000.0
            hard += sum(1 for b in bands if in_band(box, b, SEAM_MARGIN)) * 1000.0
            # (those near the box, in the order given: the same sums as over all of them)
            spaced = Box(box.x - WORD_SPACE, box.y, box.w + 2 * WORD_SPACE, box.h)
            near_taken = (taken[k] for k in placed.near(spaced))
            hard += sum(_area(spaced, t) * 10 for t in near_taken if overlaps(spaced, t))
            near_walls = (obstacles[k] for k in walls.near(box))
            hard += sum(_area(box, o) for o in near_walls if overlaps(box, o))  # its own too
            hard += 50.0 * _nearer_other(box, own, label, labels, anchors)
            soft = index.crossing(box)
            quarters = round(away * 8)
            if best is None or (hard, quarters, soft) < best[:3]:
                best = (hard, quarters, soft, box)
            if hard == 0 and quarters == 0 and soft == 0:
                break
        if best is None:
            best = (1.0, 0, 0, candidates(label, gap)[0])
        placed.add(len(taken), best[3])
        taken.append(best[3])
        result[i] = Placed(label.key, best[3], best[0] == 0)
    return [result[i] for i in range(len(labels))]


class _BoxIndex:
    """Boxes bucketed on a grid: the indices of those that may overlap a box, in order."""

    CELL = 60.0

    def __init__(self, boxes: Sequence[Box]) -> None:
        self.cells: dict[tuple[int, int], list[int]] = {}
        for k, box in enumerate(boxes):
            self.add(k, box)

    def _cells(self, box: Box) -> list[tuple[int, int]]:
        c = self.CELL
        xs = range(int(box.x // c), int((box.x + box.w) // c) + 1)
        ys = range(int(box.y // c), int((box.y + box.h) // c) + 1)
        return [(gx, gy) for gx in xs for gy in ys]

    def add(self, k: int, box: Box) -> None:
        for cell in self._cells(box):
            self.cells.setdefault(cell, []).append(k)

    def near(self, box: Box) -> list[int]:
        found: set[int] = set()
        for cell in self._cells(box):
            found.update(self.cells.get(cell, ()))
        return sorted(found)


class _SegmentIndex:
    """Segments bucketed on a grid, to count those crossing a box quickly."""

    CELL = 60.0
    NEAR = 0.001  # points

    def __init__(self, lines: Sequence[Segment]) -> None:
        self.lines = list(lines)
        self.bounds = [(min(a, c), min(b, d), max(a, c), max(b, d)) for a, b, c, d in self.lines]
        self.cells: dict[tuple[int, int], list[int]] = {}
        c = self.CELL
        for k, (x0, y0, x1, y1) in enumerate(self.lines):
            for gx in range(int(min(x0, x1) // c), int(max(x0, x1) // c) + 1):
                for gy in range(int(min(y0, y1) // c), int(max(y0, y1) // c) + 1):
                    self.cells.setdefault((gx, gy), []).append(k)

    def crossing(self, box: Box) -> int:
        c = self.CELL
        seen: set[int] = set()
        for gx in range(int(box.x // c), int((box.x + box.w) // c) + 1):
            for gy in range(int(box.y // c), int((box.y + box.h) // c) + 1):
                seen.update(self.cells.get((gx, gy), ()))
        # a segment well clear of the box's bounds cannot pass through it: only those near
        # are clipped (NEAR points of slack, far above the clipping's rounding)
        x0, y0 = box.x - self.NEAR, box.y - self.NEAR
        x1, y1 = box.x + box.w + self.NEAR, box.y + box.h + self.NEAR
        bounds = self.bounds
        return sum(
            1
            for k in seen
            if bounds[k][0] <= x1
            and bounds[k][2] >= x0
            and bounds[k][1] <= y1
            and bounds[k][3] >= y0
            and _hits(self.lines[k], box)
        )


def _hits(seg: Segment, box: Box) -> bool:
    """True when the segment passes through the box (Liang-Barsky clipping)."""
    x0, y0, x1, y1 = seg
    dx, dy = x1 - x0, y1 - y0
    t0, t1 = 0.0, 1.0
    for p, q in (
        (-dx, x0 - box.x),
        (dx, box.x + box.w - x0),
        (-dy, y0 - box.y),
        (dy, box.y + box.h - y0),
    ):
        if p == 0:
            if q < 0:
                return False
            continue
        t = q / p
        if p < 0:
            t0 = max(t0, t)
        else:
            t1 = min(t1, t)
        if t0 > t1:
            return False
    return True


def _gap(a: Box, b: Box) -> float:
    dx = max(a.x - (b.x + b.w), b.x - (a.x + a.w), 0.0)
    dy = max(a.y - (b.y + b.h), b.y - (a.y + a.h), 0.0)
    return (dx * dx + dy * dy) ** 0.5


def _nearer_other(
    box: Box, own: Box, label: Label, labels: Sequence[Label], anchors: _BoxIndex | None = None
) -> int:
    """1 when another label's symbol lies nearer to `box` than its own symbol does (the name
    would be read as the other's), else 0. `anchors`: the labels' symbols indexed."""
    mine = _gap(own, box)
    reach = Box(box.x - mine - 1, box.y - mine - 1, box.w + 2 * mine + 2, box.h + 2 * mine + 2)
    near = labels if anchors is None else [labels[k] for k in anchors.near(reach)]
    for other in near:
        a = other.anchor
        if other is not label and overlaps(reach, a) and _gap(a, box) < mine - 0.25:
            return 1
    return 0


def _past_seams(boxes: list[Box], seams: Sequence[Seam], most: float = 24.0) -> list[Box]:
    """Each box that crosses a seam, moved along the seam's normal just clear of it (both ways,
    at most `most` points): a name beside a symbol that lies in a glue band."""
    return [
        moved
        for box in boxes
        for seam in seams
        if crosses(box, seam)
        for moved in _clear_of(box, seam.vertical, seam.at, seam.at, most)
    ]


def _past_bands(boxes: list[Box], bands: Sequence[Band], most: float = 24.0) -> list[Box]:
    """Each box that reaches into a glue band, moved along the band's normal just clear of it
    (both ways, at most `most` points past the box's size): a name beside a symbol in a band."""
    return [
        moved
        for box in boxes
        for band in bands
        if in_band(box, band, SEAM_MARGIN)
        for moved in _clear_of(box, band.vertical, band.lo, band.hi, most)
    ]


def _clear_of(box: Box, vertical: bool, lo: float, hi: float, most: float) -> list[Box]:
    """The box moved across the strip lo..hi (a seam: lo == hi) just clear of it, either way,
    each move at most `most` points past the box's size."""
    start, size = (box.x, box.w) if vertical else (box.y, box.h)
    out = []
    for shift in (hi + SEAM_MARGIN + 0.5 - start, lo - SEAM_MARGIN - 0.5 - size - start):
        if abs(shift) <= most + size:
            dx, dy = (shift, 0.0) if vertical else (0.0, shift)
            out.append(Box(box.x + dx, box.y + dy, box.w, box.h))
    return out


def _area(a: Box, b: Box) -> float:
    w = min(a.x + a.w, b.x + b.w) - max(a.x, b.x)
    h = min(a.y + a.h, b.y + b.h) - max(a.y, b.y)
    return max(w, 0.0) * max(h, 0.0) + 0.01


def _inside(box: Box, area: Box) -> bool:
    return (
        box.x >= area.x
        and box.y >= area.y
        and box.x + box.w <= area.x + area.w
        and box.y + box.h <= area.y + area.h
    )
