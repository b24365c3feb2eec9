"""Spy! solo tests: a private cache and database for each test."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def _private_paths(tmp_path, monkeypatch):
    monkeypatch.setenv("DEADDROP_CACHE", str(tmp_path / "cache"))
    monkeypatch.setenv("DEADDROP_DB", str(tmp_path / "tables.sqlite"))
