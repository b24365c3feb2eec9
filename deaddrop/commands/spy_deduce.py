"""`deaddrop spy deduce|referee`: thin commands over assistant.games.spy.deduce and the
referee game (assistant.games.spy). See docs/spy-deduce.md."""

from __future__ import annotations

import json
from typing import Annotated

import typer

from deaddrop.errors import InputError, counted, quoted


def parse_int_list(text: str, option: str, low: int, high: int | None = None) -> tuple[int, ...]:
    """ "1,2,3" -> (1, 2, 3); InputError naming the option and the expected form."""
    if text.strip().lower() in ("", "none", "-"):
        return ()
    values = []
    for part in text.replace(" ", "").split(","):
        number = int(part) if part.isascii() and part.isdigit() and len(part) < 20 else None
        if number is None or number < low or (high is not None and number > high):
            span = f"{low} to {high}" if high is not None else f"{low} or more"
            raise InputError(
                f"{option}: {quoted(part)} is not a number {span} (expected e.g. {option} 2,3,5)"
            )
        values.append(number)
    return tuple(values)


def _report_json(result, field) -> str:
    from assistant.games.spy.model import format_cell

    suggestion = result.suggestion
    return json.dumps(
        {
            "consistent": result.consistent,
            "hot_probability": (
                {format_cell(c): round(result.hot_probability(c), 6) for c in field.cells()}
                if result.consistent
                else {}
            ),
            "suggest": None
            if suggestion is None
            else {
                "cells": [format_cell(c) for c in suggestion.cells],
                "expected_remaining": round(suggestion.expected_remaining, 3),
                "worst_case": suggestion.worst_case,
            },
            "network": None if result.network is None else [format_cell(c) for c in result.network],
            "conflict": None if result.conflict is None else [str(o) for o in result.conflict],
        },
        indent=2,
    )


def _terminal_heatmap(result, field) -> None:
    from rich.console import Console
    from rich.text import Text

    from assistant.games.spy.heatmap import heat_colour, ink_on, percent_text
    from assistant.games.spy.model import column_letters

    console = Console(highlight=False, soft_wrap=True)
    width = len(str(field.rows))
    header = " " * (width + 1) + "".join(f"{column_letters(c):^4}" for c in range(field.cols))
    console.print(header)
    for r in range(field.rows):
        line = Text(f"{r + 1:>{width}} ")
        for c in range(field.cols):
            p = result.hot_probability((r, c))
            colour = heat_colour(p)
            line.append(f"{percent_text(p):>3} ", style=f"{ink_on(colour)} on {colour}")
        console.print(line)
    console.print("(percent chance that each cell is hot)")


def _summary(result, observations, field, lengths) -> list[str]:
    from assistant.games.spy.heatmap import describe_cells
    from assistant.games.spy.model import format_cell

    n = len(observations)
    fits = "network fits" if result.consistent == 1 else "networks fit"
    seen = f"the {counted(n, 'observation')}" if n else "no observations yet"
    setting = f"{field.rows} x {field.cols} field, lines {','.join(map(str, lengths))}"
    lines = [f"{result.consistent:,} {fits} {seen} ({setting})."]
    if result.network is not None:
        lines.append("Solved: " + " ".join(format_cell(c) for c in result.network))
    if result.suggestion is not None:
        s = result.suggestion
        what = (
            "1 cell" if len(s.cells) == 1 else f"{len(s.cells)} cells, uses a {len(s.cells)} square"
        )
        lines.append(
            f"Best probe: {describe_cells(s.cells)} ({what}): {s.information:.2f} bits expected; "
            f"worst case {s.worst_case:,} {'remains' if s.worst_case == 1 else 'remain'}, "
            f"{s.expected_remaining:,.1f} on average."
        )
    if result.conflict is not None:
        kind = "a smallest set" if result.conflict_smallest else "a minimal set"
        lines.append("The answers contradict each other: someone misspoke.")
        lines.append(f"These cannot all be true ({kind}):")
        lines.extend(f"  {o.source}: {o}" for o in result.conflict)
    return lines


def deduce_command(
    observations: Annotated[
        list[str] | None,
        typer.Argument(help="Observations: 5E=hot (or h, w, c), or 4B-4E=hot,warm,cold,cold."),
    ] = None,
    log: Annotated[
        str | None,
        typer.Option(
            "--log", metavar="FILE", help="Read observations from FILE, one per line (- for stdin)."
        ),
    ] = None,
    rows: Annotated[
        str, typer.Option("--rows", metavar="R", help="Rows of the field, 1 to 64.")
    ] = "10",
    cols: Annotated[
        str, typer.Option("--cols", metavar="C", help="Columns of the field, 1 to 64.")
    ] = "10",
    lengths: Annotated[
        str, typer.Option("--lengths", help="Line lengths, e.g. 1,1,2,3,4,5,6.")
    ] = "1,2,3,4,5,6",
    squares: Annotated[
        str | None,
        typer.Option(
            "--squares", help="Unused numbered squares, e.g. 2,3,5 (default: the sheet's)."
        ),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the result as JSON.")] = False,
    svg: Annotated[
        str | None, typer.Option("--svg", metavar="OUT", help="Write the heat map as SVG.")
    ] = None,
    pdf: Annotated[
        str | None, typer.Option("--pdf", metavar="OUT", help="Write the heat map as PDF.")
    ] = None,
) -> None:
    """Count the networks that fit the answers so far, map where the lines are, suggest a probe."""
    import os

    # deduce calls no BLAS routine: numpy's BLAS then starts no pool of threads when it loads
    # (10 to 30 ms of a cold deduce on two cores; bench/bench_floors.py --only deduce)
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
    _reuse_freed_memory()
    from assistant.games.spy.deduction import deduce_cached
    from assistant.games.spy.model import Field
    from assistant.games.spy.network_input import parse_lengths
    from assistant.games.spy.observations import parse_observations, read_log
    from assistant.games.spy.sheet_data import sheet_squares
    from deaddrop.commands.spy_network import _size
    from deaddrop.files import check_outputs

    check_outputs([(svg, "--svg", "SVG"), (pdf, "--pdf", "PDF")])  # before the work
    field = Field(_size("--rows", rows), _size("--cols", cols))
    line_lengths = parse_lengths(lengths)
    left = sheet_squares() if squares is None else parse_int_list(squares, "--squares", 2, 5)
    found = (read_log(log, field) if log is not None else []) + parse_observations(
        observations or [], field
    )
    result = deduce_cached(field, line_lengths, found, left)
    if svg is not None or pdf is not None:
        _write_picture(result, found, field, line_lengths, svg, pdf)
    if as_json:
        typer.echo(_report_json(result, field))
    else:
        lines = _summary(result, found, field, line_lengths)
        typer.echo(lines[0])
        if result.consistent:
            _terminal_heatmap(result, field)
        for line in lines[1:]:
            typer.echo(line)
    if result.conflict is not None:
        raise typer.Exit(1)


def _reuse_freed_memory() -> None:
    """Let glibc serve the deduction's numpy temporaries (a few MB each, made and freed a few
    hundred times) from memory the process already has, rather than map fresh pages for each
    (mmap above 128 KB by default): 10,000 page faults fewer, 15 to 25 ms of a cold deduce of
    its 0.3 s. Only where the C library has glibc's mallopt; the memory goes back at exit."""
    try:
        import ctypes

        mallopt = ctypes.CDLL(None).mallopt
        mallopt(-3, 256 << 20)  # M_MMAP_THRESHOLD: map only blocks above 256 MB
        mallopt(-1, 512 << 20)  # M_TRIM_THRESHOLD: keep up to 512 MB freed for reuse
    except Exception:  # another C library (macOS, Windows, musl): nothing to tune
        pass


def _write_picture(result, found, field, lengths, svg: str | None, pdf: str | None) -> None:
    from assistant.games.spy.heatmap import heatmap_component
    from deaddrop.files import Output, write_all

    answers = {}
    for observation in found:
        for cell, said in zip(observation.cells, observation.answers, strict=True):
            answers[cell] = said
    lines = _summary(result, found, field, lengths)
    component = heatmap_component(
        field,
        {cell: result.hot_probability(cell) for cell in field.cells()},
        "Spy! deduction: chance that each cell is hot (%)",
        lines[:3] if result.conflict is None else lines[:2],
        answers,
        result.suggestion.cells if result.suggestion is not None else None,
    )
    outputs: list[Output] = []
    for out, kind in ((svg, "svg"), (pdf, "pdf")):
        if out is not None:
            outputs.append((out, _heatmap_writer(component, kind), f"--{kind}", kind.upper()))
    write_all(outputs)


def _heatmap_writer(component, kind: str):
    from assistant.games.spy.heatmap import write_heatmap

    def write(path) -> None:
        write_heatmap(component, path, kind)

    return write


def register(app: typer.Typer) -> None:
    """Add the deduction commands to the `spy` group."""
    from deaddrop.commands.spy_referee import app as referee_app

    app.command("deduce")(deduce_command)
    app.add_typer(referee_app, name="referee", help="Referee a recorded two-player game of Spy!.")
