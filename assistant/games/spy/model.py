"""The Spy! network model (docs/spy.md, "The Spy! model"): field, cells, lines, networks, answers.

Pure and light: no numpy, no I/O, so that `deaddrop spy check` starts fast.

- A field has R rows x C columns (default 10 x 10). Rows are numbered 1..R from the top, columns
  lettered from the left: A..Z, then AA, AB, .. AZ, BA, .. (spreadsheet style, bijective base 26).
- A cell is a `(row, col)` tuple of 0-based ints and is written row then column: (0, 0) is "1A".
- A line runs through cell centres from `start` to `end`; a line of length L covers L+1 cells.
- A network is a chain of lines given by its corner cells (vertices) in order.
- A set of cells is also a bit mask: cell (r, c) is bit `r * cols + c`.
- A probed cell is hot if covered, warm if an orthogonal neighbour is covered, else cold.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache

from deaddrop.errors import quoted

Cell = tuple[int, int]

DEFAULT_LENGTHS: tuple[int, ...] = (1, 2, 3, 4, 5, 6)

HOT, WARM, COLD = "hot", "warm", "cold"


@dataclass(frozen=True)
class Field:
    """A field of `rows` x `cols` cells."""

    rows: int = 10
    cols: int = 10

    def __post_init__(self) -> None:
        if self.rows < 1 or self.cols < 1:
            raise ValueError(f"a field needs at least one row and one column, not {self}")

    def contains(self, cell: Cell) -> bool:
        """Whether `cell` lies inside the field."""
        return 0 <= cell[0] < self.rows and 0 <= cell[1] < self.cols

    def cells(self) -> list[Cell]:
        """Every cell of the field in row-major order."""
        return [(r, c) for r in range(self.rows) for c in range(self.cols)]

    @property
    def full_mask(self) -> int:
        """The mask with every cell of the field set."""
        return (1 << (self.rows * self.cols)) - 1

    def describe(self) -> str:
        """E.g. "10 x 10 field (rows 1-10, columns A-J)"."""
        return (
            f"{self.rows} x {self.cols} field "
            f"(rows 1-{self.rows}, columns A-{column_letters(self.cols - 1)})"
        )


def column_letters(col: int) -> str:
    """0 -> "A", 25 -> "Z", 26 -> "AA", 27 -> "AB" (bijective base 26)."""
    if col < 0:
        raise ValueError(f"column index {col} is negative")
    letters = ""
    n = col + 1
    while n:
        n, rest = divmod(n - 1, 26)
        letters = chr(ord("A") + rest) + letters
    return letters


def column_index(letters: str) -> int:
    """ "A" -> 0, "Z" -> 25, "AA" -> 26 (case-insensitive)."""
    n = 0
    for ch in letters.upper():
        if not "A" <= ch <= "Z":
            raise ValueError(f"{letters!r} is not a column (expected letters A-Z)")
        n = n * 26 + (ord(ch) - ord("A") + 1)
    if n == 0:
        raise ValueError("a column needs at least one letter")
    return n - 1


def format_cell(cell: Cell) -> str:
    """(0, 0) -> "1A"; (9, 9) -> "10J". Rows outside the field keep their number (row -1 is "0")."""
    row, col = cell
    if col < 0:  # only a line running off the left edge gets here: no letter, say which column
        return f"{row + 1}(column {col + 1})"
    return f"{row + 1}{column_letters(col)}"


_ROW_COL = re.compile(r"^\s*([0-9]+)\s*([A-Za-z]+)\s*$")
_COL_ROW = re.compile(r"^\s*([A-Za-z]+)\s*([0-9]+)\s*$")
MAX_ROW_DIGITS, MAX_COLUMN_LETTERS = 6, 4  # far past any field (64 x 64 at most)


def parse_cell_anywhere(text: str) -> Cell:
    """Parse "1A", "10j", "A1", "aa3" without checking any field (row 0 gives row index -1).

    Raises ValueError with a clear message for text that is not a cell."""
    match = _ROW_COL.match(text) or _COL_ROW.match(text)
    if not match:
        raise ValueError(
            f"{quoted(text.strip())} is not a cell (expected row then column, e.g. 5E)"
        )
    a, b = match.groups()
    row_text, col_text = (a, b) if a.isdigit() else (b, a)
    if len(row_text.lstrip("0")) > MAX_ROW_DIGITS or len(col_text) > MAX_COLUMN_LETTERS:
        raise ValueError(
            f"{quoted(text.strip())} is far outside any field (expected a cell such as 5E)"
        )
    return (int(row_text.lstrip("0") or "0") - 1, column_index(col_text))


def parse_cell(text: str, field: Field) -> Cell:
    """Parse a cell of `field`: "1A", "10J", "A1", lower case accepted.

    Raises ValueError naming the problem, e.g. "11C is outside the 10 x 10 field (rows 1-10,
    columns A-J)"."""
    cell = parse_cell_anywhere(text)
    if not field.contains(cell):
        typed = text.strip()
        name = format_cell(cell)
        if typed.upper() != name:  # "ZZ9", "c11": the player's own text, then how it was read
            name = f"{quoted(typed)} (row {cell[0] + 1}, column {column_letters(cell[1])})"
        raise ValueError(f"{name} is outside the {field.describe()}")
    return cell


def cell_bit(cell: Cell, field: Field) -> int:
    """The bit of `cell` in a mask: `1 << (row * cols + col)`."""
    return 1 << (cell[0] * field.cols + cell[1])


def mask_of_cells(cells: Iterable[Cell], field: Field) -> int:
    """The mask of an iterable of cells (all inside the field)."""
    mask = 0
    for cell in cells:
        if not field.contains(cell):
            raise ValueError(f"{format_cell(cell)} is outside the {field.describe()}")
        mask |= cell_bit(cell, field)
    return mask


def cells_of_mask(mask: int, field: Field) -> list[Cell]:
    """The cells of a mask in row-major order."""
    cells = []
    while mask:
        low = mask & -mask
        index = low.bit_length() - 1
        cells.append(divmod(index, field.cols))
        mask ^= low
    return cells


@dataclass(frozen=True)
class Line:
    """A line from `start` to `end` through cell centres. Straight lines only have cells."""

    start: Cell
    end: Cell

    @property
    def horizontal(self) -> bool:
        """True when the line stays in one row (a zero-length line counts as horizontal)."""
        return self.start[0] == self.end[0]

    @property
    def vertical(self) -> bool:
        return self.start[1] == self.end[1]

    @property
    def straight(self) -> bool:
        """Horizontal or vertical (the only lines the rules allow)."""
        return self.horizontal or self.vertical

    @property
    def length(self) -> int:
        """Grid units from start to end (for a slanted line: the larger of the two spans)."""
        return max(abs(self.end[0] - self.start[0]), abs(self.end[1] - self.start[1]))

    @property
    def step(self) -> Cell:
        """The unit step from start towards end ((0, 0) for a zero-length line)."""
        dr = self.end[0] - self.start[0]
        dc = self.end[1] - self.start[1]
        return ((dr > 0) - (dr < 0), (dc > 0) - (dc < 0))

    def cells(self) -> list[Cell]:
        """The L+1 cells from start to end, in order. ValueError for a slanted line."""
        if not self.straight:
            raise ValueError(f"line {self} is neither horizontal nor vertical")
        dr, dc = self.step
        r, c = self.start
        return [(r + i * dr, c + i * dc) for i in range(self.length + 1)]

    def __str__(self) -> str:
        return f"{format_cell(self.start)}-{format_cell(self.end)}"


@dataclass(frozen=True)
class Network:
    """A chain of lines given by its corner cells in order, start to end."""

    vertices: tuple[Cell, ...]

    @property
    def lines(self) -> tuple[Line, ...]:
        return tuple(Line(a, b) for a, b in zip(self.vertices, self.vertices[1:], strict=False))

    def cells(self) -> frozenset[Cell]:
        """Every cell covered by a (straight) line of the network; slanted lines are skipped."""
        covered: set[Cell] = set()
        for line in self.lines:
            if line.straight:
                covered.update(line.cells())
        if len(self.vertices) == 1:
            covered.add(self.vertices[0])
        return frozenset(covered)

    def mask(self, field: Field) -> int:
        """The covered cells as a mask; ValueError when a cell lies outside the field."""
        return mask_of_cells(self.cells(), field)

    def reversed(self) -> Network:
        return Network(tuple(reversed(self.vertices)))

    def __str__(self) -> str:
        return " ".join(format_cell(v) for v in self.vertices)


@lru_cache(maxsize=64)
def _column_masks(field: Field) -> tuple[int, int]:
    """Masks of every cell not in the first column, and not in the last column."""
    row_not_first = ((1 << field.cols) - 1) & ~1
    row_not_last = (1 << (field.cols - 1)) - 1
    not_first = not_last = 0
    for r in range(field.rows):
        not_first |= row_not_first << (r * field.cols)
        not_last |= row_not_last << (r * field.cols)
    return not_first, not_last


def neighbours_mask(mask: int, field: Field) -> int:
    """Every cell orthogonally next to a cell of `mask` (may include cells of `mask` itself)."""
    not_first, not_last = _column_masks(field)
    cols = field.cols
    sideways = ((mask & not_first) >> 1) | ((mask & not_last) << 1)
    return ((mask << cols) | (mask >> cols) | sideways) & field.full_mask


def warm_mask(mask: int, field: Field) -> int:
    """The cells that answer warm: next to a covered cell, not covered themselves."""
    return neighbours_mask(mask, field) & ~mask


def answer(mask: int, cell: Cell, field: Field) -> str:
    """ "hot" if `cell` is covered, "warm" if an orthogonal neighbour is, else "cold"."""
    if not field.contains(cell):
        raise ValueError(f"{format_cell(cell)} is outside the {field.describe()}")
    if mask & cell_bit(cell, field):
        return HOT
    r, c = cell
    for nr, nc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
        if field.contains((nr, nc)) and mask & cell_bit((nr, nc), field):
            return WARM
    return COLD


def answer_map(mask: int, field: Field) -> dict[Cell, str]:
    """Every cell's answer, in row-major order."""
    hot = mask
    warm = warm_mask(mask, field)
    result = {}
    for cell in field.cells():
        bit = cell_bit(cell, field)
        result[cell] = HOT if hot & bit else WARM if warm & bit else COLD
    return result
