"""`deaddrop build` without the CLI: kits -> DIR/<game>.pdf (guide first, a bookmark per
component), DIR/<game>/<component>.pdf, and with svg DIR/<game>/svg/<component>-NN-front.svg.

reportlab loads only when a PDF is written. Every file is written atomically; the same inputs give
the same bytes.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from pnp import guide, ops
from pnp.components import face_ops
from pnp.components.sheets import Imposed, impose_component
from pnp.layout import Settings
from pnp.model import Component, GameKit

Progress = Callable[[str], None]


@dataclass(frozen=True)
class KitPlan:
    """A kit laid out: its document and each component's own pages."""

    kit: GameKit
    document: ops.Document
    parts: tuple[tuple[Component, Imposed], ...]


def plan_kit(kit: GameKit, settings: Settings) -> KitPlan:
    """Lay out every component of `kit` (duplex) and the guide in front of them."""
    parts = tuple((c, impose_component(c, settings, duplex=True)) for c in kit.components)
    entries: list[guide.Entry] = []
    page = 3
    for component, imposed in parts:
        count = len(imposed.pages)
        entries.append(
            guide.Entry(
                title=component.title or component.name,
                kind=component.kind,
                width=component.width,
                height=component.height,
                pieces=component.copies,
                per_page=imposed.per_page,
                first_page=page,
                last_page=page + count - 1,
                has_back=component.back is not None,
                tiles=imposed.tiles,
                rounded=component.kind == "token" or component.corner > 0,
            )
        )
        page += count
    pages = guide.guide_pages(kit.title or kit.name, kit.notes, entries, settings)
    outline = [("Print guide", 0)]
    for entry, (_, imposed) in zip(entries, parts, strict=True):
        pages.extend(imposed.pages)
        outline.append((entry.title, entry.first_page - 1))
    document = ops.Document(kit.title or kit.name, tuple(pages), tuple(outline))
    return KitPlan(kit, document, parts)


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
    for component, _ in plan.parts:
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
