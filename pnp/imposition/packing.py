"""Pieces of consecutive components sharing pages: a shelf packing. Pure geometry, points, y down.

- A *block* is a grid of pieces of one size, one bleed and one orientation (trim boxes `space`
  apart, like a one-component page): consecutive pieces of the same size and bleed, even of
  different components, fill it row by row in print order. Each block gets its own crop marks
  around it.
- Blocks' bleed boxes sit at least `block_gap` apart: room for the crop marks of both blocks
  (MARK_GAP, then marks INNER_MARK long) and a clear strip of MARK_CLEAR between them, where the
  person cuts the blocks apart before cutting each block on its marks.
- Shelves: in a region, blocks stack top to bottom; the region to the right of a block (as tall
  as that block) is filled the same way first, so that the page is a guillotine layout (every
  block comes free with straight cuts through the gaps) and print order reads left to right,
  then down. Each top-level shelf is centred across the page, the lot centred down it.
- Pieces stay in print order. Each page takes what it can; the few choices per block (a short
  run as a wide or a tall block; its partial last row kept in the block or moved on to the next
  shelf; a run short enough for one row split between two blocks or kept whole) are searched and
  the page that holds the most pieces wins (ties: the fewest changes from wide, kept, whole).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator, Sequence

from pnp.geometry import outset
from pnp.imposition.grid import EPS, Slot, count, fits_usable, piece_grid
from pnp.imposition.marks import Segment, crop_marks
from pnp.imposition.paper import INNER_MARK, MARK_CLEAR, MARK_GAP, Paper
from pnp.model import Box
from pnp.record import record
from pnp.units import mm

SEARCH_BITS = 10  # choices searched per page (at most 2**SEARCH_BITS layouts tried)
SNAP = mm(10)  # a shelf this close to the widest one lines up with it instead of centring


def block_gap(paper: Paper | None = None) -> float:
    """The least distance between the bleed boxes of two blocks."""
    return 2 * (MARK_GAP + INNER_MARK) + MARK_CLEAR


@record
class Block:
    """A grid of pieces `first`, `first + 1`, ... (indices into the packed sizes) at `slots`,
    their art running `bleed` past their trim boxes."""

    first: int
    slots: tuple[Slot, ...]
    bleed: float = 0.0

    @property
    def bleed_box(self) -> Box:
        return outset(self.box, self.bleed)

    @property
    def box(self) -> Box:
        xs = [s.box.x for s in self.slots] + [s.box.x + s.box.w for s in self.slots]
        ys = [s.box.y for s in self.slots] + [s.box.y + s.box.h for s in self.slots]
        return Box(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))

    @property
    def pieces(self) -> range:
        return range(self.first, self.first + len(self.slots))


@record
class PackedPage:
    """One front page: its blocks in print order."""

    blocks: tuple[Block, ...]


def _runs(sizes: Sequence[tuple[float, float]], cuts: Sequence[Paper]) -> list[tuple[int, int]]:
    """(start, length) of each run of consecutive pieces of the same size and cut."""
    runs: list[tuple[int, int]] = []
    for i, (w, h) in enumerate(sizes):
        if runs:
            start, n = runs[-1]
            pw, ph = sizes[start]
            if abs(pw - w) < EPS and abs(ph - h) < EPS and cuts[start] == cuts[i]:
                runs[-1] = (start, n + 1)
                continue
        runs.append((i, 1))
    return runs


class _Fill:
    """One try at filling a page from piece `pos` on, following `policy` at each choice."""

    def __init__(
        self,
        sizes: Sequence[tuple[float, float]],
        run_end: Sequence[int],  # for each piece, the end (exclusive) of its run
        natural: Sequence[bool],  # for each piece, whether a full page of its size is turned
        paper: Paper,
        cuts: Sequence[Paper],  # for each piece, the paper laid out for its bleed and gutter
        pos: int,
        policy: tuple[bool, ...],
    ) -> None:
        self.sizes, self.run_end, self.natural = sizes, run_end, natural
        self.paper, self.cuts, self.pos, self.policy = paper, cuts, pos, policy
        self.choices = 0  # choices met
        self.changes = 0  # choices answered True
        self.shelves = 0  # top-level shelves begun
        self.placed: list[tuple[Block, int]] = []  # block, top-level shelf

    def _choose(self) -> bool:
        i = self.choices
        self.choices += 1
        answer = i < len(self.policy) and self.policy[i]
        self.changes += answer
        return answer

    def block(self, x: float, y: float, w: float, h: float, shelf: int) -> Box | None:
        """Place the next block, its bleed box at (x, y) in a w x h region; its bleed box, or
        None if none fits."""
        if self.pos >= len(self.sizes):
            return None
        cut = self.cuts[self.pos]
        space, b = cut.space, cut.bleed
        x, y, w, h = x + b, y + b, w - 2 * b, h - 2 * b
        pw, ph = self.sizes[self.pos]
        left = self.run_end[self.pos] - self.pos
        best: tuple[int, int, bool] | None = None
        natural = self.natural[self.pos]
        for turned in (natural, not natural) if abs(pw - ph) > EPS else (False,):
            bw, bh = (ph, pw) if turned else (pw, ph)
            cols, rows = count(w, bw, space), count(h, bh, space)
            if cols * rows and (best is None or cols * rows > best[0] * best[1]):
                best = (cols, rows, turned)
        if best is None:
            return None
        cols, rows, turned = best
        take = min(left, cols * rows)
        if take < left and self._short_run(left) and not self._choose():
            return None  # a short run is not split between two blocks (unless that holds more)
        if take < cols * rows:
            wide, tall = min(cols, take), math.ceil(take / rows)
            cols = tall if tall != wide and self._choose() else wide
            rows = math.ceil(take / cols)
            if take % cols and rows > 1 and self._choose():
                rows -= 1
                take = rows * cols
        bw, bh = (ph, pw) if turned else (pw, ph)
        slots = tuple(
            Slot(Box(x + (i % cols) * (bw + space), y + (i // cols) * (bh + space), bw, bh), turned)
            for i in range(take)
        )
        placed = Block(self.pos, slots, b)
        self.placed.append((placed, shelf))
        self.pos += take
        bw_all = min(take, cols) * (bw + space) - space
        return Box(x - b, y - b, bw_all + 2 * b, rows * (bh + space) - space + 2 * b)

    def _short_run(self, left: float) -> bool:
        """Whether `left` pieces of the current run fit in one row across the page."""
        cut = self.cuts[self.pos]
        room = self.paper.cut(0.0).usable.w - 2 * cut.bleed
        pw, ph = self.sizes[self.pos]
        return left <= max(count(room, pw, cut.space), count(room, ph, cut.space))

    def region(self, x: float, y: float, w: float, h: float, shelf: int | None = None) -> None:
        """Fill a region: a block at its top-left, then the region to its right (as tall as the
        block, or as the region), then the region below it (as wide as the region, or as the
        block). At the top level (`shelf` None) each region below is a new shelf."""
        if shelf is None:
            shelf, self.shelves = self.shelves, self.shelves + 1
            below_shelf = None
        else:
            below_shelf = shelf
        box = self.block(x, y, w, h, shelf)
        if box is None:
            return
        gap = block_gap(self.paper)
        right_w, below_h = w - box.w - gap, h - box.h - gap
        tall = False
        if self.pos < len(self.sizes):
            least = min(self.sizes[self.pos]) + 2 * self.cuts[self.pos].bleed
            # with no room below, the region on the right may as well be as tall as this one
            tall = right_w >= least and (below_h < least or self._choose())
        if tall:
            self.region(box.x + box.w + gap, y, right_w, h, shelf)
            self.region(x, y + box.h + gap, box.w, below_h, shelf)
        else:
            self.region(box.x + box.w + gap, y, right_w, box.h, shelf)
            self.region(x, y + box.h + gap, w, below_h, below_shelf)


def _fill(fill: _Fill) -> _Fill:
    u = fill.paper.cut(0.0).usable  # bleed boxes go where trim boxes of no bleed could
    fill.region(u.x, u.y, u.w, u.h)
    return fill


def _search(
    make: Callable[[tuple[bool, ...]], _Fill], prefix: tuple[bool, ...] = ()
) -> Iterator[_Fill]:
    """Every policy worth trying, depth first from `prefix`: default answers first."""
    tried = make(prefix)
    yield tried
    for i in range(len(prefix), min(tried.choices, SEARCH_BITS)):
        yield from _search(make, prefix + (False,) * (i - len(prefix)) + (True,))


def _centred(fill: _Fill) -> PackedPage:
    """The blocks of a filled page, each top-level shelf centred across, the lot centred down."""
    page_w = fill.paper.width
    shelves: dict[int, list[Block]] = {}
    boxes = {}  # each block's bleed box, worked out once
    for placed, shelf in fill.placed:
        shelves.setdefault(shelf, []).append(placed)
        boxes[id(placed)] = placed.bleed_box
    moved: list[Block] = []
    top = min(box.y for box in boxes.values())
    bottom = max(box.y + box.h for box in boxes.values())
    dy = (fill.paper.height - (bottom - top)) / 2 - top
    u = fill.paper.cut(0.0).usable  # where the bleed boxes were laid out
    dy -= fill.paper.raised(top + dy, bottom + dy, u.y)
    left = min(box.x for box in boxes.values())
    widest = max(box.x + box.w for box in boxes.values()) - left
    for blocks in shelves.values():
        x0 = min(boxes[id(b)].x for b in blocks)
        x1 = max(boxes[id(b)].x + boxes[id(b)].w for b in blocks)
        if x1 - x0 > widest - SNAP:  # nearly as wide as the widest: flush with it
            x0, x1 = left, left + widest
        dx = (page_w - (x1 - x0)) / 2 - x0
        for b in blocks:
            slots = tuple(
                Slot(Box(s.box.x + dx, s.box.y + dy, s.box.w, s.box.h), s.turned) for s in b.slots
            )
            moved.append(Block(b.first, slots, b.bleed))
    moved.sort(key=lambda b: b.first)
    return PackedPage(tuple(moved))


_PACKED: dict[tuple[object, ...], list[PackedPage]] = {}  # pack's answers (pure), kept a while


def pack(
    sizes: Sequence[tuple[float, float]],
    paper: Paper,
    cuts: Sequence[Paper] | None = None,
    most: int | None = None,
) -> list[PackedPage]:
    """Front pages holding pieces of these sizes (width, height), in order; each piece laid out
    on its `cuts` paper (its bleed and gutter; by default `paper` for every piece). With `most`,
    only the first `most` pages (the pieces that fit on them).

    The same question is answered once (the kit's planner and a component's own plan ask many
    of the same): the pages are records, which nobody changes.

    Raises ValueError when a piece does not fit the usable area of the page either way."""
    key = (tuple(sizes), paper, None if cuts is None else tuple(cuts), most)
    found = _PACKED.get(key)
    if found is None:
        found = _pack(sizes, paper, cuts, most)
        if len(_PACKED) >= 256:
            _PACKED.clear()
        _PACKED[key] = found
    return list(found)


def _pack(
    sizes: Sequence[tuple[float, float]],
    paper: Paper,
    cuts: Sequence[Paper] | None,
    most: int | None,
) -> list[PackedPage]:
    if cuts is None:
        cuts = [paper] * len(sizes)
    run_end: list[int] = []
    natural: list[bool] = []
    for start, n in _runs(sizes, cuts):
        w, h = sizes[start]
        grid = piece_grid(w, h, cuts[start])
        if grid is None or not fits_usable(w, h, cuts[start]):
            raise ValueError(f"a {w:.1f} x {h:.1f} pt piece does not fit the usable area")
        run_end += [start + n] * n
        natural += [grid.slots[0].turned] * n
    pages: list[PackedPage] = []
    pos = 0
    while pos < len(sizes) and (most is None or len(pages) < most):
        best: _Fill | None = None

        def make(policy: tuple[bool, ...], at: int = pos) -> _Fill:
            return _fill(_Fill(sizes, run_end, natural, paper, cuts, at, policy))

        for tried in _search(make):
            if best is None or (tried.pos, -tried.changes) > (best.pos, -best.changes):
                best = tried
        assert best is not None and best.pos > pos
        pages.append(_centred(best))
        pos = best.pos
    return pages


def block_marks(page: PackedPage, paper: Paper) -> list[list[Segment]]:
    """The crop marks (x0, y0, x1, y1) of each block of a page: the block's own cut lines,
    INNER_MARK long where another block is near."""
    boxes = [b.bleed_box for b in page.blocks]
    return [
        crop_marks([s.box for s in block.slots], paper.cut(block.bleed), boxes[:i] + boxes[i + 1 :])
        for i, block in enumerate(page.blocks)
    ]
