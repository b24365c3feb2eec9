"""The phone page's photo of a Spy! sheet (POST /api/<code>/photo, deaddrop/web/photo.py): a
seat's photo is read for that seat only, shown back, and sealed with the ordinary seal action."""

from __future__ import annotations

import base64
import json

import pytest

from assistant import table as core
from assistant.games.spy.model import Network, parse_cell_anywhere
from tests.web.conftest import running

pytest.importorskip("cv2")

LENGTHS = (1, 2, 3, 4, 5, 6)


@pytest.fixture(scope="module")
def jpeg(sheet_photo):
    return sheet_photo


def send(server, seat, data, kind="image/jpeg"):
    code = server.code("spy", seat)
    return server.request(
        "POST", f"/api/{code}/photo", raw=data, who=f"spy:{seat}", headers={"content-type": kind}
    )


def test_a_seat_reads_its_photo_and_seals_the_network(tmp_path, jpeg):
    data, net = jpeg
    db = tmp_path / "tables.sqlite"
    core.new(db, "spy", "spy", {})
    with running(db) as server:
        answer = send(server, "red", data)
        assert answer.status == 200, answer.body
        reading = answer.json()
        assert reading["ok"] and reading["legal"] and reading["uncertain"] == []
        drawn = {
            (r, c)
            for r, row in enumerate(reading["drawing"])
            for c, x in enumerate(row)
            if x == "#"
        }
        assert drawn == net.cells()
        assert base64.b64decode(reading["overlay"])[:4] == b"\x89PNG"
        # the player confirms: the page seals the network read, as a typed one is sealed
        red = server.seat("spy", "red")
        done = red.do("seal", network=reading["network"])
        assert done["line"].startswith("1. red seals a network")
        state = core.show(db, "spy").state
        sealed = state["secret"]["red"]["network"].split()
        assert Network(tuple(parse_cell_anywhere(c) for c in sealed)).cells() == net.cells()
        # nothing of red's photo or reading reached blue or the spectators
        blue, watching = server.seat("spy", "blue").state(), server.seat("spy", None).state()
        for other in (blue, watching):
            assert reading["network"] not in json.dumps(other)


def test_spectators_and_other_kinds_are_refused(tmp_path, jpeg):
    data, _ = jpeg
    db = tmp_path / "tables.sqlite"
    core.new(db, "spy", "spy", {})
    with running(db) as server:
        assert send(server, None, data).status == 403
        wrong = send(server, "red", b"not a photo")
        assert (wrong.status, wrong.json()["error"]) == (
            400,
            "not an image that can be read (expected a JPEG or PNG photo)",
        )
        assert send(server, "red", data, kind="application/json").status == 415
