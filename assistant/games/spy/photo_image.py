"""The image side of reading a Spy! field from a photo: OpenCV (the `photo` extra) lives here only.

`locate` finds the corner marks of pnp.fiducials (finder patterns: a black square ring around a
black centre), tries the ways four of them can be the corners of a field, and keeps the one whose
code checks and names the field wanted; `rectify` warps the field onto the canvas of
photo_geometry; `scores` measures how dark the pencil is at each cell centre and along each edge.
Nothing here decides what is drawn (photo_decide does).
"""

from __future__ import annotations

import itertools
import math
import struct
import weakref
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import numpy as np

from assistant.games.spy import photo_geometry as geo
from assistant.games.spy.model import Field
from assistant.games.spy.photo_cv import cv2
from assistant.games.spy.photo_marks import Mark, find_marks, mark_masks, marks_by_rings
from pnp import fiducials

MAX_PIXELS_SIDE = 3000  # a larger photo is scaled down to this many pixels on its long side first
MIN_PIXELS_SIDE = 1600  # a smaller one is scaled up to this (the marks found more surely)
MAX_BYTES = 40_000_000
MAX_PIXELS = 64_000_000  # a phone's largest photos are 50 megapixels; read from the header first
MIN_SIDE = 64  # pixels: a smaller image cannot show a field
JPEG, PNG = b"\xff\xd8\xff", b"\x89PNG\r\n\x1a\n"


class PhotoError(ValueError):
    """The photo cannot be used: not an image, or no field found on it. The message speaks to
    a player (the phone page shows it); `hint`, when given, is what to type at the command line
    instead (`--field lower`), added by the CLI only."""

    def __init__(self, message: str, hint: str | None = None) -> None:
        super().__init__(message)
        self.hint = hint


CORNERS = ("top left", "top right", "bottom right", "bottom left")
MIN_SPAN = 0.2  # a field whose marks span less of the photo's long side is not a sheet at size


@dataclass(frozen=True)
class Located:
    """A field found on the photo: its name and size, and the homography canvas -> photo."""

    field_name: str
    field: Field
    to_photo: Any  # 3 x 3 homography, canvas pixels -> photo pixels (of the scaled photo)
    marks: tuple[tuple[float, float], ...]  # the four marks' centres on the photo, TL TR BR BL


def decode_image(data: bytes) -> np.ndarray:
    """The photo as grey levels 0..255 (scaled to MIN_PIXELS_SIDE .. MAX_PIXELS_SIDE on its long
    side); PhotoError when it is
    not a JPEG or PNG image, or its size (read from its header, before it is decoded) is not a
    photo's."""
    if len(data) > MAX_BYTES:
        raise PhotoError(f"the image is {len(data):,} bytes (expected at most {MAX_BYTES:,})")
    size = image_size(data)
    if size is None:
        raise PhotoError("not an image that can be read (expected a JPEG or PNG photo)")
    width, height = size
    if width * height > MAX_PIXELS or min(width, height) < MIN_SIDE:
        raise PhotoError(
            f"the image is {width} x {height} pixels (expected a photo of at least {MIN_SIDE} "
            f"pixels a side and at most {MAX_PIXELS // 1_000_000} megapixels)"
        )
    image = cv2.imdecode(np.frombuffer(data, dtype=np.uint8), cv2.IMREAD_GRAYSCALE)
    if image is None:
        raise PhotoError("not an image that can be read (expected a JPEG or PNG photo)")
    long_side = max(image.shape)
    if long_side < MIN_PIXELS_SIDE:  # a small photo: its marks' rings are a pixel or two wide
        scale = MIN_PIXELS_SIDE / long_side
        image = cv2.resize(image, None, fx=scale, fy=scale, interpolation=cv2.INTER_CUBIC)
    elif long_side > MAX_PIXELS_SIDE:
        scale = MAX_PIXELS_SIDE / long_side
        image = cv2.resize(image, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
    return image


def image_size(data: bytes) -> tuple[int, int] | None:
    """(width, height) from a PNG's or a JPEG's header; None when it is neither, or cut short."""
    if data.startswith(PNG) and len(data) >= 24:
        width, height = struct.unpack(">II", data[16:24])
        return int(width), int(height)
    if not data.startswith(JPEG):
        return None
    at = 2
    while at + 9 <= len(data):
        if data[at] != 0xFF:
            return None
        marker = data[at + 1]
        if marker == 0xFF:  # fill bytes before a marker
            at += 1
            continue
        if marker in (0x01, *range(0xD0, 0xD8)):  # markers without a length
            at += 2
            continue
        (length,) = struct.unpack(">H", data[at + 2 : at + 4])
        if 0xC0 <= marker <= 0xCF and marker not in (0xC4, 0xC8, 0xCC):  # a start of frame
            height, width = struct.unpack(">HH", data[at + 5 : at + 9])
            return int(width), int(height)
        at += 2 + length
    return None


def normalise(gray: np.ndarray) -> np.ndarray:
    """Grey levels divided by the paper's local brightness: paper 1.0, ink towards 0, whatever
    the light."""
    g = cv2.GaussianBlur(gray.astype(np.float32), (0, 0), 0.8)
    small = cv2.resize(g, None, fx=0.25, fy=0.25, interpolation=cv2.INTER_AREA)
    k = max(3, (max(small.shape) // 40) | 1)  # wider than a stroke or a mark
    kernel = cv2.getStructuringElement(cv2.MORPH_RECT, (k, k))
    background = cv2.morphologyEx(small, cv2.MORPH_CLOSE, kernel)  # follows a shadow's edge
    background = cv2.GaussianBlur(background, (0, 0), 0.7)
    background = cv2.resize(background, (g.shape[1], g.shape[0]), interpolation=cv2.INTER_LINEAR)
    return np.clip(g / np.maximum(background, 1.0), 0.0, 1.0)


def _clockwise(points: list[tuple[float, float]]) -> list[int]:
    cx = sum(p[0] for p in points) / len(points)
    cy = sum(p[1] for p in points) / len(points)
    return sorted(
        range(len(points)), key=lambda i: math.atan2(points[i][1] - cy, points[i][0] - cx)
    )


def _angle(p: tuple[float, float], cx: float, cy: float) -> float:
    return math.atan2(p[1] - cy, p[0] - cx)


_integrals: dict[int, tuple[weakref.ref, np.ndarray]] = {}


def _integral(img: np.ndarray) -> np.ndarray:
    """The summed-area table of `img` (kept for the last image: a photo's code is read at many
    places while its marks are tried)."""
    key = id(img)
    kept = _integrals.get(key)
    if kept is not None and kept[0]() is img:
        return kept[1]
    table = cv2.integral(img, sdepth=cv2.CV_64F)
    _integrals.clear()
    _integrals[key] = (weakref.ref(img), table)
    return table


def _samples(img: np.ndarray, pts: np.ndarray, r: int) -> list[float] | None:
    """The mean of `img` in the (2r+1)-pixel square around each point (rounded to a pixel), or
    None when one lies too near the edge (from the summed-area table)."""
    xi = np.rint(pts[:, 0]).astype(np.int64)
    yi = np.rint(pts[:, 1]).astype(np.int64)
    h, w = img.shape[:2]
    if not (np.all((xi >= r) & (xi < w - r)) and np.all((yi >= r) & (yi < h - r))):
        return None
    table = _integral(img)
    x0, x1, y0, y1 = xi - r, xi + r + 1, yi - r, yi + r + 1
    total = table[y1, x1] - table[y0, x1] - table[y1, x0] + table[y0, x0]
    return [float(v) for v in total / float((2 * r + 1) ** 2)]


def _read_code(norm: np.ndarray, to_photo: np.ndarray, field: Field) -> tuple | None:
    """The decoded code at the canvas positions of `field`, or None."""
    canvas = np.array(geo.code_points(field), dtype=np.float64).reshape(-1, 1, 2)
    pts = cv2.perspectiveTransform(canvas, to_photo).reshape(-1, 2)
    step = float(np.linalg.norm(pts[-1] - pts[0])) / (len(pts) - 1)  # one bit's pitch, pixels
    r = max(0, int(step * 0.2))
    values = _samples(norm, pts, r)
    if values is None:
        return None
    lo, hi = min(values), max(values)
    if hi - lo < 0.25:
        return None
    # the squares' darkness and the paper's fall in two groups, even where glare or a shadow
    # lightens some: cut at the widest gap between the levels, which must stand out
    ranked = sorted(values)
    gaps = sorted((b - a, i) for i, (a, b) in enumerate(itertools.pairwise(ranked)))
    gap, at = gaps[-1]
    if gap < 0.15 or gap < 2 * gaps[-2][0]:
        return None
    cut = (ranked[at] + ranked[at + 1]) / 2
    bits = [1 if v < cut else 0 for v in values]
    return fiducials.decode(bits)


def _homography(field: Field, corners: list[tuple[float, float]]) -> np.ndarray:
    src = np.array(geo.mark_points(field), dtype=np.float64)
    return cv2.getPerspectiveTransform(src.astype(np.float32), np.array(corners, np.float32))


def locate(norm: np.ndarray, field_name: str) -> Located:
    """The field named `field_name` ("upper" or "lower") on the photo; PhotoError when there is
    none (saying how many marks were seen)."""
    marks: list[Mark] = []
    others: list[Located] = []
    faint: list[Located] = []
    for masks in mark_masks(norm):
        marks = find_marks(masks, marks)
        found = _search(norm, marks, field_name, others, faint)
        if found is not None:
            return _at_size(norm, found)
    if not faint:  # outlines broken at every level (low light's noise, small marks): rings
        found = _search(norm, marks_by_rings(norm), field_name, others, faint)
        if found is not None:
            return _at_size(norm, found)
    if faint:  # four marks and the code, the grid blurred (motion blur): where its lines lie
        return _at_size(norm, faint[0])
    if others:  # the other field found: this one placed by it (quicker than three marks)
        placed = _placed_by_other(norm, marks, field_name, others[0])
        if placed is not None:
            return placed
    three = _covered_corner(norm, marks, field_name)
    if three is not None:
        located, covered = three
        if _three_fits(norm, located):
            return located
        raise PhotoError(
            f"the {CORNERS[covered]} corner mark of the {field_name} field is hidden (a finger, "
            "a pen, a shadow or glare over it, or outside the photo): take the photo again "
            "with all four corner marks of the field in view"
        )
    if others:
        _at_size(norm, others[0])  # the other field of the cover's picture: not a sheet
        other = others[0].field_name
        theirs = others[0].marks
        loose = [m for m in marks if all(math.dist(m.centre, p) > 0.5 * m.side for p in theirs)]
        sides = sorted(m.side for m in marks if m not in loose)
        if sides and len([m for m in loose if 0.6 * sides[0] < m.side < 1.6 * sides[-1]]) >= 2:
            # the other field whole, and marks of this one: part of this field is hidden
            raise PhotoError(
                f"a corner mark of the {field_name} field, or the column of small squares "
                "beside it, is hidden (a finger, a pen, a shadow or glare over it, or outside "
                f"the photo): take the photo again with the {field_name} field's four corner "
                "marks and small squares in view"
            )
        raise PhotoError(
            f"the photo shows the {other} field, not the {field_name} one (expected a "
            f"photo of the {field_name} field, all four of its corner marks in view)",
            hint=f"--field {other} reads the {other} field",
        )
    if len(marks) == 3:  # (with more, two fields' marks may make a false L: no guess)
        where = _where_missing(norm, marks)
        place = f" (the fourth {where})" if where else ""
        raise PhotoError(
            f"three corner marks of a field were found, not the fourth{place}: it, or the "
            "column of small squares beside the field, is hidden (a finger, a pen, a shadow or "
            "glare over it, or outside the photo): take the photo again with all four corner "
            "marks and the small squares in view"
        )
    if len(marks) >= 4:  # marks enough, but no field read from them
        raise PhotoError(
            f"{len(marks)} corner marks were seen, but no field could be read from them: a "
            "corner mark or the column of small squares beside the field is hidden or blurred "
            "(a finger, a pen, a shadow or glare over it, or the photo shaken): take the photo "
            "again with the field's four corner marks and small squares in view, in focus"
        )
    raise PhotoError(
        f"the four corner marks of a field were not found ({len(marks)} mark"
        f"{'s' * (len(marks) != 1)} seen; expected all four marks around the field in the photo, "
        "in focus, the sheet flat and evenly lit)"
    )


def _at_size(norm: np.ndarray, found: Located) -> Located:
    """`found`, unless its marks span less than MIN_SPAN of the photo's long side: a picture
    of the sheet (the kit's cover shows one, at less than half its size), not the sheet."""
    span = max(math.dist(a, b) for a, b in itertools.combinations(found.marks, 2))
    if span < MIN_SPAN * max(norm.shape):
        raise PhotoError(
            "not a game sheet at its true size: the field is small in the photo, as in the "
            "picture of the sheet on the kit's cover (expected a photo of the game sheet "
            "itself, its field filling much of the picture)"
        )
    return found


GHOST_STEP = 0.25  # mark sides: the hidden corner is looked for on this grid around its guess
GHOST_REACH = 1.25  # mark sides either way: a sheet's perspective moves it about this far
GHOST_TRIES = 6  # ways of taking three marks as a field's corners searched so, at most
GHOST_CHECKS = 40  # places where the code reads whose grid is checked, at most


def _ghost_offsets() -> list[tuple[float, float]]:
    """Where the hidden corner is tried, in mark sides from its first guess, nearest first."""
    n = round(GHOST_REACH / GHOST_STEP)
    steps = [
        (dx * GHOST_STEP, dy * GHOST_STEP) for dx in range(-n, n + 1) for dy in range(-n, n + 1)
    ]
    return sorted(steps, key=lambda d: (d[0] ** 2 + d[1] ** 2, d))[1:]


def _three_fits(norm: np.ndarray, found: Located) -> bool:
    """Whether a field found from three marks is where its printed grid is, all over it."""
    canvas = rectify(norm, found)
    return grid_seen(canvas, found.field) and _grid_fits(canvas, found.field)


def _corners_of_three(marks: list[Mark]) -> Iterator[tuple[list[Mark], Mark]]:
    """Each way three marks can be three corners of a field (an L: two sides at about a right
    angle, neither more than 2.5 times the other): the four corners in clockwise order, the
    fourth a made-up mark where the three make a parallelogram, and that made-up mark."""
    for trio in itertools.combinations(marks, 3):
        sides = [m.side for m in trio]
        if max(sides) > 1.8 * min(sides):
            continue
        for k in range(3):  # trio[k] is the corner between the other two
            a, b, c = trio[(k + 1) % 3], trio[k], trio[(k + 2) % 3]
            ba = np.subtract(a.centre, b.centre)
            bc = np.subtract(c.centre, b.centre)
            la, lc = float(np.linalg.norm(ba)), float(np.linalg.norm(bc))
            if min(la, lc) < 4 * b.side or max(la, lc) > 2.5 * min(la, lc):
                continue
            if abs(float(ba @ bc)) > 0.6 * la * lc:  # far from a right angle
                continue
            d = (a.centre[0] + c.centre[0] - b.centre[0], a.centre[1] + c.centre[1] - b.centre[1])
            ghost = Mark(d, b.outline - np.array(b.centre) + np.array(d), b.side)
            ring_marks = [a, b, c, ghost]
            order = _clockwise([m.centre for m in ring_marks])
            ring = [ring_marks[i] for i in order]
            pts = [m.centre for m in ring]
            if cv2.isContourConvex(np.array(pts, np.float32).reshape(-1, 1, 2)):
                yield ring, ghost


def _where_missing(norm: np.ndarray, marks: list[Mark]) -> str | None:
    """Where in the photo the fourth corner mark of three would be, in words ("at the top left
    of the field as the photo shows it", "outside the photo, past its left edge"), when the marks
    seen make one field's three corners in only one way; None otherwise."""
    places = list(_corners_of_three(marks))
    if not places:
        return None
    ring, ghost = places[0]
    if any(math.dist(g.centre, ghost.centre) > ghost.side for _, g in places):
        return None  # three marks make corners in more than one way: no guess
    x, y = ghost.centre
    h, w = norm.shape[:2]
    edge = [name for name, out in (("left", x < 0), ("right", x >= w), ("top", y < 0)) if out]
    edge += ["bottom"] if y >= h else []
    if edge:
        return f"outside the photo, past its {' and '.join(edge)} edge"
    cx = sum(m.centre[0] for m in ring) / 4
    cy = sum(m.centre[1] for m in ring) / 4
    side = f"{'top' if y < cy else 'bottom'} {'left' if x < cx else 'right'}"
    return f"at the {side} of the field as the photo shows it"


def _covered_corner(
    norm: np.ndarray, marks: list[Mark], field_name: str
) -> tuple[Located, int] | None:
    """The field `field_name` found from three of its marks and its code, and which corner mark
    (0 top left .. 3 bottom left) is hidden; None when three marks do not give it. The hidden
    corner is first put where the other three make a parallelogram, the perspective taken from
    the three marks' outlines (_homography_three); when the code is not read there, or the
    printed grid does not lie where the field so placed says (a sheet in perspective puts the
    hidden corner up to a mark's side or so away), the hidden corner is looked for around that
    guess (_ghost_offsets), each place taken only when the code reads there and the grid lies
    where it says. A field whose code reads but whose grid never fits is returned as it is (the
    caller names its hidden corner)."""
    if len(marks) > 10:  # the largest: specks are small, and each trio costs code reads
        marks = sorted(marks, key=lambda m: m.side)[-10:]
    first: tuple[Located, int] | None = None
    searched: list[tuple[list[tuple[float, float]], list[Mark], int, Located | None]] = []
    for ring, ghost in _corners_of_three(marks):
        pts = [m.centre for m in ring]
        for turn in range(4):
            corners = pts[turn:] + pts[:turn]
            named = [ring[(turn + j) % 4] for j in range(4)]
            hidden = next(j for j in range(4) if named[j] is ghost)
            found = _try_corners(norm, corners, named, hidden)
            if found is not None and found.field_name != field_name:
                continue
            if found is not None:
                found = _at_size(norm, found)
                if _three_fits(norm, found):
                    return found, hidden
                first = first or (found, hidden)
            searched.append((corners, named, hidden, found))
    # the code read but the grid off, first; then the rest, while the search stays short
    searched.sort(key=lambda tried: tried[3] is None)
    for corners, named, hidden, found in searched[:GHOST_TRIES]:
        placed = _ghost_search(norm, corners, named, hidden, found, field_name)
        if placed is not None:
            return placed, hidden
    return first


def _ghost_search(
    norm: np.ndarray,
    corners: list[tuple[float, float]],
    named: list[Mark],
    hidden: int,
    found: Located | None,
    field_name: str,
) -> Located | None:
    """The field placed with its hidden corner moved around its guess: the places where its code
    reads, nearest the guess first, the first where the printed grid lies where it says."""
    side = float(np.median([m.side for j, m in enumerate(named) if j != hidden]))
    sizes = None if found is None else [(found.field.rows, found.field.cols)]
    checks = GHOST_CHECKS
    for dx, dy in _ghost_offsets():
        moved = list(corners)
        moved[hidden] = (corners[hidden][0] + dx * side, corners[hidden][1] + dy * side)
        placed = _try_corners(norm, moved, named, hidden, sizes=sizes, plain=True)
        if placed is None or placed.field_name != field_name:
            continue
        sizes = [(placed.field.rows, placed.field.cols)]  # the code read: its size known
        placed = _at_size(norm, placed)
        if _three_fits(norm, placed):
            return placed
        checks -= 1
        if not checks:
            break
    return None


def _search(
    norm: np.ndarray,
    marks: list[Mark],
    field_name: str,
    others: list[Located],
    faint: list[Located] | None = None,
) -> Located | None:
    """The field wanted among the ways four marks can be a field's corners (the fields of
    other names found are added to `others`; the field wanted whose grid is seen only faintly,
    to `faint`)."""
    if len(marks) > 16:  # keep the largest: specks of noise are small
        marks = sorted(marks, key=lambda m: m.side)[-16:]
    for quad in itertools.combinations(range(len(marks)), 4):
        chosen = [marks[i] for i in quad]
        sides = [m.side for m in chosen]
        if max(sides) > 1.8 * min(sides):
            continue
        order = _clockwise([m.centre for m in chosen])
        ring = [chosen[i] for i in order]
        pts = [m.centre for m in ring]
        if not cv2.isContourConvex(np.array(pts, np.float32).reshape(-1, 1, 2)):
            continue
        for turn in range(4):
            corners = pts[turn:] + pts[:turn]
            found = _try_corners(norm, corners, [ring[(turn + k) % 4] for k in range(4)])
            if found is None:
                continue
            canvas = rectify(norm, found)
            if not grid_seen(canvas, found.field):
                if faint is not None and found.field_name == field_name:
                    if grid_seen(canvas, found.field, GRID_FAINT) and _grid_fits(
                        canvas, found.field, FAINT_FITS, seen_only=True
                    ):
                        faint.append(found)
                continue
            if found.field_name == field_name:
                return found
            others.append(found)
    return None


PLACE_AT = 0.5  # cells: a mark seen this near where the other field puts one of this field's
PLACE_FITS = 75  # percent of the grid lines' thirds that must lie where the placed field says


def _placed_by_other(
    norm: np.ndarray, marks: list[Mark], field_name: str, other: Located
) -> Located | None:
    """The field `field_name` placed by the other field of the sheet (found, its code read) when
    its own code, or all but two of its marks, are hidden (a pen, low light): the two fields
    are the same size, square to each other, the upper one above the lower one, so this
    field's marks lie where the other's do, moved up or down the sheet. Two marks seen there
    at least (the other's and these together give the perspective), and the printed grid then
    where it should be all over the field (_grid_fits, as for a hidden corner mark); None
    otherwise."""
    field = other.field
    to_other = np.linalg.inv(other.to_photo)
    src = geo.mark_points(field)  # TL TR BR BL, canvas pixels
    height = src[3][1] - src[0][1]
    upward = field_name == fiducials.FIELDS[0]  # this field lies above the other on the sheet
    tol = PLACE_AT * geo.PX
    seen = []  # (mark, corner, dy): a mark in line with a corner of the other, beyond it
    for mark in marks:
        x, y = cv2.perspectiveTransform(np.array([[mark.centre]], np.float64), to_other).reshape(2)
        for j, (sx, sy) in enumerate(src):
            dy = float(y - sy)
            beyond = dy < -height if upward else dy > height
            if abs(x - sx) < tol and beyond:
                seen.append((mark, j, dy))
    tried: list[float] = []
    for _mark, _j, dy in sorted(seen, key=lambda item: abs(item[2])):
        if any(abs(dy - t) < tol for t in tried):
            continue
        tried.append(dy)
        ring: dict[int, Mark] = {}
        for mark, j, d in seen:
            if abs(d - dy) < tol and j not in ring:
                ring[j] = mark
        if len(ring) < 2:
            continue
        # one frame for both fields (this field's canvas is the other's moved by dy): the
        # other's four marks and this field's seen, the latter weighing more
        canvas_pts = [src[j] for j in range(4)]
        photo_pts = list(other.marks)
        for j, mark in ring.items():
            canvas_pts += [(src[j][0], src[j][1] + dy)] * 3
            photo_pts += [mark.centre] * 3
        common, _ = cv2.findHomography(np.array(canvas_pts), np.array(photo_pts), 0)
        if common is None:
            continue
        shift = np.array([[1.0, 0.0, 0.0], [0.0, 1.0, dy], [0.0, 0.0, 1.0]])
        to_photo = common @ shift
        centres = cv2.perspectiveTransform(np.array([src], np.float64), to_photo).reshape(-1, 2)
        corners = tuple((float(x), float(y)) for x, y in centres)
        located = Located(field_name, field, to_photo, corners)
        canvas = rectify(norm, located)
        # the marks put it within half a cell: the grid then checks the perspective, most of
        # it (an edge of the field may lie beside other print, darker in low light)
        if grid_seen(canvas, field) and _grid_fits(canvas, field, PLACE_FITS):
            return _at_size(norm, located)
    return None


def _homography_three(
    field: Field, corners: list[tuple[float, float]], ring: list[Mark], ghost: int
) -> np.ndarray:
    """canvas -> photo from three marks (the one at `ghost` is hidden, its corner guessed):
    their centres and the corners of their outlines, which carry the perspective."""
    src = geo.mark_points(field)
    guess = _homography(field, corners)
    half = fiducials.MARK * geo.PX / 2
    canvas_pts: list[tuple[float, float]] = []
    photo_pts: list[tuple[float, float]] = []
    for j, mark in enumerate(ring):
        if j == ghost:
            continue
        canvas_pts += [src[j]] * 3  # the centres weigh more than an outline's corners
        photo_pts += [mark.centre] * 3
        outline = mark.outline.astype(np.float32).reshape(-1, 1, 2)
        quad = cv2.approxPolyDP(outline, 0.08 * mark.side, True).reshape(-1, 2)
        if len(quad) != 4:
            continue
        cx, cy = src[j]
        square = [(cx - half, cy - half), (cx + half, cy - half), (cx + half, cy + half)]
        square.append((cx - half, cy + half))
        seen = cv2.perspectiveTransform(np.array(square, np.float64).reshape(-1, 1, 2), guess)
        for point, expected in zip(square, seen.reshape(-1, 2), strict=True):
            gaps = ((quad - expected) ** 2).sum(axis=1)
            near = quad[int(np.argmin(gaps))]
            if float(gaps.min()) < (0.5 * mark.side) ** 2:
                canvas_pts.append(point)
                photo_pts.append((float(near[0]), float(near[1])))
    if len(canvas_pts) < 12:
        return guess
    found, _ = cv2.findHomography(np.array(canvas_pts), np.array(photo_pts), 0)
    return guess if found is None else found


_NEAR = list(itertools.product((0, -1, 1), repeat=2))  # sizes tried around the marks' guess
# ...and around a guess from marks found by their rings (their sizes a step of RING_SIDES apart)
_RINGS_NEAR = sorted(itertools.product(range(-2, 3), repeat=2), key=lambda d: abs(d[0]) + abs(d[1]))


def _try_corners(
    norm: np.ndarray,
    corners: list[tuple[float, float]],
    ring: list[Mark],
    ghost: int | None = None,
    sizes: list[tuple[int, int]] | None = None,
    plain: bool = False,
) -> Located | None:
    """Read the code with the marks taken as TL, TR, BR, BL; the field it names, when it checks.
    The field's size is guessed from the marks' size (or tried among `sizes`); with a hidden
    corner (`ghost`), the perspective is taken from the marks' outlines unless `plain` (then
    from the four corners as given)."""
    unit = cv2.getPerspectiveTransform(
        np.array(corners, np.float32), np.array([(0, 0), (1, 0), (1, 1), (0, 1)], np.float32)
    )
    widths, heights = [], []
    for j, mark in enumerate(ring):
        if j == ghost:
            continue
        local = cv2.perspectiveTransform(mark.outline.reshape(-1, 1, 2), unit).reshape(-1, 2)
        widths.append(float(local[:, 0].max() - local[:, 0].min()))
        heights.append(float(local[:, 1].max() - local[:, 1].min()))
    w, h = float(np.median(widths)), float(np.median(heights))
    if w <= 0 or h <= 0:
        return None
    # the marks are MARK cells wide and their centres (cols + 2 OFFSET) cells apart
    cols_guess = fiducials.MARK / w - 2 * fiducials.OFFSET
    rows_guess = fiducials.MARK / h - 2 * fiducials.OFFSET
    if not (0.5 < cols_guess < 80 and 0.5 < rows_guess < 80):
        return None

    tried = set()
    near = _NEAR if all(mark.traced for mark in ring) else _RINGS_NEAR
    guesses = [(round(rows_guess) + dr, round(cols_guess) + dc) for dr, dc in near]
    for rows, cols in sizes or guesses:
        if not (1 <= rows <= fiducials.MAX_SIDE and 1 <= cols <= fiducials.MAX_SIDE):
            continue
        if (rows, cols) in tried:
            continue
        tried.add((rows, cols))
        field = Field(rows, cols)
        if ghost is None or plain:
            to_photo = _homography(field, corners)
        else:
            to_photo = _homography_three(field, corners, ring, ghost)
        code = _read_code(norm, to_photo, field)  # (the code first: it fails most quickly)
        if code is None or code[1:] != (rows, cols):
            continue
        if not _marks_fit([m for j, m in enumerate(ring) if j != ghost], to_photo):
            continue
        if ghost is not None:  # the hidden corner where the marks now put it
            centre = cv2.perspectiveTransform(
                np.array([geo.mark_points(field)[ghost]], np.float64).reshape(-1, 1, 2),
                to_photo,
            ).reshape(2)
            corners = list(corners)
            corners[ghost] = (float(centre[0]), float(centre[1]))
        return Located(code[0], field, to_photo, tuple(corners))
    return None


def _marks_fit(ring: list[Mark], to_photo: np.ndarray) -> bool:
    """Whether each mark, seen on the canvas, is about MARK cells wide and high."""
    to_canvas = np.linalg.inv(to_photo)
    for mark in ring:
        local = cv2.perspectiveTransform(mark.outline.reshape(-1, 1, 2), to_canvas).reshape(-1, 2)
        w = (local[:, 0].max() - local[:, 0].min()) / geo.PX
        h = (local[:, 1].max() - local[:, 1].min()) / geo.PX
        if not (0.6 * fiducials.MARK < w < 1.5 * fiducials.MARK):
            return False
        if not (0.6 * fiducials.MARK < h < 1.5 * fiducials.MARK):
            return False
    return True


def _grid_fits(
    canvas: np.ndarray, field: Field, share: float = 90, seen_only: bool = False
) -> bool:
    """Whether the printed grid lines lie where the field says, to a tenth of a cell, all over
    the field: each line's darkest position near where it should be, for `share` percent of
    the lines' thirds (a field found from three marks is read only when the fourth corner is
    right). `seen_only`: the thirds where no line shows at all (glare washed it out: its
    darkest position is anywhere) are left out, when at least half of them show one."""
    dark = 1.0 - cv2.GaussianBlur(canvas, (0, 0), 1.0)
    px = geo.PX
    off: list[float] = []
    seen: list[bool] = []

    def fit(profile: np.ndarray, at: np.ndarray, line: float) -> None:
        off.append(abs(at[int(np.argmax(profile))] - line) / px)
        seen.append(float(profile.max() - np.median(profile)) >= GRID_FLAT)

    for k in range(field.cols + 1):  # vertical lines, in the top, middle and bottom thirds
        x = geo.to_canvas(k, 0)[0]
        for part in range(3):
            y0 = int(geo.to_canvas(0, field.rows * part / 3)[1])
            y1 = int(geo.to_canvas(0, field.rows * (part + 1) / 3)[1])
            xs = np.arange(int(x - 0.3 * px), int(x + 0.3 * px) + 1)
            fit(np.median(dark[y0:y1, xs], axis=0), xs, x)
    for k in range(field.rows + 1):  # horizontal lines, in the left, middle and right thirds
        y = geo.to_canvas(0, k)[1]
        for part in range(3):
            x0 = int(geo.to_canvas(field.cols * part / 3, 0)[0])
            x1 = int(geo.to_canvas(field.cols * (part + 1) / 3, 0)[0])
            ys = np.arange(int(y - 0.3 * px), int(y + 0.3 * px) + 1)
            fit(np.median(dark[ys, x0:x1], axis=1), ys, y)
    if seen_only:
        if 2 * sum(seen) < len(seen):
            return False
        off = [o for o, shows in zip(off, seen, strict=True) if shows]
    return float(np.percentile(off, share)) <= 0.1


GRID_SEEN = 0.03  # the printed grid lines this much darker than the paper between them
GRID_FAINT = 0.01  # ...or this much, when no field of the name is seen better (motion blur),
FAINT_FITS = 75  # ...and this share of the lines' thirds lies where the field says
GRID_FLAT = 0.005  # a line's third whose darkest stands less above its median shows no line


def grid_seen(canvas: np.ndarray, field: Field, margin: float = GRID_SEEN) -> bool:
    """Whether the printed grid lines are where the field's cells say: darker, on the whole,
    than the paper halfway between them, by `margin`. Both are measured alike (the darkest of
    three columns, row by row): the darkest of three noisy pixels is darker than one, and on a
    grainy photo that alone would pass for a grid wherever four marks were taken."""
    dark = 1.0 - canvas
    px = geo.PX
    on, off = [], []
    for r in range(field.rows):
        y = int(geo.to_canvas(0, r + 0.5)[1])
        for c in range(field.cols + 1):
            x = int(round(geo.to_canvas(c, 0)[0]))
            on.append(dark[y - px // 4 : y + px // 4, x - 1 : x + 2].max(axis=1).mean())
            if c < field.cols:
                xm = int(round(geo.to_canvas(c + 0.5, 0)[0])) + px // 8
                off.append(dark[y - px // 4 : y + px // 4, xm - 1 : xm + 2].max(axis=1).mean())
    return float(np.median(on)) > float(np.median(off)) + margin


def rectify(norm: np.ndarray, located: Located) -> np.ndarray:
    """The field on the canvas of photo_geometry (paper 1.0, ink towards 0); any other image
    of the photo's size (a saturation mask) straightened the same way."""
    size = geo.canvas_size(located.field)
    to_canvas = np.linalg.inv(located.to_photo)
    return cv2.warpPerspective(
        norm, to_canvas, size, flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE
    )
