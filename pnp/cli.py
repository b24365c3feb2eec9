"""`deaddrop build` and `deaddrop list` (issue 2). reportlab is imported only inside `build`."""

from __future__ import annotations

import typer


def register(app: typer.Typer) -> None:
    """Add `build` and `list` to the root app."""
