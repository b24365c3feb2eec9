"""The component model: what the loader (pnp.definitions) produces from YAML, what pnp.draw turns
into drawing operations and pnp.imposition lays out on pages. Plain frozen data, no I/O.

Every length is in PDF points (1/72 in). Every box is resolved against its component: origin at the
top-left corner of the component's trim box, x to the right, y DOWN. Backends flip y for PDF.
Colours are "#rrggbb" strings or None for "none". Text may hold data fields such as "{name}",
filled from a row of the component's data table when the face is drawn.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import field
from functools import lru_cache
from pathlib import Path as FilePath
from typing import TYPE_CHECKING, Any

from pnp.record import record

if TYPE_CHECKING:
    from pnp.map_model import GameMap

KINDS = ("card", "counter", "tile", "token", "sheet", "board")
STOCKS = ("card", "paper")  # what a component is printed on
ROLES = ("piece", "reference")  # a reference card (rules, summaries) may hold smaller type

_FIELD_OR_BRACE = re.compile(r"\{\{|\}\}|\{([A-Za-z_][A-Za-z0-9_]*)\}")


def fill_fields(text: str, data: Mapping[str, Any]) -> str:
    """`text` with each `{field}` the row holds replaced by its value; `{{`/`}}` give braces;
    a field the row lacks stays as written. The loader and the drawing both fill with this."""
    if "{" not in text and "}" not in text:
        return text
    out = []
    for literal, key in _template(text):
        out.append(literal)
        if key is not None:
            out.append(str(data[key]) if key in data else f"{{{key}}}")
    return "".join(out)


@lru_cache(maxsize=4096)
def _template(text: str) -> tuple[tuple[str, str | None], ...]:
    """`text` cut before each field: (the text before it, braces given, and the field's name),
    then (the rest, None). A text is filled once per data row: it is cut once."""
    parts: list[tuple[str, str | None]] = []
    literal, start = "", 0
    for match in _FIELD_OR_BRACE.finditer(text):
        literal += text[start : match.start()]
        start = match.end()
        if match.group(1) is None:  # {{ or }}
            literal += match.group(0)[0]
        else:
            parts.append((literal, match.group(1)))
            literal = ""
    parts.append((literal + text[start:], None))
    return tuple(parts)


@record
class Source:
    """Where something was defined, for error messages: file, 1-based line, key path."""

    file: str
    line: int
    path: str


@record
class Box:
    """A rectangle in component coordinates (points, y down from the top-left of the trim box)."""

    x: float
    y: float
    w: float
    h: float


@record
class Style:
    """How text looks. `font` is a family name known to the backends ("Vera" is embedded)."""

    font: str = "Vera"
    size: float = 10.0
    min_size: float = 5.0
    color: str = "#000000"
    align: str = "center"  # left | center | right
    valign: str = "middle"  # top | middle | bottom
    leading: float = 1.2  # line height as a multiple of the size
    bold: bool = False
    italic: bool = False


@record
class Text:
    """Text wrapped to its box, shrunk from style.size down to style.min_size until it fits."""

    text: str
    box: Box
    style: Style
    rotate: float = 0.0  # degrees, counter-clockwise, about the box centre


@record
class Rect:
    box: Box
    radius: float = 0.0
    stroke: str | None = "#000000"
    fill: str | None = None
    width: float = 0.5


@record
class Circle:
    """An ellipse inscribed in its box (a circle when the box is square)."""

    box: Box
    stroke: str | None = "#000000"
    fill: str | None = None
    width: float = 0.5


@record
class Line:
    points: tuple[tuple[float, float], ...]
    stroke: str = "#000000"
    width: float = 0.5
    dash: tuple[float, ...] | None = None


@record
class Grid:
    """A grid of rows x cols cells filling `box`, less room for labels when labelled.

    Row labels go on the left ("numbers": 1.., "letters": A..), column labels on top."""

    box: Box
    rows: int
    cols: int
    row_labels: str = "none"  # none | numbers | letters
    col_labels: str = "none"  # none | numbers | letters
    stroke: str = "#000000"
    width: float = 0.5
    label_style: Style = field(default_factory=Style)
    fill: str | None = None
    fiducials: str = "none"  # none | upper | lower: marks to read it from a photo (pnp.fiducials)


@record
class Track:
    """A row (or column) of numbered boxes, `start` to `stop` inclusive, filling `box`.

    `labels`, when given, replaces the numbers (one label per box). `rotate` turns every label
    about its box's centre (degrees counter-clockwise, a quarter turn: 0, 90, 180 or 270)."""

    box: Box
    start: int
    stop: int
    direction: str = "horizontal"  # horizontal | vertical
    labels: tuple[str, ...] | None = None
    stroke: str = "#000000"
    width: float = 0.5
    fill: str | None = None
    style: Style = field(default_factory=Style)
    gap: float = 0.0
    rotate: float = 0.0


@record
class Polygon:
    """A closed shape through `points` (component frame, points, y down). With `cut`, it is the
    piece's cut line: the piece is cut along it, not along its box (a pyramid's net)."""

    points: tuple[tuple[float, float], ...]
    stroke: str | None = "#000000"
    fill: str | None = None
    width: float = 0.5
    cut: bool = False


@record
class Path:
    """Shapes from SVG path data (M, L, H, V, C, Q, Z; curves flattened), each subpath a list of
    points in the component frame; a subpath whose last point is its first is closed. Filled
    even-odd, so a subpath inside another cuts a hole."""

    subpaths: tuple[tuple[tuple[float, float], ...], ...]
    stroke: str | None = "#000000"
    fill: str | None = None
    width: float = 0.5


@record
class Icon:
    """A game's named drawing (`icons:`): elements drawn in a frame `width` x `height`."""

    name: str
    width: float
    height: float
    elements: tuple[Element, ...]


@record
class IconRef:
    """An icon placed in `box`: scaled uniformly to fit it and centred. `name` may hold
    `{field}`s; `icons` holds every icon it can name (the loader checked each row)."""

    name: str
    box: Box
    icons: Mapping[str, Icon] = field(compare=False, repr=False)


@record
class Image:
    """A PNG or SVG file (path resolved, existence checked by the loader), fitted into `box`."""

    path: str  # may hold data fields, e.g. "art/{name}.png"; resolved against `base`
    box: Box
    base: FilePath = FilePath(".")
    fit: str = "contain"  # contain | stretch
    color: str = "#000000"  # an SVG's currentColor; may hold data fields, e.g. "{colour}"


@record
class MapArt:
    """The game's map (its `map:` section, pnp.map_model) drawn in `box` on the coasts and 1933
    territories of the land file `land` (pnp.draw.map_sheet): routes, sea zones, cities by
    kind with their names, `title` in the `cartouche` box and the legend in the `legend` box.
    `seams` are the lines (x or y, vertical or not) where the parts of a split board meet: no
    name crosses them (the component's loader fills them in)."""

    land: str
    box: Box
    title: str = ""
    cartouche: Box | None = None
    legend: Box | None = None
    seams: tuple[tuple[float, bool], ...] = ()
    game_map: Any = field(default=None, compare=False, repr=False)


Element = Text | Rect | Circle | Line | Grid | Track | Image | Polygon | Path | IconRef | MapArt


@record
class Face:
    """One distinct face of a component: its data row and how many copies to print."""

    data: dict[str, Any]
    count: int


@record
class Component:
    """A printable component: one size, a front and an optional back, one or more faces."""

    game: str
    name: str
    kind: str  # one of KINDS
    width: float
    height: float
    faces: tuple[Face, ...]
    front: tuple[Element, ...]
    back: tuple[Element, ...] | None
    title: str = ""
    corner: float = 0.0  # radius of the rounded cut line
    bleed: float | None = None  # art past the cut line; None: the default (pnp.draw.bleed)
    split: bool = False  # a board larger than the printable area is split into glued tiles
    source: Source = Source("", 0, "")
    overlap: float = 10 * 72 / 25.4  # how much the tiles of a split board overlap (10 mm)
    stock: str = ""  # card | paper; "" for the default: paper for a sheet, card otherwise
    role: str = "piece"  # piece | reference
    new_page: bool = False  # it and the components after it share no sheet with those before
    die_cut: bool | None = None  # abutting pieces, one cut between neighbours; None: by kind
    choice: str = ""  # a set printed in a print job of its own, one of several the players choose
    sheets_by: str = ""  # a column: the pieces of each of its values on sheets of their own

    def group(self, face: int) -> str:
        """The value of `sheets_by` on face `face` ("" without it): the pieces of one value
        share sheets with no other."""
        if not self.sheets_by or not self.faces:
            return ""
        return str(self.faces[face].data.get(self.sheets_by, ""))

    @property
    def cut_as_die(self) -> bool:
        """Whether its pieces are laid out like a die-cut sheet (abutting, one cut between
        neighbours): its `die_cut`, else true for counters and tokens."""
        return self.die_cut if self.die_cut is not None else self.kind in ("counter", "token")

    @property
    def outline(self) -> tuple[tuple[float, float], ...] | None:
        """The piece's cut line when it is not its box: the points of its front's polygon
        marked `cut` (a net is cut along its outline), else None (cut along the box, or round
        for a token)."""
        for el in self.front:
            if isinstance(el, Polygon) and el.cut:
                return el.points
        return None

    @property
    def paper_stock(self) -> str:
        """What the component is printed on: its `stock`, else paper for a sheet, card."""
        return self.stock or ("paper" if self.kind == "sheet" else "card")

    @property
    def copies(self) -> int:
        """How many pieces are printed in all."""
        return sum(face.count for face in self.faces)


@record
class Choice:
    """One entry of the kit's "About this edition" page: what we chose, and why."""

    choice: str
    why: str


@record
class GameKit:
    """A game's components, in print order."""

    name: str
    title: str
    components: tuple[Component, ...]
    folder: FilePath
    notes: str = ""
    map: GameMap | None = None  # the `map:` section of its files (pnp.map_model)
    edition: tuple[Choice, ...] = ()  # the "About this edition" page (game.yaml `edition`)
    players: str = ""  # "2" or "2-5" (game.yaml `players`), printed on the cover
    time: str = ""  # "60 minutes", "3-4 hours" (game.yaml `time`), printed on the cover
    title_style: Style | None = None  # the game's `title` style: the cover sets its title in it
    cover: str = ""  # the piece the cover shows (game.yaml `cover`); "": the cover chooses
