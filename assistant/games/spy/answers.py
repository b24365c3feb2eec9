"""Answers to probes (hot, warm, cold), the whole field as a map, and where two networks differ.

Pure: no I/O. The answer rule itself is `model.answer`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from assistant.games.spy.model import (
    Cell,
    Field,
    answer,
    answer_map,
    column_letters,
    format_cell,
    parse_cell,
)
from deaddrop.errors import InputError


def answers_for(mask: int, cells: Sequence[str], field: Field) -> dict[str, str]:
    """Each probed cell's answer, keyed by the cell as given; InputError for a bad cell."""
    result: dict[str, str] = {}
    for text in cells:
        try:
            cell = parse_cell(text, field)
        except ValueError as error:
            raise InputError(str(error)) from None
        result[text] = answer(mask, cell, field)
    return result


def map_text(mask: int, field: Field) -> str:
    """The field as a grid of H/W/C with row numbers and column letters, and a legend."""
    answers = answer_map(mask, field)
    width = max(len(column_letters(field.cols - 1)), 1)
    margin = len(str(field.rows))
    head = " " * margin + " " + " ".join(column_letters(c).rjust(width) for c in range(field.cols))
    rows = [head]
    for r in range(field.rows):
        marks = " ".join(answers[(r, c)][0].upper().rjust(width) for c in range(field.cols))
        rows.append(f"{str(r + 1).rjust(margin)} {marks}")
    rows.append("H hot (covered), W warm (next to a covered cell), C cold")
    return "\n".join(rows)


@dataclass(frozen=True)
class Difference:
    """A cell where two networks give different answers."""

    cell: Cell
    first: str
    second: str

    def text(self) -> str:
        return f"{format_cell(self.cell)}: {self.first} / {self.second}"


def differences(first: int, second: int, field: Field) -> list[Difference]:
    """Every cell (row-major) where the answers of two networks differ; empty when equivalent."""
    a, b = answer_map(first, field), answer_map(second, field)
    return [Difference(cell, a[cell], b[cell]) for cell in field.cells() if a[cell] != b[cell]]
