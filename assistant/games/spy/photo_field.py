"""The field straightened onto the canvas of photo_geometry: what it shows (how dark the pencil
is at each cell's centre and along each edge, where glare washed it out, where a coloured thing
lies on the sheet), and the picture of a reading drawn over it. Nothing here decides what is
drawn (photo_decide does)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np

from assistant.games.spy import photo_geometry as geo
from assistant.games.spy.model import Field
from assistant.games.spy.photo_across import MIDDLE
from assistant.games.spy.photo_cv import cv2
from assistant.games.spy.photo_image import Located, PhotoError


@dataclass(frozen=True)
class Scores:
    """Darkness (0 paper .. 1 black) at each cell centre and along each edge; `halves`: each
    edge's half nearer its first cell and the half nearer its second (the weaker sample of each:
    a line's end drawn past a centre darkens one half only); `blots`: the
    darkness in a cell's corners, where no line passes (a finger, a pen, a shadow's blot);
    `washed`: the cells where glare saturated the photo (pencil there cannot be seen);
    `covered`: the cells a coloured thing wider than any stroke lies over (a finger, a pen)."""

    cells: dict[tuple[int, int], float]
    edges: dict[geo.Edge, float]
    blots: dict[tuple[int, int], float] = field(default_factory=dict)
    washed: frozenset[tuple[int, int]] = frozenset()
    halves: dict[geo.Edge, tuple[float, float]] = field(default_factory=dict)
    covered: frozenset[tuple[int, int]] = frozenset()  # a coloured thing on the sheet over them
    # each edge's darkness at each place across it, along its middle, its first half and its
    # second half, each less its own median (photo_across): (3, places)
    across: dict[geo.Edge, np.ndarray] = field(default_factory=dict)


ALONG = 0.1  # cells either way along an edge that a sample averages (the grain averages out)
BLOT_AT = 0.34  # cells from the centre, both ways: a cell's corners, clear of any line
SATURATED = 0.98  # grey levels (0..1) at or above this are saturated
FADED = 0.02  # printed grid lines lighter than this (0 paper .. 1 black) have faded in glare


COLOUR_SIDE = 700  # pixels: the colour is looked at on the photo scaled down to no less
COLOURED = 0.2  # a colour this strong (HSV saturation) is not paper, pencil, print or glare
WIDE = 0.5  # cells: a coloured patch this wide everywhere is a thing on the sheet, not ink
LARGE = 1.0  # square cells: ...and this large (a felt pen's lines meeting make a smaller blot)
RIM = 0.15  # cells: ...and its rim's shading around it
UNDER = 0.15  # of a cell's square under such a thing: the cell is covered


def colour(data: bytes, shape: tuple[int, ...], located: Located) -> np.ndarray:
    """How coloured the field is at each pixel of the canvas (HSV saturation, 0 grey .. 1 pure
    colour, after a small blur that evens the sensor's noise out), the paper taken as white: each
    channel is divided by its median over the field's squares first, so that a lamp's cast the
    phone left in does not make the whole sheet a coloured thing (a finger covers far less than
    half the field). `shape`: decode_image's grey photo, which `located` maps onto. A photo stored
    grey is grey everywhere. Things on the sheet are half a square wide or more: the colour is
    decoded at a half or a quarter of the photo's size (JPEG decodes so at a fraction of the
    cost), at least COLOUR_SIDE pixels on its long side."""
    size = geo.canvas_size(located.field)
    reduce = 1
    while reduce < 4 and max(shape[:2]) // (2 * reduce) >= COLOUR_SIDE:
        reduce *= 2
    flag = {1: cv2.IMREAD_COLOR, 2: cv2.IMREAD_REDUCED_COLOR_2, 4: cv2.IMREAD_REDUCED_COLOR_4}
    image = cv2.imdecode(np.frombuffer(data, dtype=np.uint8), flag[reduce])
    if image is None or image.ndim != 3:
        return np.zeros((size[1], size[0]), np.float32)
    small = (max(1, shape[1] // reduce), max(1, shape[0] // reduce))
    image = cv2.resize(image, small, interpolation=cv2.INTER_AREA).astype(np.float32)
    image = cv2.GaussianBlur(image, (0, 0), 2.0 / reduce + 0.5)
    sx, sy = small[0] / shape[1], small[1] / shape[0]  # grey photo -> this one, pixel centres
    scale = np.array([[sx, 0, 0.5 * sx - 0.5], [0, sy, 0.5 * sy - 0.5], [0, 0, 1]])
    to_canvas = np.linalg.inv(scale @ np.asarray(located.to_photo, float))
    canvas = cv2.warpPerspective(
        image, to_canvas, size, flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE
    )
    m = round(geo.MARGIN * geo.PX)
    squares = canvas[m : size[1] - m, m : size[0] - m].reshape(-1, 3)
    canvas = canvas / np.maximum(np.median(squares, axis=0), 1.0)
    top, bottom = canvas.max(axis=2), canvas.min(axis=2)
    return ((top - bottom) / np.maximum(top, 1.0 / 255)).astype(np.float32)


def covered_cells(coloured: np.ndarray, grid: Field) -> frozenset[tuple[int, int]]:
    """The cells a coloured thing lies over (`coloured`: colour(), on the canvas):
    over UNDER of a cell's square lies under `lying_on(coloured)`."""
    return _under(lying_on(coloured), grid)


def lying_on(coloured: np.ndarray) -> np.ndarray:
    """Where a coloured thing lies on the sheet (1, else 0; `coloured`: colour() on the canvas):
    the patches of colour at least WIDE across everywhere (ink of any colour is a stroke, far
    narrower: it does not survive the opening) and LARGE, grown by their RIM."""
    px = geo.PX
    mask: np.ndarray = (coloured > COLOURED).astype(np.uint8)
    wide = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (int(WIDE * px) | 1,) * 2)
    mask = cv2.morphologyEx(mask, cv2.MORPH_OPEN, wide)
    count, labels, stats, _ = cv2.connectedComponentsWithStats(mask)
    for i in range(1, count):
        if stats[i, cv2.CC_STAT_AREA] < LARGE * px * px:
            mask[labels == i] = 0
    if not mask.any():
        return mask
    return cv2.dilate(mask, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (int(RIM * px) | 1,) * 2))


def _under(mask: np.ndarray, grid: Field) -> frozenset[tuple[int, int]]:
    """The cells over UNDER of whose square `mask` lies."""
    if not mask.any():
        return frozenset()
    out = set()
    half = geo.PX // 2
    for r in range(grid.rows):
        for c in range(grid.cols):
            x, y = (int(v) for v in geo.to_canvas(c + 0.5, r + 0.5))
            if mask[y - half : y + half, x - half : x + half].mean() > UNDER:
                out.add((r, c))
    return frozenset(out)


def saturation(gray: np.ndarray) -> np.ndarray:
    """Where the photo is saturated (glare): 1.0, else 0.0 (float32, for rectify)."""
    return (gray >= SATURATED * 255).astype(np.float32)


def scores(
    canvas: np.ndarray,
    grid: Field,
    saturated: np.ndarray | None = None,
    coloured: np.ndarray | None = None,
) -> Scores:
    """How dark the pencil is at each cell's centre and along each edge (the darkest point
    across the path at each sample, the second weakest of an edge's samples), how dark each
    cell's corners are (the second darkest of four), which cells glare washed out
    (`saturated`: the rectified saturation mask) and which a coloured thing covers (`coloured`:
    colour(), on the canvas); a step is measured only where no such thing lies."""
    dark = 1.0 - cv2.GaussianBlur(canvas, (0, 0), 1.2)
    px = geo.PX
    across = int(geo.ACROSS * px)
    cell_scores: dict[tuple[int, int], float] = {}
    blots: dict[tuple[int, int], float] = {}
    washed = set()
    small = max(1, px // 10)
    for r in range(grid.rows):
        for c in range(grid.cols):
            x, y = geo.to_canvas(c + 0.5, r + 0.5)
            xi, yi = int(x), int(y)
            patch = dark[yi - across : yi + across + 1, xi - across : xi + across + 1]
            cell_scores[(r, c)] = float(np.percentile(patch, 95))
            corners = []
            for dx, dy in ((-1, -1), (1, -1), (1, 1), (-1, 1)):
                cx, cy = int(x + dx * BLOT_AT * px), int(y + dy * BLOT_AT * px)
                corners.append(
                    float(dark[cy - small : cy + small + 1, cx - small : cx + small + 1].mean())
                )
            # three of the four corners dark, or two opposite ones: a line, even off the
            # centre, darkens at most the two on one side
            opposite = max(min(corners[0], corners[2]), min(corners[1], corners[3]))
            blots[(r, c)] = max(sorted(corners)[1], opposite)
            if saturated is not None:
                half = px // 2
                box = (slice(yi - half, yi + half + 1), slice(xi - half, xi + half + 1))
                if saturated[box].mean() > 0.5 and _grid_faded(dark, x, y):
                    washed.add((r, c))
    lying = None if coloured is None else lying_on(coloured)
    covered = set() if lying is None else set(_under(lying, grid))
    along = max(1, int(ALONG * px))
    edge_scores: dict[geo.Edge, float] = {}
    halves: dict[geo.Edge, tuple[float, float]] = {}
    hidden = []
    for edge in geo.edges(grid):
        values: list[float | None] = []
        for sx, sy in geo.edge_samples(edge):
            x, y = geo.to_canvas(sx, sy)
            xi, yi = int(round(x)), int(round(y))
            if geo.horizontal(edge):
                box = (slice(yi - across, yi + across + 1), slice(xi - along, xi + along + 1))
                strip = dark[box].T
            else:
                box = (slice(yi - along, yi + along + 1), slice(xi - across, xi + across + 1))
                strip = dark[box]
            if lying is not None and lying[box].any():  # under a thing or its rim: unseen
                values.append(None)
            else:
                values.append(float(strip.mean(axis=0).max()))
        seen = sorted(v for v in values if v is not None)
        if len(seen) < 2:  # too little of it seen: it says nothing (see below)
            hidden.append(edge)
            continue
        half = len(values) // 2
        first = [v for v in values[:half] if v is not None] or seen
        second = [v for v in values[half:] if v is not None] or seen
        halves[edge] = (min(first), min(second))
        edge_scores[edge] = seen[1] if len(seen) > 2 else seen[0]
    level = float(np.median(list(edge_scores.values()))) if edge_scores else 0.0
    for edge in hidden:  # the paper's level: neither a stroke nor a gap
        edge_scores[edge] = level
        halves[edge] = (level, level)
        if not set(edge) & covered:  # (the thing over it covers a square of it, nearly always)
            covered.update(edge)
    edge_scores = {edge: edge_scores[edge] for edge in geo.edges(grid)}
    profiles = {edge: _profiles(dark, edge, across) for edge in geo.edges(grid)}
    return Scores(
        cell_scores, edge_scores, blots, frozenset(washed), halves, frozenset(covered), profiles
    )


def _profiles(dark: np.ndarray, edge: geo.Edge, across: int) -> np.ndarray:
    """An edge's darkness at each place across it (`across` pixels either side of the path),
    averaged along its middle (photo_across.MIDDLE), its first half and its second half, each
    less its own median: (3, 2 * across + 1)."""
    px = geo.PX
    (x0, y0), _ = (geo.to_canvas(*geo.cell_centre(c)) for c in edge)
    if geo.horizontal(edge):
        a, b = round(x0 + MIDDLE[0] * px), round(x0 + MIDDLE[1] * px)
        yi = round(y0)
        strip = dark[yi - across : yi + across + 1, a : b + 1]
    else:
        a, b = round(y0 + MIDDLE[0] * px), round(y0 + MIDDLE[1] * px)
        xi = round(x0)
        strip = dark[a : b + 1, xi - across : xi + across + 1].T
    half = strip.shape[1] // 2
    out = np.array([strip.mean(axis=1), strip[:, :half].mean(axis=1), strip[:, half:].mean(axis=1)])
    return out - np.median(out, axis=1, keepdims=True)


def _grid_faded(dark: np.ndarray, x: float, y: float) -> bool:
    """Whether the printed grid lines around the cell centred at (x, y) have faded into the
    paper (glare): then light pencil there may have faded too."""
    px = geo.PX
    half, reach = px // 2, max(2, px // 10)
    sides = [
        dark[
            int(y) - half // 2 : int(y) + half // 2, int(x - half) - reach : int(x - half) + reach
        ],
        dark[
            int(y) - half // 2 : int(y) + half // 2, int(x + half) - reach : int(x + half) + reach
        ],
        dark[
            int(y - half) - reach : int(y - half) + reach, int(x) - half // 2 : int(x) + half // 2
        ],
        dark[
            int(y + half) - reach : int(y + half) + reach, int(x) - half // 2 : int(x) + half // 2
        ],
    ]
    strongest = [float(np.median(side.max(axis=1 if i < 2 else 0))) for i, side in enumerate(sides)]
    return max(strongest) < FADED


def overlay(reading: Any) -> bytes:
    """PNG bytes of the rectified field (a PhotoReading's canvas) with the reading drawn over it."""
    canvas = reading.canvas
    base = (np.clip(canvas, 0, 1) * 255).astype(np.uint8)
    img = cv2.cvtColor(base, cv2.COLOR_GRAY2BGR)
    img = (img * 0.75 + 64).astype(np.uint8)  # fade the photo so the reading stands out
    green, orange, red, grey = (40, 160, 40), (0, 140, 255), (40, 40, 220), (110, 110, 110)

    def pt(cell: tuple[int, int]) -> tuple[int, int]:
        x, y = geo.to_canvas(*geo.cell_centre(cell))
        return int(round(x)), int(round(y))

    h = geo.PX // 2 - 2
    for cell in reading.decision.apart:  # covered or washed out, read as empty: grey, hatched
        x, y = pt(cell)
        cv2.rectangle(img, (x - h, y - h), (x + h, y + h), grey, 1)
        for k in range(-h, h + 1, geo.PX // 4):
            a, b = max(-h, k - h), min(h, k + h)  # a diagonal's ends within the square
            cv2.line(img, (x + a, y + a - k), (x + b, y + b - k), grey, 1, cv2.LINE_AA)
    marks = img.copy()  # the reading half see-through, so the pencil shows under it
    for a, b in reading.decision.joined:
        cv2.line(marks, pt(a), pt(b), green, 2, cv2.LINE_AA)
    for cell in reading.decision.cells:
        cv2.circle(marks, pt(cell), 4, green, -1, cv2.LINE_AA)
    img = cv2.addWeighted(marks, 0.7, img, 0.3, 0)
    for a, b in reading.decision.faint:  # a faint stroke read as not drawn: dashed, as named
        (x0, y0), (x1, y1) = pt(a), pt(b)
        for k in range(0, 8, 2):
            p = (x0 + (x1 - x0) * k // 8, y0 + (y1 - y0) * k // 8)
            q = (x0 + (x1 - x0) * (k + 1) // 8, y0 + (y1 - y0) * (k + 1) // 8)
            cv2.line(img, p, q, orange, 2, cv2.LINE_AA)
    for problem in reading.result.problems:
        for cell in problem.cells:
            x, y = pt(cell)
            cv2.rectangle(img, (x - h, y - h), (x + h, y + h), red, 2)
    for cell in reading.decision.uncertain:
        cv2.circle(img, pt(cell), geo.PX // 2 - 3, orange, 3, cv2.LINE_AA)
    ok, png = cv2.imencode(".png", img)
    if not ok:  # pragma: no cover - encoding a small BGR image does not fail
        raise PhotoError("the picture could not be encoded")
    return png.tobytes()
