"""What a void changed, in words (issue 23, item 14): never whole JSON arrays."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from assistant.history import change_words


def test_numbers_texts_and_lists_read_as_words():
    assert change_words("points.red", 5, 3) == "points.red: 5 -> 3"
    assert change_words("winner", None, "red") == "winner: none -> red"
    assert change_words("exposed.red", False, True) == "exposed.red: no -> yes"
    assert (
        change_words("tiles_played", ["Ge 1"], ["Ge 1", "It 10"])
        == "tiles_played: 1 -> 2 (It 10 added)"
    )
    assert (
        change_words("hands.Germany", ["Ge 1", "Ge 3"], ["Ge 1"])
        == "hands.Germany: 2 -> 1 (Ge 3 gone)"
    )
    assert change_words("spies", [{"a": 1}], []) == "spies: 1 -> 0 (1 entry gone)"


@given(
    st.lists(st.text(alphabet="ab1 ", max_size=4), max_size=6),
    st.lists(st.text(alphabet="ab1 ", max_size=4), max_size=6),
)
def test_a_list_change_is_one_line_without_brackets(before, after):
    text = change_words("x", before, after)
    assert "\n" not in text and "[" not in text and '"' not in text


def test_void_prints_what_changed_in_words(cli):
    assert cli("table", "new", "tally", "--name", "t").exit_code == 0
    assert cli("table", "do", "add", "player=red", "n=2").exit_code == 0
    assert cli("table", "do", "add", "player=blue", "n=1").exit_code == 0
    voided = cli("table", "void", "1", "--why", "misheard")
    assert voided.exit_code == 0, voided.stderr
    lines = voided.stdout.splitlines()
    assert lines[:2] == ["voided 1: add player=red n=2 (misheard)", "  points.red: 2 -> 0"]
