"""Check what a player wrote (a vertex list or a drawing): legal or not, with every problem.

`check_input` is the one core function behind `deaddrop spy check`; `legal_mask` is what `answer`
and `same` use (they refuse an illegal network). Pure: no I/O.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from assistant.games.spy.layouts import explain_cells, layouts
from assistant.games.spy.legality import Problem, check_network, describe_line, number_word
from assistant.games.spy.model import (
    DEFAULT_LENGTHS,
    Cell,
    Field,
    Network,
    format_cell,
    mask_of_cells,
)
from assistant.games.spy.network_input import NetworkInput
from deaddrop.errors import Refused


@dataclass(frozen=True)
class CheckResult:
    """The verdict on one network input."""

    source: str
    form: str  # "vertices" | "drawing"
    problems: tuple[Problem, ...]
    network: Network | None  # the vertex list, or the first legal layout of a drawing
    layouts: tuple[Network, ...]  # for a drawing: every legal layout of its cells
    cells: tuple[Cell, ...]  # covered cells in row-major order

    @property
    def legal(self) -> bool:
        return not self.problems

    def mask(self, field: Field) -> int:
        """The covered cells as a mask (only for a network inside the field)."""
        return mask_of_cells(self.cells, field)

    def as_json(self) -> dict[str, Any]:
        """`{"legal", "problems": [{"rule", "message", "cells"}], "lines", "cells"}`."""
        lines = self.network.lines if self.network is not None else ()
        return {
            "legal": self.legal,
            "problems": [
                {"rule": p.rule, "message": p.message, "cells": [format_cell(c) for c in p.cells]}
                for p in self.problems
            ],
            "lines": [
                {"length": ln.length, "from": format_cell(ln.start), "to": format_cell(ln.end)}
                for ln in lines
            ],
            "cells": [format_cell(c) for c in self.cells],
        }

    def text(self) -> str:
        """The report a player reads."""
        out: list[str] = []
        if self.legal:
            assert self.network is not None
            count = len(self.network.lines)
            out.append(
                f"legal network: {number_word(count)} lines covering {len(self.cells)} cells"
            )
            if self.form == "drawing":
                out.append(f"as a vertex list: {self.network}")
            out += [f"  {describe_line(i, ln)}" for i, ln in enumerate(self.network.lines, 1)]
            if len(self.layouts) > 1:
                out.append(
                    f"{number_word(len(self.layouts))} line layouts cover these cells; "
                    "they give the same answers, so either counts as this network:"
                )
                out += [f"  {layout}" for layout in self.layouts]
        else:
            count = len(self.problems)
            out.append(f"illegal network: {number_word(count)} problem{'s' * (count != 1)}")
            out += [f"  {p.message} [{p.rule}]" for p in self.problems]
        return "\n".join(out)


def check_input(
    given: NetworkInput, field: Field, lengths: Sequence[int] = DEFAULT_LENGTHS
) -> CheckResult:
    """Check a vertex list, or find every legal layout of a drawing (and why there is none)."""
    if given.form == "drawing":
        assert given.drawn is not None
        found = tuple(layouts(given.drawn, lengths))
        problems = () if found else tuple(explain_cells(given.drawn, field, lengths))
        return CheckResult(
            given.source,
            "drawing",
            problems,
            found[0] if found else None,
            found,
            tuple(sorted(given.drawn)),
        )
    assert given.network is not None
    problems = tuple(check_network(given.network, field, lengths))
    return CheckResult(
        given.source,
        "vertices",
        problems,
        given.network,
        (given.network,),
        tuple(sorted(given.network.cells())),
    )


def legal_mask(result: CheckResult, field: Field) -> int:
    """The mask of a legal network; Refused listing the problems of an illegal one."""
    if not result.legal:
        lines = [f"{result.source}: not a legal network (see `deaddrop spy check`):"]
        lines += [f"{result.source}: {p.message}" for p in result.problems]
        raise Refused("\n".join(lines))
    return result.mask(field)
