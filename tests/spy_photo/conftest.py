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
