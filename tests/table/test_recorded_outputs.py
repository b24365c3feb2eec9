"""Every recorded game prints exactly what it printed before the code was reorganised.

The outputs of `table import`, `show`, `show --json`, `log`, `log --json` and `export` of every
recorded game (the Spies & Lies games, a tally game with a void and an undo, a refereed Spy!
game) were written to tests/golden/tables/ before the house-in-order change moved any code (the
Spies! and Spy vs Spy games' since their trackers were written); the test replays each game
through the command line and compares every byte. Regenerate only on purpose:
`pytest --update-golden tests/table/test_recorded_outputs.py`.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from deaddrop.commands.main import app

TESTS = Path(__file__).parent.parent
FOLDERS = ("spies_and_lies", "spies", "spy_vs_spy", "table")
GAMES = sorted(path for folder in FOLDERS for path in (TESTS / folder / "games").glob("*.yaml"))
GOLDEN = TESTS / "golden" / "tables"
# import stamps events recorded without a time with the clock: the clock is not under test
STAMP = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ")
COMMANDS = [
    ["show"],
    ["show", "--json"],
    ["log"],
    ["log", "--json"],
    ["export"],
]


def _transcript(source: Path, db: Path) -> str:
    runner = CliRunner()
    parts = []
    for args in [["import", str(source), "--name", "t"], *COMMANDS]:
        full = ["table", *args, "--db", str(db)]
        result = runner.invoke(app, full)
        shown = " ".join(args).replace(str(source), source.name)
        parts.append(f"$ table {shown}\nexit {result.exit_code}\n{result.output}")
    return STAMP.sub("<time>", "\n".join(parts))


@pytest.mark.parametrize("source", GAMES, ids=lambda p: p.stem)
def test_recorded_game_prints_what_it_printed_before(source, tmp_path, request):
    text = _transcript(source, tmp_path / "t.sqlite")
    golden = GOLDEN / f"{source.stem}.txt"
    if request.config.getoption("--update-golden"):
        GOLDEN.mkdir(parents=True, exist_ok=True)
        golden.write_text(text, encoding="utf-8")
    assert text == golden.read_text(encoding="utf-8")


def test_every_recorded_game_has_its_transcript():
    assert len(GAMES) >= 11
    assert sorted(p.stem for p in GAMES) == sorted(p.stem for p in GOLDEN.glob("*.txt"))
