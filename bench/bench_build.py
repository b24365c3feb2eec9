"""Time a full build (after start-up): kit PDFs, per-component PDFs, SVGs.

    python bench/bench_build.py [GAME ...] [--runs N] [--paper a4|letter] [--templates DIR]

Every game by default (`deaddrop build` with no game). Prints the start-up cost (imports,
fonts), the wall and CPU time of a full build (best and median of N runs), the pages written,
and components and pieces rendered per second.
"""

from __future__ import annotations

import argparse
import re
import statistics
import tempfile
import time
from pathlib import Path


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", help="games to build (default: every game)")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--paper", default="a4")
    parser.add_argument("--templates", type=Path, default=None)
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

    times, cpus, loads, pages = [], [], [], 0
    templates = args.templates or templates_dir()
    with tempfile.TemporaryDirectory() as tmp:
        for run in range(args.runs):
            t0, c0 = time.perf_counter(), time.process_time()
            kits = load_kits(templates, args.games or None)
            t1 = time.perf_counter()
            written = build_kits(kits, Path(tmp) / str(run), Settings(paper=args.paper), args.svg)
            t2, c2 = time.perf_counter(), time.process_time()
            loads.append(t1 - t0)
            times.append(t2 - t0)
            cpus.append(c2 - c0)
        pages = sum(_pages(path) for path in written if path.suffix == ".pdf")
        kit_pages = sum(_pages(Path(tmp) / "0" / f"{kit.name}.pdf") for kit in kits)
    components = sum(len(kit.components) for kit in kits)
    pieces = sum(c.copies for kit in kits for c in kit.components)
    best, median = min(times), statistics.median(times)
    names = ", ".join(kit.name for kit in kits)
    print(
        f"games: {names} ({components} components, {pieces} pieces), {args.paper}, {args.runs} runs"
    )
    print(f"pages: {kit_pages} in the kit PDFs, {pages} in all PDFs")
    print(f"start-up (imports, fonts): {startup * 1000:.0f} ms")
    print(f"load YAML: {min(loads) * 1000:.1f} ms (best)")
    print(f"full build: {best * 1000:.1f} ms best, {median * 1000:.1f} ms median")
    print(f"CPU: {min(cpus) * 1000:.1f} ms best, {statistics.median(cpus) * 1000:.1f} ms median")
    print(f"components rendered per second: {components / best:.1f}")
    print(f"pieces rendered per second: {pieces / best:.1f}")


def _pages(path: Path) -> int:
    """The number of pages of a PDF that reportlab wrote (its /Count)."""
    found = re.search(rb"/Count (\d+)\s*/Kids", path.read_bytes())
    return int(found.group(1)) if found else 0


if __name__ == "__main__":
    main()
