"""Text elements -> ops: wrapped and shrunk with pnp.draw.textfit.fit_text, aligned in the box."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from pnp import ops
from pnp.draw.textfit import MARKS, composed_letters, fit_text, font_extent, text_width
from pnp.geometry import rotate as rotation
from pnp.model import Box, Style, fill_fields

__all__ = ["CAP_MIDDLE", "filled_style", "text_lines"]

# Where the baseline sits in a line box: the middle of the capitals (Vera cap height 0.729 em)
# lies on the middle of the line, so one line set "middle" looks centred.
CAP_MIDDLE = 0.3645


BELOW = {"\u0328", "\u0327"}  # combining marks (keys of textfit.MARKS) drawn under the letter


def filled_style(style: Style, data: dict[str, Any]) -> Style:
    """`style` with a `{field}` colour taken from the data row."""
    return replace(style, color=fill_fields(style.color, data)) if "{" in style.color else style


def _quarter_turned(degrees: float) -> bool:
    return round(degrees) % 180 == 90 and abs(degrees - round(degrees)) < 1e-9


def text_lines(text: str, box: Box, style: Style, rotate: float = 0.0) -> tuple[ops.Op, ...]:
    """Ops for `text` fitted into `box` (rotated about its centre when `rotate` is not 0)."""
    w, h = (box.h, box.w) if _quarter_turned(rotate) else (box.w, box.h)
    fitted = fit_text(text, w, h, style)
    if fitted is None:  # the loader rejects this; draw at the minimum size rather than nothing
        size = style.min_size
        lines = tuple(text.split("\n"))
    else:
        size, lines = fitted.size, tuple(fitted.lines)
    cx, cy = box.x + box.w / 2, box.y + box.h / 2
    left, top = cx - w / 2, cy - h / 2
    line_h = size * style.leading
    block = line_h * len(lines)
    if style.valign == "top":
        start = top
    elif style.valign == "bottom":
        start = top + h - block
    else:
        start = top + (h - block) / 2
    if style.align == "left":
        x, anchor = left, "start"
    elif style.align == "right":
        x, anchor = left + w, "end"
    else:
        x, anchor = cx, "middle"
    out: list[ops.Op] = []
    for i, line in enumerate(lines):
        if not line:
            continue
        baseline = _baseline(start + i * line_h, line_h, size, style)
        out.extend(_line(line, x, baseline, size, style, anchor))
    if rotate and out:
        return (ops.Group(tuple(out), rotation(rotate, cx, cy)),)
    return tuple(out)


def _baseline(top: float, line_h: float, size: float, style: Style) -> float:
    """The capitals centred on the line, but the descenders kept inside it (and the ascenders
    too, when the leading is at least 1)."""
    ascent, descent = font_extent(style.font, style.bold, style.italic)
    centred = top + line_h / 2 + CAP_MIDDLE * size
    lowest = top + line_h + descent / 1000 * size
    highest = top + ascent / 1000 * size
    return max(min(centred, lowest), highest)


def _line(text: str, x: float, y: float, size: float, style: Style, anchor: str) -> list[ops.Op]:
    """One line as Text ops; letters Vera lacks are drawn as base + accent."""

    def op(t: str, at: float, where: str = "start", dy: float = 0.0) -> ops.Text:
        return ops.Text(
            at, y + dy, t, size, style.font, style.bold, style.italic, style.color, where
        )

    missing = composed_letters(text, style.font, style.bold, style.italic)
    if not missing:
        return [op(text, x, anchor)]
    plain = "".join(missing[c][0] if c in missing else c for c in text)

    def width(t: str) -> float:
        return text_width(t, style.font, size, style.bold, style.italic)

    total = width(plain)
    left = x - total / 2 if anchor == "middle" else x - total if anchor == "end" else x
    out: list[ops.Op] = [op(plain, left)]
    for index, char in enumerate(text):
        parts = missing.get(char)
        if parts is None:
            continue
        base, marks = parts
        before = width(plain[:index])
        centre = left + before + width(base) / 2
        raise_by = 0.22 * size if base.isupper() else 0.0
        for mark in marks:
            if mark in BELOW:
                out.append(op(MARKS[mark], left + before + width(base) * 0.75, "middle"))
            else:
                out.append(op(MARKS[mark], centre, "middle", -raise_by))
    return out
