"""A table whose history no longer replays (the game's rules changed since it was entered):
show and do say so and how to repair it; log and export still work; void or undo repairs it."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import yaml


def _broken(cli, db: Path) -> None:
    """Events 1 and 3 apply; event 2 (red +4 over the maximum 5) is what the rules now refuse."""
    cli("table", "new", "tally", "--name", "t", "-o", "max=5")
    cli("table", "do", "add", "player=red", "n=3")
    cli("table", "do", "add", "player=blue", "n=1")
    cli("table", "do", "add", "player=blue", "n=2")
    con = sqlite3.connect(db)
    con.execute(
        """UPDATE events SET action='{"type": "add", "player": "red", "n": 4}' WHERE id=2"""
    )
    con.commit()
    con.close()


WHY = "event 2 (add player=red n=4): refused: ceiling: red has 3; adding 4 would pass the maximum 5"


def test_show_and_do_say_how_to_repair(cli, db, digest):
    _broken(cli, db)
    before = digest(db.parent)
    for args in (["show"], ["do", "add", "player=red", "n=1"], ["redo"]):
        result = cli("table", *args)
        assert (result.exit_code, result.stdout) == (2, "")
        assert result.stderr == (
            f"deaddrop: table 't' no longer replays: {WHY} (see `deaddrop table log`; "
            "repair it with `deaddrop table void 2 --why TEXT`)\n"
        )
    assert digest(db.parent) == before


def test_log_and_export_still_work(cli, db):
    _broken(cli, db)
    result = cli("table", "log")
    assert result.exit_code == 0, result.output
    assert result.stdout == (
        "1. red adds 3 (now 3)\n"
        "2. [no longer applies: ceiling: red has 3; adding 4 would pass the maximum 5] "
        "add player=red n=4\n"
        "3. [not replayed] add player=blue n=2\n"
    )
    assert [line["status"] for line in json.loads(cli("table", "log", "--json").stdout)] == [
        "live"
    ] * 3
    exported = yaml.safe_load(cli("table", "export").stdout)
    assert [e["action"]["n"] for e in exported["events"]] == [3, 4, 2]


def test_void_repairs_it(cli, db):
    _broken(cli, db)
    result = cli("table", "void", "2", "--why", "rules changed")
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[0] == (
        "voided 2: add player=red n=4 (rules changed); the table replays again"
    )
    assert json.loads(cli("table", "show", "--json").stdout)["points"] == {"red": 3, "blue": 2}
    assert cli("table", "log").stdout == (
        "1. red adds 3 (now 3)\n"
        "2. [void: rules changed] add player=red n=4\n"
        "3. blue adds 2 (now 2)\n"
    )


def test_void_of_an_earlier_event_that_makes_room_repairs_it_and_says_so(cli, db):
    _broken(cli, db)
    result = cli("table", "void", "1", "--why", "misheard")
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[0] == (
        "voided 1: add player=red n=3 (misheard); the table replays again (event 2 applies again)"
    )
    assert json.loads(cli("table", "show", "--json").stdout)["points"] == {"red": 4, "blue": 2}


def test_void_of_another_event_is_refused_and_names_the_broken_one(cli, db, digest):
    _broken(cli, db)
    before = digest(db.parent)
    result = cli("table", "void", "3", "--why", "x")
    assert result.exit_code == 1
    assert result.stderr == (
        "deaddrop: cannot void 3: event 2 (add player=red n=4) does not apply: ceiling: "
        "red has 3; adding 4 would pass the maximum 5\n"
    )
    assert digest(db.parent) == before


def test_undo_repairs_it_when_the_last_event_is_the_broken_one(cli, db):
    _broken(cli, db)
    result = cli("table", "undo")
    assert result.exit_code == 1
    assert result.stderr == (
        "deaddrop: cannot undo 3: event 2 would still not apply (ceiling: red has 3; adding 4 "
        "would pass the maximum 5); void it: deaddrop table void 2 --why TEXT\n"
    )
    con = sqlite3.connect(db)
    con.execute("DELETE FROM events WHERE id=3")  # now the broken event is the last one
    con.commit()
    con.close()
    result = cli("table", "undo")
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[0] == "undid 2: add player=red n=4"
    assert json.loads(cli("table", "show", "--json").stdout)["points"] == {"red": 3, "blue": 0}
    assert cli("table", "log").stdout == "1. red adds 3 (now 3)\n2. [undone] add player=red n=4\n"
