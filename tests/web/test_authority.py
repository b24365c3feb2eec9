"""A seat acts only as itself (docs/serve.md, "Who may do what"): undo, redo and void from a
seat touch its own events at once and anything else only with the other owners' yes; a
declaration that is another seat's is refused; every event records who entered it; a phone
never changes the command line's current table; a tap retried with its key is carried out once;
a full or busy database is 503 and loses nothing; the database file is 0600."""

from __future__ import annotations

import os
import sqlite3
import stat
from pathlib import Path

from assistant import table as core
from assistant.store import Store
from tests.web.conftest import Seat, cli, running
from tests.web.test_seat_views import BLACK, WHITE


def tally(db: Path, name: str = "t") -> None:
    core.new(db, "tally", name, {"players": ["ann", "bob"]})


def request_of(seat: Seat) -> dict:
    requests = seat.state()["requests"]
    assert len(requests) == 1, requests
    return requests[0]


def test_a_seat_undoes_its_own_event_at_once_and_asks_for_anothers(db):
    tally(db)
    with running(db) as server:
        ann, bob = server.seat("t", "ann"), server.seat("t", "bob")
        ann.do("add", n="3")
        assert ann.state()["undo_needs"] == [] and bob.state()["undo_needs"] == ["ann"]
        asked = bob.post("undo", {})
        assert (asked.status, asked.json()) == (
            202,
            {
                "ok": True,
                "pending": True,
                "line": "asked ann to agree: undo 1: add player=ann n=3",
                "version": asked.json()["version"],
            },
        )
        assert core.show(db, "t").state["points"]["ann"] == 3  # nothing undone yet
        request = request_of(ann)
        assert (request["from"], request["op"], request["waiting"]) == ("bob", "undo", ["ann"])
        assert request["text"] == "bob asks to undo 1: add player=ann n=3"
        assert request["answer"] and not request["mine"]
        assert request_of(bob)["mine"] and not request_of(bob)["answer"]
        # bob cannot answer his own request, and the spectators cannot answer at all
        own = bob.post("answer", {"request": request["id"], "yes": True})
        assert (own.status, own.json()["why"]) == (409, "the other seats answer your request")
        watching = server.seat("t", None).post("answer", {"request": request["id"], "yes": True})
        assert watching.status == 403
        # ann says no: nothing changes, the request is gone
        no = ann.post("answer", {"request": request["id"], "yes": False})
        assert no.json()["line"] == "ann said no to bob's request to undo"
        assert ann.state()["requests"] == [] and core.show(db, "t").state["points"]["ann"] == 3
        # asked again, ann agrees: undone as bob asked
        bob.post("undo", {})
        yes = ann.post("answer", {"request": request_of(ann)["id"], "yes": True})
        assert (yes.status, yes.json()["line"]) == (
            200,
            "undid 1: add player=ann n=3 (as bob asked; ann agreed)",
        )
        assert core.show(db, "t").state["points"]["ann"] == 0
        # ann redoes her own event at once
        assert ann.post("redo", {}).json()["line"] == "redid 1: add player=ann n=3"


def test_voiding_asks_every_seat_whose_later_events_the_replay_touches(db):
    tally(db)
    with running(db) as server:
        ann, bob = server.seat("t", "ann"), server.seat("t", "bob")
        ann.do("add", n="3")
        bob.do("add", n="2")
        ann.do("add", n="1")
        log = {line["n"]: line for line in ann.state()["log"]}
        assert [log[n]["by"] for n in (1, 2, 3)] == ["ann", "bob", "ann"]
        assert [log[n]["void_needs"] for n in (1, 2, 3)] == [["bob"], ["bob"], []]
        assert ann.post("void", {"event": 3, "why": "typo"}).status == 200
        asked = ann.post("void", {"event": 1, "why": "typo"})
        assert (asked.status, asked.json()["line"]) == (
            202,
            "asked bob to agree: void 1: add player=ann n=3 (typo)",
        )
        agreed = bob.post("answer", {"request": request_of(bob)["id"], "yes": True})
        assert agreed.json()["line"].startswith("voided 1: add player=ann n=3 (typo)")
        assert core.show(db, "t").state["points"] == {"ann": 0, "bob": 2}


def test_a_request_dies_when_the_table_changes(db):
    tally(db)
    with running(db) as server:
        ann, bob = server.seat("t", "ann"), server.seat("t", "bob")
        ann.do("add", n="3")
        bob.post("undo", {})
        number = request_of(ann)["id"]
        assert cli(db, "table", "do", "--table", "t", "add", "player=bob", "n=1").returncode == 0
        assert ann.state()["requests"] == []
        late = ann.post("answer", {"request": number, "yes": True})
        assert late.status == 409 and "no such request any more" in late.json()["why"]
        assert core.show(db, "t").state["points"] == {"ann": 3, "bob": 1}


def test_the_host_at_the_command_line_undoes_anything(db):
    tally(db)
    with running(db) as server:
        server.seat("t", "ann").do("add", n="3")
        assert cli(db, "table", "undo", "t").returncode == 0
        assert core.show(db, "t").state["points"]["ann"] == 0


def test_a_spy_declares_his_own_weapon_only(db):
    core.new(db, "spy-vs-spy", "s", {})
    for action in ({"type": "circle", "numbers": [7, 13, 22]}, BLACK, WHITE):
        core.do(db, "s", action)
    with running(db) as server:
        white = server.seat("s", "white")
        other = white.post("do", {"action": "exchange", "params": {"black": "weapon"}})
        assert (other.status, other.json()) == (
            409,
            {"ok": False, "rule": "seat", "why": "black= is black's to give, not white's"},
        )
        mine = white.post(
            "do", {"action": "declare", "params": {"spy": "black", "weapon": "sword"}}
        )
        assert (mine.status, mine.json()["rule"]) == (409, "seat")


def test_a_spies_and_lies_guess_cannot_carry_the_enemys_reveal(db):
    core.new(db, "spies-and-lies", "sl", {})
    core.do(db, "sl", {"type": "setup", "old_intel": 5, "exhausted": {"red": 6, "blue": 8}})
    core.do(db, "sl", {"type": "deploy", "side": "red", "soldiers": [2, 5, 7, 9]})
    core.do(db, "sl", {"type": "deploy", "side": "blue"})
    core.do(db, "sl", {"type": "intel", "card": 1})
    core.do(db, "sl", {"type": "tokens", "side": "red", "missions": [1]})
    core.do(db, "sl", {"type": "tokens", "side": "blue", "missions": [2]})
    core.do(db, "sl", {"type": "first", "side": "blue"})
    with running(db) as server:
        blue, red = server.seat("sl", "blue"), server.seat("sl", "red")
        tried = blue.post(
            "do", {"action": "guess", "params": {"mission": "1", "rank": "2", "reveal": "3"}}
        )
        assert (tried.status, tried.json()) == (
            409,
            {"ok": False, "rule": "seat", "why": "reveal= is red's to give, not blue's"},
        )
        # the tracker turns red's entered card up itself; blue's face-down card waits for blue
        done = blue.do("guess", mission="1", rank="2")
        assert "it is the Scout (2)" in done["line"]
        waiting = red.do("guess", mission="1", rank="4")
        assert waiting["line"].endswith(
            "red guesses Sergeant on blue mission 1: blue turns the card up"
        )
        assert red.state()["view"]["awaiting"] == {
            "side": "blue",
            "mission": 1,
            "guesser": "red",
            "rank": 4,
        }
        early = red.post("do", {"action": "reveal", "params": {"rank": "4"}})
        assert (early.status, early.json()) == (
            409,
            {"ok": False, "rule": "Reveal", "why": "blue turns up its own mission 1"},
        )
        turned = blue.do("reveal", rank="4")
        assert "it is the Sergeant" in turned["line"]


def test_every_event_records_who_entered_it(db):
    tally(db)
    with running(db) as server:
        server.seat("t", "ann").do("add", n="1")
        assert cli(db, "table", "do", "--table", "t", "add", "player=bob", "n=1").returncode == 0
        with core.opened(db) as store:
            row = store.find("t")
            assert row is not None
            assert [e.seat for e in store.events(row.id)] == ["ann", None]


def test_a_phone_never_changes_the_command_lines_current_table(db):
    tally(db, "phones")
    tally(db, "laptop")  # the host's current table
    with running(db) as server:
        ann = server.seat("phones", "ann")
        ann.do("add", n="2")
        ann.post("undo", {})
        ann.post("redo", {})
        ann.post("void", {"event": 1, "why": "typo"})
        listed = cli(db, "table", "list")
        assert listed.returncode == 0
        current = [line for line in listed.stdout.splitlines() if line.lstrip().startswith("*")]
        assert len(current) == 1 and "laptop" in current[0], listed.stdout
        assert cli(db, "table", "do", "add", "player=bob", "n=5").returncode == 0
    assert core.show(db, "laptop").state["points"]["bob"] == 5
    assert core.show(db, "phones").state["points"]["bob"] == 0


def test_a_tap_retried_with_its_key_is_carried_out_once(db):
    tally(db)
    with running(db) as server:
        ann = server.seat("t", "ann")
        path = f"/api/{ann.code}/do"
        body = {"action": "add", "params": {"n": "2"}}
        first = server.request("POST", path, body, key="tap-0001-retry")
        again = server.request("POST", path, body, key="tap-0001-retry")
        assert (first.status, again.status) == (200, 200)
        assert first.json()["line"] == again.json()["line"] == "1. ann adds 2 (now 2)"
        assert core.show(db, "t").state["points"]["ann"] == 2
        undo = f"/api/{ann.code}/undo"
        assert server.request("POST", undo, {}, key="tap-0002-undo").status == 200
        assert server.request("POST", undo, {}, key="tap-0002-undo").status == 200
        assert len(core.log(db, "t")) == 1  # one undone event, not two
        # another seat's key of the same text is another tap
        bob = server.seat("t", "bob")
        other = server.request(
            "POST",
            f"/api/{bob.code}/do",
            {"action": "add", "params": {"n": "1"}},
            key="tap-0001-retry",
        )
        assert other.json()["line"] == "1. bob adds 1 (now 1)"


def test_a_full_disk_is_503_and_loses_no_event(db, monkeypatch):
    """SQLite's own 'database or disk is full' (the file may not grow past its pages now)."""
    tally(db)
    real = sqlite3.connect

    def capped(*args, **kwargs):
        connection = real(*args, **kwargs)
        pages = connection.execute("PRAGMA page_count").fetchone()[0]
        if pages:
            connection.execute(f"PRAGMA max_page_count = {pages}")
        return connection

    with running(db) as server:
        ann = server.seat("t", "ann")
        monkeypatch.setattr("assistant.store.sqlite3.connect", capped)
        done, full = 0, None
        for _ in range(400):
            answer = ann.post("do", {"action": "add", "params": {"n": "1"}})
            if answer.status == 503:
                full = answer.json()
                break
            assert answer.status == 200, answer.body
            done += 1
        assert full is not None, "the capped file never filled"
        assert full["ok"] is False and "database or disk is full" in full["error"]
        assert "free some space" in full["error"] and str(db.parent) not in full["error"]
        monkeypatch.setattr("assistant.store.sqlite3.connect", real)
        assert core.show(db, "t").state["points"]["ann"] == done  # every 200 kept, nothing more


def test_a_busy_database_is_503(db, monkeypatch):
    tally(db)
    monkeypatch.setattr("assistant.store.BUSY_TIMEOUT_S", 0.2)
    with running(db) as server:
        ann = server.seat("t", "ann")
        holder = sqlite3.connect(db, isolation_level=None)
        holder.execute("BEGIN IMMEDIATE")
        try:
            answer = ann.post("do", {"action": "add", "params": {"n": "1"}})
        finally:
            holder.execute("ROLLBACK")
            holder.close()
        assert answer.status == 503 and "the database is busy" in answer.json()["error"]
        assert core.show(db, "t").state["points"]["ann"] == 0


def test_the_database_files_are_the_users_alone(db):
    tally(db)
    core.do(db, "t", {"type": "add", "player": "ann", "n": 1})
    with Store(db, create=False):
        for path in (db, Path(f"{db}-wal"), Path(f"{db}-shm")):
            if path.exists():
                assert stat.S_IMODE(os.stat(path).st_mode) == 0o600, path
    assert stat.S_IMODE(os.stat(db).st_mode) == 0o600


def test_a_tap_retried_after_the_table_moved_on_gets_its_first_reply(db):
    """The retry is answered from what was kept (the table's turn has moved on: the same action
    as a new tap is refused)."""
    core.new(db, "spy-vs-spy", "s", {})
    for action in ({"type": "circle", "numbers": [7, 13, 22]}, BLACK, WHITE):
        core.do(db, "s", action)
    with running(db) as server:
        black = server.seat("s", "black")
        path = f"/api/{black.code}/do"
        body = {"action": "end", "params": {}}
        first = server.request("POST", path, body, key="end-of-black-1")
        assert first.status == 200, first.body
        again = server.request("POST", path, body, key="end-of-black-1")
        assert (again.status, again.json()["line"]) == (200, first.json()["line"])
        fresh = server.request("POST", path, body, key="end-of-black-2")
        assert fresh.status == 409  # a new tap is read anew: black's turn is over
