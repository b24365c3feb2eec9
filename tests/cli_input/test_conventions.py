"""Issue 17, conventions: help screens in click's terms (a flag shows no value; values show TEXT,
INTEGER, PATH or their metavar; arguments in capitals, `FILE` required, `[CELLS]...` optional),
`deaddrop --version`, and `-` for standard input wherever a Spy! command reads a file."""

from __future__ import annotations

import re
from importlib.metadata import version

import pytest
import typer
from cli_helpers import LEGAL, run

from deaddrop.commands.main import app

TYPER_LABELS = re.compile(r"<(bool|str|int|float|path|list\[[a-z]+\])>|\{[a-z_]+\}")


def _commands(command, path=()):
    yield path, command
    for name, sub in getattr(command, "commands", {}).items():
        yield from _commands(sub, (*path, name))


ALL = [path for path, _ in _commands(typer.main.get_command(app))]


@pytest.mark.parametrize("path", ALL, ids=lambda p: " ".join(p) or "deaddrop")
def test_help_shows_no_typer_type_labels(path):
    """Before: `--svg <bool>`, `--out <path>`, `<list[str]>`, `{file}` in the usage line."""
    result = run(*path, "--help")
    assert result.exit_code == 0
    assert not TYPER_LABELS.findall(result.stdout), result.stdout


def test_the_help_of_spy_answer_in_full_words():
    text = run("spy", "answer", "--help").stdout
    assert " spy answer [OPTIONS] FILE [CELLS]..." in text
    rows = {line.strip("│ ").split()[0]: line for line in text.splitlines() if "│ " in line}
    assert rows["--json"].split("│")[1].split()[:2] == ["--json", "Print"]  # a flag: no value
    assert rows["--lengths"].split()[2] == "TEXT"
    assert rows["--rows"].split()[2] == "R"


def test_version():
    result = run("--version")
    assert result.exit_code == 0
    assert result.stdout == f"deaddrop {version('deaddrop')}\n"
    assert run("--version", "spy").stdout == result.stdout  # eager: nothing else runs


def test_a_log_of_observations_from_standard_input():
    from_stdin = run("spy", "deduce", "--log", "-", "--json", input="5E=hot\n# a comment\n4B=c\n")
    with open("probes.log", "w", encoding="utf-8") as handle:
        handle.write("5E=hot\n4B=c\n")
    from_file = run("spy", "deduce", "--log", "probes.log", "--json")
    assert from_stdin.exit_code == from_file.exit_code == 0
    assert from_stdin.stdout == from_file.stdout


def test_a_log_on_stdin_that_is_not_text():
    result = run("spy", "deduce", "--log", "-", input=b"5E=hot\n\xff\n")
    assert result.exit_code == 2
    assert result.stderr == "deaddrop: <stdin>: cannot read the log: not UTF-8 text\n"


def test_each_spy_file_reader_takes_dash():
    with open("other.txt", "w", encoding="utf-8") as handle:
        handle.write(LEGAL + "\n")
    for args in (["check", "-"], ["answer", "-", "5E"], ["same", "-", "other.txt"]):
        result = run("spy", *args, input=LEGAL + "\n")
        assert result.exit_code == 0, (args, result.output)
