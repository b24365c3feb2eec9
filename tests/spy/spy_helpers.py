"""Helpers and fixtures shared by the Spy! network tests."""

from __future__ import annotations

from assistant.games.spy.model import Field, Network, parse_cell_anywhere

FIELD = Field()

# A network like the rules' illustrations on a 10 x 10 field: lengths 2, 3, 4, 5, 6, 1 in order.
LEGAL = "2B 2D 5D 5H 10H 10B 9B"
LEGAL_DRAWING = """\
..........
.###......
...#......
...#......
...#####..
.......#..
.......#..
.......#..
.#.....#..
.#######..
"""

# Two line layouts covering the same cells (the rules: "either reconstruction is correct").
TWIN_A = "1A 1E 6E 6C 7C 7F 1F"
TWIN_B = "1A 1F 7F 7C 6C 6E 2E"


def net(text: str) -> Network:
    """A network from a vertex list written with spaces."""
    return Network(tuple(parse_cell_anywhere(word) for word in text.split()))


def names(cells) -> list[str]:
    """Cells as text, row-major."""
    from assistant.games.spy.model import format_cell

    return [format_cell(c) for c in sorted(cells)]
