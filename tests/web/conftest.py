"""A real `deaddrop serve` application on 127.0.0.1 (uvicorn in a thread, a free port), a real
SQLite database, and a small HTTP client that keeps every body it was sent (the tests search
them all for what a seat must never see)."""

from __future__ import annotations

import http.client
import json
import socket
import subprocess
import sys
import threading
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
import uvicorn

from assistant import table as core
from deaddrop.errors import DeadDropError
from deaddrop.web.app import make_app
from deaddrop.web.links import code, identity, load_key
from deaddrop.web.watch import Watcher

CLI = "import sys; from deaddrop.commands.main import main; sys.argv[0] = 'deaddrop'; main()"


def cli(db: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """`deaddrop ARGS --db DB` in another process (another writer of the same database)."""
    return subprocess.run(
        [sys.executable, "-c", CLI, *args],
        capture_output=True,
        text=True,
        timeout=60,
        env={"DEADDROP_DB": str(db), "PATH": "/usr/bin:/bin", "HOME": str(db.parent)},
    )


@dataclass
class Answer:
    status: int
    headers: dict[str, str]
    body: bytes

    def json(self) -> Any:
        assert self.headers["content-type"] == "application/json", self.headers
        return json.loads(self.body)


@dataclass
class Server:
    """A running server: its port, database, key, and every body each client received."""

    port: int
    db: Path
    key: bytes
    app: Any
    bodies: dict[str, list[bytes]] = field(default_factory=dict)

    codes: dict[tuple[str, str | None], str] = field(default_factory=dict)

    def code(self, table: str, seat: str | None) -> str:
        """The seat's code at the table as the database has it now (the last one read while
        the database cannot be read)."""
        try:
            self.codes[table, seat] = table_code(self.db, self.key, table, seat)
        except DeadDropError:
            if (table, seat) not in self.codes:
                raise
        return self.codes[table, seat]

    def request(
        self,
        method: str,
        path: str,
        body: Any = None,
        *,
        who: str = "?",
        raw: bytes | None = None,
        key: str | None = None,
        headers: dict[str, str] | None = None,
    ) -> Answer:
        """One request as the page sends it: a POST (any method but GET and HEAD) with this
        server's Origin and a fresh Idempotency-Key unless `key`; `headers` replace or add
        (a value None: the header left out)."""
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        try:
            data = raw if raw is not None else None if body is None else json.dumps(body).encode()
            sent: dict[str, str | None] = {}
            if data is not None:
                sent["content-type"] = "application/json"
            if method not in ("GET", "HEAD"):
                sent["origin"] = f"http://127.0.0.1:{self.port}"
            if method == "POST":
                sent["idempotency-key"] = key if key is not None else uuid.uuid4().hex
            sent.update(headers or {})
            given = {name: value for name, value in sent.items() if value is not None}
            connection.request(method, path, body=data, headers=given)
            response = connection.getresponse()
            answer = Answer(
                response.status,
                {k.lower(): v for k, v in response.getheaders()},
                response.read(),
            )
        finally:
            connection.close()
        self.bodies.setdefault(who, []).append(answer.body)
        return answer

    def seat(self, table: str, seat: str | None) -> Seat:
        return Seat(self, table, seat)


@dataclass
class Seat:
    """One join link: GET its state, POST its actions (every body kept under its name)."""

    server: Server
    table: str
    seat: str | None

    @property
    def who(self) -> str:
        return f"{self.table}:{self.seat or 'spectator'}"

    @property
    def code(self) -> str:
        return self.server.code(self.table, self.seat)

    def state(self) -> Any:
        answer = self.server.request("GET", f"/api/{self.code}/state", who=self.who)
        assert answer.status == 200, answer.body
        return answer.json()

    def post(self, what: str, body: Any) -> Answer:
        return self.server.request("POST", f"/api/{self.code}/{what}", body, who=self.who)

    def do(self, action: str, **params: str) -> Any:
        answer = self.post("do", {"action": action, "params": params})
        assert answer.status == 200, answer.body
        return answer.json()


def table_code(db: Path, key: bytes, table: str, seat: str | None) -> str:
    """The code of `seat` at the table named `table` as the database has it now."""
    with core.opened(db, write=False) as store:
        row = store.find(table)
    assert row is not None, f"no table {table!r}"
    return code(key, table, seat, identity(row.id, row.created, row.nonce))


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@contextmanager
def running(
    db: Path, tables: list[str] | None = None, *, hosts: list[str] | None = None
) -> Iterator[Server]:
    """`deaddrop serve`'s application on 127.0.0.1 until the block ends (`hosts`: the Host
    values it answers to, "{port}" standing for its port; None: those of 127.0.0.1)."""
    key = load_key(db)
    watcher = Watcher(db, interval=0.05)
    port = free_port()
    names = None if hosts is None else [host.format(port=port) for host in hosts]
    app = make_app(db, tables, key=key, watcher=watcher, keepalive=1.0, hosts=names)
    config = uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning", lifespan="on")
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started:
        assert thread.is_alive() and time.monotonic() < deadline, "the server did not start"
        time.sleep(0.01)
    try:
        yield Server(port, db, key, app)
    finally:
        watcher.stop()
        server.should_exit = True
        thread.join(10)


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "tables.sqlite"
