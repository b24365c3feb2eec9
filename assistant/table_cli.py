"""`deaddrop table ...` (issue 3)."""

from __future__ import annotations

import typer

app = typer.Typer(no_args_is_help=True, help="Keep a game at the table: actions, log, undo.")
