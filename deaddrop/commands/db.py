"""The one `--db` option of every command that touches a table.

It is taken in any position: `deaddrop table --db X show`, `deaddrop table show --db X`,
`deaddrop spy referee --db X new`, `deaddrop spy referee new --db X`. A group's callback and each
command remember it in the click context's `meta`, which every context of one invocation shares.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

DB_HELP = "The table database (default: DEADDROP_DB, else the data directory)."
DbOption = Annotated[Path | None, typer.Option("--db", metavar="PATH", help=DB_HELP)]
_KEY = "deaddrop.db"


def remember(ctx: typer.Context, db: Path | None) -> None:
    """Keep `db` (when given) for the commands of this invocation."""
    if db is not None:
        ctx.meta[_KEY] = db


def db_path(ctx: typer.Context, db: Path | None = None) -> Path:
    """The database this command works on: its own --db, a group's --db, else the default."""
    from deaddrop.paths import default_db

    remember(ctx, db)
    chosen = ctx.meta.get(_KEY)
    return chosen if isinstance(chosen, Path) else default_db()
