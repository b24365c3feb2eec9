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
from deaddrop.commands.fast_params import install

RUN = (
    "import sys; from deaddrop.commands.main import main; sys.argv = ['deaddrop', *sys.argv[1:]]\n"
    "try:\n    main()\nexcept SystemExit:\n    pass\n"
    "heavy = ('reportlab', 'svgwrite', 'numpy', 'pydantic')\n"
    "print(sorted(m for m in heavy if m in sys.modules))"
)


def _run(tmp_path: Path, *args: str) -> list[str]:
    env = {**os.environ, "DEADDROP_DB": str(tmp_path / "t.sqlite"), "DEADDROP_CACHE": str(tmp_path)}
    out = subprocess.run(
        [sys.executable, "-c", RUN, *args], env=env, capture_output=True, text=True, check=True
    )
    return out.stdout.splitlines()


def test_show_imports_no_heavy_module(tmp_path):
    table.new(tmp_path / "t.sqlite", "tally", "t", {})
    table.do(tmp_path / "t.sqlite", "t", {"type": "add", "player": "red", "n": 2})
    out = _run(tmp_path, "table", "show")
    assert out[:2] == ["red      2", "blue     0"]
    assert out[-1] == "[]"


def test_tracker_commands_import_no_heavy_module(tmp_path):
    commands = [
        ["table", "new", "tally", "--name", "t", "-o", "max=9"],
        ["table", "do", "add", "player=red", "n=2", "--by", "me"],
        ["table", "void", "1", "--why", "typo"],
        ["table", "log"],
        ["table", "undo"],
        ["spy", "referee", "new", "--name", "s", "--rows", "8"],
    ]
    for args in commands:
        assert _run(tmp_path, *args)[-1] == "[]", args
    assert [line.text for line in table.log(tmp_path / "t.sqlite", "t")] == [
        "[undone] add player=red n=2"
    ]
    assert table.show(tmp_path / "t.sqlite", "s").state["rows"] == 8


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
        tag: Annotated[list[str] | None, typer.Option("--tag")] = None,
    ) -> None:
        seen.update(name=name, where=where, must=must, flag=flag, count=count, tag=tag)

    result = CliRunner().invoke(
        demo, ["x", "--where", "a/b", "--flag", "--count", "-3", "--tag", "a", "--tag", "b"]
    )
    assert result.exit_code == 0, result.output
    assert seen == {
        "name": "x",
        "where": Path("a/b"),
        "must": None,
        "flag": True,
        "count": -3,
        "tag": ["a", "b"],
    }
    CliRunner().invoke(demo, ["y"])
    assert (seen["count"], seen["tag"]) == (1, None)  # as Typer gives them
    # constrained parameters keep Typer's own checks
    result = CliRunner().invoke(demo, ["x", "--must", "/nonexistent/zz"])
    assert result.exit_code == 2
    assert "path '/nonexistent/zz' does not exist" in result.output
    result = CliRunner().invoke(demo, ["x", "--count", "many"])
    assert result.exit_code == 2
