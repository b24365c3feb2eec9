"""`deaddrop table show` stays light: no reportlab (nor pydantic) on its path; plain parameters."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Annotated

import typer
from typer.testing import CliRunner

from assistant import table
from deaddrop.fast_params import install

SHOW = (
    "import sys; from deaddrop.cli import main; sys.argv = ['deaddrop', 'table', 'show'];\n"
    "try:\n    main()\nexcept SystemExit:\n    pass\n"
    "print(sorted(m for m in ('reportlab', 'svgwrite', 'pydantic') if m in sys.modules))"
)


def test_show_imports_no_heavy_module(tmp_path):
    db = tmp_path / "t.sqlite"
    table.new(db, "tally", "t", {})
    table.do(db, "t", {"type": "add", "player": "red", "n": 2})
    env = {**os.environ, "DEADDROP_DB": str(db), "DEADDROP_CACHE": str(tmp_path / "c")}
    out = subprocess.run(
        [sys.executable, "-c", SHOW], env=env, capture_output=True, text=True, check=True
    )
    assert out.stdout.splitlines()[:2] == ["red      2", "blue     0"]
    assert out.stdout.splitlines()[-1] == "[]"


def test_plain_parameters_convert_like_typer(tmp_path):
    assert install() is True
    demo = typer.Typer()
    seen = {}

    @demo.command()
    def run(
        name: str,
        where: Annotated[Path, typer.Option("--where")] = Path("."),
        must: Annotated[Path | None, typer.Option("--must", exists=True)] = None,
        flag: Annotated[bool, typer.Option("--flag")] = False,
        count: Annotated[int, typer.Option("--count")] = 1,
    ) -> None:
        seen.update(name=name, where=where, must=must, flag=flag, count=count)

    result = CliRunner().invoke(demo, ["x", "--where", "a/b", "--flag", "--count", "3"])
    assert result.exit_code == 0, result.output
    assert seen == {"name": "x", "where": Path("a/b"), "must": None, "flag": True, "count": 3}
    # constrained parameters keep Typer's own checks
    result = CliRunner().invoke(demo, ["x", "--must", "/nonexistent/zz"])
    assert result.exit_code == 2
    assert "path '/nonexistent/zz' does not exist" in result.output
    result = CliRunner().invoke(demo, ["x", "--count", "many"])
    assert result.exit_code == 2
