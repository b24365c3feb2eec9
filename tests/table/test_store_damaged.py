"""A damaged database (assistant/store.py), where a mutation run found no test looking: text that
is not UTF-8, stored values past their bounds, malformed request rows, a schema-1 file without
its `tables` table, a schema-1 table without a nonce (sound, not damaged), and a full disk told
apart from a damaged file and a busy one. Each is one line naming the file and what is wrong,
exit 2 (or the 503/Unavailable of a file that cannot be used now), never a traceback."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from assistant import table
from assistant.games import load_game
from assistant.history import resolve_options
from assistant.store import MAX_STORED, MIGRATIONS, Store, TableRow
from deaddrop.errors import DeadDropError, InputError, Unavailable

TALLY = {"players": ["ann", "bob"]}
OPTIONS = resolve_options(load_game("tally"), TALLY)


def made(tmp_path: Path) -> Path:
    db = tmp_path / "t.sqlite"
    table.new(db, "tally", "t", TALLY)
    table.do(db, "t", {"type": "add", "player": "ann", "n": 3})
    return db


def damage(db: Path, *sql: str) -> None:
    con = sqlite3.connect(db)
    for one in sql:
        con.execute(one)
    con.commit()
    con.close()


def refusal(db: Path, read=lambda db: table.log(db, "t")) -> DeadDropError:
    with pytest.raises(DeadDropError) as caught:
        read(db)
    return caught.value


@pytest.mark.parametrize(
    ("sql", "column"),
    [
        ("UPDATE tables SET game=CAST(x'ff61' AS TEXT)", "game"),
        ("UPDATE events SET who=CAST(x'c3' AS TEXT)", "who"),
        ("UPDATE events SET action=CAST(x'7b22ff' AS TEXT)", "action"),
    ],
)
def test_text_that_is_not_utf8_is_a_damaged_database(tmp_path, sql, column):
    db = made(tmp_path)
    damage(db, sql)
    error = refusal(db)
    assert isinstance(error, InputError) and error.exit_code == 2
    assert (
        error.message
        == (f"{db}: damaged Dead Drop database (text that is not UTF-8 in column '{column}')")
        or error.message == f"{db}: damaged Dead Drop database (text that is not UTF-8)"
    )


def test_text_that_is_not_utf8_in_a_reply_is_a_damaged_database(tmp_path):
    db = made(tmp_path)
    store = Store(db, create=False)
    with store.write():
        store.remember(1, "ann\0key", "line")
    store.close()
    damage(db, "UPDATE replies SET line=CAST(x'ff' AS TEXT)")
    store = Store(db, create=False)
    try:
        with pytest.raises(InputError) as caught:
            store.recall(1, "ann\0key")
        assert caught.value.message.startswith(f"{db}: damaged Dead Drop database (text that")
    finally:
        store.close()


def test_options_past_the_stored_bound_are_a_damaged_table(tmp_path):
    db = made(tmp_path)
    padded = '{"players": ["ann", "bob"]' + " " * (MAX_STORED - 26) + "}"
    assert len(padded) == MAX_STORED + 1
    damage(db, f"UPDATE tables SET options='{padded}'")
    error = refusal(db)
    assert error.message == (
        f"{db}: damaged Dead Drop database (table 't': options is {MAX_STORED + 1} characters "
        f"long; at most {MAX_STORED})"
    )
    damage(db, f"UPDATE tables SET options='{padded[:-2]}}}'")  # exactly the bound: read
    assert [t["name"] for t in table.tables(db)] == ["t"]


def test_an_action_past_the_bounds_of_a_written_value_is_damaged(tmp_path):
    db = made(tmp_path)
    action = json.dumps({"type": "add", "player": "ann", "n": "x" * 70_000})
    damage(db, f"UPDATE events SET action='{action}'")
    error = refusal(db)
    assert error.message.startswith(f"{db}: damaged Dead Drop database (event id 1: action: ")
    assert "\n" not in error.message and len(error.message) < 300


def request_row(db: Path, **values: object) -> None:
    row = {
        "table_id": 1,
        "op": "undo",
        "event": 1,
        "why": None,
        "asker": "bob",
        "needs": '["ann"]',
        "yes": "[]",
        "history": 5,
        "created": "2026-01-01T00:00:00Z",
    }
    row.update(values)
    con = sqlite3.connect(db)
    con.execute(
        f"INSERT INTO requests ({', '.join(row)}) VALUES ({', '.join('?' * len(row))})",
        list(row.values()),
    )
    con.commit()
    con.close()


def requests_of(db: Path):
    store = Store(db, create=False)
    try:
        return store.requests(1)
    finally:
        store.close()


def test_a_sound_request_row_reads_back(tmp_path):
    db = made(tmp_path)
    request_row(db)
    [one] = requests_of(db)
    assert (one.op, one.event, one.asker, one.needs, one.yes, one.history) == (
        "undo",
        1,
        "bob",
        ["ann"],
        [],
        5,
    )


@pytest.mark.parametrize(
    "values",
    [
        {"op": "drop"},
        {"op": 3},
        {"asker": b"bob"},
        {"asker": "bob\nann"},
        {"needs": '"ann"'},
        {"needs": "[1]"},
        {"yes": "{}"},
        {"yes": '["ann", 2]'},
        {"history": "five"},
        {"history": 2.5},
        {"event": "one"},
        {"why": b"x"},
        {"created": b"x"},
    ],
)
def test_a_malformed_request_row_is_a_damaged_database(tmp_path, values):
    db = made(tmp_path)
    request_row(db, **values)
    with pytest.raises(InputError) as caught:
        requests_of(db)
    assert caught.value.message == f"{db}: damaged Dead Drop database (request id 1)"


def test_request_fields_that_are_not_json_are_named(tmp_path):
    db = made(tmp_path)
    request_row(db, needs="[ann")
    with pytest.raises(InputError) as caught:
        requests_of(db)
    assert caught.value.message == (
        f"{db}: damaged Dead Drop database (request id 1: needs is not valid JSON)"
    )


def schema_1(db: Path, *, with_tables: bool = True) -> None:
    """A database as the first schema made it (no nonce, no requests, no replies)."""
    con = sqlite3.connect(db)
    con.execute("CREATE TABLE deaddrop_meta (key TEXT PRIMARY KEY, value TEXT)")
    con.execute("INSERT INTO deaddrop_meta VALUES ('application', 'deaddrop')")
    con.execute("INSERT INTO deaddrop_meta VALUES ('schema_version', '1')")
    MIGRATIONS[0](con)
    con.execute(
        "INSERT INTO tables (name, game, options, created, used) VALUES"
        " ('old', 'tally', ?, '2025-01-01T00:00:00Z', 1)",
        (json.dumps(OPTIONS),),
    )
    con.execute(
        'INSERT INTO events (table_id, action) VALUES (1, \'{"type": "add", "player": "ann",'
        ' "n": 2}\')'
    )
    if not with_tables:
        con.execute("DROP TABLE tables")
    con.commit()
    con.close()


def test_a_schema_1_file_without_its_tables_table_is_damaged(tmp_path):
    db = tmp_path / "old.sqlite"
    schema_1(db, with_tables=False)
    error = refusal(db, lambda db: table.tables(db))
    assert error.message == f"{db}: damaged Dead Drop database (no 'tables' table)"
    assert error.exit_code == 2


def test_a_schema_1_table_has_no_nonce_and_is_sound(tmp_path):
    db = tmp_path / "old.sqlite"
    schema_1(db)
    store = Store(db, create=False)
    try:
        assert store.tables() == [TableRow(1, "old", "tally", OPTIONS, "2025-01-01T00:00:00Z", 1)]
    finally:
        store.close()
    assert table.show(db, "old").state["points"] == {"ann": 2, "bob": 0}
    assert [line.text for line in table.log(db, "old")] == ["ann adds 2 (now 2)"]


@pytest.mark.parametrize(
    ("said", "kind", "words"),
    [
        (
            "database or disk is full",
            Unavailable,
            "cannot write the database (database or disk is full): free some space",
        ),
        (
            "disk I/O error",
            Unavailable,
            "cannot write the database (disk I/O error): free some space",
        ),
        (
            "database disk image is malformed",
            Unavailable,
            "damaged Dead Drop database (database disk image is malformed)",
        ),
        (
            "database is locked",
            Unavailable,
            "the database is busy (another deaddrop kept it locked for 10 s); try again",
        ),
        ("no such column: x", InputError, "unusable database (no such column: x)"),
        (
            "attempt to write a readonly database",
            InputError,
            "unusable database (attempt to write a readonly database)",
        ),
    ],
)
def test_a_full_disk_is_told_apart(tmp_path, said, kind, words):
    db = made(tmp_path)
    store = Store(db, create=False)
    try:
        with pytest.raises(DeadDropError) as caught, store._guard():
            raise sqlite3.OperationalError(said)
    finally:
        store.close()
    assert type(caught.value) is kind
    assert caught.value.message == f"{db}: {words}"


@pytest.mark.parametrize(
    ("error", "kind", "words"),
    [
        (
            sqlite3.DatabaseError("database disk image is malformed"),
            Unavailable,
            "damaged Dead Drop database (database disk image is malformed)",
        ),
        (
            sqlite3.DatabaseError("file is not a database"),
            InputError,
            "not a usable Dead Drop database (file is not a database)",
        ),
        (sqlite3.Error("odd"), InputError, "unusable database (odd)"),
        (
            UnicodeDecodeError("utf-8", b"\xff", 0, 1, "bad"),
            InputError,
            "damaged Dead Drop database (text that is not UTF-8)",
        ),
    ],
)
def test_each_kind_of_sqlite_error_is_one_line(tmp_path, error, kind, words):
    db = made(tmp_path)
    store = Store(db, create=False)
    try:
        with pytest.raises(DeadDropError) as caught, store._guard():
            raise error
    finally:
        store.close()
    assert type(caught.value) is kind
    assert caught.value.message == f"{db}: {words}"


def test_a_full_disk_during_a_change_loses_nothing(tmp_path, monkeypatch):
    """SQLite refuses the write (the disk is full): the command says so in one line and the
    table is as it was."""
    db = made(tmp_path)
    real = Store.append

    def full(self, *args, **kwargs):
        real(self, *args, **kwargs)
        raise sqlite3.OperationalError("database or disk is full")

    monkeypatch.setattr(Store, "append", lambda self, *a, **k: _guarded(self, full, *a, **k))
    with pytest.raises(Unavailable) as caught:
        table.do(db, "t", {"type": "add", "player": "bob", "n": 1})
    assert caught.value.message.endswith("(database or disk is full): free some space")
    monkeypatch.undo()
    assert table.show(db, "t").state["points"] == {"ann": 3, "bob": 0}


def _guarded(store, call, *args, **kwargs):
    with store._guard():
        return call(store, *args, **kwargs)


def test_a_transaction_inside_another_joins_it(tmp_path):
    """A block that writes inside another write joins it: one commit, and a failure anywhere
    inside rolls both back."""
    db = made(tmp_path)
    store = Store(db, create=False)
    try:
        with store.write():
            with store.write():
                store.touch("t")
            with store.read():
                assert store.find(None) is not None
            store.set_void(1, "outer")
        assert [e.void for e in store.events(1)] == ["outer"]
        with pytest.raises(RuntimeError), store.write():
            store.set_void(1, "gone")
            with store.write():
                raise RuntimeError("inner")
        assert [e.void for e in store.events(1)] == ["outer"]
        assert not store.db.in_transaction
        with pytest.raises(RuntimeError), store.write():  # a failed one leaves no half state
            store.set_void(1, "again")
            raise RuntimeError("later")
        assert [e.void for e in store.events(1)] == ["outer"]
    finally:
        store.close()


def test_a_file_that_cannot_be_read_is_said_before_sqlite_opens_it(tmp_path, monkeypatch):
    """Root reads every file: the system's answer is injected (an unprivileged user gets it)."""
    import os

    db = made(tmp_path)
    real = os.access
    monkeypatch.setattr(
        os, "access", lambda path, mode: False if mode == os.R_OK else real(path, mode)
    )
    error = refusal(db, lambda db: table.tables(db))
    assert error.message == f"{db}: cannot open the database: permission denied"
    assert error.exit_code == 2


def test_a_read_only_folder_is_read_through_sqlites_read_only_mode(tmp_path, monkeypatch):
    """A database whose folder cannot be written (injected: root writes everywhere) is read
    with `mode=ro`, changes still in its -wal included."""
    import os

    db = made(tmp_path)
    holder = sqlite3.connect(db)  # keeps -wal and -shm there, with changes in the -wal
    holder.execute("PRAGMA wal_autocheckpoint=0")
    holder.execute("UPDATE events SET void='later' WHERE id=1")
    holder.commit()
    try:
        assert Path(f"{db}-wal").stat().st_size > 0
        real = os.access
        folder = str(tmp_path)

        def access(path, mode):
            if mode == os.W_OK and str(path) in (folder, str(db)):
                return False
            return real(path, mode)

        monkeypatch.setattr(os, "access", access)
        store = Store(db, create=False, write=False)
        try:
            assert store.read_only
            assert [e.void for e in store.events(1)] == ["later"]
        finally:
            store.close()
    finally:
        holder.close()


def read_only_folder(monkeypatch, folder: Path) -> None:
    """The folder (and its files) reported not writable, as for an unprivileged user."""
    import os

    real = os.access

    def access(path, mode):
        if mode == os.W_OK and Path(path).resolve().is_relative_to(folder.resolve()):
            return False
        return real(path, mode)

    monkeypatch.setattr(os, "access", access)


def test_an_old_schema_in_a_read_only_folder_says_it_needs_an_upgrade(tmp_path, monkeypatch):
    db = tmp_path / "old.sqlite"
    schema_1(db)
    read_only_folder(monkeypatch, tmp_path)
    error = refusal(db, lambda db: table.tables(db))
    assert error.message == (
        f"{db}: cannot read the database here: it needs an upgrade to schema 2, and {db}: cannot "
        "write the database: its folder is read-only (SQLite keeps old.sqlite-wal and -shm "
        "beside it)"
    )


def test_an_event_after_an_undo_drops_the_redo_stack_but_an_import_keeps_nothing_back(tmp_path):
    db = made(tmp_path)
    store = Store(db, create=False)
    try:
        with store.write():
            store.set_status(1, "undone")
            store.append(1, {"type": "add", "player": "bob", "n": 1}, time=None)
        assert [(e.id, e.status) for e in store.events(1)] == [(2, "live")]  # 1 was dropped
        with store.write():
            store.set_status(2, "undone")
            store.append(1, {"type": "add", "player": "ann", "n": 2}, time=None, new_table=True)
        assert [(e.id, e.status) for e in store.events(1)] == [(2, "undone"), (3, "live")]
    finally:
        store.close()


def test_a_readonly_refusal_in_a_read_only_folder_names_the_folder(tmp_path, monkeypatch):
    db = made(tmp_path)
    store = Store(db, create=False)
    read_only_folder(monkeypatch, tmp_path)
    try:
        with pytest.raises(InputError) as caught, store._guard():
            raise sqlite3.OperationalError("attempt to write a readonly database")
    finally:
        store.close()
    assert caught.value.message == (
        f"{db}: cannot write the database: its folder is read-only (SQLite keeps t.sqlite-wal "
        "and -shm beside it)"
    )


def test_a_file_that_is_no_database_in_a_read_only_folder_is_named(tmp_path, monkeypatch):
    db = tmp_path / "junk.sqlite"
    db.write_bytes(b"this is not an SQLite file at all, only text" * 50)
    read_only_folder(monkeypatch, tmp_path)
    error = refusal(db, lambda db: table.tables(db))
    assert error.message == f"{db}: not a usable Dead Drop database (file is not a database)"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["junk.sqlite"]


def test_the_history_number_changes_with_every_undo_redo_and_void(tmp_path):
    db = made(tmp_path)
    table.do(db, "t", {"type": "add", "player": "bob", "n": 1})
    store = Store(db, create=False)
    try:
        seen = [store.history(1)]
        with store.write():
            store.set_status(2, "undone")
        seen.append(store.history(1))
        with store.write():
            store.set_status(2, "live")
        seen.append(store.history(1))
        with store.write():
            store.set_void(1, "typo")
        seen.append(store.history(1))
        with store.write():
            store.set_status(2, "undone")
        seen.append(store.history(1))
        with store.write():  # an event after an undo: the undone one is dropped
            store.append(1, {"type": "add", "player": "ann", "n": 1}, time=None)
        seen.append(store.history(1))
        assert len(set(seen[3:])) == 3
        assert seen[0] == seen[2]  # undo then redo gives the number back
        assert len({seen[0], seen[1], seen[3], seen[4]}) == 4
        assert store.history(99) == 0
    finally:
        store.close()


def test_requests_are_opened_answered_and_closed_one_by_one(tmp_path):
    db = made(tmp_path)
    store = Store(db, create=False)
    try:
        with store.write():
            first = store.add_request(1, "undo", 1, None, "bob", ["ann"], 5, "now")
            second = store.add_request(1, "void", 1, "typo", "ann", ["bob"], 5, "now")
            store.answer_request(second, ["bob"])
        assert [(r.id, r.asker, r.yes) for r in store.requests(1)] == [
            (first, "bob", []),
            (second, "ann", ["bob"]),
        ]
        with store.write():
            store.drop_request(first)
        assert [r.id for r in store.requests(1)] == [second]
        with store.write():
            store.add_request(1, "redo", None, None, "ann", ["bob"], 6, "now")  # replaces ann's
            store.drop_requests(1, keep_history=6)
        assert [(r.op, r.history) for r in store.requests(1)] == [("redo", 6)]
        with store.write():
            store.drop_requests(1)
        assert store.requests(1) == []
    finally:
        store.close()


def test_a_deleted_table_is_gone_with_everything_it_held(tmp_path):
    db = made(tmp_path)
    store = Store(db, create=False)
    try:
        with store.write():
            store.add_request(1, "undo", 1, None, "bob", ["ann"], 5, "now")
            store.remember(1, "ann\0key\0", "line")
            store.delete_table(1)
        assert store.tables() == [] and store.find("t") is None
        assert store.events(1) == [] and store.requests(1) == []
        assert store.recall(1, "ann\0key\0") is None and store.history(1) == 0
    finally:
        store.close()


def test_a_writer_never_opens_read_only_and_a_missing_file_is_no_write_problem(
    tmp_path, monkeypatch
):
    db = made(tmp_path)
    read_only_folder(monkeypatch, tmp_path)
    store = Store(db, create=False)  # a writer: it fails at its first write, with the reason
    try:
        assert store.read_only is False
    finally:
        store.close()
    monkeypatch.undo()
    missing = Store(tmp_path / "none.sqlite", create=False)
    try:
        missing.path = tmp_path / "none.sqlite"
        assert missing._write_problem() is None
    finally:
        missing.close()


@pytest.mark.parametrize(
    "sql",
    [
        "UPDATE tables SET used='often'",
        "UPDATE tables SET created=x'00'",
        "UPDATE tables SET nonce=x'00'",
        "UPDATE tables SET options='[1]'",
    ],
)
def test_a_table_row_of_the_wrong_kind_is_damaged(tmp_path, sql):
    db = made(tmp_path)
    damage(db, sql)
    error = refusal(db, lambda db: table.tables(db))
    assert error.message == f"{db}: damaged Dead Drop database (table id 1)"


def test_a_database_sqlite_cannot_open_is_one_line(tmp_path, monkeypatch):
    db = made(tmp_path)

    def refuse(*args, **kwargs):
        raise sqlite3.OperationalError("unable to open database file")

    monkeypatch.setattr(sqlite3, "connect", refuse)
    error = refusal(db, lambda db: table.tables(db))
    assert error.message == f"{db}: cannot open the database (unable to open database file)"
    assert error.exit_code == 2


def test_an_event_entered_after_an_undo_is_another_history(tmp_path):
    """One live event; undo it and enter another: as many events, but another history (a tap
    checked against the first must be refused)."""
    db = made(tmp_path)
    store = Store(db, create=False)
    try:
        before = store.history(1)
        with store.write():
            store.set_status(1, "undone")
            store.append(1, {"type": "add", "player": "ann", "n": 3}, time=None)
        assert store.history(1) != before
    finally:
        store.close()


def test_the_version_follows_the_history_and_the_open_requests(tmp_path):
    db = made(tmp_path)
    store = Store(db, create=False)
    try:
        history = store.history(1)
        assert store.version(1) == history  # no request open
        with store.write():
            asked = store.add_request(1, "undo", 1, None, "bob", ["ann"], history, "now")
        one = store.version(1)
        with store.write():
            store.answer_request(asked, ["ann"])
        two = store.version(1)
        assert len({history, one, two}) == 3
        assert store.version(99) == 0
    finally:
        store.close()
