"""The sheet's field code and corner marks (pnp/fiducials.py), and how the sheet prints them."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from pnp import fiducials
from pnp.draw.shapes import grid_ops
from pnp.model import Box, Grid

sides = st.integers(1, fiducials.MAX_SIDE)


@settings(deadline=None)  # a busy machine must not fail a pure function on time
@given(st.sampled_from(fiducials.FIELDS), sides, sides)
def test_code_reads_back(field, rows, cols):
    bits = fiducials.encode(field, rows, cols)
    assert len(bits) == fiducials.CODE_BITS
    assert fiducials.decode(bits) == (field, rows, cols)


@settings(deadline=None)
@given(st.sampled_from(fiducials.FIELDS), sides, sides, st.integers(0, fiducials.CODE_BITS - 1))
def test_one_wrong_bit_never_checks(field, rows, cols, flip):
    bits = list(fiducials.encode(field, rows, cols))
    bits[flip] ^= 1
    assert fiducials.decode(bits) is None


def test_code_read_backwards_does_not_check_on_the_sheet():
    # a photo upside down reads the code from its end: the sheet's codes must not check that way
    for field in fiducials.FIELDS:
        bits = fiducials.encode(field, 10, 10)
        assert fiducials.decode(bits[::-1]) is None


def test_marks_sit_outside_the_cells_clockwise():
    centres = fiducials.mark_centres(10, 8)
    assert centres[0][0] < 0 and centres[0][1] < 0
    assert centres[1][0] > 8 and centres[1][1] < 0
    assert centres[2][0] > 8 and centres[2][1] > 10
    assert centres[3][0] < 0 and centres[3][1] > 10
    for x, y in fiducials.code_centres(10, 8):
        assert x > 8 + fiducials.CODE_SQUARE / 2  # right of the cells
        assert centres[1][1] + fiducials.MARK / 2 < y < centres[2][1] - fiducials.MARK / 2


def test_grid_prints_marks_and_code():
    box = Box(0.0, 0.0, 100.0, 100.0)
    plain = grid_ops(Grid(box, 10, 10), {})
    marked = grid_ops(Grid(box, 10, 10, fiducials="lower"), {})
    extra = [op for op in marked if op not in plain]
    ones = sum(fiducials.encode("lower", 10, 10))
    assert len(extra) == 4 * 3 + ones  # three nested squares a mark, one square a 1 bit
    fills = [op.fill for op in extra[:3]]
    assert fills == ["#000000", "#ffffff", "#000000"]


def test_the_code_reads_where_glare_lightens_some_squares():
    """Glare across the code lightens its squares from one end to the other (0.1 to 0.45 on a
    paper of 1.0): the squares and the paper still fall in two groups, and the code reads; an
    even grey where one square should be (neither group) does not read (issue 39: a glare's
    gradient refused the photo)."""
    import numpy as np

    from assistant.games.spy import photo_geometry as geo
    from assistant.games.spy.model import Field
    from assistant.games.spy.photo_image import _read_code

    field = Field(10, 10)
    width, height = geo.canvas_size(field)
    bits = fiducials.encode("upper", 10, 10)
    points = geo.code_points(field)

    def image(levels):
        img = np.ones((height, width), np.float32)
        for (x, y), bit, level in zip(points, bits, levels, strict=True):
            if bit:
                img[int(y) - 4 : int(y) + 5, int(x) - 4 : int(x) + 5] = level
        return img

    ramp = np.linspace(0.1, 0.45, len(points))
    assert _read_code(image(ramp), np.eye(3), field) == ("upper", 10, 10)
    muddled = list(ramp)
    first_one = bits.index(1, 1)
    muddled[first_one] = 0.72  # between the squares' greys and the paper
    assert _read_code(image(muddled), np.eye(3), field) is None
