"""The print guide (pages 1 and 2 of a kit) and the duplex calibration sheet, as ops. Pure."""

from __future__ import annotations

from dataclasses import dataclass

from pnp import ops
from pnp.draw.text import text_lines
from pnp.draw.textfit import wrap
from pnp.layout import Settings
from pnp.model import Box, Style
from pnp.units import mm, to_mm

INK = "#222222"
GREY = "#8a8a8a"
PAPER_NAMES = {"a4": "A4 (210 x 297 mm)", "letter": "US Letter (8.5 x 11 in)"}


@dataclass(frozen=True)
class Entry:
    """One component as the guide lists it."""

    title: str
    kind: str
    width: float  # points
    height: float
    pieces: int
    first_page: int  # 1-based, in the kit PDF: the first front page it is on
    last_page: int  # the back page of the last sheet it is on
    has_back: bool
    tiles: str = ""  # "2x2" for a split board
    rounded: bool = False  # cut round (a token) or with rounded corners


@dataclass(frozen=True)
class PageRange:
    """Pages first..last (a front and its back, or several such) and what is on them."""

    first_page: int
    last_page: int
    items: tuple[str, ...]  # "Agent cards ×5", in print order


def _turn_over(s: Settings) -> str:
    """How a cut piece relates to its back (pnp.layout.piece_flip), for the guide."""
    if s.flip == "short":
        upside = (
            "On the back pages the backs of upright pieces stand upside down on purpose"
            " (short-edge flip), those of pieces lying sideways do not. "
        )
    else:
        upside = (
            "On the back pages the backs of pieces lying sideways stand upside down on purpose. "
        )
    return (
        upside
        + "A cut piece turned over sideways, like the page of a book, shows its back upright."
    )


def flip_words(settings: Settings) -> str:
    return "flip on long edge" if settings.flip == "long" else "flip on short edge"


class _Flow:
    """Paragraphs set one under the other in a column, at a common scale."""

    def __init__(self, box: Box, scale: float = 1.0) -> None:
        self.box, self.scale, self.y = box, scale, box.y
        self.items: list[ops.Op] = []

    def para(self, text: str, size: float, bold: bool = False, colour: str = INK, gap=0.4) -> None:
        size *= self.scale
        style = Style(size=size, min_size=size, bold=bold, color=colour, align="left", valign="top")
        for line in wrap(text, self.box.w, style, size) or [text]:
            self.items.extend(
                text_lines(line, Box(self.box.x, self.y, self.box.w, size * 1.3), style)
            )
            self.y += size * 1.3
        self.y += size * gap

    def rule(self) -> None:
        self.items.append(
            ops.Polyline(((self.box.x, self.y), (self.box.x + self.box.w, self.y)), GREY, 0.5)
        )
        self.y += 6 * self.scale


def _size(entry: Entry) -> str:
    return f"{to_mm(entry.width):.0f} x {to_mm(entry.height):.0f} mm"


def _pages(first: int, last: int) -> str:
    return f"page {first}" if first == last else f"pages {first}-{last}"


def _sheets(entries: list[Entry]) -> str:
    pages = max((e.last_page for e in entries), default=2) // 2 * 2
    return f"{pages} pages on {pages // 2} sheets, this guide included"


def _guide_text(
    flow: _Flow,
    title: str,
    notes: str,
    entries: list[Entry],
    s: Settings,
    ranges: list[PageRange],
    groups: bool,
) -> None:
    flow.para(f"{title}: print-and-play kit", 20, bold=True, gap=0.2)
    flow.para("Print guide: read this page before printing.", 10, colour=GREY, gap=1.0)
    flow.para("Printer settings", 12, bold=True)
    offset = s.back_offset
    shift = (
        f"Backs are shifted by {to_mm(offset[0]):+.1f} mm across "
        f"and {to_mm(offset[1]):+.1f} mm down."
        if offset != (0.0, 0.0)
        else "No back offset (measure yours with: deaddrop build --calibration)."
    )
    for line in (
        f"Paper: {PAPER_NAMES[s.paper]}. Scale: 100% / actual size (never 'fit to page').",
        f"Print double-sided, {flip_words(s)}: {_sheets(entries)}. {shift}",
        "Fronts are on odd pages, their backs on the even page right after. Pieces with no "
        "back leave their place blank on the back page; a back page with nothing on it is "
        "blank on purpose: keep it, so the fronts and backs that follow stay paired.",
        _turn_over(s) if any(e.has_back for e in entries) else "",
    ):
        if line:
            flow.para("• " + line, 9.5)
    if notes:
        flow.para("• " + notes, 9.5)
    flow.y += 4 * flow.scale
    flow.para("What is on each page", 12, bold=True)
    flow.para("A front page and its back: how many pieces of each component.", 9, colour=GREY)
    for r in ranges:
        flow.para(f"{_pages(r.first_page, r.last_page)}: {'; '.join(r.items)}", 9.5, gap=0.25)
    flow.y += 4 * flow.scale
    flow.para("Components", 12, bold=True)
    for e in entries:
        if e.tiles:
            layout = f"a board in {e.tiles} tiles, one per sheet, overlapping 10 mm"
        else:
            layout = "1 piece" if e.pieces == 1 else f"{e.pieces} pieces"
        backs = "fronts and backs" if e.has_back else "fronts only"
        flow.para(
            f"{e.title}: {e.kind}, {_size(e)}, {layout}; {backs}; "
            f"{_pages(e.first_page, e.last_page)}.",
            9.5,
            gap=0.25,
        )
    flow.y += 4 * flow.scale
    flow.para("Cutting order", 12, bold=True)
    steps = ["Glue or print on card stock first if you like; let it dry flat."]
    if groups:
        steps.append(
            "A sheet with several groups of pieces: first cut the groups apart along the "
            "middle of the blank gaps between them (straight across the sheet)."
        )
    steps.append(
        "On each group, make the long cuts first: join the crop marks on opposite sides "
        "and cut straight through, then turn the strips and cut across."
    )
    if any(e.rounded for e in entries):
        steps.append("Cut tokens and rounded corners along their light grey guide line.")
    if any(e.tiles for e in entries):
        steps.append(
            "Boards: cut each tile on its marks; lay tile B1 over the dashed band of A1, "
            "A2 over the band of A1, and so on, matching the picture; glue."
        )
    for n, line in enumerate(steps, start=1):
        flow.para(f"{n}. {line}", 9.5)


def guide_pages(
    title: str,
    notes: str,
    entries: list[Entry],
    settings: Settings,
    ranges: list[PageRange] | None = None,
    groups: bool = False,
) -> list[ops.Page]:
    """Page 1 (the guide) and page 2 (its back, blank but for a note) of a kit: `ranges` say
    what is on each page, `entries` describe each component; `groups` when some sheet holds
    several groups of pieces to cut apart first."""
    page_w, page_h = settings.page
    inner = Box(settings.margin + mm(8), settings.margin + mm(8), 0, 0)
    inner = Box(inner.x, inner.y, page_w - 2 * inner.x, page_h - 2 * inner.y)
    scale = 1.3
    while True:
        flow = _Flow(inner, scale)
        _guide_text(flow, title, notes, entries, settings, ranges or [], groups)
        if flow.y <= inner.y + inner.h or scale < 0.5:
            break
        scale *= 0.92
    full = Box(0, 0, page_w, page_h)
    note = ops.Text(
        page_w / 2,
        page_h - settings.margin - 2,
        "Back of the print guide: left blank so that every front prints on an odd page.",
        7,
        color=GREY,
        anchor="middle",
    )
    return [
        ops.Page(page_w, page_h, tuple(flow.items), full, full),
        ops.Page(page_w, page_h, (note,), full, full),
    ]


def _scale(cx: float, cy: float, vertical: bool) -> list[ops.Op]:
    """A scale -6..+6 mm centred on (cx, cy): ticks every 0.5 mm, numbers every 2 mm, the signs
    at the ends (+ is right, or down)."""
    out: list[ops.Op] = []
    for k in range(-12, 13):
        d = mm(k / 2)
        long = 5.0 if k % 4 == 0 else 3.5 if k % 2 == 0 else 2.0
        if vertical:
            out.append(ops.Polyline(((cx, cy + d), (cx + long, cy + d)), INK, 0.3))
        else:
            out.append(ops.Polyline(((cx + d, cy), (cx + d, cy + long)), INK, 0.3))
        if k % 4 == 0:
            label = str(abs(k) // 2)
            if vertical:
                out.append(ops.Text(cx + 6.5, cy + d + 1.6, label, 4.5))
            else:
                out.append(ops.Text(cx + d, cy + 10, label, 4.5, anchor="middle"))
    end = mm(6) + 4
    if vertical:
        out.append(ops.Text(cx + 2, cy - end, "−", 7, bold=True, anchor="middle"))
        out.append(ops.Text(cx + 2, cy + end + 5, "+", 7, bold=True, anchor="middle"))
    else:
        out.append(ops.Text(cx - end, cy + 5, "−", 7, bold=True, anchor="middle"))
        out.append(ops.Text(cx + end, cy + 5, "+", 7, bold=True, anchor="middle"))
    return out


def calibration_pages(settings: Settings) -> list[ops.Page]:
    """A front and a back page: the front's crosses show through onto the back's scales."""
    from pnp.geometry import translate
    from pnp.layout import page_flip

    page_w, page_h = settings.page
    p = settings.printable
    points = [(page_w / 2, page_h / 2)] + [
        (x, y)
        for y in (p.y + mm(45), p.y + p.h - mm(30))
        for x in (p.x + mm(25), p.x + p.w - mm(25))
    ]
    front: list[ops.Op] = []
    for x, y in points:
        arm = mm(15)
        front.append(ops.Polyline(((x - arm, y), (x + arm, y)), INK, 0.5))
        front.append(ops.Polyline(((x, y - arm), (x, y + arm)), INK, 0.5))
    top = Box(p.x + mm(8), p.y + mm(4), p.w - mm(16), mm(10))
    head = Style(size=16, min_size=10, bold=True, color=INK, align="left", valign="top")
    front.extend(
        text_lines(
            f"Duplex calibration: {PAPER_NAMES[settings.paper]}, {flip_words(settings)}", top, head
        )
    )
    flow = _Flow(Box(p.x + mm(50), page_h / 2 + mm(22), p.w - mm(100), mm(80)))
    for line in (
        "1. Print this sheet double-sided at 100% (actual size), with the settings you will "
        "use for the kits.",
        "2. Hold it against a window or a lamp. Each cross on this side shows through onto a pair "
        "of scales on the back.",
        "3. On the back, read X where the vertical line of the centre cross meets the "
        "horizontal scale, and Y where its horizontal line meets the vertical scale (mm).",
        "4. Build with --back-offset X,Y, then print this sheet again with the same option: "
        "every line should now cross its scale at 0.",
    ):
        flow.para(line, 9)
    front.extend(flow.items)
    ruler_y = p.y + p.h - mm(8)
    x0 = page_w / 2 - mm(50)
    front.append(ops.Polyline(((x0, ruler_y), (x0 + mm(100), ruler_y)), INK, 0.8))
    for k in range(11):
        x = x0 + mm(10 * k)
        front.append(ops.Polyline(((x, ruler_y - 4), (x, ruler_y)), INK, 0.5))
    front.append(
        ops.Text(
            page_w / 2,
            ruler_y - 6,
            "this line is 100 mm long: if not, turn off 'fit to page'",
            7,
            anchor="middle",
        )
    )
    flip = page_flip(settings)
    shift = translate(*settings.back_offset)
    back: list[ops.Op] = []
    for x, y in points:
        bx, by = shift.apply(*flip.apply(x, y))
        back += _scale(bx, by + mm(9), vertical=False)
        back += _scale(bx + mm(9), by, vertical=True)
        back.append(ops.Text(bx - mm(12), by + mm(11.5), "X", 8, bold=True, anchor="middle"))
        back.append(ops.Text(bx + mm(10.5), by - mm(10.5), "Y", 8, bold=True, anchor="middle"))
    back.append(
        ops.Text(
            page_w / 2,
            p.y + mm(10),
            "Back of the calibration sheet: read X and Y where the lines from the front "
            "cross the scales.",
            8,
            anchor="middle",
        )
    )
    full = Box(0, 0, page_w, page_h)
    return [
        ops.Page(page_w, page_h, tuple(front), full, full),
        ops.Page(page_w, page_h, tuple(back), full, full),
    ]
