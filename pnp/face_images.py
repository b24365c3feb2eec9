"""Files a print shop takes: one PNG per component face at its true size plus bleed, and a
manifest (`deaddrop build GAME --images DIR`), as card designers' tools export them for
print-on-demand uploaders.

    DIR/<game>/<component>-<NN>-front.png    face NN's front (NN from 01, as wide as needed)
    DIR/<game>/<component>-<NN>-back.png     its back, when the component has one
    DIR/<game>/manifest.csv                  file, component, face, side, copies

A front and its back share the name but the last word, and a row of the manifest each, with the
same component and face: an uploader pairs them by either. `copies` is how many of that face
the game needs (its back: as many).

Each face is drawn on a page of its own, its trim box plus `bleed` all round (its colours run
into the bleed as on a sheet: pnp.draw.bleed), written as a PDF (pnp.backends.pdf, TrimBox and
BleedBox set) and rasterized with pypdfium2 (PDFium's wheel on PyPI, no system library: the
`images` extra; poppler's pdftoppm or reportlab's renderPM would need system libraries a pipx
user may not have) at `dpi`, into an RGB PNG written here with zlib, its pHYs chunk carrying
the dpi. The pixel size is the true size plus bleed at that resolution, rounded: a 63.5 x 88.9
mm poker card with 1/8 in bleed at 300 dpi is 825 x 1125 px.
"""

from __future__ import annotations

import struct
import zlib
from collections.abc import Callable
from pathlib import Path

from deaddrop.errors import InputError
from pnp import ops
from pnp.draw import face_ops
from pnp.geometry import translate
from pnp.model import Box, Component, Face, GameKit
from pnp.record import record
from pnp.units import to_mm

MAX_PIXELS = 250_000_000  # a face larger than this at the asked resolution is refused
INSTALL = (
    "PNG export needs pypdfium2 (install it with: pipx inject deaddrop pypdfium2, "
    "or pip install pypdfium2 into deaddrop's environment)"
)


@record
class FaceImage:
    """One PNG to write: its file name, what it shows, its page (the face with its bleed)."""

    file: str
    component: str
    face: int  # from 1
    side: str  # front | back
    copies: int
    page: ops.Page


def pixels(length: float, dpi: int) -> int:
    """How many pixels `length` points take at `dpi` (rounded)."""
    return max(1, round(length / 72 * dpi))


def face_images(component: Component, bleed: float) -> list[FaceImage]:
    """Every face of `component`, front then back, in face order."""
    faces = component.faces or (Face({}, 1),)
    digits = max(2, len(str(len(faces))))
    w, h = component.width, component.height
    page_box = Box(0, 0, w + 2 * bleed, h + 2 * bleed)
    trim = Box(bleed, bleed, w, h)
    out: list[FaceImage] = []
    for index, face in enumerate(faces):
        sides = ["front"] + (["back"] if component.back is not None else [])
        for side in sides:
            art = face_ops(component, index, back=side == "back", bleed=bleed)
            clip = Box(-bleed, -bleed, page_box.w, page_box.h)
            group = ops.Group(art, translate(bleed, bleed), clip)
            page = ops.Page(page_box.w, page_box.h, (group,), trim, page_box)
            name = f"{component.name}-{index + 1:0{digits}d}-{side}.png"
            out.append(FaceImage(name, component.name, index + 1, side, face.count, page))
    return out


def check_size(component: Component, bleed: float, dpi: int) -> None:
    """Refuse a face too large to rasterize at `dpi` (MAX_PIXELS), naming it."""
    w = pixels(component.width + 2 * bleed, dpi)
    h = pixels(component.height + 2 * bleed, dpi)
    if w * h > MAX_PIXELS:
        size = f"{to_mm(component.width):g}x{to_mm(component.height):g} mm"
        raise InputError(
            f"{component.source.file or component.game}: components.{component.name}: {size} "
            f"at {dpi} dpi is {w * h / 1e6:.0f} megapixels (expected at most "
            f"{MAX_PIXELS / 1e6:.0f}: a lower --dpi)"
        )


def rasterizer() -> Callable[[bytes, list[tuple[int, int]]], list[tuple[int, int, bytes]]]:
    """The function that rasterizes a PDF's pages to the given pixel sizes (each page: width,
    height, RGB rows); one line (InputError) when pypdfium2 is not installed."""
    try:
        import pypdfium2  # noqa: F401
    except ImportError:
        raise InputError(f"--images: {INSTALL}") from None
    return _render


def _render(pdf: bytes, sizes: list[tuple[int, int]]) -> list[tuple[int, int, bytes]]:
    """Each page of `pdf` rendered to its pixel size (width, height), as packed RGB rows."""
    import pypdfium2 as pdfium

    document = pdfium.PdfDocument(pdf)
    try:
        out = []
        for index, (width, height) in enumerate(sizes):
            page = document[index]
            # PDFium makes the bitmap ceil(page size x scale) pixels: a scale a hair under the
            # size asked, so that rounding in the page's numbers never adds a pixel
            scale = min((width - 1e-3) / page.get_width(), (height - 1e-3) / page.get_height())
            bitmap = page.render(scale=scale, rev_byteorder=True, prefer_bgrx=False)
            if (bitmap.width, bitmap.height) != (width, height) or bitmap.n_channels != 3:
                raise RuntimeError(
                    f"PDFium drew {bitmap.width}x{bitmap.height} px, {bitmap.n_channels} "
                    f"channels (expected {width}x{height} RGB)"
                )
            data = bytes(bitmap.buffer)
            row = width * 3
            stride = bitmap.stride
            packed = (
                data
                if stride == row
                else b"".join(data[y * stride : y * stride + row] for y in range(height))
            )
            out.append((width, height, packed))
            bitmap.close()
            page.close()
        return out
    finally:
        document.close()


def png_bytes(width: int, height: int, rgb: bytes, dpi: int) -> bytes:
    """An 8-bit RGB PNG of packed rows `rgb`, its pHYs chunk saying `dpi`."""
    row = width * 3
    raw = b"".join(b"\x00" + rgb[y * row : (y + 1) * row] for y in range(height))
    per_metre = round(dpi / 0.0254)

    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    return b"".join(
        (
            b"\x89PNG\r\n\x1a\n",
            chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)),
            chunk(b"pHYs", struct.pack(">IIB", per_metre, per_metre, 1)),
            chunk(b"IDAT", zlib.compress(raw, 6)),
            chunk(b"IEND", b""),
        )
    )


def png_size(data: bytes) -> tuple[int, int]:
    """A PNG's width and height, read from its header."""
    if data[:8] != b"\x89PNG\r\n\x1a\n" or data[12:16] != b"IHDR":
        raise ValueError("not a PNG")
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def write_kit_images(
    kit: GameKit, folder: Path, bleed: float, dpi: int, tick: Callable[[str], None]
) -> list[Path]:
    """Write `kit`'s face images and manifest under `folder`/<game>/; the paths written."""
    import csv
    import io

    from deaddrop.files import write_atomic
    from pnp.backends.pdf import Drawn, pdf_bytes

    render = rasterizer()
    for component in kit.components:
        check_size(component, bleed, dpi)
    out = folder / kit.name
    written: list[Path] = []
    rows: list[list[str]] = []
    drawn = Drawn()
    for component in kit.components:
        images = face_images(component, bleed)
        document = ops.Document(component.name, tuple(image.page for image in images))
        sizes = [(pixels(i.page.width, dpi), pixels(i.page.height, dpi)) for i in images]
        rendered = render(pdf_bytes(document, drawn), sizes)
        for image, (width, height, rgb) in zip(images, rendered, strict=True):
            path = out / image.file
            write_atomic(path, png_bytes(width, height, rgb, dpi), sync=False)
            written.append(path)
            rows.append(
                [image.file, image.component, str(image.face), image.side, str(image.copies)]
            )
        tick(f"{kit.name}/{component.name} images")
    text = io.StringIO()
    writer = csv.writer(text, lineterminator="\n")
    writer.writerow(["file", "component", "face", "side", "copies"])
    writer.writerows(rows)
    manifest = out / "manifest.csv"
    write_atomic(manifest, text.getvalue(), sync=False)
    written.append(manifest)
    return written
