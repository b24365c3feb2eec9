"""Several processes: kill -9 at random points while writing; two writers at once (issue 3)."""

from __future__ import annotations

import os
import random
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

from assistant import table, table_io
from assistant.history import Entry
from assistant.history_file import HistoryFile, dump_history
from assistant.store import Store

WRITER = """
import sys
from pathlib import Path
from assistant import table
db, who, count = Path(sys.argv[1]), sys.argv[2], int(sys.argv[3])
print("ready", flush=True)
if sys.argv[4:] == ["wait"]:
    sys.stdin.readline()
import itertools, time
until = time.monotonic() + float(sys.argv[5] if len(sys.argv) > 5 else 0)
for i in itertools.count():
    if i >= count and time.monotonic() >= until:
        break
    player = "red" if i % 2 else "blue"
    table.do(db, "t", {"type": "add", "player": player, "n": 1}, by=f"{who}{i}")
    print(i, flush=True)
"""

IMPORTER = """
import sys
from pathlib import Path
from assistant import table_io
print("ready", flush=True)
table_io.import_file(Path(sys.argv[1]), Path(sys.argv[2]), sys.argv[3])
print("done", flush=True)
sys.stdin.readline()  # wait to be killed
"""


def _python(code: str, *args: str, stdin: int | None = None) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, "-c", code, *args],
        stdin=stdin,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def _writer(db: Path, who: str, count: int, *, wait: bool = False) -> subprocess.Popen:
    """A process entering `count` events; with `wait`, it starts on a line on stdin and goes on
    for at least a second (so that two such writers overlap even on a busy machine)."""
    args = [str(db), who, str(count)] + (["wait", "1.0"] if wait else [])
    return _python(WRITER, *args, stdin=subprocess.PIPE if wait else None)


def _committed(db: Path, name: str) -> list[tuple[dict, str]]:
    """The table's live events as SQLite itself reads them (not through assistant.store)."""
    import json

    con = sqlite3.connect(db)
    try:
        rows = con.execute(
            "SELECT e.action, e.who FROM events e JOIN tables t ON t.id = e.table_id"
            " WHERE t.name=? AND e.status='live' AND e.void IS NULL ORDER BY e.id",
            (name,),
        ).fetchall()
    finally:
        con.close()
    return [(json.loads(action), who) for action, who in rows]


def _sound(db: Path) -> None:
    with Store(db, create=False) as store:
        assert store.integrity() == "ok"
    con = sqlite3.connect(db)
    try:
        assert con.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
    finally:
        con.close()


def _kill(process: subprocess.Popen, delay: float, after_first: bool = False) -> str:
    """SIGKILL the process `delay` seconds after it said it was ready (or, `after_first`, after
    it acknowledged its first event: a busy machine may take longer than `delay` to start
    writing); what it printed."""
    assert process.stdout.readline() == "ready\n"
    first = process.stdout.readline() if after_first else ""
    time.sleep(delay)
    os.kill(process.pid, signal.SIGKILL)
    out, _ = _finish(process)
    assert process.returncode == -signal.SIGKILL
    return first + out


def _finish(process: subprocess.Popen) -> tuple[str, str]:
    """Everything the process printed until it ended. Not communicate(): that reads the pipes
    directly and would miss lines already buffered by an earlier readline()."""
    if process.stdin:
        process.stdin.close()
    out = process.stdout.read()
    err = process.stderr.read()
    process.wait(timeout=120)
    return out, err


def test_kill_9_at_random_points_leaves_a_sound_database(tmp_path):
    db = tmp_path / "t.sqlite"
    table.new(db, "tally", "t", {"max": 0})
    rng = random.Random(1974)
    kills, unacknowledged = 30, 0
    for k in range(kills):
        writer = _writer(db, f"w{k}-", 100_000)
        acknowledged = len(_kill(writer, rng.uniform(0.0, 0.08), after_first=k % 2 == 1).split())
        _sound(db)
        events = _committed(db, "t")
        mine = [who for _, who in events if who.startswith(f"w{k}-")]
        # the writer's committed events are exactly its first ones, in order, none half-written:
        # every acknowledged one, and perhaps one more committed just before the kill
        assert mine == [f"w{k}-{i}" for i in range(len(mine))]
        assert len(mine) - acknowledged in (0, 1)
        unacknowledged += len(mine) - acknowledged
        # the table's state is exactly the replay of the committed events
        points = {"red": 0, "blue": 0}
        for action, _ in events:
            points[action["player"]] += action["n"]
        assert table.show(db, "t").state["points"] == points
    # half the kills land after the writer's first event, the others at any point
    assert len(_committed(db, "t")) >= kills // 2
    path = tmp_path / "t.yaml"
    path.write_text(table_io.export(db, "t"))
    assert table_io.replay_file("tally", path).state == table.show(db, "t").state
    print(f"{kills} kills, {unacknowledged} events committed but not acknowledged")


def test_kill_9_during_an_import_leaves_all_of_it_or_nothing(tmp_path):
    db = tmp_path / "t.sqlite"
    table.new(db, "tally", "keep", {})
    count = 600
    entries = [
        Entry({"type": "add", "player": "red" if i % 2 else "blue", "n": 1}) for i in range(count)
    ]
    source = tmp_path / "h.yaml"
    source.write_text(dump_history(HistoryFile("tally", {"max": 0}, entries)))
    expected = table_io.replay_file("tally", source).state
    # how long an import takes from "ready" to "done" here; kills then spread over that time
    timing = _python(IMPORTER, str(db), str(source), "timing", stdin=subprocess.PIPE)
    assert timing.stdout.readline() == "ready\n"
    start = time.perf_counter()
    assert timing.stdout.readline() == "done\n"
    took = time.perf_counter() - start
    timing.kill()
    _finish(timing)
    rng = random.Random(1981)
    fractions = [(i + rng.random()) / 10 for i in range(10)] + [1.5, 2.5]
    outcomes = set()
    for k, fraction in enumerate(fractions):
        process = _python(IMPORTER, str(db), str(source), f"i{k}", stdin=subprocess.PIPE)
        out = _kill(process, took * fraction)
        _sound(db)
        names = [row["name"] for row in table.tables(db)]
        if f"i{k}" in names:
            assert len(_committed(db, f"i{k}")) == count
            assert table.show(db, f"i{k}").state == expected
            outcomes.add("whole")
        else:
            assert "done" not in out
            outcomes.add("none")
        assert len(_committed(db, "keep")) == 0
    assert outcomes == {"whole", "none"}  # kills landed both before and after the commit


def test_two_writers_lose_nothing_and_never_interleave(tmp_path):
    db = tmp_path / "t.sqlite"
    table.new(db, "tally", "t", {"max": 0})
    count = 120
    writers = [_writer(db, who, count, wait=True) for who in ("a", "b")]
    for process in writers:
        assert process.stdout.readline() == "ready\n"
    for process in writers:  # both start at once
        process.stdin.write("go\n")
        process.stdin.flush()
    written = {}
    for who, process in zip(("a", "b"), writers, strict=True):
        out, err = _finish(process)
        assert process.returncode == 0, err
        written[who] = len(out.split())
        assert out.split() == [str(i) for i in range(written[who])]
        assert written[who] >= count
    lines = table.log(db, "t")
    assert len(lines) == written["a"] + written["b"]
    for who in ("a", "b"):
        mine = [line.by for line in lines if line.by.startswith(who)]
        assert mine == [f"{who}{i}" for i in range(written[who])]
    state = table.show(db, "t").state
    assert sum(state["points"].values()) == len(lines)
    # each event saw exactly the events before it: "now N" grows by one per player
    seen = {"red": 0, "blue": 0}
    for line in lines:
        player = line.action["player"]
        seen[player] += 1
        assert line.text == f"{player} adds 1 (now {seen[player]})"
