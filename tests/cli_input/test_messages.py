"""Issue 17, messages: each a sentence (`line length 0 is not allowed`, not `'0'`), and counts
in agreement with their nouns (`1 cell`, `worst case 1 remains`)."""

from __future__ import annotations

import pytest
from cli_helpers import one_line, run

from deaddrop.errors import counted


@pytest.mark.parametrize("command", [["spy", "deduce"], ["spy", "random"]])
@pytest.mark.parametrize("lengths", ["0", "1,0,2", "00"])
def test_a_zero_line_length_is_a_sentence(command, lengths):
    """Before: `--lengths: '0' (expected positive whole numbers, e.g. 1,1,2,3)`."""
    assert one_line(run(*command, "--lengths", lengths)) == (
        "deaddrop: --lengths: line length 0 is not allowed "
        "(expected whole numbers 1 to 63, e.g. 1,2,3,4,5,6)"
    )


def test_counted_agrees():
    assert [counted(n, "cell") for n in (0, 1, 2, 2048)] == [
        "0 cells",
        "1 cell",
        "2 cells",
        "2,048 cells",
    ]
    assert counted(1, "network fits", "networks fit") == "1 network fits"
    assert counted(3, "network fits", "networks fit") == "3 networks fit"


def test_one_answer_for_two_cells():
    """Before: `2 cells but 1 answers`."""
    assert one_line(run("spy", "deduce", "4B-4C=h")).startswith(
        "deaddrop: observation 1: '4B-4C=h': 2 cells but 1 answer (expected "
    )


def test_a_worst_case_of_one_network():
    """Before: `worst case 1 remain`."""
    result = run("spy", "deduce", "--rows", "3", "--cols", "3", "--lengths", "1,2", "1A=c")
    assert result.exit_code == 0
    assert result.stdout.splitlines()[-1] == (
        "Best probe: 1B (1 cell): 1.00 bits expected; worst case 1 remains, 1.0 on average."
    )


def test_two_networks_that_differ_at_cells(tmp_path):
    with open("one.txt", "w", encoding="utf-8") as handle:
        handle.write("2B 2D 5D 5H 10H 10B 9B\n")
    with open("two.txt", "w", encoding="utf-8") as handle:
        handle.write("1A 1C 4C 4G 9G 9A 8A\n")
    result = run("spy", "same", "one.txt", "two.txt")
    assert result.exit_code == 1
    first = result.stdout.splitlines()[0]
    assert first.startswith("different: the answers differ at ") and first.endswith(
        " cells (one.txt / two.txt):"
    )
