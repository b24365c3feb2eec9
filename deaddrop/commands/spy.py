"""`deaddrop spy ...`: composes the network commands (check, answer, same, random) and the deduction
commands (deduce, referee). Each module adds its commands with `register(app)`."""

from __future__ import annotations

import typer

app = typer.Typer(no_args_is_help=True, help="Spy!: check networks, answer probes, deduce.")


def _register() -> None:
    from deaddrop.commands import spy_deduce as cli_deduce
    from deaddrop.commands import spy_network as cli_network

    cli_network.register(app)
    cli_deduce.register(app)


_register()
