"""Plain drawing operations: what components and pages become, what backends draw.

Coordinates are points, y DOWN, in the frame of the enclosing Group (or the page/face).
No reportlab, no svgwrite: backends translate these one by one. `log` gives a stable text form
for golden tests.
"""

from __future__ import annotations

from pnp.geometry import IDENTITY, Affine
from pnp.model import Box
from pnp.record import record

Dash = tuple[float, ...] | None  # a dash pattern (on, off, ... lengths), None for a solid line


@record
class Rect:
    x: float
    y: float
    w: float
    h: float
    radius: float = 0.0
    stroke: str | None = "#000000"
    fill: str | None = None
    width: float = 0.5
    dash: Dash = None


@record
class Ellipse:
    """The ellipse inscribed in the box x, y, w, h."""

    x: float
    y: float
    w: float
    h: float
    stroke: str | None = "#000000"
    fill: str | None = None
    width: float = 0.5


@record
class Polyline:
    points: tuple[tuple[float, float], ...]
    stroke: str | None = "#000000"
    width: float = 0.5
    dash: Dash = None
    closed: bool = False
    fill: str | None = None


@record
class Path:
    """Subpaths (each a list of points; closed when its last point is its first), painted as one
    shape: filled even-odd, so a subpath inside another cuts a hole."""

    subpaths: tuple[tuple[tuple[float, float], ...], ...]
    stroke: str | None = "#000000"
    fill: str | None = None
    width: float = 0.5


@record
class Text:
    """One line of text; (x, y) is on the baseline, at the start, middle or end of the line."""

    x: float
    y: float
    text: str
    size: float
    font: str = "Vera"
    bold: bool = False
    italic: bool = False
    color: str = "#000000"
    anchor: str = "start"  # start | middle | end


@record
class Image:
    """A PNG or SVG file drawn stretched into the box x, y, w, h."""

    path: str
    x: float
    y: float
    w: float
    h: float


@record
class Group:
    """Children drawn through `transform` (local -> outer frame), clipped to `clip` (local).

    `form`: the children are one drawing placed several times (a split board's art, which each
    of its parts places and clips): a backend may draw them once and place that drawing (the
    PDF backend: a form XObject per document, its bounding box `clip`, which a form needs)."""

    ops: tuple[Op, ...]
    transform: Affine = IDENTITY
    clip: Box | None = None
    form: bool = False


Op = Rect | Ellipse | Polyline | Path | Text | Image | Group
Painted = Rect | Ellipse | Polyline | Path  # what has a stroke and a fill


def dash_of(op: Painted) -> Dash:
    """The dash pattern of a painted op (ellipses and paths are always solid)."""
    return None if isinstance(op, Ellipse | Path) else op.dash


def _num(value: float) -> str:
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _fmt(value: object) -> str:
    if isinstance(value, bool) or value is None:
        return str(value)
    if isinstance(value, float | int):
        return _num(float(value))
    if isinstance(value, tuple):
        return "(" + ",".join(_fmt(v) for v in value) + ")"
    if isinstance(value, str):
        return repr(value)
    if isinstance(value, Box):
        return _fmt((value.x, value.y, value.w, value.h))
    if isinstance(value, Affine):
        return _fmt((value.a, value.b, value.c, value.d, value.e, value.f))
    return repr(value)


def log(ops: tuple[Op, ...] | list[Op], indent: int = 0) -> str:
    """A line per operation, fields rounded to 0.01 pt: the golden-test form of a drawing."""
    lines: list[str] = []
    pad = "  " * indent
    for op in ops:
        name = type(op).__name__.lower()
        if isinstance(op, Group):
            lines.append(f"{pad}group transform={_fmt(op.transform)} clip={_fmt(op.clip)}")
            inner = log(op.ops, indent + 1)
            if inner:
                lines.append(inner)
            continue
        fields = ", ".join(f"{k}={_fmt(v)}" for k, v in vars(op).items())
        lines.append(f"{pad}{name} {fields}")
    return "\n".join(lines)


@record
class Page:
    """One page: its size, its ops (page frame), its TrimBox and BleedBox (y down, points), and
    the transform that places the page frame on the paper (a printer profile's scale)."""

    width: float
    height: float
    ops: tuple[Op, ...]
    trim: Box
    bleed: Box
    transform: Affine = IDENTITY


@record
class Document:
    """Pages in order, with outline entries (title, 0-based page index)."""

    title: str
    pages: tuple[Page, ...]
    outline: tuple[tuple[str, int], ...] = ()
