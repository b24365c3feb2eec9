"""SVG backend: one face's ops -> an SVG document with svgwrite (the only module that imports it).

The viewBox is in points (y down, like the ops); the document size is given in mm. PNG images are
embedded as data URIs so the file stands alone. Text asks for Vera, then its common relatives.
"""

from __future__ import annotations

import base64
from pathlib import Path
from typing import Any

import svgwrite

from deaddrop.files import write_atomic
from pnp import ops
from pnp.units import to_mm

FONT_FAMILY = "Vera, 'Bitstream Vera Sans', 'DejaVu Sans', sans-serif"
FAMILIES = {"Red Hat Display": "'Red Hat Display', 'Red Hat Text', sans-serif"}


def _n(value: float) -> str:
    text = f"{value:.3f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


class _Writer:
    def __init__(self, dwg: svgwrite.Drawing) -> None:
        self.dwg = dwg
        self.clips = 0

    def _paint(self, op: ops.Painted) -> dict[str, str]:
        """The fill and stroke attributes of `op`."""
        attrs = {"fill": op.fill or "none"}
        if op.stroke and op.width > 0:
            attrs.update(stroke=op.stroke, stroke_width=_n(op.width))
            dash = ops.dash_of(op)
            if dash:
                attrs["stroke_dasharray"] = ",".join(_n(d) for d in dash)
        return attrs

    def add(self, parent: Any, items: tuple[ops.Op, ...]) -> None:  # parent: an svgwrite element
        dwg = self.dwg
        for op in items:
            if isinstance(op, ops.Rect):
                attrs = self._paint(op)
                if op.radius > 0:
                    r = _n(min(op.radius, op.w / 2, op.h / 2))
                    attrs.update(rx=r, ry=r)
                parent.add(dwg.rect((_n(op.x), _n(op.y)), (_n(op.w), _n(op.h)), **attrs))
            elif isinstance(op, ops.Ellipse):
                attrs = self._paint(op)
                centre = (_n(op.x + op.w / 2), _n(op.y + op.h / 2))
                parent.add(dwg.ellipse(centre, (_n(op.w / 2), _n(op.h / 2)), **attrs))
            elif isinstance(op, ops.Polyline):
                attrs = self._paint(op)
                points = [(_n(x), _n(y)) for x, y in op.points]
                shape = dwg.polygon if op.closed else dwg.polyline
                parent.add(shape(points, **attrs))
            elif isinstance(op, ops.Path):
                attrs = self._paint(op)
                attrs["fill_rule"] = "evenodd"
                d = " ".join(
                    "M "
                    + " L ".join(f"{_n(x)} {_n(y)}" for x, y in points)
                    + (" Z" if points[0] == points[-1] else "")
                    for points in op.subpaths
                    if len(points) > 1
                )
                parent.add(dwg.path(d=d, **attrs))
            elif isinstance(op, ops.Text):
                attrs = {
                    "font_family": FAMILIES.get(op.font, FONT_FAMILY),
                    "font_size": _n(op.size),
                    "fill": op.color,
                    "text_anchor": op.anchor,
                }
                if op.bold:
                    attrs["font_weight"] = "bold"
                if op.italic:
                    attrs["font_style"] = "italic"
                parent.add(dwg.text(op.text, insert=(_n(op.x), _n(op.y)), **attrs))
            elif isinstance(op, ops.Image):
                data = base64.b64encode(Path(op.path).read_bytes()).decode("ascii")
                parent.add(
                    dwg.image(
                        f"data:image/png;base64,{data}",
                        insert=(_n(op.x), _n(op.y)),
                        size=(_n(op.w), _n(op.h)),
                        preserveAspectRatio="none",
                    )
                )
            elif isinstance(op, ops.Group):
                self._group(parent, op)

    def _group(self, parent: Any, op: ops.Group) -> None:
        dwg = self.dwg
        group = dwg.g()
        t = op.transform
        if not t.is_identity():
            group["transform"] = "matrix(" + " ".join(_n(v) for v in t.rounded(6)) + ")"
        if op.clip is not None:
            self.clips += 1
            clip_id = f"clip{self.clips}"
            clip = dwg.defs.add(dwg.clipPath(id=clip_id))
            c = op.clip
            clip.add(dwg.rect((_n(c.x), _n(c.y)), (_n(c.w), _n(c.h))))
            inner = dwg.g(clip_path=f"url(#{clip_id})")
            group.add(inner)
            self.add(inner, op.ops)
        else:
            self.add(group, op.ops)
        parent.add(group)


def svg_text(items: tuple[ops.Op, ...], width: float, height: float, title: str = "") -> str:
    """An SVG document of `items` on a width x height (points) canvas."""
    dwg = svgwrite.Drawing(
        size=(f"{_n(to_mm(width))}mm", f"{_n(to_mm(height))}mm"),
        viewBox=f"0 0 {_n(width)} {_n(height)}",
        debug=False,
    )
    if title:
        dwg.set_desc(title=title)
    _Writer(dwg).add(dwg, items)
    return dwg.tostring() + "\n"


def write_svg(
    items: tuple[ops.Op, ...], width: float, height: float, path: Path, title: str = ""
) -> None:
    """Write the SVG of `items` to `path` atomically."""
    write_atomic(path, svg_text(items, width, height, title), sync=False)  # made again by a build
