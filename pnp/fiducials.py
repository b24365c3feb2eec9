"""Marks around a grid for reading it from a photo: pure geometry, no drawing and no I/O.

A grid with `fiducials: upper` (or `lower`) gets four corner marks just outside its cells and a
short code beside its right edge. Everything here is in cell units, with the origin at the top
left corner of the cells (not the labels) and y going down, so that the printer (pnp.draw.shapes)
and the photo reader (assistant/games/spy/photo_*.py) share one description.

- A corner mark is a square finder pattern of 7 x 7 modules (a black ring 1 module thick, a white
  ring, a black 3 x 3 centre), `MARK` cells wide, centred `OFFSET` cells out from each corner of
  the cells, in the corner the row and column labels leave free.
- The code is a column of `CODE_BITS` small squares, centred `OFFSET` cells right of the cells,
  starting at the first row: a 1 bit is a black square, a 0 bit white paper. It holds, top to
  bottom: 1 (start), the field (0 upper, 1 lower), rows - 1 and cols - 1 in 6 bits each (most
  significant first), a 5-bit check (CRC-5, x^5 + x^2 + 1, over the 13 bits before it), 1 (end).
  Read in the wrong orientation it does not check, which tells the reader which way is up.
"""

from __future__ import annotations

from dataclasses import dataclass

MARK = 0.5  # a corner mark's side, in cells (4 mm on the 8 mm cells of the sheet)
OFFSET = 0.4  # how far a mark's (and the code's) centre lies outside the cells, in cells
MODULES = 7  # a mark is 7 x 7 modules
CODE_SQUARE = 0.2  # one bit's square, in cells
CODE_STEP = 0.2  # from one bit's centre to the next
CODE_BITS = 20
FIELDS = ("upper", "lower")
MAX_SIDE = 64  # rows and cols that the code can hold (6 bits each, 1..64)


@dataclass(frozen=True)
class Square:
    """A filled square: centre (x, y) and side, in cells."""

    x: float
    y: float
    side: float


def mark_centres(rows: int, cols: int) -> tuple[tuple[float, float], ...]:
    """The four marks' centres, clockwise from the top left: top left, top right, bottom right,
    bottom left."""
    o = OFFSET
    return ((-o, -o), (cols + o, -o), (cols + o, rows + o), (-o, rows + o))


def mark_squares(cx: float, cy: float) -> tuple[Square, ...]:
    """One finder pattern as three nested squares to fill black, white, black."""
    m = MARK / MODULES
    return (Square(cx, cy, 7 * m), Square(cx, cy, 5 * m), Square(cx, cy, 3 * m))


def code_centres(rows: int, cols: int) -> tuple[tuple[float, float], ...]:
    """The centre of each bit's square, top to bottom."""
    x = cols + OFFSET
    y0 = CODE_STEP / 2 + 0.5  # start half a cell below the top mark, clear of it
    return tuple((x, y0 + i * CODE_STEP) for i in range(CODE_BITS))


def crc5(bits: list[int]) -> list[int]:
    """CRC-5 (x^5 + x^2 + 1, register from zero) of `bits`: 5 bits, most significant first."""
    reg = 0
    for bit in bits:
        top = (reg >> 4) & 1
        reg = (reg << 1) & 0x1F
        if top ^ bit:
            reg ^= 0b00101
    return [(reg >> (4 - i)) & 1 for i in range(5)]


def encode(field: str, rows: int, cols: int) -> tuple[int, ...]:
    """The code's bits for a field of rows x cols."""
    if field not in FIELDS:
        raise ValueError(f"unknown field {field!r} (expected upper or lower)")
    if not (1 <= rows <= MAX_SIDE and 1 <= cols <= MAX_SIDE):
        raise ValueError(f"a {rows} x {cols} field cannot be coded (at most {MAX_SIDE} a side)")
    payload = [FIELDS.index(field)]
    payload += [((rows - 1) >> (5 - i)) & 1 for i in range(6)]
    payload += [((cols - 1) >> (5 - i)) & 1 for i in range(6)]
    return tuple([1, *payload, *crc5(payload), 1])


def decode(bits: list[int] | tuple[int, ...]) -> tuple[str, int, int] | None:
    """(field, rows, cols) from the code's bits, or None when they do not check."""
    if len(bits) != CODE_BITS or bits[0] != 1 or bits[-1] != 1:
        return None
    payload = list(bits[1:14])
    if crc5(payload) != list(bits[14:19]):
        return None
    rows = 1 + sum(b << (5 - i) for i, b in enumerate(payload[1:7]))
    cols = 1 + sum(b << (5 - i) for i, b in enumerate(payload[7:13]))
    return FIELDS[payload[0]], rows, cols


def code_squares(field: str, rows: int, cols: int) -> tuple[Square, ...]:
    """The black squares of the code (its 1 bits)."""
    bits = encode(field, rows, cols)
    return tuple(
        Square(x, y, CODE_SQUARE)
        for (x, y), bit in zip(code_centres(rows, cols), bits, strict=True)
        if bit
    )
