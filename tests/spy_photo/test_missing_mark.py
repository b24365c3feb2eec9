"""Where the fourth corner mark is, in words, when three are seen and the small squares that
would say which corner of the sheet it is are hidden too (photo_image._where_missing)."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

pytest.importorskip("cv2")

from assistant.games.spy.photo_image import _where_missing  # noqa: E402
from assistant.games.spy.photo_marks import Mark  # noqa: E402

SIDE = 30.0
PLACES = ["top left", "top right", "bottom right", "bottom left"]  # clockwise, as on screen


def _mark(x: float, y: float, turn: float) -> Mark:
    c, s = math.cos(turn), math.sin(turn)
    square = [(-1, -1), (1, -1), (1, 1), (-1, 1)]
    outline = np.array(
        [(x + SIDE / 2 * (c * u - s * v), y + SIDE / 2 * (s * u + c * v)) for u, v in square]
    )
    return Mark((x, y), outline, SIDE)


def _corners(cx: float, cy: float, half: float, turn: float) -> list[tuple[float, float]]:
    """The field's corners, turned by `turn` about its centre: top left, top right, bottom
    right, bottom left as the photo shows them (y grows downwards)."""
    c, s = math.cos(turn), math.sin(turn)
    square = [(-1, -1), (1, -1), (1, 1), (-1, 1)]
    return [(cx + half * (c * u - s * v), cy + half * (s * u + c * v)) for u, v in square]


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 3), st.floats(-0.6, 0.6), st.floats(250, 400))
def test_the_missing_mark_is_named_where_the_photo_shows_it(hidden, turn, half):
    """A field in the photo (its corners at most 400 x 1.42 = 566 pixels from the centre of a
    1200-pixel photo, however turned), one corner mark hidden: named as the photo shows it."""
    norm = np.ones((1200, 1200), np.float32)
    corners = _corners(600, 600, half, turn)
    marks = [_mark(x, y, turn) for k, (x, y) in enumerate(corners) if k != hidden]
    where = _where_missing(norm, marks)
    assert where == f"at the {PLACES[hidden]} of the field as the photo shows it"


@pytest.mark.parametrize(
    ("cx", "turn", "hidden", "edge"), [(330, -0.3, 0, "left"), (870, 0.3, 1, "right")]
)
def test_a_fourth_mark_beyond_the_photos_edge_is_said_so(cx, turn, hidden, edge):
    """A turned sheet whose one corner lies past the photo's edge, the three others in it."""
    norm = np.ones((1200, 1200), np.float32)
    corners = _corners(cx, 600, 300, turn)
    outside = [k for k, (x, y) in enumerate(corners) if not (0 <= x < 1200 and 0 <= y < 1200)]
    assert outside == [hidden]
    marks = [_mark(x, y, turn) for k, (x, y) in enumerate(corners) if k != hidden]
    assert _where_missing(norm, marks) == f"outside the photo, past its {edge} edge"


def test_marks_that_make_corners_more_than_one_way_give_no_guess():
    norm = np.ones((1200, 1200), np.float32)
    corners = _corners(600, 600, 300, 0.0)
    marks = [_mark(x, y, 0.0) for x, y in corners[:3]]
    marks.append(_mark(600 + 300, 600 + 900, 0.0))  # a second L with two of them
    assert _where_missing(norm, marks) is None
