"""Write the README's pictures of the kits: docs/images/cover-<game>.png (each kit's cover, page 1,
at 100 dpi) and docs/images/sheet-<kind>.png (one printed sheet of each kind: cards, counters,
tokens, a board's part, a map's part, a sheet, at 75 dpi).

Builds every kit on A4 into a temporary folder (as `deaddrop build` does), finds each page by
the kit PDF's bookmarks, and renders it with pdftoppm (poppler-utils). A picture over MAX_BYTES
is rendered again at a lower resolution, so that the repository stays small.

    python tools/docs_images.py            # all of them
    python tools/docs_images.py spies      # the cover of one kit (and the sheets it holds)
    python tools/docs_images.py --contact  # contact sheets: every page of every kit

Contact sheets (docs/images/contact-<game>-<paper>.png): every page of a kit built on A4 and on
Letter, small, in rows in page order, and the same pages rendered in greyscale beside them (a
black-and-white printer's view: pieces a rule tells apart by colour must still differ), one PNG
per kit and paper. And docs/images/map-stitched.png: the Spies! map put together from its 9
printed parts (each part's page cut on its trim and laid at its place, the glue bands
overlapping), as a player glues it.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from deaddrop.files import write_atomic  # noqa: E402
from deaddrop.paths import templates_dir  # noqa: E402
from pnp.build import build_kits  # noqa: E402
from pnp.definitions import load_kits  # noqa: E402
from pnp.imposition import Settings  # noqa: E402
from pnp.model import Component, GameKit, MapArt  # noqa: E402

OUT = ROOT / "docs" / "images"
MAX_BYTES = 300_000
COVER_DPI = (100, 90, 80)
SHEET_DPI = (75, 60, 50)
# where each kind of sheet is looked for first: the kits whose sheet of that kind shows it best
PREFERRED = ("spies-and-lies", "spies", "spy-vs-spy", "spy", "sample")
PREFERRED_FOR = {"sheet": ("spy", *PREFERRED)}


def kind_of(component: Component) -> str:
    """The picture a component's first page stands for: cards, counters, tokens, tiles, board,
    map or sheet."""
    if component.kind == "board":
        return "map" if any(isinstance(e, MapArt) for e in component.front) else "board"
    plural = {"card": "cards", "counter": "counters", "token": "tokens", "tile": "tiles"}
    return plural.get(component.kind, "sheet")


def render(pdf: Path, page: int, target: Path, dpis: tuple[int, ...]) -> tuple[int, int]:
    """Page `page` (1-based) of `pdf` as a PNG at the first of `dpis` that keeps it under
    MAX_BYTES (else the last); the resolution and the size written."""
    with tempfile.TemporaryDirectory() as folder:
        for dpi in dpis:
            stem = Path(folder) / f"p{dpi}"
            command = ["pdftoppm", "-png", "-r", str(dpi), "-f", str(page), "-l", str(page)]
            subprocess.run([*command, "-singlefile", str(pdf), str(stem)], check=True)
            data = stem.with_suffix(".png").read_bytes()
            if len(data) <= MAX_BYTES:
                break
    write_atomic(target, data)
    return dpi, len(data)


def bookmarks(pdf: Path) -> dict[str, int]:
    """Each bookmark of the kit PDF and its page (1-based)."""
    from pypdf import PdfReader  # a test dependency: this tool is for the repository's docs

    reader = PdfReader(pdf)
    return {
        item.title: reader.get_destination_page_number(item) + 1
        for item in reader.outline
        if not isinstance(item, list)
    }


def sheet_pages(kits: list[GameKit], folder: Path) -> dict[str, tuple[str, str, int]]:
    """For each kind, the first component of that kind (kits in PREFERRED order): (game, its
    title, the page of its first sheet)."""
    found: dict[str, tuple[int, str, str, int]] = {}  # kind -> (rank, game, title, page)
    for kit in kits:
        marks = bookmarks(folder / f"{kit.name}.pdf")
        for c in kit.components:
            title, kind = c.title or c.name, kind_of(c)
            order = PREFERRED_FOR.get(kind, PREFERRED)
            rank = order.index(kit.name) if kit.name in order else len(order)
            if c.role == "piece" and title in marks and rank < found.get(kind, (99,))[0]:
                found[kind] = (rank, kit.name, title, marks[title])
    return {kind: (game, title, page) for kind, (_, game, title, page) in found.items()}


CONTACT_DPI = 14
CONTACT_COLUMNS = 10
LEVELS = 15  # a contact sheet's colours: 16 levels a channel (half the file, the same look)


def pages_png(pdf: Path, dpi: int, grey: bool, folder: Path) -> list[Path]:
    """Every page of `pdf` as a PNG at `dpi` (greyscale when `grey`), in page order."""
    stem = folder / ("g" if grey else "c")
    command = [
        "pdftoppm",
        "-png",
        "-r",
        str(dpi),
        *(["-gray"] if grey else []),
        str(pdf),
        str(stem),
    ]
    subprocess.run(command, check=True)
    return sorted(folder.glob(f"{stem.name}-*.png"))


def read_png(path: Path) -> Any:
    """A PNG as a colour image (numpy, BGR), a greyscale one turned colour."""
    import cv2

    image = cv2.imread(str(path), cv2.IMREAD_COLOR)
    if image is None:
        raise SystemExit(f"{path}: not a picture pdftoppm wrote")
    return image


def tiled(images: list[Any], columns: int, gap: int = 4) -> Any:
    """The images (numpy arrays, colour) in rows of `columns`, on a grey ground, in order."""
    import numpy as np

    h = max(i.shape[0] for i in images)
    w = max(i.shape[1] for i in images)
    rows = (len(images) + columns - 1) // columns
    out = np.full((rows * (h + gap) + gap, columns * (w + gap) + gap, 3), 150, np.uint8)
    for k, image in enumerate(images):
        r, c = divmod(k, columns)
        y, x = gap + r * (h + gap), gap + c * (w + gap)
        out[y : y + image.shape[0], x : x + image.shape[1]] = image
    return out


def contact_sheet(pdf: Path, target: Path) -> int:
    """Every page of `pdf` in colour, then every page in greyscale, one PNG; its size."""
    import cv2
    import numpy as np

    with tempfile.TemporaryDirectory() as tmp:
        colour = [read_png(p) for p in pages_png(pdf, CONTACT_DPI, False, Path(tmp))]
        grey = [read_png(p) for p in pages_png(pdf, CONTACT_DPI, True, Path(tmp))]
    columns = min(CONTACT_COLUMNS, len(colour))
    top, bottom = tiled(colour, columns), tiled(grey, columns)
    band = np.full((10, top.shape[1], 3), 255, np.uint8)
    sheet = np.vstack([top, band, bottom]).astype(float)
    sheet = (np.round(sheet / 255 * LEVELS) * (255 / LEVELS)).astype(np.uint8)  # smaller file
    ok, data = cv2.imencode(".png", sheet, [cv2.IMWRITE_PNG_COMPRESSION, 9])
    assert ok
    write_atomic(target, data.tobytes())
    return len(data)


def stitched_map(pdf: Path, target: Path, dpi: int = 28) -> int:
    """The Spies! map from its printed parts: each part page cut on its trim box (pypdf) and
    turned upright, laid in reading order overlapping by the glue bands (the part's size less
    the map's), at `dpi` (28 for the README; more to look at it closely)."""
    import cv2
    import numpy as np
    from pypdf import PdfReader

    reader = PdfReader(pdf)
    marks = bookmarks(pdf)
    first = marks[next(t for t in marks if t.startswith("Map of Europe"))]
    parts = []
    with tempfile.TemporaryDirectory() as tmp:
        for index in range(first, first + 9):
            page = reader.pages[index - 1]
            trim = page.trimbox
            media = page.mediabox
            stem = Path(tmp) / f"p{index}"
            command = ["pdftoppm", "-png", "-r", str(dpi), "-f", str(index), "-l", str(index)]
            subprocess.run([*command, "-singlefile", str(pdf), str(stem)], check=True)
            image = read_png(stem.with_suffix(".png"))
            s = dpi / 72
            top = float(media.top) - float(trim.top)
            x0, y0 = round(float(trim.left) * s), round(top * s)
            x1, y1 = round(float(trim.right) * s), round((top + float(trim.height)) * s)
            part = image[y0:y1, x0:x1]
            if part.shape[0] > part.shape[1]:  # printed sideways: glue bands at the top
                part = cv2.rotate(part, cv2.ROTATE_90_CLOCKWISE)
            parts.append(part)
    h, w = parts[0].shape[:2]
    band = round(8 / 25.4 * dpi)  # the 8 mm glue bands (mapsheet.yaml overlap)
    out = np.full((3 * h - 2 * band, 3 * w - 2 * band, 3), 255, np.uint8)
    for k, part in enumerate(parts):
        r, c = divmod(k, 3)
        y, x = r * (h - band), c * (w - band)
        out[y : y + part.shape[0], x : x + part.shape[1]] = part[
            : out.shape[0] - y, : out.shape[1] - x
        ]
    ok, data = cv2.imencode(".png", out, [cv2.IMWRITE_PNG_COMPRESSION, 9])
    assert ok
    write_atomic(target, data.tobytes())
    return len(data)


def contact(names: list[str]) -> int:
    kits = load_kits(templates_dir(), names or None)
    OUT.mkdir(parents=True, exist_ok=True)
    for paper in ("a4", "letter"):
        with tempfile.TemporaryDirectory() as tmp:
            folder = Path(tmp)
            build_kits(kits, folder, Settings(paper=paper))
            for kit in kits:
                target = OUT / f"contact-{kit.name}-{paper}.png"
                size = contact_sheet(folder / f"{kit.name}.pdf", target)
                print(f"{target.relative_to(ROOT)}: {size // 1000} KB")
                if kit.name == "spies" and paper == "a4":
                    target = OUT / "map-stitched.png"
                    size = stitched_map(folder / "spies.pdf", target)
                    print(f"{target.relative_to(ROOT)}: {size // 1000} KB")
    return 0


def main(names: list[str]) -> int:
    if "--contact" in names:
        return contact([n for n in names if n != "--contact"])
    kits = load_kits(templates_dir(), names or None)
    OUT.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        build_kits(kits, folder, Settings(paper="a4"))
        for kit in kits:
            target = OUT / f"cover-{kit.name}.png"
            dpi, size = render(folder / f"{kit.name}.pdf", 1, target, COVER_DPI)
            print(f"{target.relative_to(ROOT)}: page 1 at {dpi} dpi, {size // 1000} KB")
        done: dict[tuple[str, int], str] = {}
        for kind, (game, title, page) in sorted(sheet_pages(kits, folder).items()):
            if (game, page) in done:  # a shared sheet: shown once
                print(f"sheet-{kind}: on the same page as sheet-{done[game, page]}, not written")
                continue
            done[game, page] = kind
            target = OUT / f"sheet-{kind}.png"
            dpi, size = render(folder / f"{game}.pdf", page, target, SHEET_DPI)
            where = f"{game} page {page} ({title})"
            print(f"{target.relative_to(ROOT)}: {where} at {dpi} dpi, {size // 1000} KB")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
