"""A kit's cover, page 1 of its PDF, as ops: set like the front of a bought game's box. The
game's title in its own display face on a panel of the game's colours, players and playing
time, a picture of every component (drawn small by the engine, pnp.imposition.cover_pieces)
with its count, in a tidy grid, and what to print on which paper, one line a print job (the
duplex test sheet first when the kit has double-sided sheets). Type at least 9 pt, but inside
the pictures of the pieces. Pure."""

from __future__ import annotations

import math
import re

from pnp import ops
from pnp.draw.text import text_lines
from pnp.draw.textfit import fit_text, text_width
from pnp.geometry import IDENTITY
from pnp.imposition.contents import Job
from pnp.imposition.cover_palette import Palette, fills, luminance, palette
from pnp.imposition.cover_pieces import picture
from pnp.imposition.paper import Paper
from pnp.imposition.plan import Place
from pnp.imposition.sheet_ops import Art
from pnp.model import Box, Component, GameKit, Style
from pnp.units import mm

INK = "#23211e"
GREY = "#5d5a55"
LEAST = 9.0  # points: no cover type is smaller (but inside the pictures)
NOUNS = {"card": "card", "counter": "counter", "token": "token", "tile": "tile"}
NOUNS.update({"sheet": "sheet", "board": "board"})


def title_parts(title: str) -> tuple[str, str]:
    """The title's name and its subtitle: "Spies & Lies: A Stratego Story" -> ("Spies & Lies",
    "A Stratego Story"); "Spies! (SPI 1981): long game" -> ("Spies!", "SPI 1981 · long game")."""
    found = re.fullmatch(r"(.*?)(?: \(([^)]*)\))?(?:: (.*))?", title.strip())
    if not found or not found[1]:
        return title, ""
    sub = " · ".join(part for part in (found[2], found[3]) if part)
    return found[1], sub


def count_words(n: int, kind: str, tiles: str = "") -> str:
    """ "27 counters", "1 board in 9 parts"."""
    noun = NOUNS.get(kind, "piece")
    words = f"{n} {noun}{'' if n == 1 else 's'}"
    if tiles:
        cols, rows = (int(v) for v in tiles.split("x"))
        words += f" in {cols * rows} parts"
    return words


def kit_palette(kit: GameKit, art: Art) -> Palette:
    """The kit's colours, read off the first faces of its pieces (each component weighs the
    same, a little more when it has many pieces)."""
    weights: dict[str, float] = {}
    for c in kit.components:
        area = c.width * c.height or 1.0
        weight = math.sqrt(min(c.copies, 30))
        for face in range(min(3, len(c.faces)) or 1):
            drawn = art.of(Place(c, face, IDENTITY), False)
            for colour, covered in fills(drawn).items():
                weights[colour] = weights.get(colour, 0.0) + covered / area * weight
    return palette(weights)


def _style(size: float, colour: str, bold: bool = False, align: str = "left", font: str = "Vera"):
    return Style(font, size, size, colour, align, "middle", 1.15, bold)


def _person(x: float, y: float, s: float, colour: str) -> list[ops.Op]:
    """A player, s points tall, top-left at (x, y)."""
    head = ops.Ellipse(x + s * 0.3, y, s * 0.4, s * 0.4, None, colour)
    body = ops.Rect(x + s * 0.1, y + s * 0.46, s * 0.8, s * 0.54, s * 0.3, None, colour)
    return [head, body]


def _clock(x: float, y: float, s: float, colour: str, back: str) -> list[ops.Op]:
    cx, cy = x + s / 2, y + s / 2
    return [
        ops.Ellipse(x, y, s, s, None, colour),
        ops.Polyline(((cx, cy - s * 0.32), (cx, cy), (cx + s * 0.25, cy)), back, s * 0.1),
    ]


def _hero(kit: GameKit) -> Component | None:
    """The pieces shown on the title panel: game.yaml's `cover`, else the card, counter or token
    with the most faces, cards first."""
    chosen = [c for c in kit.components if c.name == kit.cover]
    if chosen:
        return chosen[0]
    rank = {"card": 3, "counter": 2, "token": 2, "tile": 1}
    pieces = [c for c in kit.components if c.kind in rank and c.role == "piece"]
    if not pieces:
        return None
    return max(pieces, key=lambda c: (rank[c.kind], min(len(c.faces), 3), c.copies))


def _header(kit: GameKit, box: Box, colours: Palette, art: Art) -> list[ops.Op]:
    """The title panel: the game's name in its display face, white on its dark colour, the
    subtitle, players and time, and a stripe of its accent colour."""
    out: list[ops.Op] = [ops.Rect(box.x, box.y, box.w, box.h, mm(3), None, colours.dark)]
    stripe = mm(2.2)
    out.append(ops.Rect(box.x, box.y + box.h - stripe * 3, box.w, stripe, 0, None, colours.accent))
    pad = mm(9)
    inner = Box(box.x + pad, box.y + pad * 0.8, box.w - 2 * pad, box.h - pad * 0.8 - stripe * 5)
    light = "#ffffff"
    soft = "#d9d4ca"
    kicker = _style(LEAST, soft, bold=True)
    out += text_lines("PRINT-AND-PLAY EDITION", Box(inner.x, inner.y, inner.w, 12), kicker)
    hero = _hero(kit)
    if hero is not None:
        room = Box(
            box.x + box.w * 0.6, box.y + mm(6), box.w * 0.4 - mm(8), box.h - stripe * 4 - mm(8)
        )
        drawn, _ = picture(hero, room, art, "middle", most=3.0)
        out += drawn
        inner = Box(inner.x, inner.y, box.w * 0.6 - pad, inner.h)
    name, sub = title_parts(kit.title or kit.name)
    face = kit.title_style.font if kit.title_style else "Vera"
    big = Style(face, 46, 20, light, "left", "middle", 1.05, True)
    badges = 16.0
    name_h = inner.h - 12 - (22 if sub else 0) - badges - mm(3)
    out += text_lines(name, Box(inner.x, inner.y + 14, inner.w, name_h), big)
    y = inner.y + 14 + name_h
    if sub:
        out += text_lines(sub, Box(inner.x, y, inner.w, 20), _style(15, soft, font=face))
        y += 22
    x, y = inner.x, y + mm(3)
    words = _style(11, light, bold=True)
    contrast = (luminance(colours.accent) + 0.05) / (luminance(colours.dark) + 0.05)
    icon_colour = colours.accent if contrast >= 3 else soft  # the icons show on the panel
    for icon, text in ((_person, kit.players), (_clock, kit.time)):
        if not text:
            continue
        if icon is _person:
            out += _person(x, y + 1, badges - 2, icon_colour)
            label = f"{text.replace('-', '–')} player{'' if text == '1' else 's'}"
        else:
            out += _clock(x, y + 1, badges - 2, icon_colour, colours.dark)
            label = text.replace("-", "–")
        x += badges + 4
        out += text_lines(label, Box(x, y, 200, badges), words)
        x += text_width(label, "Vera", 11, True) + mm(8)
    return out


def _cells(n: int, box: Box, caption: float, most: int) -> tuple[float, int]:
    """The side of the largest square picture that fits each of `n` cells of a grid in `box`,
    each with room for a `caption` under it, and the grid's columns (at most `most`)."""
    best: tuple[float, int] = (-1.0, 1)
    for cols in range(1, min(n, most) + 1):
        rows = math.ceil(n / cols)
        side = min(box.w / cols - mm(4), box.h / rows - caption - mm(3))
        if side > best[0]:
            best = (side, cols)
    return best


def _grid(kit: GameKit, box: Box, art: Art, tiles: dict[str, str]) -> list[ops.Op]:
    """Every component in a grid of equal cells: its picture, its name and its count. A kit of
    so many components that the pictures would be tiny gets small cells captioned "×N" only."""
    # a component printed again with another choice (the same title and faces) is shown once
    seen: set[tuple[str, str]] = set()
    comps = []
    for c in kit.components:
        key = (c.title or c.name, repr(c.faces))
        if c.choice and key in seen:
            continue
        seen.add(key)
        comps.append(c)
    n = len(comps)
    caption = LEAST * 1.2 * 4 + 4
    side, cols = _cells(n, box, caption, 7)
    compact = side < mm(14)
    if compact:
        caption = LEAST * 1.3
        side, cols = _cells(n, box, caption, 16)
    rows = math.ceil(n / cols)
    cw = box.w / cols
    ch = min(box.h / rows, side + caption + mm(8))
    top = box.y + (box.h - ch * rows) / 2
    out: list[ops.Op] = []
    name_style = Style("Vera", LEAST + 0.5, LEAST, INK, "center", "top", 1.15, True)
    count_style = _style(LEAST, GREY, align="center")
    for i, c in enumerate(comps):
        row, col = divmod(i, cols)
        left_over = n - row * cols if row == rows - 1 else cols
        x0 = box.x + (box.w - left_over * cw) / 2 + col * cw  # the last row centred
        y0 = top + row * ch
        pic = Box(x0 + mm(2), y0 + mm(2), cw - mm(4), ch - caption - mm(3))
        if pic.w > 2 and pic.h > 2:
            out += picture(c, pic, art)[0]
        y = pic.y + pic.h + mm(1.5 if compact else 2.5)
        if compact:
            out += text_lines(f"×{c.copies}", Box(x0, y, cw, LEAST * 1.2), count_style)
            continue
        name_box = Box(x0 + 2, y, cw - 4, LEAST * 1.2 * 3)
        title = short_title(c.title or c.name, name_box, name_style)
        fitted = fit_text(title, name_box.w, name_box.h, name_style)
        out += text_lines(title, name_box, name_style)
        y += LEAST * 1.15 * (len(fitted.lines) if fitted else 3) + 1
        words = count_words(c.copies, c.kind, tiles.get(c.name, ""))
        out += text_lines(words, Box(x0 + 2, y, cw - 4, LEAST * 1.2), count_style)
    return out


def short_title(title: str, box: Box, style: Style) -> str:
    """`title` if it fits `box` in two lines, else without its parenthesis, else up to its
    comma (in three lines if need be)."""
    short = title.split(" (")[0]
    shorter = short.split(", ")[0]
    two = Box(box.x, box.y, box.w, min(box.h, style.min_size * style.leading * 2 + 1))
    for text, room in ((title, two), (short, two), (shorter, two), (shorter, box)):
        if fit_text(text, room.w, room.h, style) is not None:
            return text
    return shorter


def _jobs(jobs: list[Job], box: Box, colours: Palette, paper: Paper) -> list[ops.Op]:
    """What to print on which paper: a numbered line per print job."""
    from pnp.imposition.print_guide import flip_words  # the guide's own words for the flip

    out: list[ops.Op] = []
    row = LEAST * 2.0
    bold = _style(LEAST + 0.5, INK, bold=True)
    plain = _style(LEAST + 0.5, INK)
    note = _style(LEAST + 0.5, colours.dark, bold=True)
    columns = (0.0, 0.05, 0.19, 0.33, 0.63)
    for n, job in enumerate(jobs, start=1):
        y = box.y + (n - 1) * row
        if n % 2:
            out.append(ops.Rect(box.x, y, box.w, row, mm(1.5), None, colours.tint))
        r = row * 0.36
        cx, cy = box.x + mm(3.5), y + row / 2
        out.append(ops.Ellipse(cx - r, cy - r, 2 * r, 2 * r, None, colours.dark))
        badge = Style("Vera", LEAST, LEAST, "#ffffff", "center", "middle", 1.0, True)
        out += text_lines(str(n), Box(cx - r, cy - r, 2 * r, 2 * r), badge)
        pages = job.last_page - job.first_page + 1
        where = (
            f"Page {job.first_page}" if pages == 1 else f"Pages {job.first_page}–{job.last_page}"
        )
        stock = "Card stock" if job.stock == "card" else "Plain paper"
        sides = f"Double-sided, {flip_words(paper)}" if job.duplex else "Single-sided"
        sheets = f"{job.sheets} sheet{'' if job.sheets == 1 else 's'}"
        cells = [(where, bold), (stock, plain), (sides, plain), (sheets, plain)]
        for (text, style), at in zip(cells, columns[1:], strict=True):
            x = box.x + box.w * at
            out += text_lines(text, Box(x, y, box.w * 0.3, row), style)
        if job.test:
            x = box.x + box.w * 0.73
            words = "Duplex test: print it first"
            out += text_lines(words, Box(x, y, box.w * 0.27 - 4, row), note)
        elif job.choice:  # one of the sets the players choose: "Flat pyramids, or job 5"
            others = [str(m) for m, j in enumerate(jobs, 1) if j.choice not in ("", job.choice)]
            words = f"{job.choice}, or {'job' if len(others) == 1 else 'jobs'} {'/'.join(others)}"
            x = box.x + box.w * 0.73
            out += text_lines(words, Box(x, y, box.w * 0.27 - 4, row), note)
    return out


def cover_page(
    kit: GameKit,
    paper: Paper,
    jobs: list[Job],
    guide: tuple[int, int],
    tiles: dict[str, str] | None = None,
    art: Art | None = None,
) -> ops.Page:
    """The cover: the title panel, the pieces, what to print. `guide`: the print guide's first
    and last page; `tiles`: "3x3" for each component printed in parts."""
    art = art or Art()
    colours = kit_palette(kit, art)
    w, h = paper.width, paper.height
    edge = paper.margin + mm(5)
    content = Box(edge, edge, w - 2 * edge, h - 2 * edge)
    head_h = min(mm(72), content.h * 0.27)
    items = _header(kit, Box(content.x, content.y, content.w, head_h), colours, art)
    row = LEAST * 2.0
    table_h = row * len(jobs)
    first, last = guide
    pages = f"page {first}" if first == last else f"pages {first}–{last}"
    words = (
        f"Print at 100% (actual size) on {PAPER_WORDS[paper.name]}. "
        f"The print guide ({pages}) says how to print, cut and put everything together."
    )
    # the foot's lines: one on a full page, more on a page planned smaller (a printer's scale)
    lines = next(
        (n for n in (1, 2) if fit_text(words, content.w, LEAST * 1.3 * (n + 1) - 4, _foot())), 3
    )
    foot = LEAST * 1.3 * (lines + 1)
    table_y = content.y + content.h - foot - table_h
    head_style = _style(13, colours.dark, bold=True)
    heading_y = table_y - 13 * 1.6 - mm(2)
    items += text_lines("What to print", Box(content.x, heading_y, content.w, 13 * 1.4), head_style)
    items.append(_rule(content.x, heading_y + 13 * 1.5, content.w, colours.accent))
    items += _jobs(jobs, Box(content.x, table_y, content.w, table_h), colours, paper)
    foot_box = Box(content.x, content.y + content.h - foot + 4, content.w, foot - 4)
    items += text_lines(words, foot_box, _foot())
    grid_top = content.y + head_h + mm(7)
    items += text_lines("In this kit", Box(content.x, grid_top, content.w, 13 * 1.4), head_style)
    items.append(_rule(content.x, grid_top + 13 * 1.5, content.w, colours.accent))
    grid = Box(content.x, grid_top + 13 * 1.5 + mm(3), content.w, 0)
    grid = Box(grid.x, grid.y, grid.w, heading_y - mm(5) - grid.y)
    items += _grid(kit, grid, art, tiles or {})
    full = Box(0, 0, w, h)
    return ops.Page(w, h, tuple(items), full, full)


PAPER_WORDS = {"a4": "A4", "letter": "US Letter"}


def _foot() -> Style:
    return _style(LEAST, GREY)


def _rule(x: float, y: float, w: float, colour: str) -> ops.Op:
    return ops.Rect(x, y, w, 1.6, 0, None, colour)
