"""Image elements -> ops, and the checks the loader makes of image files. PNG stays an Image op
(backends embed it); SVG is read into plain vector ops (svg_reader.py), so both backends draw it
alike.
"""

from __future__ import annotations

import math
import struct
import zlib
from collections.abc import Callable
from pathlib import Path

from pnp import ops
from pnp.geometry import Affine, translate
from pnp.model import Box

PNG_MAGIC = b"\x89PNG\r\n\x1a\n"
# Bounds (docs/pnp-format.md, "Limits"): an image file is read only when it is a regular file of
# at most MAX_IMAGE_BYTES; a PNG is refused, from its header and before anything decodes it,
# when it declares more than MAX_PIXELS (a few hundred bytes can declare billions)
MAX_IMAGE_BYTES = 50_000_000
MAX_PIXELS = 40_000_000  # 40 megapixels: an A3 page at 400 dpi


def png_size(path: Path) -> tuple[float, float]:
    """Pixel width and height from a PNG header."""
    with open(path, "rb") as handle:
        head = handle.read(24)
    if head[:8] != PNG_MAGIC or len(head) < 24:
        raise ValueError(f"{path}: not a PNG file")
    width, height = struct.unpack(">II", head[16:24])
    return float(width), float(height)


def _png_problem(data: bytes) -> str | None:
    """Why `data` is not a whole PNG file of at most MAX_PIXELS (bad magic, chunk or checksum,
    no IHDR, IDAT or IEND; too many pixels, read from the header first)."""
    if not data.startswith(PNG_MAGIC):
        return "is not a valid PNG file"
    if data[12:16] == b"IHDR" and len(data) >= 24:
        width, height = struct.unpack(">II", data[16:24])
        if width * height > MAX_PIXELS:
            return (
                f"declares {width:,} x {height:,} pixels, too many (at most {MAX_PIXELS:,} pixels)"
            )
    at, kinds = len(PNG_MAGIC), []
    while at + 12 <= len(data):
        (size,) = struct.unpack(">I", data[at : at + 4])
        kind, body = data[at + 4 : at + 8], data[at + 8 : at + 8 + size]
        if len(body) != size or at + 12 + size > len(data):
            break
        (crc,) = struct.unpack(">I", data[at + 8 + size : at + 12 + size])
        if zlib.crc32(kind + body) != crc:
            return f"is a damaged PNG file (bad checksum in its {kind.decode('latin-1')} chunk)"
        if kind == b"IHDR" and (size < 8 or 0 in struct.unpack(">II", body[:8])):
            return "is a PNG file of no pixels"
        kinds.append(kind)
        at += 12 + size
        if kind == b"IEND":
            break
    if not kinds or kinds[0] != b"IHDR" or b"IDAT" not in kinds or kinds[-1] != b"IEND":
        return "is a truncated or damaged PNG file"
    return None


def image_problem(file: Path, show: Callable[[Path], str] = str) -> str | None:
    """Why `file` cannot be drawn as an image, or None (`show` formats the path). The file is
    read in full: a PNG must be whole, an SVG well-formed XML with a drawable size."""
    import xml.etree.ElementTree as ET

    from deaddrop.errors import os_problem
    from deaddrop.yaml_loader import YamlProblem, read_regular
    from pnp.draw.svg_reader import TooLarge, read_svg

    suffix = file.suffix.lower()
    if suffix not in (".png", ".svg"):
        return f"'{file.name}' is not a PNG or SVG file"
    try:
        data = read_regular(file, MAX_IMAGE_BYTES, "PNG or SVG file")
    except (FileNotFoundError, NotADirectoryError):
        return f"image file not found: {show(file)} (expected a path relative to the YAML file)"
    except OSError as error:
        return os_problem(error, show(file), "read").message
    except ValueError:  # a NUL in the name
        return f"image file not found: {show(file)} (expected a path relative to the YAML file)"
    except YamlProblem as unreadable:  # not a regular file, too large
        expected = f" ({unreadable.expected})" if unreadable.expected else ""
        return f"'{file.name}' {unreadable.what}{expected}"
    if suffix == ".png":
        problem = _png_problem(data)
        return f"'{file.name}' {problem}" if problem else None
    if b"<svg" not in data[:4096]:
        return f"'{file.name}' is not a valid SVG file"
    try:
        (_, _, width, height), _ = read_svg(str(file))
    except TooLarge as error:
        return f"'{file.name}' has {error}"
    except (ET.ParseError, OSError, ValueError) as error:
        return f"'{file.name}' is not a valid SVG file ({error})"
    if not (width > 0 and height > 0 and math.isfinite(width * height)):
        return f"'{file.name}' has no drawable size (expected a viewBox, or a width and height)"
    return None


def fit_box(box: Box, iw: float, ih: float, fit: str) -> Box:
    """Where an image of iw x ih lands in `box`: stretched, or scaled to fit and centred."""
    if fit == "stretch" or iw <= 0 or ih <= 0:
        return box
    scale = min(box.w / iw, box.h / ih)
    w, h = iw * scale, ih * scale
    return Box(box.x + (box.w - w) / 2, box.y + (box.h - h) / 2, w, h)


def image_ops(path: Path, box: Box, fit: str, colour: str = "#000000") -> tuple[ops.Op, ...]:
    """Ops drawing the image file at `path` into `box`; an SVG's `currentColor` is `colour`."""
    if path.suffix.lower() == ".svg":
        from pnp.draw.svg_reader import read_svg, recoloured  # (XML read only for an SVG)

        (vx, vy, vw, vh), read = read_svg(str(path))
        shapes = recoloured(read, colour)
        placed = fit_box(box, vw, vh, fit)
        sx, sy = placed.w / vw, placed.h / vh
        transform = translate(-vx, -vy).then(Affine(a=sx, d=sy)).then(translate(placed.x, placed.y))
        return (ops.Group(shapes, transform, Box(vx, vy, vw, vh)),)
    iw, ih = png_size(path)
    placed = fit_box(box, iw, ih, fit)
    return (ops.Image(str(path), placed.x, placed.y, placed.w, placed.h),)
