"""Read a few hundred synthetic phone photos of the Spy! sheet and count the outcomes.

    nice -n 10 .venv/bin/python bench/bench_spy_photo.py [--count 300] [--first 0]

Each case (seed s) draws a network on the real sheet (tests/spy_photo/synth.py): a legal network
drawn uniformly (`spy random`'s draw) in pencil on the upper field (one case in five: the lower
field; one in five of the upper ones: the sheet folded, only its upper half in the picture); one
case in ten an illegal drawing (a line shifted off its joint), one in ten with a half rubbed-out
stroke beside the network. The photo is turned any quarter, seen in perspective, lit unevenly,
blurred, noisy, JPEG-compressed. It prints how many were

- read exactly: nothing uncertain, the cells read are the cells drawn (and the verdict is right);
- flagged: cells named as uncertain (the command asks to confirm), or no field found (it says so);
- read wrong silently: nothing flagged, yet the cells read are not the cells drawn.

The aim (issue 29): at least 95% read exactly, none wrong silently.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "spy_photo"))

import synth  # noqa: E402

from assistant.games.spy import photo  # noqa: E402
from assistant.games.spy.layouts import random_network  # noqa: E402
from assistant.games.spy.model import Field  # noqa: E402
from assistant.games.spy.photo_image import PhotoError  # noqa: E402

LENGTHS = (1, 2, 3, 4, 5, 6)


def _cells(vertices: list[tuple[int, int]]) -> frozenset[tuple[int, int]]:
    out = set()
    for (r0, c0), (r1, c1) in zip(vertices, vertices[1:], strict=False):
        if r0 == r1:
            out.update((r0, c) for c in range(min(c0, c1), max(c0, c1) + 1))
        else:
            out.update((r, c0) for r in range(min(r0, r1), max(r0, r1) + 1))
    return frozenset(out)


def case(page: synth.Page, seed: int) -> tuple[str, str, float]:
    """(outcome, what the case was, seconds to read)."""
    rng = np.random.default_rng(seed)
    vertices = list(random_network(Field(), LENGTHS, seed).vertices)
    kind = "legal"
    faint: tuple = ()
    roll = rng.random()
    if roll < 0.1:  # an illegal drawing: the last line moved one cell sideways
        a, b = vertices[-2], vertices[-1]
        if a[0] == b[0]:
            shift = (1 if a[0] < 9 else -1, 0)
        else:
            shift = (0, 1 if a[1] < 9 else -1)
        vertices[-1] = (b[0] + shift[0], b[1] + shift[1])
        vertices[-2] = (a[0] + shift[0], a[1] + shift[1])
        kind = "illegal"
    elif roll < 0.2:  # a stroke half rubbed out, away from the network
        covered = _cells(vertices)
        free = [
            ((r, c), (r, c + 1))
            for r in range(10)
            for c in range(9)
            if not ({(r, c), (r, c + 1)} & covered)
        ]
        faint = (free[int(rng.integers(len(free)))],)
        kind = "rubbed out"
    field = "lower" if rng.random() < 0.2 else "upper"
    half = "upper" if field == "upper" and rng.random() < 0.25 else None
    drawn = synth.draw_pencil(page, field, vertices, rng, faint=faint)
    jpeg = synth.photograph(drawn, rng, half=half)
    what = f"{kind}, {field} field{', folded' if half else ''}"
    start = time.perf_counter()
    try:
        reading = photo.read_photo(jpeg, f"case {seed}", field, LENGTHS)
    except PhotoError:
        return "no field", what, time.perf_counter() - start
    took = time.perf_counter() - start
    if reading.uncertain:
        return "flagged", what, took
    truth = _cells(vertices)
    if reading.decision.cells != truth or reading.result.legal != (kind != "illegal"):
        return "wrong", what, took
    return "exact", what, took


def _report(title: str, counts: dict[str, int]) -> None:
    n = sum(counts.values())
    if not n:
        return
    print(f"{title}: {n} photos")
    print(f"  read exactly:        {counts['exact']:4d} ({100 * counts['exact'] / n:.1f}%)")
    print(f"  flagged uncertain:   {counts['flagged']:4d} (cells named, asks to confirm)")
    print(f"  no field found:      {counts['no field']:4d} (says so, exit 2)")
    print(f"  read wrong silently: {counts['wrong']:4d}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=300)
    parser.add_argument("--first", type=int, default=0)
    args = parser.parse_args()
    page = synth.render_page()
    empty = {"exact": 0, "flagged": 0, "no field": 0, "wrong": 0}
    drawn, rubbed = dict(empty), dict(empty)
    times = []
    for seed in range(args.first, args.first + args.count):
        outcome, what, took = case(page, seed)
        (rubbed if what.startswith("rubbed out") else drawn)[outcome] += 1
        times.append(took)
        if outcome != "exact":
            print(f"  case {seed} ({what}): {outcome}", flush=True)
    n = args.count
    print(f"{n} synthetic photos (seeds {args.first} to {args.first + n - 1})")
    _report("drawn networks (legal and illegal)", drawn)
    _report("with a stroke half rubbed out (flagging it is right)", rubbed)
    _report("all", {k: drawn[k] + rubbed[k] for k in empty})
    print(f"reading time: mean {np.mean(times):.2f} s, worst {max(times):.2f} s a photo")
    exact = drawn["exact"] + rubbed["exact"]
    wrong = drawn["wrong"] + rubbed["wrong"]
    met = drawn["exact"] >= 0.95 * sum(drawn.values()) and wrong == 0
    print(
        "aim (drawn networks >= 95% exact, none wrong silently):",
        "met" if met else "NOT met",
        f"({exact} of {n} exact in all)",
    )


if __name__ == "__main__":
    main()
