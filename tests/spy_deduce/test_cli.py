"""`deaddrop spy deduce` and `deaddrop spy referee` end to end: exact messages and exit codes."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from deaddrop.commands.main import app


def run(*args: str, input: str | None = None):
    return CliRunner().invoke(app, list(args), input=input)


def test_deduce_json_shape():
    result = run("spy", "deduce", "5E=hot", "4B-4D=w,c,c", "--json", "--squares", "2,3")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert set(data) == {"consistent", "hot_probability", "suggest", "network", "conflict"}
    assert data["consistent"] == 212
    assert len(data["hot_probability"]) == 100 and data["hot_probability"]["5E"] == 1.0
    assert data["hot_probability"]["4C"] == 0.0
    suggest = data["suggest"]
    assert set(suggest) == {"cells", "expected_remaining", "worst_case"}
    assert 1 <= len(suggest["cells"]) <= 3
    assert data["network"] is None and data["conflict"] is None


def test_deduce_text_and_no_square_left():
    result = run("spy", "deduce", "5E=hot", "--squares", "none")
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert lines[0] == "45,484 networks fit the 1 observation (10 x 10 field, lines 1,2,3,4,5,6)."
    assert lines[1].split() == list("ABCDEFGHIJ")
    row5 = lines[6].split()
    assert row5[0] == "5" and row5[5] == "100"  # 5E is hot for certain
    best = [line for line in lines if line.startswith("Best probe: ")]
    assert len(best) == 1 and "(1 cell)" in best[0]  # no square left: single cells only


def test_deduce_contradiction_exit_1():
    result = run("spy", "deduce", "5E=hot", "5F=cold", "1A=c")
    assert result.exit_code == 1
    assert result.stdout.splitlines()[1:] == [
        "The answers contradict each other: someone misspoke.",
        "These cannot all be true (a smallest set):",
        "  observation 1: 5E=hot",
        "  observation 2: 5F=cold",
    ]
    data = json.loads(run("spy", "deduce", "5E=hot", "5F=cold", "--json").stdout)
    assert data["consistent"] == 0 and data["conflict"] == ["5E=hot", "5F=cold"]
    assert data["suggest"] is None and data["hot_probability"] == {}


def test_deduce_shows_a_solved_network(tmp_path):
    from assistant.games.spy.model import Field, Network, answer, format_cell, parse_cell

    truth = Network(tuple(parse_cell(w, Field()) for w in "2B 2D 5D 5H 10H 10B 9B".split()))
    mask = truth.mask(Field())
    log = tmp_path / "all.log"
    log.write_text(
        "# every cell\n"
        + "\n".join(f"{format_cell(c)}={answer(mask, c, Field())}" for c in Field().cells())
    )
    data = json.loads(run("spy", "deduce", "--log", str(log), "--json").stdout)
    assert data["consistent"] == 1 and data["suggest"] is None
    cells = [parse_cell(c, Field()) for c in data["network"]]
    assert Network(tuple(cells)).mask(Field()) == mask
    text = run("spy", "deduce", "--log", str(log)).stdout
    assert "Solved: " + " ".join(data["network"]) in text


def test_deduce_bad_input_exit_2(tmp_path):
    result = run("spy", "deduce", "5E=hot", "12A=c")
    assert result.exit_code == 2
    assert result.stderr.startswith(
        "deaddrop: observation 2: '12A=c': 12A is outside the 10 x 10 field"
    )
    result = run("spy", "deduce", "--squares", "2,7")
    assert result.exit_code == 2
    assert result.stderr == (
        "deaddrop: --squares: '7' is not a number 2 to 5 (expected e.g. --squares 2,3,5)\n"
    )
    bad = tmp_path / "bad.log"
    bad.write_text("5E=hot\n4B-4F=h,h\n")
    result = run("spy", "deduce", "--log", str(bad))
    assert result.exit_code == 2
    assert result.stderr.startswith(f"deaddrop: {bad}:2: '4B-4F=h,h': 5 cells but 2 answers")
    assert "Traceback" not in result.output


def test_field_size_errors_are_one_line(tmp_path):
    db = str(tmp_path / "t.sqlite")
    for args, option, given in [
        (["spy", "deduce", "--rows", "abc"], "--rows", "abc"),
        (["spy", "deduce", "--cols", "0"], "--cols", "0"),
        (["spy", "deduce", "--rows", "65"], "--rows", "65"),
        (["spy", "referee", "--db", db, "new", "--rows", "x"], "--rows", "x"),
    ]:
        result = run(*args)
        assert result.exit_code == 2, args
        assert result.stderr == f"deaddrop: {option}: '{given}' is not a whole number 1 to 64\n"


def test_deduce_small_field_and_variant():
    data = json.loads(
        run("spy", "deduce", "--rows", "5", "--cols", "6", "--lengths", "1,1,2,3", "--json").stdout
    )
    assert data["consistent"] == 882  # python tests/spy/bruteforce.py 5 6 1,1,2,3
    assert set(data["hot_probability"]) == {f"{r}{c}" for r in range(1, 6) for c in "ABCDEF"}


def test_deduce_writes_pictures(tmp_path):
    pdf, svg = tmp_path / "heat.pdf", tmp_path / "heat.svg"
    result = run("spy", "deduce", "5E=hot", "--pdf", str(pdf), "--svg", str(svg))
    assert result.exit_code == 0, result.output
    assert pdf.read_bytes().startswith(b"%PDF") and "<svg" in svg.read_text()


def test_referee_game(tmp_path):
    db = str(tmp_path / "t.sqlite")
    red, blue = tmp_path / "red.txt", tmp_path / "blue.txt"
    red.write_text("2B 2D 5D 5H 10H 10B 9B\n")
    blue.write_text("2C 2A 5A 5B 10B 10F 4F\n")

    def ref(*args):
        return run("spy", "referee", "--db", db, *args)

    assert ref("new", "--name", "g1").stdout == (
        "new table 'g1' (Spy! (Sackson, 1974): sealed networks, probes, claims)\n"
    )
    assert ref("seal", "red", str(red)).stdout == (
        "1. red seals a network; the referee keeps it and answers for it\n"
    )
    sealed = run("table", "--db", db, "show", "--json").stdout
    assert "secret" not in sealed and "2D 5D" not in sealed  # the network stays sealed
    committed = ref("seal", "blue", str(blue), "--commit")
    salt = committed.stdout.splitlines()[1].split()[-1]
    assert len(salt) == 32
    assert ref("probe", "red", "5A-5C").stdout == (
        "3. red probes 5A-5C on blue's field (crosses out a 3 square): waiting for blue's answer\n"
    )
    refused = ref("probe", "blue", "1A")
    assert refused.exit_code == 1
    assert refused.stderr == (
        "deaddrop: refused: answer first: blue has not answered red's probe of 5A-5C\n"
    )
    assert ref("answer", "blue", "h,h,w").stdout == "4. blue answers 5A-5C: hot, hot, warm\n"
    assert ref("probe", "blue", "5D").stdout == "5. blue probes 5D on red's field: hot\n"
    assert ref("claim", "red", str(blue)).exit_code == 0
    assert ref("reveal", "red").exit_code == 0
    wrong = ref("reveal", "blue", str(blue), "--salt", "00")
    assert wrong.exit_code == 1
    assert wrong.stderr == (
        "deaddrop: refused: sealed hash: this network and salt do not give blue's sealed hash\n"
    )
    final = ref("reveal", "blue", str(blue), "--salt", salt)
    assert final.stdout == (
        "8. blue reveals 2C 2A 5A 5B 10B 10F 4F; game over: red wins (single victory); "
        "victories: red 1, blue 0\n"
    )
    shown = run("table", "--db", db, "show", "--json")
    assert json.loads(shown.stdout)["result"]["winner"] == "red"


def test_a_field_too_small_for_any_network():
    result = run("spy", "deduce", "--rows", "6", "--cols", "6")
    assert result.exit_code == 2
    assert result.stderr == (
        "deaddrop: no legal network of lengths 1,2,3,4,5,6 fits the 6 x 6 field "
        "(rows 1-6, columns A-F)\n"
    )


def test_every_new_command_has_help():
    for args in (["spy", "deduce", "--help"], ["spy", "referee", "--help"]):
        result = run(*args)
        assert result.exit_code == 0 and "Usage" in result.stdout
