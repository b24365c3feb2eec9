"""`deaddrop printer ...`: printer profiles (issue 28), thin commands over pnp.printer_profile
(the profile, pure) and deaddrop.printer_config (the file in the user's config directory).

A profile holds one printer's corrections: the backs' offset and the scale read off the
calibration sheet (`printer calibrate`), the margin it cannot print, its paper and flip edge.
Every `deaddrop build` applies the profile in use (`printer use NAME`) or `--printer NAME`.
"""

from __future__ import annotations

import json
from typing import Annotated, Any

import typer

from deaddrop.errors import InputError

HELP = "Printer profiles: the calibration sheet, and one printer's corrections for every build."

app = typer.Typer(no_args_is_help=True, add_completion=False, help=HELP)

NameArgument = Annotated[str, typer.Argument(metavar="NAME", help="The printer profile's name.")]
JsonOption = Annotated[bool, typer.Option("--json", help="Print JSON.")]
SCALE_HELP = (
    "What the printer prints the calibration sheet's 100 mm ruler as, e.g. 98.6% (or 98.6mm): "
    "every page is then drawn at 100/98.6 about its centre, so that pieces come out at their "
    "true size."
)
MARGIN_HELP = (
    "How near the paper's edge the printer cannot print, e.g. 5mm: crop marks, pieces and "
    "footers stay inside it (fewer pieces may fit on a page)."
)


def _problem(option: str, parse: Any, text: str) -> Any:
    """`parse(text)`, a ProfileError made one line naming `option`."""
    from pnp.printer_profile import ProfileError

    try:
        return parse(text)
    except ProfileError as error:
        raise InputError(f"{option}: {error}") from None


def _as_json(profile: Any, in_use: bool) -> dict[str, Any]:
    return {
        "name": profile.name,
        "in_use": in_use,
        "paper": profile.paper,
        "flip": profile.flip,
        "back_offset_mm": list(profile.back_offset),
        "scale_percent": profile.scale,
        "margin_mm": profile.margin,
    }


@app.command("set")
def set_profile(
    name: NameArgument,
    back_offset: Annotated[
        str | None,
        typer.Option(help="Shift backs by X,Y mm, read off the calibration sheet, e.g. 0.5,-1."),
    ] = None,
    scale: Annotated[str | None, typer.Option(help=SCALE_HELP)] = None,
    margin: Annotated[str | None, typer.Option(help=MARGIN_HELP)] = None,
    paper: Annotated[str | None, typer.Option(help="The printer's paper: a4 or letter.")] = None,
    flip: Annotated[str | None, typer.Option(help="Its duplex flip edge: long or short.")] = None,
) -> None:
    """Save a printer profile (a new one, or change the options given of an existing one)."""
    from dataclasses import replace

    from deaddrop.printer_config import load, save
    from pnp.printer_profile import (
        Profile,
        parse_flip,
        parse_margin,
        parse_name,
        parse_offset,
        parse_paper,
        parse_scale,
    )

    _problem("NAME", parse_name, name)
    changes: dict[str, Any] = {}
    for option, field, text, parse in (
        ("--back-offset", "back_offset", back_offset, parse_offset),
        ("--scale", "scale", scale, parse_scale),
        ("--margin", "margin", margin, parse_margin),
        ("--paper", "paper", paper, parse_paper),
        ("--flip", "flip", flip, parse_flip),
    ):
        if text is not None:
            changes[field] = _problem(option, parse, text)
    printers = load()
    new = name not in printers.profiles
    if not new and not changes:
        from deaddrop.errors import InputError

        raise InputError(
            f"nothing to change in printer '{name}' "
            "(expected --back-offset, --scale, --margin, --paper or --flip)"
        )
    profile = replace(printers.profiles.get(name) or Profile(name), **changes)
    printers.profiles[name] = profile
    save(printers)
    typer.echo(f"{'saved' if new else 'changed'} printer '{name}' in {printers.path}")
    if printers.in_use != name:
        typer.echo(f"to apply it to every build: deaddrop printer use {name}")


@app.command("list")
def list_profiles(as_json: JsonOption = False) -> None:
    """List the printer profiles; * marks the one every build applies."""
    from deaddrop.printer_config import load

    printers = load()
    if as_json:
        data = {
            "in_use": printers.in_use,
            "printers": [
                _as_json(p, p.name == printers.in_use) for p in printers.profiles.values()
            ],
        }
        typer.echo(json.dumps(data, indent=2))
        return
    if not printers.profiles:
        typer.echo("no printer profiles (deaddrop printer set NAME --back-offset X,Y)")
    for profile in printers.profiles.values():
        mark = "*" if profile.name == printers.in_use else " "
        dx, dy = profile.back_offset
        typer.echo(
            f"{mark} {profile.name}: back offset {dx:g},{dy:g} mm, scale {profile.scale:g}%, "
            f"margin {profile.margin:g} mm"
        )


@app.command("show")
def show(
    name: Annotated[
        str | None,
        typer.Argument(metavar="NAME", help="The printer profile (default: the one in use)."),
    ] = None,
    as_json: JsonOption = False,
) -> None:
    """Show a printer profile's values."""
    from deaddrop.printer_config import load
    from pnp.printer_profile import describe

    printers = load()
    if name is None:
        if printers.in_use is None:
            raise InputError("NAME: no printer profile is in use (expected a profile's name)")
        name = printers.in_use
    profile = printers.get(name)
    if as_json:
        typer.echo(json.dumps(_as_json(profile, name == printers.in_use), indent=2))
        return
    typer.echo(f"{name}{' (in use)' if name == printers.in_use else ''}")
    for line in describe(profile):
        typer.echo(f"  {line}")


@app.command("use")
def use(
    name: Annotated[
        str | None,
        typer.Argument(metavar="NAME", help="The printer profile every build applies."),
    ] = None,
    none: Annotated[
        bool, typer.Option("--none", help="Builds apply no profile (unless --printer).")
    ] = False,
) -> None:
    """Choose the printer profile every build applies (or none, with --none)."""
    from deaddrop.printer_config import load, save

    if (name is None) == (not none):
        raise InputError("NAME: give a printer profile's name or --none (one of the two)")
    printers = load()
    if name is not None:
        printers.get(name)
    printers.in_use = name
    save(printers)
    typer.echo(f"every build applies printer '{name}'" if name else "builds apply no printer")


@app.command("delete")
def delete(name: NameArgument) -> None:
    """Delete a printer profile (builds apply none when it was the one in use)."""
    from deaddrop.printer_config import load, save

    printers = load()
    printers.get(name)
    del printers.profiles[name]
    was_in_use = printers.in_use == name
    if was_in_use:
        printers.in_use = None
    save(printers)
    typer.echo(f"deleted printer '{name}'" + (": builds apply no printer" if was_in_use else ""))


@app.command("calibrate")
def calibrate(
    paper: Annotated[
        str | None,
        typer.Option(
            help="Paper size: a4 or letter (default: the paper of the printer profile in use, "
            "or of --printer, else a4)."
        ),
    ] = None,
    flip: Annotated[
        str | None,
        typer.Option(
            help="Duplex flip edge: long or short (default: the flip of the printer profile in "
            "use, or of --printer, else long)."
        ),
    ] = None,
    printer: Annotated[
        str | None,
        typer.Option(
            metavar="NAME",
            help="Print it with this profile's corrections (back offset, scale), to check them "
            "(default: none: the printer measured as it is, on the paper and flip edge of the "
            "profile in use).",
        ),
    ] = None,
    out: Annotated[str, typer.Option(metavar="DIR", help="Output folder.")] = "output",
) -> None:
    """Write the duplex calibration sheet: DIR/calibration-<paper>.pdf.

    Crosses on the front, scales behind them on the back (how far the printer moves the backs)
    and a numbered 100 mm ruler on each side (the printer's scale). The same sheet as
    `deaddrop build --calibration`."""
    from deaddrop.commands.build import write_calibration

    write_calibration(out, paper, flip, None, printer)
