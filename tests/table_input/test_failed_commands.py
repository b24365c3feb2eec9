"""A command that fails changes nothing: not the database's events, not the current table, not a
file (issue 17: a failed `spy referee` command made its table the current one)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.table_input.conftest import current, snapshot

TALLY = Path(__file__).resolve().parent.parent / "table" / "games" / "tally-void-undo.yaml"


def _tables(cli) -> None:
    """A spy table `s`, a tally table `t` with one event, and `u` (current) with none."""
    assert cli("spy", "referee", "new", "--name", "s").exit_code == 0
    assert cli("table", "new", "tally", "--name", "t").exit_code == 0
    assert cli("table", "do", "add", "player=red", "n=1").exit_code == 0
    assert cli("table", "new", "tally", "--name", "u").exit_code == 0


@pytest.mark.parametrize(
    "args",
    [
        ["probe", "red", "5E", "--table", "t"],
        ["answer", "red", "hot", "--table", "t"],
        ["seal", "red", "2B 2D 5D 5H 10H 10B 9B", "--table", "t"],
        ["claim", "red", "2B 2D 5D 5H 10H 10B 9B", "--table", "t"],
        ["reveal", "red", "--table", "t"],
    ],
)
def test_a_referee_command_on_a_table_of_another_game_changes_nothing(cli, db, args):
    _tables(cli)
    before = snapshot(db)
    result = cli("spy", "referee", *args)
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr == "deaddrop: table 't' is a tally table, not a spy table\n"
    assert snapshot(db) == before
    assert current(db) == "u"


@pytest.mark.parametrize(
    ("args", "code"),
    [
        (["probe", "red", "5E", "--table", "s"], 1),  # no network sealed yet
        (["probe", "red", "ZZ9", "--table", "s"], 1),
        (["seal", "red", "2B 2D", "--table", "s"], 1),
        (["seal", "red", "2B 2D", "--commit", "--table", "s"], 1),
        (["seal", "red", "nosuch.txt", "--table", "s"], 2),
        (["reveal", "purple", "--table", "s"], 1),
    ],
)
def test_a_refused_referee_command_leaves_the_current_table(cli, db, args, code):
    _tables(cli)
    before = snapshot(db)
    result = cli("spy", "referee", *args)
    assert result.exit_code == code, result.stderr
    assert result.stderr.startswith("deaddrop: ") and result.stderr.count("\n") == 1
    assert snapshot(db) == before
    assert current(db) == "u"


def test_a_referee_action_that_succeeds_makes_its_table_current(cli, db):
    _tables(cli)
    result = cli("spy", "referee", "seal", "red", "2B 2D 5D 5H 10H 10B 9B", "--table", "s")
    assert result.exit_code == 0, result.stderr
    assert current(db) == "s"


FAILING = [
    (["table", "do", "add", "player=red", "n=1", "--table", "nosuch"], 2),
    (["table", "do", "add", "player=purple", "n=1", "--table", "t"], 1),
    (["table", "do", "sub", "player=red", "n=5", "--table", "t"], 1),
    (["table", "do", "add", "player=red", "n=1", "n=2", "--table", "t"], 2),
    (["table", "do", "jump", "--table", "t"], 1),
    (["table", "do", "add", "player=red", "n=1", "--table", "t", "--force", " "], 2),
    (["table", "do", "add", "player=red", "n=1", "--table", "t", "--by", "a\nb"], 2),
    (["table", "undo", "u"], 1),
    (["table", "redo", "t"], 1),
    (["table", "void", "9", "--why", "x", "--table", "t"], 2),
    (["table", "void", "1", "--why", " ", "--table", "t"], 2),
    (["table", "show", "nosuch"], 2),
    (["table", "log", "nosuch"], 2),
    (["table", "export", "nosuch"], 2),
    (["table", "delete", "nosuch", "--yes"], 2),
    (["table", "delete", "t"], 1),  # not confirmed
    (["table", "new", "tally", "--name", "t"], 2),
    (["table", "new", "tally", "--name", "bad name"], 2),
    (["table", "new", "tally", "-o", "max=abc"], 2),
    (["table", "new", "nosuch"], 2),
    (["table", "import", str(TALLY), "--name", "t"], 2),
    (["table", "import", str(TALLY), "--name", "bad name"], 2),
    (["table", "import", "/nonexistent.yaml"], 2),
    (["table", "import", "-"], 2),  # nothing on standard input
]


@pytest.mark.parametrize(("args", "code"), FAILING, ids=[" ".join(a[1:3]) for a, _ in FAILING])
def test_every_failing_table_command_changes_nothing(cli, db, args, code):
    _tables(cli)
    before = snapshot(db)
    files = sorted(p.name for p in db.parent.iterdir())
    result = cli(*args, input="")
    assert result.exit_code == code, result.stderr
    assert result.stderr.startswith("deaddrop: ") and result.stderr.count("\n") == 1
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert snapshot(db) == before
    assert current(db) == "u"
    assert sorted(p.name for p in db.parent.iterdir()) == files


@pytest.mark.parametrize(
    "args",
    [
        ["table", "new", "tally", "--name", "bad name"],
        ["table", "new", "tally", "-o", "max=abc"],
        ["table", "new", "tally", "-o", "colour=red"],
        ["table", "import", str(TALLY), "--name", "bad name"],
        ["spy", "referee", "new", "--rows", "0"],
        ["spy", "referee", "new", "--players", "a,a"],
    ],
)
def test_a_failing_command_creates_no_database(cli, db, args):
    result = cli(*args)
    assert result.exit_code in (1, 2), result.stderr
    assert list(db.parent.iterdir()) == []
