"""`deaddrop spy check --photo IMG`: read a drawn network from a photo of the printed sheet.

Called by `spy check` when `--photo` is given; OpenCV (the `photo` extra) is imported only here,
through assistant.games.spy.photo. Uncertain cells are named and the reading must be confirmed:
at a terminal the command asks; otherwise (or with --json) it stops with exit 1 and the list.
"""

from __future__ import annotations

import json
import sys

import typer

FIELDS = ("upper", "lower")
EXTRA = (
    "pipx inject deaddrop opencv-python-headless, "
    "or pip install opencv-python-headless into deaddrop's environment"
)


def photo_module():  # -> module assistant.games.spy.photo (with OpenCV importable)
    """The photo reader; InputError naming the extra when OpenCV is not installed."""
    try:
        import cv2  # noqa: F401
    except ImportError as error:
        from deaddrop.errors import InputError

        raise InputError(
            f"--photo needs OpenCV, which is not installed (expected: {EXTRA})"
        ) from error
    from assistant.games.spy import photo

    return photo


def read_photo_file(
    path: str, field_name: str, lengths: tuple[int, ...], expect=None
):  # -> PhotoReading
    """Read a photo file for `spy check`: InputError (exit 2) naming the file when unusable,
    or when its field is not `expect` (a Field: --rows and --cols)."""
    from deaddrop.errors import InputError, os_problem, quoted, shown

    if field_name not in FIELDS:
        raise InputError(f"--field: {quoted(field_name)} is not a field (expected upper or lower)")
    photo = photo_module()
    from assistant.games.spy.photo_image import MAX_BYTES, PhotoError

    try:
        with open(path, "rb") as handle:
            data = handle.read(MAX_BYTES + 1)
    except OSError as error:
        raise os_problem(error, path, "read the photo") from error
    try:
        return photo.read_photo(data, path, field_name, lengths, expect)
    except PhotoError as error:
        hint = f"; {error.hint}" if error.hint else ""
        raise InputError(f"{shown(path)}: {error}{hint}") from error


def check_photo(
    path: str,
    field_name: str,
    lengths: tuple[int, ...],
    as_json: bool,
    debug: str | None,
    confirm: bool,
    expect=None,  # the Field of --rows and --cols
) -> None:
    """The whole of `spy check --photo`: read, draw --debug, ask when unsure, give the verdict."""
    from deaddrop.files import check_outputs, write_atomic

    check_outputs([(debug, "--debug", "PNG")])
    reading = read_photo_file(path, field_name, lengths, expect)
    if debug is not None:
        photo = photo_module()
        try:
            write_atomic(debug, photo.overlay_png(reading))
        except OSError as error:
            from deaddrop.errors import os_problem

            raise os_problem(error, debug, "write the picture") from error
    unsure = bool(reading.uncertain)
    if as_json:
        data = reading.as_json()
        data["photo"]["confirmed"] = not unsure
        typer.echo(json.dumps(data, indent=2, ensure_ascii=False))
        if unsure or not reading.result.legal:
            raise typer.Exit(1)
        return
    typer.echo(reading.text())
    if unsure:
        interactive = confirm and sys.stdin.isatty()
        if not interactive or not typer.confirm("Is this what is drawn on the sheet?"):
            typer.echo(
                "not confirmed: look at the cells marked ? on the sheet (--debug OUT.png draws "
                "what was read), then photograph it again or type the network in"
            )
            raise typer.Exit(1)
    if not reading.result.legal:
        raise typer.Exit(1)
