"""A brute force over Spy! networks, written from DESIGN.md alone (no product code), for tests.

A network is laid out line by line from a start cell: each line takes an unused length, runs
horizontally or vertically (perpendicular to the previous line), stays inside the field and enters
no cell already covered (its first cell is the joint with the previous line). Every complete chain
is collected as the set of cells it covers; distinct networks are distinct sets of covered cells.

Cells are (row, col), 0-based. `masks` also gives each network as an int with bit row * cols + col.
"""

from __future__ import annotations

DIRECTIONS = ((0, 1), (1, 0), (0, -1), (-1, 0))


def chains(rows: int, cols: int, lengths=(1, 2, 3, 4, 5, 6)) -> dict[frozenset, set[tuple]]:
    """Every legal chain, by the set of cells it covers: {cells: {corner cells, start to end}}.

    A chain and its reverse are one layout: each is kept as the smaller of the two tuples."""
    found: dict[frozenset, set[tuple]] = {}

    def lay(covered: frozenset, corners: tuple, previous: tuple | None, left: tuple) -> None:
        if not left:
            found.setdefault(covered, set()).add(min(corners, corners[::-1]))
            return
        end = corners[-1]
        for direction in DIRECTIONS:
            if previous is not None and (direction[0] == 0) == (previous[0] == 0):
                continue  # a joint must be a right angle
            for length in sorted(set(left)):
                cells = [
                    (end[0] + direction[0] * step, end[1] + direction[1] * step)
                    for step in range(1, length + 1)
                ]
                if any(not (0 <= r < rows and 0 <= c < cols) for r, c in cells):
                    continue  # leaves the field
                if any(cell in covered for cell in cells):
                    continue  # touches or crosses an earlier line
                rest = list(left)
                rest.remove(length)
                lay(covered | frozenset(cells), (*corners, cells[-1]), direction, tuple(rest))

    for r in range(rows):
        for c in range(cols):
            lay(frozenset([(r, c)]), ((r, c),), None, tuple(lengths))
    return found


def distinct_networks(rows: int, cols: int, lengths=(1, 2, 3, 4, 5, 6)) -> set[frozenset]:
    """Every distinct legal network on a rows x cols field, as frozensets of covered cells."""
    return set(chains(rows, cols, lengths))


def masks(rows: int, cols: int, lengths=(1, 2, 3, 4, 5, 6)) -> set[int]:
    """The same networks as ints, bit row * cols + col for each covered cell."""
    return {
        sum(1 << (r * cols + c) for r, c in network)
        for network in distinct_networks(rows, cols, lengths)
    }


if __name__ == "__main__":
    import sys
    import time

    rows, cols = int(sys.argv[1]), int(sys.argv[2])
    lengths = (
        tuple(int(n) for n in sys.argv[3].split(",")) if len(sys.argv) > 3 else (1, 2, 3, 4, 5, 6)
    )
    began = time.perf_counter()
    count = len(distinct_networks(rows, cols, lengths))
    print(
        f"{rows}x{cols} {lengths}: {count} distinct networks ({time.perf_counter() - began:.1f} s)"
    )
