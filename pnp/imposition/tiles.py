"""A board larger than the printable area (split: true), cut into equal tiles overlapping by
`overlap`, one per page, numbered in reading order: "part 2 of 4, top right". Pure geometry."""

from __future__ import annotations

import math
from dataclasses import replace

from pnp.geometry import Affine, translate
from pnp.imposition.grid import Slot
from pnp.imposition.paper import (
    LEAST_BLEED,
    MARK_GAP,
    MARK_MIN,
    Paper,
)
from pnp.model import Box, Component
from pnp.record import record
from pnp.units import mm


@record
class Tile:
    """One page of a split board: `region` of the board (board frame) drawn at `slot`."""

    col: int
    row: int
    cols: int
    rows: int
    region: Box
    slot: Slot

    @property
    def number(self) -> int:
        """1, 2, ... in reading order: left to right, then down."""
        return self.row * self.cols + self.col + 1

    @property
    def label(self) -> str:
        """How the page names the tile: "part 2 of 4, top right"; the middle of a 3 x 3 board
        is "centre" (not "middle middle")."""
        where = " ".join(
            w
            for w in (
                _place(self.row, self.rows, "top", "bottom"),
                _place(self.col, self.cols, "left", "right"),
            )
            if w
        )
        where = "centre" if where == "middle middle" else where
        return f"part {self.number} of {self.cols * self.rows}" + (f", {where}" if where else "")

    def transform(self) -> Affine:
        """Board frame -> page."""
        return translate(-self.region.x, -self.region.y).then(self.slot.transform())


def _place(index: int, count: int, first: str, last: str) -> str:
    """Where row or column `index` of `count` lies: "top", "middle", "bottom", "2nd"..."""
    if count == 1:
        return ""
    if index == 0:
        return first
    if index == count - 1:
        return last
    if count == 3:
        return "middle"
    return f"{index + 1}{'nd' if index == 1 else 'rd' if index == 2 else 'th'}"


def _split(length: float, room: float, overlap: float) -> tuple[int, float]:
    if length <= room + 1e-6:
        return 1, length
    n = math.ceil((length - overlap) / (room - overlap) - 1e-9)
    return n, (length + (n - 1) * overlap) / n


def board_tiles(
    width: float,
    height: float,
    paper: Paper,
    overlap: float = mm(10),
    least_mark: float | None = MARK_MIN,
) -> list[Tile]:
    """Tiles of a board larger than the page, fewest pages first (upright on ties). The tiles
    go in the marked area (room for full crop marks; a tile's label is its footer) unless the
    printable area takes fewer
    pages and still leaves room for crop marks `least_mark` long (with None, whatever marks it
    leaves room for: none on a side with no room)."""
    best: list[Tile] | None = None
    for marked, u in ((True, paper.marked), (False, paper.tight)):
        for turned in (False, True):
            room_w, room_h = (u.h, u.w) if turned else (u.w, u.h)  # room in the board's frame
            cols, tw = _split(width, room_w, overlap)
            rows, th = _split(height, room_h, overlap)
            sw, sh = (th, tw) if turned else (tw, th)
            slot = Slot(Box((paper.width - sw) / 2, (paper.height - sh) / 2, sw, sh), turned)
            found = [
                Tile(c, r, cols, rows, Box(c * (tw - overlap), r * (th - overlap), tw, th), slot)
                for r in range(rows)
                for c in range(cols)
            ]
            room = min(slot.box.x, slot.box.y) - paper.bleed - MARK_GAP - paper.edge
            if not marked and least_mark is not None and room < least_mark - 1e-6:
                continue
            if best is None or len(found) < len(best):
                best = found
    assert best is not None
    return best


def board_layout(component: Component, paper: Paper) -> tuple[Paper, list[Tile]]:
    """The tiles of a split board on `paper` (laid out for it: Paper.cut_for), each with room
    for crop marks MARK_MIN long, and the paper they print on: its bleed made smaller, down to
    LEAST_BLEED, when that takes fewer pages (the tiles overlap, so only the board's outer edges
    lose some colour). With the build's --bleed, the bleed stays and the tiles may have shorter
    marks rather than take more pages."""
    w, h, o = component.width, component.height, component.overlap
    if paper.bleed_setting is not None:
        return paper, board_tiles(w, h, paper, o, None)
    best, tiles = paper, board_tiles(w, h, paper, o)
    bleed = paper.bleed - mm(0.5)
    while bleed >= LEAST_BLEED - 1e-6:
        smaller = replace(paper, bleed=bleed)
        found = board_tiles(w, h, smaller, o)
        if len(found) < len(tiles):
            best, tiles = smaller, found
        bleed -= mm(0.5)
    return best, tiles
