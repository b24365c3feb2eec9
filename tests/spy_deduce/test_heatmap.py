"""The heat map picture: colours, labels, cells aligned with the labelled grid, files written."""

from __future__ import annotations

import shutil
import subprocess

import pytest

from assistant.games.spy.heatmap import heat_colour, heatmap_component, ink_on, percent_text
from assistant.games.spy.model import Field
from pnp import model as pm
from pnp import ops
from pnp.draw.shapes import grid_ops


def _luminance(colour: str) -> float:
    r, g, b = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    return 0.299 * r + 0.587 * g + 0.114 * b


def test_colour_scale_darkens_as_heat_rises():
    shades = [_luminance(heat_colour(i / 20)) for i in range(21)]
    assert all(a > b for a, b in zip(shades, shades[1:], strict=False))
    assert ink_on(heat_colour(0.0)) == "#000000" and ink_on(heat_colour(1.0)) == "#ffffff"


def test_percent_text():
    assert [percent_text(p) for p in (0, 0.001, 0.2, 0.371, 0.996, 1)] == [
        "0",
        "<1",
        "20",
        "37",
        ">99",
        "100",
    ]


@pytest.mark.parametrize("rows, cols", [(10, 10), (7, 12), (16, 16)])
def test_cells_sit_exactly_in_the_grid(rows, cols):
    field = Field(rows, cols)
    probability = {cell: (cell[0] + cell[1]) / (rows + cols) for cell in field.cells()}
    component = heatmap_component(field, probability, "title", ["a note"], {(0, 0): "hot"})
    grid = next(el for el in component.front if isinstance(el, pm.Grid))
    assert (grid.rows, grid.cols, grid.row_labels, grid.col_labels) == (
        rows,
        cols,
        "numbers",
        "letters",
    )
    lines = [op for op in grid_ops(grid, {}) if isinstance(op, ops.Polyline)]
    xs = sorted({round(op.points[0][0], 6) for op in lines if op.points[0][0] == op.points[1][0]})
    ys = sorted({round(op.points[0][1], 6) for op in lines if op.points[0][1] == op.points[1][1]})
    cells = [el for el in component.front if isinstance(el, pm.Rect) and el.stroke is None]
    assert len(cells) == rows * cols
    assert {round(c.box.x, 6) for c in cells} | {round(xs[-1], 6)} == set(xs)
    assert {round(c.box.y, 6) for c in cells} | {round(ys[-1], 6)} == set(ys)
    for element in component.front:  # everything inside the piece
        box = getattr(element, "box", None)
        if box is not None:
            assert 0 <= box.x and box.x + box.w <= component.width + 1e-6
            assert 0 <= box.y and box.y + box.h <= component.height + 1e-6


def test_heat_map_files(tmp_path):
    from assistant.games.spy.heatmap import write_heatmap

    field = Field()
    component = heatmap_component(field, {c: 0.5 for c in field.cells()}, "Heat", ["n"])
    write_heatmap(component, tmp_path / "h.pdf", "pdf")
    write_heatmap(component, tmp_path / "h.svg", "svg")
    assert (tmp_path / "h.pdf").read_bytes().startswith(b"%PDF")
    assert "50" in (tmp_path / "h.svg").read_text()
    if shutil.which("pdftoppm"):
        subprocess.run(
            ["pdftoppm", "-png", "-r", "20", str(tmp_path / "h.pdf"), str(tmp_path / "p")],
            check=True,
        )
        assert list(tmp_path.glob("p*.png"))


@pytest.mark.parametrize(
    "probe", [((7, 3), (7, 4), (7, 5), (7, 6), (7, 7)), ((2, 9),), ((0, 0), (1, 0))]
)
def test_the_suggested_probe_is_outlined_over_its_very_cells(probe):
    from assistant.games.spy.heatmap import PROBE_COLOUR

    field = Field()
    probability = {cell: 0.25 for cell in field.cells()}
    component = heatmap_component(field, probability, "title", ["a note"], None, probe)
    cells = {
        (round(el.box.x, 6), round(el.box.y, 6)): el.box
        for el in component.front
        if isinstance(el, pm.Rect) and el.stroke is None
    }
    first, last = min(probe), max(probe)
    ordered = sorted(cells)
    xs = sorted({x for x, _ in ordered})
    ys = sorted({y for _, y in ordered})
    top_left = cells[(xs[first[1]], ys[first[0]])]
    bottom_right = cells[(xs[last[1]], ys[last[0]])]
    outlines = [
        el for el in component.front if isinstance(el, pm.Rect) and el.stroke == PROBE_COLOUR
    ]
    assert len(outlines) == 1
    box = outlines[0].box
    assert (round(box.x, 6), round(box.y, 6)) == (round(top_left.x, 6), round(top_left.y, 6))
    assert round(box.x + box.w, 6) == round(bottom_right.x + bottom_right.w, 6)
    assert round(box.y + box.h, 6) == round(bottom_right.y + bottom_right.h, 6)
    assert any(isinstance(el, pm.Text) and "best next probe" in el.text for el in component.front)
    texts = [el for el in component.front if isinstance(el, pm.Text)]
    assert max(t.box.y + t.box.h for t in texts) <= component.height  # the notes fit the piece
    assert not any(
        el.stroke == PROBE_COLOUR
        for el in heatmap_component(field, probability, "t", [], None, None).front
        if isinstance(el, pm.Rect)
    )
