"""Write the README's pictures of the kits: docs/images/cover-<game>.png (each kit's cover, page 1,
at 100 dpi) and docs/images/sheet-<kind>.png (one printed sheet of each kind: cards, counters,
tokens, a board's part, a map's part, a sheet, at 75 dpi).

Builds every kit on A4 into a temporary folder (as `deaddrop build` does), finds each page by
the kit PDF's bookmarks, and renders it with pdftoppm (poppler-utils). A picture over MAX_BYTES
is rendered again at a lower resolution, so that the repository stays small.

    python tools/docs_images.py            # all of them
    python tools/docs_images.py spies      # the cover of one kit (and the sheets it holds)
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
from pathlib import Path

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


def main(names: list[str]) -> int:
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
