"""Text fitting without reportlab: Vera advance widths from `pnp/fonts/vera_metrics.json`
(written by tools/make_font_metrics.py with reportlab's own TTF parser, so widths equal
`pdfmetrics.stringWidth`), greedy word wrap, shrink to fit.

Layout contract shared with the backends: a fitted block has `len(lines)` lines, each
`line_height = size * style.leading` tall; the block's height is `len(lines) * line_height`.
"""

from __future__ import annotations

import json
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

from pnp.model import Style
from pnp.record import record

FONTS = Path(__file__).resolve().parent.parent / "fonts"
METRICS = FONTS / "vera_metrics.json"
DISPLAY_METRICS = FONTS / "display_metrics.json"  # Red Hat Display, shipped in pnp/fonts/
DISPLAY = "Red Hat Display"  # the display face's family name in the YAML
FACE_NAMES = {
    ("Vera", False, False): "Vera",
    ("Vera", True, False): "VeraBd",
    ("Vera", False, True): "VeraIt",
    ("Vera", True, True): "VeraBI",
    (DISPLAY, False, False): "RHD",
    (DISPLAY, True, False): "RHDBd",
    (DISPLAY, False, True): "RHDIt",
    (DISPLAY, True, True): "RHDBI",
}
FAMILIES = tuple(dict.fromkeys(family for family, _, _ in FACE_NAMES))
STEP = 0.5  # points between tried sizes
EPSILON = 1e-9


@record
class Fitted:
    """Text laid out in a box: the font size used, the lines, each line's width (points)."""

    size: float
    lines: tuple[str, ...]
    line_height: float
    widths: tuple[float, ...]

    @property
    def height(self) -> float:
        return self.line_height * len(self.lines)


# A character Vera lacks (most of Latin Extended-A: ź, ą, ś ...) is drawn by the backends as its
# NFD base letter with the spacing accent Vera has laid over it; its advance is the base's.
# Combining mark -> that spacing accent (pnp.draw.text draws them; `composed` says which).
MARKS = {
    "\u0301": "\u00b4",
    "\u0300": "\u0060",
    "\u0302": "\u02c6",
    "\u0303": "\u02dc",
    "\u0308": "\u00a8",
    "\u030c": "\u02c7",
    "\u0306": "\u02d8",
    "\u0307": "\u02d9",
    "\u030a": "\u02da",
    "\u0328": "\u02db",
    "\u0327": "\u00b8",
    "\u030b": "\u02dd",
    "\u0304": "\u00af",
}


def _composed(widths: _Widths, char: str) -> tuple[str, tuple[str, ...]] | None:
    """(base, combining marks) when `char` decomposes into a base and marks the face has."""
    import unicodedata  # only for a letter the face lacks

    parts = unicodedata.normalize("NFD", char)
    base, marks = parts[0], tuple(parts[1:])
    if not marks or ord(base) not in widths.glyphs or any(m not in MARKS for m in marks):
        return None
    return (base, marks) if all(ord(MARKS[m]) in widths.glyphs for m in marks) else None


class _Widths(dict):
    """Advance widths by code point; a missing letter gets its base letter's width when the
    backends can compose it, else the face's default width (as reportlab measures it)."""

    def __init__(self, glyphs: dict[int, float], default: float) -> None:
        super().__init__(glyphs)
        self.glyphs = frozenset(glyphs)
        self.default = default
        self.drawable: set[int] = set(glyphs)
        self.ascii = all(code in glyphs for code in range(32, 127))  # every printable letter

    def __missing__(self, code: int) -> float:
        parts = _composed(self, chr(code))
        width = self[ord(parts[0])] if parts else self.default
        if parts:
            self.drawable.add(code)
        self[code] = width
        return width


@cache
def _faces() -> dict[str, Any]:
    faces: dict[str, Any] = {}
    for path in (METRICS, DISPLAY_METRICS):
        faces.update(json.loads(path.read_text(encoding="utf-8"))["faces"])
    return {
        name: _Widths({int(k): v for k, v in face["widths"].items()}, face["default"])
        for name, face in faces.items()
    } | {"_extent": {name: (f["ascent"], f["descent"]) for name, f in faces.items()}}


def face_name(font: str, bold: bool = False, italic: bool = False) -> str:
    """The TTF face for a family and weight: Vera, VeraBd, VeraIt, VeraBI, RHD, RHDBd, ..."""
    try:
        return FACE_NAMES[(font, bool(bold), bool(italic))]
    except KeyError:
        expected = " or ".join(FAMILIES)
        raise ValueError(f"unknown font '{font}' (expected {expected})") from None


def composed(
    char: str, font: str = "Vera", bold: bool = False, italic: bool = False
) -> tuple[str, tuple[str, ...]] | None:
    """(base letter, combining marks) for a letter the face lacks but the backends draw as its
    base with the spacing accents of MARKS laid over it; None when the face has the letter, or
    cannot draw it at all."""
    widths = _faces()[face_name(font, bold, italic)]
    return None if ord(char) in widths.glyphs else _composed(widths, char)


def composed_letters(
    text: str, font: str = "Vera", bold: bool = False, italic: bool = False
) -> dict[str, tuple[str, tuple[str, ...]]]:
    """`composed` for every letter of `text` that the face lacks but can compose (none, at
    once, for a text the face has every letter of: the common case)."""
    widths = _faces()[face_name(font, bold, italic)]
    if widths.ascii and text.isascii() and text.isprintable():
        return {}
    glyphs = widths.glyphs
    out = {}
    for char in set(text):
        if ord(char) not in glyphs:
            parts = _composed(widths, char)
            if parts:
                out[char] = parts
    return out


def text_width(
    text: str, font: str = "Vera", size: float = 10.0, bold: bool = False, italic: bool = False
) -> float:
    """Width of one line of text in points: reportlab's stringWidth for the glyphs the face has,
    the base letter's width for a composed letter (see MARKS)."""
    widths = _faces()[face_name(font, bold, italic)]
    return 0.001 * size * sum(map(widths.__getitem__, map(ord, text)))


def missing_glyphs(text: str, font: str = "Vera", bold: bool = False, italic: bool = False) -> str:
    """The characters of `text` the font cannot draw, even composed (newlines ignored), once."""
    widths = _faces()[face_name(font, bold, italic)]
    if widths.ascii and text.isascii() and text.isprintable():
        return ""
    for char in text:
        widths[ord(char)]  # noqa: B018 - classifies the character as drawable or not
    seen = dict.fromkeys(c for c in text if c != "\n" and ord(c) not in widths.drawable)
    return "".join(seen)


def font_extent(
    font: str = "Vera", bold: bool = False, italic: bool = False
) -> tuple[float, float]:
    """(ascent, descent) in 1/1000 em, descent negative, as reportlab reads them."""
    return _faces()["_extent"][face_name(font, bold, italic)]


def wrap(text: str, width: float, style: Style, size: float) -> list[str] | None:
    """Greedy word wrap at `size`; explicit newlines kept; None when a word is too wide."""
    widths = _faces()[face_name(style.font, style.bold, style.italic)]
    return _wrap([_measured(p, widths) for p in text.split("\n")], width, widths, size)


def _measured(paragraph: str, widths: _Widths) -> list[tuple[str, float]]:
    measure = widths.__getitem__
    return [(word, sum(map(measure, map(ord, word)))) for word in paragraph.split()]


def _wrap(
    paragraphs: list[list[tuple[str, float]]], width: float, widths: _Widths, size: float
) -> list[str] | None:
    room = width * 1000.0 / size + EPSILON  # the box width in 1/1000 em at this size
    space = widths[32]
    lines: list[str] = []
    for words in paragraphs:
        if not words:
            lines.append("")
            continue
        line: list[str] = []
        used = 0.0
        for word, units in words:
            if units > room:
                return None
            if line and used + space + units <= room:
                line.append(word)
                used += space + units
            else:
                if line:
                    lines.append(" ".join(line))
                line, used = [word], units
        lines.append(" ".join(line))
    return lines


def sizes(style: Style) -> list[float]:
    """The sizes tried, largest first: style.size, then 0.5 pt less each, down to min_size."""
    return list(_sizes(style.size, style.min_size))


@lru_cache(maxsize=256)
def _sizes(largest: float, least: float) -> tuple[float, ...]:
    out = []
    size = largest
    while size >= least - EPSILON:
        out.append(size)
        size = round(size - STEP, 6)
    if not out or out[-1] > least + EPSILON:
        out.append(least)
    return tuple(out)


# The loader checks each text of each data row, then the kit's art draws it: a game holds at most
# 5000 pieces (pnp.definitions.loader), a few texts each.
@lru_cache(maxsize=1 << 15)
def fit_text(text: str, width: float, height: float, style: Style) -> Fitted | None:
    """The largest size (from style.size down to style.min_size in 0.5 pt steps) at which
    `text` wraps into width x height points; None when it fits at no size."""
    widths = _faces()[face_name(style.font, style.bold, style.italic)]
    measure = widths.__getitem__
    paragraphs = [_measured(p, widths) for p in text.split("\n")]
    for size in _sizes(style.size, style.min_size):
        line_height = size * style.leading
        if line_height > height + EPSILON:
            continue
        lines = _wrap(paragraphs, width, widths, size)
        if lines is None or len(lines) * line_height > height + EPSILON:
            continue
        # each line's width as text_width measures it
        wide = tuple(0.001 * size * sum(map(measure, map(ord, line))) for line in lines)
        return Fitted(size, tuple(lines), line_height, wide)
    return None
