"""Every command of `deaddrop` has help text, every option of it too, and the docs name it.

The command tree is walked from `deaddrop.commands.main:app`, so a new command or option is held
to the same rules as soon as it exists. "Named in the docs" means the full command path, e.g.
`deaddrop spy referee seal`, written out in README.md or in a docs/*.md file (line breaks and runs
of spaces count as one space).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import typer

from deaddrop.commands.main import app

ROOT = Path(__file__).resolve().parent.parent


def _commands(command, path: tuple[str, ...]):
    yield " ".join(path), command
    for name, sub in sorted(getattr(command, "commands", {}).items()):
        if not sub.hidden:
            yield from _commands(sub, (*path, name))


COMMANDS = dict(_commands(typer.main.get_command(app), ("deaddrop",)))


def _docs() -> str:
    pages = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
    return " ".join(" ".join(page.read_text(encoding="utf-8").split()) for page in pages)


DOCS = _docs()


def test_the_walk_finds_the_commands():
    assert {
        "deaddrop",
        "deaddrop build",
        "deaddrop table void",
        "deaddrop spy referee seal",
    } <= set(COMMANDS)


@pytest.mark.parametrize("path", sorted(COMMANDS))
def test_the_command_has_help(path):
    command = COMMANDS[path]
    assert (command.help or command.short_help or "").strip(), f"`{path}` has no help text"


@pytest.mark.parametrize("path", sorted(COMMANDS))
def test_every_parameter_has_help(path):
    """Options (but --help) and arguments: `deaddrop ... --help` explains each of them."""
    missing = [
        "/".join(param.opts)
        for param in COMMANDS[path].params
        if param.name != "help"
        and not getattr(param, "hidden", False)
        and not (getattr(param, "help", None) or "").strip()
    ]
    assert missing == [], f"`{path}`: no help text for {', '.join(missing)}"


@pytest.mark.parametrize("path", sorted(COMMANDS))
def test_the_docs_name_the_command(path):
    named = re.search(rf"(?<![\w-]){re.escape(path)}(?![\w-])", DOCS)
    assert named, f"`{path}` is named in neither README.md nor docs/*.md"
