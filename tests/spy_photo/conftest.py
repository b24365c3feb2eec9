"""Shared setup for the photo tests: a private cache; the synthetic photo maker importable; the
sheet rendered once for the session (skipped when OpenCV or pdftoppm is missing)."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))


@pytest.fixture(autouse=True)
def _private_paths(tmp_path_factory, monkeypatch):
    monkeypatch.setenv("DEADDROP_CACHE", str(tmp_path_factory.getbasetemp() / "photo-cache"))


@pytest.fixture(scope="session")
def page():
    pytest.importorskip("cv2")
    if shutil.which("pdftoppm") is None:
        pytest.skip("pdftoppm (poppler-utils) is not installed")
    import synth

    return synth.render_page()


@pytest.fixture(scope="session")
def sheet_photo(page):
    """A phone photo (stored a quarter turned) of a sheet with network 108 drawn on its upper
    field, and that network."""
    import numpy as np
    import synth

    from assistant.games.spy.layouts import random_network
    from assistant.games.spy.model import Field

    rng = np.random.default_rng(108)
    net = random_network(Field(), (1, 2, 3, 4, 5, 6), 108)
    drawn = synth.draw_pencil(page, "upper", list(net.vertices), rng)
    return synth.photograph(drawn, rng, turn=1, long_side=2000), net
