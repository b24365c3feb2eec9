"""The print guide (pages 1 and 2 of a kit), as ops: the printer settings, what is on each
page (pnp.imposition.contents), the components, the cutting order. Pure."""

from __future__ import annotations

from pnp import ops
from pnp.draw.text import text_lines
from pnp.draw.textfit import wrap
from pnp.imposition.contents import Entry, PageRange
from pnp.imposition.paper import Paper
from pnp.model import Box, Style
from pnp.units import mm, to_mm

INK = "#222222"
GREY = "#8a8a8a"
PAPER_NAMES = {"a4": "A4 (210 x 297 mm)", "letter": "US Letter (8.5 x 11 in)"}


def _turn_over(s: Paper) -> str:
    """How a cut piece relates to its back (pnp.imposition.paper.piece_flip), for the guide."""
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


def flip_words(paper: Paper) -> str:
    return "flip on long edge" if paper.flip == "long" else "flip on short edge"


class Flow:
    """Paragraphs set one under the other in a column, at a common scale."""

    def __init__(self, box: Box, scale: float = 1.0) -> None:
        self.box, self.scale, self.y = box, scale, box.y
        self.items: list[ops.Op] = []

    def para(
        self, text: str, size: float, bold: bool = False, colour: str = INK, gap: float = 0.4
    ) -> None:
        size *= self.scale
        style = Style(size=size, min_size=size, bold=bold, color=colour, align="left", valign="top")
        for line in wrap(text, self.box.w, style, size) or [text]:
            self.items.extend(
                text_lines(line, Box(self.box.x, self.y, self.box.w, size * 1.3), style)
            )
            self.y += size * 1.3
        self.y += size * gap


def _size(entry: Entry) -> str:
    return f"{to_mm(entry.width):.0f} x {to_mm(entry.height):.0f} mm"


def _pages(first: int, last: int) -> str:
    return f"page {first}" if first == last else f"pages {first}-{last}"


def _sheets(entries: list[Entry]) -> str:
    pages = max((e.last_page for e in entries), default=2) // 2 * 2
    return f"{pages} pages on {pages // 2} sheets, this guide included"


def _guide_text(
    flow: Flow,
    title: str,
    notes: str,
    entries: list[Entry],
    s: Paper,
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
        f"Paper: {PAPER_NAMES[s.name]}. Scale: 100% / actual size (never 'fit to page').",
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
    paper: Paper,
    ranges: list[PageRange] | None = None,
    groups: bool = False,
) -> list[ops.Page]:
    """Page 1 (the guide) and page 2 (its back, blank but for a note) of a kit: `ranges` say
    what is on each page, `entries` describe each component; `groups` when some sheet holds
    several groups of pieces to cut apart first."""
    page_w, page_h = paper.width, paper.height
    inner = Box(paper.margin + mm(8), paper.margin + mm(8), 0, 0)
    inner = Box(inner.x, inner.y, page_w - 2 * inner.x, page_h - 2 * inner.y)
    scale = 1.3
    while True:
        flow = Flow(inner, scale)
        _guide_text(flow, title, notes, entries, paper, ranges or [], groups)
        if flow.y <= inner.y + inner.h or scale < 0.5:
            break
        scale *= 0.92
    full = Box(0, 0, page_w, page_h)
    note = ops.Text(
        page_w / 2,
        page_h - paper.margin - 2,
        "Back of the print guide: left blank so that every front prints on an odd page.",
        7,
        color=GREY,
        anchor="middle",
    )
    return [
        ops.Page(page_w, page_h, tuple(flow.items), full, full),
        ops.Page(page_w, page_h, (note,), full, full),
    ]
