"""`deaddrop spy solo ...`: Spy! alone against the computer, sugar over the table store for the
game `spy-solo` (assistant/games/spy/solo.py). Every command is one `deaddrop table do` action;
`deaddrop table show|log|undo|export|replay` and the phone page (`deaddrop serve`) work on the same
table. The computer's network is drawn here from a 63-bit seed with a 128-bit salt, and the public
play seed its choices among equally good probes are drawn by from 63 bits apart (or all three from
`--seed`, for a game that can be played again: whoever knows the seed knows the network)."""

from __future__ import annotations

from typing import Annotated, Any

import typer

from deaddrop.commands.db import DbOption, db_path, remember
from deaddrop.commands.spy_options import (
    COLS,
    LENGTHS,
    NETWORK_HELP,
    ROWS,
    SQUARES,
    TABLE,
)
from deaddrop.errors import InputError

app = typer.Typer(no_args_is_help=True, help="Play Spy! alone against the computer.")


@app.callback()
def solo(ctx: typer.Context, db: DbOption = None) -> None:
    """Spy! against the computer: it seals a network, answers your probes, probes your sheet."""
    remember(ctx, db)


def _no_game_yet(error: InputError) -> InputError:
    """An empty store's message, pointing at `spy solo new` instead of `table new GAME`."""
    if str(error).startswith("no tables yet"):
        return InputError("no game yet (start one: deaddrop spy solo new)")
    return error


def _solo_table(ctx: typer.Context, name: str | None):
    from assistant import table as core

    try:
        shown = core.show(db_path(ctx), name, touch=False)
    except InputError as error:
        raise _no_game_yet(error) from None
    if shown.game.name != "spy-solo":
        raise InputError(
            f"table '{shown.table}' is a {shown.game.name} table, not a spy-solo table"
        )
    return shown


def _do(ctx: typer.Context, name: str | None, action: dict[str, Any]) -> Any:
    from assistant import table as core

    try:
        outcome = core.do(db_path(ctx), name, action, game="spy-solo")
    except InputError as error:
        raise _no_game_yet(error) from None
    typer.echo(f"{outcome.number}. {outcome.text}")
    return outcome


def _next(state: dict) -> None:
    """Say what the player does next."""
    from assistant.games.spy.solo import CLAIM_TOO, REVEAL, TURN

    probes = state["probes"]
    if state["phase"] == "play" and probes and probes[-1]["answers"] is None:
        cells = probes[-1]["cells"]
        each = f" ({', '.join(cells)} in that order)" if len(cells) > 1 else ""
        typer.echo(f"answer from your sheet: deaddrop spy solo answer h|w|c{each}")
    elif state["phase"] == "play":
        typer.echo(TURN)
    elif state["phase"] == "claims":
        if not any(claim["by"] == "you" for claim in state["claims"]):
            typer.echo(CLAIM_TOO)
        typer.echo(REVEAL)


@app.command()
def new(
    ctx: typer.Context,
    name: Annotated[str | None, typer.Option("--name", help="The table's name.")] = None,
    rows: Annotated[str, ROWS] = "10",
    cols: Annotated[str, COLS] = "10",
    lengths: Annotated[str, LENGTHS] = "1,2,3,4,5,6",
    squares: Annotated[str | None, SQUARES] = None,
    level: Annotated[
        str, typer.Option("--level", help="How the computer plays: easy, fair or best.")
    ] = "fair",
    seed: Annotated[
        int | None,
        typer.Option(
            "--seed", help="Draw the computer's network and choices from this seed (replayable)."
        ),
    ] = None,
    db: DbOption = None,
) -> None:
    """Start a game: the computer draws its network and shows its sealed hash."""
    remember(ctx, db)
    import secrets

    from assistant import table as core
    from assistant.games.spy.enumerate import networks
    from assistant.games.spy.model import Field
    from assistant.games.spy.network_input import parse_lengths
    from assistant.games.spy.sheet_data import sheet_squares
    from assistant.games.spy.solo import LEVELS, derived_play, derived_salt
    from deaddrop.commands.spy_deduce import parse_int_list
    from deaddrop.commands.spy_network import _size

    if level not in LEVELS:
        raise InputError(f"--level: expected easy, fair or best, not {level!r}")
    if seed is not None and not 0 <= seed < 2**63:
        raise InputError(f"--seed: expected a whole number 0 to {2**63 - 1}, not {seed}")
    options: dict[str, Any] = {
        "rows": _size("--rows", rows),
        "cols": _size("--cols", cols),
        "lengths": list(parse_lengths(lengths)),
        "squares": list(
            sheet_squares() if squares is None else parse_int_list(squares, "--squares", 2, 5)
        ),
        "level": level,
    }
    field = Field(options["rows"], options["cols"])
    if len(networks(field, options["lengths"])) == 0:
        fits = ",".join(map(str, options["lengths"]))
        raise InputError(f"--lengths: no network of lengths {fits} fits the {field.describe()}")
    outcome = core.new(db_path(ctx), "spy-solo", name, options)
    typer.echo(outcome.text)
    drawn = secrets.randbits(63) if seed is None else seed
    salt = secrets.token_hex(16) if seed is None else derived_salt(drawn)
    play = secrets.randbits(63) if seed is None else derived_play(drawn)
    _do(ctx, outcome.table, {"type": "seal", "seed": drawn, "salt": salt, "play": play})
    typer.echo("draw your own network on your sheet now; you spy first: deaddrop spy solo probe 5E")


@app.command()
def probe(
    ctx: typer.Context,
    cells: Annotated[str, typer.Argument(help="5E, or 2-5 cells in a row or column: 4B-4E.")],
    name: TABLE = None,
    db: DbOption = None,
) -> None:
    """Spy on the computer's field; it answers, then probes yours."""
    remember(ctx, db)
    _next(_do(ctx, name, {"type": "probe", "cells": cells}).state)


@app.command()
def answer(
    ctx: typer.Context,
    answers: Annotated[str, typer.Argument(help="hot,warm,cold (or h,w,c), one per cell.")],
    name: TABLE = None,
    db: DbOption = None,
) -> None:
    """Answer the computer's probe of your field from your sheet (checked at the end)."""
    remember(ctx, db)
    _next(_do(ctx, name, {"type": "answer", "answers": answers}).state)


@app.command()
def claim(
    ctx: typer.Context,
    file: Annotated[str, typer.Argument(help="The computer's network: " + NETWORK_HELP)],
    name: TABLE = None,
    db: DbOption = None,
) -> None:
    """Name the computer's network at the end of a round (judged at the end)."""
    remember(ctx, db)
    from deaddrop.commands.spy_referee import _network_text

    shown = _solo_table(ctx, name)
    action = {"type": "claim", "network": _network_text(file, shown.state)}
    _next(_do(ctx, shown.table, action).state)


@app.command()
def reveal(
    ctx: typer.Context,
    file: Annotated[str, typer.Argument(help="Your network: " + NETWORK_HELP)],
    name: TABLE = None,
    db: DbOption = None,
) -> None:
    """Enter your network after the claims: checked, then the game is scored."""
    remember(ctx, db)
    from deaddrop.commands.spy_referee import _network_text

    shown = _solo_table(ctx, name)
    _do(ctx, shown.table, {"type": "reveal", "network": _network_text(file, shown.state)})


@app.command()
def show(ctx: typer.Context, name: TABLE = None, db: DbOption = None) -> None:
    """The game so far: your probes, the computer's, squares left, what comes next."""
    remember(ctx, db)
    shown = _solo_table(ctx, name)
    typer.echo(shown.game.render(shown.state))
