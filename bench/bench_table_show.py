"""Wall time of `deaddrop table show` on a tally table of 1,000 events (issue 3).

Builds the table in a temporary database (by importing a generated history), runs the console
script several times as a subprocess and prints the median; then checks, with `python -X
importtime`, that reportlab is not imported on this path. Target: under 0.2 s including start-up.
Then, for comparison, the same on a real game: a recorded Spies & Lies game of about fifty events
(that game reads its facts from four template YAML files on start-up), and the wall time of
`deaddrop table do` (one action written) on the 1,000-event table.

    python bench/bench_table_show.py [--events 1000] [--runs 9]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from assistant import table_io
from assistant.history import Entry
from assistant.history_file import HistoryFile, dump_history

# `python -c RUN table show`: the CLI's own argv
RUN = "from deaddrop.commands.main import main; main()"


def history(events: int) -> HistoryFile:
    """A legal tally history: adds, rolls and subtractions that never leave 0..max."""
    entries = []
    for i in range(events):
        player = ("red", "blue", "green")[i % 3]
        if i % 5 == 4:
            action = {"type": "sub", "player": player, "n": 1}
        elif i % 5 == 2:
            action = {"type": "roll", "player": player, "dice": [1 + i % 6, 1 + i * 7 % 6]}
        else:
            action = {"type": "add", "player": player, "n": 1}
        entries.append(Entry(action, by=player))
    return HistoryFile("tally", {"players": ["red", "blue", "green"], "max": 0}, entries, "bench")


REAL_GAME = Path(__file__).resolve().parent.parent / "tests/spies_and_lies/games/draw.yaml"


def timed(command: list[str], env: dict[str, str], runs: int) -> list[float]:
    """Wall times of `runs` runs (after one uncounted warm-up run)."""
    times = []
    for _ in range(runs + 1):
        start = time.perf_counter()
        subprocess.run(command, env=env, check=True, capture_output=True)
        times.append(time.perf_counter() - start)
    return times[1:]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--events", type=int, default=1000)
    parser.add_argument("--runs", type=int, default=9)
    args = parser.parse_args()
    script = Path(sys.executable).with_name("deaddrop")
    command = [str(script)] if script.exists() else [sys.executable, "-c", RUN]
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "bench.sqlite"
        source = Path(tmp) / "bench.yaml"
        source.write_text(dump_history(history(args.events)))
        table_io.import_file(db, source, None)
        env = {**os.environ, "DEADDROP_DB": str(db), "DEADDROP_CACHE": str(Path(tmp) / "cache")}
        times = timed(command + ["table", "show"], env, args.runs)
        real = None
        if REAL_GAME.exists():
            table_io.import_file(db, REAL_GAME, "real")
            real = timed(command + ["table", "show", "real"], env, args.runs)
        table_io.import_file(db, source, "writes")
        do = command + ["table", "do", "add", "player=red", "n=1", "--table", "writes"]
        writes = timed(do, env, args.runs)
        imports = subprocess.run(
            [sys.executable, "-X", "importtime", "-c", RUN, "table", "show", "bench"],
            env=env,
            check=True,
            capture_output=True,
            text=True,
        ).stderr
    heavy = sorted(
        {m for m in ("reportlab", "svgwrite", "numpy", "pydantic") if f" {m}" in imports}
    )
    median = statistics.median(times)
    print(f"deaddrop table show, {args.events} events: median {median:.3f} s over {args.runs} runs")
    print(f"  (min {min(times):.3f} s, max {max(times):.3f} s; target < 0.2 s)")
    print(f"  heavy modules imported: {', '.join(heavy) if heavy else 'none'}")
    if real is not None:
        print(
            f"deaddrop table show, {REAL_GAME.name} (Spies & Lies): median "
            f"{statistics.median(real):.3f} s (min {min(real):.3f} s, max {max(real):.3f} s)"
        )
    print(
        f"deaddrop table do, on {args.events} events: median {statistics.median(writes):.3f} s "
        f"(min {min(writes):.3f} s, max {max(writes):.3f} s)"
    )


if __name__ == "__main__":
    main()
