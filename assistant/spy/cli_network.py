"""`deaddrop spy check|answer|same|random` (issue 4)."""

from __future__ import annotations

import typer


def register(app: typer.Typer) -> None:
    """Add the network commands to the `spy` group."""
