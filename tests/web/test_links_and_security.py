"""Links and what a page is allowed: a wrong or missing code gets the same 404 and nothing else;
the security headers on every answer; player names and notes are JSON text; the static files;
the link key."""

from __future__ import annotations

import os
import re
import stat
import threading
from pathlib import Path

import pytest

from assistant import table as core
from deaddrop.errors import InputError
from deaddrop.web import app as web_app
from deaddrop.web.links import code, key_path, load_key
from tests.web.conftest import running

UNKNOWN = b'{"error":"unknown link"}'
IDENT = "1/2026-01-01T00:00:00Z"  # a table's identity (row 1, made then)
XSS = "<script>alert(1)</script>"
CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' blob:; "
    "connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'none'; "
    "form-action 'self'; frame-ancestors 'none'"
)


def secure(headers: dict[str, str]) -> None:
    assert headers["content-security-policy"] == CSP
    assert headers["x-content-type-options"] == "nosniff"
    assert headers["referrer-policy"] == "no-referrer"


def test_a_wrong_or_missing_code_gets_the_same_404_and_no_data(db):
    core.new(db, "spy", "secret-table-name", {"players": ["alice", "bob"]})
    with running(db) as server:
        good = server.code("secret-table-name", "alice")
        near = good[:-1] + ("a" if good[-1] != "a" else "b")
        other_key = code(b"k" * 32, "secret-table-name", "alice", IDENT)
        codes = [near, other_key, "", "x", good.upper(), good + "a", "..", "%2e%2e"]
        paths = ["/", "/p", "/p/", "/api", "/api/", "/favicon.ico", "/static/", "/static"]
        paths += ["/static/../api.py", "/static/%2e%2e/api.py", "/static/nosuch.js"]
        paths += [f"/p/{good}/x", f"/api/{good}", f"/api/{good}/nosuch", f"/api/{good}/state/x"]
        for text in codes:
            paths += [f"/p/{text}", f"/api/{text}/state", f"/api/{text}/events"]
            paths += [f"/api/{text}/{what}" for what in ("do", "undo", "redo", "void")]
        for path in paths:
            for method in ("GET", "POST"):
                answer = server.request(method, path, {"action": "probe"}, who="stranger")
                assert (answer.status, answer.body) == (404, UNKNOWN), (method, path)
                assert answer.headers["content-type"] == "application/json"
                assert "secret-table-name" not in str(answer.headers)
                secure(answer.headers)
        for method in ("PUT", "DELETE", "PATCH", "OPTIONS"):
            answer = server.request(method, f"/api/{near}/state", who="stranger")
            assert (answer.status, answer.body) == (404, UNKNOWN), method
        assert server.request("GET", f"/api/{good}/state", who="alice").status == 200
        wrong = server.request("POST", f"/api/{good}/state", {}, who="alice")
        assert (wrong.status, wrong.headers["allow"]) == (405, "GET, HEAD")
        assert server.request("GET", f"/api/{good}/undo", who="alice").status == 405


def test_names_and_notes_are_json_text(db):
    core.new(db, "tally", "t", {"players": [XSS, "bob"]})
    with running(db) as server:
        player = server.seat("t", XSS)
        done = player.do("add", n="2")
        assert done["line"] == f"1. {XSS} adds 2 (now 2)"
        void = player.post("void", {"event": 1, "why": XSS})
        assert void.json()["line"] == f"voided 1: add player={XSS} n=2 ({XSS})"
        answer = server.request("GET", f"/api/{player.code}/state", who="t")
        secure(answer.headers)
        assert answer.headers["cache-control"] == "no-store"
        state = answer.json()
        assert state["seat"] == XSS and state["seats"] == [XSS, "bob"]
        assert state["view"]["points"] == {XSS: 0, "bob": 0}
        assert state["log"] == [
            {
                "n": 1,
                "text": f"[void: {XSS}] {XSS} adds 2 (now 2)",
                "state": "voided",
                "by": XSS,
                "void_needs": None,
            }
        ]
        assert f'"seat":"{XSS}"'.encode() in answer.body  # plain JSON text, as typed


def test_every_answer_carries_the_security_headers(db, tmp_path, monkeypatch):
    folder = tmp_path / "static"
    folder.mkdir()
    (folder / "app.js").write_text("console.log(1)\n")
    (folder / "app.css").write_text("body{}\n")
    (folder / "board.svg").write_text("<svg xmlns='http://www.w3.org/2000/svg'/>\n")
    (folder / "index.html").write_text("<!doctype html><title>x</title>\n")
    (folder / "sub").mkdir()
    (folder / "sub" / "inner.js").write_text("1\n")
    (tmp_path / "outside.txt").write_text("not to be served\n")
    os.symlink(tmp_path / "outside.txt", folder / "link.txt")
    monkeypatch.setattr(web_app, "STATIC", folder)
    core.new(db, "tally", "t", {})
    with running(db) as server:
        types = {
            "/static/app.js": "text/javascript; charset=utf-8",
            "/static/app.css": "text/css; charset=utf-8",
            "/static/board.svg": "image/svg+xml",
            "/static/sub/inner.js": "text/javascript; charset=utf-8",
        }
        for path, kind in types.items():
            answer = server.request("GET", path)
            assert (answer.status, answer.headers["content-type"]) == (200, kind), path
            secure(answer.headers)
        for path in ("/static/sub", "/static/sub/", "/static/link.txt", "/static/../outside.txt"):
            answer = server.request("GET", path)
            assert (answer.status, answer.body) == (404, UNKNOWN), path
        page = server.request("GET", f"/p/{server.code('t', 'red')}")
        assert (page.status, page.body) == (200, b"<!doctype html><title>x</title>\n")
        assert page.headers["content-type"] == "text/html; charset=utf-8"
        assert page.headers["cache-control"] == "no-store"
        secure(page.headers)


def test_the_page_is_the_packaged_index(db):
    core.new(db, "tally", "t", {})
    index = Path(web_app.STATIC) / "index.html"
    with running(db) as server:
        page = server.request("GET", f"/p/{server.code('t', None)}")
    if index.is_file():
        assert (page.status, page.body) == (200, index.read_bytes())
        assert not re.search(rb"<script(?![^>]*\bsrc=)[^>]*>", page.body), "inline script"
        assert not re.search(rb"<[^>]*\son[a-z]+\s*=", page.body), "an inline event handler"
    else:
        assert page.status == 503


def test_the_link_key_is_private_kept_and_replaced_on_demand(db):
    key = load_key(db)
    path = key_path(db)
    assert path.name == "tables.sqlite.links-key"
    assert stat.S_IMODE(path.stat().st_mode) == 0o600 and len(key) == 32
    assert load_key(db) == key  # links survive a restart
    first = code(key, "t", "red", IDENT)
    assert re.fullmatch(r"[a-z2-7]{26}", first)
    others = [code(key, "t", "blue", IDENT), code(key, "t", None, IDENT)]
    others += [code(key, "u", "red", IDENT), code(key, "t", "red", "2/2026-01-01T00:00:00Z")]
    assert len({first, *others}) == 5  # another table made under the same name: another code
    new = load_key(db, new=True)
    assert new != key and load_key(db) == new and code(new, "t", "red", IDENT) != first
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert [p.name for p in db.parent.iterdir()] == [path.name]  # no temporary left behind
    path.write_bytes(b"short")
    with pytest.raises(InputError) as error:
        load_key(db)
    assert error.value.message == (
        f"{path}: not a link key (5 bytes; expected 32: delete it or pass --new-links for new "
        "links)"
    )


def test_two_servers_starting_at_once_share_one_key(tmp_path):
    db = tmp_path / "d.sqlite"
    keys: list[bytes] = []
    threads = [threading.Thread(target=lambda: keys.append(load_key(db))) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(keys) == 8 and len(set(keys)) == 1 and key_path(db).read_bytes() == keys[0]
