"""Crop marks read back from the real PDFs (pypdf content streams), not from the ops.

A small interpreter follows q/Q/cm through each page: the strokes at page level that are 0.3 pt
black two-point lines are the crop marks; everything painted inside a top-level group (clipped to
its clip rectangle) is one piece. Marks must miss every piece and its bleed, and stay on the page
at least 5 mm from its edge, where home printers still print.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest
from pypdf import PdfReader
from pypdf.generic import ContentStream

from deaddrop.paths import templates_dir
from pnp import ops
from pnp.build import build_kits
from pnp.definitions import load_kits
from pnp.imposition import Settings, kit_document
from pnp.imposition.sheet_ops import MARK_COLOUR
from pnp.model import Box
from pnp.units import mm

PAINT = {"S", "s", "f", "F", "f*", "B", "B*", "b", "b*"}
EDGE = 5 * 72 / 25.4  # crop marks stop 5 mm from the edge of the page
PAGE_MM = {"a4": (210, 297), "letter": (215.9, 279.4)}


def _times(m, n):
    a, b, c, d, e, f = m
    A, B, C, D, E, F = n
    return (a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D, e * A + f * C + E,
            e * B + f * D + F)  # fmt: skip


def _bounds(points) -> Box:
    xs, ys = [x for x, _ in points], [y for _, y in points]
    return Box(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))


def _meet(a: Box, b: Box) -> Box | None:
    x0, y0 = max(a.x, b.x), max(a.y, b.y)
    x1, y1 = min(a.x + a.w, b.x + b.w), min(a.y + a.h, b.y + b.h)
    return Box(x0, y0, x1 - x0, y1 - y0) if x0 < x1 and y0 < y1 else None


@dataclass
class Piece:
    """One top-level group: its transform, its clip and the extent of what it paints."""

    frame: tuple = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
    points: list = field(default_factory=list)
    clip: Box | None = None

    def drawn(self) -> Box:
        drawn = _bounds(self.points)
        return (_meet(drawn, self.clip) or drawn) if self.clip else drawn

    def trim(self, sizes: set[tuple[float, float]], bleed: float) -> Box | None:
        """The trim box: the clip of a board tile, else the smallest component size whose box,
        through the group's transform, holds everything painted (art may bleed by `bleed`)."""
        if self.clip is not None:
            return self.clip
        a, b, c, d, e, f = self.frame
        drawn, fits = self.drawn(), []
        for w, h in sizes:
            box = _bounds([(a * x + c * y + e, b * x + d * y + f) for x in (0, w) for y in (0, h)])
            if _inside(drawn, _grow(box, bleed + 0.01)):
                fits.append(box)
        return min(fits, key=lambda box: box.w * box.h, default=None)


def _grow(box: Box, by: float) -> Box:
    return Box(box.x - by, box.y - by, box.w + 2 * by, box.h + 2 * by)


def _inside(inner: Box, outer: Box) -> bool:
    return (
        outer.x <= inner.x
        and outer.y <= inner.y
        and inner.x + inner.w <= outer.x + outer.w
        and inner.y + inner.h <= outer.y + outer.h
    )


def scan(page, reader) -> tuple[list[tuple[tuple[float, float], ...]], list[Piece]]:
    """(crop marks, pieces) of a page, in PDF points (y up)."""
    ctm, width, rgb = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0), 1.0, None
    stack: list = []
    path: list[tuple[float, float]] = []
    marks, pieces, piece = [], [], None

    def at(x, y):
        a, b, c, d, e, f = ctm
        x, y = float(x), float(y)
        return (a * x + c * y + e, b * x + d * y + f)

    for operands, raw in ContentStream(page.get_contents(), reader).operations:
        op = raw.decode() if isinstance(raw, bytes) else raw
        if op == "q":
            stack.append((ctm, width, rgb))
            if len(stack) == 2:
                piece = Piece()
        elif op == "Q":
            if len(stack) == 2 and piece is not None:
                if piece.points:
                    pieces.append(piece)
                piece = None
            ctm, width, rgb = stack.pop()
        elif op == "cm":
            ctm = _times(tuple(float(v) for v in operands), ctm)
            if piece is not None and len(stack) == 2 and not piece.points:
                piece.frame = ctm  # the group's transform: piece frame -> page
        elif op == "w":
            width = float(operands[0])
        elif op == "RG":
            rgb = tuple(float(v) for v in operands)
        elif op in ("m", "l"):
            path.append(at(*operands))
        elif op == "c":
            path += [at(*operands[i : i + 2]) for i in (0, 2, 4)]
        elif op in ("v", "y"):
            path += [at(*operands[i : i + 2]) for i in (0, 2)]
        elif op == "re":
            x, y, w, h = (float(v) for v in operands)
            path += [at(x, y), at(x + w, y), at(x, y + h), at(x + w, y + h)]
        elif op in ("W", "W*") and piece is not None:
            clip = _bounds(path)
            piece.clip = _meet(piece.clip, clip) if piece.clip else clip
        elif op == "Do" and piece is not None:
            piece.points += [at(0, 0), at(1, 0), at(0, 1), at(1, 1)]
        elif op in PAINT or op == "n":
            is_mark = len(path) == 2 and abs(width - 0.3) < 1e-6 and rgb == (0.0, 0.0, 0.0)
            if op in PAINT and len(stack) == 1 and op == "S" and is_mark:
                marks.append(tuple(path))
            elif op in PAINT and piece is not None:
                piece.points += path
            path = []
    return marks, pieces


def _is_mark(op: ops.Op) -> bool:
    """A crop mark as the plan draws it: a 0.3 pt two-point line in the mark colour."""
    return (
        isinstance(op, ops.Polyline)
        and len(op.points) == 2
        and op.width == 0.3
        and op.stroke == MARK_COLOUR
        and op.dash is None
    )


def _sizes(kit) -> set[tuple[float, float]]:
    return {(c.width, c.height) for c in kit.components}


@pytest.fixture(scope="module")
def kits():
    return {kit.name: kit for kit in load_kits(templates_dir())}


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("bleed", [None, 0.0, mm(3)])
# Spies & Lies' kit (0.8 s of CPU a case, its PDF built and read back) is in the slow tier; the
# sample and Spy! go through the same checks in the fast tier
@pytest.mark.parametrize(
    "game", ["sample", pytest.param("spies-and-lies", marks=pytest.mark.slow), "spy"]
)
def test_crop_marks_in_the_pdf_miss_every_piece_and_never_reach_the_page_edge(
    kits, tmp_path, paper, bleed, game
):
    settings = Settings(paper=paper, bleed=bleed)
    build_kits([kits[game]], tmp_path, settings)
    reader = PdfReader(tmp_path / f"{game}.pdf")
    page_w, page_h = (v * 72 / 25.4 for v in PAGE_MM[paper])
    sizes = _sizes(kits[game])
    planned = kit_document(kits[game], settings).pages
    assert len(planned) == len(reader.pages)
    fronts = 0
    bleed = mm(3) if bleed is None else bleed  # by default, 3 mm or none: 3 mm at most
    for number, page in enumerate(reader.pages, start=1):
        plan = planned[number - 1].ops
        if not any(isinstance(op, ops.Group) for op in plan):
            continue  # the guide
        marks, pieces = scan(page, reader)
        # the parser must find every piece and every mark the plan drew, no more and no fewer
        assert len(pieces) == sum(isinstance(op, ops.Group) for op in plan), number
        assert len(marks) == sum(_is_mark(op) for op in plan), number
        if not any(_is_mark(op) for op in plan):  # a back page: cut from the front, no marks
            assert not marks, number
            continue
        fronts += 1
        assert marks and pieces, number
        t, b = page.trimbox, page.bleedbox
        page_trim = Box(float(t.left), float(t.bottom), float(t.width), float(t.height))
        page_bleed = Box(float(b.left), float(b.bottom), float(b.width), float(b.height))
        groups = [op for op in plan if isinstance(op, ops.Group)]
        extents = []
        for piece, group in zip(pieces, groups, strict=True):
            # a board's part: its art clipped to its bleed box, which holds the page's trim (a
            # die-cut piece's clip stops its bleed where it abuts a neighbour: a piece below)
            board = len(groups) == 1 and group.clip is not None
            if board:
                assert piece.clip is not None
                assert _inside(page_trim, _grow(piece.clip, 0.01)), number
                assert _inside(piece.clip, _grow(page_bleed, 0.01)), number
                extents.append(piece.drawn())
                continue
            # a piece (an SVG image in it may clip its own drawing: not the piece's extent)
            whole = Piece(piece.frame, piece.points)
            trim = whole.trim(sizes, bleed)
            assert trim is not None, (number, whole.drawn())
            assert _inside(trim, _grow(page_trim, 0.01)), (number, trim, page_trim)
            extents.append(whole.drawn())
        for (x0, y0), (x1, y1) in marks:
            assert EDGE - 0.01 <= min(x0, x1) and max(x0, x1) <= page_w - EDGE + 0.01
            assert EDGE - 0.01 <= min(y0, y1) and max(y0, y1) <= page_h - EDGE + 0.01
            mark = Box(min(x0, x1), min(y0, y1), abs(x1 - x0), abs(y1 - y0))
            for drawn in extents:  # a mark never touches what a piece prints, bleed included
                clear = (
                    mark.x + mark.w <= drawn.x + 0.01
                    or drawn.x + drawn.w <= mark.x + 0.01
                    or mark.y + mark.h <= drawn.y + 0.01
                    or drawn.y + drawn.h <= mark.y + 0.01
                )
                assert clear, (number, mark, drawn)
    assert fronts >= 1
