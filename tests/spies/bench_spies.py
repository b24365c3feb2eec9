"""Wall times of the Spies! tracker on the recorded five-player game (116 events, 1933-1939):
`deaddrop table show` on the imported table and `deaddrop table replay spies FILE`, whole
processes (medians of alternating runs, each after an uncounted warm-up), beside `deaddrop table
list` on the same database as the start-up floor; then the replay and the render in process.
Each process's CPU time (user + sys) is printed too: on a busy machine it is what the wall time
would be on an idle one. The processes run with Python's bytecode cached in a private folder, as
on a normal install (where PYTHONDONTWRITEBYTECODE is set, every module would be compiled from
source at every run); `--as-is` runs them with the environment as it is. Target (issue 13):
show and replay under 0.2 s.

    .venv/bin/python tests/spies/bench_spies.py [--runs 9]
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

GAME = Path(__file__).resolve().parent / "games" / "five-players.yaml"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=9)
    parser.add_argument("--as-is", action="store_true", help="the environment's bytecode setting")
    args = parser.parse_args()
    deaddrop = str(Path(sys.executable).with_name("deaddrop"))
    with tempfile.TemporaryDirectory() as tmp:
        env = {**os.environ, "DEADDROP_DB": f"{tmp}/b.sqlite", "DEADDROP_CACHE": f"{tmp}/cache"}
        if not args.as_is:
            env.pop("PYTHONDONTWRITEBYTECODE", None)
            env["PYTHONPYCACHEPREFIX"] = f"{tmp}/pycache"
        subprocess.run(
            [deaddrop, "table", "import", str(GAME), "--name", "five"],
            env=env, check=True, capture_output=True,
        )  # fmt: skip
        commands = {
            "table show": [deaddrop, "table", "show", "five"],
            "table replay": [deaddrop, "table", "replay", "spies", str(GAME)],
            "table list (floor)": [deaddrop, "table", "list"],
        }
        times: dict[str, list[float]] = {name: [] for name in commands}
        cpu: dict[str, list[float]] = {name: [] for name in commands}
        for run in range(args.runs + 1):
            for name, command in commands.items():
                used = _children_cpu()
                start = time.perf_counter()
                subprocess.run(command, env=env, check=True, capture_output=True)
                if run:
                    times[name].append(time.perf_counter() - start)
                    cpu[name].append(_children_cpu() - used)
        for name, found in times.items():
            wall, best = statistics.median(found) * 1000, min(found) * 1000
            spent = statistics.median(cpu[name]) * 1000
            print(
                f"{name:<20} wall median {wall:6.1f} ms, best {best:6.1f} ms; CPU {spent:6.1f} ms"
            )
    from assistant.games.spies.rules import GAME as SPIES
    from assistant.history import replay, resolve_options
    from assistant.history_file import read_history

    history = read_history(GAME)
    options = resolve_options(SPIES, history.options)
    state = replay(SPIES, options, history.events)
    replays, renders = [], []
    for _ in range(args.runs):
        start = time.perf_counter()
        state = replay(SPIES, options, history.events)
        replays.append(time.perf_counter() - start)
        start = time.perf_counter()
        SPIES.render(state)
        renders.append(time.perf_counter() - start)
    replayed, rendered = statistics.median(replays) * 1000, statistics.median(renders) * 1000
    events = len(history.events)
    print(f"in process: replay {replayed:.1f} ms ({events} events), render {rendered:.2f} ms")


def _children_cpu() -> float:
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


if __name__ == "__main__":
    main()
