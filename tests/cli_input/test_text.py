"""Issue 17, arguments that are not UTF-8 and control characters: read as text that may not be
UTF-8 (Python's surrogate escapes, as the command line and os.fsdecode give them) and echoed
escaped, so that an error stays on one line and never changes the terminal."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from cli_helpers import one_line, run

BAD = os.fsdecode(b"\xff")  # what Python makes of the byte 0xff in argv: '\udcff'


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["spy", "check", f"a{BAD}b"], "a\\xffb: no such file (expected a network file, or -)"),
        (
            ["spy", "check", "a\nb\x1b[31mc"],
            "a\\nb\\x1b[31mc: no such file (expected a network file, or -)",
        ),
        (["spy", "deduce", "--rows", BAD], "--rows: '\\xff' is not a whole number 1 to 64"),
        (
            ["spy", "deduce", "--lengths", f"1,{BAD}"],
            "--lengths: '1,\\xff' is not a list of numbers (expected e.g. 1,2,3,4,5,6)",
        ),
        (
            ["spy", "deduce", "--squares", "2,\x1b"],
            "--squares: '\\x1b' is not a number 2 to 5 (expected e.g. --squares 2,3,5)",
        ),
        (
            ["spy", "deduce", "5E=h\x07ot"],
            "observation 1: '5E=h\\x07ot': 'h\\x07ot' is not an answer (hot, warm, cold or h, w, "
            "c) (expected CELL=hot|warm|cold, or 2-5 cells in a row or column with their answers "
            "in order, e.g. 5E=hot or 4B-4E=hot,warm,cold,cold)",
        ),
        (
            ["spy", "deduce", "--log", f"x{BAD}\n"],
            "x\\xff\\n: cannot read the log: no such file or directory",
        ),
        (
            ["spy", "random", "--seed", "1\u2028"],
            "--seed: '1\\u2028' is not a whole number (expected e.g. --seed 7)",
        ),
    ],
)
def test_user_text_is_escaped_in_one_line(args, message):
    assert one_line(run(*args)) == f"deaddrop: {message}"


def test_a_database_folder_named_with_bad_bytes():
    os.mkdir(f"{BAD}\n")
    assert one_line(run("table", "list", "--db", f"{BAD}\n")) == (
        "deaddrop: \\xff\\n: cannot open the database: is a directory (expected a database file)"
    )


def test_a_domain_error_with_a_control_character_stays_one_line():
    """Escaped centrally too: a message from deeper code that forgot to escape its value."""
    result = run("spy", "answer", "-", "5E\x1b[2J", input="2B 2D 5D 5H 10H 10B 9B\n")
    line = one_line(result)
    assert "\x1b" not in line and "\\x1b[2J" in line


def test_a_usage_error_echoes_the_option_escaped():
    result = run("spy", "check", "--color\x1b[2J")
    assert result.exit_code == 2
    assert "\x1b" not in result.stderr
    assert "No such option: --color\\x1b[2J" in result.stderr


def test_bytes_that_are_not_utf8_on_a_real_command_line(tmp_path):
    """The console script itself, given the byte 0xff (not UTF-8) and an escape sequence."""
    script = "from deaddrop.commands.main import main; main()"
    env = {**os.environ, "DEADDROP_CACHE": str(tmp_path / "cache")}
    done = subprocess.run(
        [sys.executable, "-c", script, "spy", "check", b"x\xff\x1b[31m.txt"],
        capture_output=True,
        env=env,
        cwd=tmp_path,
    )
    assert done.returncode == 2
    assert (
        done.stderr
        == b"deaddrop: x\\xff\\x1b[31m.txt: no such file (expected a network file, or -)\n"
    )
