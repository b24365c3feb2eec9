"""The Spy! heat map as a picture: each cell coloured by the chance that a line covers it, with the
percentage written in it, on a labelled field; probed cells carry their answer (H, W, C) in a
corner. Built as a `pnp.model.Component` (kind "sheet") and written by `pnp.render`.

`heat_colour` is shared with the terminal heat map of `deaddrop spy deduce`.
"""

from __future__ import annotations

from pathlib import Path

from assistant.games.spy.model import Cell, Field, format_cell
from pnp import model as pm
from pnp.units import mm

# colour stops of the scale: probability -> (r, g, b)
_STOPS = (
    (0.0, (247, 251, 255)),
    (0.15, (255, 237, 160)),
    (0.4, (254, 178, 76)),
    (0.7, (240, 59, 32)),
    (1.0, (128, 0, 38)),
)
LABEL_SIZE = 9.0
PROBE_COLOUR = "#1f5fd0"
CELL = mm(13)


def heat_colour(p: float) -> str:
    """ "#rrggbb" for a probability: near white at 0, yellow, orange, red, dark red at 1."""
    p = min(max(p, 0.0), 1.0)
    for (p0, c0), (p1, c1) in zip(_STOPS, _STOPS[1:], strict=False):
        if p <= p1:
            t = (p - p0) / (p1 - p0)
            r, g, b = (round(a + (z - a) * t) for a, z in zip(c0, c1, strict=True))
            return f"#{r:02x}{g:02x}{b:02x}"
    return "#800026"


def ink_on(colour: str) -> str:
    """Black or white, whichever reads better on `colour`."""
    r, g, b = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    return "#000000" if 0.299 * r + 0.587 * g + 0.114 * b > 140 else "#ffffff"


def percent_text(p: float) -> str:
    """A probability as a short percentage: "0", "<1", "37", ">99", "100"."""
    if p <= 0.0:
        return "0"
    if p >= 1.0:
        return "100"
    if p < 0.005:
        return "<1"
    if p >= 0.995:
        return ">99"
    return str(round(p * 100))


def _label_room(field: Field, size: float) -> tuple[float, float]:
    """Room a labelled Grid keeps for row labels (left) and column labels (top), as pnp draws it."""
    # pnp/components/elements.py grid_ops; test_heatmap checks that the two agree
    digits = len(str(field.rows))
    return size * (0.75 * digits + 0.9), size * 1.8


def heatmap_component(
    field: Field,
    probability: dict[Cell, float],
    title: str,
    notes: list[str],
    answers: dict[Cell, str] | None = None,
    probe: tuple[Cell, ...] | None = None,
) -> pm.Component:
    """The heat map sheet: title, labelled field of coloured cells, notes, colour scale.

    `probe`: the suggested next probe (one cell or a run in a row or column), outlined in blue."""
    if answers:
        notes = [*notes, "Corner letters: the answers so far (H hot, W warm, C cold)."]
    if probe:
        notes = [*notes, "Outlined in blue: the best next probe."]
    margin = mm(8)
    cell = CELL if max(field.rows, field.cols) <= 12 else mm(150) / max(field.rows, field.cols)
    left, top = _label_room(field, LABEL_SIZE)
    title_h, note_h, scale_h = mm(16), mm(9), mm(14)
    grid_box = pm.Box(margin, margin + title_h, left + cell * field.cols, top + cell * field.rows)
    width = grid_box.w + 2 * margin
    height = grid_box.y + grid_box.h + mm(4) + note_h * len(notes) + scale_h + margin
    ox, oy = grid_box.x + left, grid_box.y + top
    small = max(min(cell * 0.3, 11.0), 4.0)
    elements: list[pm.Element] = [
        pm.Text(title, pm.Box(margin, margin, width - 2 * margin, title_h), _style(13, bold=True)),
    ]
    for (r, c), p in probability.items():
        fill = heat_colour(p)
        box = pm.Box(ox + c * cell, oy + r * cell, cell, cell)
        elements.append(pm.Rect(box, stroke=None, fill=fill, width=0))
        ink = ink_on(fill) if p > 0 else "#9a9a9a"  # zeros quieter, so the live cells stand out
        elements.append(pm.Text(percent_text(p), box, _style(small, ink)))
    for (r, c), said in (answers or {}).items():
        corner = pm.Box(
            ox + c * cell + cell * 0.06, oy + r * cell + cell * 0.05, cell * 0.4, cell * 0.3
        )
        fill = heat_colour(probability.get((r, c), 0.0))
        mark = _style(small * 0.75, ink_on(fill), bold=True, align="left", valign="top")
        elements.append(pm.Text(said[0].upper(), corner, mark))
    elements.append(
        pm.Grid(
            grid_box,
            field.rows,
            field.cols,
            row_labels="numbers",
            col_labels="letters",
            stroke="#606060",
            width=0.6,
            label_style=_style(LABEL_SIZE),
        )
    )
    if probe:
        rows = [r for r, _ in probe]
        cols = [c for _, c in probe]
        run = pm.Box(
            ox + min(cols) * cell,
            oy + min(rows) * cell,
            (max(cols) - min(cols) + 1) * cell,
            (max(rows) - min(rows) + 1) * cell,
        )
        elements.append(pm.Rect(run, stroke=PROBE_COLOUR, fill=None, width=2.5))
    y = grid_box.y + grid_box.h + mm(4)
    for line in notes:
        box = pm.Box(margin, y, width - 2 * margin, note_h)
        elements.append(pm.Text(line, box, _style(9, align="left", valign="top")))
        y += note_h
    elements.extend(_scale(margin, y + mm(2), width - 2 * margin))
    return pm.Component(
        game="spy",
        name="heatmap",
        kind="sheet",
        width=width,
        height=height,
        faces=(pm.Face({}, 1),),
        front=tuple(elements),
        back=None,
        title=title,
    )


def _style(
    size: float,
    color: str = "#000000",
    *,
    bold: bool = False,
    align: str = "center",
    valign: str = "middle",
) -> pm.Style:
    return pm.Style(
        size=size, min_size=min(4.0, size), color=color, bold=bold, align=align, valign=valign
    )


def _left(size: float) -> pm.Style:
    return _style(size, align="left")


def _scale(x: float, y: float, w: float) -> list[pm.Element]:
    """The colour scale: 11 swatches from 0% to 100%, labelled, after "chance of hot"."""
    label_w = mm(28)
    swatch = min(mm(10), (w - label_w) / 11)
    out: list[pm.Element] = [pm.Text("chance of hot:", pm.Box(x, y, label_w, swatch), _left(9))]
    for i in range(11):
        p = i / 10
        box = pm.Box(x + label_w + i * swatch, y, swatch, swatch)
        fill = heat_colour(p)
        out.append(pm.Rect(box, stroke="#606060", fill=fill, width=0.4))
        out.append(pm.Text(f"{i * 10}", box, _style(7, ink_on(fill))))
    return out


def write_heatmap(component: pm.Component, path: str | Path, kind: str) -> None:
    """Write the heat map as "pdf" or "svg" (atomic writes are pnp.render's job)."""
    from pnp import render

    if kind == "pdf":
        render.write_component_pdf(component, Path(path))
    else:
        render.write_face_svg(component, 0, Path(path))


def describe_cells(cells: tuple[Cell, ...]) -> str:
    """ "5E" for one cell, "4B-4E" for a run."""
    if len(cells) == 1:
        return format_cell(cells[0])
    return f"{format_cell(cells[0])}-{format_cell(cells[-1])}"
