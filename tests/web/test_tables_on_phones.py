"""Two seats and a spectator on a Spies & Lies table and a Spy! table, over a real server and a
real database, with the CLI writing to the same tables from another process (issue 18).

Every body a link received is searched for the other seat's secrets, at the end of each test."""

from __future__ import annotations

import json
from pathlib import Path

from assistant import table as core
from tests.web.conftest import Server, cli, running

RED_RANKS = [2, 7, 9, 10]
BLUE_SEAL = "936cabe54f893d2b2385ed39f197f27fc10448915402d4aa4a4b9231e8a48c85"
RED_NETWORK, RED_SALT = "3C 3E 8E 8H 2H 2I 6I", "redsalt-Q7"  # not the help's example
BLUE_NETWORK, BLUE_SALT = "2C 2A 5A 5B 10B 10F 4F", "bluesalt-K3"


def never_saw(server: Server, who: str, *secrets: str) -> None:
    """No body `who` received holds any of `secrets` (JSON as sent: no spaces after commas)."""
    bodies = server.bodies[who]
    assert bodies
    for body in bodies:
        text = body.decode()
        for secret in secrets:
            assert secret not in text, f"{who} was sent {secret!r}: {text[:300]}"


def public_view(db: Path, name: str) -> dict:
    """The table's public view as `deaddrop table show --json` prints it."""
    outcome = core.show(db, name)
    return json.loads(json.dumps(outcome.game.view(outcome.state)))


def test_spies_and_lies_each_seat_sees_its_own_deployment_and_nothing_more(db):
    core.new(db, "spies-and-lies", "sl", {})
    with running(db) as server:
        red, blue = server.seat("sl", "red"), server.seat("sl", "blue")
        spectator = server.seat("sl", None)
        # the set up's chance results are the host's: a phone that tries is refused
        tried = red.post("do", {"action": "setup", "params": {"old_intel": "5"}})
        assert (tried.status, tried.json()) == (
            409,
            {
                "ok": False,
                "rule": "seat",
                "why": "setup is the host's to enter (deaddrop table do setup)",
            },
        )
        setup = ("setup", "old_intel=5", "exhausted={red: 6, blue: 8}")
        assert cli(db, "table", "do", "--table", "sl", *setup).returncode == 0
        assert cli(db, "table", "do", "--table", "sl", "first", "side=blue").returncode == 0
        done = red.do("deploy", soldiers="[2, 7, 9, 10]")
        assert done["line"] == "3. red deploys missions 1-4 face down (entered)"
        blue.do("deploy", seal=BLUE_SEAL)

        # red asks to undo blue's deployment (blue's alone): red reads it without blue's seal,
        # blue agrees on its phone, then blue redoes its own deployment at once
        asked = red.post("undo", {})
        assert (asked.status, asked.json()["line"]) == (
            202,
            "asked blue to agree: undo 4: deploy side=blue seal=(secret)",
        )
        request = blue.state()["requests"]
        assert [(r["from"], r["answer"], r["waiting"]) for r in request] == [
            ("red", True, ["blue"])
        ]
        assert red.state()["requests"][0]["mine"] and not red.state()["requests"][0]["answer"]
        agreed = blue.post("answer", {"request": request[0]["id"], "yes": True})
        assert (agreed.status, agreed.json()["line"]) == (
            200,
            f"undid 4: deploy side=blue seal={BLUE_SEAL} (as red asked; blue agreed)",
        )
        assert red.state()["log"][-1] == {
            "n": 4,
            "text": "[undone] blue deploys missions 1-4 sealed",
            "state": "undone",
            "by": "blue",
            "void_needs": None,
        }
        assert red.state()["requests"] == [] and red.state()["redo_needs"] == ["blue"]
        assert blue.state()["redo_needs"] == []
        assert blue.post("redo", {}).json()["line"] == f"redid 4: deploy side=blue seal={BLUE_SEAL}"

        assert cli(db, "table", "do", "--table", "sl", "intel", "card=3").returncode == 0
        red.do("tokens", missions="[2, 3]")
        assert cli(db, "table", "do", "--table", "sl", "tokens", "side=blue", "missions=[1,4]")

        mine = red.state()
        assert mine["seat"] == "red" and mine["seats"] == ["red", "blue"]
        assert mine["view"]["secret"] == {
            "seat": "red",
            "deployed": [
                {"missions": [1, 2, 3, 4], "mode": "open", "soldiers": RED_RANKS, "seal": None}
            ],
            "line": RED_RANKS,
        }
        theirs = blue.state()
        assert theirs["view"]["secret"] == {
            "seat": "blue",
            "deployed": [
                {"missions": [1, 2, 3, 4], "mode": "sealed", "soldiers": None, "seal": BLUE_SEAL}
            ],
            "line": [None, None, None, None],
        }
        watching = spectator.state()
        assert watching["seat"] is None and "secret" not in watching["view"]
        assert watching["view"] == public_view(db, "sl")
        acting = (watching["actions"], watching["seat_params"], watching["can_undo"])
        assert acting == ([], {}, False)
        for seen in (mine, theirs):
            public = {k: v for k, v in seen["view"].items() if k != "secret"}
            assert public == watching["view"]

        # the phones' and the CLI's actions, in order, none lost
        assert [(line["n"], line["state"]) for line in mine["log"]] == [
            (n, "applied") for n in range(1, 8)
        ]
        assert [line["text"] for line in mine["log"][2:]] == [
            "red deploys missions 1-4 face down (entered)",
            "blue deploys missions 1-4 sealed",
            "intel card 3 shows 1, 4, 7, 9",
            "red places Intel tokens on missions: 2, 3",
            "blue places Intel tokens on missions: 1, 4",
        ]
        assert mine["seat_params"]["deploy"] == "side" and "first" not in mine["seat_params"]
        assert "first" not in [action["name"] for action in mine["actions"]]  # the host's
        assert mine["seat_values"] == ["red"] and mine["can_undo"] and not mine["can_redo"]

        # a phone cannot act for the other side
        other = red.post("do", {"action": "deceive", "params": {"side": "blue", "mission": "1"}})
        assert (other.status, other.json()) == (
            409,
            {"ok": False, "rule": "seat", "why": "side=blue is not yours (red plays red)"},
        )
        red_ranks = json.dumps(RED_RANKS, separators=(",", ":"))
        never_saw(server, "sl:blue", red_ranks)
        never_saw(server, "sl:red", BLUE_SEAL)
        never_saw(server, "sl:spectator", red_ranks, BLUE_SEAL)


def test_spy_each_player_sees_its_own_sealed_network_and_nothing_more(db):
    core.new(db, "spy", "spy", {})
    with running(db) as server:
        red, blue = server.seat("spy", "red"), server.seat("spy", "blue")
        spectator = server.seat("spy", None)
        first = red.do("seal", network=RED_NETWORK, salt=RED_SALT)
        assert first["line"] == "1. red seals a network; the referee keeps it and answers for it"
        args = ["seal", "player=blue", f"network={BLUE_NETWORK}", f"salt={BLUE_SALT}"]
        assert cli(db, "table", "do", "--table", "spy", *args).returncode == 0
        red.do("probe", cells="5E")
        blue.do("probe", cells="2B-2D")
        assert cli(db, "table", "do", "--table", "spy", "probe", "player=red", "cells=4B-4C")
        blue.do("probe", cells="5D")
        # blue's probe was answered from red's network: it is red's too, so undoing it (a free
        # look otherwise) and redoing it need both players
        asked = blue.post("undo", {})
        assert (asked.status, asked.json()["line"]) == (
            202,
            "asked red to agree: undo 6: probe player=blue cells=5D",
        )
        number = red.state()["requests"][0]["id"]
        agreed = red.post("answer", {"request": number, "yes": True}).json()["line"]
        assert agreed == "undid 6: probe player=blue cells=5D (as blue asked; red agreed)"
        asked = red.post("redo", {})
        assert (asked.status, asked.json()["line"]) == (
            202,
            "asked blue to agree: redo 6: probe player=blue cells=5D",
        )
        number = blue.state()["requests"][0]["id"]
        agreed = blue.post("answer", {"request": number, "yes": True}).json()["line"]
        assert agreed == "redid 6: probe player=blue cells=5D (as red asked; blue agreed)"

        mine, theirs, watching = red.state(), blue.state(), spectator.state()
        state = core.show(db, "spy").state
        assert mine["view"]["secret"] == {
            "seat": "red",
            "network": state["secret"]["red"]["network"],
            "salt": RED_SALT,
        }
        assert theirs["view"]["secret"]["network"] == state["secret"]["blue"]["network"]
        assert watching["view"] == public_view(db, "spy") and "secret" not in watching["view"]
        assert [line["text"] for line in mine["log"]][1:] == [
            "blue seals a network; the referee keeps it and answers for it",
            "red probes 5E on blue's field: warm",
            "blue probes 2B-2D on red's field (crosses out a 3 square): cold, warm, warm",
            "red probes 4B-4C on blue's field (crosses out a 2 square): warm, cold",
            "blue probes 5D on red's field: warm",
        ]
        assert mine["seat_params"] == dict.fromkeys(
            ("seal", "commit", "probe", "answer", "claim", "reveal"), "player"
        )
        # the networks as the state keeps them (the referee's own spelling) and the salts
        red_secrets = (state["secret"]["red"]["network"], RED_SALT)
        blue_secrets = (state["secret"]["blue"]["network"], BLUE_SALT)
        never_saw(server, "spy:red", *blue_secrets)
        never_saw(server, "spy:blue", *red_secrets)
        never_saw(server, "spy:spectator", *red_secrets, *blue_secrets)


def test_a_refusal_is_the_rule_and_why_and_changes_nothing(db):
    core.new(db, "spy", "spy", {})
    with running(db) as server:
        red = server.seat("spy", "red")
        before = red.state()["version"]
        early = red.post("do", {"action": "probe", "params": {"cells": "5E"}})
        assert (early.status, early.json()) == (
            409,
            {"ok": False, "rule": "probe", "why": "both networks must be sealed first"},
        )
        nothing = red.post("undo", {})
        assert (nothing.status, nothing.json()) == (
            409,
            {"ok": False, "rule": "undo", "why": "nothing to undo at table 'spy'"},
        )
        bad = red.post("do", {"action": "probe", "params": {"cells": "[5E"}})
        assert (bad.status, bad.json()) == (
            400,
            {"ok": False, "error": "value 'cells=[5E': the value is not valid YAML"},
        )
        unknown = red.post("do", {"action": "fly", "params": {}})
        assert unknown.status == 409
        assert unknown.json()["why"].startswith("unknown action 'fly' (known: seal, commit,")
        typed = red.post("do", {"action": "probe", "params": {"cells": 5}})
        assert typed.json() == {
            "ok": False,
            "error": "cells: expected the value as typed on the command line (a text)",
        }
        void = red.post("void", {"event": 3})
        assert (void.status, void.json()) == (
            400,
            {"ok": False, "error": "no event 3 at table 'spy' (it has none)"},
        )
        assert red.post("void", {"event": "x"}).json()["error"] == (
            "event: expected an event number from the log (1, 2, ...)"
        )
        assert red.post("undo", {"x": 1}).json() == {"ok": False, "error": "undo takes no 'x'"}
        raw = server.request("POST", f"/api/{red.code}/do", raw=b"{not json", who="spy:red")
        assert (raw.status, raw.json()) == (400, {"ok": False, "error": "the body is not JSON"})
        assert red.state()["version"] == before and red.state()["log"] == []
        watching = server.seat("spy", None).post("do", {"action": "probe", "params": {}})
        assert (watching.status, watching.json()) == (
            403,
            {"ok": False, "error": "spectators cannot act"},
        )


def test_an_unreadable_database_is_503_not_an_unknown_link(db):
    core.new(db, "tally", "t", {})
    with running(db) as server:
        red = server.seat("t", "red")
        assert red.state()["seat"] == "red"
        for extra in (db.with_name(db.name + "-wal"), db.with_name(db.name + "-shm")):
            extra.unlink(missing_ok=True)
        db.write_bytes(b"not a database at all" * 100)
        answer = server.request("GET", f"/api/{red.code}/state", who="t:red")
        assert answer.status == 503
        assert answer.json() == {
            "ok": False,
            "error": "tables.sqlite: not a usable Dead Drop database (file is not a database)",
        }
        acted = red.post("do", {"action": "add", "params": {"n": "1"}})
        assert (acted.status, acted.json()) == (503, answer.json())
        unknown = server.request("GET", "/api/nosuchcode/state")
        assert (unknown.status, unknown.body) == (404, b'{"error":"unknown link"}')
