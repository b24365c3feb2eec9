"""Shared setup: a private cache directory and database; the one brute force of both test folders,
tests/spy/bruteforce.py, importable."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent.parent / "spy"))


@pytest.fixture(autouse=True, scope="session")
def _private_paths(tmp_path_factory):
    root = tmp_path_factory.mktemp("deaddrop")
    patch = pytest.MonkeyPatch()
    patch.setenv("DEADDROP_CACHE", str(root / "cache"))
    patch.setenv("DEADDROP_DB", str(root / "tables.sqlite"))
    yield root
    patch.undo()
