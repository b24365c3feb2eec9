"""The one console script, `deaddrop`: composes the print-and-play and assistant commands.

Domain errors (deaddrop.errors) become a `deaddrop: ...` message and an exit code here,
in one place.

Start-up stays light: the root group knows its subcommands by name and short help
(`SUBCOMMANDS`, which `deaddrop --help` lists) and imports and converts one of them only when it
is invoked (deaddrop.commands.lazy); inside a group, too, only the invoked command is converted.
A help screen is printed again from a cache while nothing it depends on changed
(deaddrop.commands.help_cache), without loading rich. reportlab only loads inside `build`.
tests/test_cli_root.py holds `SUBCOMMANDS` to the real commands' help.
"""

from __future__ import annotations

from deaddrop.commands import startup_gc  # (first: the collector pauses while main imports)

# isort: split
from deaddrop.commands import build_helper  # noqa: F401  (second: `build` forks its helper now)

# isort: split
from functools import partial
from typing import Annotated, Any

import typer
from typer._click.exceptions import ClickException
from typer.core import TyperGroup

from deaddrop.commands.fast_params import install
from deaddrop.commands.lazy import Entry, LazyCommands, LazyGroupMixin, Settings, lazy_entries
from deaddrop.commands.lazy import stand_in as _stand_in
from deaddrop.errors import DeadDropError, shown

install()  # plain str/Path/bool parameters: no pydantic import at start-up (75 ms)

TABLE_HELP = "Keep a game at the table: actions, log, undo."
SPY_HELP = "Spy!: check networks, answer probes, deduce."
PRINTER_HELP = (
    "Printer profiles: the calibration sheet, and one printer's corrections for every build."
)

# Every subcommand of `deaddrop`, in the order of `deaddrop --help`: its module ("build" holds
# `build` and `list`) and the first paragraph of its help, which the root help lists.
SUBCOMMANDS: dict[str, tuple[str, str]] = {
    "build": (
        "build",
        "Render kits to print-ready PDF (and SVG): DIR/<game>.pdf and DIR/<game>/<component>.pdf.",
    ),
    "list": ("build", "List games, their components, kinds, sizes and counts."),
    "serve": (
        "serve",
        "Serve the tables to the players' phones: a join link per seat, live updates.",
    ),
    "table": ("table", TABLE_HELP),
    "spy": ("spy", SPY_HELP),
    "printer": ("printer", PRINTER_HELP),
}


class _Group(TyperGroup):
    """A command group that reports DeadDropError as one line per problem and its exit code."""

    def invoke(self, ctx: Any) -> Any:  # ctx: the Context class of typer's private click copy
        try:
            return super().invoke(ctx)
        except DeadDropError as error:
            for line in error.lines():  # each line escaped: a problem never spreads over lines
                typer.echo(f"deaddrop: {shown(line)}", err=True)
            ctx.exit(error.exit_code)
        except ClickException as error:  # a usage error: typer prints it, with what it echoes
            error.message = shown(error.message)  # escaped (`No such option: --\x1b[2J`)
            raise

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        try:
            return super().parse_args(ctx, args)
        except ClickException as error:  # the root's own options (`deaddrop --nosuch`)
            error.message = shown(error.message)
            raise


class _Root(LazyGroupMixin, _Group):
    """The root group: SUBCOMMANDS, each imported and converted when invoked."""

    def __init__(self, **attrs: Any) -> None:
        super().__init__(**attrs)
        entries: dict[str, Any] = {
            name: Entry(partial(subcommand, module, name), partial(_stand_in, name, help))
            for name, (module, help) in SUBCOMMANDS.items()
        }
        self.commands = LazyCommands({**entries, **self.commands})


ROOT_SETTINGS: dict[str, Any] = {
    "help": "Dead Drop: print-and-play kits and a table assistant for spy games.",
    "no_args_is_help": True,
    "pretty_exceptions_enable": False,
    "add_completion": True,  # --install-completion, --show-completion (the root only: 0.4 ms)
}
app = typer.Typer(cls=_Root, **ROOT_SETTINGS)


def _version(asked: bool) -> None:
    """`deaddrop --version`: `deaddrop <version>`, from the installed package's metadata."""
    if asked:
        from importlib.metadata import PackageNotFoundError, version

        try:
            number = version("deaddrop")
        except PackageNotFoundError:  # run from a source tree that was never installed
            number = "unknown (not installed)"
        typer.echo(f"deaddrop {number}")
        raise typer.Exit()


@app.callback()
def _root(
    version: Annotated[
        bool,
        typer.Option(
            "--version", is_eager=True, callback=_version, help="Print the version and exit."
        ),
    ] = False,
) -> None:
    # A callback makes `app` a group although its subcommands are not registered with Typer.
    pass


_MODULES: dict[str, typer.Typer] = {}


def module_app(module: str) -> typer.Typer:
    """A Typer app with the root's settings holding the subcommands of `module` (built once)."""
    if module not in _MODULES:
        holder = typer.Typer(**ROOT_SETTINGS)
        if module == "build":
            from deaddrop.commands.build import register as register_pnp

            register_pnp(holder)
        elif module == "table":
            from deaddrop.commands.table import app as table_app

            holder.add_typer(table_app, name="table", help=TABLE_HELP)
        elif module == "spy":
            from deaddrop.commands.spy import app as spy_app

            holder.add_typer(spy_app, name="spy", help=SPY_HELP)
        elif module == "printer":
            from deaddrop.commands.printer import app as printer_app

            holder.add_typer(printer_app, name="printer", help=PRINTER_HELP)
        elif module == "serve":
            from deaddrop.commands.serve import register as register_serve

            register_serve(holder)
        else:
            raise KeyError(module)
        _MODULES[module] = holder
    return _MODULES[module]


def subcommand(module: str, name: str) -> Any:
    """The click command of `deaddrop NAME`, converted as Typer would (its own subcommands
    converted when used)."""
    return lazy_entries(module_app(module), Settings.of(app))[name].load()


def main() -> None:
    """Entry point of the `deaddrop` console script (help screens: deaddrop.commands.help_cache)."""
    import sys

    if build_helper.building:  # (it leaves at once when done)
        build_helper.leave(app)
    if sys.argv[-1:] != ["--help"]:  # the cache's own import (hashlib, json) is not free
        app()
        return
    from deaddrop.commands import help_cache

    if help_cache.serve(sys.argv):
        return
    with help_cache.recording(sys.argv):
        app()


startup_gc.resume()
