"""Synthetic phone photos of a Spy! sheet with a network drawn in pencil (tests and the benchmark).

The sheet is the real one: `deaddrop build spy` renders it, pdftoppm rasterises its first page,
and its trim box (read with pypdf) places the fields. A network is drawn line by line as a hand
would: grey graphite of uneven width and pressure, a grainy stroke, a slight wobble, ends that
overshoot or stop short a little. The page is then photographed: laid on a table, seen in
perspective (or turned a quarter, a half, three quarters: a phone held any way), lit unevenly,
blurred, with sensor noise and JPEG compression.
"""

from __future__ import annotations

import math
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

ROOT = Path(__file__).resolve().parents[2]
DPI = 200
MM = DPI / 25.4  # pixels a millimetre on the rendered page
# the cells' top left corner on the sheet (grid box + the labels' room) and the cell pitch, in mm
CELLS_X = 4 + 8 * (0.75 * 2 + 0.9) * 25.4 / 72
CELLS_Y = {"upper": 30 + 8 * 1.8 * 25.4 / 72, "lower": 143 + 8 * 1.8 * 25.4 / 72}
PITCH = (86.77 - 8 * (0.75 * 2 + 0.9) * 25.4 / 72) / 10


@dataclass(frozen=True)
class Page:
    image: np.ndarray  # grey page, 0..255
    sheet_origin: tuple[float, float]  # the sheet's top left corner on the page, in pixels


def render_page(workdir: Path | None = None) -> Page:
    """The Spy! sheet's first page at DPI (built with the repository's own command)."""
    from pypdf import PdfReader

    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp)
        subprocess.run(
            [str(ROOT / ".venv/bin/deaddrop"), "build", "spy", "--out", str(out), "--force"],
            check=True,
            capture_output=True,
            cwd=ROOT,
        )
        pdf = out / "spy" / "sheet.pdf"
        subprocess.run(
            [
                "pdftoppm",
                "-r",
                str(DPI),
                "-f",
                "1",
                "-l",
                "1",
                "-gray",
                "-png",
                str(pdf),
                str(out / "p"),
            ],
            check=True,
        )
        png = next(out.glob("*.png"))
        image = cv2.imread(str(png), cv2.IMREAD_GRAYSCALE)
        page = PdfReader(str(pdf)).pages[0]
        top = float(page.mediabox.top) - float(page.trimbox.top)
        origin = (float(page.trimbox.left) / 72 * DPI, top / 72 * DPI)
    return Page(image, origin)


def cell_point(page: Page, field: str, row: float, col: float) -> tuple[float, float]:
    """A cell's centre (row, col 0-based, may be fractional) on the rendered page, pixels."""
    x = page.sheet_origin[0] + (CELLS_X + (col + 0.5) * PITCH) * MM
    y = page.sheet_origin[1] + (CELLS_Y[field] + (row + 0.5) * PITCH) * MM
    return (x, y)


def draw_pencil(
    page: Page,
    field: str,
    vertices: list[tuple[int, int]],
    rng: np.random.Generator,
    faint: tuple[tuple[tuple[int, int], tuple[int, int]], ...] = (),
) -> np.ndarray:
    """The page with the chain of corner cells drawn in pencil, line by line (and `faint`
    strokes, from one cell to another, pressed four times lighter: a line half rubbed out)."""
    img = page.image.astype(np.float32) / 255.0
    ink = np.zeros_like(img)
    darkness = rng.uniform(0.45, 0.8)  # how hard this player presses
    width_mm = rng.uniform(0.35, 0.8)
    segments = [(a, b, 1.0) for a, b in zip(vertices, vertices[1:], strict=False)]
    segments += [(a, b, 0.25) for a, b in faint]
    for a, b, weight in segments:
        p0 = np.array(cell_point(page, field, *a))
        p1 = np.array(cell_point(page, field, *b))
        direction = (p1 - p0) / max(np.linalg.norm(p1 - p0), 1e-9)
        normal = np.array([-direction[1], direction[0]])
        over0, over1 = rng.uniform(-0.12, 0.2, 2) * PITCH * MM  # overshoot (or short) ends
        start, end = p0 - direction * over0, p1 + direction * over1
        start = start + rng.normal(0, 0.06 * PITCH * MM, 2)
        end = end + rng.normal(0, 0.06 * PITCH * MM, 2)
        length = float(np.linalg.norm(end - start))
        n = max(2, int(length / 3))
        t = np.linspace(0, 1, n)
        phase, freq = rng.uniform(0, 2 * math.pi), rng.uniform(0.5, 2.0)
        wobble = np.sin(t * freq * 2 * math.pi + phase) * rng.uniform(
            0, 0.07
        ) * PITCH * MM + np.cumsum(rng.normal(0, 0.15, n))
        wobble -= np.linspace(wobble[0], wobble[-1], n) * 0.5
        pressure = np.clip(
            1.0 + np.cumsum(rng.normal(0, 0.04, n)) + rng.normal(0, 0.05, n), 0.45, 1.3
        )
        points = start + np.outer(t, end - start) + np.outer(wobble, normal)
        for i in range(n - 1):
            w = max(1, int(round(width_mm * MM * (0.7 + 0.3 * pressure[i]))))
            level = darkness * pressure[i] * weight
            p, q = points[i], points[i + 1]
            cv2.line(
                ink,
                (int(round(p[0] * 4)), int(round(p[1] * 4))),
                (int(round(q[0] * 4)), int(round(q[1] * 4))),
                float(min(level, 0.95)),
                w,
                cv2.LINE_AA,
                shift=2,
            )
    grain = rng.random(ink.shape, dtype=np.float32) * np.float32(0.45) + np.float32(0.55)
    ink = cv2.GaussianBlur(ink * grain, (0, 0), 0.6)
    return np.clip(img * (1.0 - ink), 0, 1)


def photograph(
    sheet: np.ndarray,
    rng: np.random.Generator,
    turn: int | None = None,
    half: str | None = None,
    long_side: int | None = None,
) -> bytes:
    """A phone photo (JPEG bytes) of the drawn page: perspective, turn, light, blur, noise."""
    h, w = sheet.shape
    if half == "upper":  # the sheet folded: only its upper half in the picture
        sheet = sheet[: h // 2]
        h = sheet.shape[0]
    out_long = int(rng.uniform(2000, 3200))
    if long_side is not None:
        out_long = long_side
    if turn is None:
        turn = int(rng.integers(0, 4))

    # the phone held to fill its frame with the page (now and then not), the picture stored
    # turned: a portrait page lies across a landscape picture turned a quarter
    landscape = (turn % 2 == 1) != (rng.random() < 0.15) if half is None else turn % 2 == 0
    ow, oh = (out_long, int(out_long * 0.75)) if landscape else (int(out_long * 0.75), out_long)
    corners = np.array([(0, 0), (w, 0), (w, h), (0, h)], np.float32)
    # where the page's corners land: filling 75-92% of the frame, tilted, in perspective
    angle = turn * math.pi / 2 + rng.normal(0, 0.06)
    extent_w = abs(w * math.cos(angle)) + abs(h * math.sin(angle))
    extent_h = abs(w * math.sin(angle)) + abs(h * math.cos(angle))
    scale = rng.uniform(0.75, 0.92) * min(ow / extent_w, oh / extent_h)
    centre = np.array([ow / 2, oh / 2]) + rng.normal(0, 0.03, 2) * np.array([ow, oh])
    rot = np.array([[math.cos(angle), -math.sin(angle)], [math.sin(angle), math.cos(angle)]])
    placed = (corners - np.array([w / 2, h / 2])) * scale @ rot.T + centre
    jitter = rng.normal(0, 0.035, (4, 2)) * min(ow, oh)
    placed = (placed + jitter).astype(np.float32)
    matrix = cv2.getPerspectiveTransform(corners, placed)
    table = rng.uniform(0.15, 0.5)
    photo = cv2.warpPerspective(
        sheet, matrix, (ow, oh), flags=cv2.INTER_LINEAR, borderValue=table
    ).astype(np.float32)
    # uneven light: a gradient and a vignette, a shadow's soft edge sometimes (worked out on a
    # small grid, then enlarged: light varies slowly)
    sw, sh = max(8, ow // 8), max(8, oh // 8)
    yy, xx = np.mgrid[0:sh, 0:sw].astype(np.float32)
    gx, gy = rng.normal(0, 1, 2)
    grad = 1.0 + 0.25 * ((xx / sw - 0.5) * gx + (yy / sh - 0.5) * gy)
    vignette = 1.0 - rng.uniform(0.1, 0.35) * (((xx / sw - 0.5) ** 2 + (yy / sh - 0.5) ** 2) * 2)
    light = np.clip(grad * vignette, 0.45, 1.2) * rng.uniform(0.7, 0.95)
    if rng.random() < 0.3:
        edge = rng.uniform(0.2, 0.8) * sw
        light *= np.where(xx < edge, rng.uniform(0.65, 0.85), 1.0).astype(np.float32)
        light = cv2.GaussianBlur(light, (0, 0), 25 / 8)
    light = cv2.resize(light.astype(np.float32), (ow, oh), interpolation=cv2.INTER_LINEAR)
    photo = photo * light
    sigma = rng.uniform(0.3, 1.6)
    photo = cv2.GaussianBlur(photo, (0, 0), sigma)
    noise = rng.standard_normal(photo.shape, dtype=np.float32) * np.float32(rng.uniform(2, 7))
    photo = photo * 255 + noise
    photo = np.clip(photo, 0, 255).astype(np.uint8)
    colour = cv2.merge(
        [
            np.clip(photo.astype(np.float32) * f, 0, 255).astype(np.uint8)
            for f in rng.uniform(0.85, 1.05, 3)
        ]
    )
    ok, jpeg = cv2.imencode(".jpg", colour, [cv2.IMWRITE_JPEG_QUALITY, int(rng.integers(55, 92))])
    assert ok
    return jpeg.tobytes()
