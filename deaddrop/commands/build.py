"""`deaddrop build` and `deaddrop list` (issue 2). reportlab is imported only inside `build`.

The annotations are evaluated as the module loads (no `from __future__ import annotations`):
Typer reads the commands' parameters from them, and as text it compiled each one again at every
start (~2 ms of `deaddrop build`'s path to its first file)."""

import json
import os
import stat
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated, Any

import typer

from deaddrop.errors import InputError, os_problem, path_errors, shown

WRITE_KITS = "write the kits"
READ_TEMPLATES = "read the templates"


def out_folder(text: str, option: str, expected: str) -> Path:
    """The folder an option names; an empty name (which Path would read as the current
    folder) or a NUL byte is refused in one line."""
    if not text:
        raise InputError(f"{option}: the folder name is empty (expected {expected})")
    if "\x00" in text:
        raise InputError(f"{option}: {shown(text)}: the name holds a NUL byte")
    return Path(text)


def check_writable(out: Path, option: str = "--out") -> None:
    """Refuse an output folder that cannot be one, before anything is built."""
    with path_errors(out, WRITE_KITS):
        for folder in (out, *out.parents):
            if folder.exists():
                if not folder.is_dir():
                    raise InputError(f"{option}: {shown(folder)} is a file (expected a folder)")
                return


def _templates(text: str | None) -> Path:
    """The templates folder (`--templates`, else the default): one line when it is no folder
    that can be read."""
    from deaddrop.paths import templates_dir

    folder = (
        templates_dir()
        if text is None
        else out_folder(text, "--templates", "a folder of game templates")
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
def writing(out: Path) -> Iterator[None]:
    """Turn a failed write under `out` into one line naming the file (exit 2)."""
    try:
        yield
    except OSError as error:
        where = error.filename or out
        suffix = Path(str(where)).suffix.lower()
        doing = {
            ".pdf": "write the PDF",
            ".svg": "write the SVG",
            ".png": "write the PNG",
            ".csv": "write the manifest",
        }.get(suffix, WRITE_KITS)
        raise os_problem(error, where, doing) from None


class Printing:
    """The printing options of a build as given (None: not given) and the printer profile that
    applies (`--printer NAME`, else with `in_use` the one in use: deaddrop.printer_config),
    checked before anything is built; `values` is what the build then uses (an option wins over
    the profile)."""

    def __init__(
        self,
        paper: str | None,
        flip: str | None,
        back_offset: str | None,
        printer: str | None,
        in_use: bool = True,
    ) -> None:
        from deaddrop.printer_config import profile_for
        from pnp.printer_profile import ProfileError, parse_flip, parse_offset, parse_paper

        self.given: dict[str, object] = {}
        for option, field, text, parse in (
            ("--paper", "paper", paper, parse_paper),
            ("--flip", "flip", flip, parse_flip),
            ("--back-offset", "back_offset", back_offset, parse_offset),
        ):
            if text is None:
                continue
            try:
                self.given[field] = parse(text)
            except ProfileError as error:
                raise InputError(f"{option}: {error}") from None
        if printer is not None:
            _printer_name(printer)
        self.profile = profile_for(printer) if printer is not None or in_use else None

    def values(self) -> dict[str, object]:
        """paper, flip, back_offset (mm) and the profile's own values, for the up-to-date key."""
        from pnp.printer_profile import as_table
        from pnp.settings import Settings

        p, plain = self.profile, Settings()
        chosen: dict[str, object] = {"paper": plain.paper, "flip": plain.flip}
        chosen["back_offset"] = (0.0, 0.0)
        if p is not None:
            chosen.update({k: v for k, v in as_table(p).items() if k in chosen})
            chosen["back_offset"] = p.back_offset
            chosen["printer"] = [p.name, p.scale, p.margin]
        chosen.update(self.given)
        return chosen

    def applied(self) -> str | None:
        """The line a build prints about the printer profile it applied (None: none)."""
        from pnp.printer_profile import offset_words

        p = self.profile
        if p is None:
            return None
        chosen = self.values()
        offset: Any = chosen["back_offset"]
        dx, dy = offset
        drawn = f"pages drawn at {100 * 100 / p.scale:.1f}%" if p.scale != 100 else "actual size"
        return (
            f"printer '{p.name}' applied: {chosen['paper']}, flip on {chosen['flip']} edge, "
            f"the backs {offset_words(dx, dy)}, {drawn}, margin {p.margin:g} mm"
        )


def write_calibration(
    out: str,
    paper: str | None,
    flip: str | None,
    back_offset: str | None,
    printer: str | None,
    lengths: tuple[str | None, str | None] = (None, None),
) -> None:
    """The duplex calibration sheet, DIR/calibration-<paper>.pdf: `deaddrop printer calibrate`
    and `deaddrop build --calibration`, one path. Its paper and flip edge are the options', else
    the printer profile's (`--printer NAME`, else the one in use; a damaged profiles file is
    refused), else a4 and long. It measures the printer as it is (no back offset, no scale)
    unless `printer` names the profile whose corrections it then applies, to check them.
    `lengths`: a build's --bleed and --gutter, checked (the sheet has no pieces)."""
    from dataclasses import replace

    from pnp import build as builder
    from pnp.printer_profile import Profile, offset_words
    from pnp.units import to_mm

    out_dir = out_folder(out, "--out", "the folder to write the sheet to")
    check_writable(out_dir)
    printing = Printing(paper, flip, back_offset, printer)
    profile = printing.profile
    if profile is not None and printer is None:  # its paper and flip only: measure as it is
        printing.profile = Profile(profile.name, paper=profile.paper, flip=profile.flip)
    settings = settings_of(printing, *lengths)
    if printer is None:
        settings = replace(settings, printer="")
    with writing(out_dir):
        path = builder.build_calibration(out_dir, settings)
    source = f" (printer '{profile.name}')" if profile is not None else ""
    if printer is not None and profile is not None:
        dx, dy = (to_mm(v) for v in settings.back_offset)
        how = (
            f"with its corrections, to check them: the backs {offset_words(dx, dy)}, pages drawn "
            f"at {100 * settings.scale:.1f}%"
        )
    else:
        how = "the printer measured as it is: print it at 100%, double-sided"
    typer.echo(f"wrote {path}: {settings.paper}, flip on {settings.flip} edge{source}, {how}")


def _printer_name(text: str) -> str:
    from pnp.printer_profile import ProfileError, parse_name

    try:
        return parse_name(text)
    except ProfileError as error:
        raise InputError(f"--printer: {error}") from None


def settings_of(printing: Printing, bleed: str | None, gutter: str | None):
    from pnp.printer_profile import apply
    from pnp.settings import Settings
    from pnp.units import mm, parse_length

    given = printing.given
    offset: Any = given.get("back_offset", (0.0, 0.0))
    dx, dy = offset
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
    plain = Settings()
    settings = Settings(
        paper=str(given.get("paper", plain.paper)),
        flip=str(given.get("flip", plain.flip)),
        back_offset=(mm(dx), mm(dy)),
        bleed=lengths.get("--bleed"),
        gutter=lengths.get("--gutter"),
    )
    return apply(printing.profile, settings, given)


def build(
    games: Annotated[
        list[str] | None, typer.Argument(metavar="GAME", help="Games to build (default: all).")
    ] = None,
    paper: Annotated[
        str | None,
        typer.Option(help="Paper size: a4 or letter (default: the printer profile's, else a4)."),
    ] = None,
    out: Annotated[str, typer.Option(metavar="DIR", help="Output folder.")] = "output",
    templates: Annotated[
        str | None, typer.Option(metavar="DIR", help="Folder of game templates.")
    ] = None,
    svg: Annotated[bool, typer.Option("--svg", help="Also write one SVG per face.")] = False,
    calibration: Annotated[
        bool,
        typer.Option(
            "--calibration",
            help="Write only the duplex calibration sheet, as `deaddrop printer calibrate` does.",
        ),
    ] = False,
    flip: Annotated[
        str | None,
        typer.Option(
            help="Duplex flip edge: long or short (default: the printer profile's, else long)."
        ),
    ] = None,
    back_offset: Annotated[
        str | None,
        typer.Option(
            help="Shift backs by X,Y mm, read off the calibration sheet (default: the printer "
            "profile's, else 0,0)."
        ),
    ] = None,
    printer: Annotated[
        str | None,
        typer.Option(
            metavar="NAME",
            help="Apply this printer profile (default: the one `deaddrop printer use` chose); "
            "--paper, --flip and --back-offset win over it.",
        ),
    ] = None,
    bleed: Annotated[
        str | None,
        typer.Option(
            help="Colour past each piece's cut line, e.g. 2mm, or 0 for none (default: each "
            "component's bleed: 3mm for pieces with a coloured background; with --images, "
            "1/8in for every face)."
        ),
    ] = None,
    gutter: Annotated[
        str | None,
        typer.Option(help="Space between pieces (default: twice the bleed; 3mm between tokens)."),
    ] = None,
    images: Annotated[
        str | None,
        typer.Option(
            metavar="DIR",
            help="Write only files a print shop takes, under DIR/<game>/: one PNG per "
            "component face at its true size plus bleed, and manifest.csv (file, component, "
            "face, side, copies). Needs pypdfium2 (the images extra).",
        ),
    ] = None,
    dpi: Annotated[
        str, typer.Option(metavar="DPI", help="With --images: the PNGs' resolution, 72 to 1200.")
    ] = "300",
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

    if images is not None:
        _images_alone(
            {
                "--paper": paper is not None,
                "--flip": flip is not None,
                "--back-offset": back_offset is not None,
                "--printer": printer is not None,
                "--gutter": gutter is not None,
                "--svg": svg,
                "--calibration": calibration,
            }
        )
    if calibration:
        write_calibration(out, paper, flip, back_offset, printer, (bleed, gutter))
        return
    if images is not None:
        _write_images(games, templates, images, dpi, bleed, force)
        return
    out_dir = out_folder(out, "--out", "the folder to write the kits to")
    check_writable(out_dir)
    printing = Printing(paper, flip, back_offset, printer)
    applied = printing.applied()
    if applied is not None:
        typer.echo(applied)
    folder = _templates(templates)
    with path_errors(folder, READ_TEMPLATES):
        where = str(folder.resolve())
    key = uptodate.settings_key(
        games=games or [],
        templates=where,
        **printing.values(),
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

    settings = settings_of(printing, bleed, gutter)
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
    with `force`) and build the kits, on two cores when it pays (pnp.lanes): each kit's PDF and
    the paths written in its folder. The garbage collector pauses meanwhile
    (pnp.collector.collection_paused). A build drawn whole by the other process (a deck) never
    loads the layout here."""
    from pnp import kit_cache, lanes, uptodate
    from pnp.collector import collection_paused

    with collection_paused():
        kits = None if force else kit_cache.kept_kits(folder, games or None)
        keep: Callable[[], None] = lambda: None  # noqa: E731
        split = lanes.split(folder, games, kits)
        if split is None and kits is None and lanes.one_kit(folder, games):
            lanes.expect_kit()  # (the helper readies the kit's components meanwhile)
            kits, keep = kit_cache.load_kits(folder, games or None, force=True)  # (none kept)
            split = lanes.split(folder, games, kits)
        if split is None and lanes.helper_ready():  # one lane: drawn whole by the helper
            if kits is None:
                kits, keep = kit_cache.load_kits(folder, games or None, force=True)
            split = lanes.all_there(kits) if kits else None
        if split is not None:
            with writing(out):
                built, written, read = lanes.build(folder, split, out, settings, svg, _progress)
            if kits is None:  # read by the lanes
                inputs = uptodate.inputs_of(read)
                keep = kit_cache.keeper(folder, games or None, inputs, built)
            kits = built
        else:
            if kits is None:
                kits, keep = kit_cache.load_kits(folder, games or None, force=True)
            if not kits:
                raise InputError(f"{folder}: no games found (expected <game>/game.yaml)")
            from pnp import build as builder

            with _progress() as ticker, writing(out):
                ticker.steps(builder.steps(kits, svg))
                written = builder.build_kits(kits, out, settings, svg, ticker.tick)
        keep()  # the definitions, for the next build (only once this one succeeded)
    return [
        (out / (kit.name + ".pdf"), [p for p in written if out / kit.name in p.parents])
        for kit in kits
    ]


@contextmanager
def _progress() -> Iterator[Any]:
    """The progress bar on a terminal (stderr), as the build goes: pnp.lanes.Ticker."""
    from pnp.lanes import Ticker

    if not sys.stderr.isatty():
        yield Ticker()
        return
    from rich.console import Console
    from rich.progress import Progress

    with Progress(console=Console(stderr=True), transient=True) as bar:
        task = bar.add_task("building", total=None)
        total = 0

        class Bar(Ticker):
            def steps(self, count: int) -> None:
                nonlocal total
                total += count
                bar.update(task, total=total)

            def tick(self, label: str) -> None:
                bar.update(task, advance=1, description=label)

        yield Bar()


IMAGE_BLEED = "1/8in"  # what print-on-demand shops ask for
DPI_RANGE = (72, 1200)


def image_bleed(text: str) -> float:
    """--bleed for --images: a length (`3mm`, `0.125in`, `1/8in`) or 0, 0 to 20 mm (points)."""
    import re

    from pnp.units import POINTS_PER, mm, parse_length

    fraction = re.fullmatch(r"\s*(\d+)\s*/\s*(\d+)\s*(mm|cm|in|pt)\s*", text)
    try:
        if fraction and int(fraction[2]):
            value = int(fraction[1]) / int(fraction[2]) * POINTS_PER[fraction[3]]
        else:
            value = 0.0 if text.strip() == "0" else parse_length(text)
    except ValueError as error:
        raise InputError(f"--bleed: {error}") from None
    if not 0 <= value <= mm(20):
        raise InputError(f"--bleed: {shown(text)} is out of range (expected 0mm to 20mm)")
    return value


def _dpi(text: str) -> int:
    low, high = DPI_RANGE
    try:
        value = int(text.strip())
    except ValueError:
        raise InputError(
            f"--dpi: {shown(text)} is not a whole number (expected {low} to {high}, e.g. 300)"
        ) from None
    if not low <= value <= high:
        raise InputError(f"--dpi: {shown(text)} is out of range (expected {low} to {high})")
    return value


def _images_alone(given: dict[str, bool]) -> None:
    """--images writes each face at its true size, on no sheet: refuse, in one line, the sheet
    options given with it rather than ignore them."""
    named = [option for option, used in given.items() if used]
    if named:
        raise InputError(
            f"--images writes one PNG per face at its true size, on no sheet: "
            f"{', '.join(named)} {'does' if len(named) == 1 else 'do'} not apply to it "
            "(build the kit's PDF without --images for sheets)"
        )


def _write_images(
    games: list[str] | None,
    templates: str | None,
    images: str,
    dpi_text: str,
    bleed_text: str | None,
    force: bool,
) -> None:
    """`build --images DIR`: each kit's face images and manifest (pnp.face_images)."""
    from deaddrop.files import all_or_nothing
    from pnp.face_images import rasterizer, write_kit_images
    from pnp.kit_cache import load_kits
    from pnp.units import to_mm

    out_dir = out_folder(images, "--images", "the folder to write the images to")
    check_writable(out_dir, "--images")
    dpi = _dpi(dpi_text)
    bleed = image_bleed(bleed_text if bleed_text is not None else IMAGE_BLEED)
    rasterizer()  # missing: one line, before anything is loaded
    folder = _templates(templates)
    kits, keep = load_kits(folder, games or None, force=force)
    if not kits:
        raise InputError(f"{folder}: no games found (expected <game>/game.yaml)")
    written: list[tuple[str, list[Path]]] = []
    with writing(out_dir), all_or_nothing():
        for kit in kits:
            written.append((kit.name, write_kit_images(kit, out_dir, bleed, dpi, lambda _: None)))
    keep()
    for name, paths in written:
        pngs = sum(p.suffix == ".png" for p in paths)
        count = f"{pngs} image{'' if pngs == 1 else 's'}"
        typer.echo(
            f"wrote {count} and manifest.csv under {out_dir / name}/ "
            f"({dpi} dpi, {to_mm(bleed):.4g} mm bleed)"
        )


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
