"""The print guide (the first pages of a kit), as ops: words for a person at a printer. What to
print on card stock and what on paper, which pages double-sided (with a small picture of the
flip) and which single-sided, what is on each page, then how to cut and put the pieces
together. Body text 9.5 pt, or down to 9 pt when that takes a page less; nothing under 9 pt.
Pure."""

from __future__ import annotations

from pnp import ops
from pnp.draw.text import text_lines
from pnp.draw.textfit import wrap
from pnp.imposition.contents import Entry, Job
from pnp.imposition.paper import MARK_EDGE, Paper
from pnp.model import Box, Style
from pnp.units import mm, to_mm

INK = "#222222"
GREY = "#6a6a6a"
PAPER_NAMES = {"a4": "A4 (210 x 297 mm)", "letter": "US Letter (8.5 x 11 in)"}
BODY = 9.5  # points: the guide's body text
LEAST = 9.0  # points: nothing in the guide is smaller
# the guide's text is set at its full size, or smaller when that saves a page (body 9.25, 9 pt)
SCALES = (1.0, (BODY - 0.25) / BODY, LEAST / BODY)
STOCK_WORDS = {
    "card": "on card stock (160-250 g/m², or paper glued to card)",
    "paper": "on plain paper",
}


def flip_words(paper: Paper) -> str:
    return "flip on long edge" if paper.flip == "long" else "flip on short edge"


class Flow:
    """Paragraphs set one under the other in a column, page after page."""

    def __init__(self, box: Box, scale: float = 1.0) -> None:
        self.box, self.scale, self.y = box, scale, box.y
        self.items: list[ops.Op] = []
        self.pages: list[list[ops.Op]] = [self.items]

    def room(self, height: float) -> None:
        """Start a new page unless `height` more fits on this one."""
        if self.y + height > self.box.y + self.box.h:
            self.new_page()

    def new_page(self) -> None:
        self.items = []
        self.pages.append(self.items)
        self.y = self.box.y

    def para(
        self,
        text: str,
        size: float,
        bold: bool = False,
        colour: str = INK,
        gap: float = 0.4,
        indent: float = 0.0,
    ) -> None:
        size *= self.scale
        style = Style(size=size, min_size=size, bold=bold, color=colour, align="left", valign="top")
        width = self.box.w - indent
        lines = wrap(text, width, style, size) or [text]
        self.room(size * 1.3 * min(len(lines), 3))
        for line in lines:
            self.room(size * 1.3)
            box = Box(self.box.x + indent, self.y, width, size * 1.3)
            self.items.extend(text_lines(line, box, style))
            self.y += size * 1.3
        self.y += size * gap

    def head(self, text: str) -> None:
        self.room(12 * 1.3 * 3)  # a heading is never the last line of a page
        self.y += 3
        self.para(text, 12, bold=True, gap=0.3)

    def picture(self, height: float, draw) -> None:  # draw(x, y, w) -> list of ops
        self.room(height)
        self.items.extend(draw(self.box.x, self.y, self.box.w))
        self.y += height


def _size(entry: Entry) -> str:
    def n(points: float) -> str:
        return f"{round(to_mm(points), 1):g}"

    if entry.round and abs(entry.width - entry.height) < 0.01:
        return f"{n(entry.width)} mm across"
    return f"{n(entry.width)} x {n(entry.height)} mm"


def _pages(first: int, last: int) -> str:
    return f"page {first}" if first == last else f"pages {first}-{last}"


def _spans(spans: tuple[tuple[int, int], ...]) -> str:
    """ "pages 9-10", "pages 9-10 and 15-16", "page 9 and pages 15-16"."""
    words = [_pages(*span) for span in spans]
    if all(w.startswith("pages ") for w in words):
        words = words[:1] + [w.removeprefix("pages ") for w in words[1:]]
    return " and ".join(words)


def _sheets(n: int) -> str:
    return "1 sheet" if n == 1 else f"{n} sheets"


def _flip_picture(paper: Paper):
    """A sheet, its back, and how it turns over between them (long or short edge)."""
    long = paper.flip == "long"

    def draw(x: float, y: float, w: float) -> list[ops.Op]:
        pw, ph = mm(14), mm(20)
        out: list[ops.Op] = []
        style = Style(size=LEAST, min_size=LEAST, color=INK, align="center", valign="middle")
        bold = Style(size=11, min_size=11, bold=True, color=INK, align="center", valign="middle")
        x0, x1 = x + mm(4), x + mm(46)
        for left, word, big, upside in ((x0, "front", "A", False), (x1, "back", "A", not long)):
            out.append(ops.Rect(left, y, pw, ph, 1.0, INK, "#f4f1ea", 0.8))
            letter = text_lines(big, Box(left, y + mm(4), pw, mm(8)), bold, 180 if upside else 0)
            out.extend(letter)
            out.extend(text_lines(word, Box(left - mm(4), y + ph + 1, pw + mm(8), 12), style))
        # the edge the sheet turns on, dashed, and an arrow from the front to the back
        if long:
            edge = ((x0 + pw, y - 2), (x0 + pw, y + ph + 2))
        else:
            edge = ((x0 - 2, y + ph), (x0 + pw + 2, y + ph))
        out.append(ops.Polyline(edge, "#b03030", 1.2, (3.0, 2.0)))
        ay = y + ph / 2
        out.append(ops.Polyline(((x0 + pw + mm(4), ay), (x1 - mm(5), ay)), INK, 1.0))
        tip = x1 - mm(2)
        head = ((tip, ay), (tip - mm(3), ay - mm(1.6)), (tip - mm(3), ay + mm(1.6)))
        out.append(ops.Polyline(head, None, 0, None, True, INK))
        words = (
            "Turn the sheet over on its long edge (the dashed red line), like the page of a "
            "book: the back is upright."
            if long
            else "Turn the sheet over on its short edge (the dashed red line), like a "
            "notepad: the back is upside down."
        )
        note_style = Style(size=BODY, min_size=LEAST, color=INK, align="left", valign="middle")
        out.extend(text_lines(words, Box(x + mm(68), y, w - mm(68), ph), note_style))
        return out

    return draw


def _printing(
    flow: Flow,
    s: Paper,
    jobs: list[Job],
    notes: str,
    guide: tuple[int, int],
    edition: tuple[int, int],
) -> None:
    flow.head("Printing")
    flow.para(
        f"Paper: {PAPER_NAMES[s.name]}. Print at 100% (actual size, never 'fit to page').",
        BODY,
    )
    if s.printer:
        flow.para(printer_words(s), BODY)
    elif s.back_offset != (0.0, 0.0):
        dx, dy = (to_mm(v) for v in s.back_offset)
        flow.para(
            f"This copy moves the backs {dx:+.1f} mm across and {dy:+.1f} mm down to suit "
            "one printer.",
            BODY,
        )
    duplex = [j for j in jobs if j.duplex]
    verb = "is" if edition[0] == edition[1] else "are"
    about = f" and {_pages(*edition)} {verb} about this edition" if edition[0] else ""
    cover = "Page 1 is the cover, this guide " if guide[0] > 1 else "This guide "
    flow.para(
        f"{cover}is {_pages(*guide)}{about}: no need to print {'them' if about else 'it'}. "
        "Print the rest in "
        + ("one go:" if len(jobs) == 1 else f"{len(jobs)} goes, each on its own:"),
        BODY,
    )
    for n, job in enumerate(jobs, start=1):
        how = f"double-sided, {flip_words(s)}" if job.duplex else "single-sided"
        pages = _pages(job.first_page, job.last_page)
        flow.para(
            f"{n}. {pages.capitalize()} {STOCK_WORDS[job.stock]}, {how} ({_sheets(job.sheets)}).",
            BODY,
            bold=True,
            gap=0.2,
        )
        if job.choice:
            flow.para(_choice_words(job, jobs), BODY, gap=0.2, indent=mm(5))
        if job.test:
            flow.para(
                "The duplex test: print this one sheet first, with the settings you will use "
                "for the rest, and check that the backs fall behind their fronts (the sheet "
                "says how). Then print the other jobs.",
                BODY,
                gap=0.2,
                indent=mm(5),
            )
            flow.y += 3
            continue
        for r in job.ranges:
            flow.para(
                f"{_pages(r.first_page, r.last_page)}: {'; '.join(r.items)}",
                BODY,
                gap=0.2,
                indent=mm(5),
            )
        flow.y += 3
    if duplex:
        flow.para(
            "Double-sided pages: each front is followed by its back. A back page leaves blank "
            "the places of pieces that have no back.",
            BODY,
        )
        flow.y += 2
        flow.picture(mm(27), _flip_picture(s))
    if notes:
        flow.para(notes, BODY)


def _choice_words(job: Job, jobs: list[Job]) -> str:
    """What the guide says of a job that is one of the kit's choices: which others it is
    chosen from, and to print only one."""
    others = [
        f"job {n} ({j.choice})"
        for n, j in enumerate(jobs, start=1)
        if j.choice and j.choice != job.choice
    ]
    names = list(dict.fromkeys(others))
    listed = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]
    return f"{job.choice}: print this job or {listed}, not both (choose one)."


def printer_words(s: Paper) -> str:
    """What this copy does for the printer it was made for (a printer profile)."""
    from pnp.printer_profile import offset_words

    backs = "the backs " + offset_words(*(to_mm(v) for v in s.back_offset))
    if abs(s.scale - 1.0) < 1e-9:
        scale = "every page at actual size"
    else:
        scale = (
            f"every page drawn at {100 * s.scale:.1f}% because the printer prints at "
            f"{100 / s.scale:.1f}%, so the pieces come out at their true size"
        )
    less = s.reach > MARK_EDGE + 1e-9 or s.scale > 1.0 + 1e-9  # the page holds less
    fewer = " (so some pages hold fewer pieces)" if less else ""
    return (
        f"This copy is made for the printer “{s.printer}”: {PAPER_NAMES[s.name]}, "
        f"{flip_words(s)}, {backs}, {scale}, and nothing printed within "
        f"{round(to_mm(s.reach), 1):g} mm of the paper's edge{fewer}."
    )


def _cutting(flow: Flow, entries: list[Entry], groups: bool) -> None:
    flow.head("Cutting")
    if entries and all(e.kind == "sheet" for e in entries):
        flow.para(
            "1. The sheets need no cutting: trim each on its crop marks (the short black lines "
            "at its corners) if you like.",
            BODY,
        )
        return
    steps = [
        "Let the ink dry. Cut on the crop marks, the short black lines around each group of "
        "pieces: lay a ruler across two marks facing each other and cut straight through. "
        "A craft knife on a cutting mat cuts best; scissors work too."
    ]
    if groups:
        steps.append(
            "Where a page holds several groups of pieces, first cut the groups apart through "
            "the middle of the empty strip between them."
        )
    steps.append(
        "In each group make the long cuts first, right across the group, then turn the strips "
        "and cut across them."
    )
    bled = sorted({round(to_mm(e.bleed), 1) for e in entries if e.bleed > 0})
    if bled:
        amount = " or ".join(f"{b:g} mm" for b in bled)
        # counters and tokens (and pieces laid out tighter to fit more a page) touch, as on a
        # punched sheet: one cut between two neighbours
        touching = (
            "counters"
            if all(e.kind in ("counter", "token") for e in entries if e.die_cut)
            else "pieces that"
        )
        under = f" ({touching} touch: one cut between two, each one's colour under the next)"
        steps.append(
            f"Coloured pieces are printed {amount} larger than they are: the colour runs past "
            f"the cut{under if any(e.die_cut for e in entries) else ''}, so a cut a little off "
            "the line, or a back a little off its front, shows no white edge. Cut on the marks, "
            "not at the edge of the colour."
        )
    if any(e.rounded and not e.round and e.bleed > 0 for e in entries):
        steps.append(
            "Cards with rounded corners are cut square like the others; round their corners "
            "with a corner punch if you like."
        )
    elif any(e.rounded and not e.round for e in entries):
        steps.append("Round the corners of the cards along their thin grey line.")
    rounds = sorted({_size(e).split()[0] for e in entries if e.round})
    if rounds:
        punch = " or ".join(f"{d} mm" for d in rounds)
        steps.append(
            "Round tokens: cut out the square around each token on its crop marks, then cut "
            f"round along its thin grey circle (a {punch} circle punch does it in one go)."
        )
    for e in entries:
        if e.tiles:
            cols, rows = (int(v) for v in e.tiles.split("x"))
            steps.append(_board_step(e.title, cols, rows))
    for n, line in enumerate(steps, start=1):
        flow.para(f"{n}. {line}", BODY)


def _board_step(title: str, cols: int, rows: int) -> str:
    """How to put a board printed in `cols` x `rows` parts together."""
    count = cols * rows
    if rows == 1:
        order = "from left to right"
        side = "its right edge"
    elif cols == 1:
        order = "from top to bottom"
        side = "its bottom edge"
    else:
        order = f"in {rows} rows of {cols}, left to right then down"
        side = "its right edge, its bottom edge or both"
    return (
        f"{title}: the board is in {count} parts, laid out {order}. Cut each part on its crop "
        "marks and hold it with its picture upright (a part may be printed sideways on the "
        f"page). Each part but the last has a grey dashed band along {side}, marked with the "
        "part that goes on top: glue that part over the band, matching the picture. Glue the "
        "board on card if you like."
    )


def _contents(flow: Flow, entries: list[Entry]) -> None:
    flow.head("What you get")
    # a component printed again with another choice (the same title, kind, size and count) is
    # listed once, with the pages of each: "(page 24 or page 28)"
    again: dict[tuple[str, str, float, float, int], list[str]] = {}
    for e in entries:
        key = (e.title, e.kind, round(e.width, 2), round(e.height, 2), e.pieces)
        spans = e.spans or ((e.first_page, e.last_page),)
        again.setdefault(key, []).append(_spans(spans))
    listed: set[tuple[str, str, float, float, int]] = set()
    for e in entries:
        key = (e.title, e.kind, round(e.width, 2), round(e.height, 2), e.pieces)
        if key in listed:
            continue
        listed.add(key)
        backs = "with backs" if e.has_back else "no backs"
        if e.tiles:
            cols, rows = (int(v) for v in e.tiles.split("x"))
            what = f"1 board of {cols * rows} parts to glue, {_size(e)}"
        else:
            nouns = ("card", "counter", "token", "tile", "sheet", "board")
            noun = e.kind if e.kind in nouns else "piece"
            what = f"{e.pieces} {noun}{'' if e.pieces == 1 else 's'}, {_size(e)}"
        where = " or ".join(again[key])
        flow.para(f"{e.title}: {what}, {backs} ({where}).", BODY, gap=0.25)


def guide_pages(
    title: str,
    notes: str,
    entries: list[Entry],
    paper: Paper,
    jobs: list[Job] | None = None,
    groups: bool = False,
    pages: int = 1,
    edition: tuple[int, int] = (0, 0),
    first_page: int = 1,
) -> list[ops.Page]:
    """The guide: at least `pages` pages (more when double-sided sheets follow, so that their
    fronts fall on odd pages); a last page left blank says so. `edition`: the first and last
    page of the "About this edition" page that follows it ((0, 0): none); `first_page`: the
    guide's own first page (2 after a cover)."""
    page_w, page_h = paper.width, paper.height
    inner = Box(paper.margin + mm(8), paper.margin + mm(8), 0, 0)
    inner = Box(inner.x, inner.y, page_w - 2 * inner.x, page_h - 2 * inner.y - mm(6))
    joiner = " —" if title.endswith(("!", "?")) else ":"  # "Spy! — print-and-play kit", not "Spy!:"

    def flowed(scale: float) -> Flow:
        flow = Flow(inner, scale)
        flow.para(f"{title}{joiner} print-and-play kit", 20, bold=True, gap=0.2)
        flow.para(
            "How to print it, cut it out and put it together.", BODY + 1, colour=GREY, gap=0.6
        )
        _printing(flow, paper, jobs or [], notes, (first_page, first_page + pages - 1), edition)
        if pages > 1 and len(flow.pages) == 1:
            flow.new_page()  # the guide's back: cutting and contents
        _cutting(flow, entries, groups)
        _contents(flow, entries)
        while len(flow.pages) < pages:
            flow.new_page()
        return flow

    # set smaller (never under LEAST) only when that takes fewer pages: the largest that does
    flow = flowed(SCALES[0])
    for scale in SCALES[1:]:
        if len(flow.pages) <= pages:
            break  # no fewer pages to win
        smaller = flowed(scale)
        if len(smaller.pages) < len(flow.pages):
            flow = smaller
    full = Box(0, 0, page_w, page_h)
    out = []
    total = len(flow.pages)
    for n, items in enumerate(flow.pages, start=1):
        if not items:
            out.append(blank_page(paper))
            continue
        words = f"Print guide, page {n} of {total}"
        footer = ops.Text(
            page_w / 2, page_h - paper.margin - 4, words, LEAST, color=GREY, anchor="middle"
        )
        out.append(ops.Page(page_w, page_h, (*items, footer), full, full))
    return out


def blank_page(paper: Paper) -> ops.Page:
    """A page left blank so that the next one starts a new sheet (the back of the guide's or
    the edition page's last page, when the pieces' fronts must start on a front page)."""
    words = "This page is blank on purpose: the next page starts a new sheet."
    full = Box(0, 0, paper.width, paper.height)
    text = ops.Text(
        paper.width / 2, paper.height / 2, words, LEAST + 2, color=GREY, anchor="middle"
    )
    return ops.Page(paper.width, paper.height, (text,), full, full)
