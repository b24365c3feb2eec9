"""The store on its own: schema, a busy database, integrity."""

from __future__ import annotations

import sqlite3

import pytest

from assistant import store as store_module
from assistant import table
from assistant.store import SCHEMA_VERSION, Store
from deaddrop.errors import InputError


def test_a_new_database_has_the_current_schema(tmp_path):
    db = tmp_path / "new.sqlite"
    table.new(db, "tally", "t", {})
    con = sqlite3.connect(db)
    meta = dict(con.execute("SELECT key, value FROM deaddrop_meta"))
    assert meta == {"application": "deaddrop", "schema_version": str(SCHEMA_VERSION)}
    assert con.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    con.close()


def test_an_empty_file_becomes_a_database(tmp_path):
    db = tmp_path / "empty.sqlite"
    db.write_bytes(b"")
    table.new(db, "tally", "t", {})
    assert [t["name"] for t in table.tables(db)] == ["t"]


def test_a_busy_database_fails_with_a_clear_message(tmp_path, monkeypatch):
    db = tmp_path / "busy.sqlite"
    table.new(db, "tally", "t", {})
    monkeypatch.setattr(store_module, "BUSY_TIMEOUT_S", 0.2)
    holder = Store(db, create=False)
    with holder.write():
        with pytest.raises(InputError) as caught:
            table.do(db, "t", {"type": "add", "player": "red", "n": 1})
        assert caught.value.message == (
            f"{db}: the database is busy (another deaddrop kept it locked for 0.2 s); try again"
        )
        assert table.show(db, "t").state["points"]["red"] == 0  # readers are not blocked
    holder.close()
    assert len(table.log(db, "t")) == 0


def test_a_failed_change_rolls_back(tmp_path):
    db = tmp_path / "t.sqlite"
    table.new(db, "tally", "t", {})
    with Store(db, create=False) as store:
        with pytest.raises(RuntimeError), store.write():
            store.append(1, {"type": "add", "player": "red", "n": 1}, time=None)
            raise RuntimeError("boom")
        assert store.events(1) == []
        assert store.integrity() == "ok"


def test_an_older_schema_is_migrated(tmp_path):
    db = tmp_path / "old.sqlite"
    con = sqlite3.connect(db)
    con.execute("CREATE TABLE deaddrop_meta (key TEXT PRIMARY KEY, value TEXT)")
    con.execute("INSERT INTO deaddrop_meta VALUES ('schema_version', '0')")
    con.commit()
    con.close()
    table.new(db, "tally", "t", {})
    with Store(db, create=False) as store:
        assert [t.name for t in store.tables()] == ["t"]
    con = sqlite3.connect(db)
    version = con.execute("SELECT value FROM deaddrop_meta WHERE key='schema_version'").fetchone()
    con.close()
    assert version == (str(SCHEMA_VERSION),)


def test_a_damaged_schema_is_exit_2(tmp_path):
    db = tmp_path / "odd.sqlite"
    table.new(db, "tally", "t", {})
    con = sqlite3.connect(db)
    con.execute("DROP TABLE events")
    con.commit()
    con.close()
    with pytest.raises(InputError) as caught:
        table.show(db, "t")
    assert caught.value.message == f"{db}: damaged Dead Drop database (no 'events' table)"


def test_a_folder_that_cannot_be_made_is_exit_2(cli, tmp_path):
    (tmp_path / "plain").write_text("a file, not a folder")
    db = tmp_path / "plain" / "sub" / "t.sqlite"
    result = cli("table", "--db", str(db), "new", "tally")
    assert result.exit_code == 2
    assert result.stderr == (
        f"deaddrop: {db}: cannot open the database: a part of the path is not a directory\n"
    )
    assert result.stdout == ""
