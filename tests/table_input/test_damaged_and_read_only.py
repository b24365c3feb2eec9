"""A damaged database, a database that can only be read, a path the system refuses: one line
naming the file, exit 2, no traceback; reading works read-only (issue 17)."""

from __future__ import annotations

import os
import shutil
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from assistant.store import Store
from deaddrop.errors import InputError


def _game(cli, db: Path) -> None:
    cli("table", "new", "tally", "--name", "a")
    cli("table", "new", "tally", "--name", "b")
    cli("table", "do", "add", "player=red", "n=2")


def _name_offsets(data: bytes, name: bytes) -> list[int]:
    """Where `name` is written in the schema page (sqlite_master's rows: the name and the SQL)."""
    page = data[:4096]
    found, start = [], page.find(name)
    while start != -1:
        found.append(start)
        start = page.find(name, start + 1)
    return found


@pytest.mark.parametrize("name", [b"deaddrop_meta", b"tables", b"events"])
def test_a_byte_of_the_schema_that_is_not_utf8_is_a_damaged_database(cli, db, name):
    _game(cli, db)
    data = db.read_bytes()
    offsets = _name_offsets(data, name)
    assert offsets
    damaged_lines = 0
    for offset in offsets:
        damaged = bytearray(data)
        damaged[offset + 1] = 0xFF
        db.write_bytes(bytes(damaged))
        for command in (["show"], ["list"], ["do", "add", "player=red", "n=1"]):
            result = cli("table", *command)
            assert result.exception is None or isinstance(result.exception, SystemExit)
            assert result.exit_code in (0, 2), (offset, command)
            if result.exit_code == 2:  # else the byte was in SQL text SQLite no longer reads
                assert result.stderr.startswith(f"deaddrop: {db}: damaged Dead Drop database (")
                assert (result.stdout, result.stderr.count("\n")) == ("", 1)
                damaged_lines += 1
    assert damaged_lines >= 3  # at least the row naming the table, in each command


def test_a_flipped_byte_in_the_file_header_is_one_line(cli, db):
    _game(cli, db)
    data = db.read_bytes()
    for offset in range(100):  # the SQLite header
        for bit in (0, 7):
            damaged = bytearray(data)
            damaged[offset] ^= 1 << bit
            db.write_bytes(bytes(damaged))
            for suffix in ("-wal", "-shm"):
                Path(f"{db}{suffix}").unlink(missing_ok=True)
            result = cli("table", "show")
            assert result.exit_code in (0, 2), (offset, bit, result.exception)
            assert result.exception is None or isinstance(result.exception, SystemExit)
            if result.exit_code == 2:
                assert result.stderr.count("\n") == 1 and result.stderr.startswith(
                    f"deaddrop: {db}: "
                )


# ---- a folder or a file that cannot be written ----------------------------------------------


@contextmanager
def immutable(path: Path) -> Iterator[None]:
    """`chattr +i path`: nobody, not even root, may write it (or add a file to the folder)."""
    if shutil.which("chattr") is None:
        pytest.skip("chattr is not available")
    made = subprocess.run(["chattr", "+i", str(path)], capture_output=True)
    if made.returncode != 0:
        pytest.skip("chattr +i is not permitted here")
    try:
        yield
    finally:
        subprocess.run(["chattr", "-i", str(path)], check=True)


def _shown(cli) -> dict[str, tuple[int, str]]:
    commands = {
        "list": ["list"],
        "show": ["show"],
        "log": ["log", "--json"],
        "export": ["export", "b"],
    }
    out = {}
    for key, args in commands.items():
        result = cli("table", *args)
        out[key] = (result.exit_code, result.stdout)
    return out


def test_reading_a_database_in_a_read_only_folder_works(cli, db):
    _game(cli, db)
    cli("table", "show", "b")  # b is the current table
    for suffix in ("-wal", "-shm"):
        assert not Path(f"{db}{suffix}").exists()  # the last writer checkpointed them away
    with immutable(db.parent):
        results = _shown(cli)
        named = cli("table", "show", "a")
        listed = cli("table", "list").stdout
    assert all(code == 0 for code, _ in results.values()), results
    assert results == _shown(cli)  # as read where the folder can be written
    assert named.exit_code == 0 and named.stdout == cli("table", "show", "a").stdout
    assert listed.splitlines()[0].startswith("* b ")  # `show a` could not make a current


@pytest.mark.parametrize(
    "command",
    [
        ["do", "add", "player=red", "n=1"],
        ["undo"],
        ["new", "tally"],
        ["delete", "a", "--yes"],
        ["void", "1", "--why", "x"],
    ],
)
def test_writing_in_a_read_only_folder_says_so(cli, db, command):
    _game(cli, db)
    with immutable(db.parent):
        result = cli("table", *command)
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr == (
        f"deaddrop: {db}: cannot write the database: its folder is read-only "
        "(SQLite keeps tables.sqlite-wal and -shm beside it)\n"
    )


def test_a_read_only_database_file_is_read_and_not_written(cli, db):
    _game(cli, db)
    with immutable(db):
        listed = cli("table", "list")
        shown = cli("table", "show", "a")
        written = cli("table", "do", "add", "player=red", "n=1")
    assert (listed.exit_code, shown.exit_code) == (0, 0)
    assert (written.exit_code, written.stdout) == (2, "")
    assert written.stderr == f"deaddrop: {db}: cannot write the database: the file is read-only\n"
    assert cli("table", "log", "b").stdout == "1. red adds 2 (now 2)\n"


# ---- paths the system refuses (the store's own check, for every caller) ---------------------


def test_a_name_too_long_is_one_line(tmp_path):
    path = tmp_path / ("a" * 300)
    for create in (True, False):
        with pytest.raises(InputError) as caught:
            Store(path, create=create)
        assert caught.value.message == f"{path}: cannot open the database: file name too long"


def test_a_folder_and_a_pipe_are_not_databases(tmp_path):
    with pytest.raises(InputError) as caught:
        Store(tmp_path, create=False)
    assert caught.value.message == f"{tmp_path}: cannot open the database: is a directory"
    pipe = tmp_path / "pipe.sqlite"
    os.mkfifo(pipe)
    with pytest.raises(InputError) as caught:
        Store(pipe, create=True)
    assert caught.value.message == f"{pipe}: cannot open the database: not a regular file"


def test_a_part_of_the_path_that_is_a_file(tmp_path):
    (tmp_path / "plain").write_text("x")
    path = tmp_path / "plain" / "t.sqlite"
    with pytest.raises(InputError) as caught:
        Store(path, create=True)
    assert caught.value.message == (
        f"{path}: cannot open the database: a part of the path is not a directory"
    )


def test_no_permission_is_one_line(tmp_path):
    """Run held to file modes (tests/unprivileged.py): as root too, where CI runs."""
    from unprivileged import deaddrop

    locked = tmp_path / "locked"
    locked.mkdir()
    locked.chmod(0)
    try:
        done = deaddrop("table", "new", "tally", "--db", str(locked / "t.sqlite"), cwd=tmp_path)
    finally:
        locked.chmod(0o700)
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr == (
        f"deaddrop: {locked / 't.sqlite'}: cannot open the database: permission denied\n"
    )
    assert list(locked.iterdir()) == []


def test_an_unwritable_folder_for_a_new_database_is_one_line(tmp_path):
    folder = tmp_path / "ro"
    folder.mkdir()
    with immutable(folder), pytest.raises(InputError) as caught:
        Store(folder / "t.sqlite", create=True)
    assert caught.value.message == (
        f"{folder / 't.sqlite'}: cannot create the database: operation not permitted"
    )


def test_a_read_only_folder_whose_wal_holds_changes_is_one_line_and_read_once_writable(cli, db):
    """The database's -wal holds changes not yet in the file (a writer's last commits, not
    checkpointed) and the folder is read-only: reading the file alone would miss them, so the
    command says so (exit 2); where the folder can be written the same files read whole."""
    import sqlite3

    _game(cli, db)
    copy = db.parent / "copy"
    copy.mkdir()
    writer = sqlite3.connect(db, isolation_level=None)
    writer.execute("PRAGMA wal_autocheckpoint=0")
    writer.execute("UPDATE tables SET used=used+100 WHERE name='a'")  # in the -wal only
    for suffix in ("", "-wal"):
        shutil.copyfile(f"{db}{suffix}", copy / f"t.sqlite{suffix}")
    writer.close()
    assert (copy / "t.sqlite-wal").stat().st_size > 0
    with immutable(copy):
        result = cli("table", "list", "--db", str(copy / "t.sqlite"))
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr == (
        f"deaddrop: {copy / 't.sqlite'}: cannot read the database: its folder is read-only and "
        "t.sqlite-wal holds changes not yet in it (open it once where the folder can be written)\n"
    )
    listed = cli("table", "list", "--db", str(copy / "t.sqlite"))
    assert listed.exit_code == 0 and listed.stdout.splitlines()[0].startswith("* a ")
    (copy / "t.sqlite-shm").unlink(missing_ok=True)
    (copy / "t.sqlite-wal").write_bytes(b"")  # an empty -wal holds nothing: the file is whole
    with immutable(copy):
        empty = cli("table", "list", "--db", str(copy / "t.sqlite"))
    assert (empty.exit_code, empty.stdout) == (0, listed.stdout)
