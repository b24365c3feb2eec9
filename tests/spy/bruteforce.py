"""The one brute force over Spy! networks, for the tests of tests/spy and tests/spy_deduce.

Written from the Spy! model of docs/spy.md alone: nothing shared with the product
(assistant.games.spy.enumerate, assistant.games.spy.layouts). A network is laid out line by line
from a start cell: each line takes an unused length, runs horizontally or vertically
(perpendicular to the previous line), stays inside the field and enters no cell already covered
(its first cell is the joint with the previous line). Every complete chain is collected as the
set of cells it covers; distinct networks are distinct sets of covered cells.

Cells are (row, col), 0-based. `masks` also gives each network as an int with bit row * cols + col.
Results are cached per (rows, cols, lengths) and immutable, so that the folders' tests share them:
pass `lengths` as a tuple.

Run it by hand to count: `python tests/spy/bruteforce.py 8 8` or `... 8 8 1,1,2,3,4,5,6`.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from types import MappingProxyType

DEFAULT = (1, 2, 3, 4, 5, 6)
DIRECTIONS = ((0, 1), (1, 0), (0, -1), (-1, 0))

Cell = tuple[int, int]


@functools.cache
def chains(
    rows: int, cols: int, lengths: tuple[int, ...] = DEFAULT
) -> Mapping[frozenset[Cell], frozenset[tuple[Cell, ...]]]:
    """Every legal chain, by the set of cells it covers: {cells: {corner cells, start to end}}.

    A chain and its reverse are one layout: each is kept as the smaller of the two tuples."""
    found: dict[frozenset[Cell], set[tuple[Cell, ...]]] = {}

    def lay(
        covered: frozenset[Cell], corners: tuple[Cell, ...], previous: Cell | None, left: tuple
    ) -> None:
        if not left:
            found.setdefault(covered, set()).add(min(corners, corners[::-1]))
            return
        end_r, end_c = corners[-1]
        for dr, dc in DIRECTIONS:
            if previous is not None and (dr == 0) == (previous[0] == 0):
                continue  # a joint must be a right angle
            for length in sorted(set(left)):
                cells = [(end_r + dr * step, end_c + dc * step) for step in range(1, length + 1)]
                last_r, last_c = cells[-1]
                if not (0 <= last_r < rows and 0 <= last_c < cols):
                    continue  # leaves the field (a straight line leaves it at its far end)
                if not covered.isdisjoint(cells):
                    continue  # touches or crosses an earlier line
                rest = list(left)
                rest.remove(length)
                lay(covered | frozenset(cells), (*corners, cells[-1]), (dr, dc), tuple(rest))

    for r in range(rows):
        for c in range(cols):
            lay(frozenset([(r, c)]), ((r, c),), None, tuple(lengths))
    return MappingProxyType({cells: frozenset(layouts) for cells, layouts in found.items()})


@functools.cache
def distinct_networks(
    rows: int, cols: int, lengths: tuple[int, ...] = DEFAULT
) -> frozenset[frozenset[Cell]]:
    """Every distinct legal network on a rows x cols field, as frozensets of covered cells."""
    return frozenset(chains(rows, cols, lengths))


@functools.cache
def masks(rows: int, cols: int, lengths: tuple[int, ...] = DEFAULT) -> frozenset[int]:
    """The same networks as ints, bit row * cols + col for each covered cell."""
    return frozenset(
        sum(1 << (r * cols + c) for r, c in network)
        for network in distinct_networks(rows, cols, lengths)
    )


if __name__ == "__main__":
    import sys
    import time

    rows, cols = int(sys.argv[1]), int(sys.argv[2])
    lengths = tuple(int(n) for n in sys.argv[3].split(",")) if len(sys.argv) > 3 else DEFAULT
    began = time.perf_counter()
    count = len(distinct_networks(rows, cols, lengths))
    print(
        f"{rows}x{cols} {lengths}: {count} distinct networks ({time.perf_counter() - began:.1f} s)"
    )
