"""Spy! solo (issue 27): how many probes the computer needs at each level to find a network.

    nice -n 10 .venv/bin/python bench/bench_spy_solo.py [--games 200] [--rows 10 --cols 10]
        [--lengths 1,2,3,4,5,6] [--squares 2,2,3,3,4,5] [--levels easy,fair,best]

Game k (k = 0 .. games - 1) hides the network drawn uniformly over the distinct legal networks
from seed k (the same networks at every level); the computer probes it, answered truly, until it
claims (assistant/games/spy/solo_computer.py: when one network remains). Printed per level: the
mean and the worst number of probes (a multiple probe counts as one), and the time taken.
"""

from __future__ import annotations

import argparse
import statistics
import time

import numpy as np


def _ints(text: str) -> tuple[int, ...]:
    return tuple(int(part) for part in text.split(",") if part.strip())


def measure(
    games: int,
    rows: int,
    cols: int,
    lengths: tuple[int, ...],
    squares: tuple[int, ...],
    levels: tuple[str, ...] = ("easy", "fair", "best"),
) -> dict[str, list[int]]:
    """{level: probes needed in each game}."""
    from assistant.games.spy.enumerate import networks
    from assistant.games.spy.model import Field
    from assistant.games.spy.solo_computer import probes_to_find

    field = Field(rows, cols)
    nets = networks(field, lengths)
    secrets = [int(np.random.default_rng(k).integers(len(nets))) for k in range(games)]
    first: dict = {}
    return {
        level: [
            probes_to_find(level, field, lengths, squares, secret, seed=1000 + k, first=first)
            for k, secret in enumerate(secrets)
        ]
        for level in levels
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--rows", type=int, default=10)
    parser.add_argument("--cols", type=int, default=10)
    parser.add_argument("--lengths", default="1,2,3,4,5,6")
    parser.add_argument("--squares", default="2,2,3,3,4,5")
    parser.add_argument("--levels", default="easy,fair,best")
    args = parser.parse_args()
    lengths, squares = _ints(args.lengths), _ints(args.squares)
    print(
        f"{args.games} games, {args.rows} x {args.cols} field, lengths {args.lengths}, "
        f"squares {args.squares}"
    )
    for level in args.levels.split(","):
        began = time.perf_counter()
        counts = measure(args.games, args.rows, args.cols, lengths, squares, (level,))[level]
        took = time.perf_counter() - began
        print(
            f"{level:5}  mean {statistics.mean(counts):5.2f} probes  worst {max(counts):3d}  "
            f"best {min(counts):3d}  ({took:.0f} s)",
            flush=True,
        )


if __name__ == "__main__":
    main()
