"""Boxes: named or inline specs (`x`, `y`, `w`, `h` as lengths or percentages, `extends`,
`inset`) resolved against a component's size into `model.Box` (points, y down). Pure."""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

from pnp.definitions.format_keys import BOX_KEYS
from pnp.definitions.values import (
    BAD,
    Ctx,
    failed,
    join,
    mapping_or_name,
    not_a_length,
    read_extends,
)
from pnp.definitions.yaml_lines import Y
from pnp.model import Box
from pnp.units import parse_length

_PERCENT = re.compile(r"^\s*(-?\d+(?:\.\d+)?|-?\.\d+)\s*%\s*$")
COORD_EXPECTED = "expected a length such as 3mm or a percentage such as 50%"
TOLERANCE = 0.01  # points


@dataclass(frozen=True)
class Coord:
    """A length in points, or a percentage of the component's width or height."""

    value: float
    percent: bool = False

    def points(self, whole: float) -> float:
        return self.value * whole / 100.0 if self.percent else self.value


@dataclass(frozen=True)
class BoxSpec:
    """An unresolved box. A box given by name is `BoxSpec(extends=name)`."""

    x: Coord | None = None
    y: Coord | None = None
    w: Coord | None = None
    h: Coord | None = None
    inset: float = 0.0
    extends: str | None = None
    line: int = 0


def parse_coord(value: object) -> Coord:
    """A Coord from "12mm" or "40%"; ValueError otherwise."""
    if isinstance(value, str):
        match = _PERCENT.match(value)
        if match:
            return Coord(float(match.group(1)), True)
    return Coord(parse_length(value))


def read_coord(ctx: Ctx, node: Y, path: str) -> Coord:
    try:
        coord = parse_coord(node.value)
    except ValueError:
        return ctx.err(node.line, path, not_a_length(node.value), COORD_EXPECTED)
    if not math.isfinite(coord.value):
        return ctx.err(node.line, path, "is too large", COORD_EXPECTED)
    return coord


def parse_box(ctx: Ctx, node: Y, path: str) -> BoxSpec:
    """A BoxSpec from a box name or a mapping; BAD (problem recorded) when malformed."""
    if not mapping_or_name(ctx, node, path, "a box name or a mapping of x, y, w, h"):
        return BoxSpec(extends=node.value, line=node.line) if isinstance(node.value, str) else BAD
    ok = ctx.keys(node, path, BOX_KEYS)
    coords: dict[str, Coord] = {}
    for key in ("x", "y", "w", "h"):
        if key in node.value:
            coords[key] = read_coord(ctx, node.value[key], join(path, key))
    inset = 0.0
    if "inset" in node.value:
        inset = ctx.length(node.value["inset"], join(path, "inset"), minimum=None)
    reference = read_extends(ctx, node, path, "box")
    if not ok or failed(inset, reference, *coords.values()):
        return BAD
    extends, line = reference
    x, y, w, h = (coords.get(key) for key in ("x", "y", "w", "h"))
    return BoxSpec(x, y, w, h, inset, extends, line)


def resolve(spec: BoxSpec, named: dict[str, BoxSpec], width: float, height: float) -> Box:
    """The box in points. `extends` must resolve (check `values.chain_problem` first).

    Unset x/y come from the extended box, else 0; unset w/h from the extended box, else the
    rest of the component; `inset` then shrinks the box on every side."""
    base = resolve(named[spec.extends], named, width, height) if spec.extends else None
    x = spec.x.points(width) if spec.x else (base.x if base else 0.0)
    y = spec.y.points(height) if spec.y else (base.y if base else 0.0)
    w = spec.w.points(width) if spec.w else (base.w if base else width - x)
    h = spec.h.points(height) if spec.h else (base.h if base else height - y)
    i = spec.inset
    return Box(x + i, y + i, w - 2 * i, h - 2 * i)


def fit_problem(box: Box, width: float, height: float) -> str | None:
    """Why a resolved box is unusable in a width x height component, or None."""
    if box.w <= TOLERANCE or box.h <= TOLERANCE:
        return f"the box is empty ({mm_text(box.w)} x {mm_text(box.h)})"
    if (
        box.x < -TOLERANCE
        or box.y < -TOLERANCE
        or box.x + box.w > width + TOLERANCE
        or box.y + box.h > height + TOLERANCE
    ):
        return (
            f"the box (x {mm_text(box.x)}, y {mm_text(box.y)}, w {mm_text(box.w)},"
            f" h {mm_text(box.h)}) reaches outside the component"
            f" ({mm_text(width)} x {mm_text(height)})"
        )
    return None


def mm_text(points: float) -> str:
    return f"{points / 72 * 25.4:.4g}mm"
