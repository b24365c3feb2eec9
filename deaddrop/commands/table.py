"""`deaddrop table ...`: thin commands over `assistant.table` and `assistant.table_io` (issue 3).

Each command parses its arguments, calls one core function and prints the result (text, or JSON
with --json). Errors are DeadDropError, printed by the root CLI as one line and an exit code.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer

from assistant.games import GAMES
from deaddrop.commands.db import DbOption, db_path, remember

app = typer.Typer(
    no_args_is_help=True,
    add_completion=False,
    help="Keep a game at the table: actions, log, undo.",
)

NAME_HELP = "The table (default: the most recently used one)."
# From the registry, so that a new game is listed without anyone remembering to.
GAME_HELP = f"The game: {', '.join(sorted(GAMES))}."


TableOption = Annotated[
    str | None, typer.Option("--table", metavar="NAME", help="The table, as NAME (either form).")
]


def _named(name: str | None, option: str | None) -> str | None:
    """The table a command names, by NAME or by --table NAME (every command takes both)."""
    if name is not None and option is not None and name != option:
        from deaddrop.errors import InputError

        raise InputError(f"NAME '{name}' and --table '{option}' name two tables (give one)")
    return name if name is not None else option


def _print_json(data: Any) -> None:
    typer.echo(json.dumps(data, indent=2, ensure_ascii=False))


def _print(outcome: Any, as_json: bool, *, numbered: bool = False, debug: bool = False) -> None:
    """The outcome's line (numbered as in the log, so that `void N` can name it), the changes
    downstream, what the game's bots did after it (and why, with `debug`), then the table; or
    its JSON."""
    if as_json:
        data = outcome.as_json()
        if debug and outcome.bots:
            data["bots"] = outcome.bots
        _print_json(data)
        return
    if outcome.text:
        typer.echo(f"{outcome.number}. {outcome.text}" if numbered else outcome.text)
    from assistant.history import change_words

    for path, before, after in outcome.changes:
        typer.echo(f"  {change_words(path, before, after)}")
    _print_bots(outcome, debug)
    typer.echo(outcome.game.render(outcome.state))


MANY_BOT_LINES = 60  # a table of bots that plays itself shows its last moves only


def _print_bots(outcome: Any, debug: bool) -> None:
    """The bots' actions after the outcome (their log lines and instructions), and what they
    say to the people at the table."""
    bots = outcome.bots
    if len(bots) > MANY_BOT_LINES and not debug:
        typer.echo(
            f"the bots made {len(bots)} moves (events {bots[0]['event']}-{bots[-1]['event']}: "
            "deaddrop table log); the last ones:"
        )
        bots = bots[-12:]
    for move in bots:
        typer.echo(f"{move['event']}. {move['text']}")
        for line in move["say"]:
            typer.echo(f"  > {line}")
        if debug:
            typer.echo(f"  (why: {move['why']})")
    for line in outcome.said:
        typer.echo(f"> {line}")


@app.callback()
def table(ctx: typer.Context, db: DbOption = None) -> None:
    """Keep a game at the table: actions, log, undo, void, export."""
    remember(ctx, db)


@app.command(context_settings={"allow_extra_args": True, "ignore_unknown_options": True})
def new(
    ctx: typer.Context,
    game: Annotated[str, typer.Argument(metavar="GAME", help=GAME_HELP)],
    name: str = typer.Option(
        None, "--name", metavar="NAME", help="The table's name (default: GAME-N)."
    ),
    option: Annotated[
        list[str] | None,
        typer.Option("-o", "--option", metavar="KEY=VALUE", help="A game option KEY=VALUE."),
    ] = None,
    as_json: bool = typer.Option(False, "--json", help="Print JSON."),
    debug: bool = typer.Option(False, "--debug", help="Show why each bot chose its move."),
    db: DbOption = None,
) -> None:
    """Start a table of GAME (a game option as -o KEY=VALUE, or --KEY VALUE: --players 5;
    Spies!: --bots Italy,France --bot-level best --seed 7)."""
    from assistant import table as core

    options = core.parse_assignments([*(option or []), *_game_options(ctx.args)], "option")
    _print(core.new(db_path(ctx, db), game, name, options), as_json, debug=debug)


def _game_options(words: list[str]) -> list[str]:
    """`--players 5` and `--players=5` as KEY=VALUE (what a player types first)."""
    from deaddrop.errors import InputError, quoted

    out, rest = [], list(words)
    while rest:
        word = rest.pop(0)
        if not word.startswith("--") or len(word) == 2:
            raise InputError(
                f"{quoted(word)}: unexpected (a game option is -o KEY=VALUE or --KEY VALUE)"
            )
        key, sep, value = word[2:].partition("=")
        if not sep:
            if not rest or rest[0].startswith("--"):
                raise InputError(f"--{key}: expected a value (e.g. --{key} 5, or -o {key}=5)")
            value = rest.pop(0)
        out.append(f"{key.replace('-', '_')}={value}")
    return out


@app.command("list")
def list_(
    ctx: typer.Context,
    as_json: bool = typer.Option(False, "--json", help="Print JSON."),
    db: DbOption = None,
) -> None:
    """List the tables, most recently used first (* marks the default one)."""
    from assistant.table_list import tables

    rows = tables(db_path(ctx, db))
    if as_json:
        _print_json(rows)
        return
    if not rows:
        typer.echo("no tables yet (start one: deaddrop table new GAME)")
    width = max((len(r["name"]) for r in rows), default=0)
    for row in rows:
        mark = "*" if row["current"] else " "
        events = f"{row['events']} event" + ("" if row["events"] == 1 else "s")
        typer.echo(f"{mark} {row['name']:<{width}}  {row['game']}  {events}")


@app.command()
def show(
    ctx: typer.Context,
    name: Annotated[str | None, typer.Argument(metavar="NAME", help=NAME_HELP)] = None,
    table_option: TableOption = None,
    as_json: bool = typer.Option(False, "--json", help="Print the game's public view as JSON."),
    seat: str = typer.Option(
        None, "--as", metavar="SEAT", help="What this seat sees: the public view and its secrets."
    ),
    db: DbOption = None,
) -> None:
    """Show the table's current state."""
    name = _named(name, table_option)
    from assistant import table as core

    if seat is not None:
        _show_as(db_path(ctx, db), name, seat, as_json)
        return
    outcome = core.show(db_path(ctx, db), name)
    if as_json:
        _print_json(outcome.game.view(outcome.state))
    else:
        typer.echo(outcome.game.render(outcome.state))


def _show_as(path: Path, name: str | None, seat: str, as_json: bool) -> None:
    """`show --as SEAT`: the seat's view (as its phone gets it), or the board and its secrets."""
    from assistant import seats
    from assistant import table as core

    def check(table: core.Loaded) -> str:
        return seats.check_seat(table.game, table.state, table.row.name, seat)

    table = core.read(path, name, check)
    seat = check(table)
    view = seats.seat_view(table.game, table.state, seat)
    if as_json:
        _print_json(view)
        return
    typer.echo(table.game.render(table.state))
    secret = view.get("secret")
    if isinstance(secret, dict):
        own = {k: v for k, v in secret.items() if k != "seat"}
        typer.echo(f"only {seat} sees:" + ("" if own else " -"))
        for key, value in own.items():
            if isinstance(value, dict) and value:
                typer.echo(f"  {key}:")
                for inner, item in value.items():
                    typer.echo(f"    {inner}: {_readable(item)}")
            else:
                typer.echo(f"  {key}: {_readable(value)}")


def _readable(value: object) -> str:
    """A seat's secret as a line a player reads: lists joined, mappings as 'key value'."""
    if isinstance(value, dict):
        return ", ".join(f"{k} {_readable(v)}" for k, v in value.items()) or "-"
    if isinstance(value, list | tuple):
        return ", ".join(_readable(v) for v in value) or "-"
    return "-" if value is None else str(value)


@app.command()
def log(
    ctx: typer.Context,
    name: Annotated[str | None, typer.Argument(metavar="NAME", help=NAME_HELP)] = None,
    table_option: TableOption = None,
    as_json: bool = typer.Option(False, "--json", help="Print JSON."),
    seat: str = typer.Option(
        None, "--as", metavar="SEAT", help="The log as this seat reads it (its phone's log)."
    ),
    db: DbOption = None,
) -> None:
    """The numbered history of the table (voided and undone events marked)."""
    name = _named(name, table_option)
    from assistant import table as core

    if seat is not None:
        _log_as(db_path(ctx, db), name, seat, as_json)
        return
    lines = core.log(db_path(ctx, db), name)
    if as_json:
        _print_json([line.as_json() for line in lines])
        return
    if not lines:
        typer.echo("no events yet")
    for line in lines:
        typer.echo(str(line))


def _log_as(path: Path, name: str | None, seat: str, as_json: bool) -> None:
    """`log --as SEAT`: the log as the seat's phone shows it (oldest first)."""
    from assistant import seats
    from assistant import table as core

    def check(table: core.Loaded) -> str:
        return seats.check_seat(table.game, table.state, table.row.name, seat)

    table = core.read(path, name, check)
    seat = check(table)
    lines = seats.log_for(table, seat, core.log_lines(table))
    if as_json:
        _print_json(lines)
        return
    if not lines:
        typer.echo("no events yet")
    for line in lines:
        by = f" [by {line['by']}]" if line["by"] else ""
        typer.echo(f"{line['n']}. {line['text']}{by}")


@app.command("do")
def do_(
    ctx: typer.Context,
    kind: Annotated[str, typer.Argument(metavar="TYPE", help="The action, e.g. add.")],
    values: Annotated[
        list[str] | None,
        typer.Argument(metavar="KEY=VALUE", help="The action's values, e.g. player=red n=3."),
    ] = None,
    name: Annotated[str | None, typer.Option("--table", metavar="NAME", help=NAME_HELP)] = None,
    by: str = typer.Option(None, "--by", metavar="WHO", help="Who entered the action."),
    force: Annotated[
        str | None,
        typer.Option("--force", metavar="REASON", help="Apply it anyway as a house rule."),
    ] = None,
    as_json: bool = typer.Option(False, "--json", help="Print JSON."),
    debug: bool = typer.Option(False, "--debug", help="Show why each bot chose its move."),
    db: DbOption = None,
) -> None:
    """Enter an action (values are YAML: n=3, player=red, cards=[1,2])."""
    from assistant import table as core

    fields = core.parse_assignments(values or [], "value")
    if "type" in fields:
        raise _input_error("value 'type=...': the action type is the first argument")
    outcome = core.do(db_path(ctx, db), name, {"type": kind, **fields}, by=by, force=force)
    _print(outcome, as_json, numbered=True, debug=debug)


def _input_error(message: str) -> Exception:
    from deaddrop.errors import InputError

    return InputError(message)


@app.command()
def undo(
    ctx: typer.Context,
    name: Annotated[str | None, typer.Argument(metavar="NAME", help=NAME_HELP)] = None,
    table_option: TableOption = None,
    as_json: bool = typer.Option(False, "--json", help="Print JSON."),
    db: DbOption = None,
) -> None:
    """Undo the last event (redo brings it back until a new action is entered)."""
    name = _named(name, table_option)
    from assistant import table as core

    _print(core.undo(db_path(ctx, db), name), as_json)


@app.command()
def redo(
    ctx: typer.Context,
    name: Annotated[str | None, typer.Argument(metavar="NAME", help=NAME_HELP)] = None,
    table_option: TableOption = None,
    as_json: bool = typer.Option(False, "--json", help="Print JSON."),
    db: DbOption = None,
) -> None:
    """Re-apply the most recently undone event."""
    name = _named(name, table_option)
    from assistant import table as core

    _print(core.redo(db_path(ctx, db), name), as_json)


@app.command()
def void(
    ctx: typer.Context,
    number: Annotated[str, typer.Argument(metavar="N", help="The event number, as in the log.")],
    why: str = typer.Option(..., "--why", metavar="TEXT", help="Why the event is void."),
    name: Annotated[str | None, typer.Option("--table", metavar="NAME", help=NAME_HELP)] = None,
    as_json: bool = typer.Option(False, "--json", help="Print JSON."),
    db: DbOption = None,
) -> None:
    """Void a past event: kept in the log, no longer applied; shows what changed downstream."""
    from assistant import table as core

    if not (number.isascii() and number.isdigit()) or len(number) > 9 or int(number) < 1:
        from deaddrop.errors import quoted

        raise _input_error(
            f"N: {quoted(number)} is not an event number (expected a number from the log)"
        )
    outcome = core.void(db_path(ctx, db), name, int(number), why)
    if not as_json and not outcome.changes:
        typer.echo(outcome.text)
        typer.echo("  nothing changed downstream")
        typer.echo(outcome.game.render(outcome.state))
        return
    _print(outcome, as_json)


@app.command()
def export(
    ctx: typer.Context,
    name: Annotated[str | None, typer.Argument(metavar="NAME", help=NAME_HELP)] = None,
    table_option: TableOption = None,
    db: DbOption = None,
) -> None:
    """Print the table's history as YAML (the import/replay format)."""
    name = _named(name, table_option)
    from assistant import table_io

    typer.echo(table_io.export(db_path(ctx, db), name), nl=False)


@app.command("import")
def import_(
    ctx: typer.Context,
    file: Annotated[
        str, typer.Argument(metavar="FILE", help="An exported history (YAML); - for stdin.")
    ],
    name: str = typer.Option(
        None,
        "--name",
        metavar="NAME",
        help="The new table's name (default: the file's, or NAME-2, NAME-3... when taken).",
    ),
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
    db: DbOption = None,
) -> None:
    """Start a table from an exported history (the current table stays the current one)."""
    from assistant import table_io

    _print(table_io.import_file(db_path(ctx, db), _history_path(file), name), as_json)


def _history_path(file: str) -> Path:
    """FILE as a path (text, not Path: Path("") is "." and an empty name would read a folder)."""
    if not file:
        from deaddrop.errors import empty_name

        raise empty_name("FILE", "an exported history, or - for stdin")
    return Path(file)


@app.command()
def replay(
    game: Annotated[str, typer.Argument(metavar="GAME", help="The game the history is for.")],
    file: Annotated[
        str, typer.Argument(metavar="FILE", help="An exported history (YAML); - for stdin.")
    ],
    as_json: Annotated[bool, typer.Option("--json", help="Print the final view as JSON.")] = False,
) -> None:
    """Replay a history in memory (no database) and print the final state."""
    from assistant import table_io

    outcome = table_io.replay_file(game, _history_path(file))
    if as_json:
        _print_json(outcome.game.view(outcome.state))
    else:
        typer.echo(outcome.game.render(outcome.state))


@app.command()
def actions(
    game: Annotated[str, typer.Argument(metavar="GAME", help=GAME_HELP)],
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """List GAME's actions: parameters (type, required or not), when allowed, what each does."""
    from assistant import table as core
    from assistant.games.actions import vocabulary_text

    vocabulary = core.vocabulary(game)
    if as_json:
        _print_json(vocabulary)
    else:
        typer.echo(vocabulary_text(vocabulary))


@app.command()
def delete(
    ctx: typer.Context,
    name: Annotated[str, typer.Argument(metavar="NAME", help="The table to delete.")],
    yes: bool = typer.Option(False, "--yes", help="Do not ask for confirmation."),
    db: DbOption = None,
) -> None:
    """Delete a table and its whole history."""
    from assistant import table as core
    from deaddrop.errors import Refused

    if not yes and name in {row["name"] for row in core.tables(db_path(ctx, db))}:
        try:
            confirmed = typer.confirm(f"Delete table '{name}' and its whole history?")
        except typer.Abort:
            confirmed = False
        if not confirmed:
            raise Refused(f"table '{name}' not deleted (pass --yes to delete without asking)")
    typer.echo(core.delete(db_path(ctx, db), name))
