"""End-to-end `deaddrop table ...` commands: exact messages and exit codes."""

from __future__ import annotations

import json

import pytest


def test_new_do_show_log(cli):
    result = cli("table", "new", "tally", "--name", "fri", "-o", "max=20")
    assert result.exit_code == 0, result.output
    assert (
        result.stdout.splitlines()[0]
        == "new table 'fri' (Tally: a counter game for trying out the table assistant)"
    )
    result = cli("table", "do", "add", "player=red", "n=3", "--by", "alice")
    assert result.exit_code == 0
    assert result.stdout == "1. red adds 3 (now 3)\nred      3\nblue     0\n(maximum 20)\n"
    cli("table", "do", "roll", "player=blue", "dice=[6,2]")
    result = cli("table", "show", "--json")
    assert json.loads(result.stdout) == {
        "points": {"red": 3, "blue": 8},
        "max": 20,
        "last_roll": {"player": "blue", "dice": [6, 2]},
    }
    result = cli("table", "log")
    assert result.stdout == "1. red adds 3 (now 3) [by alice]\n2. blue rolls 6+2 = 8 (now 8)\n"


def test_unknown_option_lists_known_ones(cli, db):
    result = cli("table", "new", "tally", "-o", "colour=red")
    assert result.exit_code == 2
    assert result.stderr == (
        "deaddrop: unknown option 'colour' for tally (known: dice, max, players, start)\n"
    )
    assert not db.exists()


def test_refused_action_is_one_line_exit_1_and_changes_nothing(cli):
    cli("table", "new", "tally", "--name", "t")
    cli("table", "do", "add", "player=red", "n=2")
    before = cli("table", "export").stdout
    result = cli("table", "do", "sub", "player=red", "n=5")
    assert result.exit_code == 1
    assert result.stderr == (
        "deaddrop: refused: floor: red has 2; subtracting 5 would go below zero\n"
    )
    assert result.stdout == ""
    assert cli("table", "export").stdout == before


def test_force_applies_and_records_the_reason(cli):
    cli("table", "new", "tally")
    result = cli("table", "do", "sub", "player=red", "n=5", "--force", "house rule: debts")
    assert result.exit_code == 0
    log = json.loads(cli("table", "log", "--json").stdout)
    assert log[0]["force"] == "house rule: debts"
    assert cli("table", "log").stdout == (
        "1. red subtracts 5 (now -5) [forced: house rule: debts]\n"
    )


def test_undo_redo_and_new_action_clears_redo(cli):
    cli("table", "new", "tally")
    cli("table", "do", "add", "player=red", "n=1")
    cli("table", "do", "add", "player=red", "n=2")
    result = cli("table", "undo")
    assert result.stdout.splitlines()[0] == "undid 2: add player=red n=2"
    assert json.loads(cli("table", "show", "--json").stdout)["points"]["red"] == 1
    assert [e["status"] for e in json.loads(cli("table", "log", "--json").stdout)] == [
        "live",
        "undone",
    ]
    assert cli("table", "redo").stdout.splitlines()[0] == "redid 2: add player=red n=2"
    assert json.loads(cli("table", "show", "--json").stdout)["points"]["red"] == 3
    cli("table", "undo")
    cli("table", "do", "add", "player=blue", "n=4")
    result = cli("table", "redo")
    assert result.exit_code == 1
    assert result.stderr == "deaddrop: nothing to redo at table 'tally-1'\n"
    assert cli("table", "log").stdout == "1. red adds 1 (now 1)\n2. blue adds 4 (now 4)\n"


def test_void_shows_the_difference_downstream(cli):
    cli("table", "new", "tally")
    cli("table", "do", "add", "player=red", "n=5")
    cli("table", "do", "add", "player=blue", "n=1")
    result = cli("table", "void", "1", "--why", "wrong player")
    assert result.exit_code == 0
    assert result.stdout.splitlines()[:2] == [
        "voided 1: add player=red n=5 (wrong player)",
        "  points.red: 5 -> 0",
    ]
    assert cli("table", "log").stdout == (
        "1. [void: wrong player] add player=red n=5\n2. blue adds 1 (now 1)\n"
    )


@pytest.mark.parametrize("number", ["x", "0", "1.5", "²"])
def test_void_of_something_that_is_not_an_event_number_is_exit_2(cli, number):
    cli("table", "new", "tally", "--name", "t")
    cli("table", "do", "add", "player=red", "n=5")
    result = cli("table", "void", number, "--why", "typo")
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr == (
        f"deaddrop: N: {number!r} is not an event number (expected a number from the log)\n"
    )


def test_void_refused_when_a_later_event_no_longer_applies(cli):
    cli("table", "new", "tally")
    cli("table", "do", "add", "player=red", "n=5")
    cli("table", "do", "sub", "player=red", "n=4")
    before = cli("table", "export").stdout
    result = cli("table", "void", "1", "--why", "typo")
    assert result.exit_code == 1
    assert result.stderr == (
        "deaddrop: cannot void 1: event 2 (sub player=red n=4) would no longer apply: "
        "floor: red has 0; subtracting 4 would go below zero\n"
    )
    assert cli("table", "export").stdout == before


def test_name_defaults_to_most_recently_used(cli):
    cli("table", "new", "tally", "--name", "a")
    cli("table", "new", "tally", "--name", "b")
    cli("table", "do", "add", "player=red", "n=1")  # goes to b
    cli("table", "do", "add", "player=red", "n=2", "--table", "a")  # a is now the most recent
    cli("table", "do", "add", "player=red", "n=4")  # goes to a
    assert json.loads(cli("table", "show", "a", "--json").stdout)["points"]["red"] == 6
    assert json.loads(cli("table", "show", "b", "--json").stdout)["points"]["red"] == 1
    listing = json.loads(cli("table", "list", "--json").stdout)
    assert [(t["name"], t["events"], t["current"]) for t in listing] == [
        ("b", 1, True),
        ("a", 2, False),
    ]  # `show b` made b the most recently used
    assert cli("table", "list").stdout == "* b  tally  1 event\n  a  tally  2 events\n"


def test_unknown_table_is_exit_2(cli, db, digest):
    cli("table", "new", "tally", "--name", "fri")
    before = digest(db.parent)
    for args in (["show", "sat"], ["log", "sat"], ["undo", "sat"], ["export", "sat"]):
        result = cli("table", *args)
        assert result.exit_code == 2
        assert result.stderr == "deaddrop: no table named 'sat' (tables: fri)\n"
    result = cli("table", "do", "add", "player=red", "n=1", "--table", "sat")
    assert result.exit_code == 2
    assert digest(db.parent) == before


def test_no_tables_yet_creates_no_database(cli, db):
    result = cli("table", "show")
    assert result.exit_code == 2
    assert result.stderr == (
        f"deaddrop: no tables yet in {db} (start one: deaddrop table new GAME)\n"
    )
    assert cli("table", "list").stdout == "no tables yet (start one: deaddrop table new GAME)\n"
    assert not db.exists()


def test_bad_values_are_exit_2(cli):
    cli("table", "new", "tally")
    result = cli("table", "do", "add", "player")
    assert (result.exit_code, result.stderr) == (
        2,
        "deaddrop: value 'player': expected KEY=VALUE (e.g. n=3)\n",
    )
    result = cli("table", "do", "add", "n=[1,")
    assert (result.exit_code, result.stderr) == (
        2,
        "deaddrop: value 'n=[1,': the value is not valid YAML\n",
    )
    result = cli("table", "new", "tally", "--name", "two words")
    assert result.exit_code == 2
    assert result.stderr == (
        "deaddrop: table name 'two words': use letters, digits, '-', '_' and '.' (64 at most)\n"
    )


def test_delete_asks_then_deletes(cli):
    cli("table", "new", "tally", "--name", "x")
    result = cli("table", "delete", "x", input="n\n")
    assert result.exit_code == 1
    assert (
        "deaddrop: table 'x' not deleted (pass --yes to delete without asking)\n" in result.stderr
    )
    result = cli("table", "delete", "x", "--yes")
    assert (result.exit_code, result.stdout) == (0, "deleted table 'x' (0 events)\n")
    assert json.loads(cli("table", "list", "--json").stdout) == []


def test_db_option_overrides_the_environment(cli, tmp_path):
    other = tmp_path / "other.sqlite"
    assert cli("table", "--db", str(other), "new", "tally", "--name", "elsewhere").exit_code == 0
    assert other.exists()
    assert json.loads(cli("table", "list", "--json").stdout) == []


def test_roll_without_dice_draws_them_with_a_recorded_seed(cli):
    cli("table", "new", "tally", "-o", "max=0", "-o", "dice=3")
    cli("table", "do", "roll", "player=red")
    action = json.loads(cli("table", "log", "--json").stdout)[0]["action"]
    assert len(action["dice"]) == 3 and all(1 <= d <= 6 for d in action["dice"])
    assert isinstance(action["seed"], int)
    assert json.loads(cli("table", "show", "--json").stdout)["points"]["red"] == sum(action["dice"])


def test_delete_of_an_unknown_table_does_not_ask(cli):
    cli("table", "new", "tally", "--name", "x")
    result = cli("table", "delete", "y")
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr == "deaddrop: no table named 'y' (tables: x)\n"


def test_redo_refused_when_a_void_made_it_illegal(cli):
    cli("table", "new", "tally")
    cli("table", "do", "add", "player=red", "n=5")
    cli("table", "do", "sub", "player=red", "n=4")
    cli("table", "undo")
    assert cli("table", "void", "1", "--why", "typo").exit_code == 0
    result = cli("table", "redo")
    assert result.exit_code == 1
    assert result.stderr == (
        "deaddrop: cannot redo 2 (sub player=red n=4): refused: floor: "
        "red has 0; subtracting 4 would go below zero\n"
    )
    assert [e["status"] for e in json.loads(cli("table", "log", "--json").stdout)] == [
        "void",
        "undone",
    ]


def test_force_needs_a_reason(cli):
    cli("table", "new", "tally")
    result = cli("table", "do", "sub", "player=red", "n=5", "--force", " ")
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr == 'deaddrop: --force needs a reason (e.g. --force "house rule: debts")\n'
    assert cli("table", "log").stdout == "no events yet\n"


def test_a_taken_name_says_how_to_choose_another(cli, tmp_path):
    cli("table", "new", "tally", "--name", "fri")
    (tmp_path / "h.yaml").write_text(cli("table", "export").stdout)
    taken = ["import", str(tmp_path / "h.yaml"), "--name", "fri"]
    for args in (["new", "tally", "--name", "fri"], taken):
        result = cli("table", *args)
        assert (result.exit_code, result.stderr) == (
            2,
            "deaddrop: a table named 'fri' already exists (choose another with --name)\n",
        )
    assert cli("table", "import", str(tmp_path / "h.yaml"), "--name", "sat").exit_code == 0


def test_db_is_taken_before_or_after_the_command(cli, tmp_path):
    one, two = tmp_path / "one.sqlite", tmp_path / "two.sqlite"
    assert cli("table", "--db", str(one), "new", "tally", "--name", "a").exit_code == 0
    assert cli("table", "new", "tally", "--name", "b", "--db", str(two)).exit_code == 0
    assert cli("table", "do", "add", "player=red", "n=2", "--db", str(one)).exit_code == 0
    # after the command wins over before it
    result = cli("table", "--db", str(two), "list", "--db", str(one))
    assert result.stdout == "* a  tally  1 event\n"
    assert cli("table", "list", "--db", str(two)).stdout == "* b  tally  0 events\n"
    assert cli("table", "log", "a", "--db", str(one)).stdout == "1. red adds 2 (now 2)\n"
    assert not (tmp_path / "data" / "tables.sqlite").exists()  # DEADDROP_DB was not used
