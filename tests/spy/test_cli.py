"""`deaddrop spy check|answer|same|random`: exact messages and exit codes."""

from __future__ import annotations

import json

import pytest
from spy_helpers import FIELD, LEGAL, LEGAL_DRAWING, TWIN_A, TWIN_B, net
from typer.testing import CliRunner

from assistant.games.spy.legality import check_network
from assistant.games.spy.model import Field
from deaddrop.commands.main import app


@pytest.fixture(autouse=True)
def _here(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    for name, text in {
        "legal.txt": LEGAL + "\n",
        "drawing.txt": LEGAL_DRAWING,
        "cross.txt": "4A 4F 2F 2C 8C 8G 9G\n",
        "twin_a.txt": TWIN_A,
        "twin_b.txt": TWIN_B,
        "bad.txt": "2B 2D zz\n",
    }.items():
        (tmp_path / name).write_text(text, encoding="utf-8")


def run(*args: str):
    return CliRunner().invoke(app, ["spy", *args])


def test_check_legal():
    result = run("check", "legal.txt")
    assert result.exit_code == 0
    assert result.stdout.splitlines() == [
        "legal network: six lines covering 22 cells",
        "  line 1 (2 long, 2B-2D)",
        "  line 2 (3 long, 2D-5D)",
        "  line 3 (4 long, 5D-5H)",
        "  line 4 (5 long, 5H-10H)",
        "  line 5 (6 long, 10H-10B)",
        "  line 6 (1 long, 10B-9B)",
    ]


def test_check_illegal_lists_every_problem_and_exits_1():
    result = run("check", "cross.txt")
    assert result.exit_code == 1
    assert result.stdout == (
        "illegal network: one problem\n  line 4 (6 long, 2C-8C) crosses line 1 at 4C [cross]\n"
    )


def test_check_json_shape():
    result = run("check", "legal.txt", "--json")
    data = json.loads(result.stdout)
    assert list(data) == ["legal", "problems", "lines", "cells"]
    assert data["legal"] is True and data["problems"] == []
    assert data["lines"][0] == {"length": 2, "from": "2B", "to": "2D"}
    assert data["cells"][:4] == ["2B", "2C", "2D", "3D"] and len(data["cells"]) == 22
    assert data["cells"][-3:] == ["10F", "10G", "10H"]
    bad = json.loads(run("check", "cross.txt", "--json").stdout)
    assert bad["problems"] == [
        {"rule": "cross", "message": "line 4 (6 long, 2C-8C) crosses line 1 at 4C", "cells": ["4C"]}
    ]


def test_check_a_drawing_with_two_layouts(tmp_path):
    cells = net(TWIN_A).cells()
    rows = ["".join("#" if (r, c) in cells else "." for c in range(10)) for r in range(10)]
    (tmp_path / "twins.txt").write_text("\n".join(rows) + "\n", encoding="utf-8")
    result = run("check", "twins.txt")
    assert result.exit_code == 0
    assert result.stdout.splitlines() == [
        "legal network: six lines covering 22 cells",
        f"as a vertex list: {TWIN_A}",
        "  line 1 (4 long, 1A-1E)",
        "  line 2 (5 long, 1E-6E)",
        "  line 3 (2 long, 6E-6C)",
        "  line 4 (1 long, 6C-7C)",
        "  line 5 (3 long, 7C-7F)",
        "  line 6 (6 long, 7F-1F)",
        "two line layouts cover these cells; they give the same answers, so either counts as this "
        "network:",
        f"  {TWIN_A}",
        f"  {TWIN_B}",
    ]


def test_check_a_drawing_from_stdin():
    result = CliRunner().invoke(app, ["spy", "check", "-"], input=LEGAL_DRAWING)
    assert result.exit_code == 0
    assert result.stdout.splitlines()[1] == f"as a vertex list: {LEGAL}"


def test_unreadable_input_is_exit_2():
    result = run("check", "bad.txt")
    assert result.exit_code == 2
    assert result.stderr == (
        "deaddrop: bad.txt:1: 'zz' is not a cell (expected row then column, e.g. 5E)\n"
    )
    missing = run("check", "nothing.txt")
    assert missing.exit_code == 2
    assert missing.stderr == (
        "deaddrop: nothing.txt: no such file (expected a network file, or -)\n"
    )
    lengths = run("check", "legal.txt", "--lengths", "1,x")
    assert lengths.exit_code == 2
    assert lengths.stderr == (
        "deaddrop: --lengths: '1,x' is not a list of numbers (expected e.g. 1,2,3,4,5,6)\n"
    )
    both = run("check", "legal.txt", "--pdf", "a.pdf", "--svg", "a.svg")
    assert both.exit_code == 2
    assert "Traceback" not in both.output
    assert both.stderr == (
        "deaddrop: --pdf and --svg: give one or the other (expected one picture)\n"
    )


def test_a_byte_order_mark_is_skipped_and_bytes_that_are_not_text_are_exit_2(tmp_path):
    (tmp_path / "bom.txt").write_bytes(b"\xef\xbb\xbf" + LEGAL.encode() + b"\n")
    assert run("check", "bom.txt").exit_code == 0
    (tmp_path / "latin1.txt").write_bytes(b"2B 2D \xe9\n")
    for args, kwargs, source in (
        (["check", "latin1.txt"], {}, "latin1.txt"),
        (["check", "-"], {"input": b"\xff\xfe2B"}, "<stdin>"),
    ):
        result = CliRunner().invoke(app, ["spy", *args], **kwargs)
        assert result.exit_code == 2
        assert result.stderr == f"deaddrop: {source}: not a text file (expected UTF-8 text)\n"


def test_a_picture_that_cannot_be_written_is_exit_2(tmp_path):
    (tmp_path / "out").mkdir()
    result = run("check", "legal.txt", "--svg", "out")
    assert result.exit_code == 2
    assert result.stderr == (
        "deaddrop: out: is a directory (expected the name of the file to write)\n"
    )
    (tmp_path / "file").write_text("", encoding="utf-8")
    result = run("check", "legal.txt", "--pdf", "file/x.pdf")
    assert result.exit_code == 2
    assert result.stderr == (
        "deaddrop: file/x.pdf: cannot write the PDF: a part of the path is not a directory\n"
    )


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["legal.txt", "--rows", "x"], "--rows: 'x' is not a whole number 1 to 64"),
        (["legal.txt", "--cols=0"], "--cols: '0' is not a whole number 1 to 64"),
        (["legal.txt", "--rows", "\u00b2"], "--rows: '\u00b2' is not a whole number 1 to 64"),
    ],
)
def test_check_field_size_errors(args, message):
    result = run("check", *args)
    assert result.exit_code == 2
    assert result.stderr == f"deaddrop: {message}\n"


@pytest.mark.parametrize(
    ("args", "words"),
    [
        ([], "no network to check (expected a network FILE, or --photo IMG)"),
        (["legal.txt", "drawing.txt"], "unexpected extra argument"),
        (["legal.txt", "--lengths"], "requires an argument"),
        (["legal.txt", "--color"], "No such option"),
    ],
)
def test_check_usage_errors_are_exit_2(args, words):
    result = run("check", *args)
    assert result.exit_code == 2
    assert words.lower() in result.stderr.lower()
    assert "Traceback" not in result.output


def test_check_field_options():
    result = run("check", "legal.txt", "--rows=9", "--cols", "9")
    assert result.exit_code == 1
    assert result.stdout.splitlines() == [
        "illegal network: three problems",
        "  line 4 leaves the field at 10H [field]",
        "  line 5 leaves the field at 10H [field]",
        "  line 6 leaves the field at 10B [field]",
    ]


def test_check_draws_pictures(tmp_path):
    from pypdf import PdfReader

    assert run("check", "cross.txt", "--pdf", "cross.pdf").exit_code == 1
    assert len(PdfReader(tmp_path / "cross.pdf").pages) >= 1
    assert run("check", "legal.txt", "--svg", "legal.svg").exit_code == 0
    svg = (tmp_path / "legal.svg").read_text(encoding="utf-8")
    assert "<svg" in svg and "10H" in svg


def test_answer_cells_and_json():
    result = run("answer", "legal.txt", "2C", "1c", "1A", "10I")
    assert result.exit_code == 0
    assert result.stdout == "2C: hot\n1c: warm\n1A: cold\n10I: warm\n"
    data = json.loads(run("answer", "drawing.txt", "5e", "10J", "--json").stdout)
    assert data == {"answers": {"5e": "hot", "10J": "cold"}}


def test_answer_map():
    result = run("answer", "legal.txt", "--map")
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert lines[0] == "   A B C D E F G H I J"
    assert lines[1] == " 1 C W W W C C C C C C"
    assert lines[10] == "10 W H H H H H H H W C"
    assert lines[11] == "H hot (covered), W warm (next to a covered cell), C cold"


def test_answer_errors():
    outside = run("answer", "legal.txt", "5E", "11C")
    assert outside.exit_code == 2
    assert outside.stderr == (
        "deaddrop: 11C is outside the 10 x 10 field (rows 1-10, columns A-J)\n"
    )
    none = run("answer", "legal.txt")
    assert none.exit_code == 2
    assert none.stderr == (
        "deaddrop: no cell to answer (expected cells such as 5E 10J, or --map)\n"
    )
    illegal = run("answer", "cross.txt", "5E")
    assert illegal.exit_code == 1
    assert illegal.stderr == (
        "deaddrop: cross.txt: not a legal network (see `deaddrop spy check`):\n"
        "deaddrop: cross.txt: line 4 (6 long, 2C-8C) crosses line 1 at 4C\n"
    )


def test_same_for_two_layouts_and_for_a_drawing():
    result = run("same", "twin_a.txt", "twin_b.txt")
    assert result.exit_code == 0
    assert result.stdout == (
        "equivalent: both networks cover the same cells and give the same answers\n"
    )
    assert run("same", "legal.txt", "drawing.txt").exit_code == 0


def test_different_networks(tmp_path):
    # the one-unit line moves from 10B-9B to 2B-1B
    (tmp_path / "moved.txt").write_text("10B 10H 5H 5D 2D 2B 1B\n", encoding="utf-8")
    result = run("same", "legal.txt", "moved.txt")
    assert result.exit_code == 1
    assert result.stdout.splitlines() == [
        "different: the answers differ at 5 cells (legal.txt / moved.txt):",
        "  1A: cold / warm",
        "  1B: warm / hot",
        "  8B: warm / cold",
        "  9A: warm / cold",
        "  9B: hot / warm",
    ]
    data = json.loads(run("same", "legal.txt", "moved.txt", "--json").stdout)
    assert data["same"] is False
    assert data["differences"][0] == {"cell": "1A", "first": "cold", "second": "warm"}


def test_random_is_legal_repeatable_and_varied():
    first = run("random", "--seed", "7")
    assert first.exit_code == 0
    drawn = first.stdout.strip()
    assert check_network(net(drawn), FIELD) == []
    assert run("random", "--seed", "7").stdout.strip() == drawn
    others = {run("random", "--seed", str(seed)).stdout.strip() for seed in range(8)}
    assert len(others) >= 6
    small = run("random", "--seed", "1", "--rows", "7", "--cols", "8").stdout.strip()
    assert check_network(net(small), Field(7, 8)) == []
    data = json.loads(run("random", "--seed", "7", "--json").stdout)
    assert " ".join(data["vertices"]) == drawn and len(data["cells"]) == 22


def test_random_with_no_room():
    result = run("random", "--rows", "5", "--cols", "5")
    assert result.exit_code == 1
    assert result.stderr == (
        "deaddrop: no legal network of lengths 1, 2, 3, 4, 5, 6 fits the 5 x 5 field "
        "(rows 1-5, columns A-E)\n"
    )


def test_random_variant_has_seven_lines():
    out = run("random", "--seed", "3", "--lengths", "1,1,2,3,4,5,6").stdout.strip()
    assert len(out.split()) == 8
    assert check_network(net(out), FIELD, (1, 1, 2, 3, 4, 5, 6)) == []


def test_random_seed_must_be_a_whole_number():
    assert run("random", "--seed", "-5").exit_code == 0
    result = run("random", "--seed", "abc")
    assert result.exit_code == 2
    assert (
        result.stderr == "deaddrop: --seed: 'abc' is not a whole number (expected e.g. --seed 7)\n"
    )


def test_random_is_uniform_over_distinct_networks_not_over_chains():
    """On a small field, each distinct network comes up about equally often (chi-square), although
    some are covered by several chains (line orders and layouts) and others by one."""
    from bruteforce import chains

    from assistant.games.spy.layouts import random_network
    from assistant.games.spy.model import mask_of_cells

    field, lengths = Field(3, 4), (1, 1, 1)  # 20 networks; each 2 x 2 block has four chains
    by_cells = chains(3, 4, lengths)
    assert len({len(layouts) for layouts in by_cells.values()}) > 1  # chain counts do differ
    counts = dict.fromkeys((mask_of_cells(cells, field) for cells in by_cells), 0)
    draws = 60 * len(counts)
    for seed in range(draws):
        counts[random_network(field, lengths, seed).mask(field)] += 1
    expected = draws / len(counts)
    chi2 = sum((n - expected) ** 2 / expected for n in counts.values())
    dof = len(counts) - 1
    assert chi2 < dof + 5 * (2 * dof) ** 0.5  # far below what chain-weighted draws would give
