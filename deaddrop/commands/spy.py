"""`deaddrop spy ...`: composes the network commands (check, answer, same, random), the deduction
commands (deduce, referee) and the game against the computer (solo). Each module adds its
commands with `register(app)`."""

from __future__ import annotations

import typer

app = typer.Typer(no_args_is_help=True, help="Spy!: check networks, answer probes, deduce.")


def _register() -> None:
    from deaddrop.commands import spy_deduce as cli_deduce
    from deaddrop.commands import spy_network as cli_network
    from deaddrop.commands.spy_solo import app as solo_app

    cli_network.register(app)
    cli_deduce.register(app)
    app.add_typer(solo_app, name="solo", help="Play Spy! alone against the computer.")


_register()
