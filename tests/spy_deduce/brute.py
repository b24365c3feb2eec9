"""An independent, deliberately simple brute force of distinct legal Spy! networks (for tests).

It walks every start cell, every order of the lengths and every turn, cell by cell, with plain
Python sets: nothing shared with assistant.games.spy.enumerate.
"""

from __future__ import annotations

import itertools

STEPS = ((0, 1), (1, 0), (0, -1), (-1, 0))


def brute_networks(rows: int, cols: int, lengths: tuple[int, ...]) -> set[frozenset]:
    """Every distinct legal network as a frozenset of (row, col) cells."""
    found: set[frozenset] = set()
    orders = set(itertools.permutations(lengths))

    def walk(cell, path, order, index, previous_axis):
        if index == len(order):
            found.add(frozenset(path))
            return
        for dr, dc in STEPS:
            axis = dr == 0
            if axis == previous_axis:
                continue  # consecutive lines must be perpendicular
            r, c = cell
            added = []
            ok = True
            for _ in range(order[index]):
                r, c = r + dr, c + dc
                if not (0 <= r < rows and 0 <= c < cols) or (r, c) in path:
                    ok = False
                    break
                added.append((r, c))
            if ok:
                walk((r, c), path | set(added), order, index + 1, axis)

    for start in itertools.product(range(rows), range(cols)):
        for order in orders:
            walk(start, {start}, order, 0, None)
    return found
