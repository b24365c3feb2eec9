"""Several processes: kill -9 at random points while writing; two writers at once."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

from assistant import table, table_io
from assistant.store import Store

WRITER = """
import sys
from pathlib import Path
from assistant import table
db, who, count = Path(sys.argv[1]), sys.argv[2], int(sys.argv[3])
print("ready", flush=True)
for i in range(count):
    player = "red" if i % 2 else "blue"
    table.do(db, "t", {"type": "add", "player": player, "n": 1}, by=f"{who}{i}")
    print(i, flush=True)
"""


def _writer(db: Path, who: str, count: int) -> subprocess.Popen:
    env = {**os.environ, "DEADDROP_DB": str(db)}
    return subprocess.Popen(
        [sys.executable, "-c", WRITER, str(db), who, str(count)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )


def test_kill_9_at_random_points_leaves_a_sound_database(tmp_path):
    db = tmp_path / "t.sqlite"
    table.new(db, "tally", "t", {"max": 0})
    rng = random.Random(1974)
    acknowledged = 0
    kills = 0
    while kills < 25:
        process = _writer(db, f"w{kills}-", 100_000)
        assert process.stdout.readline() == "ready\n"
        time.sleep(rng.uniform(0.0, 0.06))
        os.kill(process.pid, signal.SIGKILL)
        out, _ = process.communicate()
        assert process.returncode == -signal.SIGKILL
        acknowledged += len(out.split())  # events whose commit returned before the kill
        kills += 1
        with Store(db, create=False) as store:
            assert store.integrity() == "ok"
        live = len(table.log(db, "t"))
        # every acknowledged event is there; at most one per kill committed unacknowledged
        assert acknowledged <= live <= acknowledged + kills
    state = table.show(db, "t").state
    assert sum(state["points"].values()) == live
    path = tmp_path / "t.yaml"
    path.write_text(table_io.export(db, "t"))
    assert table_io.replay_file("tally", path).state == state
    assert acknowledged > 0


def test_two_writers_lose_nothing_and_never_interleave(tmp_path):
    db = tmp_path / "t.sqlite"
    table.new(db, "tally", "t", {"max": 0})
    count = 120
    writers = [_writer(db, who, count) for who in ("a", "b")]
    for process in writers:
        out, err = process.communicate(timeout=120)
        assert process.returncode == 0, err
        assert out.split()[1:] == [str(i) for i in range(count)]
    lines = table.log(db, "t")
    assert len(lines) == 2 * count
    for who in ("a", "b"):
        mine = [line.by for line in lines if line.by.startswith(who)]
        assert mine == [f"{who}{i}" for i in range(count)]
    state = table.show(db, "t").state
    assert state["points"] == {"red": count, "blue": count}
    # each event saw exactly the events before it: "now N" grows by one per player
    seen = {"red": 0, "blue": 0}
    for line in lines:
        player = line.action["player"]
        seen[player] += 1
        assert line.text == f"{player} adds 1 (now {seen[player]})"
