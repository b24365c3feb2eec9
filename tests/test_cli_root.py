"""The root CLI: domain errors become one line and an exit code (help texts and their docs:
tests/test_commands_documented.py)."""

from __future__ import annotations

import subprocess
import sys

import typer
from typer.testing import CliRunner

from deaddrop.commands.main import _Group
from deaddrop.errors import InputError, Refused


def _failing_app(error: Exception) -> typer.Typer:
    demo = typer.Typer(cls=_Group)

    @demo.command()
    def boom() -> None:
        """Raise the error."""
        raise error

    @demo.command()
    def fine() -> None:
        """Do nothing."""

    return demo


def test_input_error_is_one_line_per_problem_and_exit_2():
    result = CliRunner().invoke(
        _failing_app(InputError("a.yaml:3: x: bad\nb.yaml:4: y: worse")), ["boom"]
    )
    assert result.exit_code == 2
    assert result.stderr == "deaddrop: a.yaml:3: x: bad\ndeaddrop: b.yaml:4: y: worse\n"


def test_refusal_is_exit_1():
    result = CliRunner().invoke(_failing_app(Refused("refused: rule: why")), ["boom"])
    assert result.exit_code == 1
    assert result.stderr == "deaddrop: refused: rule: why\n"
    assert "Traceback" not in result.output


def test_console_script_starts_without_reportlab():
    code = (
        "import sys, deaddrop.commands.main;"
        " print('reportlab' in sys.modules, 'svgwrite' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["False", "False"]
