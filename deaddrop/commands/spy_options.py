"""The options the Spy! commands share (check, draw, referee, solo): one wording for each.

Plain `str` parameters, as deaddrop/commands/fast_params.py wants them; no import but typer."""

from __future__ import annotations

from typing import Annotated

import typer

ROWS = typer.Option("--rows", metavar="R", help="Rows of the field, 1 to 64.")
COLS = typer.Option("--cols", metavar="C", help="Columns of the field, 1 to 64.")
LENGTHS = typer.Option("--lengths", help="Line lengths, e.g. 1,2,3,4,5,6 or 1,1,2,3,4,5,6.")
SQUARES = typer.Option("--squares", help="Numbered squares (default: the sheet's).")
TABLE = Annotated[
    str | None, typer.Option("--table", help="The table (default: the most recently used one).")
]
NETWORK_HELP = 'a file (vertex list or drawing), - for stdin, or the list itself: "2B 2D 5D 5H".'
