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
