"""`assistant.table.load(..., known=)`: a table read again from what was read before (as
`deaddrop serve` does at every change) is the table read afresh, whatever happened in between
(actions added, undone, redone, voided, refused; the table deleted and made again), and the
steps of the events that did not change are taken as they were, not applied again."""

from __future__ import annotations

import tempfile
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from assistant import table as core
from deaddrop.errors import DeadDropError

OPS = st.lists(
    st.one_of(
        st.tuples(st.just("do"), st.sampled_from(["red", "blue"]), st.integers(-3, 12)),
        st.tuples(st.just("undo")),
        st.tuples(st.just("redo")),
        st.tuples(st.just("void"), st.integers(1, 6)),
        st.tuples(st.just("again")),
    ),
    max_size=14,
)


def fields(loaded: core.Loaded) -> tuple:
    return (
        loaded.row,
        loaded.game.name,
        loaded.events,
        loaded.state,
        loaded.initial,
        loaded.steps,
        loaded.broken,
    )


def carry_out(db: Path, op: tuple) -> None:
    try:
        if op[0] == "do":
            core.do(db, "t", {"type": "add", "player": op[1], "n": op[2]})
        elif op[0] == "undo":
            core.undo(db, "t")
        elif op[0] == "redo":
            core.redo(db, "t")
        elif op[0] == "void":
            core.void(db, "t", op[1], "typo")
        else:
            core.delete(db, "t")
            core.new(db, "tally", "t", {"max": 30})
    except DeadDropError:
        pass  # refused: nothing changed


def read(db: Path, known: core.Loaded | None = None) -> core.Loaded:
    with core.opened(db, write=False) as store:
        return core.load(store, "t", repair=True, known=known)


@settings(max_examples=40, deadline=None)
@given(OPS)
def test_a_table_read_from_what_was_read_is_the_table_read_afresh(ops):
    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "t.sqlite"
        core.new(db, "tally", "t", {"max": 30})
        known = read(db)
        for op in ops:
            carry_out(db, op)
            again = read(db, known)
            assert fields(again) == fields(read(db)), op
            known = again


def test_the_steps_of_unchanged_events_are_kept(tmp_path):
    db = tmp_path / "t.sqlite"
    core.new(db, "tally", "t", {})
    core.do(db, "t", {"type": "add", "player": "red", "n": 2})
    known = read(db)
    core.do(db, "t", {"type": "add", "player": "blue", "n": 1})
    again = read(db, known)
    assert again.steps[0] is known.steps[0] and len(again.steps) == 2
    core.undo(db, "t")
    undone = read(db, again)  # an event changed: read afresh
    assert undone.steps[0] is not again.steps[0] and len(undone.steps) == 1
