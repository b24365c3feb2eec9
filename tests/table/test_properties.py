"""Property tests over random action sequences with the tally game (issue 3, "Done when")."""

from __future__ import annotations

import tempfile
from pathlib import Path

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from assistant import table, table_io
from assistant.games.tally import GAME
from assistant.history import ReplayRefused, replay, resolve_options
from assistant.history_file import parse_history
from deaddrop.errors import Refused

OPTIONS = {"players": ["red", "blue"], "max": 12}

amount = st.integers(min_value=1, max_value=5)
player = st.sampled_from(["red", "red", "blue"])  # mostly one player: events depend on each other
action = st.one_of(
    st.builds(lambda p, n: {"type": "add", "player": p, "n": n}, player, amount),
    st.builds(lambda p, n: {"type": "sub", "player": p, "n": n}, player, amount),
    st.builds(
        lambda p, d: {"type": "roll", "player": p, "dice": d},
        player,
        st.lists(st.integers(1, 6), min_size=1, max_size=3),
    ),
)
# (action, forced?) pairs; refused unforced actions are skipped, as at a real table
moves = st.lists(st.tuples(action, st.integers(0, 5).map(lambda i: i == 0)), max_size=25)

SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _play(db: Path, moves: list[tuple[dict, bool]]) -> int:
    """A table 't' with these moves entered; the number of events that went in."""
    table.new(db, "tally", "t", dict(OPTIONS))
    count = 0
    for act, forced in moves:
        try:
            table.do(db, "t", act, by="p", force="house rule" if forced else None)
            count += 1
        except Refused:
            pass
    return count


def _state(db: Path, name: str = "t") -> dict:
    return table.show(db, name).state


def _initial() -> dict:
    return GAME.setup(resolve_options(GAME, OPTIONS))


@SETTINGS
@given(moves)
def test_export_then_import_gives_the_same_state(moves):
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "t.sqlite"
        _play(db, moves)
        text = table_io.export(db, "t")
        (Path(tmp) / "t.yaml").write_text(text)
        table_io.import_file(db, Path(tmp) / "t.yaml", "copy")
        assert _state(db, "copy") == _state(db, "t")
        assert table_io.export(db, "copy").replace("name: copy", "name: t") == text
        assert table_io.replay_file("tally", Path(tmp) / "t.yaml").state == _state(db, "t")


@SETTINGS
@given(moves)
def test_undo_of_everything_gives_the_initial_state(moves):
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "t.sqlite"
        count = _play(db, moves)
        for _ in range(count):
            table.undo(db, "t")
        assert _state(db) == _initial()
        try:
            table.undo(db, "t")
            raise AssertionError("an undo past the start was accepted")
        except Refused:
            pass


@SETTINGS
@given(moves, st.integers(0, 30))
def test_redo_after_undo_gives_the_same_state(moves, k):
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "t.sqlite"
        count = _play(db, moves)
        before, log = _state(db), [str(line) for line in table.log(db, "t")]
        k = min(k, count)
        for _ in range(k):
            table.undo(db, "t")
        for _ in range(k):
            table.redo(db, "t")
        assert _state(db) == before
        assert [str(line) for line in table.log(db, "t")] == log


@SETTINGS
@given(moves, st.integers(0, 30))
def test_void_equals_replaying_the_history_without_it(moves, pick):
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "t.sqlite"
        count = _play(db, moves)
        if count == 0:
            return
        number = pick % count + 1
        history = parse_history(table_io.export(db, "t"), "t.yaml")
        without = history.events[: number - 1] + history.events[number:]
        before = _state(db)
        try:
            expected = replay(GAME, history.options, without)
        except ReplayRefused:
            expected = None
        event("void refused" if expected is None else "void applied")
        if expected is None:
            try:
                table.void(db, "t", number, "mistake")
                raise AssertionError("a void that breaks a later event was accepted")
            except Refused:
                pass
            assert _state(db) == before
        else:
            outcome = table.void(db, "t", number, "mistake")
            assert _state(db) == expected == outcome.state
            assert len(table.log(db, "t")) == count  # kept in the log


def _points(events: list[dict]) -> dict[str, int]:
    """An independent tally of the points (the rules allow whatever was entered)."""
    points = {"red": 0, "blue": 0}
    for e in events:
        a = e["action"]
        delta = sum(a["dice"]) if a["type"] == "roll" else a["n"]
        points[a["player"]] += -delta if a["type"] == "sub" else delta
    return points


@SETTINGS
@given(moves)
def test_state_is_the_sum_of_the_entered_events_and_respects_the_rules(moves):
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "t.sqlite"
        _play(db, moves)
        logged = [line.as_json() for line in table.log(db, "t")]
        assert _state(db)["points"] == _points(logged)
        if not any(e["force"] for e in logged):
            assert all(0 <= v <= OPTIONS["max"] for v in _state(db)["points"].values())
