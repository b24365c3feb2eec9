"""The network picture: a sheet component with the field, the lines and the problem cells."""

from __future__ import annotations

from spy_helpers import FIELD, LEGAL, net

from assistant.games.spy.check import check_input
from assistant.games.spy.network_input import NetworkInput
from assistant.games.spy.picture import PROBLEM, network_component
from pnp.model import Grid, Line, Rect, Text


def picture(text: str):
    result = check_input(NetworkInput("n.txt", "vertices", network=net(text)), FIELD)
    return network_component(result, FIELD)


def test_a_legal_network_is_drawn_as_six_lines_on_a_labelled_grid():
    component = picture(LEGAL)
    assert component.kind == "sheet" and len(component.faces) == 1
    grids = [e for e in component.front if isinstance(e, Grid)]
    assert [(g.rows, g.cols) for g in grids] == [(10, 10)]
    assert len([e for e in component.front if isinstance(e, Line)]) == 6
    labels = {e.text for e in component.front if isinstance(e, Text)}
    assert {"A", "J", "1", "10"} <= labels
    assert not [e for e in component.front if isinstance(e, Rect) and e.stroke == PROBLEM]


def test_line_ends_sit_on_cell_centres():
    component = picture(LEGAL)
    grid = next(e for e in component.front if isinstance(e, Grid))
    size = grid.box.w / 10
    first = next(e for e in component.front if isinstance(e, Line))
    (x0, y0), (x1, y1) = first.points
    assert abs(x0 - (grid.box.x + 1.5 * size)) < 1e-6  # 2B: column B
    assert abs(y0 - (grid.box.y + 1.5 * size)) < 1e-6  # row 2
    assert abs(x1 - (grid.box.x + 3.5 * size)) < 1e-6  # 2D


def test_problem_cells_are_outlined():
    component = picture("4A 4F 2F 2C 8C 8G 9G")
    outlined = [e for e in component.front if isinstance(e, Rect) and e.stroke == PROBLEM]
    assert len(outlined) == 1  # 4C, where line 4 crosses line 1
    caption = [e.text for e in component.front if isinstance(e, Text)][-1]
    assert caption == "Illegal network:\n- line 4 (6 long, 2C-8C) crosses line 1 at 4C"
