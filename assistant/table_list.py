"""`deaddrop table list`: every table, read with the store alone, so that listing loads neither
the table operations (assistant.table) nor the games and their replay (start-up, issue 37)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from assistant.store import LIVE, Store

HOST_OPTIONS = ("seed",)  # the table's seed (Spies!: the bots' deal): the export keeps it


def tables(db: Path) -> list[dict[str, Any]]:
    """Every table, most recently used first (the `list --json` shape). Its options leave out
    the host-only ones (HOST_OPTIONS): a list is read on a shared screen; `export` keeps them."""
    store = Store(db, create=False, write=False)
    try:
        with store.read():
            rows = store.tables()
            counts = {
                row.id: len([e for e in store.events(row.id) if e.status == LIVE]) for row in rows
            }
    finally:
        store.close()
    return [
        {
            "name": row.name,
            "game": row.game,
            "options": {k: v for k, v in row.options.items() if k not in HOST_OPTIONS},
            "events": counts[row.id],
            "created": row.created,
            "current": index == 0,
        }
        for index, row in enumerate(rows)
    ]
