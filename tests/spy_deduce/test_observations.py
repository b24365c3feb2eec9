"""Parsing observations: the forms, the log file, and the exact messages for bad input."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from assistant.games.spy.model import Field, format_cell
from assistant.games.spy.observations import parse_observation, parse_observations, read_log
from deaddrop.errors import InputError

FIELD = Field(10, 10)
EXPECTED = (
    "(expected CELL=hot|warm|cold, or 2-5 cells in a row or column with their answers in order, "
    "e.g. 5E=hot or 4B-4E=hot,warm,cold,cold)"
)


def test_single_forms():
    for text in ("5E=hot", "5e=H", "E5=hot", " 5E = hot "):
        observation = parse_observation(text, FIELD)
        assert observation.cells == ((4, 4),) and observation.answers == ("hot",)
    assert parse_observation("10J=w", FIELD).answers == ("warm",)
    assert parse_observation("1A=c", FIELD).answers == ("cold",)


def test_multiple_probe_in_order():
    observation = parse_observation("4B-4E=hot,warm,cold,cold", FIELD)
    assert observation.cells == ((3, 1), (3, 2), (3, 3), (3, 4))
    assert observation.answers == ("hot", "warm", "cold", "cold")
    backwards = parse_observation("4E-4B=h,w,c,c", FIELD)
    assert backwards.cells == tuple(reversed(observation.cells))
    column = parse_observation("2C-3C=c,w", FIELD)
    assert column.cells == ((1, 2), (2, 2))
    assert str(observation) == "4B-4E=hot,warm,cold,cold"


@pytest.mark.parametrize(
    "text, what",
    [
        ("5E", "'5E': no '=' between the cells and the answers"),
        ("5E=hot=cold", "'5E=hot=cold': two '='"),
        ("5E=x", "'5E=x': 'x' is not an answer (hot, warm, cold or h, w, c)"),
        ("11C=hot", "'11C=hot': 11C is outside the 10 x 10 field (rows 1-10, columns A-J)"),
        ("4B-5C=h,h", "'4B-5C=h,h': 4B and 5C are not in one row or column"),
        ("4B-4G=h,h,h,h,h,h", "'4B-4G=h,h,h,h,h,h': a multiple probe covers 2 to 5 cells, not 6"),
        ("4B-4B=h", "'4B-4B=h': a multiple probe covers 2 to 5 cells, not 1"),
        ("4B-4D=h,w", "'4B-4D=h,w': 3 cells but 2 answers"),
        ("5E=h,w", "'5E=h,w': 1 cell but 2 answers"),
        ("4B-=h", "'4B-=h': '4B-' is not a cell or a range of cells"),
        ("xx=hot", "'xx=hot': 'xx' is not a cell (expected row then column, e.g. 5E)"),
    ],
)
def test_bad_observations_say_what_and_where(text, what):
    with pytest.raises(InputError) as caught:
        parse_observations(["5E=hot", text], FIELD)
    assert caught.value.message == f"observation 2: {what} {EXPECTED}"


def test_log_file(tmp_path):
    log = tmp_path / "game.log"
    log.write_text("# Friday's game\n5E=hot   # first probe\n\n4B-4E = h, w, c, c\n")
    found = read_log(log, FIELD)
    assert [str(o) for o in found] == ["5E=hot", "4B-4E=hot,warm,cold,cold"]
    assert [o.source for o in found] == [f"{log}:2", f"{log}:4"]


def test_log_errors_name_file_and_line(tmp_path):
    log = tmp_path / "game.log"
    log.write_text("5E=hot\n\n5F=maybe\n")
    with pytest.raises(InputError) as caught:
        read_log(log, FIELD)
    assert caught.value.message.startswith(f"{log}:3: '5F=maybe': 'maybe' is not an answer")
    with pytest.raises(InputError, match="cannot read the log"):
        read_log(tmp_path / "missing.log", FIELD)


ANSWER = st.sampled_from(["hot", "warm", "cold"])


@settings(max_examples=200, deadline=None)
@given(
    rows=st.integers(1, 30),
    cols=st.integers(1, 30),
    data=st.data(),
)
def test_written_form_parses_back(rows, cols, data):
    field = Field(rows, cols)
    r = data.draw(st.integers(0, rows - 1))
    c = data.draw(st.integers(0, cols - 1))
    vertical = data.draw(st.booleans())
    room = (rows - r) if vertical else (cols - c)
    n = data.draw(st.integers(1, min(5, room)))
    cells = tuple((r + i, c) if vertical else (r, c + i) for i in range(n))
    answers = tuple(data.draw(ANSWER) for _ in cells)
    if n == 1:
        text = f"{format_cell(cells[0])}={answers[0][0]}"
    else:
        text = f"{format_cell(cells[0])}-{format_cell(cells[-1])}={','.join(answers)}"
    observation = parse_observation(text, field)
    assert observation.cells == cells and observation.answers == answers
    assert parse_observation(str(observation), field) == observation
