"""Planned sheets -> ops.Page: each piece's art (pnp.draw) through its transform, then the crop
marks, then the notes. Reads the plan and nothing else: every decision was taken when planning.

A piece's art depends on its component, face, side, bleed, cut guide and tile only; an `Art`
memo shared by the documents of one build (the kit PDF and each component's PDF) draws it once:
the same tuple of ops for every copy of the piece, which the PDF backend draws once too.
"""

from __future__ import annotations

from typing import Any

from pnp import ops
from pnp.draw import cut_line, face_ops
from pnp.draw.textfit import text_width
from pnp.geometry import outset, rotate, translate
from pnp.imposition.plan import NOTE_SIZE, PagePlan, Place, SheetPlan
from pnp.imposition.tiles import Tile
from pnp.model import Box, Component

MARK_COLOUR = "#000000"
GLUE_COLOUR = "#6d6d6d"
GLUE_LINE = 0.6  # pt: the dashed line along the edge of a glue band


class Art:
    """Each piece's art, drawn once: (component, face, side, bleed, cut guide, tile) -> ops.

    Components are known by game and name (they hold data rows, which do not hash), and the art
    kept is checked to be the same component's (a name is unique in a kit)."""

    def __init__(self) -> None:
        self.drawn: dict[tuple[Any, ...], tuple[Component, tuple[ops.Op, ...]]] = {}
        self.faces: dict[tuple[Any, ...], tuple[Component, tuple[ops.Op, ...]]] = {}
        self.forms: dict[tuple[Any, ...], tuple[Component, ops.Group]] = {}

    def of(self, place: Place, back: bool) -> tuple[ops.Op, ...]:
        component = place.component
        key = (
            component.game,
            component.name,
            place.face,
            back,
            place.bleed,
            place.cut_guide,
            place.tile,
        )
        found = self.drawn.get(key)
        if found is None or found[0] is not component:
            found = self.drawn[key] = (component, _art(place, back, self))
        return found[1]

    def face(self, component: Component, face: int, back: bool, bleed: float) -> tuple[ops.Op, ...]:
        """The ops of one face of `component` (pnp.draw.face_ops), drawn once: the same tuple
        for every tile of a split board."""
        key = (component.game, component.name, face, back, bleed)
        found = self.faces.get(key)
        if found is None or found[0] is not component:
            found = self.faces[key] = (component, face_ops(component, face, back=back, bleed=bleed))
        return found[1]

    def form(self, component: Component, face: int, back: bool, bleed: float) -> ops.Group:
        """One face of a split board as one drawing (ops.Group.form) bounded by its bleed: the
        same group for each of its parts, which place it and clip their own part."""
        key = (component.game, component.name, face, back, bleed)
        found = self.forms.get(key)
        if found is None or found[0] is not component:
            bounds = outset(Box(0.0, 0.0, component.width, component.height), bleed)
            art = self.face(component, face, back, bleed)
            found = self.forms[key] = (component, ops.Group(art, clip=bounds, form=True))
        return found[1]

    def any_form(self, component: Component, face: int) -> ops.Group:
        """The front of `face` as a form already drawn for the board's parts, at whatever bleed
        (a picture of the whole piece clips it to its cut line), else drawn without bleed."""
        for (game, name, index, back, _bleed), (kept, group) in self.forms.items():
            if (game, name, index, back) == (component.game, component.name, face, False):
                if kept is component:
                    return group
        return self.form(component, face, False, 0.0)


def sheet_pages(sheet: SheetPlan, art: Art | None = None) -> list[ops.Page]:
    """The front page of `sheet`, and its back page when it has one."""
    pages = [page_ops(sheet.front, back=False, art=art)]
    if sheet.back is not None:
        pages.append(page_ops(sheet.back, back=True, art=art))
    return pages


def page_ops(page: PagePlan, back: bool, art: Art | None = None) -> ops.Page:
    """One planned page; `back` draws the pieces' back art."""
    memo = art or Art()
    items: list[ops.Op] = [
        ops.Group(memo.of(place, back), place.transform, place.clip) for place in page.places
    ]
    items += [ops.Polyline(((x0, y0), (x1, y1)), MARK_COLOUR, 0.3) for x0, y0, x1, y1 in page.marks]
    items += [
        ops.Text(n.x, n.y, n.text, NOTE_SIZE, color=n.colour, anchor=n.anchor) for n in page.notes
    ]
    return ops.Page(page.width, page.height, tuple(items), page.trim, page.bleed)


def _art(place: Place, back: bool, memo: Art) -> tuple[ops.Op, ...]:
    """The ops of a piece in its own frame: its face, its cut guide, a tile's glue marks.

    A tile of a split board places the whole board's face, drawn once for all of its tiles as
    one form (ops.Group.form) bounded by the board's bleed, and the tile's clip keeps its part."""
    component = place.component
    if place.tile is not None:
        art: tuple[ops.Op, ...] = (memo.form(component, place.face, back, place.bleed),)
    else:
        art = memo.face(component, place.face, back, place.bleed)
    if place.cut_guide:
        art = (*art, cut_line(component))
    if place.tile is not None and not back:
        art = (*art, *_glue_marks(place.tile, component.overlap))
    return art


def _glue_label(text: str, cx: float, cy: float, turned: bool) -> ops.Op:
    """A grey label on a white patch, centred on (cx, cy), read bottom-up when `turned`."""
    size = 6.5
    w = text_width(text, "Vera", size) + 4
    patch = ops.Rect(-w / 2, -size, w, size * 1.6, 1.5, GLUE_COLOUR, "#ffffff", 0.4)
    label = ops.Text(0, size * 0.35, text, size, color="#4d4d4d", anchor="middle")
    at = rotate(90).then(translate(cx, cy)) if turned else translate(cx, cy)
    return ops.Group((patch, label), at)


def _glue_marks(tile: Tile, overlap: float) -> list[ops.Op]:
    """In the board's frame: the bands the next tiles cover, dashed and labelled. The dashed
    line's stroke lies wholly inside the band, its outer edge on the band's edge, so that the
    part glued on top hides it (centred on the edge, half of it showed along each seam)."""
    r = tile.region
    out: list[ops.Op] = []
    inside = GLUE_LINE / 2
    if tile.col < tile.cols - 1:
        x = r.x + r.w - overlap
        line = ((x + inside, r.y), (x + inside, r.y + r.h))
        out.append(ops.Polyline(line, GLUE_COLOUR, GLUE_LINE, (3.0, 2.0)))
        text = f"glue here: part {tile.number + 1} goes on top"
        out.append(_glue_label(text, x + overlap / 2, r.y + r.h / 2, turned=True))
    if tile.row < tile.rows - 1:
        y = r.y + r.h - overlap
        line = ((r.x, y + inside), (r.x + r.w, y + inside))
        out.append(ops.Polyline(line, GLUE_COLOUR, GLUE_LINE, (3.0, 2.0)))
        text = f"glue here: part {tile.number + tile.cols} goes on top"
        out.append(_glue_label(text, r.x + r.w / 2, y + overlap / 2, turned=False))
    return out
