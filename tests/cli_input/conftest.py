"""Shared setup of the command-line input tests: a private cache and database, run in a
temporary folder, and `run()` on the root app in process (typer's CliRunner)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))


@pytest.fixture(autouse=True)
def _private_paths(tmp_path, monkeypatch):
    monkeypatch.setenv("DEADDROP_CACHE", str(tmp_path / "cache"))
    monkeypatch.setenv("DEADDROP_DB", str(tmp_path / "tables.sqlite"))
    (tmp_path / "work").mkdir()
    monkeypatch.chdir(tmp_path / "work")  # the cache and the database are not in it
