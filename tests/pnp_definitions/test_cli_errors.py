"""`deaddrop build` on a bad definition: exit 2, one `deaddrop: file:line: ...` line each."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

from typer.testing import CliRunner

from deaddrop.commands.main import app

BAD_ROWS = """\
components:
  cards:
    kind: card
    size: [63mm, 88mm]
    columns: [name, strength]
    rows:
      - {name: Müller, strength: 2}
      - {name: Łódź, strenght: 4}
    front:
      - text: "{name}"
        box: {w: 10, h: 100%}
"""
EXPECTED = (
    "deaddrop: bad/cards.yaml:8: components.cards.rows[1].strenght: unknown field"
    " (did you mean 'strength'?)\n"
    "deaddrop: bad/cards.yaml:11: components.cards.front[0].box.w: the number 10 has no unit"
    " (expected a length such as 3mm or a percentage such as 50%)\n"
)


def test_build_of_a_bad_game_exits_2_with_located_messages(make_game, tmp_path):
    make_game({"cards.yaml": BAD_ROWS})
    result = CliRunner().invoke(app, ["build", "--templates", str(tmp_path), "--out", "out", "bad"])
    assert result.exit_code == 2, result.output
    assert result.stderr == EXPECTED
    assert "Traceback" not in result.output
    assert not (tmp_path / "out" / "bad.pdf").exists()


def test_unknown_game_exits_2_and_lists_the_known_games(make_game, tmp_path):
    make_game({})
    result = CliRunner().invoke(app, ["build", "--templates", str(tmp_path), "nope"])
    assert result.exit_code == 2
    assert result.stderr == "deaddrop: unknown game 'nope' (known: bad)\n"


def test_console_script_prints_no_traceback(make_game, tmp_path):
    make_game({"cards.yaml": BAD_ROWS})
    script = Path(sys.executable).parent / "deaddrop"
    command = [str(script)] if script.exists() else [shutil.which("deaddrop") or "deaddrop"]
    env = {**os.environ, "DEADDROP_CACHE": str(tmp_path / "cache")}
    out = subprocess.run(
        [*command, "build", "--templates", str(tmp_path), "--out", "out", "bad"],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env=env,
        timeout=60,
    )
    assert out.returncode == 2
    assert out.stderr == EXPECTED
    assert out.stdout == ""
