"""`deaddrop build` without the CLI: kits -> DIR/<game>.pdf (guide first, consecutive components
sharing sheets, a bookmark per component), DIR/<game>/<component>.pdf (one component each), and
with svg DIR/<game>/svg/<component>-NN-front.svg.

    GameKit --pnp.imposition--> ops.Document --pnp.backends.pdf--> PDF
    Component --pnp.render (pnp.draw)--> one face's ops --pnp.backends.svg--> SVG

reportlab loads only when a PDF is written. Every file is written atomically, and all of a build's
files are renamed into place together once it has succeeded (deaddrop.files.all_or_nothing); the
same inputs give the same bytes. A kit's documents share each piece's art, drawn once
(pnp.imposition.Art) and turned into PDF operators once (pnp.backends.pdf.Drawn): a component's
own PDF repeats the kit's pieces without drawing them again.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

from pnp.collector import collection_paused
from pnp.imposition import Art, Settings, calibration_document, component_document, kit_document
from pnp.model import Component, GameKit

Progress = Callable[[str], None]


def steps(kits: list[GameKit], svg: bool = False) -> int:
    """How many progress steps `build_kits` reports."""
    per = 2 if svg else 1
    return sum(1 + per * len(kit.components) for kit in kits)


def _svgs(component: Component, folder: Path) -> list[Path]:
    from pnp.render import write_face_svg  # only with --svg

    written = []
    sides = [False] + ([True] if component.back is not None else [])
    for index in range(max(len(component.faces), 1)):
        for back in sides:
            path = folder / f"{component.name}-{index + 1:02d}-{'back' if back else 'front'}.svg"
            write_face_svg(component, index, path, back=back)
            written.append(path)
    return written


def build_kit(
    kit: GameKit,
    out: Path,
    settings: Settings,
    svg: bool = False,
    progress: Progress | None = None,
    items: Sequence[int] | None = None,
    failed: list[tuple[int, Exception]] | None = None,
    by_item: dict[int, list[Path]] | None = None,
) -> list[Path]:
    """Write one kit's files; the paths written, in the kit's order. `items`: which of its files
    to write, in this order (another process may write the others: pnp.lanes; the same bytes
    either way): 0 the kit's PDF, i the PDF (and SVGs) of its component i - 1; all of them, in
    order, by default. `failed`: each item that fails is noted there, and the next written (the
    serial build's error is the first item's: pnp.lanes); else its error is raised. `by_item`:
    the paths each item wrote, noted there too."""
    from pnp.backends.pdf import Drawn, write_pdf

    tick = progress or (lambda _label: None)
    art, drawn = Art(), Drawn()
    written: dict[int, list[Path]] = {} if by_item is None else by_item
    for item in range(1 + len(kit.components)) if items is None else items:
        paths = written[item] = []
        try:
            if item == 0:
                # laid out first: a kit that cannot be laid out writes nothing
                document = kit_document(kit, settings, art)
                kit_path = out / f"{kit.name}.pdf"
                write_pdf(document, kit_path, drawn)
                paths.append(kit_path)
                tick(kit.name)
                continue
            component = kit.components[item - 1]
            folder = out / kit.name
            path = folder / f"{component.name}.pdf"
            write_pdf(component_document(component, settings, art=art), path, drawn)
            paths.append(path)
            tick(f"{kit.name}/{component.name}")
            if svg:
                paths.extend(_svgs(component, folder / "svg"))
                tick(f"{kit.name}/{component.name} svg")
        except Exception as error:
            if failed is None:
                raise
            failed.append((item, error))
    return [path for item in sorted(written) for path in written[item]]


def build_kits(
    kits: list[GameKit],
    out: Path,
    settings: Settings,
    svg: bool = False,
    progress: Progress | None = None,
) -> list[Path]:
    """Write every kit; the paths written. The garbage collector pauses meanwhile
    (collection_paused)."""
    from deaddrop.files import all_or_nothing

    written: list[Path] = []
    with collection_paused():
        with all_or_nothing():  # a build that fails part way leaves no file it wrote
            for kit in kits:
                written.extend(build_kit(kit, out, settings, svg, progress))
    return written


def build_calibration(out: Path, settings: Settings) -> Path:
    """Write the duplex calibration sheet to DIR/calibration-<paper>.pdf."""
    from pnp.backends.pdf import write_pdf

    path = out / f"calibration-{settings.paper}.pdf"
    write_pdf(calibration_document(settings), path)
    return path
