"""Fixtures for the table assistant tests: a temporary database and a CLI runner."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest
from typer.testing import CliRunner

from deaddrop.commands.main import app


@pytest.fixture
def db(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A database path in tmp_path, also set as DEADDROP_DB (and a temporary cache)."""
    (tmp_path / "data").mkdir()
    path = tmp_path / "data" / "tables.sqlite"
    monkeypatch.setenv("DEADDROP_DB", str(path))
    monkeypatch.setenv("DEADDROP_CACHE", str(tmp_path / "cache"))
    return path


@pytest.fixture
def cli(db: Path):
    """Run `deaddrop ARGS...` in-process; returns the CliRunner result."""

    def run(*args: str, input: str | None = None):
        return CliRunner().invoke(app, list(args), input=input)

    return run


def files_digest(folder: Path) -> dict[str, str]:
    """sha256 of every file in `folder` (the database and its -wal/-shm companions)."""
    return {
        p.name: hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(folder.iterdir())
        if p.is_file()
    }


@pytest.fixture
def digest():
    """files_digest, for asserting that nothing on disk changed."""
    return files_digest
