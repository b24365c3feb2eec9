"""Issue 17, fuzz tests of the table: random arguments for every `table` and `spy referee`
command (action names and values of every kind: huge numbers, deep nesting, control characters,
bytes that are not UTF-8), mutated exports of the recorded games as import and replay files (on
disk and on standard input), damaged databases (bytes flipped, pages zeroed, the file cut short).

The property, for every run: exit 0, 1 or 2; no traceback (no exception but SystemExit); on an
error, one `deaddrop: ...` line per problem (exactly one for a command that is not reading a
history file; click's own usage error is exit 2); no control character printed; and a command
that fails changes nothing: the tables, their events and the current table are as they were (the
file's bytes, for a database too damaged to be read), and no file appears.

All in-process (typer's CliRunner on deaddrop.commands.main:app), on copies of one database that
holds every recorded game. Bounded for the suite (DEADDROP_FUZZ_EXAMPLES sets the examples per
test). A longer run by hand: `DEADDROP_FUZZ_EXAMPLES=3000 pytest tests/table_input/test_fuzz.py`.
"""

from __future__ import annotations

import functools
import os
import re
import shutil
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from assistant.games import GAMES
from deaddrop.commands.main import app
from tests.table_input.conftest import RECORDED, snapshot

pytestmark = pytest.mark.random_input  # tests/conftest.py: words_check

EXAMPLES = int(os.environ.get("DEADDROP_FUZZ_EXAMPLES", "60"))
STATS = os.environ.get("DEADDROP_FUZZ_STATS")  # a file: one line a run, its exit code
SETTINGS = settings(
    max_examples=EXAMPLES,
    database=None,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
CONTROL = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f\u2028\u2029\ud800-\udfff]")  # not \n
LEGAL = "2B 2D 5D 5H 10H 10B 9B"
TABLES = ["tally", "referee", "spy-open"] + [path.stem for path in RECORDED]


@functools.cache
def template() -> bytes:
    """A database holding every recorded game, a tally table with an undone and a voided event,
    a Spy! referee table with sealed networks and one just started (current: `tally`)."""
    folder = Path(tempfile.mkdtemp(prefix="deaddrop-fuzz-"))
    db = str(folder / "t.sqlite")
    os.environ.setdefault("DEADDROP_CACHE", str(folder / "cache"))
    steps = [
        *[["table", "import", str(path), "--name", path.stem] for path in RECORDED],
        ["spy", "referee", "new", "--name", "spy-open"],
        ["spy", "referee", "new", "--name", "referee"],
        ["spy", "referee", "seal", "red", LEGAL],
        ["spy", "referee", "seal", "blue", "2C 2A 5A 5B 10B 10F 4F"],
        ["spy", "referee", "probe", "red", "5E"],
        ["table", "new", "tally", "--name", "tally"],
        ["table", "do", "add", "player=red", "n=3", "--by", "alice"],
        ["table", "do", "roll", "player=blue"],
        ["table", "do", "sub", "player=red", "n=9", "--force", "house rule"],
        ["table", "void", "1", "--why", "misheard"],
        ["table", "do", "add", "player=blue", "n=1"],
        ["table", "undo"],
    ]
    for argv in steps:
        result = CliRunner().invoke(app, with_db(argv, db))
        assert result.exit_code == 0, (argv, result.output)
    for suffix in ("-wal", "-shm"):
        assert not Path(f"{db}{suffix}").exists()
    data = Path(db).read_bytes()
    shutil.rmtree(folder)
    return data


def with_db(argv: list[str], db: object) -> list[str]:
    """`table --db DB ...`, `spy referee --db DB ...`."""
    at = 1 if argv[0] == "table" else 2
    return [*argv[:at], "--db", str(db), *argv[at:]]


# --- values -------------------------------------------------------------------------------------

not_utf8 = st.binary(min_size=1, max_size=6).map(lambda b: b.decode("utf-8", "surrogateescape"))
controls = st.sampled_from(["\n", "\r", "\t", "\x1b[2J", "\x07", "\x7f", "\x85", "\u2028", "\x00"])
long_texts = st.builds(
    lambda word, count: word * count,
    st.sampled_from(["a ", "x", "2B ", "é", "\udcff", "[", "- "]),
    st.sampled_from([100, 300, 5000]),
)
texts = st.one_of(
    st.text(max_size=12),
    st.text(max_size=12),
    not_utf8,
    st.tuples(st.text(max_size=4), controls, st.text(max_size=4)).map("".join),
    long_texts,
)
huge = st.one_of(
    st.integers(2**62, 10**40).map(str),
    st.integers(-(10**40), -(2**62)).map(str),
    st.integers(300, 6000).map(lambda n: "9" * n),
    st.sampled_from(["1e9", "1.0e999", "-.inf", ".nan", "0x10", "0o7", "1_000", "2026-13-45"]),
)
nested = st.builds(
    lambda opener, depth: opener[0] * depth + opener[1] * depth,
    st.sampled_from([("[", "]"), ("{a: ", "}"), ("[", "")]),
    st.one_of(st.integers(1, 20), st.integers(900, 1100), st.just(100_000)),
)
yaml_values = st.sampled_from(
    [
        "[1, 2]",
        "{red: 1, blue: 2}",
        "&a [*a]",
        "!!python/object:os.system",
        "!!binary aGVsbG8=",
        "2026-01-01",
        "'quoted'",
        "|\n  block",
        "~",
        "yes",
        "[" + ",".join(["1"] * 2000) + "]",
        "[[&a [1,2,3,4,5,6,7,8,9], *a, *a, *a, *a, *a], *a]",
    ]
)
usual = st.one_of(
    st.integers(-3, 12).map(str),
    st.sampled_from(["red", "blue", "5E", "4B-4E", "hot", "h,w,c", LEGAL, "Germany", "[4,2]"]),
)
values = st.one_of(usual, usual, huge, nested, yaml_values, texts)
action_names = sorted({"add", "sub", "roll", "seal", "probe", "answer", "claim", "reveal"} | {
    "setup", "deploy", "guess", "intel", "tokens", "first", "hand", "secrets", "police",
    "move", "search", "end_turn", "end_day", "play", "arsenal", "room",
})  # fmt: skip
param_names = ["player", "n", "dice", "seed", "cells", "answers", "network", "salt", "side",
               "mission", "rank", "power", "cities", "card", "missions", "to", "type"]  # fmt: skip
keys = st.one_of(st.sampled_from(param_names), texts, st.just(""))
words = st.one_of(
    st.builds(lambda k, v: f"{k}={v}", keys, values),
    st.builds(lambda k, v: f"{k}={v}", st.sampled_from(param_names), usual),
    texts,
)
names = st.one_of(st.sampled_from(TABLES), st.sampled_from(TABLES), texts, st.just("x" * 300))
games = st.one_of(st.sampled_from(sorted(GAMES)), texts)
numbers = st.one_of(st.integers(-2, 30).map(str), huge, texts)
free_texts = st.one_of(st.sampled_from(["a reason", "alice", " "]), texts)


def _maybe(draw, option: str, strategy) -> list[str]:
    return [option, draw(strategy)] if draw(st.booleans()) else []


@st.composite
def table_argv(draw) -> list[str]:
    """A `table` or `spy referee` command line, usual values mixed with wild ones."""
    command = draw(
        st.sampled_from(
            ["do"] * 6
            + ["new", "list", "show", "log", "undo", "redo", "void", "export", "delete"]
            + ["actions", "referee"] * 2
        )
    )
    if command == "do" and draw(st.booleans()):  # a usual tally action, now and then odd
        argv = ["do", draw(st.sampled_from(["add", "sub", "roll"])), "--table", "tally"]
        argv += [f"player={draw(st.sampled_from(['red', 'blue', 'green']))}"]
        argv += [draw(st.one_of(st.integers(0, 60).map(lambda n: f"n={n}"), words))]
        argv += _maybe(draw, "--by", free_texts) + _maybe(draw, "--force", free_texts)
    elif command == "do":
        argv = ["do", draw(st.one_of(st.sampled_from(action_names), texts))]
        argv += draw(st.lists(words, max_size=4))
        argv += _maybe(draw, "--table", names) + _maybe(draw, "--by", free_texts)
        argv += _maybe(draw, "--force", free_texts)
    elif command == "new":
        argv = ["new", draw(games)] + _maybe(draw, "--name", names)
        for _ in range(draw(st.integers(0, 3))):
            argv += ["-o", draw(words)]
    elif command in ("show", "log", "undo", "redo", "export"):
        argv = [command] + draw(st.lists(names, max_size=1))
    elif command == "void":
        argv = ["void", draw(numbers), "--why", draw(free_texts)] + _maybe(draw, "--table", names)
    elif command == "delete":
        argv = ["delete", draw(names), "--yes"]
    elif command == "actions":
        argv = ["actions", draw(games)]
    elif command == "referee":
        return ["spy", "referee", *draw(referee_argv())]
    else:
        argv = [command]
    argv += draw(st.lists(st.just("--json"), max_size=1))
    return ["table", *argv]


@st.composite
def referee_argv(draw) -> list[str]:
    command = draw(st.sampled_from(["new", "seal", "probe", "answer", "claim", "reveal"]))
    players = st.one_of(st.sampled_from(["red", "blue"]), texts)
    networks = st.one_of(st.sampled_from([LEGAL, "2C 2A 5A 5B 10B 10F 4F", "2B 2D"]), texts)
    if command == "new":
        argv = ["new"] + _maybe(draw, "--name", names) + _maybe(draw, "--players", texts)
        argv += _maybe(draw, "--rows", numbers) + _maybe(draw, "--lengths", numbers)
        return argv
    argv = [command, draw(players)]
    if command in ("seal", "claim"):
        argv.append(draw(networks))
    elif command == "probe":
        argv.append(draw(st.one_of(st.sampled_from(["5E", "4B-4E", "1A", "ZZ9"]), texts)))
    elif command == "answer":
        argv.append(draw(st.one_of(st.sampled_from(["hot", "w", "c,c"]), texts)))
    elif command == "reveal" and draw(st.booleans()):
        argv += [draw(networks), "--salt", draw(texts)]
    return argv + _maybe(draw, "--table", names)


# --- history files ------------------------------------------------------------------------------

SNIPPETS = [
    "- " * 200 + "x",
    "[" * 100_000,
    "{" * 5000 + "}" * 5000,
    "n: " + "9" * 5000,
    "n: 1.0e999",
    "&a [*a, *a]",
    "<<: *nosuch",
    "a: &a {k: 1}\nb: {<<: [*a, *a, *a]}",
    "!!python/object/apply:os.system ['true']",
    "\t- tab",
    'by: "\\x1b[31m"',
    'void: "a\\nb"',
    "time: 2026-13-45",
    "options: {max: .inf}",
    "name: 'bad name'",
    'name: "\\u2028"',
    "game: nosuch",
    "- action: {type: add, player: red, n: 3}",
    "- {action: {type: 7}}",
    "events: {}",
    "%YAML 1.1\n---",
    "...\n--- second document",
]


@st.composite
def history_text(draw) -> bytes:
    """A recorded game's export, mutated: bytes flipped, lines dropped, doubled or swapped,
    snippets of odd YAML inserted, the end cut off."""
    source = draw(st.sampled_from(RECORDED))
    lines = source.read_bytes().splitlines(keepends=True)
    for _ in range(draw(st.integers(1, 4))):
        kind = draw(st.sampled_from(["flip", "drop", "double", "swap", "insert", "cut"]))
        if not lines:
            break
        at = draw(st.integers(0, len(lines) - 1))
        if kind == "flip":
            line = bytearray(lines[at])
            if line:
                line[draw(st.integers(0, len(line) - 1))] = draw(st.integers(0, 255))
            lines[at] = bytes(line)
        elif kind == "drop":
            del lines[at]
        elif kind == "double":
            lines.insert(at, lines[at])
        elif kind == "swap":
            other = draw(st.integers(0, len(lines) - 1))
            lines[at], lines[other] = lines[other], lines[at]
        elif kind == "insert":
            indent = b" " * draw(st.sampled_from([0, 2, 4, 6]))
            snippet = draw(st.sampled_from(SNIPPETS)).encode("utf-8")
            lines.insert(at, indent + snippet + b"\n")
        else:
            lines = lines[:at]
    return b"".join(lines)


# --- the property -------------------------------------------------------------------------------


def _files(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if not p.name.endswith(("-wal", "-shm")))


def _state(db: Path) -> object:
    """What a failing command must leave: the tables, events and current table, or the bytes."""
    try:
        return snapshot(db)
    except Exception:  # too damaged to read: the file's bytes
        return db.read_bytes()


def check_run(argv: list[str], db: Path, input: bytes | None = None, lines: int = 1) -> None:
    """Run `deaddrop ARGV --db DB`; `lines`: the most error lines allowed (None: any)."""
    folder = db.parent
    before, files = _state(db), _files(folder)
    full = with_db(argv, db)
    result = CliRunner().invoke(app, full, input=input)
    if STATS is not None:
        with open(STATS, "a", encoding="utf-8") as handle:
            handle.write(f"{result.exit_code} {argv[:2]} {result.stderr[:70]!r}\n")
    where = f"deaddrop {full!r} input={input[:300] if input else input!r}"
    assert result.exception is None or isinstance(result.exception, SystemExit), (
        f"{where}: {result.exception!r}"
    )
    assert result.exit_code in (0, 1, 2), (where, result.exit_code, result.output)
    assert "Traceback" not in result.output, where
    assert not CONTROL.search(result.stdout + result.stderr), (where, result.output)
    if result.exit_code:
        problems = result.stderr.splitlines()
        usage = (
            result.exit_code == 2
            and problems[:1]
            and problems[0].startswith(("Usage: ", "╭─ Error"))
        )
        if not usage:
            assert problems, (where, result.stdout)
            assert all(line.startswith("deaddrop: ") for line in problems), (where, problems)
            assert lines is None or len(problems) <= lines, (where, problems)
        assert _state(db) == before, f"{where}: failed ({problems}) and changed the database"
        assert _files(folder) == files, f"{where}: failed and left a file"


def _database(tmp_path: Path, data: bytes | None = None) -> Path:
    folder = tmp_path / "fuzz"
    if folder.exists():
        shutil.rmtree(folder)
    folder.mkdir()
    db = folder / "t.sqlite"
    db.write_bytes(template() if data is None else data)
    return db


@SETTINGS
@given(argv=table_argv())
def test_table_commands_with_random_arguments(tmp_path, argv):
    check_run(argv, _database(tmp_path))


@SETTINGS
@given(
    text=history_text(),
    how=st.sampled_from(["import", "import -", "replay", "replay -"]),
    name=st.one_of(st.none(), names),
    game=games,
)
def test_mutated_histories(tmp_path, text, how, name, game):
    db = _database(tmp_path)
    path = db.parent / "h.yaml"
    path.write_bytes(text)
    command, _, dash = how.partition(" ")
    source = "-" if dash else str(path)
    if command == "import":
        argv = ["table", "import", source] + (["--name", name] if name is not None else [])
    else:
        found = re.search(rb"^game: *(\S+)", text, re.MULTILINE)
        wanted = found.group(1).decode("utf-8", "surrogateescape") if found else "tally"
        argv = ["table", "replay", game if name is not None else wanted, source]
    check_run(argv, db, input=text if dash else None, lines=None)


@st.composite
def damaged(draw) -> bytes:
    """The template database with a few bytes flipped (often in the header or the schema page),
    a page zeroed, or the file cut short."""
    data = bytearray(template())
    kind = draw(st.sampled_from(["flip", "flip", "flip", "zero", "cut"]))
    if kind == "flip":
        for _ in range(draw(st.integers(1, 4))):
            end = draw(st.sampled_from([100, 4096, len(data)]))
            at = draw(st.integers(0, end - 1))
            data[at] ^= 1 << draw(st.integers(0, 7))
    elif kind == "zero":
        page = draw(st.integers(0, len(data) // 4096 - 1))
        data[page * 4096 : (page + 1) * 4096] = bytes(4096)
    else:
        data = data[: draw(st.integers(0, len(data) - 1))]
    return bytes(data)


good_commands = st.sampled_from(
    [
        ["table", "list", "--json"],
        ["table", "show"],
        ["table", "show", "referee"],
        ["table", "log", "tally", "--json"],
        ["table", "log", "flag-win"],
        ["table", "export", "five-players"],
        ["table", "do", "add", "player=red", "n=1", "--table", "tally"],
        ["table", "undo", "tally"],
        ["table", "redo", "tally"],
        ["table", "void", "2", "--why", "x", "--table", "tally"],
        ["table", "new", "tally", "--name", "fresh"],
        ["table", "delete", "draw", "--yes"],
        ["spy", "referee", "probe", "blue", "2B", "--table", "referee"],
        ["table", "import", str(RECORDED[0]), "--name", "again"],
    ]
)


@SETTINGS
@given(data=damaged(), argv=good_commands)
def test_damaged_databases(tmp_path, data, argv):
    check_run(argv, _database(tmp_path, data))
