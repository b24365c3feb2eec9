"""Reading networks: vertex lists and drawings, detected automatically; bad input is exit 2."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from spy_helpers import FIELD, LEGAL, LEGAL_DRAWING, net

from assistant.games.spy.model import Field, format_cell
from assistant.games.spy.network_input import parse_lengths, parse_network, read_network
from deaddrop.errors import InputError


def parse(text: str, field: Field = FIELD):
    return parse_network(text, "net.txt", field)


@pytest.mark.parametrize(
    "text",
    [
        LEGAL,
        "2B,2D,5D,5H,10H,10B,9B",
        "2B-2D-5D-5H-10H-10B-9B",
        "2b 2d\n5d 5h  # the long way round\n10h, 10b - 9b\n",
        "# my network\nB2 D2 D5 H5 H10 B10 B9",
        "  2B 2D 5D 5H 10H 10B 9B   # trailing comment",
        "# my network\n#\n2B 2D 5D 5H 10H 10B 9B\n#\n",
        "##########\n# my network\n##########\n2B 2D 5D 5H 10H 10B 9B\n",
    ],
)
def test_vertex_list_forms(text):
    given_ = parse(text)
    assert given_.form == "vertices"
    assert given_.network == net(LEGAL)


def test_drawing_form_and_comments():
    given_ = parse("# my drawing\n" + LEGAL_DRAWING.replace("#", "X", 3))
    assert given_.form == "drawing"
    assert given_.drawn == net(LEGAL).cells()
    rows = LEGAL_DRAWING.splitlines()
    rows[2] += "   # row 3"
    assert parse("\n".join(rows)).drawn == net(LEGAL).cells()


def test_vertex_list_may_leave_the_field_and_the_check_says_so():
    assert parse("4D 4E 2E 2H 6H 6C 12C").network.vertices[-1] == (11, 2)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("2B 2D 5Q5 5H", "net.txt:1: '5Q5' is not a cell (expected row then column, e.g. 5E)"),
        ("2B 2D\n5D 5H\nhi", "net.txt:3: 'hi' is not a cell (expected row then column, e.g. 5E)"),
        ("", "net.txt: no network found (expected a vertex list such as `2B 2D 5D 5H 10H 10B 9B`, "
         "or a drawing of rows of `#` and `.`)"),
        ("# only a comment\n", "net.txt: no network found (expected a vertex list such as "
         "`2B 2D 5D 5H 10H 10B 9B`, or a drawing of rows of `#` and `.`)"),
        ("2B 2D\n" + LEGAL_DRAWING, "net.txt:2: mixes a drawing (line 2) and a vertex list "
         "(line 1) (expected one or the other)"),
        ("2B 999D", "net.txt:1: 999D is far outside the 10 x 10 field (rows 1-10, columns A-J) "
         "(expected a cell of the field)"),
    ],
)  # fmt: skip
def test_bad_vertex_lists(text, message):
    with pytest.raises(InputError) as caught:
        parse(text)
    assert caught.value.message == message


def test_bad_drawings():
    rows = LEGAL_DRAWING.splitlines()
    with pytest.raises(InputError) as caught:
        parse("\n".join(rows[:9]))
    assert caught.value.message == (
        "net.txt:9: the drawing has 9 rows (expected 10, one per row of the 10 x 10 field "
        "(rows 1-10, columns A-J); see --rows)"
    )
    with pytest.raises(InputError) as caught:
        parse("\n".join(rows[:4] + [rows[4] + "."] + rows[5:]))
    assert caught.value.message == (
        "net.txt:5: the row has 11 cells (expected 10, one per column of the 10 x 10 field "
        "(rows 1-10, columns A-J); see --cols)"
    )
    with pytest.raises(InputError) as caught:
        parse("\n".join(rows + ["..#......."]))
    assert caught.value.message.startswith("net.txt:11: the drawing has 11 rows (expected 10")
    with pytest.raises(InputError) as caught:
        parse("..........\n" * 10)
    assert caught.value.message == (
        "net.txt: the drawing marks no cell (expected `#` or `X` on the lines)"
    )


def test_drawing_size_follows_the_field():
    field = Field(3, 4)
    drawn = parse("#...\n#...\n####\n", field).drawn
    assert drawn == {(0, 0), (1, 0), (2, 0), (2, 1), (2, 2), (2, 3)}


def test_files_and_stdin(tmp_path, monkeypatch):
    path = tmp_path / "n.txt"
    path.write_text(LEGAL_DRAWING, encoding="utf-8")
    assert read_network(str(path), FIELD).form == "drawing"
    with pytest.raises(InputError) as caught:
        read_network(str(tmp_path / "missing.txt"), FIELD)
    missing = tmp_path / "missing.txt"
    assert caught.value.message == f"{missing}: no such file (expected a network file, or -)"
    (tmp_path / "bin").write_bytes(b"\xff\xfe\x00")
    with pytest.raises(InputError, match="not a text file"):
        read_network(str(tmp_path / "bin"), FIELD)
    import io

    monkeypatch.setattr("sys.stdin", io.StringIO(LEGAL))
    assert read_network("-", FIELD).source == "<stdin>"


def test_lengths_option():
    assert parse_lengths("1,2,3,4,5,6") == (1, 2, 3, 4, 5, 6)
    assert parse_lengths("1, 1,2") == (1, 1, 2)
    for bad in ("", "1,,2", "a", "0,1", "-1"):
        with pytest.raises(InputError):
            parse_lengths(bad)


SEPARATORS = st.sampled_from([" ", ",", "-", ", ", " - ", "\n", "  "])


@settings(max_examples=100)
@given(
    st.lists(st.tuples(st.integers(0, 9), st.integers(0, 9)), min_size=1, max_size=9),
    st.data(),
)
def test_any_vertex_list_reads_back(cells, data):
    words = []
    for r, c in cells:
        text = format_cell((r, c))
        if data.draw(st.booleans()):
            text = text.lower()
        if data.draw(st.booleans()):
            digits = str(r + 1)
            text = text[len(digits) :] + digits
        words.append(text)
    text = words[0] + "".join(data.draw(SEPARATORS) + w for w in words[1:])
    if data.draw(st.booleans()):
        text += "  # a comment 2B 3C"
    assert parse(text).network.vertices == tuple(cells)


@settings(max_examples=100)
@given(st.sets(st.tuples(st.integers(0, 5), st.integers(0, 6)), min_size=1), st.data())
def test_any_drawing_reads_back(cells, data):
    field = Field(6, 7)
    marks = st.sampled_from("#Xx")
    rows = [
        "".join(data.draw(marks) if (r, c) in cells else "." for c in range(7)) for r in range(6)
    ]
    assert parse("\n".join(rows) + "\n", field).drawn == cells
