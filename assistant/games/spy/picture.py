"""A network drawn on a labelled field, as a print-and-play component (kind sheet).

`network_component` is pure (it builds `pnp.model` data); `write_network_picture` hands it to
`pnp.render`, which loads reportlab or svgwrite only then. Covered cells are shaded, the lines run
through cell centres, and the cells named by a problem are outlined in red.
"""

from __future__ import annotations

from assistant.games.spy.check import CheckResult
from assistant.games.spy.model import Cell, Field, column_letters
from deaddrop.files import Output, write_all
from pnp.model import Box, Component, Face, Grid, Line, Rect, Style, Text
from pnp.units import mm

INK = "#1a1a1a"
SHADE = "#d6e4f0"
LINE = "#16407a"
PROBLEM = "#c0392b"
GRID = "#9a9a9a"
_NOT_PLACES = ("lengths", "cells", "line-count")  # problems of the whole network, not of a place


def _cell_size(field: Field) -> float:
    return min(mm(8), mm(170) / max(field.rows, field.cols))


def network_component(result: CheckResult, field: Field, title: str = "") -> Component:
    """The picture of a checked network (legal or not) as a one-face sheet component."""
    size = _cell_size(field)
    margin = mm(10)
    label = max(size * 0.9, mm(5))
    gw, gh = field.cols * size, field.rows * size
    # At least 180 mm wide: one picture a page, upright (the imposition never turns it to pair up).
    width = max(margin + label + gw + margin, mm(180))
    gx, gy = (width - gw + label) / 2, margin + mm(10) + label
    caption_h = mm(28)
    height = gy + gh + mm(4) + caption_h + margin
    font = min(size * 0.45, 10.0)
    labels = Style(size=font, min_size=4.0, color=INK)

    def centre(cell: Cell) -> tuple[float, float]:
        return (gx + (cell[1] + 0.5) * size, gy + (cell[0] + 0.5) * size)

    def cell_box(cell: Cell) -> Box:
        return Box(gx + cell[1] * size, gy + cell[0] * size, size, size)

    elements: list = [
        Text(
            title or f"Spy! network: {result.source}",
            Box(gx - label, margin, width - gx + label - margin, mm(8)),
            Style(size=12.0, min_size=6.0, bold=True, align="left", color=INK),
        )
    ]
    elements += [
        Rect(cell_box(c), stroke=None, fill=SHADE) for c in result.cells if field.contains(c)
    ]
    elements.append(Grid(Box(gx, gy, gw, gh), field.rows, field.cols, stroke=GRID, width=0.4))
    for c in range(field.cols):
        box = Box(gx + c * size, gy - label, size, label)
        elements.append(Text(column_letters(c), box, labels))
    for r in range(field.rows):
        box = Box(gx - label, gy + r * size, label, size)
        elements.append(Text(str(r + 1), box, labels))
    if result.network is not None:
        for line in result.network.lines:
            if line.straight:
                inside = [c for c in line.cells() if field.contains(c)]
                if len(inside) >= 2:
                    points = (centre(inside[0]), centre(inside[-1]))
                    elements.append(Line(points, stroke=LINE, width=max(size * 0.18, 1.5)))
            else:
                points = (centre(line.start), centre(line.end))
                elements.append(Line(points, stroke=PROBLEM, width=1.0, dash=(3.0, 2.0)))
        for vertex in result.network.vertices:
            if field.contains(vertex):
                x, y = centre(vertex)
                dot = size * 0.14
                elements.append(
                    Rect(Box(x - dot, y - dot, 2 * dot, 2 * dot), stroke=None, fill=LINE)
                )
    for problem in result.problems:
        if problem.rule in _NOT_PLACES:
            continue
        for cell in problem.cells:
            if field.contains(cell):
                elements.append(Rect(cell_box(cell), stroke=PROBLEM, width=1.5))
    elements.append(
        Text(
            _caption(result),
            Box(gx - label, gy + gh + mm(4), width - gx + label - margin, caption_h),
            Style(size=9.0, min_size=5.0, align="left", valign="top", color=INK),
        )
    )
    return Component(
        game="spy",
        name="network",
        kind="sheet",
        width=width,
        height=height,
        faces=(Face({}, 1),),
        front=tuple(elements),
        back=None,
        title=title or "Spy! network",
    )


def _caption(result: CheckResult) -> str:
    if result.legal:
        assert result.network is not None
        text = f"Legal network, {len(result.cells)} cells: {result.network}"
        if len(result.layouts) > 1:
            text += f"\n{len(result.layouts)} line layouts cover these cells (all equivalent)."
        return text
    shown = [f"- {p.message}" for p in result.problems[:6]]
    more = len(result.problems) - len(shown)
    tail = [f"... and {more} more"] if more > 0 else []
    return "\n".join(["Illegal network:", *shown, *tail])


def write_network_picture(
    result: CheckResult, field: Field, pdf: str | None = None, svg: str | None = None
) -> None:
    """Write the picture as a PDF (A4) or an SVG (atomic writes inside pnp.render); InputError
    when the file cannot be written."""
    from pnp.render import write_component_pdf, write_face_svg

    component = network_component(result, field)
    writes: list[Output] = []
    if pdf is not None:
        writes.append((pdf, lambda path: write_component_pdf(component, path), "--pdf", "PDF"))
    if svg is not None:
        writes.append((svg, lambda path: write_face_svg(component, 0, path), "--svg", "SVG"))
    write_all(writes)
