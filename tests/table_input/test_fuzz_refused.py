"""Issue 34: a failed command changes nothing, the current table included. Where test_fuzz.py
throws wild arguments at the command line, this one sends commands that parse: each game's own
actions, named from its vocabulary, with parameter values of the kinds its tables take (seats,
rooms, cells, colours, numbers, cities, lists) mixed with odd ones, at a table of that game that
is NOT the current one (`--table NAME`); and `show`/`log` of such a table `--as` a seat, a seat
of another game, or an odd name; and undo, redo and void there. Most are refused (exit 1) or
unusable (exit 2).

The property (test_fuzz.check_run): after a non-zero exit the tables, their events and the
current table are as they were, no file appears, no traceback, one `deaddrop: ...` line.
"""

from __future__ import annotations

import functools
import sqlite3
import tempfile
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from assistant.games import load_game
from tests.table_input.test_fuzz import SETTINGS, _database, check_run, template, texts

SEATS = ["red", "blue", "black", "white", "France", "Germany", "Russia", "Britain", "alice"]
PLAIN = [
    *SEATS,
    *("A1", "C1", "C2", "B4", "E0", "Helipad", "5E", "4B-4E", "2B 2D", "Paris", "Berlin"),
    *("green", "orange", "yellow", "light-blue", "decoy", "none", "sword", "weapon"),
    *("shop", "smash", "mend", "hot", "yes", "no", "true", "0", "1", "3", "6", "7", "26", "-1"),
    *("[]", "[1, 2]", "[7, 13, 22]", "[green]", "{white: 3}", "{red: 1}", "x" * 300),
]
values = st.one_of(st.sampled_from(PLAIN), st.sampled_from(PLAIN), texts)
pytestmark = pytest.mark.random_input  # tests/conftest.py: words_check

seats = st.one_of(st.sampled_from(SEATS), texts, st.just("s" * 5000))


@functools.cache
def tables() -> list[tuple[str, str, str]]:
    """(table name, game, the current table's name) in the template database."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "t.sqlite"
        path.write_bytes(template())
        con = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        rows = con.execute("SELECT name, game FROM tables ORDER BY id").fetchall()
        current = con.execute(
            "SELECT name FROM tables ORDER BY used DESC, id DESC LIMIT 1"
        ).fetchone()[0]
        con.close()
    return [(name, game, current) for name, game in rows]


@functools.cache
def vocabulary(game: str) -> list[tuple[str, list[str]]]:
    declared = load_game(game).actions.as_json()
    return [(a["name"], [p["name"] for p in a["params"]]) for a in declared]


@st.composite
def refused_argv(draw: st.DrawFn) -> list[str]:
    """A command at a table that is not the current one."""
    name, game, current = draw(st.sampled_from([t for t in tables() if t[0] != t[2]]))
    kind = draw(st.sampled_from(["do"] * 6 + ["show", "log", "undo", "redo", "void"]))
    if kind == "do":
        action, params = draw(st.sampled_from(vocabulary(game)))
        chosen = draw(st.lists(st.sampled_from(params), max_size=4, unique=True)) if params else []
        argv = ["do", action, *(f"{p}={draw(values)}" for p in chosen)]
        if draw(st.integers(0, 4)) == 0:
            argv.append(f"{draw(st.sampled_from(['spy', 'player', 'side', 'power']))}=nobody")
        return ["table", *argv, "--table", name]
    if kind in ("show", "log"):
        return ["table", kind, name, "--as", draw(seats)]
    if kind == "void":
        event = draw(st.one_of(st.integers(-1, 40).map(str), st.just("99999")))
        return ["table", "void", event, "--why", draw(values), "--table", name]
    return ["table", kind, name]


@SETTINGS
@given(argv=refused_argv())
def test_a_refused_action_at_another_table_changes_nothing(tmp_path, argv):
    check_run(argv, _database(tmp_path))


def test_the_sweep_reaches_every_game():
    """Every game with a recorded table is a table the test can send its actions to."""
    games = {game for name, game, current in tables() if name != current}
    assert {"spy-vs-spy", "spies", "spies-and-lies", "spy", "tally"} <= games
