"""Fixtures for the table's input tests: a temporary database, a CLI runner, snapshots."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from typer.testing import CliRunner

from deaddrop.commands.main import app

GAMES = Path(__file__).resolve().parent.parent
RECORDED = sorted(GAMES.glob("*/games/*.yaml"))  # the recorded games of every tracker


@pytest.fixture
def db(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A database path in tmp_path, also set as DEADDROP_DB (and a temporary cache)."""
    (tmp_path / "data").mkdir()
    path = tmp_path / "data" / "tables.sqlite"
    monkeypatch.setenv("DEADDROP_DB", str(path))
    monkeypatch.setenv("DEADDROP_CACHE", str(tmp_path / "cache"))
    return path


def run(*args: str, input: str | bytes | None = None):
    """`deaddrop ARGS...` in-process; the CliRunner result."""
    return CliRunner().invoke(app, list(args), input=input)


@pytest.fixture
def cli(db: Path):
    """Run `deaddrop ARGS...` in-process; returns the CliRunner result."""
    return run


def snapshot(path: Path) -> tuple[object, ...] | None:
    """What a command may change in a database: every table (name, game, options, created, used
    order) with every event row, and the current table. None when there is no file."""
    if not path.exists():
        return None
    con = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        tables = con.execute(
            "SELECT id, name, game, options, created FROM tables ORDER BY id"
        ).fetchall()
        current = con.execute(
            "SELECT name FROM tables ORDER BY used DESC, id DESC LIMIT 1"
        ).fetchone()
        events = con.execute(
            "SELECT id, table_id, action, time, who, force, void, status FROM events ORDER BY id"
        ).fetchall()
    finally:
        con.close()
    return (tables, current, events)


def current(path: Path) -> str | None:
    """The current table's name."""
    found = snapshot(path)
    return found[1][0] if found and found[1] else None  # type: ignore[index]
