"""Every command against its floor: whole processes, medians of alternating runs, each row of
issue 37's table as a ratio paired in one run, with its goal.

    python bench/bench_floors.py [--runs N] [--scaling] [--only ROW] [--deaddrop SCRIPT] [--as-is]

Rows (each prints the figure, the floor or peer, the ratio and the goal; the build rows give the
processes' CPU time beside their wall time, the figure a busy shared machine leaves steadiest):
- kits: a full build of every kit, cold (a new --out and an empty cache each run), against a
  raw reportlab script of 400 counters and 50 tiles (bench/kits_floor.py; goal: <= 1.2 s and
  <= 5x); `deaddrop build spies` alone, cold (goal: <= 0.6 s). Both goals are wall times: a build
  runs on two cores when one is free (pnp/lanes.py; the build and deck rows set
  DEADDROP_BUILD_JOBS=2, two processes whatever the load here), its CPU time is both processes',
  and the CPU time on the longer of their paths is what an idle machine's wall time is;
- start-up: `deaddrop table list`, `deaddrop --help`, `deaddrop spy check --help` and
  `deaddrop printer list` against `python -c "import typer"` (goal: ratio <= 1.25, every
  command); help screens as printed from the help cache, and `spy check --help` drawn with an
  empty one;
- deduce: `deaddrop spy deduce 5E=hot --json` on 10 x 10 with its answer cached and with only the
  networks cached (a new question; goal <= 0.3 s), and with an empty cache against a naive
  pure-Python enumerator (tests/spy/bruteforce.py) that filters by the same answer, in
  alternating pairs (goal: >= 25x faster);
- deck: a 100-card poker deck (63 x 88 mm, rounded frame, two centred texts) from YAML by
  `deaddrop build` into a new --out each run ("fresh", the row the goal is for: the definitions,
  unchanged, come from the cache, pnp/kit_cache.py), the same with an empty cache each run (the
  YAML read and checked), and into the same --out ("up to date": the build is skipped,
  pnp/uptodate.py), against the same deck drawn by plain
  reportlab calls (bench/deck_floor.py, goal: ratio <= 1.2) and, when installed, protograf
  (bench/deck_protograf.py, goal >= 10x faster);
- phone: the size of the map picture a phone loads (`map.svg`, goal <= 80 KB gzipped);
- no worse elsewhere: `table show` of 1,000 events;
- with --scaling: the deck at 100, 1,000 and 10,000 cards, time and peak memory (10,000 cards
  are two games of five components: a game holds at most 5,000 pieces, see write_deck).

The phone page under load (50 phones and a writer) is bench/bench_serve.py's; the test suite's
time is pytest's own (`pytest --durations=50`).

`--deaddrop SCRIPT` measures another build, e.g. an older commit unpacked elsewhere with a script
that puts it first on sys.path, to compare before and after under the same load.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent
DEADDROP = str(BIN / "deaddrop")
PY = sys.executable

DECK_GAME = """game: {name}
title: Deck
"""
DECK_CARDS = """components:
  {name}:
    kind: card
    size: [63mm, 88mm]
    rows: {rows}
    front:
      - rect: {{x: 0mm, y: 0mm, w: 100%, h: 100%}}
        radius: 3mm
        stroke: "#222222"
      - text: "{{title}}"
        box: {{x: 4mm, y: 30mm, w: 55mm, h: 12mm}}
        style: {{size: 14pt, bold: true, align: center, valign: middle}}
      - text: "{{subtitle}}"
        box: {{x: 4mm, y: 46mm, w: 55mm, h: 8mm}}
        style: {{size: 9pt, align: center, valign: middle}}
"""


def write_deck(folder: Path, cards: int) -> Path:
    """A templates folder holding `cards` cards, each its own face (a data row): the game `deck`
    with the component `cards`, within the definition bounds (pnp.definitions: at most 1,000
    rows a component, 5,000 pieces a game). A bigger deck is several components, then several
    games: 10,000 cards are the games deck and deck-2, each of 5 components of 1,000 cards."""
    from pnp.definitions.component_spec import MAX_ROWS
    from pnp.definitions.loader import MAX_GAME_PIECES

    per_game = MAX_GAME_PIECES // MAX_ROWS * MAX_ROWS
    for first in range(1, cards + 1, per_game):
        number = (first - 1) // per_game + 1
        name = "deck" if number == 1 else f"deck-{number}"
        game = folder / name
        game.mkdir(parents=True, exist_ok=True)
        (game / "game.yaml").write_text(DECK_GAME.format(name=name), encoding="utf-8")
        last_of_game = min(first + per_game, cards + 1)
        for start in range(first, last_of_game, MAX_ROWS):
            part = (start - first) // MAX_ROWS + 1
            component = "cards" if part == 1 else f"cards-{part}"
            rows = "\n" + "".join(
                f"      - {{title: 'Agent {n}', subtitle: 'Card {n} of {cards}'}}\n"
                for n in range(start, min(start + MAX_ROWS, last_of_game))
            )
            text = DECK_CARDS.format(name=component, rows=rows.rstrip())
            (game / f"{component}.yaml").write_text(text, encoding="utf-8")
    return folder


def run(cmd: list[str], env: dict[str, str] | None = None) -> tuple[float, int]:
    """Wall time of one process and its peak memory (KiB)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    started = time.perf_counter()
    subprocess.run(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    wall = time.perf_counter() - started
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    return wall, max(peak, before)


def timed(cmd: list[str], env: dict[str, str] | None = None) -> tuple[float, float]:
    """Wall and CPU time (user + system) of one process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    subprocess.run(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    return wall, cpu


# A deaddrop script run in a process that reports, on its last stderr line, its own CPU time,
# its children's (the processes pnp.lanes forks), its CPU time when the other process was given
# its lane (at the fork, or when a helper forked at start-up got it: pnp.lanes.start_helper) and
# that process's CPU time when it began the lane and when it ended (each child writes its own to
# a file as it leaves)
LANES = """
import atexit, json, os, resource, runpy, sys, tempfile, time
me = os.getpid()
marks = os.path.join(tempfile.gettempdir(), f"lanes-bench-{me}")
forked, given, began = [], [], []
fork, leave = os.fork, os._exit
def leaving(code):
    with open(marks, "a") as out:
        out.write(json.dumps([began[:1], time.process_time()]) + "\\n")
    leave(code)
def counting():
    forked[:] = given[:] = [time.process_time()]
    lanes = sys.modules["pnp.lanes"]  # (the one that forks; not imported before the script)
    if not hasattr(lanes, "_measured"):
        lanes._measured = run_lane = lanes.run_lane
        give = lanes._Child.give
        def running(*args, **kwargs):
            if os.getpid() != me and not began:
                began.append(time.process_time())
            return run_lane(*args, **kwargs)
        def giving(self, job):
            given[:] = [time.process_time()]
            return give(self, job)
        lanes.run_lane, lanes._Child.give = running, giving
    pid = fork()
    if pid == 0:
        os._exit = leaving
    return pid
os.fork = counting
def report():
    if os.getpid() != me:
        return
    mine = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    lane = None  # the other process: its CPU when its lane began, and from then to its end
    if os.path.exists(marks):
        with open(marks) as read:
            for start, end in map(json.loads, read):
                if start:
                    lane = [start[0], end - start[0]]
        os.unlink(marks)
    line = [mine.ru_utime + mine.ru_stime, kids.ru_utime + kids.ru_stime, forked + given, lane]
    sys.stderr.write("\\nLANES " + json.dumps(line) + "\\n")
atexit.register(report)
sys.argv = sys.argv[1:]  # the deaddrop script (--deaddrop) and its arguments
runpy.run_path(sys.argv[0], run_name="__main__")
"""


def timed_lanes(args: list[str], env: dict[str, str]) -> tuple[float, float, float]:
    """Wall time, CPU time and CPU critical path of `deaddrop ARGS` on two cores: the longer of
    this process's CPU time and, for the other process's lane, when it began (the later of this
    process's CPU time when it gave the lane, and at the fork plus the other's CPU time until
    then) plus the other's CPU time from then to its end: what the wall time is on an idle
    machine of two cores, whatever the load here."""
    started = time.perf_counter()
    done = subprocess.run(
        [PY, "-c", LANES, DEADDROP, *args],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        check=True,
    )
    wall = time.perf_counter() - started
    line = done.stderr.rstrip().splitlines()[-1].split(" ", 1)[1]
    me, kids, times, lane = json.loads(line)
    if not times or lane is None:
        return wall, me + kids, me
    forked, given = times  # the other process begins its lane once it has it and is ready
    began, spent = lane
    return wall, me + kids, max(me, max(given, forked + began) + spent)


def paired(a: list[str], b: list[str], runs: int, env=None) -> tuple[float, float]:
    """Medians of alternating runs of two commands."""
    ta, tb = [], []
    for _ in range(runs):
        ta.append(run(a, env)[0])
        tb.append(run(b, env)[0])
    return statistics.median(ta), statistics.median(tb)


def row(measure: str, now: float, floor_name: str, floor: float, ratio: str, goal: str) -> None:
    print(f"| {measure} | {now:.3f} s | {floor_name} {floor:.3f} s | {ratio} | {goal} |")


def with_bytecode(env: dict[str, str], tmp: Path) -> dict[str, str]:
    """`env` with Python's bytecode cache on, in a private folder (nothing written in the tree).

    The start-up and deduce rows run with it: where PYTHONDONTWRITEBYTECODE is set (as on the
    shared machine), every process compiles our modules from source (about 40 ms for `table
    list`) while the floor's typer comes precompiled from site-packages; an installed deaddrop
    has its bytecode cached like any package. `--as-is` measures with the environment unchanged.
    """
    out = {k: v for k, v in env.items() if k != "PYTHONDONTWRITEBYTECODE"}
    out["PYTHONPYCACHEPREFIX"] = str(tmp / "pycache")
    return out


def kits_rows(runs: int, env: dict[str, str], tmp: Path) -> None:
    """A full build of every kit and `build spies`, each cold: a new --out and an empty cache
    each run (the YAML read and checked), bytecode cached (with_bytecode), in alternating pairs
    with the raw reportlab floor (bench/kits_floor.py)."""
    fresh = iter(range(10**6))
    env = {**env, "DEADDROP_BUILD_JOBS": "2"}  # both cores, however busy this machine

    def cold(*games: str) -> tuple[list[str], dict[str, str]]:
        n = next(fresh)
        cache = {**env, "DEADDROP_CACHE": str(tmp / f"kits-cache-{n}")}
        return ["build", *games, "--out", str(tmp / f"kits-{n}")], cache

    floor = [PY, str(ROOT / "bench" / "kits_floor.py"), str(tmp / "kits-floor.pdf")]
    timed_lanes(*cold())  # compiles the bytecode of both
    timed(floor, env)
    for games, goal in (((), "<= 1.2 s and <= 5x"), (("spies",), "<= 0.6 s")):
        ours, base = [], []
        for _ in range(max(3, runs // 2)):  # alternating: the same load for both
            ours.append(timed_lanes(*cold(*games)))
            base.append(timed(floor, env))
        wall, cpu, path = (statistics.median(t[i] for t in ours) for i in (0, 1, 2))
        floor_wall, floor_cpu = (statistics.median(t[i] for t in base) for i in (0, 1))
        label = "`deaddrop build spies`, cold" if games else "full build of every kit, cold"
        print(
            f"| {label} | {wall:.3f} s (CPU {cpu:.3f} s in two processes, on the longer path "
            f"{path:.3f} s) | 400 counters and 50 tiles by raw reportlab {floor_wall:.3f} s "
            f"(CPU {floor_cpu:.3f} s) | {wall / floor_wall:.2f}x (CPU path "
            f"{path / floor_cpu:.2f}x) | {goal} |"
        )


def phone_rows() -> None:
    """The map picture a phone loads (assistant/games/spies/picture.py), its bytes and gzipped."""
    import gzip

    from assistant.games.spies.picture import picture

    svg = (picture("map.svg") or "").encode()
    packed = len(gzip.compress(svg))
    print(
        f"| `map.svg` for phones | {len(svg) / 1000:.0f} KB, {packed / 1000:.0f} KB gzipped "
        "| | | <= 80 KB gzipped |"
    )


def startup_rows(runs: int, env: dict[str, str], tmp: Path) -> None:
    """Help screens as printed again from the help cache (deaddrop/commands/help_cache.py; the
    first run draws and keeps each), then drawn by rich with the help cache empty."""
    floor = [PY, "-c", "import typer"]
    for label, args in (
        ("deaddrop table list", ["table", "list"]),
        ("deaddrop --help", ["--help"]),
        ("deaddrop spy check --help", ["spy", "check", "--help"]),
        ("deaddrop printer list", ["printer", "list"]),
    ):
        run([DEADDROP, *args], env)  # compiles the bytecode, keeps the help screen
        run(floor, env)
        now, base = paired([DEADDROP, *args], floor, runs, env)
        row(f"`{label}`", now, "`import typer`", base, f"{now / base:.2f}", "<= 1.25")
    drawn, base_times = [], []
    for n in range(runs):
        empty = {**env, "DEADDROP_CACHE": str(tmp / f"help-{n}")}
        drawn.append(run([DEADDROP, "spy", "check", "--help"], empty)[0])
        base_times.append(run(floor, env)[0])
    now, base = statistics.median(drawn), statistics.median(base_times)
    row(
        "  the same, drawn (help cache empty)", now, "`import typer`", base, f"{now / base:.2f}", ""
    )


def naive_deduce() -> None:
    """The naive enumerator: every distinct network on 10 x 10, kept when 5E (row 5, col E) is
    hot. Run as a process by `deduce_rows`."""
    sys.path.insert(0, str(ROOT / "tests" / "spy"))
    from bruteforce import distinct_networks  # type: ignore[import-not-found]

    hot = (4, 4)
    kept = sum(1 for network in distinct_networks(10, 10) if hot in network)
    print(kept)


def deduce_rows(runs: int, env: dict[str, str], tmp: Path) -> None:
    """Whole `deaddrop spy deduce` processes. "Cached": the answer to this question is cached
    (assistant/games/spy/deduction.py); "networks cached": the enumeration is, not the answer
    (the answers folder is emptied before each run: the figure a new question costs)."""
    cmd = [DEADDROP, "spy", "deduce", "5E=hot", "--json"]
    warm_env = {**env, "DEADDROP_CACHE": str(tmp / "warm-cache")}
    answers = tmp / "warm-cache" / "spy" / "deduce"

    def new_question(command: list[str]) -> float:
        shutil.rmtree(answers, ignore_errors=True)
        return run(command, warm_env)[0]

    run(cmd, warm_env)
    warm, new = [], []
    for _ in range(runs):  # alternating, so that both see the same load
        warm.append(run(cmd, warm_env)[0])
        new.append(new_question(cmd))
        run(cmd, warm_env)  # the answer cached again for the next warm run
    print(
        f"| `deaddrop spy deduce 5E=hot --json`, cached | {statistics.median(warm):.3f} s "
        "| | | <= 0.3 s |"
    )
    print(
        f"|   the same, networks cached, not the answer | {statistics.median(new):.3f} s "
        "| | | <= 0.3 s |"
    )
    run(cmd, {**env, "DEADDROP_CACHE": str(tmp / "cold-warm-up")})  # bytecode, not networks
    colds, naives = [], []
    for n in range(max(3, runs // 3)):  # alternating pairs: the naive run takes seconds
        cold_env = {**env, "DEADDROP_CACHE": str(tmp / f"cold-{n}")}
        colds.append(run(cmd, cold_env)[0])
        naives.append(run([PY, __file__, "--naive-deduce"], env)[0])
    cold, naive = statistics.median(colds), statistics.median(naives)
    row(
        "the same, empty cache",
        cold,
        "naive enumerator",
        naive,
        f"{naive / cold:.1f}x faster",
        ">= 25x faster",
    )
    big = [DEADDROP, "spy", "deduce", "8H=hot", "--rows", "16", "--cols", "16", "--json"]
    run(big, warm_env)
    big_warm, big_new = [], []
    for _ in range(max(3, runs // 2)):
        big_warm.append(run(big, warm_env)[0])
        big_new.append(new_question(big))
        run(big, warm_env)
    print(
        f"| no worse: 16 x 16 deduce, cached | {statistics.median(big_warm):.3f} s "
        "| | | no worse than before |"
    )
    print(
        f"|   the same, networks cached, not the answer | {statistics.median(big_new):.3f} s "
        "| | | no worse than before |"
    )


def deck_rows(runs: int, env: dict[str, str], tmp: Path, scaling: bool) -> None:
    """Whole processes, with bytecode cached as for the start-up rows (see with_bytecode: the
    floor's reportlab comes precompiled from site-packages; unless --as-is). protograf, when it is
    not installed, is looked for in $PROTOGRAF_PATH or /tmp/pgsite (`pip install --target
    /tmp/pgsite protograf==0.5.2`: never into the project's environment)."""
    if "--as-is" not in sys.argv:
        env = with_bytecode(env, tmp)
    env = {**env, "DEADDROP_BUILD_JOBS": "2"}  # both cores, however busy this machine
    pg_env = dict(env)
    pg_site = os.environ.get("PROTOGRAF_PATH", "/tmp/pgsite")
    if not _has("protograf") and Path(pg_site, "protograf").is_dir():
        pg_env["PYTHONPATH"] = os.pathsep.join(p for p in (pg_site, env.get("PYTHONPATH")) if p)
    sizes = (100, 1000, 10000) if scaling else (100,)
    measured: dict[int, tuple[float, float, int]] = {}  # cards -> ours, floor, peak (KiB)
    for cards in sizes:
        templates = write_deck(tmp / f"deck-{cards}", cards)
        base = [DEADDROP, "build", "--templates", str(templates), "--out"]  # every game
        ours = [*base, str(tmp / "o")]  # the same folder each run: up to date after the first
        fresh = iter(range(10**6))

        def new_out(base=base, cards=cards, fresh=fresh) -> list[str]:
            return [*base, str(tmp / f"fresh-{cards}-{next(fresh)}")]

        def cold(cards=cards, fresh=fresh) -> dict[str, str]:
            """An empty cache: the definitions read from their YAML (pnp/kit_cache.py)."""
            return {**env, "DEADDROP_CACHE": str(tmp / f"cold-{cards}-{next(fresh)}")}

        floor = [PY, str(ROOT / "bench" / "deck_floor.py"), str(cards), str(tmp / "floor.pdf")]
        n = runs if cards == 100 else 3
        run(ours, env)  # compiles the bytecode of both
        run(floor, env)
        ta, tb, tc, td, paths, floor_cpu = [], [], [], [], [], []
        for _ in range(n):  # alternating: fresh, floor, up to date, fresh with an empty cache
            wall, _cpu, path = timed_lanes(new_out()[1:], env)  # (the helper draws it: lanes)
            ta.append(wall)
            paths.append(path)
            floor_wall, cpu = timed(floor, env)
            tb.append(floor_wall)
            floor_cpu.append(cpu)
            tc.append(run(ours, env)[0])
            td.append(run(new_out(), cold())[0])
        now, base_t, cached, unread = (statistics.median(t) for t in (ta, tb, tc, td))
        path, base_cpu = statistics.median(paths), statistics.median(floor_cpu)
        goal = "<= 1.2 (the goal is for this row)" if cards == 100 else "(scaling)"
        label = f"a {cards:,}-card deck from YAML, fresh (new --out; definitions unchanged, kept)"
        row(label, now, "plain reportlab", base_t, f"{now / base_t:.2f}", goal)
        row(
            "  the same, CPU on the longer path of its two processes (pnp/lanes.py) and the "
            "floor's CPU",
            path,
            "plain reportlab",
            base_cpu,
            f"{path / base_cpu:.2f}",
            "",
        )
        row(
            "  the same, fresh with an empty cache (the YAML read and checked)",
            unread,
            "plain reportlab",
            base_t,
            f"{unread / base_t:.2f}",
            "",
        )
        row(
            "  the same, up to date (same --out, nothing changed)",
            cached,
            "plain reportlab",
            base_t,
            f"{cached / base_t:.2f}",
            "",
        )
        if scaling:
            peak = _peak(new_out(), env)
            measured[cards] = (now, base_t, peak)
            print(f"|   {cards:,} cards: peak memory {peak / 1024:.0f} MiB | | | | linear |")
        peer = ROOT / "bench" / "deck_protograf.py"
        if cards == 100 and _has("protograf", pg_env):
            pg = [PY, str(peer), str(cards), str(tmp / "pg.pdf")]
            run(pg, pg_env)  # compiles its bytecode
            ta, tb, tc = [], [], []
            for _ in range(n):  # alternating, each with its own environment
                ta.append(run(new_out(), env)[0])
                tb.append(run(pg, pg_env)[0])
                tc.append(run(new_out(), cold())[0])
            now, other, unread = (statistics.median(t) for t in (ta, tb, tc))
            for label, ours_t, goal in (
                ("the same deck, fresh (definitions kept)", now, ">= 10x faster"),
                ("  the same, fresh with an empty cache", unread, ""),
            ):
                row(label, ours_t, "protograf", other, f"{other / ours_t:.1f}x faster", goal)
    if len(measured) == 3:
        scaling_rows(measured)


def scaling_rows(measured: dict[int, tuple[float, float, int]]) -> None:
    """Linear: from 1,000 to 10,000 cards (ten times the cards) the time and the peak memory
    grow at most ten times; and what each 1,000 cards add, 100->1,000 and 1,000->10,000, next
    to the floor's (whose own two steps show what a linear build measures here)."""
    (t1, f1, m1), (t2, f2, m2), (t3, f3, m3) = (measured[c] for c in (100, 1000, 10000))
    print(
        f"| scaling: 10,000 cards against 1,000 (ten times the cards) | time x{t3 / t2:.1f}, "
        f"peak memory x{m3 / m2:.1f} | plain reportlab time x{f3 / f2:.1f} | "
        f"{max(t3 / t2, m3 / m2):.1f} | linear: at most x10 |"
    )
    small, large = (t2 - t1) / 0.9, (t3 - t2) / 9  # seconds per 1,000 cards added
    floors = f"plain reportlab {(f2 - f1) / 0.9:.3f} s, {(f3 - f2) / 9:.3f} s"
    print(
        f"|   time per 1,000 cards added, 100->1,000 and 1,000->10,000 "
        f"| {small:.3f} s, {large:.3f} s | {floors} | | |"
    )
    print(
        f"|   peak memory per 1,000 cards added | {(m2 - m1) / 0.9 / 1024:.1f} MiB, "
        f"{(m3 - m2) / 9 / 1024:.1f} MiB | | | |"
    )


def _peak(cmd: list[str], env: dict[str, str]) -> int:
    """Peak resident memory (KiB) of one run, read in a fresh child."""
    code = (
        "import resource, subprocess, sys;"
        "subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, check=True);"
        "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)"
    )
    out = subprocess.run([PY, "-c", code, *cmd], env=env, capture_output=True, text=True)
    return int(out.stdout.strip() or 0)


def _has(module: str, env: dict[str, str] | None = None) -> bool:
    out = subprocess.run([PY, "-c", f"import {module}"], env=env, capture_output=True)
    return out.returncode == 0


def elsewhere_rows(runs: int, env: dict[str, str], tmp: Path) -> None:
    show = subprocess.run(
        [PY, str(ROOT / "bench" / "bench_table_show.py"), "--runs", "5"],
        env=env,
        capture_output=True,
        text=True,
    )
    for line in show.stdout.splitlines():
        if "median" in line or "show" in line:
            print(f"|   table show, 1,000 events: {line.strip()} | | | | no worse |")
            break


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=9)
    parser.add_argument("--scaling", action="store_true")
    parser.add_argument(
        "--only", choices=["kits", "startup", "deduce", "deck", "phone", "elsewhere"]
    )
    parser.add_argument("--naive-deduce", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--deaddrop", help="The deaddrop script to measure (e.g. another build).")
    parser.add_argument(
        "--as-is", action="store_true", help="Start-up and deduce rows without bytecode caching."
    )
    args = parser.parse_args()
    if args.deaddrop:
        global DEADDROP
        DEADDROP = args.deaddrop
    if args.naive_deduce:
        naive_deduce()
        return
    env = {k: v for k, v in os.environ.items() if k != "DEADDROP_CACHE"}
    tmp = Path(tempfile.mkdtemp(prefix="deaddrop-bench-"))
    env["DEADDROP_DB"] = str(tmp / "tables.sqlite")
    quick = env if args.as_is else with_bytecode(env, tmp)
    if args.only in (None, "kits", "startup", "deduce"):
        cached = "as the environment says" if args.as_is else "cached (see with_bytecode)"
        print(f"build, start-up and deduce rows: bytecode {cached}")
    print("| measure | now | floor or peer | ratio | goal |")
    print("|---|---|---|---|---|")
    try:
        if args.only in (None, "kits"):
            kits_rows(args.runs, {**quick, "DEADDROP_DB": str(tmp / "kits.sqlite")}, tmp)
        if args.only in (None, "startup"):
            startup_rows(args.runs, quick, tmp)
        if args.only in (None, "deduce"):
            deduce_rows(args.runs, quick, tmp)
        if args.only in (None, "deck"):
            deck_rows(args.runs, {**env, "DEADDROP_CACHE": str(tmp / "cache")}, tmp, args.scaling)
        if args.only in (None, "phone"):
            phone_rows()
        if args.only in (None, "elsewhere"):
            elsewhere_rows(args.runs, env, tmp)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
