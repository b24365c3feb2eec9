"""Spy! figures (issues 4 and 5): `spy check` wall time; cold enumeration, cache load, one
observation, a suggestion.

    .venv/bin/python bench/bench_spy.py [--no-16]

Uses a fresh temporary cache directory. Targets on a 2-core machine: cold 10x10 < 1 s, cached
< 0.2 s, one observation < 10 ms, a full suggestion < 1 s; 16x16 (about two million networks) works.
The whole command is timed with an empty cache, with the networks cached (a new question: the
answers cached by assistant/games/spy/deduction.py are removed first) and asked again.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def _best(fn, repeat: int = 3) -> float:
    times = []
    for _ in range(repeat):
        began = time.perf_counter()
        fn()
        times.append(time.perf_counter() - began)
    return min(times)


def main() -> None:
    os.environ["DEADDROP_CACHE"] = tempfile.mkdtemp(prefix="deaddrop-bench-")
    sizes = [(10, 10)] if "--no-16" in sys.argv else [(10, 10), (16, 16)]
    for rows, cols in sizes:
        _measure(rows, cols)
    script = str(Path(sys.executable).parent / "deaddrop")
    network = Path(os.environ["DEADDROP_CACHE"]) / "network.txt"
    network.write_text("2B 2D 5D 5H 10H 10B 9B\n", encoding="utf-8")
    check = [script, "spy", "check", str(network)]
    wall = _best(lambda: subprocess.run(check, check=True, capture_output=True), 5)
    print(
        f"deaddrop spy check (vertex list, whole command, best of 5): {wall:.3f} s (target < 0.3 s)"
    )
    command = [script, "spy", "deduce", "5E=hot", "--json"]
    os.environ["DEADDROP_CACHE"] = tempfile.mkdtemp(prefix="deaddrop-bench-")
    answers = Path(os.environ["DEADDROP_CACHE"]) / "spy" / "deduce"  # deduction.py's cache

    def whole(forget_answer: bool) -> None:
        if forget_answer:
            shutil.rmtree(answers, ignore_errors=True)
        subprocess.run(command, check=True, capture_output=True)

    for label, runs, forget in (
        ("empty cache", 1, True),
        ("networks cached, a new question", 3, True),
        ("the same question again", 3, False),
    ):
        wall = _best(lambda forget=forget: whole(forget), runs)
        print(f"deaddrop spy deduce 5E=hot --json (whole command, {label}): {wall:.3f} s")


def _measure(rows: int, cols: int) -> None:
    import numpy as np

    from assistant.games.spy import enumerate as en
    from assistant.games.spy.deduce import apply, deduce, suggest
    from assistant.games.spy.model import Field
    from assistant.games.spy.observations import parse_observation

    field = Field(rows, cols)
    en.clear_memo()
    began = time.perf_counter()
    nets = en.networks(field)
    cold = time.perf_counter() - began
    print(f"{rows}x{cols}: {len(nets):,} distinct networks")
    print(f"  cold enumeration (build + write cache): {cold:.3f} s")

    def load() -> None:
        en.clear_memo()
        en.networks(field)

    print(f"  load from cache:                        {_best(load):.3f} s")
    index = np.arange(len(nets))
    hot = parse_observation("5E=hot", field)
    multi = parse_observation("4B-4E=cold,cold,warm,warm", field)
    one = _best(lambda: apply(nets, index, hot, field), 5)
    four = _best(lambda: apply(nets, index, multi, field), 5)
    print(f"  apply one observation (5E=hot):         {one * 1000:.1f} ms")
    print(f"  apply a 4-cell probe:                   {four * 1000:.1f} ms")
    squares = (2, 2, 3, 3, 4, 5)
    full = _best(lambda: suggest(nets.masks, field, squares), 2)
    print(f"  suggestion, no observations yet:        {full:.3f} s")
    after = apply(nets, index, hot, field)
    part = _best(lambda: suggest(nets.masks[after], field, squares), 2)
    print(f"  suggestion after 5E=hot ({len(after):,} left): {part:.3f} s")
    whole = _best(lambda: deduce(field, (1, 2, 3, 4, 5, 6), [hot, multi], squares), 2)
    print(f"  whole deduce (2 observations, cached):  {whole:.3f} s")
    print(f"  peak memory of this process so far:     {_peak_mb():.0f} MB")


def _peak_mb() -> float:
    import resource

    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


if __name__ == "__main__":
    main()
