"""The one console script, `deaddrop`: composes the print-and-play and assistant commands.

Domain errors (deaddrop.errors) become a `deaddrop: ...` message and an exit code here,
in one place.
Nothing heavy is imported at start-up: reportlab only loads inside `build`.
"""

from __future__ import annotations

from typing import Any

import typer
from typer.core import TyperGroup

from deaddrop.errors import DeadDropError


class _Group(TyperGroup):
    """A command group that reports DeadDropError as one line per problem and its exit code."""

    def invoke(self, ctx: Any) -> Any:  # ctx: the Context class of typer's private click copy
        try:
            return super().invoke(ctx)
        except DeadDropError as error:
            for line in error.lines():
                typer.echo(f"deaddrop: {line}", err=True)
            ctx.exit(error.exit_code)


app = typer.Typer(
    cls=_Group,
    help="Dead Drop: print-and-play kits and a table assistant for spy games.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    add_completion=False,
)


def _register() -> None:
    from deaddrop.commands.fast_params import install

    install()  # plain str/Path/bool parameters: no pydantic import at start-up (75 ms)
    from deaddrop.commands.build import register as register_pnp
    from deaddrop.commands.spy import app as spy_app
    from deaddrop.commands.table import app as table_app

    register_pnp(app)
    app.add_typer(table_app, name="table", help="Keep a game at the table: actions, log, undo.")
    app.add_typer(spy_app, name="spy", help="Spy!: check networks, answer probes, deduce.")


_register()


def main() -> None:
    """Entry point of the `deaddrop` console script."""
    app()
