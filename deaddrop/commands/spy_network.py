"""`deaddrop spy check|answer|same|random` (issue 4): thin commands over the network modules.

Kept light on purpose: `check` on a vertex list imports neither numpy nor reportlab (only `--pdf`,
`--svg` and `random` load them), so it answers fast. The field size options are plain text
parameters, converted here by `_size`: typer 0.29 converts an `int` parameter through pydantic,
whose import alone costs about 65 ms, while plain `str` parameters take the fast path of
`deaddrop.commands.fast_params`.
"""

from __future__ import annotations

import json
from typing import Annotated, Any

import typer

from deaddrop.commands.spy_options import COLS, LENGTHS, ROWS

FILE_HELP = "A network file: a vertex list (2B 2D 5D ...) or a drawing of # and . (- for stdin)."
JSON = typer.Option("--json", help="Print JSON instead of text.")
PDF_HELP = "Draw the network on a labelled field, as PDF."
SVG_HELP = "Draw the network on a labelled field, as SVG."
PHOTO_HELP = "Read the network from a photo of the printed sheet (needs OpenCV: the photo extra)."
FIELD_HELP = "With --photo: the field to read, upper or lower."
DEBUG_HELP = "With --photo: draw what was read over the straightened field, as PNG."
CONFIRM_HELP = "With --photo: ask to confirm an uncertain reading at a terminal."
MAX_SEED_DIGITS = 30


def _echo_json(data: Any) -> None:
    typer.echo(json.dumps(data, indent=2, ensure_ascii=False))


def _size(option: str, text: str) -> int:
    """A field dimension given on the command line: a whole number 1 to 64."""
    if not (text.isascii() and text.isdigit()) or len(text) > 3 or not 1 <= int(text) <= 64:
        from deaddrop.errors import InputError, quoted  # not "²", nor thousands of digits

        raise InputError(f"{option}: {quoted(text)} is not a whole number 1 to 64")
    return int(text)


def _seed(text: str) -> int:
    """A seed given on the command line: a whole number (negative allowed)."""
    digits = text[1:] if text.startswith("-") else text
    if not (digits.isascii() and digits.isdigit()):
        from deaddrop.errors import InputError, quoted

        raise InputError(f"--seed: {quoted(text)} is not a whole number (expected e.g. --seed 7)")
    if len(digits) > MAX_SEED_DIGITS:
        from deaddrop.errors import InputError, quoted

        raise InputError(
            f"--seed: {quoted(text, 20)} has more than {MAX_SEED_DIGITS} digits "
            "(expected e.g. --seed 7)"
        )
    return int(text)


def _setup(rows: str, cols: str, lengths: str):  # -> (Field, tuple[int, ...])
    from assistant.games.spy.model import Field
    from assistant.games.spy.network_input import parse_lengths

    return Field(_size("--rows", rows), _size("--cols", cols)), parse_lengths(lengths)


def _checked(path: str, rows: str, cols: str, lengths: str):
    from assistant.games.spy.check import check_input
    from assistant.games.spy.network_input import read_network

    field, wanted = _setup(rows, cols, lengths)
    return field, check_input(read_network(path, field), field, wanted)


def check(
    file: Annotated[str | None, typer.Argument(help=FILE_HELP)] = None,
    as_json: Annotated[bool, JSON] = False,
    pdf: Annotated[str | None, typer.Option("--pdf", metavar="OUT", help=PDF_HELP)] = None,
    svg: Annotated[str | None, typer.Option("--svg", metavar="OUT", help=SVG_HELP)] = None,
    rows: Annotated[str, ROWS] = "10",
    cols: Annotated[str, COLS] = "10",
    lengths: Annotated[str, LENGTHS] = "1,2,3,4,5,6",
    photo: Annotated[str | None, typer.Option("--photo", metavar="IMG", help=PHOTO_HELP)] = None,
    field_name: Annotated[str, typer.Option("--field", help=FIELD_HELP)] = "upper",
    debug: Annotated[str | None, typer.Option("--debug", metavar="OUT", help=DEBUG_HELP)] = None,
    confirm: Annotated[bool, typer.Option("--confirm/--no-confirm", help=CONFIRM_HELP)] = True,
) -> None:
    """Check a network (a file, or --photo of the sheet): exit 0 legal, 1 illegal, 2 unreadable."""
    from deaddrop.errors import InputError

    if pdf is not None and svg is not None:
        raise InputError("--pdf and --svg: give one or the other (expected one picture)")
    if file is None and photo is None:
        raise InputError("no network to check (expected a network FILE, or --photo IMG)")
    if file is not None and photo is not None:
        raise InputError("give a network FILE or --photo IMG, not both (expected one network)")
    if photo is not None:
        if pdf is not None or svg is not None:
            raise InputError("--pdf and --svg draw a typed network (expected --debug with --photo)")
        from deaddrop.commands.spy_photo import check_photo

        field, wanted = _setup(rows, cols, lengths)
        check_photo(photo, field_name, wanted, as_json, debug, confirm, field)
        return
    if debug is not None:
        raise InputError("--debug draws what was read from a photo (expected --photo IMG)")
    assert file is not None
    field, result = _checked(file, rows, cols, lengths)
    if pdf is not None or svg is not None:
        from assistant.games.spy.picture import write_network_picture

        write_network_picture(result, field, pdf=pdf, svg=svg)
    if as_json:
        _echo_json(result.as_json())
    else:
        typer.echo(result.text())
    if not result.legal:
        raise typer.Exit(1)


def answer(
    file: Annotated[str, typer.Argument(help=FILE_HELP)],
    cells: Annotated[list[str] | None, typer.Argument(help="Probed cells, e.g. 5E 10J.")] = None,
    show_map: Annotated[bool, typer.Option("--map", help="Print the field as H/W/C.")] = False,
    as_json: Annotated[bool, JSON] = False,
    rows: Annotated[str, ROWS] = "10",
    cols: Annotated[str, COLS] = "10",
    lengths: Annotated[str, LENGTHS] = "1,2,3,4,5,6",
) -> None:
    """Answer probes from a network: hot, warm or cold for each cell (or --map for all)."""
    from assistant.games.spy.answers import answers_for, map_text
    from assistant.games.spy.check import legal_mask
    from assistant.games.spy.model import answer_map

    if not cells and not show_map:
        from deaddrop.errors import InputError

        raise InputError("no cell to answer (expected cells such as 5E 10J, or --map)")
    field, result = _checked(file, rows, cols, lengths)
    mask = legal_mask(result, field)
    given = answers_for(mask, cells or [], field)
    if as_json:
        data: dict[str, Any] = {"answers": given}
        if show_map:
            full = answer_map(mask, field)
            data["map"] = [
                "".join(full[(r, c)][0].upper() for c in range(field.cols))
                for r in range(field.rows)
            ]
        _echo_json(data)
        return
    for text, said in given.items():
        typer.echo(f"{text}: {said}")
    if show_map:
        if given:
            typer.echo("")
        typer.echo(map_text(mask, field))


def same(
    first: Annotated[str, typer.Argument(metavar="FILE1", help="The first network file.")],
    second: Annotated[str, typer.Argument(metavar="FILE2", help="The second network file.")],
    as_json: Annotated[bool, JSON] = False,
    rows: Annotated[str, ROWS] = "10",
    cols: Annotated[str, COLS] = "10",
    lengths: Annotated[str, LENGTHS] = "1,2,3,4,5,6",
) -> None:
    """Exit 0 when two networks are equivalent (same covered cells, same answers), else 1."""
    from assistant.games.spy.answers import differences
    from assistant.games.spy.check import legal_mask
    from assistant.games.spy.model import format_cell

    field, one = _checked(first, rows, cols, lengths)
    _, two = _checked(second, rows, cols, lengths)
    diff = differences(legal_mask(one, field), legal_mask(two, field), field)
    if as_json:
        _echo_json(
            {
                "same": not diff,
                "differences": [
                    {"cell": format_cell(d.cell), "first": d.first, "second": d.second}
                    for d in diff
                ],
            }
        )
    elif not diff:
        typer.echo("equivalent: both networks cover the same cells and give the same answers")
    else:
        from deaddrop.errors import counted, shown

        where = f"{shown(first)} / {shown(second)}"
        typer.echo(f"different: the answers differ at {counted(len(diff), 'cell')} ({where}):")
        for d in diff:
            typer.echo(f"  {d.text()}")
    if diff:
        raise typer.Exit(1)


def random(
    seed: Annotated[
        str | None, typer.Option("--seed", metavar="N", help="Seed, for a repeatable draw.")
    ] = None,
    as_json: Annotated[bool, JSON] = False,
    rows: Annotated[str, ROWS] = "10",
    cols: Annotated[str, COLS] = "10",
    lengths: Annotated[str, LENGTHS] = "1,2,3,4,5,6",
) -> None:
    """Draw a legal network uniformly among distinct networks, printed as a vertex list."""
    from assistant.games.spy.layouts import random_network
    from assistant.games.spy.model import format_cell

    field, wanted = _setup(rows, cols, lengths)
    network = random_network(field, wanted, None if seed is None else _seed(seed))
    if as_json:
        _echo_json(
            {
                "vertices": [format_cell(v) for v in network.vertices],
                "cells": [format_cell(c) for c in sorted(network.cells())],
            }
        )
    else:
        typer.echo(str(network))


def register(app: typer.Typer) -> None:
    """Add the network commands to the `spy` group."""
    app.command("check")(check)
    app.command("answer")(answer)
    app.command("same")(same)
    app.command("random")(random)
