"""Is a Spy! network legal? Every problem at once, each naming the rule, the lines and the cells.

The rules (docs/spy.md, "The Spy! model"): exactly the given lengths, every line horizontal or
vertical and inside the field, joined end to end into one chain, perpendicular at every joint, and
no cell shared by two lines except the joint of two consecutive lines. Pure: no I/O.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from assistant.games.spy.model import DEFAULT_LENGTHS, Cell, Field, Line, Network, format_cell

# Rule names, as they appear in `Problem.rule` and in `--json`.
RULES = {
    "line-count": "a network has one line per given length",
    "lengths": "the lines use exactly the given lengths",
    "straight": "every line is horizontal or vertical",
    "zero-length": "every line is at least one unit long",
    "field": "every line stays inside the field",
    "right-angle": "consecutive lines meet at a right angle",
    "touch": "lines share no cell except the joint of two consecutive lines",
    "cross": "lines do not cross",
    "cells": "a network covers as many cells as its lengths plus one",
    "connected": "the lines form one connected chain",
    "branch": "the chain does not branch",
}

_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")


def number_word(n: int) -> str:
    """0 -> "no", 2 -> "two", 12 -> "12"."""
    return _WORDS[n] if 0 <= n < len(_WORDS) else str(n)


@dataclass(frozen=True)
class Problem:
    """One broken rule: its name (a key of RULES), a sentence, and the cells concerned."""

    rule: str
    message: str
    cells: tuple[Cell, ...] = ()


def sorted_cells(cells: Sequence[Cell] | frozenset[Cell] | set[Cell]) -> tuple[Cell, ...]:
    """Distinct cells in row-major order."""
    return tuple(sorted(set(cells)))


def cell_list(cells: Sequence[Cell]) -> str:
    """ "4D" or "4D, 4E and 4F"."""
    names = [format_cell(c) for c in cells]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def describe_line(number: int, line: Line) -> str:
    """ "line 4 (5 long, 6B-6G)"."""
    return f"line {number} ({line.length} long, {line})"


def lengths_text(lengths: Sequence[int]) -> str:
    return ", ".join(str(n) for n in lengths)


def check_network(
    network: Network, field: Field, lengths: Sequence[int] = DEFAULT_LENGTHS
) -> list[Problem]:
    """Every problem of a network given by its corner cells; an empty list when it is legal."""
    lines = network.lines
    problems: list[Problem] = []
    problems += _line_count(lines, lengths)
    problems += _shapes(lines)
    problems += _lengths(lines, lengths)
    problems += _field(lines, field)
    problems += _joints(lines)
    problems += _sharing(lines)
    return problems


def _line_count(lines: Sequence[Line], lengths: Sequence[int]) -> list[Problem]:
    need = len(lengths)
    if len(lines) == need:
        return []
    which = "few" if len(lines) < need else "many"
    return [
        Problem(
            "line-count",
            f"too {which} lines: {number_word(len(lines))} line{'s' * (len(lines) != 1)} "
            f"({len(lines) + 1} corner cells); the lengths {lengths_text(lengths)} need "
            f"{number_word(need)} ({need + 1} corner cells)",
        )
    ]


def _shapes(lines: Sequence[Line]) -> list[Problem]:
    problems = []
    for number, line in enumerate(lines, 1):
        if not line.straight:
            problems.append(
                Problem(
                    "straight",
                    f"line {number} ({line}) is neither horizontal nor vertical",
                    (line.start, line.end),
                )
            )
        elif line.length == 0:
            problems.append(
                Problem(
                    "zero-length",
                    f"line {number} ({line}) has no length: it starts and ends in the same cell",
                    (line.start,),
                )
            )
    return problems


def _lengths(lines: Sequence[Line], lengths: Sequence[int]) -> list[Problem]:
    measured = [ln for ln in lines if ln.straight and ln.length > 0]
    have = Counter(ln.length for ln in measured)
    need = Counter(lengths)
    parts: list[str] = []
    missing: list[str] = []
    cells: list[Cell] = []
    for length in sorted(set(have) | set(need)):
        got, want = have[length], need[length]
        if got > want:
            are = "is" if got == 1 else "are"
            text = f"{number_word(got)} line{'s' * (got != 1)} {are} {length} long"
            if want == 0:
                text += f", a length not in {lengths_text(lengths)}"
            elif want > 1:
                text += f" (the lengths allow {number_word(want)})"
            parts.append(text)
            for ln in measured:
                if ln.length == length:
                    cells += ln.cells()
        elif got < want:
            if got == 0:
                text = f"no line is {length} long"
            else:
                text = f"only {number_word(got)} line{'s' * (got != 1)} "
                text += f"{'is' if got == 1 else 'are'} {length} long "
                text += f"(the lengths need {number_word(want)})"
            missing.append(text)
    parts += missing
    if not parts:
        return []
    return [Problem("lengths", "; ".join(parts), sorted_cells(cells))]


def _field(lines: Sequence[Line], field: Field) -> list[Problem]:
    problems = []
    for number, line in enumerate(lines, 1):
        cells = line.cells() if line.straight else [line.start, line.end]
        outside = [c for c in cells if not field.contains(c)]
        if outside:
            problems.append(
                Problem(
                    "field",
                    f"line {number} leaves the field at {format_cell(outside[0])}",
                    tuple(outside),
                )
            )
    return problems


def _joints(lines: Sequence[Line]) -> list[Problem]:
    problems = []
    for number in range(1, len(lines)):
        a, b = lines[number - 1], lines[number]
        if not (a.straight and b.straight) or a.length == 0 or b.length == 0:
            continue
        joint = format_cell(a.end)
        if a.step == b.step:
            problems.append(
                Problem(
                    "right-angle",
                    f"lines {number} and {number + 1} meet in a straight line at {joint}, "
                    "not at a right angle",
                    (a.end,),
                )
            )
        elif a.step == (-b.step[0], -b.step[1]):
            back = sorted_cells(set(a.cells()) & set(b.cells()))
            problems.append(
                Problem(
                    "right-angle",
                    f"line {number + 1} turns back over line {number} at {joint}, "
                    f"not at a right angle (shared cells {cell_list(back)})",
                    back,
                )
            )
    return problems


def _reversal(a: Line, b: Line) -> bool:
    return a.length > 0 and b.length > 0 and a.step == (-b.step[0], -b.step[1])


def _met_by_a_neighbour(lines: Sequence[Line], i: int, j: int) -> set[Cell]:
    """The cells that lines i and j (not consecutive, i < j) share only because a joint next to
    one of them lies on the other: line j starts where line j - 1 ends, so a start of line j on
    line i is reported once, for lines i and j - 1 (or as line j - 1's turn-back or zero length);
    likewise the end of line i, for lines i + 1 and j. Slanted lines have no cells to report."""
    found = set()
    if lines[j - 1].straight:
        found.add(lines[j].start)
    if lines[i + 1].straight:
        found.add(lines[i].end)
    return found


def _sharing(lines: Sequence[Line]) -> list[Problem]:
    problems = []
    cells = [set(ln.cells()) if ln.straight else set() for ln in lines]
    for j in range(len(lines)):
        for i in range(j):
            shared = cells[i] & cells[j]
            if j == i + 1:
                if _reversal(lines[i], lines[j]):
                    continue  # reported as a joint problem
                shared.discard(lines[j].start)
            elif shared <= _met_by_a_neighbour(lines, i, j):
                continue  # reported for the neighbouring line
            if not shared:
                continue
            a, b = lines[i], lines[j]
            where = sorted_cells(shared)
            head = describe_line(j + 1, b)
            if len(where) > 1:
                message = f"{head} overlaps line {i + 1} at {cell_list(where)}"
                problems.append(Problem("touch", message, where))
                continue
            cell = where[0]
            inner_a = cell not in (a.start, a.end)
            inner_b = cell not in (b.start, b.end)
            if inner_a and inner_b and a.horizontal != b.horizontal:
                message = f"{head} crosses line {i + 1} at {format_cell(cell)}"
                problems.append(Problem("cross", message, where))
            else:
                message = f"{head} touches line {i + 1} at {format_cell(cell)}"
                problems.append(Problem("touch", message, where))
    return problems
