"""Every table command names its table the same ways (issue 23, item 16): NAME where it takes
one, and --table NAME everywhere (`do` and `void` take only --table: their arguments are the
action and the event)."""

from __future__ import annotations

import json


def test_every_command_takes_table_name(cli):
    assert cli("table", "new", "tally", "--name", "a").exit_code == 0
    assert cli("table", "new", "tally", "--name", "b").exit_code == 0  # b is the current one
    assert cli("table", "do", "--table", "a", "add", "player=red", "n=2").exit_code == 0
    shown = cli("table", "show", "--table", "a", "--json")
    assert json.loads(shown.stdout)["points"]["red"] == 2
    assert cli("table", "log", "--table", "a").stdout.startswith("1. red adds 2")
    assert cli("table", "undo", "--table", "a").stdout.startswith("undid 1")
    assert cli("table", "redo", "--table", "a").stdout.startswith("redid 1")
    exported = cli("table", "export", "--table", "a")
    assert exported.exit_code == 0 and "add" in exported.stdout
    assert json.loads(cli("table", "show", "b", "--json").stdout)["points"]["red"] == 0


def test_two_names_for_one_command_are_refused(cli):
    assert cli("table", "new", "tally", "--name", "a").exit_code == 0
    both = cli("table", "log", "a", "--table", "b")
    assert both.exit_code == 2
    assert both.stderr == "deaddrop: NAME 'a' and --table 'b' name two tables (give one)\n"
    same = cli("table", "log", "a", "--table", "a")
    assert same.exit_code == 0
