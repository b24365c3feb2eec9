"""Issue 34's loose ends, each at the layer that decides it: a reused Idempotency-Key with another
body, the database's mode, the host's actions and the tracker's draws (no phone gives them), a
seat's void of an event others follow, photo limits and one lock a seat, and `--as NOSUCHSEAT`
changing nothing."""

from __future__ import annotations

import os
import stat
import struct
import threading
from pathlib import Path

import pytest
from typer.testing import CliRunner

from assistant import table as core
from assistant.games import load_game
from assistant.seats import host_actions, seat_params, tracker_params
from deaddrop.commands.main import app
from deaddrop.web import photo
from deaddrop.web.api import Tables
from tests.web.differential import KEY

TALLY = {"players": ["ann", "bob"]}


def served(db: Path, game: str, options: dict, actions: list[dict]) -> tuple[Tables, dict]:
    core.new(db, game, "t", options)
    for action in actions:
        core.do(db, "t", action)
    tables = Tables(db, None, KEY)
    seats = tables.refresh(strict=True)[0]
    return tables, seats.codes


def test_a_key_sent_again_with_another_body_is_a_422_and_changes_nothing(tmp_path):
    tables, codes = served(tmp_path / "t.sqlite", "tally", TALLY, [])
    body = {"action": "add", "params": {"n": "3"}}
    first = tables.act(codes["ann"], "do", body, key="key-00001")
    assert (first.status, first.body["line"]) == (200, "1. ann adds 3 (now 3)")
    again = tables.act(codes["ann"], "do", body, key="key-00001")  # a retry: the first reply
    assert (again.status, again.body["line"]) == (200, "1. ann adds 3 (now 3)")
    other = tables.act(codes["ann"], "do", {**body, "params": {"n": "5"}}, key="key-00001")
    assert (other.status, other.body) == (
        422,
        {
            "ok": False,
            "error": "Idempotency-Key: this key was sent before with another request (a new "
            "key for each action)",
        },
    )
    undo = tables.act(codes["ann"], "undo", {}, key="key-00001")  # another operation too
    assert undo.status == 422
    assert core.show(tmp_path / "t.sqlite", "t").state["points"] == {"ann": 3, "bob": 0}
    # another seat's key of the same text is its own
    assert tables.act(codes["bob"], "do", body, key="key-00001").status == 200


def test_an_existing_database_and_its_wal_and_shm_are_tightened_to_0600(tmp_path):
    db = tmp_path / "t.sqlite"
    core.new(db, "tally", "t", TALLY)
    side = [db.with_name(db.name + x) for x in ("-wal", "-shm")]
    for path in (db, *side):
        path.touch()
        os.chmod(path, 0o644)
    core.show(db, "t")
    for path in (db, *side):
        if path.exists():
            assert stat.S_IMODE(path.stat().st_mode) == 0o600, path


@pytest.mark.parametrize("game", ["spies-and-lies", "spy-vs-spy", "spy", "spies"])
def test_every_action_is_a_seats_or_the_hosts(game):
    """An action no parameter names the seat of (no owner) is the host's, or the tracker's
    draw; Spies & Lies names its four: the set up's chance results and the day's end."""
    loaded = load_game(game)
    owned = set(seat_params(loaded)) | host_actions(loaded)
    unowned = {a.name for a in loaded.actions.actions} - owned
    expected = {
        "spies-and-lies": set(),
        "spy-vs-spy": {"circle", "exchange", "cops"},  # the setup's draw, both fighters, the cops
        "spy": set(),
        "spies": {"resolve"},  # a chain every power closes
    }
    assert unowned == expected[game]
    if game == "spies-and-lies":
        assert host_actions(loaded) == {"setup", "first", "intel", "end_day"}


@pytest.mark.parametrize("action", ["setup", "first", "intel", "end_day"])
def test_a_phone_enters_no_hosts_action(tmp_path, action):
    tables, codes = served(tmp_path / "t.sqlite", "spies-and-lies", {}, [])
    reply = tables.act(codes["red"], "do", {"action": action, "params": {}}, key="key-00001")
    assert (reply.status, reply.body) == (
        409,
        {
            "ok": False,
            "rule": "seat",
            "why": f"{action} is the host's to enter (deaddrop table do {action})",
        },
    )
    state = tables.state(codes["red"]).body
    assert action not in [a["name"] for a in state["actions"]]


@pytest.mark.parametrize(
    ("game", "action", "param"),
    [
        ("spy-vs-spy", "search", "roll"),
        ("spy-vs-spy", "search", "slide"),
        ("spies", "hand", "random"),
    ],
)
def test_a_phone_gives_no_value_the_tracker_draws(tmp_path, game, action, param):
    tables, codes = served(tmp_path / "t.sqlite", game, {}, [])
    seat = next(iter(codes))
    body = {"action": action, "params": {param: "6"}}
    reply = tables.act(codes[seat], "do", body, key="key-00001")
    assert (reply.status, reply.body) == (
        409,
        {
            "ok": False,
            "rule": "seat",
            "why": f"{param}= is drawn by the tracker for a phone (leave it out)",
        },
    )
    assert param in tracker_params(load_game(game))[action]
    offered = tables.state(codes[seat]).body["actions"]
    params = next(a["params"] for a in offered if a["name"] == action)
    assert param not in [p["name"] for p in params]


def test_a_seat_voids_no_event_another_follows_and_says_only_which(tmp_path):
    db = tmp_path / "t.sqlite"
    tables, codes = served(db, "spies-and-lies", {}, [])
    core.do(db, "t", {"type": "setup", "old_intel": 5, "exhausted": {"red": 6, "blue": 8}})
    assert (
        tables.act(
            codes["blue"],
            "do",
            {"action": "deploy", "params": {"soldiers": "[1, 3, 5, 9]"}},
            key="key-00001",
        ).status
        == 200
    )
    core.do(db, "t", {"type": "deploy", "side": "red", "soldiers": [2, 5, 7, 9]})
    reply = tables.act(codes["blue"], "void", {"event": 2, "why": "typo"}, key="key-00002")
    assert (reply.status, reply.body) == (
        409,
        {
            "ok": False,
            "rule": "void",
            "why": "cannot void 2: event 3 depends on it (from a phone only the last event is "
            "voided; the host voids it with deaddrop table void 2)",
        },
    )
    log = tables.state(codes["blue"]).body["log"]
    assert log[1]["void_needs"] is None  # the page offers no void there
    core.void(db, "t", 2, "typo")  # the host may


def png_header(width: int, height: int) -> bytes:
    return (
        b"\x89PNG\r\n\x1a\n" + struct.pack(">I", 13) + b"IHDR" + struct.pack(">II", width, height)
    )


def test_a_photo_past_12_megapixels_or_10_mb_is_refused_before_it_is_decoded():
    pytest.importorskip("cv2")
    assert photo.too_large(png_header(4000, 3000)) is None  # 12 MP exactly
    assert photo.too_large(png_header(4000, 3001)) == (
        "the photo is 4000 x 3001 pixels (at most 12 megapixels: a smaller photo, please)"
    )
    assert photo.too_large(png_header(60000, 60000) + bytes(100)) is not None
    big = png_header(100, 100) + bytes(photo.MAX_PHOTO)
    assert photo.too_large(big) == (
        f"the photo is {len(big):,} bytes (at most 10,000,000: a smaller photo, please)"
    )


def test_one_seats_photo_never_locks_out_the_others():
    red, blue = photo.seat_lock("t", "red"), photo.seat_lock("t", "blue")
    assert red is photo.seat_lock("t", "red") and red is not blue
    with red:
        taken = threading.Event()

        def other() -> None:
            if blue.acquire(blocking=False):
                taken.set()
                blue.release()

        thread = threading.Thread(target=other)
        thread.start()
        thread.join()
        assert taken.is_set()
        assert not red.acquire(blocking=False)  # the same seat's second photo waits its turn


@pytest.mark.parametrize("command", ["show", "log"])
def test_as_no_such_seat_exits_2_and_changes_nothing(tmp_path, command):
    db = tmp_path / "t.sqlite"
    core.new(db, "tally", "first", TALLY)
    core.new(db, "tally", "second", TALLY)
    current = core.tables(db)[0]["name"]
    seat = "x" * 5000
    result = CliRunner().invoke(app, ["table", command, "first", "--as", seat, "--db", str(db)])
    assert result.exit_code == 2
    line = result.output.strip()
    assert line.startswith("deaddrop: --as xxxx") and "...: no such seat at table 'first'" in line
    assert len(line) < 300 and "\n" not in line
    assert core.tables(db)[0]["name"] == current == "second"


def test_a_smash_and_grab_is_drawn_blindly_by_the_tracker(tmp_path):
    """From a phone `drawn=` is the tracker's (`room` in tracker_params): the tracker draws as
    many pieces as the spy gives up, from the bag with his own back in it."""
    db = tmp_path / "t.sqlite"
    core.new(db, "spy-vs-spy", "t", {})
    for action in (
        {"type": "circle", "numbers": [7, 13, 22]},
        {
            "type": "arsenal",
            "spy": "black",
            "offensive": ["green", "orange", "yellow", "black", "white"],
            "defensive": ["yellow", "orange", "green", "black", "white"],
            "defence": "yellow",
            "weapon": "green",
        },
        {
            "type": "arsenal",
            "spy": "white",
            "offensive": ["orange", "green", "yellow", "light-blue", "white"],
            "defensive": ["orange", "black", "white", "light-blue", "green"],
            "defence": "black",
            "weapon": "light-blue",
        },
    ):
        core.do(db, "t", action)
    game = load_game("spy-vs-spy")
    state = core.show(db, "t").state
    state["positions"]["black"] = "C2"  # the Defensive Equipment room, black's turn
    done = game.complete(state, {"type": "room", "spy": "black", "use": "smash"}, 5)
    assert done["seed"] == 5 and len(done["drawn"]) == 4  # all but the 2-pip under him
    again = game.complete(state, {"type": "room", "spy": "black", "use": "smash"}, 5)
    assert again == done  # the seed decides it
    after = game.apply(state, done)
    assert isinstance(after, dict)
    held = after["secret"]["arsenal"]["black"]["defensive"]
    assert sorted(held) == sorted(["yellow", *done["drawn"]])
    assert "drawn" in tracker_params(game)["room"]
