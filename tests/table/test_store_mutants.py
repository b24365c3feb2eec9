"""The table database and the histories it replays (assistant/store.py, assistant/history.py),
pinned where a mutation run found them loose: exact messages, exact rows, exact differences."""

from __future__ import annotations

import sqlite3
import time
from pathlib import Path
from types import SimpleNamespace

import pytest

from assistant import store as store_module
from assistant import table
from assistant.engine import Option, Refusal
from assistant.games.tally import GAME as TALLY
from assistant.history import (
    Entry,
    Step,
    action_text,
    apply,
    check_action,
    differences,
    resolve_options,
    steps,
)
from assistant.store import Store, TableRow
from deaddrop.errors import InputError

# ---- histories ------------------------------------------------------------------------------


@pytest.mark.parametrize("action", [5, None, ["add"], {"player": "red"}, {"type": 3}])
def test_an_action_is_a_mapping_with_a_text_type(action):
    with pytest.raises(InputError) as caught:
        check_action(action)
    assert caught.value.message == "action: expected a mapping with a 'type' (e.g. {type: add})"
    with pytest.raises(InputError) as caught:
        check_action(action, "history.yaml:3")
    assert caught.value.message == (
        "history.yaml:3: expected a mapping with a 'type' (e.g. {type: add})"
    )


@pytest.mark.parametrize(
    "value", [float("nan"), (1, 2), {1: "a"}, {"a": {2: 3}}, {1, 2}, object(), b"x"]
)
def test_an_action_holds_plain_data_only(value):
    action = {"type": "add", "n": value}
    with pytest.raises(InputError) as caught:
        check_action(action)
    assert caught.value.message == "action: values must be plain data (text, numbers, lists)"
    good = {"type": "add", "player": "red", "n": 3, "dice": [1, 2], "x": {"y": None}}
    assert check_action(good) is good


def test_an_action_is_written_as_typed_quoting_only_what_needs_it():
    assert action_text({"type": "add", "player": "Xavier", "n": 3}) == "add player=Xavier n=3"
    assert action_text({"player": "red"}) == "? player=red"
    action = {"type": "end_day", "exhausted": {"red": [3], "blue": 1}, "why": "a b", "e": ""}
    assert action_text(action) == ('end_day exhausted={"red":[3],"blue":1} why="a b" e=""')
    assert action_text({"type": "x", "v": "a:b", "w": "it's", "z": None}) == (
        'x v="a:b" w="it\'s" z=null'
    )


def test_differences_name_every_changed_path():
    assert differences(1, 2) == [(".", 1, 2)]
    assert differences([1, 2], [3, 4]) == [("[0]", 1, 3), ("[1]", 2, 4)]
    assert differences([1], 5) == [(".", [1], 5)]
    assert differences(5, [1]) == [(".", 5, [1])]
    assert differences([1], [1, 2]) == [(".", [1], [1, 2])]
    before = {"points": {"red": 1, "blue": 2}, "dice": [1, 2, 3], "gone": 1}
    after = {"points": {"red": 4, "blue": 2}, "dice": [1, 5, 6], "new": [0]}
    assert differences(before, after) == [
        ("points.red", 1, 4),
        ("dice[1]", 2, 5),
        ("dice[2]", 3, 6),
        ("gone", 1, None),
        ("new", None, [0]),
    ]
    assert differences(before, before) == []


def test_an_unknown_option_names_the_known_ones_or_none():
    with pytest.raises(InputError) as caught:
        resolve_options(TALLY, {"colour": "red"})
    assert caught.value.message == (
        "unknown option 'colour' for tally (known: dice, max, players, start)"
    )
    bare = SimpleNamespace(name="bare", options={})
    with pytest.raises(InputError) as caught:
        resolve_options(bare, {"b": 1, "a": 2})
    assert caught.value.message == "unknown option 'a' for bare (known: none)"
    assert resolve_options(bare, {}) == {}
    assert resolve_options(SimpleNamespace(name="one", options={"x": Option(3, "")}), {}) == {
        "x": 3
    }


def test_apply_turns_a_crashing_game_into_a_refusal_and_does_not_force():
    def crash(state, action, *, force=False):
        raise KeyError("seat")

    crashing = SimpleNamespace(name="crashing", apply=crash)
    assert apply(crashing, {}, {"type": "x"}) == Refusal(
        "malformed action", "crashing cannot carry it out (KeyError('seat'))"
    )
    state = TALLY.setup({"players": ["red", "blue"], "start": 0, "max": 0, "dice": 2})
    assert apply(TALLY, state, {"type": "sub", "player": "red", "n": 1}) == Refusal(
        "floor", "red has 0; subtracting 1 would go below zero"
    )


def test_steps_number_the_entries_and_keep_the_states_around_each():
    state = TALLY.setup({"players": ["red", "blue"], "start": 0, "max": 0, "dice": 2})
    add = Entry({"type": "add", "player": "red", "n": 2})
    void = Entry({"type": "add", "player": "red", "n": 5}, void="a mistake")
    sub = Entry({"type": "sub", "player": "red", "n": 1}, force="house rule")
    one = {**state, "points": {"red": 2, "blue": 0}}
    two = {**state, "points": {"red": 1, "blue": 0}}
    assert steps(TALLY, state, [add, void, sub], first=4) == [
        Step(4, add, state, one),
        Step(5, void, one, one),
        Step(6, sub, one, two),
    ]


# ---- the store ------------------------------------------------------------------------------


def test_a_new_database_in_folders_that_do_not_exist_yet(tmp_path):
    db = tmp_path / "a" / "b" / "tables.sqlite"
    with Store(db, create=True) as store:
        assert store.tables() == []
    assert db.exists()


def test_a_folder_is_not_a_database(tmp_path):
    with pytest.raises(InputError) as caught:
        Store(tmp_path, create=True)
    assert caught.value.message == (f"{tmp_path}: cannot open the database: is a directory")


def test_a_busy_database_gives_up_after_the_busy_timeout(tmp_path, monkeypatch):
    """0.2 s here: well under the 5 s sqlite would wait by default."""
    db = tmp_path / "t.sqlite"
    table.new(db, "tally", "t", {})
    monkeypatch.setattr(store_module, "BUSY_TIMEOUT_S", 0.2)
    with Store(db, create=False) as holder, holder.write():
        started = time.monotonic()
        with pytest.raises(InputError):
            table.do(db, "t", {"type": "add", "player": "red", "n": 1})
        assert time.monotonic() - started < 3


def test_a_foreign_database_names_its_first_five_tables(tmp_path):
    db = tmp_path / "foreign.sqlite"
    con = sqlite3.connect(db)
    for name in ("f", "e", "d", "c", "b", "a"):
        con.execute(f"CREATE TABLE {name} (x)")
    con.commit()
    con.close()
    with pytest.raises(InputError) as caught:
        Store(db, create=False)
    assert caught.value.message == (
        f"{db}: not a Dead Drop database (it holds tables: a, b, c, d, e)"
    )


def test_a_table_row_whose_game_is_not_text_is_damaged(tmp_path):
    db = tmp_path / "t.sqlite"
    table.new(db, "tally", "t", {})
    con = sqlite3.connect(db)
    con.execute("UPDATE tables SET game=x'74616c6c79'")  # the bytes of 'tally', not text
    con.commit()
    con.close()
    with Store(db, create=False) as store, pytest.raises(InputError) as caught:
        store.tables()
    assert caught.value.message == f"{db}: damaged Dead Drop database (table id 1)"


def test_tables_come_most_recently_used_first_with_their_rows(tmp_path):
    with Store(tmp_path / "t.sqlite", create=True) as store:
        with store.write():
            store.create_table("a", "tally", {"max": 0}, "2024-01-01T10:00:00")
            store.create_table("b", "spy", {}, "2024-01-02T10:00:00")
            store.touch("a")
            store.create_table("c", "tally", {}, "2024-01-03T10:00:00")
        rows = store.tables()
        nonces = [row.nonce for row in rows]
        assert all(isinstance(n, str) and len(n) == 16 for n in nonces)
        assert len(set(nonces)) == 3  # drawn for each table
        assert rows == [
            TableRow(3, "c", "tally", {}, "2024-01-03T10:00:00", 4, nonces[0]),
            TableRow(1, "a", "tally", {"max": 0}, "2024-01-01T10:00:00", 3, nonces[1]),
            TableRow(2, "b", "spy", {}, "2024-01-02T10:00:00", 2, nonces[2]),
        ]
        assert store.find(None) == store.tables()[0]
        assert store.find("b") == TableRow(2, "b", "spy", {}, "2024-01-02T10:00:00", 2, nonces[2])
        assert store.find("z") is None


def test_integrity_lists_each_problem_of_a_damaged_file_on_its_own_line(tmp_path):
    db = tmp_path / "t.sqlite"
    table.new(db, "tally", "t", {})
    table.do(db, "t", {"type": "add", "player": "red", "n": 1})
    table.do(db, "t", {"type": "add", "player": "blue", "n": 2})
    with Store(db, create=False) as store:
        assert store.integrity() == "ok"
    con = sqlite3.connect(db)  # the index now claims another column than its entries hold
    con.execute("PRAGMA writable_schema=ON")
    con.execute(
        "UPDATE sqlite_master SET sql='CREATE INDEX events_by_table ON events (who, id)'"
        " WHERE name='events_by_table'"
    )
    con.commit()
    con.close()
    with Store(db, create=False) as store:
        assert store.integrity() == (
            "row 1 missing from index events_by_table\nrow 2 missing from index events_by_table"
        )


@pytest.mark.parametrize(
    "sql",
    [
        "UPDATE events SET time=x'3132'",
        "UPDATE events SET who=x'00ff'",
        "UPDATE events SET force=x'41'",
        "UPDATE events SET void=x'41'",
        "UPDATE events SET seat=x'41'",
        "UPDATE events SET status='lost'",
    ],
)
def test_an_event_row_of_the_wrong_kind_is_a_clear_damaged_database_error(tmp_path, sql):
    """Issue 23: a damaged event row (bytes where text belongs, a
    status that is neither live nor undone) is named, never read as if it were sound."""
    path = tmp_path / "t.db"
    with Store(path, create=True) as store, store.write():
        store.create_table("t", "tally", {}, "2024-01-01")
        table_id = store.find("t").id
        store.append(table_id, {"type": "add"}, time="12:00", who="ann", seat="red")
    con = sqlite3.connect(path)
    con.execute("PRAGMA ignore_check_constraints=ON")
    con.execute(sql)
    con.commit()
    con.close()
    with Store(path, create=False) as store:
        with pytest.raises(InputError) as caught:
            store.events(table_id)
    assert caught.value.message == f"{path}: damaged Dead Drop database (event id 1)"


def test_a_sound_event_row_reads_back_as_written(tmp_path):
    path = tmp_path / "t.db"
    with Store(path, create=True) as store, store.write():
        store.create_table("t", "tally", {}, "2024-01-01")
        table_id = store.find("t").id
        store.append(table_id, {"type": "add"}, time="12:00", who="ann", force="why", seat="red")
        store.append(table_id, {"type": "add", "n": 2}, time=None)
        store.set_void(2, "typo")
        store.set_status(2, "undone")
    with Store(path, create=False) as store:
        rows = store.events(table_id)
    assert [(r.id, r.action, r.time, r.who, r.force, r.void, r.status, r.seat) for r in rows] == [
        (1, {"type": "add"}, "12:00", "ann", "why", None, "live", "red"),
        (2, {"type": "add", "n": 2}, None, None, None, "typo", "undone", None),
    ]


def test_a_stored_value_is_read_up_to_a_million_characters_and_no_further(tmp_path):
    """A stored JSON value longer than any writer makes (MAX_STORED) is a damaged row, named
    with its length; one of exactly MAX_STORED characters (padded JSON) still reads back."""
    path = tmp_path / "t.db"
    with Store(path, create=True) as store, store.write():
        store.create_table("t", "tally", {}, "2024-01-01")
        table_id = store.find("t").id
        store.append(table_id, {"type": "add"}, time=None)
    text = '{"type": "add"}'
    for length, fits in ((store_module.MAX_STORED, True), (store_module.MAX_STORED + 1, False)):
        con = sqlite3.connect(path)
        con.execute("UPDATE events SET action=?", (text.ljust(length),))
        con.commit()
        con.close()
        with Store(path, create=False) as store:
            if fits:
                assert [row.action for row in store.events(table_id)] == [{"type": "add"}]
                continue
            with pytest.raises(InputError) as caught:
                store.events(table_id)
        assert caught.value.message == (
            f"{path}: damaged Dead Drop database (event id 1: action is 1000001 characters long; "
            "at most 1000000)"
        )


def test_a_name_no_table_can_have_finds_no_table(tmp_path):
    """`table show NAME` with a name past the bounds every table name met when it was made
    (undecodable bytes from the command line, control characters, past 1,000 characters) finds
    no table: it is not sent to SQLite (which could not even encode the first)."""
    path = tmp_path / "t.db"
    with Store(path, create=True) as store, store.write():
        store.create_table("t", "tally", {}, "2024-01-01")
    with Store(path, create=False) as store:
        assert store.find("t") is not None
        for name in ("t\udcff", "t\x07", "t" * 1001):
            assert store.find(name) is None


def test_the_version_follows_the_history_and_the_open_requests(tmp_path):
    """What `deaddrop serve` watches: the history's number while no request is open; another
    number for each request made or answered; the history's again once they are closed."""
    path = tmp_path / "t.db"
    with Store(path, create=True) as store, store.write():
        store.create_table("t", "tally", {}, "2024-01-01")
        table_id = store.find("t").id
        assert store.version(table_id + 1) == 0
        store.append(table_id, {"type": "add"}, time=None)
        history = store.history(table_id)
        assert store.version(table_id) == history != 0
        request = store.add_request(table_id, "undo", None, None, "red", ["blue"], history, "t0")
        asked = store.version(table_id)
        store.answer_request(request, ["blue"])
        answered = store.version(table_id)
        assert len({history, asked, answered}) == 3
        store.drop_requests(table_id)
        assert store.version(table_id) == history


def test_a_stored_blob_is_read_as_text_and_bounded_as_text(tmp_path):
    """A value stored as a blob (a file written by something else: the columns are TEXT NOT
    NULL, so a blob is the only other kind SQLite hands back) reads as its JSON, and past
    MAX_STORED bytes it is a damaged row named with its length, as text is."""
    path = tmp_path / "t.db"
    with Store(path, create=True) as store, store.write():
        store.create_table("t", "tally", {}, "2024-01-01")
        table_id = store.find("t").id
        store.append(table_id, {"type": "add"}, time=None)
    text = b'{"type": "add"}'
    for length, fits in ((store_module.MAX_STORED, True), (store_module.MAX_STORED + 1, False)):
        con = sqlite3.connect(path)
        con.execute("UPDATE events SET action=?", (text.ljust(length),))
        con.commit()
        con.close()
        with Store(path, create=False) as store:
            if fits:
                assert [row.action for row in store.events(table_id)] == [{"type": "add"}]
                continue
            with pytest.raises(InputError) as caught:
                store.events(table_id)
        assert caught.value.message == (
            f"{path}: damaged Dead Drop database (event id 1: action is 1000001 characters long; "
            "at most 1000000)"
        )


def test_opening_a_database_tightens_it_to_its_owner(tmp_path):
    """A database another user could read is made 0600 when opened, by the store itself, for
    every command (tests/web/test_secrets_loose_ends.py checks its -wal and -shm too)."""
    path = tmp_path / "t.db"
    with Store(path, create=True) as store, store.write():
        store.create_table("t", "tally", {}, "2024-01-01")
    path.chmod(0o644)
    with Store(path, create=False, write=False) as store:
        assert oct(path.stat().st_mode & 0o777) == "0o600"
        store.tables()


@pytest.mark.parametrize("stored", ["5", "[1]", '"add"', '{"type": 3}', '{"player": "red"}'])
def test_a_stored_action_that_is_not_a_mapping_with_a_type_is_a_damaged_row(tmp_path, stored):
    path = tmp_path / "t.db"
    with Store(path, create=True) as store, store.write():
        store.create_table("t", "tally", {}, "2024-01-01")
        table_id = store.find("t").id
        store.append(table_id, {"type": "add"}, time=None)
    con = sqlite3.connect(path)
    con.execute("UPDATE events SET action=?", (stored,))
    con.commit()
    con.close()
    with Store(path, create=False) as store, pytest.raises(InputError) as caught:
        store.events(table_id)
    assert caught.value.message == (
        f"{path}: damaged Dead Drop database (event id 1: the action is not a mapping with a type)"
    )


def test_leaving_the_with_block_closes_the_connection(tmp_path):
    with Store(tmp_path / "t.db", create=True) as store:
        store.tables()
    with pytest.raises(sqlite3.ProgrammingError):
        store.db.execute("SELECT 1")


def test_a_new_table_is_the_current_one_unless_told_not_to_be(tmp_path):
    with Store(tmp_path / "t.db", create=True) as store, store.write():
        store.create_table("a", "tally", {}, "2024-01-01")
        store.create_table("b", "tally", {}, "2024-01-01")
        assert store.find(None).name == "b"
        store.create_table("c", "tally", {}, "2024-01-01", current=False)
        assert store.find(None).name == "b"


def test_a_history_or_version_whose_checksum_is_zero_is_still_a_table(tmp_path, monkeypatch):
    """0 means "no such table" to `deaddrop serve`: a table whose checksum happens to be 0 (one
    in 2**32) reads 1 instead, for its history and for its version with open requests."""
    import zlib

    with Store(tmp_path / "t.db", create=True) as store, store.write():
        store.create_table("t", "tally", {}, "2024-01-01")
        table_id = store.find("t").id
        store.append(table_id, {"type": "add"}, time=None)
        store.add_request(table_id, "undo", 1, None, "red", ["blue"], 5, "2024-01-01")
        assert store.history(table_id) > 1 and store.version(table_id) > 1
        monkeypatch.setattr(zlib, "crc32", lambda data: 0)
        assert (store.history(table_id), store.version(table_id)) == (1, 1)
        assert (store.history(table_id + 1), store.version(table_id + 1)) == (0, 0)


def test_a_reply_kept_under_a_key_is_recalled_and_found_by_its_prefix(tmp_path):
    with Store(tmp_path / "t.db", create=True) as store, store.write():
        store.create_table("t", "tally", {}, "2024-01-01")
        table_id = store.find("t").id
        assert store.recall(table_id, "red:abc") is None
        assert not store.keyed(table_id, "red:")
        store.remember(table_id, "red:abc", "1. red adds 3")
        assert store.recall(table_id, "red:abc") == "1. red adds 3"
        assert store.recall(table_id, "red:abd") is None
        assert store.keyed(table_id, "red:") and store.keyed(table_id, "red:abc")
        assert not store.keyed(table_id, "blue:") and not store.keyed(table_id + 1, "red:")


def test_requests_made_at_another_history_are_dropped_and_the_others_kept(tmp_path):
    with Store(tmp_path / "t.db", create=True) as store, store.write():
        store.create_table("t", "tally", {}, "2024-01-01")
        table_id = store.find("t").id
        store.append(table_id, {"type": "add"}, time=None)
        for asker, history in (("red", 5), ("blue", 6), ("green", 6)):
            store.add_request(table_id, "undo", 1, None, asker, ["x"], history, "now")
        store.drop_requests(table_id, keep_history=6)
        assert sorted(r.history for r in store.requests(table_id)) == [6, 6]
        store.drop_requests(table_id)
        assert store.requests(table_id) == []


def test_an_askers_new_request_withdraws_his_earlier_one(tmp_path):
    with Store(tmp_path / "t.db", create=True) as store, store.write():
        store.create_table("t", "tally", {}, "2024-01-01")
        table_id = store.find("t").id
        store.append(table_id, {"type": "add"}, time=None)
        store.add_request(table_id, "undo", 1, None, "red", ["blue"], 5, "now")
        store.add_request(table_id, "undo", 1, None, "blue", ["red"], 5, "now")
        store.add_request(table_id, "void", 1, "misheard", "red", ["blue"], 5, "now")
        assert sorted((r.asker, r.op) for r in store.requests(table_id)) == [
            ("blue", "undo"),
            ("red", "void"),
        ]


def test_sqlites_message_is_cut_at_200_characters():
    assert store_module._said(Exception("x" * 200)) == "x" * 200
    assert store_module._said(Exception("y" * 201)) == "y" * 200 + "..."


def test_the_rows_read_back_cannot_be_changed_in_place():
    import dataclasses

    row = TableRow(1, "t", "tally", {}, "2024-01-01", 1, None)
    event = store_module.EventRow(1, {"type": "add"}, None, None, None, None, "live", None)
    request = store_module.RequestRow(1, "undo", 1, None, "red", ["blue"], [], 5, None)
    for each in (row, event, request):
        with pytest.raises(dataclasses.FrozenInstanceError):
            each.id = 2  # type: ignore[misc]


def test_an_empty_file_is_read_as_an_empty_database_and_left_as_it_is(tmp_path):
    path = tmp_path / "t.db"
    path.write_bytes(b"")
    with Store(path, create=False) as store:
        assert store.tables() == [] and store.find(None) is None
        assert store.db.execute("PRAGMA database_list").fetchone()[2] == ""  # in memory
    assert path.read_bytes() == b"" and not list(tmp_path.glob("t.db-*"))


def test_a_database_that_cannot_be_written_here_is_read_in_its_own_journal_mode(
    tmp_path, monkeypatch
):
    """Read-only (here injected: root may write anywhere), a database in the rollback journal
    mode is read as it is: no PRAGMA that would write it (journal_mode=WAL) is tried."""
    path = tmp_path / "t.db"
    with Store(path, create=True) as store, store.write():
        store.create_table("t", "tally", {}, "2024-01-01")
    con = sqlite3.connect(path)
    con.execute("PRAGMA journal_mode=DELETE")
    con.close()
    before = path.read_bytes()
    monkeypatch.setattr(Store, "_write_problem", lambda self: "the folder is read-only")
    with Store(path, create=False, write=False) as store:
        assert store.read_only and [t.name for t in store.tables()] == ["t"]
    assert path.read_bytes() == before
    con = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    assert con.execute("PRAGMA journal_mode").fetchone()[0] == "delete"
    con.close()


def test_an_event_appended_after_an_undo_drops_the_redo_stack_unless_the_table_is_new(tmp_path):
    with Store(tmp_path / "t.db", create=True) as store, store.write():
        store.create_table("t", "tally", {}, "2024-01-01")
        table_id = store.find("t").id
        store.append(table_id, {"type": "add", "n": 1}, time=None)
        store.set_status(store.events(table_id)[0].id, "undone")
        store.append(table_id, {"type": "add", "n": 2}, time=None, new_table=True)
        assert [e.status for e in store.events(table_id)] == ["undone", "live"]
        store.append(table_id, {"type": "add", "n": 3}, time=None)
        assert [(e.action["n"], e.status) for e in store.events(table_id)] == [
            (2, "live"),
            (3, "live"),
        ]


def test_the_owners_own_permission_bits_are_left_as_they_are(tmp_path):
    """Only the group's and the others' bits are taken away: a 0700 file stays 0700."""
    path = tmp_path / "t.db"
    with Store(path, create=True) as store, store.write():
        store.create_table("t", "tally", {}, "2024-01-01")
    path.chmod(0o700)
    with Store(path, create=False) as store:
        store.tables()
    assert oct(path.stat().st_mode & 0o777) == "0o700"


def test_a_writing_connection_keeps_foreign_keys_and_normal_sync_and_writes_by_default(
    tmp_path, monkeypatch
):
    path = tmp_path / "t.db"
    with Store(path, create=True) as store:
        pragmas = [store.db.execute(f"PRAGMA {p}").fetchone()[0] for p in ("foreign_keys",
                   "synchronous", "journal_mode")]  # fmt: skip
        assert pragmas == [1, 1, "wal"]  # synchronous 1: NORMAL
        with pytest.raises(InputError), store.write():
            store.append(999, {"type": "add"}, time=None)  # no table 999: the key refuses it
    monkeypatch.setattr(Store, "_write_problem", lambda self: "the folder is read-only")
    with Store(path, create=False) as store:
        assert not store.read_only  # a command that writes is not read-only unless told
    with Store(path, create=False, write=False) as store:
        assert store.read_only


def test_a_database_that_fails_its_check_is_closed_before_the_error_is_raised(tmp_path):
    import os

    path = tmp_path / "t.db"
    con = sqlite3.connect(path)
    con.execute("CREATE TABLE recipes (id INTEGER)")
    con.close()

    def open_here() -> int:
        fds = Path("/proc/self/fd")
        return sum(1 for fd in fds.iterdir() if os.path.realpath(fd) == str(path))

    with pytest.raises(InputError) as caught:
        Store(path, create=False)
    assert "recipes" in caught.value.message
    assert open_here() == 0  # while the error (and its traceback) is still held


@pytest.mark.parametrize("column", ["asker", "created", "long asker"])
def test_a_request_naming_a_seat_or_time_with_a_control_character_is_a_damaged_row(
    tmp_path, column
):
    path = tmp_path / "t.db"
    with Store(path, create=True) as store, store.write():
        store.create_table("t", "tally", {}, "2024-01-01")
        table_id = store.find("t").id
        store.append(table_id, {"type": "add"}, time=None)
        store.add_request(table_id, "undo", 1, None, "red", ["blue"], 5, "now")
    bad = {"asker": "red\x1b[2J", "created": "now\n", "long asker": "r" * 1001}[column]
    con = sqlite3.connect(path)
    con.execute(f"UPDATE requests SET {column.split()[-1]}=?", (bad,))
    con.commit()
    con.close()
    with Store(path, create=False) as store, pytest.raises(InputError) as caught:
        store.requests(table_id)
    assert caught.value.message == f"{path}: damaged Dead Drop database (request id 1)"


def test_a_request_reads_back_field_by_field_and_changes_the_version(tmp_path):
    with Store(tmp_path / "t.db", create=True) as store, store.write():
        store.create_table("t", "tally", {}, "2024-01-01")
        table_id = store.find("t").id
        store.append(table_id, {"type": "add"}, time=None)
        history = store.history(table_id)
        assert store.version(table_id) == history  # no request: the history's own number
        number = store.add_request(table_id, "void", 1, "misheard", "red", ["blue"], 7, "now")
        store.answer_request(number, ["blue"])
        assert store.requests(table_id) == [
            store_module.RequestRow(
                number, "void", 1, "misheard", "red", ["blue"], ["blue"], 7, "now"
            )
        ]
        assert store.version(table_id) != history


def test_a_request_whose_yes_is_not_json_is_named_by_its_id(tmp_path):
    path = tmp_path / "t.db"
    with Store(path, create=True) as store, store.write():
        store.create_table("t", "tally", {}, "2024-01-01")
        table_id = store.find("t").id
        store.append(table_id, {"type": "add"}, time=None)
        store.add_request(table_id, "undo", 1, None, "red", ["blue"], 5, "now")
    con = sqlite3.connect(path)
    con.execute("UPDATE requests SET yes='[oops'")
    con.commit()
    con.close()
    with Store(path, create=False) as store, pytest.raises(InputError) as caught:
        store.requests(table_id)
    assert caught.value.message == (
        f"{path}: damaged Dead Drop database (request id 1: yes is not valid JSON)"
    )


def test_a_file_another_application_marked_names_both_marks(tmp_path):
    path = tmp_path / "t.db"
    con = sqlite3.connect(path)
    con.execute("PRAGMA application_id=7")
    con.execute("PRAGMA user_version=9")
    con.close()
    with pytest.raises(InputError) as caught:
        Store(path, create=False)
    assert caught.value.message == (
        f"{path}: not a Dead Drop database (another application marked it: application_id 7,"
        " user_version 9)"
    )


def test_a_table_named_by_a_blob_or_a_request_whose_reason_is_a_blob_is_a_damaged_row(tmp_path):
    path = tmp_path / "t.db"
    with Store(path, create=True) as store, store.write():
        store.create_table("t", "tally", {}, "2024-01-01")
        table_id = store.find("t").id
        store.append(table_id, {"type": "add"}, time=None)
        store.add_request(table_id, "void", 1, "misheard", "red", ["blue"], 5, "now")
    con = sqlite3.connect(path)
    con.execute("UPDATE requests SET why=x'6d6973'")
    con.commit()
    con.close()
    with Store(path, create=False) as store, pytest.raises(InputError) as caught:
        store.requests(table_id)
    assert caught.value.message == f"{path}: damaged Dead Drop database (request id 1)"
    con = sqlite3.connect(path)
    con.execute("UPDATE tables SET name=x'74'")
    con.commit()
    con.close()
    with Store(path, create=False) as store, pytest.raises(InputError) as caught:
        store.tables()
    assert caught.value.message == f"{path}: damaged Dead Drop database (table id 1)"


@pytest.mark.parametrize(
    ("said", "told"),
    [
        ("database is locked", "the database is busy (another deaddrop kept it locked for 10 s);"
         " try again"),
        ("database is busy", "the database is busy (another deaddrop kept it locked for 10 s);"
         " try again"),
        ("database disk image is malformed", "damaged Dead Drop database (database disk image is"
         " malformed)"),
        ("file is corrupt", "damaged Dead Drop database (file is corrupt)"),
        ("Could not decode to UTF-8 column 'name' with text 'x'", "damaged Dead Drop database"
         " (text that is not UTF-8 in column 'name')"),
        ("Could not decode to UTF-8", "damaged Dead Drop database (text that is not UTF-8)"),
        ("attempt to write a readonly database", "unusable database (attempt to write a"
         " readonly database)"),
    ],
)  # fmt: skip
def test_each_sqlite_error_is_told_by_what_it_says(tmp_path, said, told):
    """SQLite's errors, injected (root cannot make most of them happen): each kind of text
    is told as its own one line."""
    path = tmp_path / "t.db"
    with Store(path, create=True) as store:
        with pytest.raises(InputError) as caught, store._guard():
            raise sqlite3.OperationalError(said)
    assert caught.value.message == f"{path}: {told}"


def test_a_failure_after_sqlite_rolled_back_by_itself_is_raised_as_it_is(tmp_path):
    """On a full disk SQLite rolls the transaction back itself: the store does not try to roll
    it back again (which would fail, "no transaction is active") and raises the first error."""
    with Store(tmp_path / "t.db", create=True) as store:
        with pytest.raises(ZeroDivisionError), store.write():
            store.db.execute("ROLLBACK")
            raise ZeroDivisionError
        with store.write():
            store.create_table("t", "tally", {}, "2024-01-01")
        assert [t.name for t in store.tables()] == ["t"]


def test_a_request_made_with_no_time_reads_back(tmp_path):
    with Store(tmp_path / "t.db", create=True) as store, store.write():
        store.create_table("t", "tally", {}, "2024-01-01")
        table_id = store.find("t").id
        store.append(table_id, {"type": "add"}, time=None)
        store.add_request(table_id, "undo", 1, None, "red", ["blue"], 5, None)  # type: ignore[arg-type]
        assert [(r.asker, r.created) for r in store.requests(table_id)] == [("red", None)]


def test_a_folder_that_cannot_be_written_is_named_only_for_a_read_only_error(tmp_path, monkeypatch):
    """Injected (root may write anywhere): where the database cannot be written, SQLite's
    "readonly" and "unable to open" say why; any other error is told as itself."""
    path = tmp_path / "t.db"
    with Store(path, create=True) as store:
        monkeypatch.setattr(Store, "_write_problem", lambda self: "the folder is read-only")
        for said, told in (
            ("attempt to write a readonly database", "the folder is read-only"),
            ("unable to open database file", "the folder is read-only"),
            ("file is corrupt", f"{path}: damaged Dead Drop database (file is corrupt)"),
            ("no such savepoint: x", f"{path}: unusable database (no such savepoint: x)"),
        ):
            with pytest.raises(InputError) as caught, store._guard():
                raise sqlite3.OperationalError(said)
            assert caught.value.message == told


def test_a_kept_reply_that_is_not_text_is_not_recalled(tmp_path):
    path = tmp_path / "t.db"
    with Store(path, create=True) as store, store.write():
        store.create_table("t", "tally", {}, "2024-01-01")
        table_id = store.find("t").id
        store.remember(table_id, "red:abc", "1. red adds 3")
    con = sqlite3.connect(path)
    con.execute("UPDATE replies SET line=x'31'")
    con.commit()
    con.close()
    with Store(path, create=False) as store:
        assert store.recall(table_id, "red:abc") is None


def test_only_regular_files_are_tightened(tmp_path):
    """A folder where SQLite's -shm would be is not the store's to change: its mode stays."""
    path = tmp_path / "t.db"
    with Store(path, create=True) as store, store.write():
        store.create_table("t", "tally", {}, "2024-01-01")
    odd = path.with_name(path.name + "-shm")
    odd.mkdir()
    odd.chmod(0o755)
    try:
        with Store(path, create=False, write=False) as store:
            store.tables()
    except InputError:
        pass  # SQLite may refuse it: the mode is what this test is about
    assert oct(odd.stat().st_mode & 0o777) == "0o755"


def test_every_bit_but_the_owners_read_and_write_is_taken_away(tmp_path):
    path = tmp_path / "t.db"
    with Store(path, create=True) as store, store.write():
        store.create_table("t", "tally", {}, "2024-01-01")
    path.chmod(0o757)
    with Store(path, create=False) as store:
        store.tables()
    assert oct(path.stat().st_mode & 0o777) == "0o600"


def test_a_request_asked_again_changes_the_version(tmp_path):
    """Red asks again (his first request withdrawn): as many requests, the same answers, but
    another request, so the phones' version changes."""
    with Store(tmp_path / "t.db", create=True) as store, store.write():
        store.create_table("t", "tally", {}, "2024-01-01")
        table_id = store.find("t").id
        store.append(table_id, {"type": "add"}, time=None)
        store.add_request(table_id, "undo", 1, None, "red", ["blue"], 5, "now")
        first = store.version(table_id)
        store.add_request(table_id, "undo", 1, None, "red", ["blue"], 5, "now")
        assert store.version(table_id) != first
