"""Elements of a face (text, rect, circle, line, grid, track, image): YAML -> model, with every
check that needs the component (its size, its data rows, its folder). Grids and tracks are read
in grid_spec.py; the checks all elements share are methods of scope.Scope."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pnp.definitions.boxes import mm_text, read_coord
from pnp.definitions.format_keys import ELEMENT_KEYS, ELEMENT_REQUIRED, FITS
from pnp.definitions.grid_spec import parse_grid, parse_track
from pnp.definitions.map_art_spec import parse_map
from pnp.definitions.scope import Scope
from pnp.definitions.values import BAD, failed, join, type_name
from pnp.definitions.yaml_lines import Y, did_you_mean, display_path
from pnp.draw.images import image_problem
from pnp.draw.svg_reader import path_points
from pnp.draw.textfit import fit_text
from pnp.model import (
    Circle,
    Element,
    IconRef,
    Image,
    Line,
    Path,
    Polygon,
    Rect,
    Text,
    fill_fields,
)
from pnp.units import mm


def parse_face(scope: Scope, node: Y, path: str) -> tuple[Element, ...]:
    """The elements of a `front`/`back` list; BAD when any is malformed."""
    items = scope.ctx.items(node, path)
    if items is None:
        return BAD
    out = [parse_element(scope, item, join(path, i)) for i, item in enumerate(items)]
    cuts = [i for i, el in enumerate(out) if isinstance(el, Polygon) and el.cut]
    front = path.endswith("front")
    for i in cuts[1:] if front else cuts:  # one cut line, the front's (the back is behind it)
        what = "a second cut line" if front else "a cut line outside a component's front"
        expected = "cut: true on one polygon of a component's front"
        out[i] = scope.ctx.err(items[i].line, join(join(path, i), "cut"), what, expected)
    return BAD if failed(*out) else tuple(out)


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


def _text(scope: Scope, m: dict[str, Y], path: str) -> Text:
    ctx = scope.ctx
    text = ctx.text(m["text"], join(path, "text"))
    box = scope.box(m.get("box"), join(path, "box"))
    style = scope.style(m, "style", path, overrides=True)
    rotate = scope.rotate(m, path)
    fields_ok = text is not BAD and scope.fields_ok(text, m["text"].line, join(path, "text"))
    if BAD in (text, box, style, rotate) or not fields_ok:
        return BAD
    width, height = (box.h, box.w) if rotate % 180 == 90 else (box.w, box.h)
    for suffix, row in scope.each_row(text):
        filled = fill_fields(text, row)
        if not scope.glyphs_ok(filled, style, m["text"].line, join(path, "text"), suffix):
            continue
        if scope.geometry and fit_text(filled, width, height, style) is None:
            short = filled if len(filled) <= 40 else filled[:37] + "..."
            what = (
                f"'{short}' does not fit its box ({mm_text(width)} x {mm_text(height)})"
                f" even at {style.min_size:g}pt{suffix}"
            )
            ctx.err(m["text"].line, join(path, "text"), what, "a bigger box or a smaller min_size")
    return Text(text, box, style, rotate)


def _rect(scope: Scope, m: dict[str, Y], path: str) -> Rect:
    box = scope.box(m["rect"], join(path, "rect"))
    radius = scope.length(m, "radius", path, 0.0)
    stroke = scope.colour(m, "stroke", path, "#000000", True)
    fill_ = scope.colour(m, "fill", path, None, True)
    width = scope.length(m, "width", path, 0.5)
    parts = (box, radius, stroke, fill_, width)
    return BAD if failed(*parts) else Rect(*parts)


def _circle(scope: Scope, m: dict[str, Y], path: str) -> Circle:
    box = scope.box(m["circle"], join(path, "circle"))
    stroke = scope.colour(m, "stroke", path, "#000000", True)
    fill_ = scope.colour(m, "fill", path, None, True)
    width = scope.length(m, "width", path, 0.5)
    parts = (box, stroke, fill_, width)
    return BAD if failed(*parts) else Circle(*parts)


def _point(scope: Scope, node: Y, path: str) -> tuple[float, float]:
    if not isinstance(node.value, list) or len(node.value) != 2:
        return scope.ctx.err(node.line, path, "expected a point [x, y] such as [3mm, 14mm]")
    x = read_coord(scope.ctx, node.value[0], join(path, 0))
    y = read_coord(scope.ctx, node.value[1], join(path, 1))
    if failed(x, y):
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
    stroke = scope.colour(m, "stroke", path, "#000000", False)
    width = scope.length(m, "width", path, 0.5)
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
    return BAD if failed(*parts) else Line(*parts)


def _image(scope: Scope, m: dict[str, Y], path: str) -> Image:
    ctx = scope.ctx
    where = join(path, "image")
    name = ctx.text(m["image"], where)
    box = scope.box(m["box"], join(path, "box")) if "box" in m else BAD
    fit_ = ctx.choice(m["fit"], join(path, "fit"), FITS) if "fit" in m else "contain"
    if name is not BAD and scope.fields_ok(name, m["image"].line, where):
        for suffix, row in scope.each_row(name):
            problem = image_problem(scope.folder / fill_fields(name, row), display_path)
            if problem:
                ctx.err(m["image"].line, where, problem + suffix)
    color = scope.colour(m, "color", path, "#000000", False)
    parts = (name, box, fit_, color)
    return BAD if failed(*parts) else Image(name, box, scope.folder, fit_, color)


def _outside(scope: Scope, points: list[tuple[float, float]]) -> str | None:
    """Why some of `points` cannot be drawn in the component, or None."""
    if not scope.geometry:
        return None
    for x, y in points:
        if not scope.inside(x, y):
            return (
                f"the point ({mm_text(x)}, {mm_text(y)}) lies outside the component"
                f" ({mm_text(scope.width)} x {mm_text(scope.height)})"
            )
    return None


def _polygon(scope: Scope, m: dict[str, Y], path: str) -> Polygon:
    ctx = scope.ctx
    where = join(path, "polygon")
    items = ctx.items(m["polygon"], where)
    points: Any = BAD
    if items is not None:
        if len(items) < 3:
            ctx.err(m["polygon"].line, where, "a polygon needs three or more points [x, y]")
        else:
            points = tuple(_point(scope, p, join(where, i)) for i, p in enumerate(items))
            points = BAD if BAD in points else points
            problem = None if points is BAD else _outside(scope, list(points))
            if problem:
                points = ctx.err(m["polygon"].line, where, problem)
    stroke = scope.colour(m, "stroke", path, "#000000", True)
    fill_ = scope.colour(m, "fill", path, None, True)
    width = scope.length(m, "width", path, 0.5)
    cut = ctx.boolean(m["cut"], join(path, "cut")) if "cut" in m else False
    parts = (points, stroke, fill_, width, cut)
    return BAD if failed(*parts) else Polygon(*parts)


def _viewbox(scope: Scope, node: Y, path: str) -> tuple[float, float]:
    value = node.value
    ok = (
        isinstance(value, list)
        and len(value) == 2
        and all(
            isinstance(v.value, (int, float))
            and not isinstance(v.value, bool)
            and 0 < v.value < 1e9  # a whole number of hundreds of digits is no float
            for v in value
        )
    )
    if not ok:
        what = "expected [width, height], two numbers above 0 such as [24, 24]"
        return scope.ctx.err(node.line, path, f"{type_name(value)} is not a viewbox", what)
    return (float(value[0].value), float(value[1].value))


def _path(scope: Scope, m: dict[str, Y], path: str) -> Path:
    ctx = scope.ctx
    where = join(path, "path")
    d = ctx.text(m["path"], where)
    box = scope.box(m.get("box"), join(path, "box"))
    view = _viewbox(scope, m["viewbox"], join(path, "viewbox")) if "viewbox" in m else None
    subpaths: Any = BAD
    if not failed(d, box, view):
        raw = path_points(str(d))
        if not raw:
            what = "draws nothing"
            expected = "expected SVG path data such as 'M 0 0 L 10 0 L 5 8 Z' (M L H V C Q Z)"
            subpaths = ctx.err(m["path"].line, where, what, expected)
        else:
            if view is None:  # millimetres from the box's top-left corner
                sx = sy = mm(1)
            else:
                sx, sy = box.w / view[0], box.h / view[1]
            subpaths = tuple(
                tuple((box.x + x * sx, box.y + y * sy) for x, y in points) for points in raw
            )
            problem = _outside(scope, [p for points in subpaths for p in points])
            if problem:
                subpaths = ctx.err(m["path"].line, where, problem)
    stroke = scope.colour(m, "stroke", path, "#000000", True)
    fill_ = scope.colour(m, "fill", path, None, True)
    width = scope.length(m, "width", path, 0.5)
    parts = (subpaths, stroke, fill_, width)
    return BAD if failed(*parts) else Path(*parts)


def _icon(scope: Scope, m: dict[str, Y], path: str) -> IconRef:
    ctx = scope.ctx
    where = join(path, "icon")
    if scope.in_icon:
        return ctx.err(m["icon"].line, where, "an icon cannot hold an icon")
    name = ctx.text(m["icon"], where)
    box = scope.box(m["box"], join(path, "box")) if "box" in m else BAD
    if failed(name) or not scope.fields_ok(name, m["icon"].line, where):
        return BAD
    ok = True
    for suffix, row in scope.each_row(name):
        filled = fill_fields(name, row)
        if filled in scope.broken_icons:
            ok = False
        elif filled not in scope.icons:
            hint = did_you_mean(filled, scope.icons)
            if not scope.icons:
                hint = "no icons are defined: expected one under 'icons:' in game.yaml"
            ctx.err(m["icon"].line, where, f"unknown icon '{filled}'{suffix}", hint)
            ok = False
    if not ok or failed(box):
        return BAD
    return IconRef(name, box, scope.icons)


_PARSERS: dict[str, Callable[[Scope, dict[str, Y], str], Element]] = {
    "text": _text,
    "rect": _rect,
    "circle": _circle,
    "line": _line,
    "grid": parse_grid,
    "track": parse_track,
    "image": _image,
    "polygon": _polygon,
    "path": _path,
    "icon": _icon,
    "map": parse_map,
}
