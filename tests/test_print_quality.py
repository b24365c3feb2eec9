"""Print quality of every kit in templates/, on A4 and Letter, measured on the drawing operations
and on the built PDFs:

- no text under 6pt on a printed piece, 7pt on a reference card (`role: reference`), 9pt in the
  print guide;
- no text outside a piece's safe area (3mm inside the cut line, or 8% of the shorter side when
  that is less; on a round token, inside the circle that much smaller);
- every coloured fill of a bled piece that reaches the cut line reaches its bleed box, and no
  line is drawn on the cut line;
- no frame or stroke within CUT_CLEAR (1.5mm) of the cut line, on either side of it (a cut a
  little off never shows a sliver of frame); a piece cut along a drawn outline (a polygon with
  `cut: true`, a pyramid's net) is measured against that outline, which is the cut, not a
  stroke near it;
- text inside its frame: a line of text whose middle lies in a frame (a stroked or filled box or
  ring smaller than the piece) stays inside that frame's inner edge, measured with the font's
  own metrics;
- crop marks at least MARK_LEAST (3mm) long and at least 5mm from the paper's edge;
- no blank page: every page prints pieces, marks or words;
- on a board printed in parts to glue (`split: true`), no word crosses a seam or lies in a glue
  band (where the next part is glued on), on A4 and on Letter (a symbol's one letter may);
- pages speak to players: no word about the rules text, OCR, what is missing or who chose, on
  any page but the kit's "About this edition" page, which lists every choice of game.yaml's
  `edition`.

A kit's TEMPLATE may break a rule; such known content problems are listed, one entry per game,
component and rule, in CONTENT_TO_FIX below, for the kits' authors to fix and remove. The list
is checked both ways: a problem not listed fails, and so does a listed one that is gone.
"""

from __future__ import annotations

import math
import re
import subprocess
from collections.abc import Iterator
from dataclasses import replace
from functools import cache
from pathlib import Path

import pytest
from pypdf import PdfReader

from deaddrop.paths import templates_dir
from pnp import model, ops
from pnp.build import build_kits
from pnp.definitions import game_names, load_game
from pnp.draw import face_ops
from pnp.draw.textfit import font_extent, text_width
from pnp.geometry import IDENTITY, Affine, outline_distance
from pnp.imposition import Settings, kit_document
from pnp.imposition.paper import Paper, bleed_of
from pnp.imposition.sheet_ops import MARK_COLOUR
from pnp.imposition.tiles import board_layout
from pnp.model import Box
from pnp.units import mm, to_mm

PAPERS = ("a4", "letter")
PIECE_PT, REFERENCE_PT, GUIDE_PT = 6.0, 7.0, 9.0
EDGE = mm(5)
CUT_CLEAR = mm(1.5)
MARK_LEAST = mm(3)
TOL = 0.02  # points
SAFE_TOL = mm(0.1)  # text is measured by its advance width, which holds the glyphs' side room

# Known content problems, (game, component, rule) -> what is wrong: for the kits' authors to fix,
# then remove here. Rules: "text size", "safe area", "bleed", "cut line", "near the cut",
# "text in frame".
CONTENT_TO_FIX: dict[tuple[str, str, str], str] = {}


def _games() -> list[str]:
    return game_names(templates_dir())


@cache
def _kit(game: str) -> model.GameKit:
    return load_game(templates_dir() / game)


def _leaves(items, transform: Affine = IDENTITY) -> Iterator[tuple[ops.Op, Affine]]:
    """Every op that is not a group, with the transform from its frame to the outer one."""
    for op in items:
        if isinstance(op, ops.Group):
            yield from _leaves(op.ops, op.transform.then(transform))
        else:
            yield op, transform


def _clipped_leaves(
    items, transform: Affine = IDENTITY, clip: Box | None = None
) -> Iterator[tuple[ops.Op, Affine, Box | None]]:
    """Every op that is not a group, its transform, and the box its groups clip it to (in the
    outer frame; None when unclipped)."""
    for op in items:
        if isinstance(op, ops.Group):
            inner = op.transform.then(transform)
            box = clip
            if op.clip is not None:
                mine = inner.map_box(op.clip)
                box = mine if clip is None else _intersection(clip, mine)
            yield from _clipped_leaves(op.ops, inner, box)
        else:
            yield op, transform, clip


def _intersection(a: Box, b: Box) -> Box:
    x0, y0 = max(a.x, b.x), max(a.y, b.y)
    x1, y1 = min(a.x + a.w, b.x + b.w), min(a.y + a.h, b.y + b.h)
    return Box(x0, y0, max(0.0, x1 - x0), max(0.0, y1 - y0))


def _scale(t: Affine) -> float:
    return math.sqrt(abs(t.a * t.d - t.b * t.c))


def _text_box(op: ops.Text) -> Box:
    """The box a line of text inks: its advance width, from the font's ascent to its descent."""
    width = text_width(op.text, op.font, op.size, op.bold, op.italic)
    x = op.x - (width / 2 if op.anchor == "middle" else width if op.anchor == "end" else 0)
    ascent, descent = font_extent(op.font, op.bold, op.italic)
    top = op.y - ascent / 1000 * op.size
    return Box(x, top, width, (ascent - descent) / 1000 * op.size)


def _corners(box: Box, t: Affine) -> list[tuple[float, float]]:
    return [t.apply(x, y) for x in (box.x, box.x + box.w) for y in (box.y, box.y + box.h)]


def safe_margin(component: model.Component) -> float:
    return min(mm(3), 0.08 * min(component.width, component.height))


def _in_safe_area(component: model.Component, points: list[tuple[float, float]]) -> bool:
    m = safe_margin(component)
    w, h = component.width, component.height
    if component.kind == "token":
        rx, ry = w / 2 - m + SAFE_TOL, h / 2 - m + SAFE_TOL
        return all(((x - w / 2) / rx) ** 2 + ((y - h / 2) / ry) ** 2 <= 1 + 1e-6 for x, y in points)
    t = SAFE_TOL
    return all(m - t <= x <= w - m + t and m - t <= y <= h - m + t for x, y in points)


def _faces(component: model.Component) -> Iterator[tuple[str, int, bool]]:
    for index in range(max(len(component.faces), 1)):
        yield f"front {index + 1}", index, False
        if component.back is not None:
            yield f"back {index + 1}", index, True


def _is_fill(op: ops.Op) -> bool:
    if isinstance(op, ops.Rect | ops.Ellipse | ops.Path):
        return bool(op.fill) and op.fill.lower() != "#ffffff"
    if isinstance(op, ops.Polyline):
        return op.closed and bool(op.fill) and op.fill.lower() != "#ffffff"
    return False


def _extent(op: ops.Op, t: Affine) -> Box:
    if isinstance(op, ops.Rect | ops.Ellipse):
        return t.map_box(Box(op.x, op.y, op.w, op.h))
    points = op.points if isinstance(op, ops.Polyline) else [p for s in op.subpaths for p in s]
    mapped = [t.apply(x, y) for x, y in points]
    xs, ys = [p[0] for p in mapped], [p[1] for p in mapped]
    return Box(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))


def _on_cut_line(op: ops.Op, t: Affine, w: float, h: float) -> bool:
    """Whether a stroked rect or ellipse runs along the cut line (the piece's own outline)."""
    if not isinstance(op, ops.Rect | ops.Ellipse) or not op.stroke or op.width <= 0:
        return False
    box = t.map_box(Box(op.x, op.y, op.w, op.h))
    got = (box.x, box.y, box.w, box.h)
    return all(abs(a - b) <= TOL for a, b in zip(got, (0, 0, w, h), strict=True))


def _short_of_bleed(box: Box, w: float, h: float, bleed: float) -> list[str]:
    """The sides on which a fill reaches the cut line but stops before the bleed box."""
    sides = []
    if -bleed + TOL < box.x <= TOL:
        sides.append("left")
    if -bleed + TOL < box.y <= TOL:
        sides.append("top")
    if w - TOL <= box.x + box.w < w + bleed - TOL:
        sides.append("right")
    if h - TOL <= box.y + box.h < h + bleed - TOL:
        sides.append("bottom")
    return sides


def _stroked(op: ops.Op) -> bool:
    if isinstance(op, ops.Rect | ops.Ellipse | ops.Polyline | ops.Path):
        return bool(op.stroke) and op.stroke != "none" and op.width > 0
    return False


def _outline_points(op: ops.Op, t: Affine) -> list[tuple[float, float]]:
    """Points along a stroked op's outline, in the piece's frame."""
    if isinstance(op, ops.Rect | ops.Ellipse):
        cx, cy, rx, ry = op.x + op.w / 2, op.y + op.h / 2, op.w / 2, op.h / 2
        if isinstance(op, ops.Ellipse):
            angles = [2 * math.pi * k / 64 for k in range(64)]
            return [t.apply(cx + rx * math.cos(a), cy + ry * math.sin(a)) for a in angles]
        steps = [k / 16 for k in range(17)]
        edge = [(op.x + f * op.w, op.y) for f in steps] + [
            (op.x + f * op.w, op.y + op.h) for f in steps
        ]
        edge += [(op.x, op.y + f * op.h) for f in steps] + [
            (op.x + op.w, op.y + f * op.h) for f in steps
        ]
        return [t.apply(x, y) for x, y in edge]
    points = op.points if isinstance(op, ops.Polyline) else [p for s in op.subpaths for p in s]
    out: list[tuple[float, float]] = []
    for (x0, y0), (x1, y1) in zip(points, points[1:], strict=False):
        out += [t.apply(x0 + (x1 - x0) * k / 8, y0 + (y1 - y0) * k / 8) for k in range(9)]
    return out or [t.apply(x, y) for x, y in points]


def cut_distance(component: model.Component, x: float, y: float) -> float:
    """How far (x, y) is from the piece's cut line (its edge, a round token's circle, or the
    outline it is cut along)."""
    w, h = component.width, component.height
    if component.outline is not None:
        return outline_distance(component.outline, x, y)
    if component.kind == "token":
        r = min(w, h) / 2
        return abs(math.hypot(x - w / 2, y - h / 2) - r)
    inside = min(x, y, w - x, h - y)
    if inside >= 0:
        return inside
    return math.hypot(max(-x, 0, x - w), max(-y, 0, y - h))


def _is_outline(component: model.Component, op: ops.Op, t: Affine) -> bool:
    """Whether `op` draws the piece's cut outline (which is the cut, not a line near it)."""
    outline = component.outline
    if outline is None or not isinstance(op, ops.Polyline) or len(op.points) != len(outline):
        return False
    drawn = [t.apply(x, y) for x, y in op.points]
    return all(math.dist(a, b) <= TOL for a, b in zip(drawn, outline, strict=True))


def _near_cut(
    component: model.Component, op: ops.Op, t: Affine, clip: Box | None = None
) -> float | None:
    """The least distance from a stroke's outer edge to the cut line, when under CUT_CLEAR;
    of a clipped stroke, only what its clip shows counts."""
    half = op.width * _scale(t) / 2  # type: ignore[union-attr]
    points = _outline_points(op, t)
    if clip is not None:
        points = [p for p in points if _inside(clip, False, [p])]
    if not points:
        return None
    least = min(cut_distance(component, x, y) for x, y in points) - half
    return least if least < CUT_CLEAR - TOL else None


def _frames(component: model.Component, leaves) -> list[tuple[Box, bool]]:
    """Every frame of a face: (its inner box in the piece's frame, round), smaller than the
    piece: a stroked or filled rect or ellipse."""
    out = []
    for op, t in leaves:
        if not isinstance(op, ops.Rect | ops.Ellipse):
            continue
        if not (_stroked(op) or (op.fill and op.fill != "none")):
            continue
        box = t.map_box(Box(op.x, op.y, op.w, op.h))
        if box.w >= component.width - TOL and box.h >= component.height - TOL:
            continue
        d = op.width * _scale(t) / 2 if _stroked(op) else 0.0
        out.append(
            (Box(box.x + d, box.y + d, box.w - 2 * d, box.h - 2 * d), isinstance(op, ops.Ellipse))
        )
    return out


def _inside(frame: Box, round_: bool, points: list[tuple[float, float]]) -> bool:
    if round_:
        rx, ry = frame.w / 2 + SAFE_TOL, frame.h / 2 + SAFE_TOL
        cx, cy = frame.x + frame.w / 2, frame.y + frame.h / 2
        return all(((x - cx) / rx) ** 2 + ((y - cy) / ry) ** 2 <= 1 + 1e-6 for x, y in points)
    t = SAFE_TOL
    return all(
        frame.x - t <= x <= frame.x + frame.w + t and frame.y - t <= y <= frame.y + frame.h + t
        for x, y in points
    )


def _frame_of(frames: list[tuple[Box, bool]], x: float, y: float) -> tuple[Box, bool] | None:
    """The smallest frame around (x, y)."""
    around = [f for f in frames if _inside(f[0], f[1], [(x, y)])]
    return min(around, key=lambda f: f[0].w * f[0].h, default=None)


@cache
def piece_problems(game: str) -> dict[tuple[str, str, str], list[str]]:
    return problems_of(_kit(game))


def problems_of(kit: model.GameKit) -> dict[tuple[str, str, str], list[str]]:
    """Every problem of the kit's pieces, measured on the drawing ops of each face as printed
    by default (with its bleed): (game, component, rule) -> what was found."""
    found: dict[tuple[str, str, str], list[str]] = {}
    game = kit.name

    def add(component: model.Component, rule: str, what: str) -> None:
        found.setdefault((game, component.name, rule), []).append(what)

    for component in kit.components:
        bleed = bleed_of(component)
        least = REFERENCE_PT if component.role == "reference" else PIECE_PT
        w, h = component.width, component.height
        for face, index, back in _faces(component):
            clipped = list(_clipped_leaves(face_ops(component, index, back, bleed)))
            leaves = [(op, t) for op, t, _ in clipped]
            frames = _frames(component, leaves)
            for op, t, clip in clipped:
                if _stroked(op) and not _is_outline(component, op, t):
                    near = _near_cut(component, op, t, clip)
                    if near is not None:
                        what = f"{face}: a {op.stroke} line {to_mm(near):.2f}mm from the cut"  # type: ignore[union-attr]
                        add(component, "near the cut", what)
                if isinstance(op, ops.Text) and op.text.strip():
                    corners = _corners(_text_box(op), t)
                    mx = sum(x for x, _ in corners) / 4
                    my = sum(y for _, y in corners) / 4
                    frame = _frame_of(frames, mx, my)
                    if frame is not None and not _inside(*frame, corners):
                        add(component, "text in frame", f"{face}: {op.text!r}")
                if isinstance(op, ops.Text):
                    size = op.size * _scale(t)
                    if size < least - 1e-6:
                        add(component, "text size", f"{face}: {op.text!r} at {size:.2f}pt")
                    corners = _corners(_text_box(op), t)
                    if not _in_safe_area(component, corners):
                        add(component, "safe area", f"{face}: {op.text!r}")
                elif _on_cut_line(op, t, w, h):
                    add(component, "cut line", f"{face}: a {op.stroke} line on the cut line")
                if bleed > 0 and _is_fill(op):
                    sides = _short_of_bleed(_extent(op, t), w, h, bleed)
                    if sides:
                        what = (
                            f"{face}: a {op.fill} fill stops at the cut line ({', '.join(sides)})"
                        )
                        add(component, "bleed", what)
    return found


def test_the_checks_find_small_type_text_at_the_edge_and_fills_short_of_the_bleed():
    from pnp.model import Circle, Component, Face, GameKit, Rect, Style, Text

    s = mm(20)
    front = (
        Rect(Box(0, 0, s, s), stroke=None, fill="#224488"),  # bleeds: fine
        Circle(Box(mm(15), mm(8), mm(5), mm(5)), stroke=None, fill="#aa0000"),  # stops at the cut
        Text("tiny", Box(mm(5), mm(5), mm(10), mm(4)), Style(size=5, min_size=5)),
        Text("EDGE", Box(0, mm(14), mm(10), mm(5)), Style(size=8, min_size=8)),
    )
    card = Component("bad", "chit", "counter", s, s, (Face({}, 1),), front, None, role="piece")
    found = problems_of(GameKit("bad", "Bad", (card,), Path(".")))
    assert set(found) == {
        ("bad", "chit", "text size"),
        ("bad", "chit", "safe area"),
        ("bad", "chit", "bleed"),
    }
    framed = replace(card, front=(Rect(Box(0, 0, s, s), stroke="#000000"),))
    # the engine never draws a frame on the cut line: the check finds none
    assert problems_of(GameKit("bad", "Bad", (framed,), Path("."))) == {}
    assert found[("bad", "chit", "bleed")] == [
        "front 1: a #aa0000 fill stops at the cut line (right)"
    ]
    assert found[("bad", "chit", "text size")] == ["front 1: 'tiny' at 5.00pt"]


def test_a_piece_cut_along_its_drawn_outline_is_measured_against_it():
    from pnp.model import Component, Face, GameKit, Line, Polygon

    s = mm(30)
    outline = ((0.0, s), (s / 2, 0.0), (s, s))  # a triangle, cut along its drawn outline
    cut = Polygon(outline, stroke="#000000", width=0.6, cut=True)
    inside = Line(((mm(10), mm(27)), (mm(20), mm(27))), stroke="#333333")  # 3 mm above the base
    # 1 mm inside the left edge, parallel to it (the edge's normal is (2, 1) / sqrt(5))
    d = mm(1) * 5**-0.5
    slanted = Line(((mm(5) + 2 * d, mm(20) + d), (mm(10) + 2 * d, mm(10) + d)), stroke="#aa0000")
    corner = Line(((mm(1), mm(1)), (mm(3), mm(1))), stroke="#0000aa")  # 1 mm from the box only
    front = (cut, inside, slanted, corner)
    piece = Component("bad", "net", "tile", s, s, (Face({}, 1),), front, None, bleed=0.0)
    found = problems_of(GameKit("bad", "Bad", (piece,), Path(".")))
    assert list(found) == [("bad", "net", "near the cut")]
    (what,) = found[("bad", "net", "near the cut")]
    assert what.startswith("front 1: a #aa0000 line 0.9")  # 1 mm less half its width
    boxed = replace(piece, front=(replace(cut, cut=False), inside, corner))
    found = problems_of(GameKit("bad", "Bad", (boxed,), Path(".")))  # cut along its box
    assert {w.split(" line")[0] for w in found[("bad", "net", "near the cut")]} == {
        "front 1: a #000000",
        "front 1: a #0000aa",
    }


def test_a_stroke_clipped_clear_of_the_cut_is_measured_where_it_shows():
    from pnp.model import Component, Face

    s = mm(20)
    card = Component("bad", "chit", "card", s, s, (Face({}, 1),), (), None)
    across = ops.Polyline(((0.0, mm(10)), (s, mm(10))), "#6f6a63", 1.0)  # edge to edge
    group = ops.Group((across,), clip=Box(mm(2), mm(2), mm(16), mm(16)))
    ((op, t, clip),) = list(_clipped_leaves([group]))
    assert _near_cut(card, op, t) is not None  # unclipped, it runs onto the cut
    assert _near_cut(card, op, t, clip) is None  # it shows 2 mm inside the cut and no nearer
    edge = ops.Group((group,), clip=Box(mm(1), 0.0, mm(18), s))  # clips within clips
    ((op, t, clip),) = list(_clipped_leaves([edge]))
    assert clip == Box(mm(2), mm(2), mm(16), mm(16))


@pytest.mark.parametrize("game", _games())
def test_pieces_keep_their_type_size_safe_area_and_bleed(game):
    problems = piece_problems(game)
    listed = {key for key in CONTENT_TO_FIX if key[0] == game}
    new = {key: problems[key][:3] for key in problems if key not in listed}
    assert not new, f"print problems in {game} (fix the template, or the engine): {new}"
    gone = sorted(listed - set(problems))
    assert not gone, f"fixed: remove from CONTENT_TO_FIX: {gone}"


def seam_problems(component: model.Component, paper: str) -> list[str]:
    """The words of a split board that cross a seam or reach into a glue band on `paper` (its
    parts as the build lays them out): each as "'text' in the band at x = 140.6-150.6mm". A
    single letter is not a word: a map symbol's letter (a police city's initial) is part of
    its symbol, which stands where its city is, in a band too."""
    layout = Paper.of(Settings(paper=paper)).cut_for(component)
    bands: set[tuple[float, float, bool]] = set()
    for tile in board_layout(component, layout)[1]:
        r, o = tile.region, component.overlap
        if tile.col < tile.cols - 1:
            bands.add((r.x + r.w - o, r.x + r.w, True))
        if tile.row < tile.rows - 1:
            bands.add((r.y + r.h - o, r.y + r.h, False))
    out = []
    for op, t in _leaves(face_ops(component, 0, False, bleed_of(component))):
        if not isinstance(op, ops.Text) or len(op.text.strip()) < 2:
            continue
        corners = _corners(_text_box(op), t)
        for lo, hi, vertical in sorted(bands):
            span = [x if vertical else y for x, y in corners]
            if min(span) < hi - TOL and max(span) > lo + TOL:
                axis = "x" if vertical else "y"
                where = f"{to_mm(lo):.1f}-{to_mm(hi):.1f}mm"
                out.append(f"{op.text!r} in the band at {axis} = {where}")
    return out


def test_the_seam_check_finds_words_across_a_seam_and_in_a_glue_band():
    from pnp.model import Component, Face, Style, Text

    w, h = mm(400), mm(150)  # two parts side by side on A4 and Letter
    style = Style(size=10, min_size=10)
    words = (
        Text("ACROSS", Box(w / 2 - mm(20), mm(20), mm(40), mm(8)), style),
        Text("CLEAR", Box(mm(20), mm(20), mm(40), mm(8)), style),
    )
    board = Component("bad", "b", "board", w, h, (Face({}, 1),), words, None, split=True)
    for paper in PAPERS:
        (found,) = seam_problems(board, paper)
        assert found.startswith("'ACROSS' in the band at x = ")


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("game", _games())
def test_no_word_crosses_a_seam_or_lies_in_a_glue_band(game, paper):
    boards = [c for c in _kit(game).components if c.split]
    found = {c.name: seam_problems(c, paper)[:3] for c in boards}
    assert not any(found.values()), found


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> dict[tuple[str, str], Path]:
    """Every kit's PDF on both papers, as `deaddrop build` writes it by default."""
    out = {}
    for paper in PAPERS:
        folder = tmp_path_factory.mktemp(paper)
        kits = [_kit(game) for game in _games()]
        build_kits(kits, folder, Settings(paper=paper))
        for game in _games():
            out[(game, paper)] = folder / f"{game}.pdf"
    return out


FRONT_MATTER = ("Cover", "Print guide", "About this edition")


def _guide_pages(document: ops.Document) -> int:
    """The pages of the cover, the guide and the edition page: those before the duplex test
    sheet or the first page that prints a piece (the first bookmark of neither)."""
    starts = [page for title, page in document.outline if title not in FRONT_MATTER]
    return min(starts, default=len(document.pages))


def _cover_sizes(page: ops.Page) -> list[float]:
    """The sizes of the cover's own type: not that in the small pictures of the pieces, which
    are drawn as the pieces are (and measured on them)."""
    return [op.size for op in page.ops if isinstance(op, ops.Text)]


def _is_mark(op: ops.Op) -> bool:
    return (
        isinstance(op, ops.Polyline)
        and len(op.points) == 2
        and op.width == 0.3
        and op.stroke == MARK_COLOUR
    )


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("game", _games())
def test_pages_have_marks_clear_of_the_edge_a_readable_guide_and_no_blank_page(game, paper):
    document = kit_document(_kit(game), Settings(paper=paper))
    page_w, page_h = Paper.of(Settings(paper=paper)).width, Paper.of(Settings(paper=paper)).height
    guide = _guide_pages(document)
    assert guide >= 1
    for n, page in enumerate(document.pages, start=1):
        leaves = list(_leaves(page.ops))
        # no blank page: pieces, or words (a page left blank on purpose says so)
        assert any(isinstance(op, ops.Group) for op in page.ops) or any(
            isinstance(op, ops.Text) and op.text.strip() for op, _ in leaves
        ), (game, paper, n)
        for op in page.ops:
            if _is_mark(op):
                (x0, y0), (x1, y1) = op.points
                assert abs(x1 - x0) + abs(y1 - y0) >= MARK_LEAST - TOL, (game, paper, n, op.points)
                for x, y in op.points:
                    assert EDGE - TOL <= x <= page_w - EDGE + TOL, (game, paper, n, op.points)
                    assert EDGE - TOL <= y <= page_h - EDGE + TOL, (game, paper, n, op.points)
        if n == 1:  # the cover
            assert document.outline[0] == ("Cover", 0), (game, paper)
            sizes = _cover_sizes(page)
            assert sizes and min(sizes) >= GUIDE_PT - 1e-6, (game, paper, n, min(sizes))
        elif n <= guide:
            sizes = [op.size * _scale(t) for op, t in leaves if isinstance(op, ops.Text)]
            assert sizes and min(sizes) >= GUIDE_PT - 1e-6, (game, paper, n, min(sizes))


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("game", _games())
def test_the_pdf_prints_every_page_and_no_type_under_6pt(built, game, paper):
    reader = PdfReader(built[(game, paper)])
    document = kit_document(_kit(game), Settings(paper=paper))
    assert len(reader.pages) == len(document.pages)
    guide = _guide_pages(document)
    for n, page in enumerate(reader.pages, start=1):
        assert page.get_contents() is not None, (game, paper, n)  # something is printed
        sizes: list[float] = []

        def visit(text, cm, tm, font, size, sizes=sizes):
            if text.strip():
                a, b, c, d = tm[0], tm[1], tm[2], tm[3]
                A, B, C, D = cm[0], cm[1], cm[2], cm[3]
                m = (a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D)
                sizes.append(size * math.sqrt(abs(m[0] * m[3] - m[1] * m[2])))

        page.extract_text(visitor_text=visit)
        if n == 1:  # the cover's own type is measured on its ops (test above): its pictures
            continue  # of the pieces hold their type drawn small
        if n <= guide:
            assert sizes and min(sizes) >= GUIDE_PT - 0.01, (game, paper, n, min(sizes))
        elif sizes:
            assert min(sizes) >= PIECE_PT - 0.01, (game, paper, n, min(sizes))


# Words a bought game never prints on its pieces, boards, sheets, cards or guide (issue 26): the
# reasons for the kit's choices go on its one "About this edition" page.
NOT_PRINTED = re.compile(
    r"house|rules text|OCR|is missing|not in the rules|the original|our reading", re.IGNORECASE
)


def _page_texts(pdf: Path) -> list[str]:
    """The text of each page of `pdf`, as poppler reads it (pypdf takes seconds on the map)."""
    out = subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, text=True, check=True)
    return out.stdout.split("\f")[:-1]  # each page ends with a form feed


def _edition_pages(pdf: Path) -> set[int]:
    """The 0-based pages the kit's bookmark "About this edition" points to (one page)."""
    reader = PdfReader(pdf)
    return {
        reader.get_destination_page_number(item)
        for item in reader.outline
        if not isinstance(item, list) and item.title == "About this edition"
    }


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("game", _games())
def test_pages_state_rules_plainly_and_the_edition_page_gives_the_reasons(built, game, paper):
    pdf = built[(game, paper)]
    texts = _page_texts(pdf)
    assert len(texts) == len(PdfReader(pdf).pages)
    edition = _edition_pages(pdf)
    choices = _kit(game).edition
    assert len(edition) == (1 if choices else 0), (game, paper, edition)
    for n, text in enumerate(texts):
        if n in edition:
            continue
        found = sorted({m.group(0) for m in NOT_PRINTED.finditer(" ".join(text.split()))})
        assert not found, f"{game} ({paper}), page {n + 1}: {found}"
    for n in edition:
        words = " ".join(texts[n].split())
        assert words.startswith("About this edition"), (game, paper, words[:80])
        for choice in choices:  # each choice and its reason, in full (lines joined)
            for part in (choice.choice, choice.why):
                assert " ".join(part.split()) in words, (game, paper, part)
