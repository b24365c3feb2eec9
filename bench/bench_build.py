"""Time a full build of the sample game (after start-up): kit PDF, per-component PDFs, SVGs.

    python bench/bench_build.py [GAME] [--runs N]

Prints the start-up cost (imports, fonts), the wall time of a full build (best and median of N
runs), and components and pieces rendered per second.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", nargs="?", default="sample")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--svg", action="store_true", help="also write the SVGs")
    args = parser.parse_args()

    started = time.perf_counter()
    from deaddrop.paths import templates_dir
    from pnp.backends.pdf import register_fonts
    from pnp.build import build_kits
    from pnp.definitions import load_kits
    from pnp.imposition import Settings

    register_fonts()
    startup = time.perf_counter() - started

    times, loads = [], []
    with tempfile.TemporaryDirectory() as tmp:
        for run in range(args.runs):
            t0 = time.perf_counter()
            kits = load_kits(templates_dir(), [args.game])
            t1 = time.perf_counter()
            build_kits(kits, Path(tmp) / str(run), Settings(), svg=args.svg)
            t2 = time.perf_counter()
            loads.append(t1 - t0)
            times.append(t2 - t0)
    kit = kits[0]
    components = len(kit.components)
    pieces = sum(c.copies for c in kit.components)
    best, median = min(times), statistics.median(times)
    print(f"game: {kit.name} ({components} components, {pieces} pieces), {args.runs} runs")
    print(f"start-up (imports, fonts): {startup * 1000:.0f} ms")
    print(f"load YAML: {min(loads) * 1000:.1f} ms (best)")
    print(f"full build: {best * 1000:.1f} ms best, {median * 1000:.1f} ms median")
    print(f"components rendered per second: {components / best:.1f}")
    print(f"pieces rendered per second: {pieces / best:.1f}")


if __name__ == "__main__":
    main()
