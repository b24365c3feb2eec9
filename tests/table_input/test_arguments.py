"""`table do` keys, `table replay` of an unknown game, `table import -`, an import's name and the
current table, the game list of `table new --help` (issue 17)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from assistant.games import GAMES
from tests.table_input.conftest import current, snapshot

TALLY = Path(__file__).resolve().parent.parent / "table" / "games" / "tally-void-undo.yaml"
KNOWN = ", ".join(sorted(GAMES))


def test_a_repeated_key_in_do_is_refused(cli, db):
    cli("table", "new", "tally", "--name", "t")
    before = snapshot(db)
    result = cli("table", "do", "add", "player=red", "n=3", "n=5")
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr == "deaddrop: value 'n=5': n is given twice (expected each key once)\n"
    assert snapshot(db) == before


def test_a_repeated_option_in_new_is_refused(cli, db):
    result = cli("table", "new", "tally", "-o", "max=3", "-o", "max=5")
    assert (result.exit_code, result.stdout) == (2, "")
    assert (
        result.stderr == "deaddrop: option 'max=5': max is given twice (expected each key once)\n"
    )
    assert not db.exists()


@pytest.mark.parametrize(
    ("word", "message"),
    [
        ("a b=1", "value 'a b=1': 'a b' is not a name (expected letters, digits and _, e.g. n=3)"),
        (
            "n\x1b=1",
            "value 'n\\x1b=1': 'n\\x1b' is not a name (expected letters, digits and _, e.g. n=3)",
        ),
        ("n=2026-13-45", "value 'n=2026-13-45': the value is not valid YAML"),
        ("n=\udcff", "value 'n=\\xff': the value is not valid YAML"),
    ],
)
def test_a_do_word_that_is_no_key_and_value_is_one_line(cli, db, word, message):
    cli("table", "new", "tally", "--name", "t")
    result = cli("table", "do", "add", "player=red", word)
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr == f"deaddrop: {message}\n"


def test_replay_of_an_unknown_game_says_so(cli, tmp_path):
    path = tmp_path / "h.yaml"
    path.write_text(TALLY.read_text())
    result = cli("table", "replay", "nosuch", str(path))
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr == f"deaddrop: unknown game 'nosuch' (known: {KNOWN})\n"
    result = cli("table", "replay", "nosuch", str(tmp_path / "missing.yaml"))
    assert result.stderr == f"deaddrop: unknown game 'nosuch' (known: {KNOWN})\n"


def test_import_dash_reads_standard_input(cli, db):
    result = cli("table", "import", "-", "--name", "x", input=TALLY.read_text())
    assert result.exit_code == 0, result.stderr
    assert result.stdout.startswith("imported 3 events into table 'x'\n")
    assert cli("table", "export", "x").stdout.startswith("game: tally\nname: x\n")
    result = cli("table", "replay", "tally", "-", input=TALLY.read_text())
    assert result.exit_code == 0, result.stderr
    result = cli("table", "import", "-", input="game: tally\nevents: [\n")
    assert (result.exit_code, result.stderr) == (
        2,
        "deaddrop: <stdin>:3: invalid YAML: did not find expected node content\n",
    )
    result = cli("table", "import", "-", input=b"game: tally\nevents: []\nname: \xff\n")
    assert result.stderr == "deaddrop: <stdin>:3: byte 0xff is not UTF-8 (expected UTF-8 text)\n"


def test_export_then_import_makes_a_copy_and_keeps_the_current_table(cli, db, tmp_path):
    cli("table", "new", "tally", "--name", "friday")
    cli("table", "do", "add", "player=red", "n=3")
    exported = tmp_path / "friday.yaml"
    exported.write_text(cli("table", "export").stdout)
    result = cli("table", "import", str(exported))
    assert result.exit_code == 0, result.stderr
    assert result.stdout.splitlines()[0] == (
        "imported 1 events into table 'friday-2' ('friday' is taken); "
        "the current table is still 'friday'"
    )
    assert current(db) == "friday"
    result = cli("table", "import", str(exported))
    assert result.stdout.splitlines()[0].startswith("imported 1 events into table 'friday-3'")
    listed = cli("table", "list").stdout.splitlines()
    assert [line.split()[:2] for line in listed[:1]] == [["*", "friday"]]
    assert cli("table", "export", "friday-2").stdout.replace("friday-2", "friday") == (
        exported.read_text()
    )


def test_a_name_given_for_an_import_must_be_free(cli, db):
    cli("table", "new", "tally", "--name", "t")
    result = cli("table", "import", str(TALLY), "--name", "t")
    assert (result.exit_code, result.stdout) == (2, "")
    assert (
        result.stderr == "deaddrop: a table named 't' already exists (choose another with --name)\n"
    )


def test_an_import_into_an_empty_database_is_the_current_table(cli, db):
    result = cli("table", "import", str(TALLY), "--name", "t")
    assert result.stdout.splitlines()[0] == "imported 3 events into table 't'"
    assert current(db) == "t"
    assert cli("table", "show").stdout == cli("table", "show", "t").stdout


def _help(cli, *args: str) -> str:
    text = cli(*args, "--help").stdout
    return " ".join(re.sub(r"[│╭╮╰╯─]", " ", text).split())


@pytest.mark.parametrize("command", ["new", "actions"])
def test_table_help_lists_every_registered_game(cli, command):
    text = _help(cli, "table", command)
    assert f"The game: {KNOWN}." in text
    for name in GAMES:
        assert name in text


def test_a_referee_network_too_long_for_a_file_name_is_read_as_cells(cli, db):
    cli("spy", "referee", "new", "--name", "s")
    result = cli("spy", "referee", "seal", "red", "a " * 200)
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr.startswith(
        "deaddrop: network 'a a a a a a a a a a a a a a a a a a a a ..."
    )
    assert result.stderr.count("\n") == 1


def test_a_spy_option_is_quoted_short(cli, db):
    players = "[" + ", ".join(["a"] * 1000) + "]"
    result = cli("table", "new", "spy", "-o", f"players={players}")
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr == (
        "deaddrop: option players: expected two distinct names, got "
        + repr(["a"] * 1000)[:57]
        + "...\n"
    )
    result = cli("table", "new", "spy", "-o", "lengths=[1, 2, 999999999]")
    assert result.stderr == (
        "deaddrop: option lengths: expected at most 20 lines, each at most 63 long, "
        "got [1, 2, 999999999]\n"
    )
    assert not db.exists()


@pytest.mark.parametrize("command", [["import"], ["replay", "tally"]])
def test_a_history_path_the_system_refuses_is_one_line(cli, db, tmp_path, command):
    cases = {
        "": "FILE: the file name is empty (expected an exported history, or - for stdin)",
        str(tmp_path): f"{tmp_path}: cannot read the history: is a directory",
        "x" * 300: f"{'x' * 300}: cannot read the history: file name too long",
        str(tmp_path / "no" / "h.yaml"): (
            f"{tmp_path / 'no' / 'h.yaml'}: cannot read the history: no such file or directory"
        ),
    }
    for path, message in cases.items():
        result = cli("table", *command, path)
        assert (result.exit_code, result.stdout) == (2, ""), path
        assert result.stderr == f"deaddrop: {message}\n"
    assert not db.exists()
