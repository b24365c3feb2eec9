"""The game sheet builds on A4 and Letter with its numbered squares as data; `check` stays light."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from assistant.spy.sheet_data import DEFAULT_SQUARES, sheet_squares
from deaddrop.cli import app
from deaddrop.errors import InputError
from deaddrop.paths import REPO_ROOT

TEMPLATES = REPO_ROOT / "templates"


@pytest.mark.parametrize(("paper", "size"), [("a4", (595.3, 841.9)), ("letter", (612.0, 792.0))])
def test_the_sheet_builds(tmp_path, paper, size):
    from pypdf import PdfReader

    result = CliRunner().invoke(
        app,
        ["build", "spy", "--templates", str(TEMPLATES), "--out", str(tmp_path), "--paper", paper],
    )
    assert result.exit_code == 0, result.output
    reader = PdfReader(tmp_path / "spy" / "sheet.pdf")
    box = reader.pages[0].mediabox
    assert (round(float(box.width), 1), round(float(box.height), 1)) == size
    text = reader.pages[0].extract_text()
    for words in ("UPPER FIELD", "LOWER FIELD", "Score", "hot", "warm", "cold"):
        assert words in text


def test_the_squares_are_data(tmp_path):
    assert sheet_squares(TEMPLATES) == DEFAULT_SQUARES == (2, 2, 3, 3, 4, 5)
    copy = tmp_path / "templates"
    shutil.copytree(TEMPLATES / "spy", copy / "spy")
    sheet = copy / "spy" / "sheet.yaml"
    text = sheet.read_text(encoding="utf-8")
    sheet.write_text(text.replace("square_6: 5}", "square_6: 2}"), encoding="utf-8")
    assert sheet_squares(copy) == (2, 2, 3, 3, 4, 2)
    sheet.write_text(text.replace("square_6: 5}", "square_6: 9}"), encoding="utf-8")
    with pytest.raises(InputError, match="expected whole numbers 2 to 5"):
        sheet_squares(copy)
    assert sheet_squares(tmp_path / "nowhere") == DEFAULT_SQUARES


def test_check_on_a_vertex_list_loads_no_heavy_module(tmp_path):
    """numpy, reportlab and pydantic (typer's coercion) stay out: `check` answers in ~0.1 s."""
    network = tmp_path / "n.txt"
    network.write_text("2B 2D 5D 5H 10H 10B 9B\n", encoding="utf-8")
    code = (
        "import sys\n"
        "from deaddrop.cli import app\n"
        f"sys.argv = ['deaddrop', 'spy', 'check', {str(network)!r}]\n"
        "try:\n    app()\nexcept SystemExit as e:\n    code = e.code\n"
        "heavy = ('numpy', 'reportlab', 'pydantic')\n"
        "print(*(name in sys.modules for name in heavy), code)\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=Path.cwd()
    )
    assert out.stdout.splitlines()[-1] == "False False False 0"
