"""The table database: tables and their events in SQLite (the only module that imports sqlite3).

The store keeps rows; it knows nothing of rules. `assistant.table` replays events into states.
Every change runs in one `write()` transaction (BEGIN IMMEDIATE, WAL mode, a busy timeout), so a
second process waits for the first and a killed process leaves the last committed state behind.
A file that is not a Dead Drop database (corrupt, foreign, newer) is refused before anything is
written to it.
"""

from __future__ import annotations

import errno
import json
import os
import re
import sqlite3
import stat
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from deaddrop.errors import InputError, Unavailable, path_errors, shown

APPLICATION = "deaddrop"
BUSY_TIMEOUT_S = 10.0
SIDE_FILES = ("-wal", "-shm")  # SQLite's files beside the database (WAL mode)
MARKS = ("application_id", "user_version")  # set by other applications, never by us

# Event status: "live" (in the history; it may also carry a void reason), "undone" (on the redo
# stack), "dropped" (undone, then a new action cleared the redo stack: kept, never shown).
LIVE, UNDONE, DROPPED = "live", "undone", "dropped"


def _v1(db: sqlite3.Connection) -> None:
    db.execute(
        "CREATE TABLE tables (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE,"
        " game TEXT NOT NULL, options TEXT NOT NULL, created TEXT NOT NULL,"
        " used INTEGER NOT NULL DEFAULT 0)"
    )
    db.execute(
        "CREATE TABLE events (id INTEGER PRIMARY KEY AUTOINCREMENT,"
        " table_id INTEGER NOT NULL REFERENCES tables(id) ON DELETE CASCADE,"
        " action TEXT NOT NULL, time TEXT, who TEXT, force TEXT, void TEXT,"
        " status TEXT NOT NULL DEFAULT 'live' CHECK (status IN ('live', 'undone', 'dropped')))"
    )
    db.execute("CREATE INDEX events_by_table ON events (table_id, id)")


def _v2(db: sqlite3.Connection) -> None:
    """Who entered each event from a phone (`seat`; NULL: the host at the command line), the
    seats' requests to undo, redo or void what is not theirs alone, and the replies already
    given to a phone's tap (its idempotency key), so that a retried tap is applied once."""
    db.execute("ALTER TABLE events ADD COLUMN seat TEXT")
    db.execute("ALTER TABLE tables ADD COLUMN nonce TEXT")  # a table made again is another
    db.execute(
        "CREATE TABLE requests (id INTEGER PRIMARY KEY AUTOINCREMENT,"
        " table_id INTEGER NOT NULL REFERENCES tables(id) ON DELETE CASCADE,"
        " op TEXT NOT NULL, event INTEGER, why TEXT, asker TEXT NOT NULL, needs TEXT NOT NULL,"
        " yes TEXT NOT NULL DEFAULT '[]', history INTEGER NOT NULL, created TEXT)"
    )
    db.execute(
        "CREATE TABLE replies (table_id INTEGER NOT NULL REFERENCES tables(id) ON DELETE CASCADE,"
        " key TEXT NOT NULL, line TEXT NOT NULL, PRIMARY KEY (table_id, key))"
    )


MAX_STORED = 1_000_000  # characters of one stored JSON value (a written one is far smaller)


def _said(error: Exception) -> str:
    """SQLite's message, safe to print: it may quote text from a damaged file."""
    text = str(error)
    return shown(text if len(text) <= 200 else text[:200] + "...")


def _printable(text: Any) -> bool:
    """Text as every writer checked it: at most MAX_TEXT characters, no control characters."""
    from assistant.history import CONTROL, MAX_TEXT  # (the checks load with the first text read)

    return isinstance(text, str) and len(text) <= MAX_TEXT and not CONTROL.search(text)


def _whole(value: Any) -> bool:
    """A whole number as SQLite stores one (not a bool, not text)."""
    return isinstance(value, int) and not isinstance(value, bool)


# Migration N (1-based) brings a database from schema N-1 to schema N. Append, never edit.
MIGRATIONS: list[Callable[[sqlite3.Connection], None]] = [_v1, _v2]
SCHEMA_VERSION = len(MIGRATIONS)


@dataclass(frozen=True)
class TableRow:
    """One saved table."""

    id: int
    name: str
    game: str
    options: dict[str, Any]
    created: str
    used: int
    nonce: str | None = None  # random, drawn when the table is made (none before schema 2)


@dataclass(frozen=True)
class EventRow:
    """One event of a table, in order of `id`."""

    id: int
    action: dict[str, Any]
    time: str | None
    who: str | None
    force: str | None
    void: str | None
    status: str
    seat: str | None = None  # the seat whose phone entered it (None: the host's command line)


@dataclass(frozen=True)
class RequestRow:
    """A seat's request to undo, redo or void an event that is not its own alone: it waits for
    the `needs` seats' yes, and holds while the table's history stays at `history`."""

    id: int
    op: str
    event: int | None
    why: str | None
    asker: str
    needs: list[str]
    yes: list[str]
    history: int
    created: str | None


class Store:
    """An open table database. Use as a context manager; `write()` for each change.

    `write=False`: the command only reads. A database whose folder or file cannot be written is
    then opened read-only (`read_only` is True; what a reading command would write, such as the
    current table, is skipped); a command that writes there stops with one line saying why.
    """

    def __init__(self, path: Path, *, create: bool, write: bool = True) -> None:
        self.path = Path(path)
        self._in_tx = False
        self.read_only = False
        exists = self._look()
        if not exists and not create:
            # Nothing to read: an empty in-memory database, so that reads never create a file.
            self._empty()
            return
        if not exists:
            self._make()
        self._tighten()
        if not write and self._write_problem() is not None:
            self.read_only = True
            self.db = self._connect_read_only()
        else:
            try:
                self.db = sqlite3.connect(
                    os.fsencode(self.path), timeout=BUSY_TIMEOUT_S, isolation_level=None
                )
            except sqlite3.Error as error:
                raise InputError(f"{self.shown}: cannot open the database ({error})") from None
        try:
            with self._guard():
                version = self._check()
                if version == 0 and not create and not self._names():
                    # An empty file (or an SQLite file without tables): read it as an empty
                    # database without writing to it; only a command that creates makes it ours.
                    self.db.close()
                    self._empty()
                    return
                if self.read_only:
                    if version < SCHEMA_VERSION:
                        raise InputError(
                            f"{self.shown}: cannot read the database here: it needs an upgrade "
                            f"to schema {SCHEMA_VERSION}, and {self._write_problem()}"
                        )
                    return
                if self.db.execute("PRAGMA journal_mode").fetchone()[0] != "wal":
                    self.db.execute("PRAGMA journal_mode=WAL")
                self.db.execute("PRAGMA synchronous=NORMAL")
                self.db.execute("PRAGMA foreign_keys=ON")
                if version < SCHEMA_VERSION:
                    with self.write():
                        self._migrate(self._version())  # again: another process may have migrated
        except BaseException:
            self.close()
            raise

    def _tighten(self) -> None:
        """The database and its -wal and -shm files readable by their owner only (0600): a file
        made by an older version, or copied, may let other users of the machine read every
        seat's secrets. A file the user does not own (or cannot change) is left as it is."""
        for path in (self.path, *(self.path.with_name(self.path.name + x) for x in SIDE_FILES)):
            try:
                mode = path.stat().st_mode
                if stat.S_ISREG(mode) and mode & 0o077:
                    path.chmod(stat.S_IMODE(mode) & 0o600)
            except OSError:
                continue

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        """Close the connection."""
        try:
            self.db.close()
        except sqlite3.Error:  # a damaged file may fail its last checkpoint: nothing to keep
            pass

    @property
    def shown(self) -> str:
        """The path as a message shows it (control characters and bad bytes escaped)."""
        return shown(self.path)

    # -- the file ----------------------------------------------------------------------------

    def _look(self) -> bool:
        """Whether the file exists; an InputError when the path is no file SQLite can use (a
        folder, a pipe, a name the system refuses, a file that cannot be read)."""
        doing = "open the database"
        with path_errors(self.path, doing):
            try:
                info = os.stat(self.path)
            except FileNotFoundError:
                return False
            if stat.S_ISDIR(info.st_mode):
                raise IsADirectoryError(errno.EISDIR, "is a directory")
            if not stat.S_ISREG(info.st_mode):
                raise InputError(f"{self.shown}: cannot {doing}: not a regular file")
            # A file without read permission: said now, clearly. Never open() the file to find
            # out: closing any descriptor of it drops every POSIX lock this process holds on it,
            # the locks of another thread's SQLite connection too (events were lost that way).
            if not os.access(self.path, os.R_OK):
                raise PermissionError(errno.EACCES, "permission denied")
        return True

    def _make(self) -> None:
        """Create the database's folder and an empty file (an empty file is an empty SQLite
        database), so that every refusal of the system is named."""
        folder = self.path.parent
        with path_errors(folder, "create the database's folder"):
            folder.mkdir(parents=True, exist_ok=True)
        with path_errors(self.path, "create the database"):
            try:
                # 0600: a table holds the players' secrets (SQLite gives -wal and -shm the same)
                os.close(os.open(self.path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
            except FileExistsError:  # another process made it meanwhile
                pass

    def _write_problem(self) -> str | None:
        """Why the database cannot be written here (its folder or its file is read-only: SQLite
        writes PATH-wal and PATH-shm beside the file), or None."""
        folder = self.path.parent
        if not os.access(folder, os.W_OK):
            return (
                f"{self.shown}: cannot write the database: its folder is read-only "
                f"(SQLite keeps {shown(self.path.name)}-wal and -shm beside it)"
            )
        if self.path.exists() and not os.access(self.path, os.W_OK):
            return f"{self.shown}: cannot write the database: the file is read-only"
        return None

    def _empty(self) -> None:
        self.db = sqlite3.connect(":memory:", isolation_level=None)
        self._migrate(0)

    def _connect_read_only(self) -> sqlite3.Connection:
        """A read-only connection to a database that cannot be written here. SQLite reads a
        WAL database read-only when it can use (or make) PATH-shm; in a read-only folder without
        one the file is read as immutable, which is exact when no PATH-wal holds changes (no
        writer can run there: it could not make PATH-wal either)."""
        from urllib.parse import quote

        uri = "file:" + quote(os.fsencode(self.path.absolute()))
        wal = Path(f"{self.path}-wal")
        for query in ("mode=ro", "immutable=1"):
            if query == "immutable=1" and wal.exists() and wal.stat().st_size > 0:
                raise InputError(
                    f"{self.shown}: cannot read the database: its folder is read-only and "
                    f"{shown(wal.name)} holds changes not yet in it (open it once where the "
                    "folder can be written)"
                )
            db = sqlite3.connect(
                f"{uri}?{query}", uri=True, timeout=BUSY_TIMEOUT_S, isolation_level=None
            )
            try:
                db.execute("SELECT count(*) FROM sqlite_master").fetchone()
                return db
            except sqlite3.OperationalError as error:
                db.close()
                if "unable to open" not in str(error):
                    break
            except sqlite3.Error:
                db.close()
                break
        # the errors of a normal reading, named by _guard
        return sqlite3.connect(f"{uri}?mode=ro", uri=True, isolation_level=None)

    # -- opening, checking, migrating -------------------------------------------------------

    def _check(self) -> int:
        """The schema version, or an InputError when the file is not (yet) ours."""
        names = self._names()
        if not names:
            marks = [self.db.execute(f"PRAGMA {m}").fetchone()[0] for m in MARKS]
            if any(marks):
                raise InputError(
                    f"{self.shown}: not a Dead Drop database (another application marked it: "
                    f"application_id {marks[0]}, user_version {marks[1]})"
                )
            return 0
        if "deaddrop_meta" not in names:
            held = ", ".join(shown(name) for name in sorted(names)[:5])
            raise InputError(f"{self.shown}: not a Dead Drop database (it holds tables: {held})")
        version = self._version()
        if version > SCHEMA_VERSION:
            raise InputError(
                f"{self.shown}: written by a newer Dead Drop (schema {version}; "
                f"this one knows up to {SCHEMA_VERSION})"
            )
        for table in ("tables", "events") if version >= 1 else ():
            if table not in names:
                raise InputError(f"{self.shown}: damaged Dead Drop database (no '{table}' table)")
        return version

    def _names(self) -> list[str]:
        return [r[0] for r in self.db.execute("SELECT name FROM sqlite_master WHERE type='table'")]

    def _version(self) -> int:
        if "deaddrop_meta" not in self._names():
            return 0
        row = self.db.execute(
            "SELECT value FROM deaddrop_meta WHERE key='schema_version'"
        ).fetchone()
        try:
            return int(row[0])
        except (TypeError, ValueError):
            raise InputError(
                f"{self.shown}: damaged Dead Drop database (bad schema version)"
            ) from None

    def _migrate(self, version: int) -> None:
        if version == 0:
            meta = "deaddrop_meta (key TEXT PRIMARY KEY, value TEXT)"
            self.db.execute(f"CREATE TABLE IF NOT EXISTS {meta}")
            insert = "INSERT OR IGNORE INTO deaddrop_meta VALUES"
            self.db.execute(f"{insert} ('application', ?)", (APPLICATION,))
            self.db.execute(f"{insert} ('schema_version', '0')")
        for number in range(version + 1, SCHEMA_VERSION + 1):
            MIGRATIONS[number - 1](self.db)
            self.db.execute(
                "UPDATE deaddrop_meta SET value=? WHERE key='schema_version'", (str(number),)
            )

    @contextmanager
    def _guard(self) -> Iterator[None]:
        """SQLite errors (and text in the file that is not UTF-8) become one clear InputError."""
        try:
            yield
        except sqlite3.OperationalError as error:
            text = _said(error)
            if "Could not decode to UTF-8" in text:  # a damaged text value
                column = re.search(r"column '(\w+)'", text)
                where = f" in column '{column.group(1)}'" if column else ""
                raise InputError(
                    f"{self.shown}: damaged Dead Drop database (text that is not UTF-8{where})"
                ) from None
            if "locked" in text or "busy" in text:
                raise Unavailable(
                    f"{self.shown}: the database is busy (another deaddrop kept it locked for "
                    f"{BUSY_TIMEOUT_S:g} s); try again"
                ) from None
            if "readonly" in text or "unable to open" in text:
                problem = self._write_problem()
                if problem is not None:
                    raise InputError(problem) from None
            if "malformed" in text or "corrupt" in text:
                raise Unavailable(f"{self.shown}: damaged Dead Drop database ({text})") from None
            if "disk is full" in text or "disk I/O" in text:
                raise Unavailable(
                    f"{self.shown}: cannot write the database ({text}): free some space"
                ) from None
            raise InputError(f"{self.shown}: unusable database ({text})") from None
        except sqlite3.DatabaseError as error:
            text = _said(error)
            if "not a database" in text:
                raise InputError(
                    f"{self.shown}: not a usable Dead Drop database ({text})"
                ) from None
            raise Unavailable(f"{self.shown}: damaged Dead Drop database ({text})") from None
        except sqlite3.Error as error:
            raise InputError(f"{self.shown}: unusable database ({_said(error)})") from None
        except UnicodeDecodeError:
            raise InputError(
                f"{self.shown}: damaged Dead Drop database (text that is not UTF-8)"
            ) from None

    # -- transactions ------------------------------------------------------------------------

    def write(self) -> AbstractContextManager[None]:
        """One write transaction: everything inside commits together or not at all."""
        return self._transaction("BEGIN IMMEDIATE", failed="ROLLBACK")

    def read(self) -> AbstractContextManager[None]:
        """One read transaction: a consistent view across several queries."""
        return self._transaction("BEGIN", failed="COMMIT")

    @contextmanager
    def _transaction(self, begin: str, *, failed: str) -> Iterator[None]:
        """`begin` ... COMMIT, or `failed` when the block raises; inside another transaction the
        block joins it."""
        if self._in_tx:
            yield
            return
        with self._guard():
            self.db.execute(begin)
            self._in_tx = True
            try:
                yield
            except BaseException:
                self._in_tx = False
                if self.db.in_transaction:  # SQLite rolls back itself on a full disk
                    self.db.execute(failed)
                raise
            self._in_tx = False
            self.db.execute("COMMIT")

    # -- tables ------------------------------------------------------------------------------

    def tables(self) -> list[TableRow]:
        """All tables, most recently used first."""
        with self._guard():
            rows = self.db.execute(
                "SELECT id, name, game, options, created, used, nonce FROM tables"
                " ORDER BY used DESC, id DESC"
            ).fetchall()
        return [self._table_row(r) for r in rows]

    def _table_row(self, r: tuple[Any, ...]) -> TableRow:
        texts = (r[1], r[2], r[4])  # name, game, created
        if not all(isinstance(t, str) for t in texts) or not isinstance(r[5], int):
            raise InputError(f"{self.shown}: damaged Dead Drop database (table id {r[0]})")
        options = self._decode(r[3], f"table '{r[1]}': options")
        if not isinstance(options, dict) or not (r[6] is None or isinstance(r[6], str)):
            raise InputError(f"{self.shown}: damaged Dead Drop database (table id {r[0]})")
        return TableRow(r[0], r[1], r[2], options, r[4], r[5], r[6])

    def _decode(self, text: Any, what: str) -> Any:
        """A stored JSON value, or an InputError naming the damaged row (exit 2): not JSON, or
        past the bounds every value met when it was written (assistant.history.value_problem)."""
        damaged = f"{self.shown}: damaged Dead Drop database ({what}"
        if isinstance(text, str | bytes) and len(text) > MAX_STORED:  # TEXT NOT NULL: no other
            raise InputError(f"{damaged} is {len(text)} characters long; at most {MAX_STORED})")
        try:
            value = json.loads(text)
        except RecursionError:
            raise InputError(f"{damaged} is nested too deeply)") from None
        except (TypeError, ValueError):
            raise InputError(f"{damaged} is not valid JSON)") from None
        from assistant.history import value_problem

        problem = value_problem(value)
        if problem is not None:
            raise InputError(f"{damaged}: {problem})")
        return value

    def find(self, name: str | None) -> TableRow | None:
        """The table called `name` (the most recently used one when None), or None."""
        if name is not None and not _printable(name):
            return None  # no table has such a name (and SQLite could not even encode it)
        with self._guard():
            if name is None:
                query = "SELECT id, name, game, options, created, used, nonce FROM tables"
                row = self.db.execute(query + " ORDER BY used DESC, id DESC LIMIT 1").fetchone()
            else:
                query = (
                    "SELECT id, name, game, options, created, used, nonce FROM tables WHERE name=?"
                )
                row = self.db.execute(query, (name,)).fetchone()
        return self._table_row(row) if row else None

    def create_table(
        self, name: str, game: str, options: dict[str, Any], created: str, *, current: bool = True
    ) -> None:
        """Add a table (inside a write transaction); it becomes the most recently used, unless
        `current` is False (an import: it then counts as used least recently)."""
        with self._guard():
            import secrets

            self.db.execute(
                "INSERT INTO tables (name, game, options, created, nonce) VALUES (?, ?, ?, ?, ?)",
                (name, game, json.dumps(options), created, secrets.token_hex(8)),
            )
            if current:
                self.touch(name)

    def touch(self, name: str) -> None:
        """Make `name` the most recently used table."""
        with self._guard():
            self.db.execute(
                "UPDATE tables SET used=(SELECT coalesce(max(used), 0) + 1 FROM tables)"
                " WHERE name=?",
                (name,),
            )

    def delete_table(self, table_id: int) -> None:
        """Remove a table and all its events."""
        with self._guard():
            self.db.execute("DELETE FROM events WHERE table_id=?", (table_id,))
            self.db.execute("DELETE FROM requests WHERE table_id=?", (table_id,))
            self.db.execute("DELETE FROM replies WHERE table_id=?", (table_id,))
            self.db.execute("DELETE FROM tables WHERE id=?", (table_id,))

    # -- events ------------------------------------------------------------------------------

    def events(self, table_id: int) -> list[EventRow]:
        """The table's events that are not dropped, in order."""
        with self._guard():
            rows = self.db.execute(
                "SELECT id, action, time, who, force, void, status, seat FROM events"
                " WHERE table_id=? AND status!='dropped' ORDER BY id",
                (table_id,),
            ).fetchall()
        out = []
        for r in rows:
            action = self._decode(r[1], f"event id {r[0]}: action")
            if not isinstance(action, dict) or not isinstance(action.get("type"), str):
                raise InputError(
                    f"{self.shown}: damaged Dead Drop database (event id {r[0]}: the action "
                    "is not a mapping with a type)"
                )
            texts = (*r[2:6], r[7])  # time, who, force, void, seat
            if r[6] not in (LIVE, UNDONE) or not all(
                t is None or isinstance(t, str) for t in texts
            ):
                raise InputError(f"{self.shown}: damaged Dead Drop database (event id {r[0]})")
            out.append(EventRow(r[0], action, r[2], r[3], r[4], r[5], r[6], r[7]))
        return out

    def append(
        self,
        table_id: int,
        action: dict[str, Any],
        *,
        time: str | None,
        who: str | None = None,
        force: str | None = None,
        void: str | None = None,
        new_table: bool = False,
        seat: str | None = None,
    ) -> None:
        """Add an event at the end; undone events (the redo stack) become dropped. `new_table`:
        the table was just made (an import), so it has no redo stack to clear."""
        with self._guard():
            if not new_table:
                self.db.execute(
                    "UPDATE events SET status='dropped' WHERE table_id=? AND status='undone'",
                    (table_id,),
                )
            self.db.execute(
                "INSERT INTO events (table_id, action, time, who, force, void, seat)"
                " VALUES (?, ?, ?, ?, ?, ?, ?)",
                (table_id, json.dumps(action), time, who, force, void, seat),
            )

    def set_status(self, event_id: int, status: str) -> None:
        """Mark an event live or undone."""
        with self._guard():
            self.db.execute("UPDATE events SET status=? WHERE id=?", (status, event_id))

    def set_void(self, event_id: int, why: str) -> None:
        """Mark an event void (kept in the log, no longer applied)."""
        with self._guard():
            self.db.execute("UPDATE events SET void=? WHERE id=?", (why, event_id))

    def integrity(self) -> str:
        """`PRAGMA integrity_check` ("ok" when the file is sound)."""
        with self._guard():
            return "\n".join(r[0] for r in self.db.execute("PRAGMA integrity_check"))

    def version(self, table_id: int) -> int:
        """A number that changes whenever the table's history or its open requests do (an event
        entered, undone, redone or voided, a request made or answered), read without decoding
        any action: what `deaddrop serve` watches. 0 for a table that has no such id."""
        history = self.history(table_id)
        if history == 0:
            return 0
        with self._guard():
            row = self.db.execute(
                "SELECT count(*), coalesce(max(id), 0), coalesce(group_concat(yes, '|'), '')"
                " FROM requests WHERE table_id=?",
                (table_id,),
            ).fetchone()
        if row[0] == 0:
            return history
        import zlib

        return zlib.crc32(f"{history}:{row[0]}:{row[1]}:{row[2]}".encode()) or 1

    def history(self, table_id: int) -> int:
        """A number that changes whenever the table's history does (an event entered, undone,
        redone or voided; undo then redo gives the number back). 0 for no such table."""
        with self._guard():
            row = self.db.execute(
                "SELECT count(*), coalesce(max(id), 0),"
                " coalesce(sum(CASE WHEN status='undone' THEN id ELSE 0 END), 0),"
                " coalesce(sum(CASE WHEN void IS NOT NULL THEN id ELSE 0 END), 0)"
                " FROM events WHERE table_id=? AND status!='dropped'",
                (table_id,),
            ).fetchone()
            known = self.db.execute("SELECT 1 FROM tables WHERE id=?", (table_id,)).fetchone()
        if known is None:
            return 0
        import zlib

        return zlib.crc32(f"{table_id}:{row[0]}:{row[1]}:{row[2]}:{row[3]}".encode()) or 1

    # -- the seats' requests and the replies to their taps -----------------------------------

    def requests(self, table_id: int) -> list[RequestRow]:
        """The table's open requests, oldest first."""
        with self._guard():
            rows = self.db.execute(
                "SELECT id, op, event, why, asker, needs, yes, history, created FROM requests"
                " WHERE table_id=? ORDER BY id",
                (table_id,),
            ).fetchall()
        out = []
        for r in rows:
            needs = self._decode(r[5], f"request id {r[0]}: needs")
            yes = self._decode(r[6], f"request id {r[0]}: yes")
            seats = [*needs, *yes] if isinstance(needs, list) and isinstance(yes, list) else None
            whole = (r[2] is None or _whole(r[2])) and _whole(r[7])
            texts = (r[3] is None or isinstance(r[3], str)) and (r[8] is None or _printable(r[8]))
            if (
                seats is None
                or not all(_printable(s) for s in seats)
                or r[1] not in ("undo", "redo", "void")
                or not _printable(r[4])
                or not whole
                or not texts
            ):
                raise InputError(f"{self.shown}: damaged Dead Drop database (request id {r[0]})")
            out.append(RequestRow(r[0], r[1], r[2], r[3], r[4], needs, yes, r[7], r[8]))
        return out

    def add_request(
        self,
        table_id: int,
        op: str,
        event: int | None,
        why: str | None,
        asker: str,
        needs: list[str],
        history: int,
        created: str,
    ) -> int:
        """Open a request (inside a write transaction); the asker's earlier ones are withdrawn."""
        with self._guard():
            self.db.execute("DELETE FROM requests WHERE table_id=? AND asker=?", (table_id, asker))
            cursor = self.db.execute(
                "INSERT INTO requests (table_id, op, event, why, asker, needs, history, created)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (table_id, op, event, why, asker, json.dumps(needs), history, created),
            )
        return int(cursor.lastrowid or 0)

    def answer_request(self, request_id: int, yes: list[str]) -> None:
        """Record the seats that said yes so far."""
        with self._guard():
            self.db.execute("UPDATE requests SET yes=? WHERE id=?", (json.dumps(yes), request_id))

    def drop_requests(self, table_id: int, *, keep_history: int | None = None) -> None:
        """Close the table's requests (all of them, or those made at another history than
        `keep_history`: the table changed since they were asked)."""
        with self._guard():
            if keep_history is None:
                self.db.execute("DELETE FROM requests WHERE table_id=?", (table_id,))
            else:
                self.db.execute(
                    "DELETE FROM requests WHERE table_id=? AND history!=?",
                    (table_id, keep_history),
                )

    def drop_request(self, request_id: int) -> None:
        with self._guard():
            self.db.execute("DELETE FROM requests WHERE id=?", (request_id,))

    def recall(self, table_id: int, key: str) -> str | None:
        """The line given to the tap with this idempotency key, if it was carried out."""
        with self._guard():
            row = self.db.execute(
                "SELECT line FROM replies WHERE table_id=? AND key=?", (table_id, key)
            ).fetchone()
        return row[0] if row and isinstance(row[0], str) else None

    def keyed(self, table_id: int, prefix: str) -> bool:
        """Whether a reply is kept under a key that starts with `prefix`."""
        with self._guard():
            row = self.db.execute(
                "SELECT 1 FROM replies WHERE table_id=? AND"
                " substr(CAST(key AS BLOB), 1, ?)=CAST(? AS BLOB) LIMIT 1",  # bytes: NUL inside
                (table_id, len(prefix.encode()), prefix),
            ).fetchone()
        return row is not None

    def remember(self, table_id: int, key: str, line: str) -> None:
        """Keep the line given to a tap (inside the write transaction that carried it out)."""
        with self._guard():
            self.db.execute(
                "INSERT OR REPLACE INTO replies (table_id, key, line) VALUES (?, ?, ?)",
                (table_id, key, line),
            )
