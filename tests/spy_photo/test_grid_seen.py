"""photo_image.grid_seen: the printed grid seen where the field says, never in the grain."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

pytest.importorskip("cv2")

from assistant.games.spy import photo_geometry as geo  # noqa: E402
from assistant.games.spy.model import Field  # noqa: E402
from assistant.games.spy.photo_image import grid_seen  # noqa: E402

FIELD = Field(10, 10)


def _canvas(grain: float, seed: int, grid: float) -> np.ndarray:
    """A rectified field: paper 1.0 with `grain` (sd) of noise, the printed grid lines `grid`
    darker (two pixels wide), clipped as a photo is."""
    rng = np.random.default_rng(seed)
    w, h = geo.canvas_size(FIELD)
    canvas = np.ones((h, w), np.float32)
    for k in range(FIELD.cols + 1):
        x = int(round(geo.to_canvas(k, 0)[0]))
        canvas[:, x - 1 : x + 1] -= grid
    for k in range(FIELD.rows + 1):
        y = int(round(geo.to_canvas(0, k)[1]))
        canvas[y - 1 : y + 1, :] -= grid
    canvas += rng.normal(0, grain, canvas.shape).astype(np.float32)
    return np.clip(canvas, 0.0, 1.0)


@settings(max_examples=30, deadline=None)
@given(st.floats(0.01, 0.3), st.integers(0, 10_000))
def test_grain_alone_is_no_grid(grain, seed):
    """Four marks taken wrongly on a grainy photo put the field where no grid is: the grain,
    however heavy, is not read as one (the darkest of three noisy pixels is darker than one)."""
    assert not grid_seen(_canvas(grain, seed, grid=0.0), FIELD)


@settings(max_examples=30, deadline=None)
@given(st.floats(0.005, 0.06), st.integers(0, 10_000), st.floats(0.12, 0.5))
def test_a_printed_grid_is_seen_through_the_grain(grain, seed, grid):
    assert grid_seen(_canvas(grain, seed, grid), FIELD)
