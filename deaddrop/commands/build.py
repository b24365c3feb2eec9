"""`deaddrop build` and `deaddrop list` (issue 2). reportlab is imported only inside `build`."""

from __future__ import annotations

import json
import os
import stat
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated, Any

import typer

from deaddrop.errors import InputError, os_problem, path_errors, shown

MAX_OFFSET_MM = 20.0  # a printer that misplaces the back by more is not worth printing on
WRITE_KITS = "write the kits"
READ_TEMPLATES = "read the templates"


def _folder(text: str, option: str, expected: str) -> Path:
    """The folder an option names; an empty name (which Path would read as the current
    folder) or a NUL byte is refused in one line."""
    if not text:
        raise InputError(f"{option}: the folder name is empty (expected {expected})")
    if "\x00" in text:
        raise InputError(f"{option}: {shown(text)}: the name holds a NUL byte")
    return Path(text)


def _writable(out: Path) -> None:
    """Refuse an output folder that cannot be one, before anything is built."""
    with path_errors(out, WRITE_KITS):
        for folder in (out, *out.parents):
            if folder.exists():
                if not folder.is_dir():
                    raise InputError(f"--out: {shown(folder)} is a file (expected a folder)")
                return


def _templates(text: str | None) -> Path:
    """The templates folder (`--templates`, else the default): one line when it is no folder
    that can be read."""
    from deaddrop.paths import templates_dir

    folder = (
        templates_dir()
        if text is None
        else _folder(text, "--templates", "a folder of game templates")
    )
    try:
        is_folder = stat.S_ISDIR(os.stat(folder).st_mode)
    except FileNotFoundError:
        raise InputError(f"{shown(folder)}: templates folder not found") from None
    except OSError as error:  # a name too long, no permission ...
        raise os_problem(error, folder, READ_TEMPLATES) from None
    if not is_folder:
        raise InputError(f"{shown(folder)}: is a file (expected a folder of game templates)")
    with path_errors(folder, READ_TEMPLATES):
        next(folder.iterdir(), None)  # a folder that cannot be listed says so here
    return folder


@contextmanager
def _writing(out: Path) -> Iterator[None]:
    """Turn a failed write under `out` into one line naming the file (exit 2)."""
    try:
        yield
    except OSError as error:
        where = error.filename or out
        suffix = Path(str(where)).suffix.lower()
        doing = {".pdf": "write the PDF", ".svg": "write the SVG"}.get(suffix, WRITE_KITS)
        raise os_problem(error, where, doing) from None


def _settings(paper: str, flip: str, back_offset: str, bleed: str | None, gutter: str | None):
    from pnp.imposition import PAPERS, Settings
    from pnp.units import mm, parse_length

    paper = paper.lower()
    if paper not in PAPERS:
        raise InputError(f"--paper: unknown paper '{paper}' (expected a4 or letter)")
    if flip not in ("long", "short"):
        raise InputError(f"--flip: '{flip}' is not a flip (expected long or short)")
    try:
        dx, dy = (float(v) for v in back_offset.split(","))
    except ValueError:
        raise InputError(
            f"--back-offset: '{back_offset}' is not X,Y in mm (expected two numbers, e.g. 0.5,-1)"
        ) from None
    if not all(-MAX_OFFSET_MM <= v <= MAX_OFFSET_MM for v in (dx, dy)):  # also refuses nan
        raise InputError(
            f"--back-offset: '{back_offset}' is out of range"
            f" (expected -{MAX_OFFSET_MM:g} to {MAX_OFFSET_MM:g} mm each)"
        )
    lengths = {}
    for name, text in (("--bleed", bleed), ("--gutter", gutter)):
        if text is None:
            continue
        try:
            lengths[name] = 0.0 if text.strip() == "0" else parse_length(text)
        except ValueError as error:
            raise InputError(f"{name}: {error}") from None
        if lengths[name] < 0 or lengths[name] > mm(20):
            raise InputError(f"{name}: '{text}' is out of range (expected 0mm to 20mm)")
    return Settings(
        paper=paper,
        flip=flip,
        back_offset=(mm(dx), mm(dy)),
        bleed=lengths.get("--bleed"),
        gutter=lengths.get("--gutter"),
    )


def build(
    games: Annotated[
        list[str] | None, typer.Argument(metavar="GAME", help="Games to build (default: all).")
    ] = None,
    paper: Annotated[str, typer.Option(help="Paper size: a4 or letter.")] = "a4",
    out: Annotated[str, typer.Option(metavar="DIR", help="Output folder.")] = "output",
    templates: Annotated[
        str | None, typer.Option(metavar="DIR", help="Folder of game templates.")
    ] = None,
    svg: Annotated[bool, typer.Option("--svg", help="Also write one SVG per face.")] = False,
    calibration: Annotated[
        bool, typer.Option("--calibration", help="Write only the duplex calibration sheet.")
    ] = False,
    flip: Annotated[str, typer.Option(help="Duplex flip edge: long or short.")] = "long",
    back_offset: Annotated[
        str, typer.Option(help="Shift backs by X,Y mm (read off the calibration sheet).")
    ] = "0,0",
    bleed: Annotated[
        str | None,
        typer.Option(
            help="Colour past each piece's cut line, e.g. 2mm, or 0 for none (default: each "
            "component's bleed: 3mm for pieces with a coloured background)."
        ),
    ] = None,
    gutter: Annotated[
        str | None,
        typer.Option(help="Space between pieces (default: twice the bleed; 3mm between tokens)."),
    ] = None,
    force: Annotated[
        bool,
        typer.Option(
            "--force",
            help="Build even when nothing changed since the last build into the same folder "
            "(otherwise that build's lines are printed again, marked up to date).",
        ),
    ] = False,
) -> None:
    """Render kits to print-ready PDF (and SVG): DIR/<game>.pdf and DIR/<game>/<component>.pdf."""
    from pnp import uptodate

    out_dir = _folder(out, "--out", "the folder to write the kits to")
    _writable(out_dir)
    if calibration:
        from pnp import build as builder

        settings = _settings(paper, flip, back_offset, bleed, gutter)
        with _writing(out_dir):
            path = builder.build_calibration(out_dir, settings)
        typer.echo(f"wrote {path}")
        return
    folder = _templates(templates)
    with path_errors(folder, READ_TEMPLATES):
        where = str(folder.resolve())
    key = uptodate.settings_key(
        games=games or [],
        templates=where,
        paper=paper,
        flip=flip,
        back_offset=back_offset,
        bleed=bleed,
        gutter=gutter,
        svg=svg,
    )
    if not force:
        lines = uptodate.up_to_date(out_dir, key)
        if lines is not None:
            for line in lines:
                typer.echo(f"{line} (up to date)")
            return

    from pnp import build as builder

    settings = _settings(paper, flip, back_offset, bleed, gutter)
    uptodate.forget(out_dir)
    recorder = uptodate.Recorder(out_dir)
    with recorder:
        written = _build_kits(folder, games, out_dir, settings, svg, force)
    lines = []
    for kit_path, files in written:
        count = f"{len(files)} file" + ("" if len(files) == 1 else "s")
        lines.append(f"wrote {kit_path} and {count} under {out_dir / kit_path.stem}/")
    for line in lines:
        typer.echo(line)
    outputs = [p for kit_path, files in written for p in (kit_path, *files)]
    uptodate.remember(out_dir, key, recorder, outputs, lines)


def _build_kits(
    folder: Path, games: list[str] | None, out: Path, settings: Any, svg: bool, force: bool
) -> list[tuple[Path, list[Path]]]:
    """Load (the definitions kept from the last build when unchanged, pnp.kit_cache; read again
    with `force`) and build the kits: each kit's PDF and the paths written in its folder."""
    from pnp import build as builder
    from pnp.kit_cache import load_kits

    kits, keep = load_kits(folder, games or None, force=force)
    if not kits:
        raise InputError(f"{folder}: no games found (expected <game>/game.yaml)")
    total = builder.steps(kits, svg)
    if sys.stderr.isatty():
        from rich.console import Console
        from rich.progress import Progress

        with Progress(console=Console(stderr=True), transient=True) as bar:
            task = bar.add_task("building", total=total)

            def tick(label: str) -> None:
                bar.update(task, advance=1, description=label)

            with _writing(out):
                written = builder.build_kits(kits, out, settings, svg, tick)
    else:
        with _writing(out):
            written = builder.build_kits(kits, out, settings, svg)
    keep()  # the definitions, for the next build (only once this one succeeded)
    result = []
    for kit in kits:
        files = [p for p in written if out / kit.name in p.parents]
        result.append((out / (kit.name + ".pdf"), files))
    return result


def list_games(
    templates: Annotated[
        str | None, typer.Option(metavar="DIR", help="Folder of game templates.")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """List games, their components, kinds, sizes and counts."""
    from pnp.definitions import game_names, load_game
    from pnp.units import to_mm

    folder = _templates(templates)
    with path_errors(folder, READ_TEMPLATES):
        names = game_names(folder)
    kits = []
    problems: list[str] = []  # a broken game is reported, the others still listed
    for name in names:
        try:
            kits.append(load_game(folder / name))
        except InputError as error:
            problems.extend(error.lines())
    data: dict[str, Any] = {
        "games": [
            {
                "name": kit.name,
                "title": kit.title,
                "components": [
                    {
                        "name": c.name,
                        "title": c.title or c.name,
                        "kind": c.kind,
                        "width_mm": round(to_mm(c.width), 2),
                        "height_mm": round(to_mm(c.height), 2),
                        "faces": len(c.faces),
                        "count": c.copies,
                        "back": c.back is not None,
                    }
                    for c in kit.components
                ],
            }
            for kit in kits
        ]
    }
    if as_json:
        typer.echo(json.dumps(data, indent=2, ensure_ascii=False))
    elif not names:
        typer.echo(f"no games under {shown(folder)} (expected <game>/game.yaml)")
    for game in [] if as_json else data["games"]:
        typer.echo(f"{game['name']}: {game['title']}")
        width = max((len(c["name"]) for c in game["components"]), default=0)
        for c in game["components"]:
            size = f"{c['width_mm']:g} x {c['height_mm']:g} mm"
            back = "front+back" if c["back"] else "front only"
            pieces = "piece " if c["count"] == 1 else "pieces"
            faces = "face" if c["faces"] == 1 else "faces"
            typer.echo(
                f"  {c['name']:<{width}}  {c['kind']:<8} {size:<18} {c['count']:>3} {pieces} "
                f"({c['faces']} {faces}, {back})"
            )
    if problems:
        raise InputError("\n".join(problems))


def register(app: typer.Typer) -> None:
    """Add `build` and `list` to the root app."""
    app.command("build")(build)
    app.command("list")(list_games)
