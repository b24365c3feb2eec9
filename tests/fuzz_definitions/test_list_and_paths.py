"""`deaddrop list` and `deaddrop build` on folders that are not what they should be: a broken
game among good ones, names the system refuses, empty names, a file for a folder. Every
problem is one `deaddrop: ...` line, exit 2, no traceback, nothing written."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from typer.testing import CliRunner

from deaddrop.commands.main import app

LONG = "n" * 300  # past NAME_MAX (255) on every common file system
GOOD = """\
components:
  cards: {kind: card, size: [63mm, 88mm], count: 2, front: [{rect: full}]}
"""
BROKEN = """\
components:
  cards: {kind: card, size: [63mm, 88mm], count: 0, front: [{rect: full}]}
  more: {kind: cardd, size: [63mm, 88mm], front: []}
"""
runner = CliRunner()


def invoke(*args: str):
    result = runner.invoke(app, list(args))
    assert "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    return result


@pytest.fixture
def games(game, tmp_path):
    game({"cards.yaml": GOOD}, name="alpha")
    game({"cards.yaml": BROKEN}, name="beta")
    game({"cards.yaml": GOOD}, name="gamma")
    return tmp_path


BETA_PROBLEMS = (
    "deaddrop: beta/cards.yaml:2: components.cards.count: 0 is too small (expected at least 1)\n"
    "deaddrop: beta/cards.yaml:3: components.more.kind: unknown kind 'cardd'"
    " (did you mean 'card'?)\n"
)


def test_list_shows_the_good_games_and_reports_the_broken_one(games):
    """One broken game made `list` fail for every game."""
    result = invoke("list", "--templates", str(games))
    assert result.exit_code == 2
    assert result.stderr == BETA_PROBLEMS
    assert [line for line in result.stdout.splitlines() if not line.startswith(" ")] == [
        "alpha: alpha",
        "gamma: gamma",
    ]


def test_list_json_holds_the_good_games_and_exits_2(games):
    result = invoke("list", "--templates", str(games), "--json")
    assert result.exit_code == 2
    assert [g["name"] for g in json.loads(result.stdout)["games"]] == ["alpha", "gamma"]
    assert result.stderr == BETA_PROBLEMS


@pytest.mark.parametrize("command", ["list", "build"])
@pytest.mark.parametrize(
    ("templates", "message"),
    [
        ("/nonexistent", "/nonexistent: templates folder not found"),
        ("", "--templates: the folder name is empty (expected a folder of game templates)"),
        ("a-file", "a-file: is a file (expected a folder of game templates)"),
        (LONG, f"{LONG}: cannot read the templates: file name too long"),
        (
            f"a-file/{LONG}",
            f"a-file/{LONG}: cannot read the templates: a part of the path is not a directory",
        ),
    ],
)
def test_a_templates_folder_that_cannot_be_one_is_one_line(games, command, templates, message):
    (games / "a-file").write_text("x")
    before = sorted(os.listdir(games))
    out = ["--out", "out"] if command == "build" else []
    result = invoke(command, "--templates", templates, *out)
    assert result.exit_code == 2
    assert result.stderr == f"deaddrop: {message}\n"
    assert result.stdout == ""
    assert sorted(os.listdir(games)) == before


@pytest.mark.parametrize(
    ("out", "message"),
    [
        ("", "--out: the folder name is empty (expected the folder to write the kits to)"),
        (LONG, f"{LONG}: cannot write the kits: file name too long"),
        (f"sub/{LONG}/x", f"sub/{LONG}/x: cannot write the kits: file name too long"),
        ("a-file", "--out: a-file is a file (expected a folder)"),
        (
            "/proc/deaddrop-out",
            "/proc/deaddrop-out: cannot write the kits: no such file or directory",
        ),
    ],
)
def test_an_out_folder_the_system_refuses_is_one_line_and_nothing_is_written(games, out, message):
    """An empty --out wrote the kits into the current folder; a name too long was a traceback."""
    (games / "a-file").write_text("x")
    (games / "sub").mkdir()
    before = sorted(p.relative_to(games) for p in games.rglob("*"))
    result = invoke("build", "alpha", "--templates", str(games), "--out", out)
    assert result.exit_code == 2
    assert result.stderr == f"deaddrop: {message}\n"
    assert sorted(p.relative_to(games) for p in games.rglob("*")) == before


def test_folders_without_permission_are_one_line(games):
    """Run held to file modes (tests/unprivileged.py): as root too, where CI runs."""
    from unprivileged import deaddrop

    locked = games / "locked"
    locked.mkdir()
    locked.chmod(0)
    try:
        listed = deaddrop("list", "--templates", str(locked), cwd=games)
        built = deaddrop(
            "build", "alpha", "--templates", str(games), "--out", f"{locked}/out", cwd=games
        )
    finally:
        locked.chmod(0o700)
    assert listed.returncode == 2
    assert listed.stderr == f"deaddrop: {locked}: cannot read the templates: permission denied\n"
    assert built.returncode == 2
    assert built.stderr == f"deaddrop: {locked}/out: cannot write the kits: permission denied\n"
    assert list(locked.iterdir()) == []


def test_a_write_refused_by_the_system_is_one_line(games, monkeypatch):
    """As a folder without permission: the first write is refused (EACCES)."""
    import deaddrop.files as files

    def refuse(*args, **kwargs):
        raise PermissionError(13, "Permission denied", str(Path("out") / "alpha.pdf"))

    monkeypatch.setattr(files.tempfile, "mkstemp", refuse)
    result = invoke("build", "alpha", "--templates", str(games), "--out", "out")
    assert result.exit_code == 2
    assert result.stderr == "deaddrop: out/alpha.pdf: cannot write the PDF: permission denied\n"
    assert not [p for p in (games / "out").rglob("*") if p.is_file()]
