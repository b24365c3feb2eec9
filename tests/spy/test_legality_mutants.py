"""Legality of a Spy! network (assistant/games/spy/legality.py, model.py), pinned where a
mutation run found it loose: the exact message of each rule, numbers in words and in digits."""

from __future__ import annotations

import pytest
from spy_helpers import FIELD, net

from assistant.games.spy.legality import Problem, check_network, number_word
from assistant.games.spy.model import (
    Field,
    Line,
    Network,
    column_index,
    column_letters,
    format_cell,
)


def problems(network: Network, lengths=(1, 2, 3, 4, 5, 6)) -> list[Problem]:
    return check_network(network, FIELD, lengths)


def test_numbers_are_words_up_to_ten_then_digits():
    assert [number_word(n) for n in range(12)] == [
        "no",
        "one",
        "two",
        "three",
        "four",
        "five",
        "six",
        "seven",
        "eight",
        "nine",
        "ten",
        "11",
    ]
    assert number_word(-1) == "-1"
    assert number_word(100) == "100"


def test_a_single_corner_cell_has_no_line():
    problem = problems(Network(((0, 0),)))[0]
    assert problem == Problem(
        "line-count",
        "too few lines: no lines (1 corner cells); the lengths 1, 2, 3, 4, 5, 6 need six"
        " (7 corner cells)",
    )


def test_eleven_lines_are_counted_in_digits():
    zigzag = net("1A 1B 2B 2C 3C 3D 4D 4E 5E 5F 6F 6G")  # eleven lines of length 1
    assert problems(zigzag)[0] == Problem(
        "line-count",
        "too many lines: 11 lines (12 corner cells); the lengths 1, 2, 3, 4, 5, 6 need six"
        " (7 corner cells)",
    )
    assert problems(zigzag)[1].message == (
        "11 lines are 1 long; no line is 2 long; no line is 3 long;"
        " no line is 4 long; no line is 5 long; no line is 6 long"
    )


def test_a_single_line_is_one_line():
    assert problems(net("1A 1C"))[0].message == (
        "too few lines: one line (2 corner cells); the lengths 1, 2, 3, 4, 5, 6 need six"
        " (7 corner cells)"
    )


def test_a_slanted_line_and_a_line_of_no_length_name_their_cells():
    assert problems(net("1A 1B 3D 3E"), lengths=(1, 2, 1))[0] == Problem(
        "straight", "line 2 (1B-3D) is neither horizontal nor vertical", ((0, 1), (2, 3))
    )
    assert problems(net("1A 1A 1C"), lengths=(0, 2))[0] == Problem(
        "zero-length",
        "line 1 (1A-1A) has no length: it starts and ends in the same cell",
        ((0, 0),),
    )


def test_lengths_given_twice_are_counted_and_their_cells_named():
    """Lengths 1, 1, 2: three lines 1 long are one too many; with 1, 1, 1 two are one short."""
    zigzag = net("1A 1B 2B 2C")  # three lines, each 1 long
    assert problems(zigzag, lengths=(1, 1, 2)) == [
        Problem(
            "lengths",
            "three lines are 1 long (the lengths allow two); no line is 2 long",
            ((0, 0), (0, 1), (1, 1), (1, 2)),
        )
    ]
    hook = net("1A 1B 2B 2D")  # 1, 1 and 2 long
    assert problems(hook, lengths=(1, 1, 1)) == [
        Problem(
            "lengths",
            "one line is 2 long, a length not in 1, 1, 1; only two lines are 1 long (the lengths"
            " need three)",
            ((1, 1), (1, 2), (1, 3)),
        )
    ]
    assert problems(net("1A 1B 2B"), lengths=(1, 1, 1))[1].message == (
        "only two lines are 1 long (the lengths need three)"
    )


def test_joints_that_are_not_right_angles():
    # the first line 1 long, the second going on the same way
    assert problems(net("1A 1B 1D"), lengths=(1, 2)) == [
        Problem(
            "right-angle",
            "lines 1 and 2 meet in a straight line at 1B, not at a right angle",
            ((0, 1),),
        )
    ]
    # a line of no length first does not stop the joints after it from being checked
    found = problems(net("1A 1A 1C 1E"), lengths=(0, 2, 2))
    assert [p.message for p in found if p.rule == "right-angle"] == [
        "lines 2 and 3 meet in a straight line at 1C, not at a right angle"
    ]
    # a vertical line turning back over the one before
    assert problems(net("1A 4A 2A 2C"), lengths=(3, 2, 2)) == [
        Problem(
            "right-angle",
            "line 2 turns back over line 1 at 4A, not at a right angle (shared cells 2A, 3A and"
            " 4A)",
            ((1, 0), (2, 0), (3, 0)),
        )
    ]


@pytest.mark.parametrize("text, lengths", [("3C 3D 3B 6B", (1, 2, 3)), ("3B 3D 3C 6C", (2, 1, 3))])
def test_a_line_turning_back_is_reported_once_as_a_joint(text, lengths):
    found = problems(net(text), lengths)
    assert [p.rule for p in found] == ["right-angle"]


def test_a_touch_at_a_joint_next_to_a_slanted_line_is_reported():
    """A joint is normally reported for the lines meeting there; beside a slanted line (which
    has no cells) the touch is reported for the line that meets it."""
    small = Field(6, 6)
    found = check_network(net("1A 2A 6C 6A 2A"), small, (1, 2, 3, 4))
    assert found[-1] == Problem("touch", "line 4 (4 long, 6A-2A) touches line 1 at 2A", ((1, 0),))
    found = check_network(net("1A 1E 3E 1C 4C"), small, (1, 2, 3, 4))
    assert found[-1] == Problem("touch", "line 4 (3 long, 1C-4C) touches line 1 at 1C", ((0, 2),))


# ---- the model ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "letters, why",
    [
        ("", "a column needs at least one letter"),
        ("A[", "'A[' is not a column (expected letters A-Z)"),
        ("a1", "'a1' is not a column (expected letters A-Z)"),
    ],
)
def test_a_column_is_letters(letters, why):
    with pytest.raises(ValueError) as caught:
        column_index(letters)
    assert str(caught.value) == why


def test_a_network_outside_the_field_has_no_mask():
    with pytest.raises(ValueError) as caught:
        net("9A 9C 11C").mask(FIELD)
    assert str(caught.value) == "11C is outside the 10 x 10 field (rows 1-10, columns A-J)"


def test_the_cells_a_network_covers():
    assert Network(((2, 3),)).cells() == {(2, 3)}  # a single corner cell covers itself
    assert Network(((0, 0), (2, 2))).cells() == frozenset()  # a slanted line covers nothing
    assert net("1A 1C 3C").cells() == {(0, 0), (0, 1), (0, 2), (1, 2), (2, 2)}


def test_two_slanted_lines_in_a_row_are_not_also_a_bad_joint():
    assert [p.rule for p in problems(net("1A 2B 3C"), lengths=(1, 1))] == [
        "straight",
        "straight",
        "lengths",
    ]


def test_a_line_running_back_along_another_overlaps_it():
    found = problems(net("1A 1D 3D 3E 1E 1C"), lengths=(3, 2, 1, 2, 2))
    assert found == [
        Problem("touch", "line 5 (2 long, 1E-1C) overlaps line 1 at 1C and 1D", ((0, 2), (0, 3))),
        Problem("touch", "line 5 (2 long, 1E-1C) touches line 2 at 1D", ((0, 3),)),
    ]


def test_a_line_off_the_left_edge_names_the_column_by_number():
    assert format_cell((4, -1)) == "5(column 0)"
    assert format_cell((0, -3)) == "1(column -2)"
    found = problems(Network(((0, 1), (0, -1))), lengths=(2,))
    assert found == [
        Problem("field", "line 1 leaves the field at 1(column 0)", ((0, -1),)),
    ]


def test_the_model_refuses_what_is_not_a_field_a_column_or_a_straight_line():
    with pytest.raises(ValueError) as caught:
        Field(0, 5)
    assert str(caught.value) == (
        "a field needs at least one row and one column, not Field(rows=0, cols=5)"
    )
    with pytest.raises(ValueError) as caught:
        Field(5, 0)
    assert str(caught.value).endswith("not Field(rows=5, cols=0)")
    with pytest.raises(ValueError) as caught:
        column_letters(-1)
    assert str(caught.value) == "column index -1 is negative"
    with pytest.raises(ValueError) as caught:
        Line((0, 0), (1, 1)).cells()
    assert str(caught.value) == "line 1A-2B is neither horizontal nor vertical"
