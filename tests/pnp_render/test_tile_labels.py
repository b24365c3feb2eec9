"""How a split board's pages name their part (pnp/imposition/tiles.py): a 3 x 3 board's part 5 is
its centre, never "middle middle"."""

from __future__ import annotations

from pnp.imposition.tiles import Tile
from pnp.model import Box


def label(col: int, row: int, cols: int, rows: int) -> str:
    return Tile(col, row, cols, rows, Box(0, 0, 1, 1), None).label  # type: ignore[arg-type]


def test_the_parts_of_a_three_by_three_board():
    assert label(1, 1, 3, 3) == "part 5 of 9, centre"
    assert label(0, 1, 3, 3) == "part 4 of 9, middle left"
    assert label(1, 0, 3, 3) == "part 2 of 9, top middle"
    assert label(2, 2, 3, 3) == "part 9 of 9, bottom right"
    assert label(0, 0, 1, 1) == "part 1 of 1"
