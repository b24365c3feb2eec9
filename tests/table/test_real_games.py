"""The Done-when properties of the table core on real games: the recorded Spies & Lies games
(phases, turns, sealed or entered deployments, voided and forced entries), not only tally."""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from assistant import table, table_io
from assistant.games import load_game
from assistant.history import ReplayRefused, initial_state, replay, resolve_options
from assistant.history_file import read_history
from deaddrop.errors import Refused

TESTS = Path(__file__).parent.parent
GAMES = sorted(
    path
    for folder in ("spies_and_lies", "spies", "spy_vs_spy")
    for path in (TESTS / folder / "games").glob("*.yaml")
)
SETTINGS = settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def test_the_recorded_games_are_there():
    assert len(GAMES) >= 9  # three each of Spies & Lies, Spies! and Spy vs Spy


def _imported(tmp: str, source: Path) -> Path:
    db = Path(tmp) / "t.sqlite"
    table_io.import_file(db, source, "t")
    return db


@SETTINGS
@given(st.sampled_from(GAMES), st.integers(0, 200) | st.just(-1))  # -1: the last event
def test_void_equals_replaying_the_history_without_it(source, pick):
    history = read_history(source)
    game = load_game(history.game)
    options = resolve_options(game, history.options)
    live = [i for i, e in enumerate(history.events) if e.void is None]
    number = live[pick % len(live)] + 1
    without = history.events[: number - 1] + history.events[number:]
    try:
        expected = replay(game, options, without)
    except ReplayRefused:
        expected = None
    event("void refused" if expected is None else "void applied")
    with tempfile.TemporaryDirectory() as tmp:
        db = _imported(tmp, source)
        before = table.show(db, "t").state
        if expected is None:
            with pytest.raises(Refused):
                table.void(db, "t", number, "mistake")
            assert table.show(db, "t").state == before
        else:
            assert table.void(db, "t", number, "mistake").state == expected
            assert table.show(db, "t").state == expected
        assert len(table.log(db, "t")) == len(history.events)


# undo replays the whole history each time: the shorter games keep this one quick (the longer
# Spies! games' undo and redo are checked in tests/spies)
SHORT = [path for path in GAMES if path.parent.parent.name == "spies_and_lies"] + [
    path for path in GAMES if path.name == "three-deaths.yaml"
]


@SETTINGS
@given(st.sampled_from(SHORT), st.integers(0, 200))
def test_undo_then_redo_gives_the_same_state_and_undo_of_all_the_initial_one(source, k):
    history = read_history(source)
    with tempfile.TemporaryDirectory() as tmp:
        db = _imported(tmp, source)
        final = table.show(db, "t").state
        k = k % (len(history.events) + 1)
        for _ in range(k):
            table.undo(db, "t")
        for _ in range(k):
            table.redo(db, "t")
        assert table.show(db, "t").state == final
        for _ in history.events:
            table.undo(db, "t")
        game = load_game(history.game)
        initial = initial_state(game, resolve_options(game, history.options))
        assert table.show(db, "t").state == initial


@pytest.mark.parametrize("source", GAMES, ids=[g.stem for g in GAMES])
def test_export_then_import_gives_the_same_state(source, tmp_path):
    db = _imported(str(tmp_path), source)
    exported = tmp_path / "again.yaml"
    exported.write_text(table_io.export(db, "t"))
    table_io.import_file(db, exported, "copy")
    assert table.show(db, "copy").state == table.show(db, "t").state
    game = read_history(source).game
    assert table_io.replay_file(game, exported).state == table.show(db, "t").state
    assert table_io.export(db, "copy").replace("name: copy", "name: t") == exported.read_text()
