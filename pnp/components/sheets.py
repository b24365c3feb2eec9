"""A component imposed on pages: fronts, mirrored backs, crop marks, cut guides, board tiles.

Pure: Component + layout Settings -> ops.Page list. Duplex decision (documented in the guide):
when a kit is printed double-sided, a component with no back still gets its back pages, left blank
but for a light note in the bottom margin, so that every later front stays on an odd page and
its backs on the even page behind it.
"""

from __future__ import annotations

from dataclasses import dataclass

from deaddrop.errors import InputError
from pnp import layout, ops
from pnp.draw import cut_line, face_ops
from pnp.draw.textfit import text_width
from pnp.geometry import outset, rotate, translate, union
from pnp.layout import MARK_GAP, MARK_MAX, Settings
from pnp.model import Box, Component
from pnp.units import mm, to_mm

MARK_COLOUR = "#000000"
NOTE_COLOUR = "#8a8a8a"
NOTE_SIZE = 6.5


@dataclass(frozen=True)
class Imposed:
    """The pages of one component and what the guide says about them."""

    pages: tuple[ops.Page, ...]
    per_page: int  # pieces per front page (0 for a split board)
    sheets: int  # printed sheets (a front page and, duplex, its back)
    tiles: str = ""  # "2x2" for a split board


def copies(component: Component) -> list[int]:
    """Face indices, one per printed piece, in order."""
    if not component.faces:
        return [0]
    return [i for i, face in enumerate(component.faces) for _ in range(face.count)]


def marks(trims: list[Box], settings: Settings) -> list[ops.Op]:
    return [
        ops.Polyline(((x0, y0), (x1, y1)), MARK_COLOUR, 0.3)
        for x0, y0, x1, y1 in layout.crop_marks(trims, settings)
    ]


def footer(text: str, trims: list[Box], settings: Settings, anchor: str = "middle") -> list[ops.Op]:
    """A small note in the bottom margin, only where it clears the crop marks."""
    page_w, page_h = settings.page
    bottom = max(b.y + b.h for b in trims) + settings.bleed if trims else 0.0
    baseline = page_h - settings.margin - 1.5
    if baseline - NOTE_SIZE < bottom + MARK_GAP + MARK_MAX + 1:
        return []
    return [ops.Text(page_w / 2, baseline, text, NOTE_SIZE, color=NOTE_COLOUR, anchor=anchor)]


def make_page(items: list[ops.Op], trims: list[Box], settings: Settings) -> ops.Page:
    page_w, page_h = settings.page
    trim = union(trims) if trims else Box(0, 0, page_w, page_h)
    bleed = outset(trim, settings.bleed) if trims else trim
    return ops.Page(page_w, page_h, tuple(items), trim, bleed)


def guide_wanted(component: Component, settings: Settings) -> bool:
    return settings.bleed == 0 or component.kind == "token" or component.corner > 0


def impose_component(component: Component, settings: Settings, duplex: bool = True) -> Imposed:
    """Every page of `component`: fronts, each followed by its back page when `duplex`
    (blank with a note when the component has no back)."""
    sheet = layout.impose(component.width, component.height, settings)
    if sheet is None:
        if component.split:
            return _impose_board(component, settings, duplex)
        w, h = to_mm(component.width), to_mm(component.height)
        raise InputError(
            f"{component.source.file or component.game}: components.{component.name}: "
            f"{w:.0f}x{h:.0f} mm does not fit the printable area of {settings.paper} "
            "(make it smaller, or set split: true for a board)"
        )
    pieces = copies(component)
    per = sheet.per_page
    chunks = [pieces[i : i + per] for i in range(0, len(pieces), per)]
    title = component.title or component.name
    pages: list[ops.Page] = []
    bleed = settings.bleed
    for number, chunk in enumerate(chunks, start=1):
        if len(chunk) < per:
            sheet = layout.impose(component.width, component.height, settings, len(chunk))
            assert sheet is not None
        slots = sheet.slots[: len(chunk)]
        trims = [s.box for s in slots]
        front: list[ops.Op] = []
        for slot, face in zip(slots, chunk, strict=True):
            art = face_ops(component, face, back=False, bleed=bleed)
            if guide_wanted(component, settings):
                art = (*art, cut_line(component))
            front.append(ops.Group(art, slot.transform()))
        front += marks(trims, settings)
        where = f"sheet {number} of {len(chunks)}"
        front += footer(f"{title} — fronts, {where}", trims, settings)
        pages.append(make_page(front, trims, settings))
        if not duplex:
            continue
        back: list[ops.Op] = []
        back_trims: list[Box] = []
        for slot, face in zip(slots, chunk, strict=True):
            t = layout.back_transform(slot.transform(), component.width, settings)
            back_trims.append(t.map_box(Box(0, 0, component.width, component.height)))
            if component.back is not None:
                back.append(ops.Group(face_ops(component, face, back=True, bleed=bleed), t))
        if component.back is None:
            note = f"{title} have no back: this side stays blank ({where})"
        else:
            note = f"{title} — backs, {where}"
        back += footer(note, back_trims, settings)
        pages.append(make_page(back, back_trims, settings))
    return Imposed(tuple(pages), per, len(chunks))


def _glue_label(text: str, cx: float, cy: float, turned: bool) -> ops.Op:
    """A grey label on a white patch, centred on (cx, cy), read bottom-up when `turned`."""
    size = 6.5
    w = text_width(text, "Vera", size) + 4
    patch = ops.Rect(-w / 2, -size, w, size * 1.6, 1.5, "#6d6d6d", "#ffffff", 0.4)
    label = ops.Text(0, size * 0.35, text, size, color="#4d4d4d", anchor="middle")
    at = rotate(90).then(translate(cx, cy)) if turned else translate(cx, cy)
    return ops.Group((patch, label), at)


def _glue_marks(tile: layout.Tile, overlap: float) -> list[ops.Op]:
    """In the board's frame: the bands the next tiles cover, dashed and labelled."""
    r = tile.region
    out: list[ops.Op] = []
    grey = "#6d6d6d"
    if tile.col < tile.cols - 1:
        x = r.x + r.w - overlap
        out.append(ops.Polyline(((x, r.y), (x, r.y + r.h)), grey, 0.6, (3.0, 2.0)))
        name = f"{chr(ord('A') + tile.col + 1)}{tile.row + 1}"
        text = f"glue here: {name} goes on top"
        out.append(_glue_label(text, x + overlap / 2, r.y + r.h / 2, turned=True))
    if tile.row < tile.rows - 1:
        y = r.y + r.h - overlap
        out.append(ops.Polyline(((r.x, y), (r.x + r.w, y)), grey, 0.6, (3.0, 2.0)))
        name = f"{chr(ord('A') + tile.col)}{tile.row + 2}"
        text = f"glue here: {name} goes on top"
        out.append(_glue_label(text, r.x + r.w / 2, y + overlap / 2, turned=False))
    return out


def _impose_board(component: Component, settings: Settings, duplex: bool) -> Imposed:
    overlap = component.overlap
    w = component.width
    tiles = layout.tiles(w, component.height, settings, overlap)
    title = component.title or component.name
    pages: list[ops.Page] = []
    front_art = face_ops(component, 0, back=False)
    back_art = face_ops(component, 0, back=True) if component.back is not None else ()
    piece = layout.piece_flip(w)
    for tile in tiles:
        trims = [tile.slot.box]
        art = (*front_art, *_glue_marks(tile, overlap))
        items: list[ops.Op] = [ops.Group(art, tile.transform(), tile.region)]
        items += marks(trims, settings)
        slot = tile.slot.box
        label = f"{title} — tile {tile.label}"
        items.append(
            ops.Text(slot.x + mm(4), slot.y - MARK_GAP - 1.5, label, NOTE_SIZE, color="#444444")
        )
        pages.append(make_page(items, trims, settings))
        if not duplex:
            continue
        t = layout.back_transform(tile.transform(), w, settings)
        behind = piece.map_box(tile.region)  # the tile's region in the back art's frame
        back_box = t.map_box(behind)
        back: list[ops.Op] = []
        if component.back is not None:
            back.append(ops.Group(back_art, t, behind))
        else:
            back += footer(f"{title} has no back: this side stays blank", [back_box], settings)
        pages.append(make_page(back, [back_box], settings))
    cols, rows = tiles[0].cols, tiles[0].rows
    return Imposed(tuple(pages), 0, len(tiles), f"{cols}x{rows}")
