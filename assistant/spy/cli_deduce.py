"""`deaddrop spy deduce|referee` (issue 5)."""

from __future__ import annotations

import typer


def register(app: typer.Typer) -> None:
    """Add the deduction commands to the `spy` group."""
