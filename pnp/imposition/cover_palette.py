"""The game's colours, read off its pieces: the fills of the pieces as drawn (data fields filled),
weighed by the share of each piece they cover, so that the cover wears the colours a player sees
most. Pure."""

from __future__ import annotations

import colorsys
from collections.abc import Iterable

from pnp import ops
from pnp.record import record

DARK_DEFAULT = "#1f2a36"  # a kit whose pieces show no colour: ink blue
ACCENT_DEFAULT = "#c9a227"  # and gold


@record
class Palette:
    """The cover's colours: `dark` for the title panel (white type reads on it), `accent` for
    stripes and numbers, `tint` for the light panel behind the pieces."""

    dark: str
    accent: str
    tint: str


def _rgb(colour: str) -> tuple[float, float, float]:
    h = colour.lstrip("#")
    return int(h[0:2], 16) / 255, int(h[2:4], 16) / 255, int(h[4:6], 16) / 255


def _hex(r: float, g: float, b: float) -> str:
    return "#" + "".join(f"{round(max(0.0, min(1.0, v)) * 255):02x}" for v in (r, g, b))


def luminance(colour: str) -> float:
    """Relative luminance (WCAG), 0 for black to 1 for white."""

    def lin(v: float) -> float:
        return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4

    r, g, b = (lin(v) for v in _rgb(colour))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def mix(colour: str, other: str, share: float) -> str:
    """`colour` with `share` (0..1) of `other` mixed in."""
    a, b = _rgb(colour), _rgb(other)
    return _hex(*(x + (y - x) * share for x, y in zip(a, b, strict=True)))


def _area(op: ops.Op) -> float:
    if isinstance(op, ops.Rect | ops.Ellipse):
        return abs(op.w * op.h) * (0.785 if isinstance(op, ops.Ellipse) else 1.0)
    points = op.points if isinstance(op, ops.Polyline) else ()
    if isinstance(op, ops.Path):
        points = tuple(p for sub in op.subpaths for p in sub)
    if len(points) < 3:
        return 0.0
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return (max(xs) - min(xs)) * (max(ys) - min(ys)) * 0.6


def fills(items: Iterable[ops.Op], scale: float = 1.0) -> dict[str, float]:
    """Each fill colour of `items` (groups entered) and the area it covers, in the items'
    frame."""
    out: dict[str, float] = {}
    for op in items:
        if isinstance(op, ops.Group):
            t = op.transform
            inner = fills(op.ops, scale * abs(t.a * t.d - t.b * t.c))
            for colour, area in inner.items():
                out[colour] = out.get(colour, 0.0) + area
        elif isinstance(op, ops.Rect | ops.Ellipse | ops.Polyline | ops.Path):
            fill = op.fill
            if fill and fill.startswith("#") and len(fill) == 7:
                key = fill.lower()
                out[key] = out.get(key, 0.0) + _area(op) * scale
    return out


def palette(weights: dict[str, float]) -> Palette:
    """The cover's colours from colours and their weights. Strong colours are saturated ones
    and deep inks; the dark colour is the most used strong colour dark enough to carry white
    type (darkened a little if need be), the accent the most used strong colour of another hue
    light enough to show on it."""
    strong: list[tuple[float, str, float]] = []  # (weight, colour, hue)
    for colour, weight in weights.items():
        h, s, v = colorsys.rgb_to_hsv(*_rgb(colour))
        if (s >= 0.35 and 0.3 <= v <= 0.95) or (s >= 0.2 and 0.08 <= v < 0.3):
            strong.append((weight, colour, h))
    strong.sort(key=lambda item: (-item[0], item[1]))
    darks = [(c, h) for _, c, h in strong if luminance(c) <= 0.2]
    dark, hue = darks[0] if darks else (DARK_DEFAULT, -1.0)
    while luminance(dark) > 0.1:  # white type on it: a contrast of at least 5 to 1
        dark = mix(dark, "#000000", 0.15)

    def far(h: float) -> bool:
        return hue < 0 or min(abs(h - hue), 1 - abs(h - hue)) > 0.08

    lights = [c for _, c, h in strong if luminance(c) >= 0.05 and c != dark and far(h)]
    accent = lights[0] if lights else ACCENT_DEFAULT
    return Palette(dark, accent, mix(accent, "#ffffff", 0.9))
