"""Tracker commands stay light (start-up, issue 37): no reportlab (nor svgwrite, numpy, pydantic)
on their path; `table list` reads the store alone, neither the table operations (assistant.table)
nor a game module loaded; plain parameters."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Annotated

import typer
from typer.testing import CliRunner

from assistant import table
from deaddrop.commands.fast_params import install

# One process runs the commands one after the other, as the console script would each, and
# after each prints the heavy modules and the table/game modules loaded so far: a module is
# never unloaded, so the first command to load one is the first line that names it.
RUN = """
import json, sys
from deaddrop.commands.main import main

HEAVY = ("reportlab", "svgwrite", "numpy", "pydantic")
for args in json.loads(sys.argv[1]):
    sys.argv = ["deaddrop", *args]
    try:
        main()
    except SystemExit:
        pass
    loaded = {
        "heavy": sorted(m for m in HEAVY if m in sys.modules),
        "table": sorted(
            m for m in sys.modules if m == "assistant.table" or m.startswith("assistant.games.")
        ),
    }
    print("@@ " + json.dumps(loaded), flush=True)
"""


def _run(tmp_path: Path, *commands: list[str]) -> list[tuple[list[str], dict[str, list[str]]]]:
    """Each command's output lines and the modules loaded after it."""
    env = {**os.environ, "DEADDROP_DB": str(tmp_path / "t.sqlite"), "DEADDROP_CACHE": str(tmp_path)}
    out = subprocess.run(
        [sys.executable, "-c", RUN, json.dumps(commands)],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    runs: list[tuple[list[str], dict[str, list[str]]]] = []
    lines: list[str] = []
    for line in out.stdout.splitlines():
        if line.startswith("@@ "):
            runs.append((lines, json.loads(line[3:])))
            lines = []
        else:
            lines.append(line)
    assert len(runs) == len(commands), out.stdout + out.stderr
    return runs


def _a_table(tmp_path: Path) -> None:
    table.new(tmp_path / "t.sqlite", "tally", "t", {})
    table.do(tmp_path / "t.sqlite", "t", {"type": "add", "player": "red", "n": 2})


def test_list_loads_no_table_operations_nor_game(tmp_path):
    _a_table(tmp_path)
    [(out, loaded)] = _run(tmp_path, ["table", "list"])
    assert out[0].split() == ["*", "t", "tally", "1", "event"]
    assert loaded == {"heavy": [], "table": []}
    assert table.tables(tmp_path / "t.sqlite")[0]["events"] == 1  # (still assistant.table's)


def test_show_imports_no_heavy_module(tmp_path):
    _a_table(tmp_path)
    [(out, loaded)] = _run(tmp_path, ["table", "show"])
    assert out[:2] == ["red      2", "blue     0"]
    assert loaded["heavy"] == []


def test_tracker_commands_import_no_heavy_module(tmp_path):
    commands = [
        ["table", "new", "tally", "--name", "t", "-o", "max=9"],
        ["table", "do", "add", "player=red", "n=2", "--by", "me"],
        ["table", "void", "1", "--why", "typo"],
        ["table", "log"],
        ["table", "undo"],
        ["spy", "referee", "new", "--name", "s", "--rows", "8"],
    ]
    for args, (_, loaded) in zip(commands, _run(tmp_path, *commands), strict=True):
        assert loaded["heavy"] == [], args
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
