"""`run(*args)`: the root app in process, as a user would call it (issue 17 tests)."""

from __future__ import annotations

from typer.testing import CliRunner

from deaddrop.commands.main import app

LEGAL = "2B 2D 5D 5H 10H 10B 9B"


def run(*args: str, input: str | bytes | None = None):
    return CliRunner().invoke(app, list(args), input=input)


def one_line(result, code: int = 2) -> str:
    """The one error line of a failed run (asserting exit code, one line, no traceback)."""
    assert result.exit_code == code, (result.exit_code, result.output, result.exception)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("deaddrop: ")
    return lines[0]
