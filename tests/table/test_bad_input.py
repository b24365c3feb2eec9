"""Corrupt or foreign databases, malformed imports: a clear message, exit 2, nothing changes."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

COMMANDS = [
    ["list"],
    ["show"],
    ["log"],
    ["export"],
    ["new", "tally", "--name", "x"],
    ["do", "add", "player=red", "n=1"],
    ["undo"],
    ["delete", "x", "--yes"],
]


@pytest.mark.parametrize("args", COMMANDS)
def test_garbage_file(cli, db, digest, args):
    db.write_bytes(b"this is not a database at all\n" * 200)
    before = digest(db.parent)
    result = cli("table", *args)
    assert result.exit_code == 2
    assert result.stderr == (
        f"deaddrop: {db}: not a usable Dead Drop database (file is not a database)\n"
    )
    assert digest(db.parent) == before


def _foreign(path: Path) -> None:
    con = sqlite3.connect(path)
    con.execute("CREATE TABLE recipes (name TEXT)")
    con.execute("INSERT INTO recipes VALUES ('soup')")
    con.commit()
    con.close()


@pytest.mark.parametrize("args", COMMANDS)
def test_foreign_sqlite_database(cli, db, digest, args):
    _foreign(db)
    before = digest(db.parent)
    result = cli("table", *args)
    assert result.exit_code == 2
    assert result.stderr == (
        f"deaddrop: {db}: not a Dead Drop database (it holds tables: recipes)\n"
    )
    assert digest(db.parent) == before


def test_newer_schema_is_refused(cli, db, digest):
    cli("table", "new", "tally")
    con = sqlite3.connect(db)
    con.execute("UPDATE deaddrop_meta SET value='99' WHERE key='schema_version'")
    con.commit()
    con.close()
    before = digest(db.parent)
    result = cli("table", "do", "add", "player=red", "n=1")
    assert result.exit_code == 2
    assert result.stderr == (
        f"deaddrop: {db}: written by a newer Dead Drop (schema 99; this one knows up to 2)\n"
    )
    assert digest(db.parent) == before


def test_damaged_pages_are_exit_2(cli, db):
    cli("table", "new", "tally")
    for n in range(30):
        cli("table", "do", "add", "player=red", f"n={n % 3 + 1}", "--by", "x")
    data = bytearray(db.read_bytes())
    for offset in range(4096, len(data), 7):
        data[offset] = 0xFF
    db.write_bytes(bytes(data))
    for suffix in ("-wal", "-shm"):
        Path(f"{db}{suffix}").unlink(missing_ok=True)
    result = cli("table", "show")
    assert result.exit_code == 2
    assert result.stderr.startswith(f"deaddrop: {db}: ")
    assert "Traceback" not in result.output


MALFORMED = [
    ("game: tally\nevents: [\n", "t.yaml:3: invalid YAML"),
    ("- just\n- a list\n", "t.yaml:1: expected a mapping with game, options and events"),
    ("game: tally\noptions: {}\n", "t.yaml:1: events: missing or not a list (a list of events)"),
    (
        "game: tally\nevents:\n  - action: {type: add, player: red, n: 1}\n  - by: red\n",
        "t.yaml:4: events[1].action: missing or without a type",
    ),
    (
        "game: tally\nevents:\n  - action: {type: add}\n    who: red\n",
        "t.yaml:4: events[0].who: unknown key (one of: action, by, force, void, time)",
    ),
    ("game: tally\ncolour: red\nevents: []\n", "t.yaml:2: colour: unknown key"),
    ("game: nope\nevents: []\n", "t.yaml:1: game: unknown game 'nope' (known: "),
    (
        "game: tally\noptions: {size: 3}\nevents: []\n",
        "t.yaml:2: options: unknown option 'size' for tally (known: dice, max, players, start)\n",
    ),
    (
        "game: tally\noptions: {players: [red, red]}\nevents: []\n",
        "t.yaml:2: options: option players: expected a list of distinct names, got ['red', 'red']",
    ),
]


@pytest.mark.parametrize(("text", "message"), MALFORMED)
def test_malformed_import_changes_nothing(cli, db, digest, tmp_path, monkeypatch, text, message):
    cli("table", "new", "tally", "--name", "keep")
    cli("table", "do", "add", "player=red", "n=1")
    before = digest(db.parent)
    (tmp_path / "in").mkdir()
    monkeypatch.chdir(tmp_path / "in")
    Path("t.yaml").write_text(text)
    result = cli("table", "import", "t.yaml")
    assert result.exit_code == 2
    assert result.stderr.startswith("deaddrop: " + message), result.stderr
    assert digest(db.parent) == before
    replayed = cli("table", "replay", "tally", "t.yaml")
    assert replayed.exit_code == 2


def test_import_of_a_refused_history_is_exit_1_and_changes_nothing(cli, db, digest, tmp_path):
    cli("table", "new", "tally", "--name", "keep")
    before = digest(db.parent)
    (tmp_path / "in").mkdir()
    path = tmp_path / "in" / "h.yaml"
    path.write_text(
        "game: tally\noptions: {max: 5}\nevents:\n"
        "  - action: {type: add, player: red, n: 4}\n"
        "  - action: {type: add, player: red, n: 4}\n"
    )
    result = cli("table", "import", str(path))
    assert result.exit_code == 1
    assert result.stderr == (
        f"deaddrop: {path}:5: event 2 (add player=red n=4): refused: ceiling: "
        "red has 4; adding 4 would pass the maximum 5\n"
    )
    assert digest(db.parent) == before
    result = cli("table", "replay", "tally", str(path))
    assert (result.exit_code, result.stderr) == (
        1,
        f"deaddrop: {path}:5: event 2 (add player=red n=4): refused: ceiling: "
        "red has 4; adding 4 would pass the maximum 5\n",
    )


def test_import_whose_setup_is_refused_is_exit_1_and_names_the_options(cli, db, tmp_path):
    path = tmp_path / "h.yaml"
    path.write_text("game: tally\nname: x\noptions:\n  start: 9\n  max: 5\nevents: []\n")
    for args in (["import", str(path)], ["replay", "tally", str(path)]):
        result = cli("table", *args)
        assert (result.exit_code, result.stdout) == (1, "")
        assert result.stderr == (
            f"deaddrop: {path}:4: options: refused: ceiling: start 9 is above the maximum 5\n"
        )
    assert not db.exists()


def test_replay_of_another_game_is_exit_2(cli, tmp_path):
    path = tmp_path / "h.yaml"
    path.write_text("game: tally\nevents: []\n")
    result = cli("table", "replay", "spy", str(path))
    assert result.exit_code == 2
    assert result.stderr == f"deaddrop: {path}:1: game: 'tally' is not 'spy'\n"


PNG = (
    b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x01\x00\x00\x00\x01\x08\x02\x00\x00\x00"
    b"\x90wS\xde\x00\x00\x00\x0cIDATx\x9cc```\x00\x00\x00\x04\x00\x01\xf6\x178U\x00\x00\x00"
    b"\x00IEND\xaeB`\x82"
)


@pytest.mark.parametrize("args", COMMANDS)
def test_a_picture_is_not_a_database(cli, db, digest, args):
    db.write_bytes(PNG)
    before = digest(db.parent)
    result = cli("table", *args)
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr == (
        f"deaddrop: {db}: not a usable Dead Drop database (file is not a database)\n"
    )
    assert digest(db.parent) == before


@pytest.mark.parametrize("args", [["list"], ["show"], ["show", "x"], ["log"], ["export"]])
def test_reading_an_empty_file_leaves_it_empty(cli, db, digest, args):
    db.write_bytes(b"")
    before = digest(db.parent)
    result = cli("table", *args)
    if args == ["list"]:
        assert (result.exit_code, result.stderr) == (0, "")
        assert result.stdout == "no tables yet (start one: deaddrop table new GAME)\n"
    else:
        assert (result.exit_code, result.stdout) == (2, "")
        assert result.stderr == (
            f"deaddrop: no tables yet in {db} (start one: deaddrop table new GAME)\n"
        )
    assert digest(db.parent) == before


@pytest.mark.parametrize("args", COMMANDS)
def test_an_empty_database_of_another_application_is_left_alone(cli, db, digest, args):
    con = sqlite3.connect(db)
    con.execute("PRAGMA user_version=7")
    con.commit()
    con.close()
    before = digest(db.parent)
    result = cli("table", *args)
    assert result.exit_code == 2
    assert result.stderr == (
        f"deaddrop: {db}: not a Dead Drop database (another application marked it: "
        "application_id 0, user_version 7)\n"
    )
    assert digest(db.parent) == before


DAMAGED_ROWS = [
    ("UPDATE events SET action='{not json' WHERE id=2", "event id 2: action is not valid JSON"),
    (
        "UPDATE events SET action='[1, 2]' WHERE id=2",
        "event id 2: the action is not a mapping with a type",
    ),
    ("UPDATE tables SET options='{' WHERE name='t'", "table 't': options is not valid JSON"),
    ("UPDATE tables SET options='[]' WHERE name='t'", "table id 1"),
]


@pytest.mark.parametrize(("sql", "message"), DAMAGED_ROWS)
def test_a_damaged_row_is_exit_2_and_changes_nothing(cli, db, digest, sql, message):
    cli("table", "new", "tally", "--name", "t")
    cli("table", "do", "add", "player=red", "n=1")
    cli("table", "do", "add", "player=blue", "n=2")
    con = sqlite3.connect(db)
    con.execute(sql)
    con.commit()
    con.close()
    before = digest(db.parent)
    reading = [a for a in COMMANDS if a[0] not in ("new", "delete")]  # new reads no events
    for args in reading + [["redo"], ["void", "1", "--why", "x"], ["list", "--json"]]:
        result = cli("table", *args)
        assert (result.exit_code, result.stdout) == (2, ""), args
        assert result.stderr == f"deaddrop: {db}: damaged Dead Drop database ({message})\n", args
    assert digest(db.parent) == before
