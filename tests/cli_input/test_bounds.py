"""Issue 17, numbers past any sensible bound and fields too small: one line naming the option
and the limit (exit 2), never a traceback, an endless run or runaway memory."""

from __future__ import annotations

import pytest
from cli_helpers import one_line, run

THOUSANDS = "9" * 5000  # int() refuses more than 4,300 digits: a ValueError traceback before


@pytest.mark.parametrize("command", [["spy", "deduce"], ["spy", "random"], ["spy", "check", "-"]])
@pytest.mark.parametrize(
    ("option", "value", "message"),
    [
        (
            "--rows",
            THOUSANDS,
            "--rows: '9999999999999999999999999999999999999999...' (5,000 characters) "
            "is not a whole number 1 to 64",
        ),
        ("--cols", "65", "--cols: '65' is not a whole number 1 to 64"),
        (
            "--lengths",
            "99999999999999999999",
            "--lengths: line length '99999999999999999999' is more than the limit of 63 "
            "(expected whole numbers 1 to 63: a field is at most 64 cells wide)",
        ),
        (
            "--lengths",
            f"1,{THOUSANDS}",
            "--lengths: line length '99999999999999999999...' (5,000 characters) is more than "
            "the limit of 63 (expected whole numbers 1 to 63: a field is at most 64 cells wide)",
        ),
        (
            "--lengths",
            "1,1,1,1,1,1,1,1",
            "--lengths: 8 lines, more than the limit of 7 (expected e.g. 1,2,3,4,5,6 or "
            "1,1,2,3,4,5,6)",
        ),
    ],
)
def test_numbers_past_the_limit(command, option, value, message):
    result = run(*command, option, value, input="2B 2D 5D 5H 10H 10B 9B\n")
    assert one_line(result) == f"deaddrop: {message}"


def test_long_lines_that_would_take_gigabytes_to_enumerate_are_refused():
    """Seven lines 57 to 63 long: 1.3 million chains of 421 cells (gigabytes) before."""
    result = run(
        "spy", "deduce", "--rows", "64", "--cols", "64", "--lengths", "57,58,59,60,61,62,63"
    )
    assert one_line(result) == (
        "deaddrop: --lengths: 57,58,59,60,61,62,63: too many long lines to enumerate "
        "(543,191,040 cells of chains to lay out, the limit is 20,000,000; expected lengths "
        "such as 1,1,2,3,4,5,6 or shorter)"
    )


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["--squares", "\u00b2"],
            "--squares: '\u00b2' is not a number 2 to 5 (expected e.g. --squares 2,3,5)",
        ),
        (
            ["--squares", THOUSANDS[:30]],
            "--squares: '999999999999999999999999999999' is not a number 2 to 5 "
            "(expected e.g. --squares 2,3,5)",
        ),
        (
            [f"{THOUSANDS}E=hot"],
            f"observation 1: '{'9' * 40}...' (5,005 characters): '{'9' * 40}...' "
            "(5,001 characters) is far outside any field (expected a cell such as 5E) "
            "(expected CELL=hot|warm|cold, or 2-5 cells in a row or column with their answers "
            "in order, e.g. 5E=hot or 4B-4E=hot,warm,cold,cold)",
        ),
    ],
)
def test_deduce_values_past_the_limit(args, message):
    assert one_line(run("spy", "deduce", *args)) == f"deaddrop: {message}"


def test_a_seed_past_the_limit():
    assert one_line(run("spy", "random", "--seed", THOUSANDS)) == (
        "deaddrop: --seed: '99999999999999999999...' (5,000 characters) has more than 30 digits "
        "(expected e.g. --seed 7)"
    )


@pytest.mark.parametrize(
    ("rows", "cols", "lengths", "squares"),
    [
        ("3", "3", "1,2", None),
        ("3", "3", "1,2", "5"),
        ("2", "3", "1,1", "2,3,4,5"),
        ("1", "4", "3", "5"),
    ],
)
def test_a_field_smaller_than_a_numbered_square(rows, cols, lengths, squares):
    """Before (the issue's report): "negative dimensions are not allowed" from numpy."""
    extra = [] if squares is None else ["--squares", squares]
    result = run("spy", "deduce", "--rows", rows, "--cols", cols, "--lengths", lengths, *extra)
    assert result.exit_code == 0, result.output
    assert "Best probe: " in result.stdout or "Solved: " in result.stdout
