"""`deaddrop build` without the CLI: kits -> DIR/<game>.pdf (guide first, consecutive components
sharing sheets, a bookmark per component), DIR/<game>/<component>.pdf (one component each), and
with svg DIR/<game>/svg/<component>-NN-front.svg.

reportlab loads only when a PDF is written. Every file is written atomically; the same inputs give
the same bytes.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from pnp import guide, ops
from pnp.components.kit_pages import SheetContent, impose_kit
from pnp.components.sheets import impose_component
from pnp.draw import face_ops
from pnp.layout import Settings
from pnp.model import Component, GameKit

Progress = Callable[[str], None]


@dataclass(frozen=True)
class KitPlan:
    """A kit laid out: its document (guide first, then the components' sheets) and what each
    sheet holds."""

    kit: GameKit
    document: ops.Document
    sheets: tuple[SheetContent, ...]


def _ranges(kit: GameKit, sheets: tuple[SheetContent, ...], first: int) -> list[guide.PageRange]:
    """What is on each page, as the guide lists it: consecutive sheets holding the same
    components make one range."""
    held: list[tuple[int, int, dict[int, int], list[str]]] = []  # page, sheets, counts, tiles
    for n, sheet in enumerate(sheets):
        last = held[-1] if held else None
        if last and list(last[2]) == [i for i, _ in sheet.pieces]:
            for i, count in sheet.pieces:
                last[2][i] += count
            held[-1] = (last[0], last[1] + 1, last[2], last[3] + [sheet.tile])
        else:
            held.append((first + 2 * n, 1, dict(sheet.pieces), [sheet.tile]))
    ranges = []
    for page, count, pieces, tiles in held:
        items = []
        for i, n in pieces.items():
            c = kit.components[i]
            if tiles[0]:
                low, high = tiles[0].split(" of ")[0], tiles[-1]
                what = f": tile {high}" if len(tiles) == 1 else f": tiles {low} to {high}"
            else:
                what = f" ×{n}"
            items.append(f"{c.title or c.name}{what}{'' if c.back is not None else ' (no back)'}")
        ranges.append(guide.PageRange(page, page + 2 * count - 1, tuple(items)))
    return ranges


def plan_kit(kit: GameKit, settings: Settings) -> KitPlan:
    """Lay out every component of `kit` (duplex, consecutive components sharing sheets) and the
    guide in front of them."""
    first = 3
    laid = impose_kit(kit.components, settings, first)
    appears: dict[int, list[int]] = {}
    for n, sheet in enumerate(laid.sheets):
        for index, _ in sheet.pieces:
            appears.setdefault(index, []).append(first + 2 * n)
    entries = [
        guide.Entry(
            title=c.title or c.name,
            kind=c.kind,
            width=c.width,
            height=c.height,
            pieces=c.copies,
            first_page=appears[i][0],
            last_page=appears[i][-1] + 1,
            has_back=c.back is not None,
            tiles=laid.tiles[i],
            rounded=c.kind == "token" or c.corner > 0,
        )
        for i, c in enumerate(kit.components)
    ]
    groups = any(len(p.blocks) > 1 for p in laid.packed)
    ranges = _ranges(kit, laid.sheets, first)
    pages = guide.guide_pages(kit.title or kit.name, kit.notes, entries, settings, ranges, groups)
    pages.extend(laid.pages)
    outline = [("Print guide", 0)] + [(e.title, e.first_page - 1) for e in entries]
    document = ops.Document(kit.title or kit.name, tuple(pages), tuple(outline))
    return KitPlan(kit, document, laid.sheets)


def steps(kits: list[GameKit], svg: bool = False) -> int:
    """How many progress steps `build_kits` reports."""
    per = 2 if svg else 1
    return sum(1 + per * len(kit.components) for kit in kits)


def _component_pdf(component: Component, settings: Settings) -> ops.Document:
    imposed = impose_component(component, settings, duplex=component.back is not None)
    title = component.title or component.name
    return ops.Document(title, imposed.pages, ((title, 0),))


def _svgs(component: Component, folder: Path) -> list[Path]:
    from pnp.backends.svg import write_svg

    written = []
    title = component.title or component.name
    sides = [False] + ([True] if component.back is not None else [])
    for index in range(max(len(component.faces), 1)):
        for back in sides:
            side = "back" if back else "front"
            path = folder / f"{component.name}-{index + 1:02d}-{side}.svg"
            items = face_ops(component, index, back=back)
            write_svg(items, component.width, component.height, path, f"{title} {side} {index + 1}")
            written.append(path)
    return written


def build_kit(
    kit: GameKit, out: Path, settings: Settings, svg: bool = False, progress: Progress | None = None
) -> list[Path]:
    """Write one kit's files; the paths written, in order."""
    from pnp.backends.pdf import write_pdf

    tick = progress or (lambda _label: None)
    plan = plan_kit(kit, settings)
    written: list[Path] = []
    kit_path = out / f"{kit.name}.pdf"
    write_pdf(plan.document, kit_path)
    written.append(kit_path)
    tick(kit.name)
    folder = out / kit.name
    for component in kit.components:
        path = folder / f"{component.name}.pdf"
        write_pdf(_component_pdf(component, settings), path)
        written.append(path)
        tick(f"{kit.name}/{component.name}")
        if svg:
            written.extend(_svgs(component, folder / "svg"))
            tick(f"{kit.name}/{component.name} svg")
    return written


def build_kits(
    kits: list[GameKit],
    out: Path,
    settings: Settings,
    svg: bool = False,
    progress: Progress | None = None,
) -> list[Path]:
    """Write every kit; the paths written."""
    written: list[Path] = []
    for kit in kits:
        written.extend(build_kit(kit, out, settings, svg, progress))
    return written


def build_calibration(out: Path, settings: Settings) -> Path:
    """Write the duplex calibration sheet to DIR/calibration-<paper>.pdf."""
    from pnp.backends.pdf import write_pdf

    path = out / f"calibration-{settings.paper}.pdf"
    pages = guide.calibration_pages(settings)
    write_pdf(ops.Document("Duplex calibration", tuple(pages), (("Duplex calibration", 0),)), path)
    return path
