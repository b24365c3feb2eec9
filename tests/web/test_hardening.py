"""The server's edge, against a link holder or a web page that means harm: old links die with
their table; Host and Origin are checked; bodies are refused past 64 KB while they are read
(chunked too, the process's memory measured); JSON nesting is bounded; a POST needs a JSON type
and an Idempotency-Key; an error nobody caught is a one-line 500 with the security headers."""

from __future__ import annotations

import json
import re
import select
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from assistant import table as core
from deaddrop.web import api
from deaddrop.web.app import MAX_BODY, allowed_hosts, nesting
from tests.web.conftest import CLI, Server, cli, running
from tests.web.test_links_and_security import UNKNOWN, secure

HOST_REFUSED = (
    b'{"error":"this server does not answer to that host name (use the link as printed)"}'
)
OTHER_SITE = (
    b'{"error":"a request from another site is refused (only this server\'s page may act)"}'
)
NO_ORIGIN = b'{"error":"the request has no Origin header (only this server\'s page may act)"}'
TOO_LONG = {"ok": False, "error": "the body is too long (at most 64 KB)"}
TOO_DEEP = {"ok": False, "error": "the body is nested too deeply (at most 16 levels)"}
KEY_MISSING = {
    "ok": False,
    "error": "the Idempotency-Key header is missing (a new one for each action: 8 to 64 "
    "letters, digits, '-' or '_')",
}
KEY_BAD = {
    "ok": False,
    "error": "the Idempotency-Key header must be 8 to 64 letters, digits, '-' or '_'",
}
NOT_JSON_TYPE = {"ok": False, "error": "the body must be JSON (content-type: application/json)"}


def one_line(answer: Any) -> None:
    assert b"\n" not in answer.body and b"Traceback" not in answer.body, answer.body


def wait_for(server: Server, path: str, status: int) -> Any:
    """GET `path` until it answers `status` (a table made since the last reading of the tables
    is found at most REFRESH_S later)."""
    deadline = time.monotonic() + 10
    while True:
        answer = server.request("GET", path)
        if answer.status == status or time.monotonic() > deadline:
            return answer
        time.sleep(0.05)


@pytest.fixture
def refreshed_soon(monkeypatch: pytest.MonkeyPatch) -> None:
    """The tables read again at most 0.2 s apart instead of 2 s (the same code path, less waiting
    in the tests of links made since the server started)."""
    monkeypatch.setattr(api, "REFRESH_S", 0.2)


# -- links bound to their table -----------------------------------------------------------------


def test_a_table_deleted_and_made_again_has_new_links(db, refreshed_soon):
    core.new(db, "tally", "t", {"players": ["ann"]})
    core.new(db, "tally", "other", {})
    with running(db) as server:
        old = {seat: server.code("t", seat) for seat in ("ann", None)}
        assert server.request("GET", f"/api/{old['ann']}/state").status == 200
        assert cli(db, "table", "delete", "t", "--yes").returncode == 0
        made = cli(db, "table", "new", "tally", "--name", "t", "-o", "players=[ann]")
        assert made.returncode == 0, made.stderr
        new = {seat: server.code("t", seat) for seat in ("ann", None)}
        assert new["ann"] != old["ann"] and new[None] != old[None]
        answer = wait_for(server, f"/api/{new['ann']}/state", 200)
        assert answer.status == 200 and answer.json()["seat"] == "ann"
        for text in old.values():  # the old links died with their table, every route
            for method, path in [
                ("GET", f"/p/{text}"),
                ("GET", f"/api/{text}/state"),
                ("GET", f"/api/{text}/events"),
                ("POST", f"/api/{text}/do"),
                ("POST", f"/api/{text}/undo"),
            ]:
                body = {"action": "add", "params": {"n": "1"}} if method == "POST" else None
                gone = server.request(method, path, body)
                assert (gone.status, gone.body) == (404, UNKNOWN), (method, path)
        assert server.request("GET", f"/api/{new['ann']}/state").json()["log"] == []
        assert server.request("GET", f"/p/{new[None]}").status in (200, 503)  # 503: no page


def test_the_same_row_made_again_at_once_has_new_links(db, refreshed_soon):
    """The only table deleted and made again gets its row number back (SQLite's rowid), in the
    same second: the random nonce drawn when a table is made tells the two apart."""
    core.new(db, "tally", "t", {"players": ["ann"]})
    with core.opened(db) as store:
        first = store.find("t")
    assert first is not None
    with running(db) as server:
        old = server.code("t", "ann")
        assert server.request("GET", f"/api/{old}/state").status == 200
        assert cli(db, "table", "delete", "t", "--yes").returncode == 0
        core.new(db, "tally", "t", {"players": ["ann"]})
        with core.opened(db) as store:
            again = store.find("t")
        assert again is not None and again.id == first.id and again.nonce != first.nonce
        new = server.code("t", "ann")
        assert new != old
        assert wait_for(server, f"/api/{new}/state", 200).status == 200
        gone = server.request("GET", f"/api/{old}/state")
        assert (gone.status, gone.body) == (404, UNKNOWN)


# -- Host and Origin ----------------------------------------------------------------------------


def test_the_host_must_be_an_address_the_server_serves_on(db):
    core.new(db, "tally", "t", {"players": ["ann"]})
    with running(db) as server:
        code = server.code("t", "ann")
        port = server.port
        for host in (
            f"127.0.0.1:{port}",
            f"localhost:{port}",
            f"[::1]:{port}",
            f"LOCALHOST:{port}",
        ):
            answer = server.request("GET", f"/api/{code}/state", headers={"host": host})
            assert answer.status == 200, host
        for host in (
            f"evil.example:{port}",  # DNS rebinding: another name for this machine
            "127.0.0.1",
            f"127.0.0.1:{port + 1}",
            f"192.0.2.9:{port}",
            f"127.0.0.1:{port}.evil.example",
            "",
        ):
            for method, path in (("GET", f"/api/{code}/state"), ("GET", "/static/app.js")):
                answer = server.request(method, path, headers={"host": host})
                assert (answer.status, answer.body) == (403, HOST_REFUSED), host
                assert answer.headers["content-type"] == "application/json"
                secure(answer.headers)
        # no Host at all (HTTP/1.0)
        with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
            sock.sendall(f"GET /api/{code}/state HTTP/1.0\r\n\r\n".encode())
            raw = b""
            while chunk := sock.recv(65536):
                raw += chunk
        assert raw.startswith(b"HTTP/1.1 403 ") and raw.endswith(HOST_REFUSED), raw


def test_the_hosts_given_are_the_only_ones(db):
    core.new(db, "tally", "t", {"players": ["ann"]})
    with running(db, hosts=["table.example:{port}"]) as server:
        code = server.code("t", "ann")
        named = {"host": f"table.example:{server.port}"}
        assert server.request("GET", f"/api/{code}/state", headers=named).status == 200
        assert server.request("GET", f"/api/{code}/state").body == HOST_REFUSED
        acted = server.request(
            "POST",
            f"/api/{code}/do",
            {"action": "add", "params": {"n": "1"}},
            headers={**named, "origin": f"http://table.example:{server.port}"},
        )
        assert acted.status == 200, acted.body


def test_allowed_hosts():
    assert allowed_hosts("127.0.0.1", 8750) == ["127.0.0.1:8750", "localhost:8750", "[::1]:8750"]
    assert allowed_hosts("::1", 8750) == ["[::1]:8750", "localhost:8750", "127.0.0.1:8750"]
    assert allowed_hosts("192.168.1.20", 8750) == ["192.168.1.20:8750"]
    assert allowed_hosts("[fe80::1]", 80) == ["[fe80::1]:80", "[fe80::1]"]
    assert allowed_hosts("Table.Example", 8750) == ["table.example:8750"]


def test_only_this_servers_page_may_post(db):
    core.new(db, "tally", "t", {"players": ["ann"]})
    with running(db) as server:
        code = server.code("t", "ann")
        path, body, port = f"/api/{code}/do", {"action": "add", "params": {"n": "1"}}, server.port
        for origin in (
            "http://evil.example",
            f"http://evil.example:{port}",
            f"https://127.0.0.1:{port}",
            f"http://127.0.0.1:{port + 1}",
            "null",  # a sandboxed frame, a file
            f"http://127.0.0.1:{port}/",
        ):
            answer = server.request("POST", path, body, headers={"origin": origin})
            assert (answer.status, answer.body) == (403, OTHER_SITE), origin
            secure(answer.headers)
        missing = server.request("POST", path, body, headers={"origin": None})
        assert (missing.status, missing.body) == (403, NO_ORIGIN)
        # a form or a fetch of another site posting text/plain (no preflight): refused first
        plain = server.request(
            "POST",
            path,
            raw=json.dumps(body).encode(),
            headers={"origin": "http://evil.example", "content-type": "text/plain"},
        )
        assert (plain.status, plain.body) == (403, OTHER_SITE)
        # any request carrying another site's Origin, a GET too
        read = server.request(
            "GET", f"/api/{code}/state", headers={"origin": "http://evil.example"}
        )
        assert (read.status, read.body) == (403, OTHER_SITE)
        same = server.request(
            "GET", f"/api/{code}/state", headers={"origin": f"http://localhost:{port}"}
        )
        assert same.status == 200
        assert server.seat("t", "ann").state()["log"] == []  # nothing was done
        for host in ("localhost", "127.0.0.1"):
            done = server.request(
                "POST",
                path,
                body,
                headers={"host": f"{host}:{port}", "origin": f"http://{host}:{port}"},
            )
            assert done.status == 200, done.body
        assert len(server.seat("t", "ann").state()["log"]) == 2


def test_a_post_must_be_json_and_carry_an_idempotency_key(db, monkeypatch):
    core.new(db, "tally", "t", {"players": ["ann"]})
    with running(db) as server:
        tables = server.app.state.tables
        keys: list[str | None] = []
        act = tables.act

        def spy(text: str, operation: str, body: object, *, key: str | None = None) -> Any:
            keys.append(key)
            return act(text, operation, body, key=key)

        monkeypatch.setattr(tables, "act", spy)
        path, body = f"/api/{server.code('t', 'ann')}/do", {"action": "add", "params": {"n": "1"}}
        for kind in ("text/plain", "application/x-www-form-urlencoded", "multipart/form-data"):
            answer = server.request(
                "POST", path, raw=json.dumps(body).encode(), headers={"content-type": kind}
            )
            assert (answer.status, answer.json()) == (415, NOT_JSON_TYPE), kind
        missing = server.request("POST", path, body, headers={"idempotency-key": None})
        assert (missing.status, missing.json()) == (400, KEY_MISSING)
        for key in (
            "",
            "short12",
            "a" * 65,
            "with space1",
            "slash/1234",
            "cl\xe9cl\xe9cl\xe9",
            "ab.cdefgh",
        ):
            answer = server.request("POST", path, body, key=key)
            assert (answer.status, answer.json()) == (400, KEY_BAD), key
            one_line(answer)
        assert keys == []  # nothing of the above reached the table
        for key in ("a1b2c3d4", "A-b_" * 16, "0123456789abcdef0123456789abcdef"):
            answer = server.request("POST", path, body, key=key)
            assert answer.status == 200, answer.body
        typed = server.request(
            "POST", path, body, headers={"content-type": "Application/JSON; charset=utf-8"}
        )
        assert typed.status == 200, typed.body
        assert keys[:3] == ["a1b2c3d4", "A-b_" * 16, "0123456789abcdef0123456789abcdef"]
        assert len(keys) == 4 and re.fullmatch(r"[0-9a-f]{32}", keys[3] or "")


# -- bodies -------------------------------------------------------------------------------------


def test_a_body_past_64_kb_is_refused(db):
    core.new(db, "tally", "t", {"players": ["ann"]})
    with running(db) as server:
        path = f"/api/{server.code('t', 'ann')}/do"
        fitting = json.dumps({"action": "add", "params": {"n": "1"}}).encode()
        fitting += b" " * (MAX_BODY - len(fitting))
        assert len(fitting) == MAX_BODY
        assert server.request("POST", path, raw=fitting).status == 200
        over = fitting + b" "
        answer = server.request("POST", path, raw=over)
        assert (answer.status, answer.json()) == (413, TOO_LONG)
        assert answer.headers["connection"] == "close"
        secure(answer.headers)
        lying = server.request("POST", path, raw=fitting, headers={"content-length": "999999999"})
        assert (lying.status, lying.json()) == (413, TOO_LONG)
        # chunked, no length declared: counted while read
        with socket.create_connection(("127.0.0.1", server.port), timeout=10) as sock:
            sock.sendall(request_head(server, path, chunked=True))
            for _ in range(3):
                sock.sendall(b"8000\r\n" + b" " * 0x8000 + b"\r\n")
            sock.sendall(b"0\r\n\r\n")
            raw = read_all(sock)
        assert raw.startswith(b"HTTP/1.1 413 "), raw[:100]
        assert raw.endswith(json.dumps(TOO_LONG, separators=(",", ":")).encode())
        assert len(server.seat("t", "ann").state()["log"]) == 1


def request_head(server: Server | int, path: str, *, chunked: bool) -> bytes:
    port = server if isinstance(server, int) else server.port
    head = (
        f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nOrigin: http://127.0.0.1:{port}\r\n"
        "Content-Type: application/json\r\nIdempotency-Key: 0123456789abcdef\r\n"
    )
    return (head + ("Transfer-Encoding: chunked\r\n" if chunked else "") + "\r\n").encode()


def read_all(sock: socket.socket) -> bytes:
    raw = b""
    try:
        while chunk := sock.recv(65536):
            raw += chunk
    except (ConnectionResetError, TimeoutError):
        pass  # closed, or nothing more said
    return raw


def memory_kb(pid: int) -> dict[str, int]:
    status = Path(f"/proc/{pid}/status").read_text()
    return {
        name: int(re.search(rf"^{name}:\s+(\d+) kB", status, re.M)[1])
        for name in ("VmRSS", "VmHWM")
    }  # type: ignore[index]


def test_a_100_mb_chunked_body_neither_fills_the_memory_nor_is_read(db):
    core.new(db, "tally", "t", {"players": ["ann"]})
    process = subprocess.Popen(
        [sys.executable, "-c", CLI, "serve", "--db", str(db), "--port", "0", "--no-qr"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert process.stdout is not None
        first = process.stdout.readline()
        port = int(re.search(r"http://127\.0\.0\.1:(\d+) ", first)[1])  # type: ignore[index]
        links = [process.stdout.readline() for _ in range(4)]
        code = re.search(r"/p/(\w+)$", links[2].strip())[1]  # type: ignore[index]
        warm = Server(port, db, b"", None).request("GET", f"/api/{code}/state")
        assert warm.status == 200  # the web stack loaded and a table read: the baseline
        before = memory_kb(process.pid)
        sock = socket.create_connection(("127.0.0.1", port), timeout=30)
        sock.sendall(request_head(port, f"/api/{code}/do", chunked=True))
        chunk = b"100000\r\n" + b"[" * 0x100000 + b"\r\n"  # 1 MB a chunk
        sent, answer, started = 0, b"", time.monotonic()
        try:
            while sent < 100 << 20:
                sock.sendall(chunk)
                sent += 1 << 20
                if select.select([sock], [], [], 0)[0]:
                    data = sock.recv(65536)
                    answer += data
                    if not data:
                        break
        except (BrokenPipeError, ConnectionResetError):
            pass  # the server closed the connection: it stopped reading
        sock.settimeout(10)
        answer += read_all(sock)
        sock.close()
        took = time.monotonic() - started
        after = memory_kb(process.pid)
        print(f"sent {sent >> 20} MB in {took:.2f} s; memory before {before}, after {after} (kB)")
        assert after["VmHWM"] < 100 * 1024, after
        assert after["VmHWM"] - before["VmRSS"] < 16 * 1024, (before, after)
        assert sent < 100 << 20  # the connection was closed long before the end
        if answer:
            assert answer.startswith(b"HTTP/1.1 413 "), answer[:100]
        # and the server still answers
        again = Server(port, db, b"", None).request("GET", f"/api/{code}/state")
        assert again.status == 200
    finally:
        process.terminate()
        process.communicate(timeout=30)


def test_json_nesting_is_bounded(db):
    core.new(db, "tally", "t", {"players": ["ann"]})
    with running(db) as server:
        path = f"/api/{server.code('t', 'ann')}/do"
        for raw in (b"[" * 30_000, b"[" * 17 + b"]" * 17, b'{"a":' * 17 + b"1" + b"}" * 17):
            answer = server.request("POST", path, raw=raw)
            assert (answer.status, answer.json()) == (400, TOO_DEEP), raw[:40]
            one_line(answer)
        sixteen = {"action": "add", "params": {"n": "1", "deep": [[[[[[[[[[[[[[]]]]]]]]]]]]]]}}
        answer = server.request("POST", path, sixteen)
        assert answer.status == 400
        assert (
            answer.json()["error"]
            == "deep: expected the value as typed on the command line (a text)"
        )
        # brackets inside strings are text, not nesting
        quoted = {
            "action": "add",
            "params": {"n": "1", "why": '[[[[[[[[[[[[[[[[[[[[\\"{{{{{{{{{{{{{{{{'},
        }
        quoted_answer = server.request("POST", path, quoted)
        assert quoted_answer.status == 400 and "nested" not in quoted_answer.json()["error"]
        assert server.request("POST", path, raw=b'{"action": "add", ').json() == {
            "ok": False,
            "error": "the body is not JSON",
        }


def test_nesting():
    assert nesting(b"") == 0 and nesting(b"1") == 0
    assert nesting(b'{"a": [1, {"b": []}]}') == 4
    assert nesting(b'["[[[[", "\\"[[[["]') == 1
    assert nesting(b'"[[[[') == 0  # an unended string: text to its end
    assert nesting(b"[" * 30_000) == 30_000


# -- errors -------------------------------------------------------------------------------------


def test_an_error_nobody_caught_is_a_one_line_500_with_the_headers(db, monkeypatch, capfd):
    core.new(db, "tally", "t", {"players": ["ann"]})
    with running(db) as server:
        tables = server.app.state.tables

        def broken(*args: object, **kwargs: object) -> None:
            raise RuntimeError("the state broke\non two lines")

        monkeypatch.setattr(tables, "state", broken)
        monkeypatch.setattr(tables, "act", broken)
        code = server.code("t", "ann")
        for method, path in (("GET", f"/api/{code}/state"), ("POST", f"/api/{code}/do")):
            answer = server.request(method, path, {} if method == "POST" else None)
            assert (answer.status, answer.body) == (500, b'{"error":"internal error"}'), method
            assert answer.headers["content-type"] == "application/json"
            assert answer.headers["cache-control"] == "no-store"
            secure(answer.headers)
        monkeypatch.undo()
        assert server.request("GET", f"/api/{code}/state").status == 200  # still serving
    err = capfd.readouterr().err
    assert err.count("internal error") == 2 and "Traceback" not in err, err
    assert (
        "deaddrop serve: GET: internal error (RuntimeError: the state broke on two lines)\n" in err
    )
    assert code not in err  # the secret code is not written out
