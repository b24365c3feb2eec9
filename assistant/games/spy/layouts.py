"""Line layouts of a set of cells: every way to split covered cells into a legal chain of lines.

Used for drawings (the player marks cells, we find the lines) and to write any network back as a
vertex list. When no legal split exists, `explain_cells` says why as well as it can. Pure: no I/O.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from assistant.games.spy.legality import (
    Problem,
    cell_list,
    check_network,
    lengths_text,
    number_word,
    sorted_cells,
)
from assistant.games.spy.model import DEFAULT_LENGTHS, Cell, Field, Network, format_cell
from assistant.words import plural

_STEPS = ((0, 1), (1, 0), (0, -1), (-1, 0))


def _canonical(vertices: list[Cell]) -> tuple[Cell, ...]:
    forward = tuple(vertices)
    backward = tuple(reversed(vertices))
    return min(forward, backward)


def layouts(
    cells: frozenset[Cell] | set[Cell], lengths: Sequence[int] = DEFAULT_LENGTHS
) -> list[Network]:
    """Every legal chain of lines of the given lengths covering exactly `cells`, each once.

    A chain and its reverse are one layout; layouts come in a fixed (sorted) order."""
    cells = frozenset(cells)
    if not lengths or len(cells) != sum(lengths) + 1:
        return []
    found: set[tuple[Cell, ...]] = set()
    remaining = Counter(lengths)

    def extend(vertices: list[Cell], used: set[Cell], last_step: Cell | None) -> None:
        if not remaining:
            if len(used) == len(cells):
                found.add(_canonical(vertices))
            return
        r, c = vertices[-1]
        for step in _STEPS:
            if last_step is not None and (step[0] == 0) == (last_step[0] == 0):
                continue  # not perpendicular to the previous line
            run: list[Cell] = []
            for length in range(1, max(remaining) + 1):
                nxt = (r + step[0] * length, c + step[1] * length)
                if nxt not in cells or nxt in used:
                    break
                run.append(nxt)
                if remaining[length]:
                    remaining[length] -= 1
                    if not remaining[length]:
                        del remaining[length]
                    used.update(run)
                    vertices.append(nxt)
                    extend(vertices, used, step)
                    vertices.pop()
                    used.difference_update(run)
                    remaining[length] += 1

    for start in sorted(cells):
        extend([start], {start}, None)
    return [Network(v) for v in sorted(found)]


def network_of_cells(cells: frozenset[Cell] | set[Cell], lengths: Sequence[int]) -> Network:
    """The first layout of a set of cells known to be a legal network (ValueError otherwise)."""
    found = layouts(cells, lengths)
    if not found:
        raise ValueError("these cells are not a legal network")
    return found[0]


def _neighbours(cell: Cell) -> list[Cell]:
    r, c = cell
    return [(r + dr, c + dc) for dr, dc in _STEPS]


def _group_text(group: list[Cell]) -> str:
    """A group of marked cells (row-major) in a few words: "1B, 1C and 1D", or "19 cells from
    2B to 10H" for more than four."""
    if len(group) <= 4:
        return cell_list(group)
    return f"{len(group)} cells from {format_cell(group[0])} to {format_cell(group[-1])}"


def _groups(cells: frozenset[Cell]) -> list[list[Cell]]:
    groups: list[list[Cell]] = []
    seen: set[Cell] = set()
    for start in sorted(cells):
        if start in seen:
            continue
        group, stack = [], [start]
        seen.add(start)
        while stack:
            cell = stack.pop()
            group.append(cell)
            for nb in _neighbours(cell):
                if nb in cells and nb not in seen:
                    seen.add(nb)
                    stack.append(nb)
        groups.append(sorted(group))
    return groups


def _walks(cells: frozenset[Cell], budget: int) -> list[list[Cell]]:
    """Simple paths through every cell (Hamiltonian paths), up to a search budget."""
    found: list[list[Cell]] = []
    steps = [0]
    ordered = sorted(cells, key=lambda c: sum(nb in cells for nb in _neighbours(c)))

    def walk(path: list[Cell], used: set[Cell]) -> None:
        steps[0] += 1
        if steps[0] > budget or len(found) >= 50:
            return
        if len(path) == len(cells):
            found.append(list(path))
            return
        for nb in _neighbours(path[-1]):
            if nb in cells and nb not in used:
                used.add(nb)
                path.append(nb)
                walk(path, used)
                path.pop()
                used.discard(nb)

    for start in ordered:
        walk([start], {start})
    return found


def _corners(path: list[Cell]) -> Network:
    """The network whose lines are the maximal straight runs of a path of cells."""
    vertices = [path[0]]
    for before, here, after in zip(path, path[1:], path[2:], strict=False):
        if (here[0] - before[0], here[1] - before[1]) != (after[0] - here[0], after[1] - here[1]):
            vertices.append(here)
    vertices.append(path[-1])
    return Network(tuple(vertices))


def explain_cells(
    cells: frozenset[Cell] | set[Cell], field: Field, lengths: Sequence[int] = DEFAULT_LENGTHS
) -> list[Problem]:
    """Why no legal chain covers exactly `cells`, as well as can be said (call when none does)."""
    cells = frozenset(cells)
    need = sum(lengths) + 1
    problems: list[Problem] = []
    if len(cells) != need:
        problems.append(
            Problem(
                "cells",
                f"the drawing marks {plural(len(cells), 'cell')}; lines of lengths "
                f"{lengths_text(lengths)} cover {need} (their lengths plus one)",
                sorted_cells(cells),
            )
        )
    if not cells:
        return problems
    groups = sorted(_groups(cells), key=len, reverse=True)
    if len(groups) > 1:
        rest = groups[1:]
        named = "; ".join(_group_text(g) for g in groups)
        problems.append(
            Problem(
                "connected",
                f"the marked cells fall apart into {number_word(len(groups))} groups, not one "
                f"chain: {named}",
                sorted_cells([c for g in rest for c in g]),
            )
        )
        return problems
    ends = [c for c in sorted(cells) if sum(nb in cells for nb in _neighbours(c)) == 1]
    if len(ends) > 2:
        problems.append(
            Problem(
                "branch",
                f"the marked cells branch: {number_word(len(ends))} cells have a single marked "
                f"neighbour ({cell_list(ends)}), a chain has only two ends",
                tuple(ends),
            )
        )
        return problems
    if abs(len(cells) - need) > len(lengths):
        return problems  # far too many or too few cells: reading them as a chain says nothing more
    walks = _walks(cells, budget=200_000)
    if not walks:
        forks = [c for c in sorted(cells) if sum(nb in cells for nb in _neighbours(c)) >= 3]
        where = f" (cells with three or more marked neighbours: {cell_list(forks)})" * bool(forks)
        problems.append(
            Problem(
                "branch",
                "no single chain passes through every marked cell once: the marked cells branch "
                f"or cross{where}",
                tuple(forks),
            )
        )
        return problems
    best = min(
        (_corners(w) for w in walks),
        key=lambda n: (len(check_network(n, field, lengths)), n.vertices),
    )
    for problem in check_network(best, field, lengths):
        if problem.rule == "line-count" and any(p.rule == "cells" for p in problems):
            continue
        problems.append(
            Problem(problem.rule, f"read as the chain {best}: {problem.message}", problem.cells)
        )
    return problems


def random_network(field: Field, lengths: Sequence[int], seed: int | None = None) -> Network:
    """A legal network drawn uniformly among distinct networks (distinct covered cells).

    Uses the cached enumeration (`assistant.games.spy.enumerate`, numpy): one index drawn
    uniformly."""
    import random

    from assistant.games.spy.enumerate import networks
    from deaddrop.errors import Refused

    nets = networks(field, tuple(lengths))
    if len(nets) == 0:
        raise Refused(
            f"no legal network of lengths {lengths_text(lengths)} fits the {field.describe()}"
        )
    index = random.Random(seed).randrange(len(nets))
    return Network(nets.vertices(index))
