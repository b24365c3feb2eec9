"""`deaddrop spy referee ...`: sugar over the table store for the Spy! referee game
(assistant/games/spy/rules.py). Every command is one `deaddrop table do` action; `deaddrop table
show|log|undo|void|export` work on the same table. Salts are drawn here (128 bits)."""

from __future__ import annotations

from pathlib import Path
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
from deaddrop.errors import InputError, quoted

app = typer.Typer(no_args_is_help=True, help="Referee a recorded two-player game of Spy!.")


@app.callback()
def referee(
    ctx: typer.Context,
    db: DbOption = None,
) -> None:
    """Referee a game: sealed networks, probes answered or checked, claims, reveal and score."""
    remember(ctx, db)


def _db(ctx: typer.Context) -> Path:
    return db_path(ctx)


def _spy_table(ctx: typer.Context, name: str | None):
    """The current state of a Spy! table (InputError for a table of another game). Only a
    look: the table becomes the current one when the action is entered, not before (a command
    that fails changes nothing)."""
    from assistant import table as core

    shown = core.show(_db(ctx), name, touch=False)
    if shown.game.name != "spy":
        raise InputError(f"table '{shown.table}' is a {shown.game.name} table, not a spy table")
    return shown


def _do(ctx: typer.Context, name: str | None, action: dict[str, Any], shown: Any = None) -> None:
    """Enter `action` at the Spy! table (`shown`: that table, when the caller has read it). The
    game is checked again in the write transaction, where the table becomes the current one."""
    from assistant import table as core

    table = shown.table if shown is not None else name
    outcome = core.do(_db(ctx), table, action, game="spy")
    typer.echo(f"{outcome.number}. {outcome.text}")


def _is_file(path: str) -> bool:
    """Whether `path` names something on disk (a text too long to be a file name is not)."""
    try:
        return Path(path).exists()
    except (OSError, ValueError):
        return False


def _network_text(path: str, state: dict) -> str:
    """A network (a file holding a vertex list or a drawing, `-` for stdin, or a vertex list
    written on the command line: "2B 2D 5D 5H 10H 10B 9B") as a vertex list for the action."""
    from assistant.games.spy.layouts import network_of_cells
    from assistant.games.spy.model import Field
    from assistant.games.spy.network_input import parse_network, read_network

    field = Field(state["rows"], state["cols"])
    if path != "-" and len(path.split()) > 1 and not _is_file(path):
        found = parse_network(path, f"network {quoted(path)}", field)
    else:
        found = read_network(path, field)
    if found.network is not None:
        return str(found.network)
    assert found.drawn is not None  # a file holds a vertex list or a drawing
    try:
        return str(network_of_cells(found.drawn, tuple(state["lengths"])))
    except ValueError:
        raise InputError(
            f"{path}: the drawing is not a legal network (see: deaddrop spy check {path})"
        ) from None


@app.command()
def new(
    ctx: typer.Context,
    name: Annotated[str | None, typer.Option("--name", help="The table's name.")] = None,
    players: Annotated[str, typer.Option("--players", help="Two names, first spies first.")] = (
        "red,blue"
    ),
    rows: Annotated[str, ROWS] = "10",
    cols: Annotated[str, COLS] = "10",
    lengths: Annotated[str, LENGTHS] = "1,2,3,4,5,6",
    squares: Annotated[str | None, SQUARES] = None,
    db: DbOption = None,
) -> None:
    """Start a refereed game (a table of game `spy`)."""
    remember(ctx, db)
    from assistant import table as core
    from assistant.games.spy.network_input import parse_lengths
    from assistant.games.spy.sheet_data import sheet_squares
    from deaddrop.commands.spy_deduce import parse_int_list
    from deaddrop.commands.spy_network import _size

    options = {
        "players": [p.strip() for p in players.split(",")],
        "rows": _size("--rows", rows),
        "cols": _size("--cols", cols),
        "lengths": list(parse_lengths(lengths)),
        "squares": list(
            sheet_squares() if squares is None else parse_int_list(squares, "--squares", 2, 5)
        ),
    }
    outcome = core.new(_db(ctx), "spy", name, options)
    typer.echo(outcome.text)


@app.command()
def seal(
    ctx: typer.Context,
    player: Annotated[str, typer.Argument(help="Whose network.")],
    file: Annotated[str, typer.Argument(help=NETWORK_HELP)],
    commit: Annotated[
        bool,
        typer.Option("--commit", help="Enter only the hash; the player keeps network and salt."),
    ] = False,
    name: TABLE = None,
    db: DbOption = None,
) -> None:
    """Seal PLAYER's network (checked for legality; nothing of it is shown)."""
    remember(ctx, db)
    import secrets
    import shlex

    from assistant.games.spy.seal import parse_vertices, seal_hash

    shown = _spy_table(ctx, name)
    state = shown.state
    network = _network_text(file, state)
    salt = secrets.token_hex(16)
    if commit:
        from assistant.games.spy.model import Field
        from assistant.games.spy.seal import problems_of

        problems = problems_of(
            parse_vertices(network), Field(state["rows"], state["cols"]), tuple(state["lengths"])
        )
        if problems:
            from deaddrop.errors import Refused

            why = "; ".join(problems)
            raise Refused(f"refused: legal network: {player}'s network is illegal: {why}")
        digest = seal_hash(parse_vertices(network), salt)
        _do(ctx, name, {"type": "commit", "player": player, "hash": digest}, shown)
        typer.echo(f"keep this salt secret until the reveal: {salt}")
        again = f"deaddrop spy referee reveal {player} {shlex.quote(file)} --salt {salt}"
        typer.echo(f"reveal with: {again}")
    else:
        action = {"type": "seal", "player": player, "network": network, "salt": salt}
        _do(ctx, name, action, shown)


@app.command()
def probe(
    ctx: typer.Context,
    player: Annotated[str, typer.Argument(help="Who spies.")],
    cells: Annotated[str, typer.Argument(help="5E, or 2-5 cells in a row or column: 4B-4E.")],
    name: TABLE = None,
    db: DbOption = None,
) -> None:
    """PLAYER spies on the opponent's field (answered now when the network is sealed)."""
    remember(ctx, db)
    _do(ctx, name, {"type": "probe", "player": player, "cells": cells})


@app.command()
def answer(
    ctx: typer.Context,
    player: Annotated[str, typer.Argument(help="Who answers (whose field was probed).")],
    answers: Annotated[str, typer.Argument(help="hot,warm,cold (or h,w,c), one per cell.")],
    name: TABLE = None,
    db: DbOption = None,
) -> None:
    """PLAYER answers the pending probe (checked against the network at the reveal)."""
    remember(ctx, db)
    _do(ctx, name, {"type": "answer", "player": player, "answers": answers})


@app.command()
def claim(
    ctx: typer.Context,
    player: Annotated[str, typer.Argument(help="Who claims.")],
    file: Annotated[
        str,
        typer.Argument(help="The opponent's network as PLAYER reconstructs it: " + NETWORK_HELP),
    ],
    name: TABLE = None,
    db: DbOption = None,
) -> None:
    """PLAYER names the opponent's network at the end of a round."""
    remember(ctx, db)
    shown = _spy_table(ctx, name)
    action = {"type": "claim", "player": player, "network": _network_text(file, shown.state)}
    _do(ctx, name, action, shown)


@app.command()
def reveal(
    ctx: typer.Context,
    player: Annotated[str, typer.Argument(help="Whose network.")],
    file: Annotated[
        str | None, typer.Argument(help="Only for a committed network: " + NETWORK_HELP)
    ] = None,
    salt: Annotated[str | None, typer.Option("--salt", help="The salt of a commitment.")] = None,
    name: TABLE = None,
    db: DbOption = None,
) -> None:
    """Reveal PLAYER's network after the claims; the game is scored once both are revealed."""
    remember(ctx, db)
    action: dict[str, Any] = {"type": "reveal", "player": player}
    shown = _spy_table(ctx, name)
    if file is not None:
        action["network"] = _network_text(file, shown.state)
    if salt is not None:
        action["salt"] = salt
    _do(ctx, name, action, shown)
