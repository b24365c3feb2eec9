"""A phone's event stream as `deaddrop.web.api.Tables.update` makes it (docs/serve.md, "Live"):
each seat's events bring the state it holds to its own state and no other, computed once for
every phone of the seat; a change of a long table costs a phone about what changed."""

from __future__ import annotations

import json
import threading
from pathlib import Path
from typing import Any

import pytest

from assistant import seats as seating
from assistant import table as core
from deaddrop.web.api import Tables, Update, state_json
from deaddrop.web.delta import patch
from tests.web.test_seat_views import SCRIPTS

KEY = bytes(range(32))


def served(db: Path) -> tuple[Tables, dict[str | None, str]]:
    tables = Tables(db, None, KEY)
    one = tables.refresh(strict=True)[0]
    codes: dict[str | None, str] = {None: one.spectator}
    codes.update(one.codes)
    return tables, codes


def follow(held: Any, update: Update | Any) -> Any:
    """The state a page holds after `update`."""
    assert isinstance(update, Update), update
    if update.kind == "version":
        assert held is not None and str(held["version"]) == update.data
        return held
    if update.kind == "state":
        return json.loads(update.data)
    delta = json.loads(update.data)
    assert held is not None and delta["from"] == held["version"]
    return patch(held, delta["ops"])


@pytest.mark.parametrize(
    "game",
    ["spy", "spies-and-lies", "spy-vs-spy", pytest.param("spies", marks=pytest.mark.slow)],
)
def test_each_seat_is_brought_to_its_own_state(tmp_path, game):
    """Seats asked in turn, at every version, from the version each held: what each applies is
    exactly its own /state (as a fresh server computes it), never another seat's."""
    db = tmp_path / "t.sqlite"
    options, script = SCRIPTS[game]
    core.new(db, game, "t", options)
    tables, codes = served(db)
    held: dict[str | None, Any] = {seat: None for seat in codes}
    for action in [None, *script]:
        if action is not None:
            core.do(db, "t", action)
        fresh, _ = served(db)
        for seat in reversed(list(codes)):
            held[seat] = follow(held[seat], tables.update(codes[seat], held_version(held[seat])))
            assert held[seat] == fresh.state(codes[seat]).body
        states = [json.dumps(s, sort_keys=True) for s in held.values()]
        if action is not None and game != "tally":
            assert len(set(states)) == len(states)  # each seat its own


def held_version(state: Any) -> int | None:
    return None if state is None else int(state["version"])


def long_tally(db: Path, players: list[str], events: int) -> None:
    """A tally table "t" of `events` adds, imported at once."""
    from assistant.table_io import import_file

    lines = [f"game: tally\nname: t\noptions: {{players: [{', '.join(players)}], max: 0}}"]
    lines.append("events:")
    lines += [
        f"- action: {{type: add, player: {players[n % len(players)]}, n: 1}}" for n in range(events)
    ]
    (db.parent / "long.yaml").write_text("\n".join(lines) + "\n", encoding="utf-8")
    import_file(db, db.parent / "long.yaml", "t")


def test_a_change_of_a_long_table_costs_a_phone_what_changed(tmp_path):
    """At 300 events, a phone's event for one more is a few hundred bytes, not the 30 to 45 KB
    of the state; every phone of a seat gets the same event, computed once."""
    db = tmp_path / "t.sqlite"
    players = ["red", "blue", "green", "yellow"]
    long_tally(db, players, 300)
    tables, codes = served(db)
    before = {seat: tables.state(text).body for seat, text in codes.items()}
    core.do(db, "t", {"type": "add", "player": "red", "n": 1})
    for seat, text in codes.items():
        whole = len(json.dumps(before[seat]).encode())
        assert whole > 25_000
        update = tables.update(text, before[seat]["version"])
        assert isinstance(update, Update) and update.kind == "delta"
        assert len(update.text().encode()) < 1_000
        assert follow(before[seat], update) == tables.state(text).body
        assert tables.update(text, before[seat]["version"]) is update  # kept for the next phone


def test_phones_woken_together_share_one_computation(tmp_path, monkeypatch):
    """Twenty threads ask for the same seat's event at once: the state is computed once."""
    import deaddrop.web.api as api

    db = tmp_path / "t.sqlite"
    core.new(db, "tally", "t", {})
    tables, codes = served(db)
    first = tables.state(codes["red"]).body
    core.do(db, "t", {"type": "add", "player": "blue", "n": 2})
    made: list[str | None] = []
    original = api.state_json

    def counted(snap: Any, seat: str | None) -> Any:
        made.append(seat)
        return original(snap, seat)

    monkeypatch.setattr(api, "state_json", counted)
    got: list[Any] = []
    threads = [
        threading.Thread(target=lambda: got.append(tables.update(codes["red"], first["version"])))
        for _ in range(20)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    assert made == ["red"] and len({id(u) for u in got}) == 1 and len(got) == 20


@pytest.mark.parametrize("game", ["tally", "spy"])
def test_void_needs_of_every_line_at_once_as_one_by_one(tmp_path, game):
    """`seats.void_needs_all` (the log of a state in one pass) gives what `void_needs` gives
    line by line, with undone and voided lines among them."""
    db = tmp_path / "t.sqlite"
    options, script = SCRIPTS[game]
    core.new(db, game, "t", options)
    for action in script:
        core.do(db, "t", action)
    extra = [{"type": "add", "player": p, "n": 1} for p in ("red", "blue", "red")]
    if game == "tally":
        for action in extra:
            core.do(db, "t", action)
        core.void(db, "t", 2, "a slip")
        core.undo(db, "t")
    with core.opened(db) as store:
        table = core.load(store, "t")
    owned = seating.owners(table)
    for seat in seating.seats_of(table.game, table.state):
        one_by_one = [
            seating.void_needs(table, seat, n, owned) for n in range(1, len(table.events) + 1)
        ]
        assert seating.void_needs_all(table, seat, owned) == one_by_one


def test_state_json_is_unchanged_by_the_cache(tmp_path):
    """/state through the kept states is state_json of the current snapshot."""
    db = tmp_path / "t.sqlite"
    core.new(db, "tally", "t", {})
    core.do(db, "t", {"type": "add", "player": "red", "n": 4})
    tables, codes = served(db)
    for seat, text in codes.items():
        assert tables.state(text).body == state_json(tables.snapshot("t"), seat)


def test_the_same_version_of_another_history_is_read_again(tmp_path):
    """Two histories can share a version number (the database put back as it was, then
    another action: the same count and event ids): a state kept for one is never given for
    the other once the table is read again."""
    db = tmp_path / "t.sqlite"
    core.new(db, "tally", "t", {})
    tables, codes = served(db)
    pristine = db.read_bytes()
    seen = []
    for n in (2, 5):
        core.do(db, "t", {"type": "add", "player": "red", "n": n})
        seen.append(tables.state(codes["red"]).body)
        for extra in ("-wal", "-shm", "-journal"):
            db.with_name(db.name + extra).unlink(missing_ok=True)
        db.write_bytes(pristine)
        tables._cache.clear()  # as the differential tests do (tests/web/differential.py)
    assert seen[0]["version"] == seen[1]["version"]  # the collision this guards against
    assert [s["view"]["points"]["red"] for s in seen] == [2, 5]


def test_an_event_made_for_one_phone_is_found_for_the_next_without_a_thread(tmp_path):
    db = tmp_path / "t.sqlite"
    core.new(db, "tally", "t", {})
    tables, codes = served(db)
    first = tables.state(codes["blue"]).body
    core.do(db, "t", {"type": "add", "player": "red", "n": 1})
    now = tables.snapshot("t").version
    assert tables.known_update(codes["blue"], first["version"], now) is None  # none made yet
    made = tables.update(codes["blue"], first["version"], now)
    assert tables.known_update(codes["blue"], first["version"], now) is made
    assert tables.known_update(codes["red"], first["version"], now) is None  # another seat's
    assert tables.known_update(codes["blue"], first["version"], now + 1) is None
