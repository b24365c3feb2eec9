"""`deaddrop table list` reads the store alone: neither the table operations (assistant.table)
nor a game module loads to list the tables (start-up, issue 37)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from assistant import table

RUN = (
    "import sys; from deaddrop.commands.main import main; sys.argv = ['deaddrop', *sys.argv[1:]]\n"
    "try:\n    main()\nexcept SystemExit:\n    pass\n"
    "print(sorted(m for m in sys.modules if m == 'assistant.table' or m.startswith("
    "'assistant.games.')))"
)


def _run(tmp_path: Path, *args: str) -> list[str]:
    env = {**os.environ, "DEADDROP_DB": str(tmp_path / "t.sqlite"), "DEADDROP_CACHE": str(tmp_path)}
    out = subprocess.run(
        [sys.executable, "-c", RUN, *args], env=env, capture_output=True, text=True, check=True
    )
    return out.stdout.splitlines()


def test_list_loads_no_table_operations_nor_game(tmp_path):
    table.new(tmp_path / "t.sqlite", "tally", "t", {})
    table.do(tmp_path / "t.sqlite", "t", {"type": "add", "player": "red", "n": 2})
    out = _run(tmp_path, "table", "list")
    assert out[0].split() == ["*", "t", "tally", "1", "event"]
    assert out[-1] == "[]"
    assert table.tables(tmp_path / "t.sqlite")[0]["events"] == 1  # (still assistant.table's)
