"""SVG files -> plain vector ops, so that both backends draw an SVG image alike. A small subset:
rect, circle, ellipse, line, polyline, polygon, path with M/L/H/V/C/Q/Z, g with transforms,
fill/stroke/stroke-width as attributes or style. A fill or stroke of `currentColor` stays the
marker CURRENT in the shapes read, for the element that places the drawing to colour
(`recoloured`): one drawing serves the red and the blue side."""

from __future__ import annotations

import re
from dataclasses import replace
from functools import lru_cache
from typing import TYPE_CHECKING

from pnp import ops
from pnp.geometry import Affine, rotate, translate

if TYPE_CHECKING:  # the XML parser loads when an SVG file is read (read_svg), not with path_points
    import xml.etree.ElementTree as ET

CURRENT = "currentColor"  # a colour the placing element gives (`recoloured`)
_NUMBER = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")
_NAMED = {
    "black": "#000000",
    "white": "#ffffff",
    "red": "#ff0000",
    "green": "#008000",
    "blue": "#0000ff",
    "gray": "#808080",
    "grey": "#808080",
    "yellow": "#ffff00",
    "orange": "#ffa500",
}


def _numbers(text: str | None) -> list[float]:
    return [float(n) for n in _NUMBER.findall(text or "")]


def _length(text: str | None, default: float = 0.0) -> float:
    values = _numbers(text)
    return values[0] if values else default


def _colour(value: str | None, inherited: str | None) -> str | None:
    if value is None:
        return inherited
    value = value.strip().lower()
    if value in ("none", "transparent"):
        return None
    if value == "currentcolor":
        return CURRENT
    if re.fullmatch(r"#[0-9a-f]{3}", value):
        return "#" + "".join(ch * 2 for ch in value[1:])
    if re.fullmatch(r"#[0-9a-f]{6}", value):
        return value
    return _NAMED.get(value, inherited)


def _transform(text: str | None) -> Affine:
    result = Affine()
    for name, args in re.findall(r"(\w+)\s*\(([^)]*)\)", text or ""):
        v = _numbers(args)
        if name == "translate" and v:
            step = translate(v[0], v[1] if len(v) > 1 else 0.0)
        elif name == "scale" and v:
            step = Affine(a=v[0], d=v[1] if len(v) > 1 else v[0])
        elif name == "matrix" and len(v) == 6:
            step = Affine(*v)
        elif name == "rotate" and v:
            cx, cy = (v[1], v[2]) if len(v) == 3 else (0.0, 0.0)
            step = rotate(-v[0], cx, cy)  # SVG angles turn clockwise on screen
        else:
            continue
        result = step.then(result)  # the first transform listed is applied last
    return result


def _attrs(node: ET.Element) -> dict[str, str]:
    attrs = dict(node.attrib)
    for item in attrs.pop("style", "").split(";"):
        if ":" in item:
            key, value = item.split(":", 1)
            attrs[key.strip()] = value.strip()
    return attrs


def path_points(d: str) -> list[tuple[tuple[float, float], ...]]:
    """The subpaths of a path's `d` as points (curves flattened). Arcs and S/T curves are not
    drawn; drawing stops at the first malformed command, as SVG viewers do."""
    tokens = re.findall(r"[A-Za-z]|" + _NUMBER.pattern, d)
    subpaths: list[list[tuple[float, float]]] = []
    closed_flags: list[bool] = []
    x = y = 0.0
    cmd = ""
    i = 0

    def take(n: int) -> list[float] | None:
        nonlocal i
        values = tokens[i : i + n]
        if len(values) < n or any(t.isalpha() for t in values):
            return None
        i += n
        return [float(t) for t in values]

    while i < len(tokens):
        if tokens[i].isalpha():
            cmd = tokens[i]
            i += 1
            if cmd in "Zz":
                if subpaths:
                    closed_flags[-1] = True
                    x, y = subpaths[-1][0]
                continue
        c = cmd.upper()
        if c not in ("M", "L", "H", "V", "C", "Q"):
            if not c:
                break  # numbers before any command: not a path
            i += 1  # an unsupported command: skip its numbers one by one
            continue
        ox, oy = (x, y) if cmd.islower() else (0.0, 0.0)
        v = take({"M": 2, "L": 2, "H": 1, "V": 1, "C": 6, "Q": 4}[c])
        if v is None or (c != "M" and not subpaths):
            break
        if c == "M":
            x, y = ox + v[0], oy + v[1]
            subpaths.append([(x, y)])
            closed_flags.append(False)
            cmd = "l" if cmd == "m" else "L"
        elif c in "CQ":
            pts = [(x, y)] + [(ox + v[k], oy + v[k + 1]) for k in range(0, len(v), 2)]
            subpaths[-1].extend(_bezier(pts, step / 8) for step in range(1, 9))
            x, y = pts[-1]
        else:
            x = ox + v[0] if c in "LH" else x
            y = oy + v[-1] if c in "LV" else y
            subpaths[-1].append((x, y))
    return [
        tuple(points) + ((points[0],) if closed else ())
        for points, closed in zip(subpaths, closed_flags, strict=True)
        if len(points) > 1
    ]


def _bezier(points: list[tuple[float, float]], t: float) -> tuple[float, float]:
    while len(points) > 1:
        points = [
            (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)
            for a, b in zip(points, points[1:], strict=False)
        ]
    return points[0]


def _shape(
    node: ET.Element, a: dict[str, str], fill: str | None, stroke: str | None, width: float
) -> list[ops.Op]:
    tag = node.tag.rsplit("}", 1)[-1]
    get = a.get
    if tag == "rect":
        return [
            ops.Rect(
                _length(get("x")),
                _length(get("y")),
                _length(get("width")),
                _length(get("height")),
                radius=_length(get("rx")),
                stroke=stroke,
                fill=fill,
                width=width,
            )
        ]
    if tag in ("circle", "ellipse"):
        rx = _length(get("r") if tag == "circle" else get("rx"))
        ry = _length(get("r") if tag == "circle" else get("ry"))
        cx, cy = _length(get("cx")), _length(get("cy"))
        return [
            ops.Ellipse(cx - rx, cy - ry, 2 * rx, 2 * ry, stroke=stroke, fill=fill, width=width)
        ]
    if tag == "line":
        ends = ((_length(get("x1")), _length(get("y1"))), (_length(get("x2")), _length(get("y2"))))
        return [ops.Polyline(ends, stroke=stroke, width=width)]
    if tag in ("polyline", "polygon"):
        v = _numbers(get("points"))
        pts = tuple(zip(v[0::2], v[1::2], strict=False))
        closed = tag == "polygon"
        return [ops.Polyline(pts, stroke, width, closed=closed, fill=fill if closed else None)]
    if tag == "path":
        out: list[ops.Op] = []
        for pts in path_points(get("d", "")):
            closed = pts[0] == pts[-1]
            out.append(ops.Polyline(pts, stroke, width, closed=closed, fill=fill))
        return out
    return []


def _walk(node: ET.Element, fill: str | None, stroke: str | None, width: float) -> list[ops.Op]:
    a = _attrs(node)
    fill = _colour(a.get("fill"), fill)
    stroke = _colour(a.get("stroke"), stroke)
    width = _length(a.get("stroke-width"), width)
    tag = node.tag.rsplit("}", 1)[-1]
    if tag in ("defs", "title", "desc", "metadata", "style"):
        return []
    out = _shape(node, a, fill, stroke, width)
    for child in node:
        out.extend(_walk(child, fill, stroke, width))
    transform = _transform(a.get("transform"))
    if out and not transform.is_identity():
        return [ops.Group(tuple(out), transform)]
    return out


MAX_ELEMENTS = 20_000  # elements of an SVG file (docs/pnp-format.md, "Limits")
MAX_DEPTH = 64  # elements inside each other


class TooLarge(ValueError):
    """An SVG file past the bounds."""


def _check(root: ET.Element) -> None:
    """TooLarge when the tree under `root` has more than MAX_ELEMENTS elements or nests deeper
    than MAX_DEPTH (walked without recursion: drawing it recurses)."""
    count = 0
    stack = [(root, 1)]
    while stack:
        node, depth = stack.pop()
        count += 1
        if count > MAX_ELEMENTS:
            raise TooLarge(f"more than {MAX_ELEMENTS:,} elements (at most {MAX_ELEMENTS:,})")
        if depth > MAX_DEPTH:
            raise TooLarge(f"elements nested more than {MAX_DEPTH} deep (at most {MAX_DEPTH})")
        stack.extend((child, depth + 1) for child in node)


@lru_cache(maxsize=64)
def read_svg(path: str) -> tuple[tuple[float, float, float, float], tuple[ops.Op, ...]]:
    """The viewBox and the shapes of the SVG file at `path`: ET.ParseError when it is not
    well-formed XML, TooLarge past the bounds, OSError when it cannot be read."""
    import xml.etree.ElementTree as ET

    from deaddrop.yaml_loader import YamlProblem, read_regular
    from pnp.draw.images import MAX_IMAGE_BYTES

    try:
        data = read_regular(path, MAX_IMAGE_BYTES, "SVG file")
    except YamlProblem as problem:
        raise TooLarge(f"{problem.what} ({problem.expected})") from None
    root = ET.fromstring(data)
    _check(root)
    view = _numbers(root.get("viewBox"))
    if len(view) != 4:
        view = [0.0, 0.0, _length(root.get("width"), 100.0), _length(root.get("height"), 100.0)]
    shapes: list[ops.Op] = []
    for child in root:
        shapes.extend(_walk(child, "#000000", None, 1.0))
    return (view[0], view[1], view[2], view[3]), tuple(shapes)


def recoloured(shapes: tuple[ops.Op, ...], colour: str) -> tuple[ops.Op, ...]:
    """`shapes` with every CURRENT fill and stroke (an SVG's `currentColor`) drawn in `colour`."""
    out: list[ops.Op] = []
    for op in shapes:
        if isinstance(op, ops.Group):
            out.append(replace(op, ops=recoloured(op.ops, colour)))
        elif isinstance(op, ops.Rect | ops.Ellipse | ops.Polyline | ops.Path):
            fill = colour if op.fill == CURRENT else op.fill
            stroke = colour if op.stroke == CURRENT else op.stroke
            out.append(replace(op, fill=fill, stroke=stroke))
        else:
            out.append(op)
    return tuple(out)
