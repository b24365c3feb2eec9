"""Live tables: two phones posting at once lose nothing, with the CLI writing too; the event
stream reports a change made by the CLI in another process, as what changed for the seat."""

from __future__ import annotations

import http.client
import json
import subprocess
import sys
import threading
import time
from typing import Any

from assistant import table as core
from deaddrop.web.delta import patch
from tests.web.conftest import CLI, Server, running

ADDS = 15
WRITER = """
import sys
from pathlib import Path
from assistant import table
print("ready", flush=True)
sys.stdin.readline()
for _ in range(int(sys.argv[2])):
    table.do(Path(sys.argv[1]), "t", {"type": "add", "player": "cli", "n": 1})
"""


def test_two_phones_and_another_process_at_once_lose_nothing(db):
    """The phones' POSTs while another process writes (the CLI's own function, in a loop) and
    a `deaddrop table do`: every event is there. (It lost events while the store opened the
    database file itself: closing that descriptor dropped the process's POSIX locks.)"""
    core.new(db, "tally", "t", {"players": ["ann", "bob", "cli"], "max": 0})
    with running(db) as server:
        answers: dict[str, list[int]] = {"ann": [], "bob": []}
        writer = subprocess.Popen(
            [sys.executable, "-c", WRITER, str(db), str(ADDS)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        assert writer.stdout is not None and writer.stdin is not None
        assert writer.stdout.readline() == "ready\n"
        start = threading.Barrier(3)

        def phone(seat: str) -> None:
            link = server.seat("t", seat)
            start.wait()
            for _ in range(ADDS):
                answers[seat].append(
                    link.post("do", {"action": "add", "params": {"n": "1"}}).status
                )

        threads = [threading.Thread(target=phone, args=(seat,)) for seat in answers]
        for thread in threads:
            thread.start()
        writer.stdin.write("go\n")
        writer.stdin.flush()
        start.wait()
        command = subprocess.run(
            [sys.executable, "-c", CLI, "table", "--db", str(db), "do", "--table", "t", "add"]
            + ["player=cli", "n=5"],
            capture_output=True,
            text=True,
            timeout=60,
        )
        for thread in threads:
            thread.join(60)
        assert writer.wait(60) == 0 and command.returncode == 0, command.stderr
        assert answers == {"ann": [200] * ADDS, "bob": [200] * ADDS}
        state = server.seat("t", None).state()
        assert state["view"]["points"] == {"ann": ADDS, "bob": ADDS, "cli": ADDS + 5}
        assert [line["n"] for line in state["log"]] == list(range(1, 3 * ADDS + 2))
        by = {line.by for line in core.log(db, "t")}
        assert by == {"ann", "bob", None}  # the phones sign their actions; the CLI did not


def events(
    server: Server, code: str, since: int | None = None, last: int | None = None
) -> tuple[http.client.HTTPConnection, http.client.HTTPResponse]:
    """A page's event stream (`since`: the version of the state it read; `last`: the
    Last-Event-ID a reconnecting browser sends)."""
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=20)
    query = f"?since={since}" if since is not None else ""
    headers = {"Last-Event-ID": str(last)} if last is not None else {}
    connection.request("GET", f"/api/{code}/events{query}", headers=headers)
    response = connection.getresponse()
    return connection, response


def next_event(response: http.client.HTTPResponse) -> tuple[str, list[str]]:
    """The next event's name and lines but its name (comments, such as keepalives, listed as
    ': ...')."""
    name, lines = "", list[str]()
    while True:
        line = response.readline().decode().rstrip("\n")
        if line == "":
            if name or lines:
                return name, lines
            continue
        if line.startswith("event: "):
            name = line.removeprefix("event: ")
        elif line.startswith(("data: ", ": ", "retry: ", "id: ")):
            lines.append(line)


def next_change(response: http.client.HTTPResponse) -> tuple[str, list[str]]:
    """The next event that is not a keepalive."""
    for _ in range(30):  # keepalives (one a second here) until the change comes
        name, lines = next_event(response)
        if name:
            return name, lines
        assert lines == [": keepalive"]
    raise AssertionError("no change came")


def data(lines: list[str]) -> Any:
    return json.loads(next(line for line in lines if line.startswith("data: "))[6:])


def test_the_event_stream_reports_a_cli_change(db):
    """The stream starts with the whole state, then carries each change of another process as
    a delta that, applied to the state the page holds, gives the state /state gives."""
    core.new(db, "tally", "t", {})
    with running(db) as server:
        red = server.seat("t", "red")
        connection, response = events(server, red.code)
        try:
            assert response.status == 200
            assert response.getheader("content-type") == "text/event-stream; charset=utf-8"
            assert response.getheader("cache-control") == "no-store"
            state = red.state()
            name, lines = next_event(response)
            assert (name, lines[:2]) == ("state", ["retry: 2000", f"id: {state['version']}"])
            assert data(lines) == state
            for points in (3, 6, 9):  # each change of another process, not only the first
                done = subprocess.run(
                    [sys.executable, "-c", CLI, "table", "--db", str(db), "do", "add"]
                    + ["player=blue", "n=3"],
                    capture_output=True,
                    text=True,
                    timeout=60,
                )
                assert done.returncode == 0, done.stderr
                name, lines = next_change(response)
                after = red.state()
                delta = data(lines)
                assert (name, lines[0]) == ("delta", f"id: {after['version']}")
                assert (delta["from"], delta["version"]) == (state["version"], after["version"])
                state = patch(state, delta["ops"])
                assert state == after and state["view"]["points"]["blue"] == points
            assert server.app.state.watcher.count() == 1
        finally:
            connection.close()
        deadline = time.monotonic() + 20  # not a speed test: a closed page's stream ends
        while server.app.state.watcher.count() and time.monotonic() < deadline:
            time.sleep(0.05)
        assert server.app.state.watcher.count() == 0


def test_a_page_resumes_from_the_version_it_holds(db):
    """/state once, then the stream from its version (?since=); a reconnecting browser's
    Last-Event-ID wins over it; a version the server does not hold gets the whole state."""
    core.new(db, "tally", "t", {})
    with running(db) as server:
        blue = server.seat("t", "blue")
        first = blue.state()
        connection, response = events(server, blue.code, since=first["version"])
        try:
            assert next_event(response) == (
                "version",
                ["retry: 2000", f"id: {first['version']}", f"data: {first['version']}"],
            )
        finally:
            connection.close()
        for n in (1, 2):
            core.do(db, "t", {"type": "add", "player": "red", "n": n})
        now = blue.state()
        for since, last in ((first["version"], None), (12345, first["version"])):
            connection, response = events(server, blue.code, since=since, last=last)
            try:
                name, lines = next_event(response)
                assert (name, lines[1]) == ("delta", f"id: {now['version']}")
                assert patch(first, data(lines)["ops"]) == now
            finally:
                connection.close()
        for since in (12345, None):
            connection, response = events(server, blue.code, since=since)
            try:
                name, lines = next_event(response)
                assert (name, data(lines)) == ("state", now)
            finally:
                connection.close()


def test_a_stream_for_a_bad_code_is_the_404(db):
    core.new(db, "tally", "t", {})
    with running(db) as server:
        connection, response = events(server, "nosuchcode")
        try:
            assert (response.status, response.read()) == (404, b'{"error":"unknown link"}')
        finally:
            connection.close()
        assert server.app.state.watcher.count() == 0
