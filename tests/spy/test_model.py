"""The Spy! model: cells, masks, lines, networks and answers."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from spy_helpers import FIELD, LEGAL, net

from assistant.games.spy.model import (
    Field,
    Line,
    answer,
    answer_map,
    cell_bit,
    cells_of_mask,
    column_index,
    column_letters,
    format_cell,
    mask_of_cells,
    parse_cell,
    warm_mask,
)


@pytest.mark.parametrize(
    ("text", "cell"),
    [("1A", (0, 0)), ("10J", (9, 9)), ("A1", (0, 0)), ("j10", (9, 9)), ("5e", (4, 4))]
    + [(" 3c ", (2, 2))],
)
def test_parse_cell_forms(text, cell):
    assert parse_cell(text, FIELD) == cell


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("11C", "11C is outside the 10 x 10 field (rows 1-10, columns A-J)"),
        ("0C", "0C is outside the 10 x 10 field (rows 1-10, columns A-J)"),
        ("3K", "3K is outside the 10 x 10 field (rows 1-10, columns A-J)"),
        ("C", "'C' is not a cell (expected row then column, e.g. 5E)"),
        ("3-C", "'3-C' is not a cell (expected row then column, e.g. 5E)"),
        ("", "'' is not a cell (expected row then column, e.g. 5E)"),
    ],
)
def test_parse_cell_errors(text, message):
    with pytest.raises(ValueError) as caught:
        parse_cell(text, FIELD)
    assert str(caught.value) == message


@settings(max_examples=200, deadline=None)
@given(
    st.integers(0, 120),
    st.integers(0, 80),
    st.booleans(),
    st.booleans(),
)
def test_a_cell_off_the_field_is_named_as_the_player_typed_it(row, col, column_first, lower):
    """Whatever form a cell off the field is typed in ("ZZ9", "c11", "11C"), the message starts
    with the player's own text (quoted, with the row and column it was read as, when it is not
    the usual form) and names the field; a cell on the field parses."""
    letters = column_letters(col)
    typed = f"{letters}{row}" if column_first else f"{row}{letters}"
    typed = typed.lower() if lower else typed
    inside = 1 <= row <= FIELD.rows and col < FIELD.cols
    if inside:
        assert parse_cell(typed, FIELD) == (row - 1, col)
        return
    with pytest.raises(ValueError) as caught:
        parse_cell(typed, FIELD)
    message = str(caught.value)
    assert message.endswith("is outside the 10 x 10 field (rows 1-10, columns A-J)")
    if typed.upper() == f"{row}{letters}":  # the usual form, in either case
        assert message.startswith(f"{row}{letters} is outside")
    else:
        assert message.startswith(f"'{typed}' (row {row}, column {letters}) is outside")


def test_columns_beyond_z_go_on_as_in_a_spreadsheet():
    assert [column_letters(i) for i in (0, 25, 26, 27, 51, 52, 701, 702)] == [
        "A", "Z", "AA", "AB", "AZ", "BA", "ZZ", "AAA",
    ]  # fmt: skip
    wide = Field(3, 30)
    assert parse_cell("2AC", wide) == (1, 28)
    assert format_cell((1, 28)) == "2AC"


@given(st.integers(0, 5000))
def test_column_letters_round_trip(index):
    assert column_index(column_letters(index)) == index


@given(st.integers(1, 40), st.integers(1, 40), st.data())
def test_cell_text_round_trip(rows, cols, data):
    field = Field(rows, cols)
    cell = (data.draw(st.integers(0, rows - 1)), data.draw(st.integers(0, cols - 1)))
    text = format_cell(cell)
    assert parse_cell(text, field) == cell
    assert parse_cell(text.lower(), field) == cell
    row, col = text[: len(str(cell[0] + 1))], text[len(str(cell[0] + 1)) :]
    assert parse_cell(col + row, field) == cell


def test_cell_bits_are_row_major():
    assert cell_bit((0, 0), FIELD) == 1
    assert cell_bit((0, 9), FIELD) == 1 << 9
    assert cell_bit((1, 0), FIELD) == 1 << 10
    assert cell_bit((9, 9), FIELD) == 1 << 99


@given(st.sets(st.tuples(st.integers(0, 6), st.integers(0, 8))))
def test_mask_and_cells_round_trip_in_row_major_order(cells):
    field = Field(7, 9)
    mask = mask_of_cells(cells, field)
    assert cells_of_mask(mask, field) == sorted(cells)
    assert mask == sum(1 << (r * 9 + c) for r, c in cells)


def test_line_cells_lengths_and_direction():
    line = Line((5, 1), (5, 6))
    assert line.length == 5 and line.horizontal and line.straight
    assert line.cells() == [(5, c) for c in range(1, 7)]
    up = Line((9, 1), (8, 1))
    assert up.length == 1 and not up.horizontal and up.cells() == [(9, 1), (8, 1)]
    with pytest.raises(ValueError):
        Line((0, 0), (2, 2)).cells()


def test_network_lines_cells_and_mask():
    network = net(LEGAL)
    assert [ln.length for ln in network.lines] == [2, 3, 4, 5, 6, 1]
    assert len(network.cells()) == 22  # 21 units of line, plus one
    assert network.mask(FIELD) == mask_of_cells(network.cells(), FIELD)
    assert str(network) == LEGAL


def _answer_by_definition(cells: set, cell: tuple, field: Field) -> str:
    if cell in cells:
        return "hot"
    r, c = cell
    if {(r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)} & cells:
        return "warm"
    return "cold"


def test_answers_of_the_rules_example():
    mask = net(LEGAL).mask(FIELD)
    cell = lambda t: parse_cell(t, FIELD)  # noqa: E731
    assert answer(mask, cell("2C"), FIELD) == "hot"
    assert answer(mask, cell("1C"), FIELD) == "warm"
    assert answer(mask, cell("1A"), FIELD) == "cold"  # diagonal to 2B: not adjacent
    assert answer(mask, cell("10I"), FIELD) == "warm"
    assert answer(mask, cell("10J"), FIELD) == "cold"


@settings(max_examples=150)
@given(st.integers(1, 9), st.integers(1, 9), st.data())
def test_answers_follow_the_definition(rows, cols, data):
    field = Field(rows, cols)
    cells = data.draw(st.sets(st.tuples(st.integers(0, rows - 1), st.integers(0, cols - 1))))
    mask = mask_of_cells(cells, field)
    full = answer_map(mask, field)
    assert list(full) == field.cells()
    for cell in field.cells():
        expected = _answer_by_definition(cells, cell, field)
        assert answer(mask, cell, field) == expected
        assert full[cell] == expected
    warm = {c for c in field.cells() if full[c] == "warm"}
    assert cells_of_mask(warm_mask(mask, field), field) == sorted(warm)


def test_answer_outside_the_field_is_an_error():
    with pytest.raises(ValueError, match="outside"):
        answer(0, (10, 0), FIELD)
