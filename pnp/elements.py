"""Elements of a face (text, rect, circle, line, grid, track, image): YAML -> model, with
every check that needs the component (its size, its data rows, its folder)."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pnp import boxes, styles
from pnp.components.elements import track_cells, track_step
from pnp.components.images import image_problem
from pnp.format_keys import DIRECTIONS, ELEMENT_KEYS, ELEMENT_REQUIRED, FITS, LABELS
from pnp.model import Box, Circle, Element, Grid, Image, Line, Rect, Style, Text, Track
from pnp.textfit import face_name, fit_text, missing_glyphs
from pnp.units import mm
from pnp.values import BAD, COLOUR, Ctx, fields_in, fill, join, type_name
from pnp.yaml_lines import Y, did_you_mean, display_path

MIN_CELL = mm(1.0)  # the smallest grid cell or track box that can be drawn and seen
QUARTER_TURNS = (0.0, 90.0, 180.0, 270.0)  # text and track-label turns: upright or on a side


@dataclass
class Scope:
    """What an element is checked against: its component and the game's named boxes/styles."""

    ctx: Ctx
    width: float
    height: float
    folder: Path
    boxes: dict[str, boxes.BoxSpec]
    styles: dict[str, styles.StyleSpec]
    columns: tuple[str, ...] = ()
    rows: list[dict[str, str]] = field(default_factory=list)
    broken_boxes: set[str] = field(default_factory=set)  # already reported where defined
    broken_styles: set[str] = field(default_factory=set)
    geometry: bool = True  # False when the component's size is unusable: skip fit checks

    def each_row(self, template: str) -> list[tuple[str, dict[str, str]]]:
        """(" in rows[i]", data) for each data row when `template` has fields, else ("", {})."""
        if not fields_in(template):
            return [("", {})]
        return [(f" in rows[{i}]", row) for i, row in enumerate(self.rows)]


def parse_face(scope: Scope, node: Y, path: str) -> tuple[Element, ...] | None:
    """The elements of a `front`/`back` list; BAD when any is malformed."""
    items = scope.ctx.items(node, path)
    if items is None:
        return BAD
    out = [parse_element(scope, item, join(path, i)) for i, item in enumerate(items)]
    return BAD if any(e is BAD for e in out) else tuple(out)


def parse_element(scope: Scope, node: Y, path: str) -> Element:
    ctx = scope.ctx
    if not isinstance(node.value, dict):
        return ctx.err(node.line, path, f"expected an element mapping, got {type_name(node.value)}")
    kinds = [k for k in ELEMENT_KEYS if k in node.value]
    if len(kinds) != 1:
        names = ", ".join(ELEMENT_KEYS)
        if kinds:
            what = "has " + " and ".join(f"'{k}'" for k in kinds)
            return ctx.err(node.line, path, what, f"expected exactly one of: {names}")
        guesses = [did_you_mean(k, ELEMENT_KEYS) for k in node.value]
        hint = next((g for g in guesses if g.startswith("did")), f"expected one of: {names}")
        return ctx.err(node.line, path, "unknown kind of element", hint)
    kind = kinds[0]
    ok = ctx.keys(node, path, ELEMENT_KEYS[kind], ELEMENT_REQUIRED.get(kind, ()))
    element = _PARSERS[kind](scope, node.value, path)
    return element if ok else BAD


def _box(scope: Scope, node: Y | None, path: str) -> Box:
    """A resolved box (the whole component when `node` is None)."""
    if node is None:
        return Box(0.0, 0.0, scope.width, scope.height)
    spec = boxes.parse_box(scope.ctx, node, path)
    if spec is BAD:
        return BAD
    if spec.extends is not None and not _known(
        scope, spec.extends, scope.boxes, scope.broken_boxes, node, path, "box"
    ):
        return BAD
    box = boxes.resolve(spec, scope.boxes, scope.width, scope.height)
    problem = boxes.fit_problem(box, scope.width, scope.height) if scope.geometry else None
    return scope.ctx.err(node.line, path, problem) if problem else box


def _known(
    scope: Scope, name: str, named: dict, broken: set[str], node: Y, path: str, noun: str
) -> bool:
    """Whether the box or style `name` can be used: False when it is broken (reported where it
    is defined) or unknown (reported here, at `path` or at its `extends`)."""
    if name in broken:
        return False
    if name in named:
        return True
    where = path if isinstance(node.value, str) else join(path, "extends")
    scope.ctx.err(node.line, where, f"unknown {noun} '{name}'", did_you_mean(name, named, noun))
    return False


def _style(scope: Scope, m: dict[str, Y], key: str, path: str, overrides: bool) -> Style:
    stack: list[dict[str, Any]] = []
    if key in m:
        spec = styles.parse_style(scope.ctx, m[key], join(path, key))
        if spec is BAD:
            return BAD
        if spec.extends is not None and not _known(
            scope, spec.extends, scope.styles, scope.broken_styles, m[key], join(path, key), "style"
        ):
            return BAD
        stack = styles.layers(spec, scope.styles)
    if overrides:
        stack.append(styles.read_fields(scope.ctx, Y(m, 0), path))
    style = styles.build(stack)
    if isinstance(style, str):
        line = (m.get("min_size") or m.get("size") or m.get(key) or next(iter(m.values()))).line
        return scope.ctx.err(line, path, style)
    if "{" in style.color:  # from the data row: check it for each row here
        own = overrides and "color" in m
        node = m["color"] if own else m.get(key) or next(iter(m.values()))
        where = join(path, "color") if own else join(path, key)
        if not _colour_rows(scope, style.color, node.line, where, none=False):
            return BAD
    return style


def _fields_ok(scope: Scope, text: str, line: int, path: str) -> bool:
    names = fields_in(text)
    if names is None:
        what = "malformed {field}"
        return scope.ctx.err(line, path, what, "expected {name} with a data column; {{ for a brace")
    ok = True
    for name in names:
        if name not in scope.columns:
            if scope.columns:
                hint = did_you_mean(name, scope.columns)
            else:
                hint = "this component has no data table"
            scope.ctx.err(line, path, f"{{{name}}} is not a data column", hint)
            ok = False
    return ok


def _colour(scope: Scope, m: dict[str, Y], key: str, path: str, default: Any, none: bool) -> Any:
    if key not in m:
        return default
    where = join(path, key)
    value = scope.ctx.colour(m[key], where, allow_none=none)
    if isinstance(value, str) and "{" in value:
        _colour_rows(scope, value, m[key].line, where, none)
    return value


def _colour_rows(scope: Scope, value: str, line: int, path: str, none: bool) -> bool:
    """Whether a colour with `{field}`s names data columns and gives a colour in every row
    (problems recorded)."""
    if not _fields_ok(scope, value, line, path):
        return False
    ok = True
    for suffix, row in scope.each_row(value):
        filled = fill(value, row)
        if not (COLOUR.match(filled) or (none and filled == "none")):
            what = f"'{filled}' is not a colour{suffix}"
            ok = scope.ctx.err(line, path, what, 'expected "#rrggbb"')
    return ok


def _length(scope: Scope, m: dict[str, Y], key: str, path: str, default: float) -> Any:
    return scope.ctx.length(m[key], join(path, key)) if key in m else default


def _text(scope: Scope, m: dict[str, Y], path: str) -> Text:
    ctx = scope.ctx
    text = ctx.text(m["text"], join(path, "text"))
    box = _box(scope, m.get("box"), join(path, "box"))
    style = _style(scope, m, "style", path, overrides=True)
    rotate = _rotate(scope, m, path)
    fields_ok = text is not BAD and _fields_ok(scope, text, m["text"].line, join(path, "text"))
    if BAD in (text, box, style, rotate) or not fields_ok:
        return BAD
    width, height = (box.h, box.w) if rotate % 180 == 90 else (box.w, box.h)
    for suffix, row in scope.each_row(text):
        filled = fill(text, row)
        if not _glyphs_ok(scope, filled, style, m["text"].line, join(path, "text"), suffix):
            continue
        if scope.geometry and fit_text(filled, width, height, style) is None:
            short = filled if len(filled) <= 40 else filled[:37] + "..."
            what = (
                f"'{short}' does not fit its box ({boxes.mm_text(width)} x {boxes.mm_text(height)})"
                f" even at {style.min_size:g}pt{suffix}"
            )
            ctx.err(m["text"].line, join(path, "text"), what, "a bigger box or a smaller min_size")
    return Text(text, box, style, rotate)


def _rotate(scope: Scope, m: dict[str, Y], path: str) -> Any:
    """`rotate` of a text or a track: a quarter turn in degrees, 0 when not given."""
    if "rotate" not in m:
        return 0.0
    rotate = scope.ctx.number(m["rotate"], join(path, "rotate"))
    if rotate is not BAD and rotate not in QUARTER_TURNS:
        rotate = scope.ctx.err(
            m["rotate"].line,
            join(path, "rotate"),
            f"{m['rotate'].raw} is not a quarter turn",
            "expected 0, 90, 180 or 270 degrees",
        )
    return rotate


def _glyphs_ok(scope: Scope, text: str, style: Style, line: int, path: str, suffix: str) -> bool:
    """False (problem recorded) when the font cannot draw some character of `text`."""
    missing = missing_glyphs(text, style.font, style.bold, style.italic)
    if missing:
        what = f"the font {face_name(style.font, style.bold, style.italic)} has no glyph for "
        what += ", ".join(f"'{c}' (U+{ord(c):04X})" for c in missing) + suffix
        scope.ctx.err(line, path, what, "expected Latin-1 and accented Latin letters")
    return not missing


def _rect(scope: Scope, m: dict[str, Y], path: str) -> Rect:
    box = _box(scope, m["rect"], join(path, "rect"))
    radius = _length(scope, m, "radius", path, 0.0)
    stroke = _colour(scope, m, "stroke", path, "#000000", True)
    fill_ = _colour(scope, m, "fill", path, None, True)
    width = _length(scope, m, "width", path, 0.5)
    parts = (box, radius, stroke, fill_, width)
    return BAD if any(p is BAD for p in parts) else Rect(*parts)


def _circle(scope: Scope, m: dict[str, Y], path: str) -> Circle:
    box = _box(scope, m["circle"], join(path, "circle"))
    stroke = _colour(scope, m, "stroke", path, "#000000", True)
    fill_ = _colour(scope, m, "fill", path, None, True)
    width = _length(scope, m, "width", path, 0.5)
    parts = (box, stroke, fill_, width)
    return BAD if any(p is BAD for p in parts) else Circle(*parts)


def _point(scope: Scope, node: Y, path: str) -> tuple[float, float] | None:
    if not isinstance(node.value, list) or len(node.value) != 2:
        return scope.ctx.err(node.line, path, "expected a point [x, y] such as [3mm, 14mm]")
    x = boxes.read_coord(scope.ctx, node.value[0], join(path, 0))
    y = boxes.read_coord(scope.ctx, node.value[1], join(path, 1))
    if x is BAD or y is BAD:
        return BAD
    return (x.points(scope.width), y.points(scope.height))


def _line(scope: Scope, m: dict[str, Y], path: str) -> Line:
    ctx = scope.ctx
    where = join(path, "line")
    items = ctx.items(m["line"], where)
    points: Any = BAD
    if items is not None:
        if len(items) < 2:
            ctx.err(m["line"].line, where, "a line needs two or more points [x, y]")
        else:
            points = tuple(_point(scope, p, join(where, i)) for i, p in enumerate(items))
            points = BAD if BAD in points else points
    stroke = _colour(scope, m, "stroke", path, "#000000", False)
    width = _length(scope, m, "width", path, 0.5)
    dash: Any = None
    if "dash" in m and m["dash"].value not in (None, "none"):
        dash_items = ctx.items(m["dash"], join(path, "dash"))
        dash = BAD
        if dash_items is not None:
            lengths = [ctx.length(d, join(path, "dash", i)) for i, d in enumerate(dash_items)]
            if BAD not in lengths and sum(lengths) > 0:
                dash = tuple(lengths)
            elif BAD not in lengths:
                what = "a dash pattern needs a length above 0"
                ctx.err(m["dash"].line, join(path, "dash"), what, "such as [2pt, 1pt], or none")
    parts = (points, stroke, width, dash)
    return BAD if any(p is BAD for p in parts) else Line(*parts)


def _grid(scope: Scope, m: dict[str, Y], path: str) -> Grid:
    ctx = scope.ctx
    if "rows" not in m or "cols" not in m:
        return BAD
    parts = dict(
        box=_box(scope, m["grid"], join(path, "grid")),
        rows=ctx.integer(m["rows"], join(path, "rows"), 1),
        cols=ctx.integer(m["cols"], join(path, "cols"), 1),
        row_labels=ctx.choice(m["row_labels"], join(path, "row_labels"), LABELS)
        if "row_labels" in m
        else "none",
        col_labels=ctx.choice(m["col_labels"], join(path, "col_labels"), LABELS)
        if "col_labels" in m
        else "none",
        stroke=_colour(scope, m, "stroke", path, "#000000", False),
        width=_length(scope, m, "width", path, 0.5),
        label_style=_style(scope, m, "label_style", path, overrides=False),
        fill=_colour(scope, m, "fill", path, None, True),
    )
    if BAD in parts.values():
        return BAD
    grid = Grid(**parts)
    cell_w, cell_h = grid.box.w / grid.cols, grid.box.h / grid.rows
    if scope.geometry and min(cell_w, cell_h) < MIN_CELL:
        what = (
            f"{grid.rows} x {grid.cols} cells of {boxes.mm_text(cell_w)} x {boxes.mm_text(cell_h)}"
            " are too small to draw"
        )
        return ctx.err(m["grid"].line, join(path, "grid"), what, "cells of at least 1mm")
    return grid


def _track(scope: Scope, m: dict[str, Y], path: str) -> Track:
    ctx = scope.ctx
    if "from" not in m or "to" not in m:
        return BAD
    start = ctx.integer(m["from"], join(path, "from"))
    stop = ctx.integer(m["to"], join(path, "to"))
    if start is not BAD and stop is not BAD and stop < start:
        stop = ctx.err(m["to"].line, join(path, "to"), f"to {stop} is before from {start}")
    labels: Any = None
    if "labels" in m:
        items = ctx.items(m["labels"], join(path, "labels"))
        labels = BAD
        if items is not None:
            texts = [ctx.text(item, join(path, "labels", i)) for i, item in enumerate(items)]
            for i, (text, item) in enumerate(zip(texts, items, strict=True)):
                if text is not BAD and not _fields_ok(
                    scope, text, item.line, join(path, "labels", i)
                ):
                    texts[i] = BAD
            labels = BAD if BAD in texts else tuple(texts)
            if labels is not BAD and start is not BAD and stop is not BAD:
                if len(labels) != stop - start + 1:
                    what = f"{len(labels)} labels for {stop - start + 1} boxes ({start} to {stop})"
                    labels = ctx.err(m["labels"].line, join(path, "labels"), what)
    parts = dict(
        box=_box(scope, m["track"], join(path, "track")),
        start=start,
        stop=stop,
        direction=ctx.choice(m["direction"], join(path, "direction"), DIRECTIONS)
        if "direction" in m
        else "horizontal",
        labels=labels,
        stroke=_colour(scope, m, "stroke", path, "#000000", False),
        width=_length(scope, m, "width", path, 0.5),
        fill=_colour(scope, m, "fill", path, None, True),
        style=_style(scope, m, "style", path, overrides=False),
        gap=_length(scope, m, "gap", path, 0.0),
        rotate=_rotate(scope, m, path),
    )
    if BAD in parts.values():
        return BAD
    track = Track(**parts)
    for i, label in enumerate(track.labels or ()):
        for suffix, row in scope.each_row(label):
            item = m["labels"].value[i]
            _glyphs_ok(
                scope, fill(label, row), track.style, item.line, join(path, "labels", i), suffix
            )
    boxes_in_track = track.stop - track.start + 1
    span = track.box.w if track.direction == "horizontal" else track.box.h
    step = track_step(track)  # before track_cells: a huge `to` is refused, not laid out
    if scope.geometry and step < MIN_CELL:
        if track.gap * (boxes_in_track - 1) >= span:
            what = f"a gap of {boxes.mm_text(track.gap)} leaves no room for {boxes_in_track} boxes"
            return ctx.err(m["gap"].line, join(path, "gap"), what, "a smaller gap or fewer boxes")
        what = f"{boxes_in_track} boxes of {boxes.mm_text(step)} are too small to draw"
        return ctx.err(m["to"].line, join(path, "to"), what, "boxes of at least 1mm")
    if scope.geometry and not _labels_fit(scope, track, m, path):
        return BAD
    return track


def _labels_fit(scope: Scope, track: Track, m: dict[str, Y], path: str) -> bool:
    """Whether every label of a track fits its box at the style's min_size (problems recorded;
    of the numbers drawn when no labels are given, only the first that does not fit)."""
    ok = True
    for i, (_, inner, label) in enumerate(track_cells(track)):
        # a label turned a quarter is fitted to its box on its side, as text_lines draws it
        w, h = (inner.h, inner.w) if track.rotate % 180 == 90 else (inner.w, inner.h)
        if track.labels:
            node, where = m["labels"].value[i], join(path, "labels", i)
        else:
            node, where = m["to"], join(path, "to")
        for suffix, row in scope.each_row(label):
            filled = fill(label, row)
            if fit_text(filled, w, h, track.style) is None:
                size = f"{boxes.mm_text(w)} x {boxes.mm_text(h)}"
                what = f"the label '{filled}' does not fit its box ({size})"
                what += f" even at {track.style.min_size:g}pt{suffix}"
                ok = scope.ctx.err(node.line, where, what, "bigger boxes or a smaller min_size")
                if not track.labels:
                    return False
    return ok


def _image(scope: Scope, m: dict[str, Y], path: str) -> Image:
    ctx = scope.ctx
    where = join(path, "image")
    name = ctx.text(m["image"], where)
    box = _box(scope, m["box"], join(path, "box")) if "box" in m else BAD
    fit_ = ctx.choice(m["fit"], join(path, "fit"), FITS) if "fit" in m else "contain"
    if name is not BAD and _fields_ok(scope, name, m["image"].line, where):
        for suffix, row in scope.each_row(name):
            problem = image_problem(scope.folder / fill(name, row), display_path)
            if problem:
                ctx.err(m["image"].line, where, problem + suffix)
    parts = (name, box, fit_)
    return BAD if any(p is BAD for p in parts) else Image(name, box, scope.folder, fit_)


_PARSERS = {
    "text": _text,
    "rect": _rect,
    "circle": _circle,
    "line": _line,
    "grid": _grid,
    "track": _track,
    "image": _image,
}
