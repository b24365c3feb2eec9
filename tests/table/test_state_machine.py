"""A stateful property test: random do/undo/redo/void against a plain in-memory model."""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

from hypothesis import event, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, rule

from assistant import table, table_io
from assistant.engine import Refusal
from assistant.games.tally import GAME
from deaddrop.errors import Refused

OPTIONS = {"players": ["red", "blue"], "start": 0, "max": 10, "dice": 2}

action = st.builds(
    lambda kind, p, n: {"type": kind, "player": p, "n": n},
    st.sampled_from(["add", "sub"]),
    st.sampled_from(["red", "red", "blue"]),
    st.integers(1, 5),
)


def model_state(events: list[dict]) -> dict | None:
    """Replay the model's live, non-void events with the game; None when one is refused."""
    state = GAME.setup(OPTIONS)
    for e in events:
        if e["status"] == "live" and e["void"] is None:
            state = GAME.apply(state, e["action"], force=e["force"] is not None)
            if isinstance(state, Refusal):
                return None
    return state


class Table(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        self.dir = tempfile.mkdtemp()
        self.db = Path(self.dir) / "t.sqlite"
        table.new(self.db, "tally", "t", dict(OPTIONS))
        self.events: list[dict] = []  # live and undone events, in order
        self.redo: list[dict] = []  # most recently undone last

    def teardown(self) -> None:
        shutil.rmtree(self.dir)

    @rule(act=action, forced=st.integers(0, 6).map(lambda i: i == 0))
    def do(self, act, forced):
        force = "house" if forced else None
        candidate = [e for e in self.events if e["status"] == "live"]
        candidate.append({"action": act, "force": force, "void": None, "status": "live"})
        try:
            table.do(self.db, "t", act, force=force)
        except Refused:
            assert model_state(candidate) is None
            return
        assert model_state(candidate) is not None
        self.events, self.redo = candidate, []

    @rule()
    def undo(self):
        live = [e for e in self.events if e["status"] == "live"]
        try:
            table.undo(self.db, "t")
        except Refused:
            assert not live
            return
        live[-1]["status"] = "undone"
        self.redo.append(live[-1])

    @rule()
    def redo_(self):
        try:
            table.redo(self.db, "t")
        except Refused:
            event("redo refused" if self.redo else "nothing to redo")
            if self.redo:  # refused only when it no longer applies
                self.redo[-1]["status"] = "live"
                assert model_state(self.events) is None
                self.redo[-1]["status"] = "undone"
            return
        assert self.redo
        self.redo.pop()["status"] = "live"

    @rule(pick=st.integers(0, 50))
    def void(self, pick):
        live = [e for e in self.events if e["status"] == "live"]
        if not live:
            return
        chosen = live[pick % len(live)]
        number = next(i for i, e in enumerate(self.events) if e is chosen) + 1  # not ==: twins
        try:
            table.void(self.db, "t", number, "mistake")
        except Refused:
            event("void refused" if chosen["void"] is None else "already void")
            if chosen["void"] is None:
                chosen["void"] = "mistake"
                assert model_state(self.events) is None
                chosen["void"] = None
            return
        assert chosen["void"] is None
        chosen["void"] = "mistake"

    @invariant()
    def state_is_the_replay_of_the_model(self):
        expected = model_state(self.events)
        assert expected is not None
        assert table.show(self.db, "t").state == expected
        statuses = [line.status for line in table.log(self.db, "t")]
        model = [
            "undone" if e["status"] == "undone" else "void" if e["void"] else "live"
            for e in self.events
        ]
        assert statuses == model

    @invariant()
    def export_replays_to_the_same_state(self):
        path = Path(self.dir) / "e.yaml"
        path.write_text(table_io.export(self.db, "t"))
        assert table_io.replay_file("tally", path).state == model_state(self.events)


Table.TestCase.settings = settings(max_examples=35, stateful_step_count=25, deadline=None)
test_table_machine = Table.TestCase
