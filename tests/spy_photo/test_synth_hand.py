"""The second photo generator's truth (synth_hand): what it calls hidden."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("cv2")

import synth_hand  # noqa: E402


def test_a_stroke_whitened_by_glare_at_a_drawn_cell_is_lost():
    """The darkest grey near a drawn cell's centre decides: a stroke still grey there is in the
    photo, however white the paper around it; white everywhere near it, it is lost."""
    grey = np.full((40, 40), 0.99, np.float32)
    grey[20, 10:30] = 0.7  # a stroke along row 20
    centre = np.array([[20.0, 20.0]])
    assert not synth_hand._stroke_saturated(grey, centre, 3)
    grey[20, 10:30] = 0.985  # the glare whitens it
    assert synth_hand._stroke_saturated(grey, centre, 3)
    # a point off the photo says nothing
    assert not synth_hand._stroke_saturated(grey, np.array([[-5.0, 60.0]]), 3)


def test_glare_that_whitens_the_drawn_lines_makes_the_photo_hidden(page):
    """Photo 5275 of the second generator: glare under 0.5 of the spot's strength at every
    drawn cell, but the light pencil there saturated white: counted with the hidden."""
    case = synth_hand.make(page, 5275)
    assert "glare" in case.notes
    assert case.hidden


def _stroke_photo(darkness: float, glare: float = 0.0) -> tuple[np.ndarray, np.ndarray, list]:
    """A photo (grey paper 0.6 plus `glare`) with a stroke `darkness` deep along row 50 from
    x 20 to 80 (a step between two cells 60 pixels apart), the same photo with nothing drawn,
    and the step's two ends."""
    empty = np.full((100, 100, 3), 0.6 + glare, np.float32)
    photo = empty.copy()
    photo[49:52, 20:81] -= darkness
    return photo, empty, [np.array([[20.0, 50.0], [80.0, 50.0]])]


def test_a_step_is_seen_when_the_ideal_observer_tells_it_from_the_paper():
    """d' of a stroke 3 pixels wide over the step's middle 70% (42 pixels: 126 changed pixels)
    is its darkness x sqrt(126) over one grey pixel's noise: seen from SEEN on."""
    step = [((0, 0), (0, 1))]
    darkness = 0.02  # 5.1 grey levels
    at_seen = darkness * 255 * np.sqrt(126) / synth_hand.SEEN  # the noise that makes d' SEEN
    noise_sd = at_seen / float(np.linalg.norm(synth_hand._GREY))
    photo, empty, ends = _stroke_photo(darkness)
    assert synth_hand._unseen_steps(photo, empty, ends, step, noise_sd * 0.9) == []
    assert synth_hand._unseen_steps(photo, empty, ends, step, noise_sd * 1.1) == step
    # glare that lifts the paper past white takes the stroke out of the photo, however clean
    photo, empty, ends = _stroke_photo(darkness, glare=0.45)
    assert synth_hand._unseen_steps(photo, empty, ends, step, 0.01) == step


def test_pencil_too_faint_for_low_light_is_counted_apart(page):
    """Photo 298 of the second generator: pencil pressed 0.18 in low light (the sensor's noise
    about 8 grey levels a pixel, the stroke's change at most 4 to 7): its steps are under SEEN,
    so the photo is not counted with the legal networks a reading must give exactly; photo 0
    (pressed 0.83, good light) shows every step."""
    faint = synth_hand.make(page, 298)
    assert "low light" in faint.notes and not faint.hidden
    assert len(faint.unseen) >= 10
    assert synth_hand.make(page, 0).unseen == []


def test_a_pen_over_a_step_between_two_drawn_cells_hides_it():
    """Occlusion anywhere on the path between the two cells' centres counts, not only at them."""
    occluded = np.zeros((100, 100), np.float32)
    ends = [np.array([[20.0, 50.0], [80.0, 50.0]])]
    assert not synth_hand._on_a_step(occluded, ends)
    occluded[45:56, 48:53] = 1.0  # a pen's tip across the middle of the step
    assert synth_hand._on_a_step(occluded, ends)
    assert not synth_hand._on_a_step(occluded, [np.array([[20.0, 20.0], [80.0, 20.0]])])


def test_a_finger_that_happens_to_lie_over_a_corner_mark_covers_it(page):
    """Photo 3232 of the second generator: a finger put down anywhere (not aimed at a mark)
    lies over the field's top right mark: counted with the covered marks."""
    case = synth_hand.make(page, 3232)
    assert "a finger" in case.notes and case.covered_mark == 1


def test_glare_that_takes_a_printed_pattern_s_contrast_washes_it_out():
    lit = np.full((20, 20, 3), 0.8, np.float32)
    lit[10, 10] = 0.05  # a dark module
    light, dark = np.array([[5.0, 5.0]]), np.array([[10.0, 10.0]])
    assert not synth_hand._washed_out(lit, lit + 0.1, light, dark)  # the paper lifted: kept
    assert synth_hand._washed_out(lit, lit + 0.9, light, dark)  # lifted past white: lost
    assert not synth_hand._washed_out(lit, lit + 0.9, np.array([[-5.0, 5.0]]), dark)  # off it
