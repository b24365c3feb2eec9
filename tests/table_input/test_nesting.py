"""Values nested deeper, or larger, than any real game's: in `table do`, in an import file and in
a stored event. One line, exit 2, never a RecursionError or a crash of libyaml (issue 17)."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from assistant.history import MAX_DEPTH
from assistant.history_file import MAX_NESTING

DEEP = 100_000


def test_a_do_value_nested_deeper_than_the_bound_is_one_line(cli, db):
    cli("table", "new", "tally", "--name", "t")
    word = "n=" + "[" * 2000 + "]" * 2000  # short enough to be read: the nesting is refused
    result = cli("table", "do", "add", "player=red", word)
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr == (
        "deaddrop: value 'n=[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[...' (4,002 characters): "
        f"nested deeper than {MAX_DEPTH} levels (at most {MAX_DEPTH})\n"
    )
    word = "n=" + "[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1)
    result = cli("table", "do", "add", "player=red", word)
    assert result.exit_code == 2
    assert result.stderr.endswith(
        f": nested deeper than {MAX_DEPTH} levels (at most {MAX_DEPTH})\n"
    )
    assert result.stderr.startswith(f"deaddrop: value '{word}': n[0][0]")


def test_a_do_value_100000_deep_is_too_long_to_read(cli, db):
    cli("table", "new", "tally", "--name", "t")
    result = cli("table", "do", "add", "player=red", "n=" + "[" * DEEP)
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr == (
        "deaddrop: value 'n=[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[...' (100,002 characters): "
        "too long (at most 4,096 characters)\n"
    )
    assert cli("table", "log").stdout == "no events yet\n"


@pytest.mark.parametrize(
    ("word", "what"),
    [
        ("n=" + "9" * 30, "n: a number past the limit (at most 19 digits)"),
        ("n=" + "9" * 4000, "n: a number past the limit (at most 19 digits)"),
        ("n=.inf", "n: inf is not a number (expected a finite number)"),
        ("n=" + "x" * 1001, "n: text of 1001 characters (at most 1000)"),
        ("n=[" + ",".join(["1"] * 1000) + "]", None),
    ],
)
def test_a_do_value_past_a_bound_is_one_line(cli, db, word, what):
    cli("table", "new", "tally", "--name", "t")
    result = cli("table", "do", "add", "player=red", word)
    assert result.exception is None or isinstance(result.exception, SystemExit)
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("deaddrop: ")
    if what is not None:
        assert result.exit_code == 2
        assert lines[0].endswith(f": {what}")
    else:  # within the bounds: the game refuses it
        assert result.exit_code == 1


def _deaddrop(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    """A subprocess: libyaml crashed the whole process on a document nested 100,000 deep."""
    env = {**os.environ, "DEADDROP_CACHE": str(cwd / "cache")}
    code = "from deaddrop.commands.main import main; main()"
    return subprocess.run(
        [sys.executable, "-c", code, *args],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


def _deep_history(depth: int) -> str:
    return (
        "game: tally\noptions: {}\nevents:\n  - action: {type: add, player: red, n: "
        + "[" * depth
        + "]" * depth
        + "}\n"
    )


@pytest.mark.parametrize("command", ["import", "replay"])
def test_an_import_file_nested_100000_deep_is_one_line(tmp_path, command):
    (tmp_path / "deep.yaml").write_text(_deep_history(DEEP))
    args = ["import", "deep.yaml"] if command == "import" else ["replay", "tally", "deep.yaml"]
    done = _deaddrop("table", "--db", "t.sqlite", *args, cwd=tmp_path)
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr == (
        f"deaddrop: deep.yaml:4: lists and mappings nested more than {MAX_NESTING} deep "
        f"(at most {MAX_NESTING} levels)\n"
    )
    assert not (tmp_path / "t.sqlite").exists()


def test_an_import_value_nested_past_the_bound_names_the_event(cli, db, tmp_path):
    path = tmp_path / "h.yaml"
    path.write_text(_deep_history(MAX_DEPTH))  # within the file's nesting, past a value's
    result = cli("table", "import", str(path))
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr == (
        f"deaddrop: {path}:4: events[0].action: n{'[0]' * (MAX_DEPTH - 1)}: "
        f"nested deeper than {MAX_DEPTH} levels (at most {MAX_DEPTH})\n"
    )
    assert not db.exists()


def _merge_bomb() -> str:
    """Eight levels of merge keys, each using the level below ten times: about 1 KB that
    expands to some 10^9 values (it never finished loading)."""
    lines = ["a0: &a0 {" + ", ".join(f"k{i}: {i}" for i in range(10)) + "}"]
    for level in range(1, 9):
        refs = ", ".join([f"*a{level - 1}"] * 10)
        lines.append(f"a{level}: &a{level} {{<<: [{refs}], z{level}: 1}}")
    return "game: tally\noptions: {}\nevents: []\nextra:\n" + "".join(
        f"  {line}\n" for line in lines
    )


@pytest.mark.parametrize("command", ["import", "replay"])
def test_merge_keys_that_multiply_are_refused_while_reading(tmp_path, command):
    (tmp_path / "bomb.yaml").write_text(_merge_bomb())
    assert len(_merge_bomb()) < 1200
    args = ["import", "bomb.yaml"] if command == "import" else ["replay", "tally", "bomb.yaml"]
    done = _deaddrop("table", "--db", "t.sqlite", *args, cwd=tmp_path)
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr == (
        "deaddrop: bomb.yaml:10: aliases and merge keys expand the document past 2,000,000 "
        "values (at most 2,000,000 values)\n"
    )


def _store_action(db: Path, text: str) -> None:
    con = sqlite3.connect(db)
    con.execute("UPDATE events SET action=? WHERE id=1", (text,))
    con.commit()
    con.close()


@pytest.mark.parametrize("command", [["show"], ["log"], ["log", "--json"], ["export"], ["undo"]])
def test_a_stored_event_nested_100000_deep_is_a_damaged_database(cli, db, command):
    cli("table", "new", "tally", "--name", "t")
    cli("table", "do", "add", "player=red", "n=1")
    _store_action(db, '{"type": "add", "n": ' + "[" * DEEP + "]" * DEEP + "}")
    result = cli("table", *command)
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr == (
        f"deaddrop: {db}: damaged Dead Drop database (event id 1: action is nested too deeply)\n"
    )


def test_a_stored_event_nested_past_the_bound_is_a_damaged_database(cli, db):
    cli("table", "new", "tally", "--name", "t")
    cli("table", "do", "add", "player=red", "n=1")
    _store_action(db, '{"type": "add", "n": ' + "[" * 500 + "]" * 500 + "}")
    result = cli("table", "show")
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr == (
        f"deaddrop: {db}: damaged Dead Drop database (event id 1: action: n{'[0]' * 15}: "
        f"nested deeper than {MAX_DEPTH} levels (at most {MAX_DEPTH}))\n"
    )
