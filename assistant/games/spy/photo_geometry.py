"""Where to look on a rectified photo of a Spy! field: pure geometry, from the field size alone.

The rectified image is a canvas of `PX` pixels a cell with a margin of `MARGIN` cells around the
cells (room for the corner marks of pnp.fiducials). Coordinates in cell units have their origin
at the top left corner of the cells, x to the right, y down; a cell (row, col) has its centre at
(col + 0.5, row + 0.5). An edge joins two orthogonal neighbours; its midpoint lies on the grid
line between them, so the reader samples on either side of that midpoint, along the edge.
"""

from __future__ import annotations

from assistant.games.spy.model import Cell, Field
from pnp import fiducials

PX = 40  # pixels a cell on the rectified canvas
MARGIN = 1.0  # cells of margin around the cells on the canvas
Edge = tuple[Cell, Cell]  # two orthogonal neighbours, the first above or to the left


def canvas_size(field: Field) -> tuple[int, int]:
    """(width, height) of the rectified canvas in pixels."""
    return (
        round((field.cols + 2 * MARGIN) * PX),
        round((field.rows + 2 * MARGIN) * PX),
    )


def to_canvas(x: float, y: float) -> tuple[float, float]:
    """A point in cell units -> canvas pixels."""
    return ((x + MARGIN) * PX, (y + MARGIN) * PX)


def mark_points(field: Field) -> list[tuple[float, float]]:
    """The four corner marks' centres on the canvas, clockwise from the top left."""
    return [to_canvas(x, y) for x, y in fiducials.mark_centres(field.rows, field.cols)]


def code_points(field: Field) -> list[tuple[float, float]]:
    """The code's bit centres on the canvas, in reading order."""
    return [to_canvas(x, y) for x, y in fiducials.code_centres(field.rows, field.cols)]


def cell_centre(cell: Cell) -> tuple[float, float]:
    """A cell's centre in cell units."""
    return (cell[1] + 0.5, cell[0] + 0.5)


def edges(field: Field) -> list[Edge]:
    """Every pair of orthogonal neighbours, row-major: the right neighbour, then the one below."""
    out: list[Edge] = []
    for r in range(field.rows):
        for c in range(field.cols):
            if c + 1 < field.cols:
                out.append(((r, c), (r, c + 1)))
            if r + 1 < field.rows:
                out.append(((r, c), (r + 1, c)))
    return out


EDGE_STEPS = (0.2, 0.35, 0.65, 0.8)  # where along an edge to sample (0 and 1: the two centres)
ACROSS = 0.3  # how far either side of the path a sample looks for the stroke, in cells


def edge_samples(edge: Edge) -> list[tuple[float, float]]:
    """The points along an edge to sample (cell units): clear of the grid line at its midpoint
    and of the centres, where a crossing line passes."""
    (x0, y0), (x1, y1) = cell_centre(edge[0]), cell_centre(edge[1])
    return [(x0 + t * (x1 - x0), y0 + t * (y1 - y0)) for t in EDGE_STEPS]


def horizontal(edge: Edge) -> bool:
    """Whether an edge joins two cells of one row."""
    return edge[0][0] == edge[1][0]


def lines_edges(vertices: tuple[Cell, ...] | list[Cell]) -> set[Edge]:
    """The edges a chain of corner cells runs along."""
    out: set[Edge] = set()
    for (r0, c0), (r1, c1) in zip(vertices, vertices[1:], strict=False):
        dr = (r1 > r0) - (r1 < r0)
        dc = (c1 > c0) - (c1 < c0)
        r, c = r0, c0
        while (r, c) != (r1, c1) and (dr or dc):
            nr, nc = r + dr, c + dc
            out.add(tuple(sorted(((r, c), (nr, nc)))))  # type: ignore[arg-type]
            r, c = nr, nc
    return out
