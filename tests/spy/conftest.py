"""Shared setup for the Spy! network tests: private cache and database; helpers importable."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))


@pytest.fixture(autouse=True)
def _private_paths(tmp_path, monkeypatch):
    monkeypatch.setenv("DEADDROP_CACHE", str(tmp_path / "cache"))
    monkeypatch.setenv("DEADDROP_DB", str(tmp_path / "tables.sqlite"))
