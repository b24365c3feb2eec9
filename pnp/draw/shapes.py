"""Shape elements (rect, circle, line, grid, track) -> ops, with `{field}` values filled in."""

from __future__ import annotations

from typing import Any

from pnp import model, ops
from pnp.draw.text import filled_style, text_lines
from pnp.model import Box, fill_fields


def colour(value: str | None, data: dict[str, Any]) -> str | None:
    """A colour with its `{field}`s filled from the data row; None for none (a field whose
    value is "none" too)."""
    if not value:
        return None
    filled = fill_fields(value, data) if "{" in value else value
    return None if filled == "none" else filled


_colour = colour


def rect_ops(el: model.Rect, data: dict[str, Any]) -> tuple[ops.Op, ...]:
    b = el.box
    stroke, fill = _colour(el.stroke, data), _colour(el.fill, data)
    return (ops.Rect(b.x, b.y, b.w, b.h, el.radius, stroke, fill, el.width),)


def circle_ops(el: model.Circle, data: dict[str, Any]) -> tuple[ops.Op, ...]:
    b = el.box
    stroke, fill = _colour(el.stroke, data), _colour(el.fill, data)
    return (ops.Ellipse(b.x, b.y, b.w, b.h, stroke, fill, el.width),)


def line_ops(el: model.Line, data: dict[str, Any]) -> tuple[ops.Op, ...]:
    return (ops.Polyline(tuple(el.points), _colour(el.stroke, data), el.width, el.dash),)


def polygon_ops(el: model.Polygon, data: dict[str, Any]) -> tuple[ops.Op, ...]:
    stroke, fill = _colour(el.stroke, data), _colour(el.fill, data)
    return (ops.Polyline(el.points, stroke, el.width, None, True, fill),)


def path_ops(el: model.Path, data: dict[str, Any]) -> tuple[ops.Op, ...]:
    stroke, fill = _colour(el.stroke, data), _colour(el.fill, data)
    return (ops.Path(el.subpaths, stroke, fill, el.width),)


def label(index: int, kind: str) -> str:
    """The label of row/column `index` (0-based): "1", "2", ... or "A", ..., "Z", "AA", ..."""
    if kind == "numbers":
        return str(index + 1)
    text = ""
    n = index + 1
    while n:
        n, rest = divmod(n - 1, 26)
        text = chr(ord("A") + rest) + text
    return text


def grid_ops(el: model.Grid, data: dict[str, Any]) -> tuple[ops.Op, ...]:
    b = el.box
    style = filled_style(el.label_style, data)
    width_of = max(len(label(el.rows - 1, el.row_labels)), 1)
    left = style.size * (0.75 * width_of + 0.9) if el.row_labels != "none" else 0.0
    top = style.size * 1.8 if el.col_labels != "none" else 0.0
    gx, gy, gw, gh = b.x + left, b.y + top, b.w - left, b.h - top
    cw, ch = gw / el.cols, gh / el.rows
    out: list[ops.Op] = []
    stroke = _colour(el.stroke, data) or "#000000"
    if el.fill:
        out.append(ops.Rect(gx, gy, gw, gh, stroke=None, fill=_colour(el.fill, data), width=0))
    for r in range(el.rows + 1):
        y = gy + r * ch
        out.append(ops.Polyline(((gx, y), (gx + gw, y)), stroke, el.width))
    for c in range(el.cols + 1):
        x = gx + c * cw
        out.append(ops.Polyline(((x, gy), (x, gy + gh)), stroke, el.width))
    if el.fiducials != "none":
        out.extend(_fiducial_ops(el.fiducials, el.rows, el.cols, gx, gy, cw, ch))
    if el.col_labels != "none":
        for c in range(el.cols):
            cell = Box(gx + c * cw, b.y, cw, top)
            out.extend(text_lines(label(c, el.col_labels), cell, _centred(style)))
    if el.row_labels != "none":
        for r in range(el.rows):
            cell = Box(b.x, gy + r * ch, left, ch)
            out.extend(text_lines(label(r, el.row_labels), cell, _centred(style)))
    return tuple(out)


def _fiducial_ops(
    field: str, rows: int, cols: int, gx: float, gy: float, cw: float, ch: float
) -> list[ops.Op]:
    """The corner marks and the code of pnp.fiducials, black on white, in page units."""
    from pnp import fiducials  # (only a grid with fiducials: not a deck's build)

    out: list[ops.Op] = []

    def square(sq: fiducials.Square, fill: str) -> ops.Op:
        w, h = sq.side * cw, sq.side * ch
        return ops.Rect(gx + sq.x * cw - w / 2, gy + sq.y * ch - h / 2, w, h, 0.0, None, fill, 0)

    for cx, cy in fiducials.mark_centres(rows, cols):
        colours = ("#000000", "#ffffff", "#000000")
        for sq, fill in zip(fiducials.mark_squares(cx, cy), colours, strict=True):
            out.append(square(sq, fill))
    out.extend(square(sq, "#000000") for sq in fiducials.code_squares(field, rows, cols))
    return out


def _centred(style: model.Style) -> model.Style:
    from dataclasses import replace

    return replace(style, align="center", valign="middle")


def track_step(el: model.Track) -> float:
    """The length of each box of a track along it (its boxes share the span less the gaps)."""
    n = el.stop - el.start + 1  # at least 1: the loader refuses `to` before `from`
    span = el.box.w if el.direction != "vertical" else el.box.h
    return (span - el.gap * (n - 1)) / n


def track_cells(el: model.Track) -> list[tuple[Box, Box, str]]:
    """Each box of a track: its cell, the inner box its label is fitted to, its label (the
    loader checks that every label fits with this very geometry, turned by `el.rotate`)."""
    b, step = el.box, track_step(el)
    horizontal = el.direction != "vertical"
    out = []
    for i in range(el.stop - el.start + 1):
        offset = i * (step + el.gap)
        cell = (
            Box(b.x + offset, b.y, step, b.h) if horizontal else Box(b.x, b.y + offset, b.w, step)
        )
        text = el.labels[i] if el.labels and i < len(el.labels) else str(el.start + i)
        pad = min(cell.w, cell.h) * 0.08
        inner = Box(cell.x + pad, cell.y + pad, cell.w - 2 * pad, cell.h - 2 * pad)
        out.append((cell, inner, text))
    return out


def track_ops(el: model.Track, data: dict[str, Any]) -> tuple[ops.Op, ...]:
    stroke, fill = _colour(el.stroke, data), _colour(el.fill, data)
    style = filled_style(el.style, data)
    out: list[ops.Op] = []
    for cell, inner, text in track_cells(el):
        out.append(ops.Rect(cell.x, cell.y, cell.w, cell.h, 0.0, stroke, fill, el.width))
        out.extend(text_lines(fill_fields(text, data), inner, style, el.rotate))
    return tuple(out)
