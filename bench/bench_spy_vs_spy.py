"""Spy vs Spy tracker timings (issue 15): the cops' turn, and `deaddrop table show` of a game.

1. The cops' turn computed by the tracker (`GAME.apply` of `cops`: every cop on the board picks
   his target and walks his path, fights start; and `show`'s preview, `plan_turn`), in process,
   at each cops' turn of the recorded helipad game (three cops on the board at the last ones).
   Target: under 50 ms.
2. `deaddrop table show` of the whole recorded game (65 events) run as a subprocess: wall and
   CPU time including start-up, median of several runs, with `deaddrop table list` on the same
   database for the start-up alone, and the game's own part (replay, view, board) in process.
   Target: under 0.2 s.

    python bench/bench_spy_vs_spy.py [--runs 9] [--game tests/spy_vs_spy/games/helipad-win.yaml]
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import yaml

from assistant import history_file, table_io
from assistant.games.spy_vs_spy.cops import plan_turn
from assistant.games.spy_vs_spy.rules import GAME
from assistant.history import replay, resolve_options

RUN = "from deaddrop.commands.main import main; main()"
GAME_FILE = Path(__file__).resolve().parent.parent / "tests/spy_vs_spy/games/helipad-win.yaml"


def cops_turns(path: Path) -> list[tuple[dict, dict]]:
    """(the state, the cops action) at every cops' turn of a recorded game."""
    recorded = yaml.safe_load(path.read_text(encoding="utf-8"))
    state = GAME.setup(recorded["options"])
    assert isinstance(state, dict)
    turns: list[tuple[dict, dict]] = []
    for event in recorded["events"]:
        if event["action"]["type"] == "cops":
            turns.append((state, event["action"]))
        after = GAME.apply(state, event["action"])
        assert isinstance(after, dict), (event, after)
        state = after
    return turns


def time_cops(path: Path, runs: int) -> list[tuple[int, float, float]]:
    """(cops on the board, median ms of the cops action, median ms of the preview) a turn."""
    out = []
    for state, action in cops_turns(path):
        apply, preview = [], []
        for _ in range(runs):
            start = time.perf_counter()
            GAME.apply(state, action)
            apply.append(time.perf_counter() - start)
            start = time.perf_counter()
            plan_turn(state, GAME.kit)
            preview.append(time.perf_counter() - start)
        on = sum(c["status"] == "on" for c in state["cops"]) + len(action.get("arrive", {}))
        out.append((on, statistics.median(apply) * 1000, statistics.median(preview) * 1000))
    return out


def timed(command: list[str], env: dict[str, str], runs: int) -> tuple[list[float], list[float]]:
    """Wall times and CPU times (user + system) of `runs` runs (after one uncounted warm-up
    run): on a busy machine the CPU time says what the command costs, the wall time what the
    table waits."""
    wall, cpu = [], []
    for _ in range(runs + 1):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        subprocess.run(command, env=env, check=True, capture_output=True)
        wall.append(time.perf_counter() - start)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    return wall[1:], cpu[1:]


def in_process(path: Path, runs: int) -> float:
    """Median seconds of the game's part of `show`: the replay, the view and the board."""
    history = history_file.read_history(path)
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        state = replay(GAME, resolve_options(GAME, history.options), history.events)
        GAME.render(state)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=9)
    parser.add_argument("--game", type=Path, default=GAME_FILE)
    args = parser.parse_args()
    turns = time_cops(args.game, max(args.runs, 20))
    worst = max(ms for _, ms, _ in turns)
    print(f"cops' turn, {len(turns)} turns of {args.game.name}:")
    for number, (on, ms, preview) in enumerate(turns, 1):
        print(f"  {number:>2}. {on} cop(s): apply {ms:6.2f} ms, show's preview {preview:5.2f} ms")
    print(f"  slowest {worst:.2f} ms (target < 50 ms)")
    script = Path(sys.executable).with_name("deaddrop")
    command = [str(script)] if script.exists() else [sys.executable, "-c", RUN]
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "bench.sqlite"
        table_io.import_file(db, args.game, "game")
        env = {**os.environ, "DEADDROP_DB": str(db), "DEADDROP_CACHE": str(Path(tmp) / "cache")}
        subprocess.run(command + ["table", "show"], env=env, check=True, capture_output=True)
        show, show_cpu = timed(command + ["table", "show", "game"], env, args.runs)
        start_up, start_cpu = timed(command + ["table", "list"], env, args.runs)
    events = len(yaml.safe_load(args.game.read_text(encoding="utf-8"))["events"])
    median = statistics.median
    print(
        f"deaddrop table show ({events} events): median {median(show):.3f} s wall"
        f" (min {min(show):.3f} s), {median(show_cpu):.3f} s CPU (target < 0.2 s)"
    )
    print(
        f"deaddrop table list (start-up alone): median {median(start_up):.3f} s wall"
        f" (min {min(start_up):.3f} s), {median(start_cpu):.3f} s CPU"
    )
    game_part = in_process(args.game, args.runs) * 1000
    print(f"in process, the replay, view and board of the game: median {game_part:.1f} ms")


if __name__ == "__main__":
    main()
