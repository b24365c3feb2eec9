"""Squares a finger or a pen covers, seen by their colour (photo_field.colour, covered_cells):
a coloured patch wider than any stroke is a thing lying on the sheet; ink of any colour is a
stroke, far narrower."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

pytest.importorskip("cv2")

import cv2  # noqa: E402

from assistant.games.spy import photo, photo_geometry  # noqa: E402
from assistant.games.spy import photo_field as pf  # noqa: E402
from assistant.games.spy import photo_image as pi  # noqa: E402
from assistant.games.spy.model import Field, format_cell  # noqa: E402

FIELD = Field(10, 10)
SKIN = (0.55, 0.65, 0.85)  # BGR


def _canvas() -> np.ndarray:
    width, height = photo_geometry.canvas_size(FIELD)
    return np.zeros((height, width), np.float32)


def _at(col: float, row: float) -> tuple[int, int]:
    x, y = photo_geometry.to_canvas(col, row)
    return int(x), int(y)


@settings(max_examples=30, deadline=None)
@given(st.floats(1.5, 8.5), st.floats(1.5, 8.5), st.floats(0, 180))
def test_a_finger_covers_the_squares_under_it_and_only_those_near_it(col, row, turn):
    """A finger (a coloured capsule a square and a half wide, two squares long, any way turned):
    every square whose centre it lies over is covered; no square two squares from it is."""
    coloured = _canvas()
    px = photo_geometry.PX
    a = np.array(_at(col, row), float)
    d = np.array([np.cos(np.radians(turn)), np.sin(np.radians(turn))]) * px
    b = a + 2 * d
    cv2.line(coloured, tuple(int(v) for v in a), tuple(int(v) for v in b), 0.35, int(1.5 * px))
    covered = pf.covered_cells(coloured, FIELD)
    for r in range(10):
        for c in range(10):
            centre = np.array(_at(c + 0.5, r + 0.5), float)
            t = np.clip(np.dot(centre - a, b - a) / np.dot(b - a, b - a), 0, 1)
            gap = np.linalg.norm(centre - (a + t * (b - a))) / px  # squares from its axis
            if gap < 0.6:
                assert (r, c) in covered
            if gap > 0.75 + 2:
                assert (r, c) not in covered


@settings(max_examples=30, deadline=None)
@given(st.integers(1, 9), st.floats(0.3, 1.0), st.integers(1, 10))
def test_ink_of_any_colour_covers_nothing(row, strength, width):
    """Lines of strongly coloured ink (ballpoint, a coloured felt pen, up to 10 pixels wide: a
    quarter of a square), a whole network's worth, crossing and side by side: no square."""
    coloured = _canvas()
    for k in range(1, 10):
        cv2.line(coloured, _at(0.5, row), _at(9.5, row), strength, width)
        cv2.line(coloured, _at(k + 0.5, 0.5), _at(k + 0.5, 9.5), strength, width)
    assert pf.covered_cells(coloured, FIELD) == frozenset()


def _png(image: np.ndarray) -> bytes:
    ok, data = cv2.imencode(".png", image)
    assert ok
    return data.tobytes()


def _located(shape: tuple[int, ...]) -> pi.Located:
    """The field straight over the whole photo: canvas pixels -> photo pixels by a scale."""
    width, height = photo_geometry.canvas_size(FIELD)
    to_photo = np.diag([shape[1] / width, shape[0] / height, 1.0])
    return pi.Located("lower", FIELD, to_photo, ((0.0, 0.0),) * 4)


@pytest.mark.parametrize("lamp", [(1.0, 1.0, 1.0), (0.55, 0.78, 1.0), (1.0, 0.9, 0.6)])
def test_colour_is_high_on_skin_and_nil_on_paper_under_any_lamp(lamp):
    """Skin on paper: coloured; the paper itself not, even under a strongly coloured lamp the
    phone left in (BGR 140, 200, 255: the paper orange), since the paper is the white."""
    paper = np.full((300, 400, 3), 235.0)
    paper[100:200, 150:250] = np.array(SKIN) * 235
    photo_bytes = _png(np.clip(paper * np.array(lamp), 0, 255).astype(np.uint8))
    grey = pi.decode_image(photo_bytes)
    seen = pf.colour(photo_bytes, grey.shape, _located(grey.shape))
    assert seen.shape == _canvas().shape
    h, w = seen.shape  # the patch in the middle, the paper at the edge
    assert seen[h // 2, w // 2] > 0.3 and seen[h // 15, w // 20] < 0.05
    under = {(r, c) for r in range(3, 7) for c in range(3, 7)}  # the patch's squares
    assert {(4, 4), (4, 5), (5, 4), (5, 5)} <= pf.covered_cells(seen, FIELD) <= under


def test_a_photo_stored_grey_has_no_colour():
    flat = np.full((300, 400), 235, np.uint8)
    flat[100:200, 150:250] = 160
    grey = pi.decode_image(_png(flat))
    assert pf.colour(_png(flat), grey.shape, _located(grey.shape)).max() == 0.0


def test_a_finger_beside_the_network_is_named_not_read_as_strokes(page):
    """Photo 3166 of the second generator: a finger over 7A to 8D, its shaded rim dark like
    pencil, light pencil elsewhere: the network is read, those squares named as covered (they
    had been read as strokes apart from the network, the photo flagged)."""
    import synth_hand

    case = synth_hand.make(page, 3166)
    assert "a finger" in case.notes and case.kind == "legal" and not case.hidden
    reading = photo.read_photo(case.jpeg, "3166.jpg", case.field_name, (1, 2, 3, 4, 5, 6))
    assert reading.uncertain == [] and reading.result.legal
    assert reading.decision.cells == synth_hand._cells(case.vertices)
    (note,) = reading.decision.notes
    assert note.startswith("something covers 7A, 7B, 7C, 7D, 8A, 8B, 8C, 8D (a finger, a pen?)")


def test_where_two_wide_coloured_lines_meet_nothing_is_covered():
    """A felt pen's lines a quarter of a square wide meeting in a T, with their ends past the
    joint (photo 5 of the second generator had such a blot read as a thing on the sheet)."""
    coloured = _canvas()
    width = int(0.3 * photo_geometry.PX)
    cv2.line(coloured, _at(7.5, 1.5), _at(7.5, 6.7), 0.6, width)
    cv2.line(coloured, _at(5.3, 6.5), _at(7.7, 6.5), 0.6, width)
    cv2.circle(coloured, _at(7.5, 6.5), int(0.3 * photo_geometry.PX), 0.6, -1)
    assert pf.covered_cells(coloured, FIELD) == frozenset()


@pytest.mark.parametrize(
    ("seed", "clear"),
    [(4230, (7, 0)), (5013, (5, 9))],
)
def test_a_step_under_a_pen_says_nothing_and_covers_no_square_it_does_not_reach(page, seed, clear):
    """Photo 4230: a felt pen lies from 8B to 10G, its tip a square from the line down column
    A; 5013: a pen's tip beside the line down column J, over the steps 7J-8J. A step whose
    places lie under the pen or its rim is not measured there (its tip had read as a stroke
    beside the line, and doubted); the line's own squares (8A; 6J) are not covered: both photos
    read exactly, the pen's squares named in a note."""
    import synth_hand

    case = synth_hand.make(page, seed)
    assert "a pen over the sheet" in case.notes and case.kind == "legal"
    reading = photo.read_photo(case.jpeg, f"{seed}.jpg", case.field_name, (1, 2, 3, 4, 5, 6))
    assert reading.uncertain == [] and reading.result.legal
    assert reading.decision.cells == synth_hand._cells(case.vertices)
    assert clear in reading.decision.cells
    (note,) = reading.decision.notes
    assert note.startswith("something covers ")
    named = note.split(" (")[0].removeprefix("something covers ").split(", ")
    assert format_cell(clear) not in named and len(named) >= 2


def test_the_debug_picture_hatches_the_squares_the_note_names(page):
    """Photo 4230: the squares the note names as covered (read as empty) are drawn in the
    --debug picture, grey and hatched (a shape, not a colour alone), and nothing else changes."""
    import dataclasses

    import synth_hand

    case = synth_hand.make(page, 4230)
    reading = photo.read_photo(case.jpeg, "4230.jpg", case.field_name, (1, 2, 3, 4, 5, 6))
    apart = reading.decision.apart
    assert apart and all(format_cell(c) in reading.decision.notes[0] for c in apart)
    plain = dataclasses.replace(reading.decision, apart=frozenset())

    def picture(decision) -> np.ndarray:
        png = photo.overlay_png(dataclasses.replace(reading, decision=decision))
        return cv2.imdecode(np.frombuffer(png, np.uint8), cv2.IMREAD_COLOR).astype(int)

    changed = np.abs(picture(reading.decision) - picture(plain)).sum(axis=2) > 30
    px = photo_geometry.PX
    inside = np.zeros_like(changed)
    for r, c in apart:
        x, y = _at(c, r)
        square = changed[y : y + px, x : x + px]
        assert square.mean() > 0.02  # its outline and hatching (faint over a dark pen)
        inside[y : y + px, x : x + px] = True
    assert not (changed & ~inside).any()
