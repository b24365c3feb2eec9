"""The one `--db` option of every command that touches a table.

It is taken in any position: `deaddrop table --db X show`, `deaddrop table show --db X`,
`deaddrop spy referee --db X new`, `deaddrop spy referee new --db X`. A group's callback and each
command remember it in the click context's `meta`, which every context of one invocation shares.
The path (given, or `DEADDROP_DB`, or the default) is checked before the store opens it: an empty
name, a folder, a name the system refuses (too long, a part that is not a folder...) is one line
naming it (exit 2), never a traceback.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Annotated

import typer

DB_HELP = "The table database (default: DEADDROP_DB, else the data directory)."
# Text, not Path: Path("") is "." and an empty name would open the current folder.
DbOption = Annotated[str | None, typer.Option("--db", metavar="PATH", help=DB_HELP)]
_KEY = "deaddrop.db"


def remember(ctx: typer.Context, db: str | Path | None) -> None:
    """Keep `db` (when given) for the commands of this invocation."""
    if db is not None:
        ctx.meta[_KEY] = str(db)


def db_path(ctx: typer.Context, db: str | Path | None = None) -> Path:
    """The database this command works on: its own --db, a group's --db, else the default
    (InputError when that path cannot be a database file)."""
    from deaddrop.paths import default_db

    remember(ctx, db)
    chosen = ctx.meta.get(_KEY)
    if isinstance(chosen, str):
        return checked_db(chosen, "--db")
    return checked_db(str(default_db()), "DEADDROP_DB")


def checked_db(name: str, given_as: str) -> Path:
    """`name` as the path of a database file, or InputError in one line: an empty name, a folder,
    a name the system refuses. A file that does not exist yet is fine (the store creates it)."""
    from deaddrop.errors import empty_name, path_errors, shown

    if not name:
        raise empty_name(given_as, "the path of a database file")
    with path_errors(name, "open the database"):
        try:
            found = os.stat(name)
        except FileNotFoundError:
            return Path(name)
    import stat

    if stat.S_ISDIR(found.st_mode):
        from deaddrop.errors import InputError

        raise InputError(
            f"{shown(name)}: cannot open the database: is a directory (expected a database file)"
        )
    return Path(name)
