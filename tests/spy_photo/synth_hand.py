"""A second maker of synthetic phone photos of a Spy! sheet, made differently from synth.py.

synth.py draws one kind of pencil (pressed 0.45 to 0.8, one width a photo) and photographs the
sheet with gentle light. This one varies what a player and a phone do to a sheet:

- the hand: pencil from faint (a tenth of a full stroke's darkness) to heavy, broken by the
  paper's tooth; ballpoint (thin, dark blue); felt pen (wide, soft-edged, black or a colour);
  lines bowed, off the squares' centres, traced twice, overshooting or stopping short;
- erasures at every strength: a stroke drawn beside the network and rubbed out, leaving from 2%
  to 60% of its darkness and a grey smear of graphite around it;
- the photo: colour, on a wooden table or a dark desk, tilted up to 20 degrees and in
  perspective, stored turned any quarter; a hard shadow across the sheet (a hand, a phone); a
  finger or a pen over part of the sheet (now and then over a corner mark or over the squares);
  glare (a lamp's bright spot); low light with heavy sensor noise; defocus or a little motion
  blur; 800 to 3000 pixels on the long side; JPEG quality 40 to 90.

`make(page, seed)` returns the photo and what is true of it (the cells drawn, what hides
strokes), so that the benchmark can tell a right reading, a doubt, and a wrong one. What hides
is measured on the photo made, not taken from what the hand meant: a finger or a pen over a
drawn step or a corner mark, glare whitening them, a drawn step too faint for the sensor's
noise (`SEEN`, on the same photo made with nothing drawn).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import cv2
import numpy as np
import synth

from pnp import fiducials

Cell = tuple[int, int]

PENCIL, BALLPOINT, FELT = "pencil", "ballpoint", "felt pen"


@dataclass
class Case:
    """One synthetic photo and the truth about it."""

    jpeg: bytes
    field_name: str
    vertices: list[Cell]
    kind: str  # legal | illegal
    tool: str
    pressure: float  # the hand's darkness, 0..1
    erased: float | None = None  # how much of a rubbed-out stroke is left, when there is one
    hidden: bool = False  # a finger, a pen or glare hides part of the drawn cells
    covered_mark: int | None = None  # which corner mark (0 TL, 1 TR, 2 BR, 3 BL) is covered
    covered_code: bool = False  # a finger, a pen or glare over the field's code
    # the drawn steps the photo does not show (under SEEN: too faint for the sensor's noise)
    unseen: list[tuple[Cell, Cell]] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    @property
    def what(self) -> str:
        bits = [self.kind, self.field_name, self.tool, f"pressure {self.pressure:.2f}"]
        if self.erased is not None:
            bits.append(f"erased to {self.erased:.2f}")
        return ", ".join(bits + self.notes)


def _cells(vertices: list[Cell]) -> set[Cell]:
    out: set[Cell] = set()
    for (r0, c0), (r1, c1) in zip(vertices, vertices[1:], strict=False):
        if r0 == r1:
            out.update((r0, c) for c in range(min(c0, c1), max(c0, c1) + 1))
        else:
            out.update((r, c0) for r in range(min(r0, r1), max(r0, r1) + 1))
    return out


WASHED_MARK = 0.3  # a printed mark or code keeping less of its contrast under glare is covered
SEEN = 5.0  # d': the Rose criterion (a feature is seen for sure at a signal-to-noise ratio of 5)
_GREY = np.array([0.114, 0.587, 0.299], np.float32)  # BGR to grey, as a JPEG decoder weighs them


def _steps(vertices: list[Cell]) -> list[tuple[Cell, Cell]]:
    """Every step of the drawn lines, between two neighbouring cells."""
    out = []
    for (r0, c0), (r1, c1) in zip(vertices, vertices[1:], strict=False):
        dr, dc = int(np.sign(r1 - r0)), int(np.sign(c1 - c0))
        for k in range(abs(r1 - r0) + abs(c1 - c0)):
            out.append(((r0 + k * dr, c0 + k * dc), (r0 + (k + 1) * dr, c0 + (k + 1) * dc)))
    return out


def _unseen_steps(
    photo: np.ndarray,
    empty: np.ndarray,
    ends: list[np.ndarray],
    steps: list[tuple[Cell, Cell]],
    noise_sd: float,
) -> list[tuple[Cell, Cell]]:
    """The steps whose stroke the photo does not show: what the stroke changes in the photo
    (`photo` against `empty`, the same photo with nothing drawn, both before the sensor's
    noise, white clipped as the sensor clips it) measured as the ideal observer would (d', the
    root of the summed squared change over the step's middle 70% and a quarter of a cell either
    side of it, over the noise of one grey pixel), under SEEN. `ends`: each step's two cell
    centres on the photo. JPEG's losses are left out: they would only hide more."""
    change = (np.clip(empty, 0, 1) @ _GREY - np.clip(photo, 0, 1) @ _GREY) * 255.0
    sigma = noise_sd * float(np.linalg.norm(_GREY))
    out = []
    for step, (p, q) in zip(steps, ends, strict=True):
        length = float(np.linalg.norm(q - p))
        along = (q - p) / max(length, 1e-9)
        across = np.array([-along[1], along[0]])
        ts = np.arange(0.15 * length, 0.85 * length, 0.5)
        ss = np.arange(-0.25 * length, 0.25 * length + 0.5, 0.5)
        pts = p + ts[:, None, None] * along + ss[None, :, None] * across
        ys, xs = _pixels(np.unique(np.rint(pts.reshape(-1, 2)), axis=0), change.shape)
        seen = math.sqrt(float(np.sum(change[ys, xs] ** 2))) / sigma
        if seen < SEEN:
            out.append(step)
    return out


def _mark_points(
    page: synth.Page, field_name: str, to_photo
) -> list[tuple[np.ndarray, np.ndarray]]:
    """Each corner mark's dark centre and four points of its white ring, on the photo."""
    ring = 2 * fiducials.MARK / fiducials.MODULES  # the white ring's middle, in cells
    out = []
    for x, y in fiducials.mark_centres(10, 10):
        pts = [(x, y)] + [
            (x + dx * ring, y + dy * ring) for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))
        ]
        on = to_photo([synth.cell_point(page, field_name, b - 0.5, a - 0.5) for a, b in pts])
        out.append((on[:1], on[1:]))
    return out


def _pixels(pts: np.ndarray, shape: tuple[int, ...]) -> tuple[np.ndarray, np.ndarray]:
    """The points (x, y) rounded to pixels, those off an image of `shape` left out: (ys, xs)."""
    xy = np.rint(np.asarray(pts).reshape(-1, 2)).astype(np.int64)
    h, w = shape[:2]
    xy = xy[(xy[:, 0] >= 0) & (xy[:, 0] < w) & (xy[:, 1] >= 0) & (xy[:, 1] < h)]
    return xy[:, 1], xy[:, 0]


def _grey_at(img: np.ndarray, pts: np.ndarray) -> np.ndarray:
    """The grey (clipped as the sensor clips) at each point; points off the photo give none."""
    return np.clip(img[_pixels(pts, img.shape)], 0, 1) @ _GREY


def _over(occluded: np.ndarray, pts: np.ndarray) -> bool:
    """Whether a finger or a pen lies over any of the points (`occluded` over 0.3)."""
    under = occluded[_pixels(pts, occluded.shape)]
    return bool(len(under)) and float(under.max()) > 0.3


def _washed_out(lit: np.ndarray, photo: np.ndarray, light: np.ndarray, dark: np.ndarray) -> bool:
    """Whether glare takes most of a printed pattern's contrast: the grey between its lightest
    and darkest points (`light`, `dark`) under WASHED_MARK of what it is before the glare."""
    before = [_grey_at(lit, light), _grey_at(lit, dark)]
    after = [_grey_at(photo, light), _grey_at(photo, dark)]
    if not all(len(g) for g in before):
        return False  # off the photo: not this test's to say
    span_before = float(before[0].max() - before[1].min())
    span_after = float(after[0].max() - after[1].min())
    return span_before > 0 and span_after < WASHED_MARK * span_before


def _on_a_step(occluded: np.ndarray, ends: list[np.ndarray]) -> bool:
    """Whether a finger or a pen lies over a drawn step anywhere between its two cells' centres
    (`occluded` over 0.3): under it a gap in the line could hide."""
    for p, q in ends:
        t = np.linspace(0.0, 1.0, max(2, int(np.linalg.norm(q - p))))[:, None]
        if _over(occluded, p + t * (q - p)):
            return True
    return False


def _tooth(shape: tuple[int, int], rng: np.random.Generator) -> np.ndarray:
    """The paper's tooth: where graphite catches (1) and where it skips (towards 0)."""
    fine = rng.random(shape, dtype=np.float32)
    fine = cv2.GaussianBlur(fine, (0, 0), 0.7)
    fine = (fine - fine.mean()) / (fine.std() + 1e-6)
    return np.clip(0.75 + 0.35 * fine, 0.15, 1.0).astype(np.float32)


def _stroke(
    layer: np.ndarray,
    page: synth.Page,
    field_name: str,
    a: Cell,
    b: Cell,
    rng: np.random.Generator,
    width_px: float,
    level: float,
    offset: np.ndarray,
) -> None:
    """One line from cell a to cell b onto `layer` (darkness 0..1): bowed, off-centre by
    `offset` (pixels), ends overshooting or short, pressure varying along it."""
    p0 = np.array(synth.cell_point(page, field_name, *a)) + offset
    p1 = np.array(synth.cell_point(page, field_name, *b)) + offset
    pitch = synth.PITCH * synth.MM
    d = (p1 - p0) / max(float(np.linalg.norm(p1 - p0)), 1e-9)
    normal = np.array([-d[1], d[0]])
    start = p0 - d * rng.uniform(-0.15, 0.3) * pitch
    end = p1 + d * rng.uniform(-0.15, 0.3) * pitch
    n = max(3, int(np.linalg.norm(end - start) / 2))
    t = np.linspace(0.0, 1.0, n)
    bow = rng.normal(0, 0.06) * pitch * np.sin(math.pi * t)  # a hand's line bows
    shake = cv2.GaussianBlur(rng.normal(0, 0.6, (n, 1)).astype(np.float32), (1, 0), 3).ravel()
    pts = start + np.outer(t, end - start) + np.outer(bow + shake, normal)
    pressure = np.clip(1 + 0.25 * np.sin(t * rng.uniform(1, 4) + rng.uniform(0, 6)), 0.6, 1.3)
    for i in range(n - 1):
        w = max(1, int(round(width_px * (0.8 + 0.2 * pressure[i]))))
        p, q = pts[i], pts[i + 1]
        cv2.line(
            layer,
            (int(p[0] * 8), int(p[1] * 8)),
            (int(q[0] * 8), int(q[1] * 8)),
            float(level * pressure[i]),
            w,
            cv2.LINE_AA,
            shift=3,
        )


def _draw(
    page: synth.Page,
    field_name: str,
    vertices: list[Cell],
    rng: np.random.Generator,
    tool: str,
    pressure: float,
    erase: tuple[list[tuple[Cell, Cell]], float] | None,
) -> tuple[np.ndarray, np.ndarray]:
    """The page in colour (H, W, 3) float 0..1 with the network drawn by `tool`, and the same
    page with nothing drawn (to measure what of the strokes the photo keeps)."""
    grey = page.image.astype(np.float32) / 255.0
    tint = rng.uniform(0.93, 1.0, 3).astype(np.float32)  # the paper's white
    sheet = grey[..., None] * tint[None, None, :]
    mm = synth.MM
    if tool == PENCIL:
        width, colour = rng.uniform(0.3, 0.7) * mm, np.array([0.6, 0.6, 0.62], np.float32)
    elif tool == BALLPOINT:
        width = rng.uniform(0.25, 0.45) * mm
        colour = np.array([0.2, 0.6, 0.85], np.float32)  # BGR absorbed: blue ink
    else:
        width = rng.uniform(0.9, 1.6) * mm
        colour = (
            np.array([1.0, 1.0, 1.0], np.float32)
            if rng.random() < 0.6
            else (rng.uniform(0.2, 1.0, 3).astype(np.float32))
        )  # black, or a colour (BGR: how much of each is absorbed)
    ink = np.zeros(grey.shape, np.float32)
    offset = rng.normal(0, 0.07, 2) * synth.PITCH * mm  # the whole drawing a little off
    passes = 2 if tool == PENCIL and rng.random() < 0.3 else 1
    for a, b in zip(vertices, vertices[1:], strict=False):
        for _ in range(passes):
            line_off = offset + rng.normal(0, 0.03, 2) * synth.PITCH * mm
            _stroke(ink, page, field_name, a, b, rng, width, pressure, line_off)
    if erase is not None:
        strokes, left = erase
        rubbed = np.zeros_like(ink)
        for a, b in strokes:
            _stroke(rubbed, page, field_name, a, b, rng, width, pressure, offset)
        # what the eraser leaves: part of the stroke, blotchy, and a smear around it
        blotch = cv2.GaussianBlur(rng.random(ink.shape, dtype=np.float32), (0, 0), 4)
        blotch = np.clip((blotch - blotch.mean()) * 6 + 1, 0.3, 1.7)
        smear = cv2.GaussianBlur(rubbed, (0, 0), 0.35 * synth.PITCH * mm)
        ink = np.maximum(ink, rubbed * left * blotch + smear * rng.uniform(0.02, 0.12))
    if tool == PENCIL:
        ink = ink * _tooth(ink.shape, rng)
        ink = cv2.GaussianBlur(ink, (0, 0), 0.5)
    elif tool == FELT:
        ink = cv2.GaussianBlur(ink, (0, 0), 1.2)  # the ink bleeds into the paper
        ink = np.clip(ink * 1.3, 0, 0.95)
    else:
        ink = cv2.GaussianBlur(ink, (0, 0), 0.4)
    absorbed = np.clip(ink[..., None] * colour[None, None, :], 0, 0.97)
    return sheet * (1.0 - absorbed), sheet


def _table(shape: tuple[int, int], rng: np.random.Generator) -> np.ndarray:
    """A wooden table (grain along x) or a dark desk, (H, W, 3)."""
    h, w = shape
    if rng.random() < 0.6:
        y = np.arange(h, dtype=np.float32)[:, None]
        x = np.arange(w, dtype=np.float32)[None, :]
        wave = np.sin(y / rng.uniform(6, 20) + 3 * np.sin(x / rng.uniform(150, 400)))
        noise = cv2.GaussianBlur(rng.random((h, w), dtype=np.float32), (0, 0), 2)
        tone = 0.45 + 0.12 * wave + 0.1 * (noise - 0.5)
        base = np.array([0.35, 0.55, 0.75], np.float32)  # BGR: brown
        return np.clip(tone[..., None] * base[None, None, :] * 1.3, 0, 1)
    grey = rng.uniform(0.05, 0.25)
    return np.full((h, w, 3), grey, np.float32)


def _stroke_saturated(grey: np.ndarray, points: np.ndarray, radius: float) -> bool:
    """Whether the darkest grey within `radius` of any of `points` is white (0.98 or more):
    the stroke drawn there is lost in the glare."""
    h, w = grey.shape
    r = max(1, int(radius))
    for x, y in points.astype(int):
        if 0 <= x < w and 0 <= y < h:
            window = grey[max(0, y - r) : y + r + 1, max(0, x - r) : x + r + 1]
            if float(window.min()) >= 0.98:
                return True
    return False


def _capsule(mask: np.ndarray, p: np.ndarray, q: np.ndarray, radius: float) -> None:
    cv2.line(
        mask,
        (int(p[0]), int(p[1])),
        (int(q[0]), int(q[1])),
        1.0,
        max(1, int(2 * radius)),
        cv2.LINE_AA,
    )


def make(page: synth.Page, seed: int) -> Case:
    """Synthetic photo number `seed` and its truth."""
    from assistant.games.spy.layouts import random_network
    from assistant.games.spy.model import Field

    rng = np.random.default_rng(10_000_000 + seed)
    vertices = list(random_network(Field(), (1, 2, 3, 4, 5, 6), 500_000 + seed).vertices)
    kind = "legal"
    if rng.random() < 0.08:  # an illegal drawing: the first line pulled one square off
        a, b = vertices[0], vertices[1]
        if a[0] == b[0]:
            dr, dc = (1 if a[0] < 9 else -1), 0
        else:
            dr, dc = 0, (1 if a[1] < 9 else -1)
        vertices[0] = (a[0] + dr, a[1] + dc)
        vertices[1] = (b[0] + dr, b[1] + dc)
        kind = "illegal"
    field_name = "lower" if rng.random() < 0.25 else "upper"
    roll = rng.random()
    tool = PENCIL if roll < 0.7 else BALLPOINT if roll < 0.85 else FELT
    if tool == PENCIL:  # faint to heavy, more often in the middle
        pressure = float(
            np.clip(
                rng.choice([rng.uniform(0.12, 0.3), rng.uniform(0.3, 0.95)], p=[0.3, 0.7]),
                0.1,
                0.95,
            )
        )
    else:
        pressure = float(rng.uniform(0.7, 0.95))
    erase = None
    erased = None
    if rng.random() < 0.25:
        covered = _cells(vertices)
        near = {
            (r + dr, c + dc) for r, c in covered for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))
        }
        free = [
            ((r, c), (r, c + k))
            for r in range(10)
            for c in range(10)
            for k in (1, 2)
            if c + k < 10 and not ({(r, c + j) for j in range(k + 1)} & (covered | near))
        ]
        if free:
            stroke = free[int(rng.integers(len(free)))]
            erased = float(rng.choice([rng.uniform(0.02, 0.12), rng.uniform(0.12, 0.6)]))
            erase = ([stroke], erased)
    sheet, blank = _draw(page, field_name, vertices, rng, tool, pressure, erase)
    case = Case(b"", field_name, vertices, kind, tool, pressure, erased)
    case.jpeg = _photograph(sheet, blank, page, field_name, vertices, rng, case)
    return case


def _photograph(
    sheet: np.ndarray,
    blank: np.ndarray,
    page: synth.Page,
    field_name: str,
    vertices: list[Cell],
    rng: np.random.Generator,
    case: Case,
) -> bytes:
    long_side = int(rng.choice([800, 1200, 1600, 2400, 3000], p=[0.2, 0.2, 0.2, 0.2, 0.2]))
    top = 0
    if long_side <= 1200:  # a small photo is taken closer: the field's half of the sheet
        half = sheet.shape[0] // 2
        top = 0 if field_name == "upper" else half
        sheet, blank = sheet[top : top + half], blank[top : top + half]
        case.notes.append("half the sheet")
    h, w = sheet.shape[:2]
    turn = int(rng.integers(0, 4))
    landscape = (turn % 2 == 1) != bool(top or "half the sheet" in case.notes)
    ow, oh = (long_side, int(long_side * 0.75)) if landscape else (int(long_side * 0.75), long_side)
    angle = turn * math.pi / 2 + math.radians(rng.uniform(-20, 20))
    ext_w = abs(w * math.cos(angle)) + abs(h * math.sin(angle))
    ext_h = abs(w * math.sin(angle)) + abs(h * math.cos(angle))
    scale = rng.uniform(0.85, 1.05) * min(ow / ext_w, oh / ext_h)
    centre = np.array([ow / 2, oh / 2]) + rng.normal(0, 0.02, 2) * np.array([ow, oh])
    rot = np.array([[math.cos(angle), -math.sin(angle)], [math.sin(angle), math.cos(angle)]])
    corners = np.array([(0, 0), (w, 0), (w, h), (0, h)], np.float32)
    placed = (corners - np.array([w / 2, h / 2])) * scale @ rot.T + centre
    placed = (placed + rng.normal(0, 0.03, (4, 2)) * min(ow, oh)).astype(np.float32)
    matrix = cv2.getPerspectiveTransform(corners, placed)
    table = _table((oh, ow), rng)
    warped = cv2.warpPerspective(sheet, matrix, (ow, oh), flags=cv2.INTER_AREA)
    inside = cv2.warpPerspective(np.ones((h, w), np.float32), matrix, (ow, oh))[..., None]
    photo = warped * inside + table * (1 - inside)
    # the same photo of the sheet with nothing drawn, through every step but the sensor's noise
    empty = cv2.warpPerspective(blank, matrix, (ow, oh), flags=cv2.INTER_AREA)
    empty = empty * inside + table * (1 - inside)

    def to_photo(pts: list[tuple[float, float]]) -> np.ndarray:
        arr = (np.array(pts, np.float32) - np.array([0, top], np.float32)).reshape(-1, 1, 2)
        return cv2.perspectiveTransform(arr, matrix).reshape(-1, 2)

    pitch = synth.PITCH * synth.MM
    # where the field's corner marks and drawn cells are on the photo
    off = 0.4
    mark_cells = [
        (-off, -off),
        (-off, 9 + 1 + off),
        (9 + 1 + off, 9 + 1 + off),
        (9 + 1 + off, -off),
    ]
    marks = to_photo([synth.cell_point(page, field_name, r - 0.5, c - 0.5) for r, c in mark_cells])
    drawn = _cells(vertices)
    cell_pts = to_photo([synth.cell_point(page, field_name, r, c) for r, c in sorted(drawn)])
    px_cell = float(np.linalg.norm(to_photo([(0, 0)])[0] - to_photo([(pitch, 0)])[0]))
    steps = _steps(vertices)
    ends = [
        to_photo([synth.cell_point(page, field_name, *a), synth.cell_point(page, field_name, *b)])
        for a, b in steps
    ]

    occluded = np.zeros((oh, ow), np.float32)
    roll = rng.random()
    if roll < 0.2:  # a finger from the photo's edge, now and then over a corner mark
        if rng.random() < 0.4:
            k = int(rng.integers(4))
            tip = marks[k]
            case.covered_mark = k
            case.notes.append(f"a finger over corner mark {'TL TR BR BL'.split()[k]}")
        else:
            tip = np.array([rng.uniform(0, ow), rng.uniform(0, oh)])
            case.notes.append("a finger")
        edge_pt = tip + rng.normal(0, 1, 2) * max(ow, oh)
        finger = np.zeros_like(occluded)
        _capsule(finger, tip, tip + (edge_pt - tip) * 0.6, 0.9 * px_cell)
        skin = np.array([0.55, 0.65, 0.85], np.float32) * rng.uniform(0.6, 1.0)
        shade = cv2.GaussianBlur(finger, (0, 0), 0.4 * px_cell)
        finger = cv2.GaussianBlur(finger, (0, 0), 1.5)
        skin_layer = (skin * (0.7 + 0.3 * shade[..., None])) * finger[..., None]
        photo = photo * (1 - finger[..., None]) + skin_layer
        empty = empty * (1 - finger[..., None]) + skin_layer
        occluded = np.maximum(occluded, finger)
    elif roll < 0.32:  # a pen lying across the sheet
        a = np.array([rng.uniform(0, ow), rng.uniform(0, oh)])
        b = a + rng.normal(0, 1, 2) * 6 * px_cell
        pen = np.zeros_like(occluded)
        _capsule(pen, a, b, 0.45 * px_cell)
        pen = cv2.GaussianBlur(pen, (0, 0), 1.0)
        body = rng.uniform(0.05, 0.8, 3).astype(np.float32)
        photo = photo * (1 - pen[..., None]) + body * pen[..., None]
        empty = empty * (1 - pen[..., None]) + body * pen[..., None]
        occluded = np.maximum(occluded, pen)
        case.notes.append("a pen over the sheet")
    # light: low light, a hard shadow, glare
    light = np.ones((oh, ow), np.float32)
    if rng.random() < 0.2:
        light *= rng.uniform(0.25, 0.45)
        case.notes.append("low light")
    else:
        light *= rng.uniform(0.7, 1.0)
    yy, xx = np.mgrid[0:oh, 0:ow].astype(np.float32)
    light *= 1 + 0.2 * ((xx / ow - 0.5) * rng.normal() + (yy / oh - 0.5) * rng.normal())
    if rng.random() < 0.25:  # a hard shadow: a half-plane with a slightly soft edge
        theta = rng.uniform(0, 2 * math.pi)
        cut = rng.uniform(-0.3, 0.3) * max(ow, oh)
        side = (xx - ow / 2) * math.cos(theta) + (yy - oh / 2) * math.sin(theta) - cut
        soft = rng.uniform(2, 10)
        dark = rng.uniform(0.4, 0.7)
        light *= (1 - (1 - dark) / (1 + np.exp(np.clip(side / soft, -50, 50)))).astype(np.float32)
        case.notes.append("a hard shadow")
    photo = photo * light[..., None]
    empty = empty * light[..., None]
    lit = photo.copy()  # before any glare: what the printed marks show without it
    if rng.random() < 0.2:  # glare: a lamp's spot, bright and washed out
        gx, gy = rng.uniform(0.2, 0.8) * ow, rng.uniform(0.2, 0.8) * oh
        radius = rng.uniform(0.05, 0.15) * max(ow, oh)
        spot = np.exp(-((xx - gx) ** 2 + (yy - gy) ** 2) / (2 * radius**2))
        strength = rng.uniform(0.3, 0.9)
        photo = photo + (strength * spot)[..., None]
        empty = empty + (strength * spot)[..., None]
        case.notes.append("glare")
        # washed out where the spot saturates the paper: pencil under it may vanish; and
        # where the stroke itself is saturated at a drawn cell (the darkest grey within a
        # third of a cell of its centre white), the line is not in the photo at all
        if np.any(
            spot[
                cell_pts[:, 1].astype(int).clip(0, oh - 1),
                cell_pts[:, 0].astype(int).clip(0, ow - 1),
            ]
            * strength
            > 0.5
        ) or _stroke_saturated(photo.mean(axis=2), cell_pts, 0.35 * px_cell):
            case.hidden = True
    if len(cell_pts):
        hit = occluded[
            cell_pts[:, 1].astype(int).clip(0, oh - 1), cell_pts[:, 0].astype(int).clip(0, ow - 1)
        ]
        if np.any(hit > 0.3) or _on_a_step(occluded, ends):
            case.hidden = True
    if case.covered_mark is not None:
        k = case.covered_mark
        x, y = marks[k].astype(int)
        if not (0 <= x < ow and 0 <= y < oh and occluded[y, x] > 0.3):
            case.covered_mark = None
    # a corner mark or the field's code that a finger or a pen lies over, or glare washes out,
    # is covered however it came to be: the reader cannot see it
    for k, (centre, ring) in enumerate(_mark_points(page, field_name, to_photo)):
        if case.covered_mark is None and (
            _over(occluded, centre) or _washed_out(lit, photo, ring, centre)
        ):
            case.covered_mark = k
    bits = to_photo(
        [
            synth.cell_point(page, field_name, y - 0.5, x - 0.5)
            for x, y in fiducials.code_centres(10, 10)
        ]
    )
    case.covered_code = _over(occluded, bits) or _washed_out(lit, photo, bits, bits)
    # the lens and the sensor
    if rng.random() < 0.3:  # a little motion blur (a few pixels at 3000 px)
        k = max(2, int(rng.integers(3, 9) * long_side / 3000))
        kernel = np.zeros((k, k), np.float32)
        kernel[k // 2, :] = 1.0 / k
        m = cv2.getRotationMatrix2D((k / 2 - 0.5, k / 2 - 0.5), rng.uniform(0, 180), 1.0)
        kernel = cv2.warpAffine(kernel, m, (k, k))
        kernel /= max(float(kernel.sum()), 1e-6)
        photo = cv2.filter2D(photo, -1, kernel)
        empty = cv2.filter2D(empty, -1, kernel)
        case.notes.append("motion blur")
    else:
        sigma = rng.uniform(0.3, 1.3) * long_side / 3000 + 0.2
        photo = cv2.GaussianBlur(photo, (0, 0), sigma)
        empty = cv2.GaussianBlur(empty, (0, 0), sigma)
    noise_sd = rng.uniform(2, 6) / max(light.mean(), 0.2)
    case.unseen = _unseen_steps(photo, empty, ends, steps, noise_sd)
    photo = photo * 255 + rng.standard_normal(photo.shape, dtype=np.float32) * noise_sd
    quality = 40 if rng.random() < 0.3 else int(rng.integers(40, 91))
    ok, jpeg = cv2.imencode(
        ".jpg", np.clip(photo, 0, 255).astype(np.uint8), [cv2.IMWRITE_JPEG_QUALITY, quality]
    )
    assert ok
    case.notes.append(f"{long_side} px, JPEG {quality}")
    return jpeg.tobytes()
