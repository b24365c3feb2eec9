"""The Spy! referee on the table store: a sealed network never shows in the text commands print."""

from __future__ import annotations

import json

RED = "2B 2D 5D 5H 10H 10B 9B"
BLUE = "2C 2A 5A 5B 10B 10F 4F"


def test_undo_and_void_of_a_seal_keep_the_network_sealed(cli):
    assert cli("table", "new", "spy", "--name", "g").exit_code == 0
    seal = ["table", "do", "seal", "player=red", f"network={RED}", "salt=pepper"]
    printed = [cli(*seal).stdout, cli("table", "undo").stdout, cli("table", "log").stdout]
    printed += [cli("table", "redo").stdout, cli("table", "void", "1", "--why", "x").stdout]
    printed.append(cli("table", "log").stdout)
    for text in printed:
        assert "5H" not in text and "pepper" not in text, text
    assert printed[1].splitlines()[0] == "undid 1: seal player=red network=(sealed) salt=(sealed)"
    assert printed[-1] == "1. [void: x] seal player=red network=(sealed) salt=(sealed)\n"
    # the stored action is whole: the machine-readable log and the export still replay
    assert json.loads(cli("table", "log", "--json").stdout)[0]["action"]["network"] == RED


def test_referee_takes_a_network_written_on_the_command_line(cli, tmp_path):
    def ref(*args):
        return cli("spy", "referee", *args)

    assert ref("new", "--name", "g").exit_code == 0
    assert ref("seal", "red", RED).stdout == (
        "1. red seals a network; the referee keeps it and answers for it\n"
    )
    assert ref("seal", "blue", BLUE).exit_code == 0
    result = ref("claim", "red", BLUE)
    assert result.stdout == f"3. red claims blue's network is {BLUE} (judged at the reveal)\n"
    result = ref("claim", "blue", "2B 2D 5Q1")
    assert result.exit_code == 2
    assert result.stderr == (
        "deaddrop: network '2B 2D 5Q1':1: '5Q1' is not a cell (expected row then column, e.g. 5E)\n"
    )
    result = ref("claim", "blue", str(tmp_path / "missing.txt"))
    assert result.exit_code == 2
    assert result.stderr == (
        f"deaddrop: {tmp_path / 'missing.txt'}: no such file (expected a network file, or -)\n"
    )


def test_a_commitment_entered_inline_reveals_as_the_hint_says(cli):
    def ref(*args):
        return cli("spy", "referee", *args)

    ref("new", "--name", "g")
    ref("seal", "red", RED)
    out = ref("seal", "blue", BLUE, "--commit").stdout.splitlines()
    salt = out[1].removeprefix("keep this salt secret until the reveal: ")
    assert out[2] == f"reveal with: deaddrop spy referee reveal blue '{BLUE}' --salt {salt}"
    assert ref("claim", "blue", RED).exit_code == 0
    assert ref("reveal", "red").exit_code == 0
    result = ref("reveal", "blue", BLUE, "--salt", salt)
    assert result.stdout == (
        f"5. blue reveals {BLUE}; game over: blue wins (single victory); victories: red 0, blue 1\n"
    )
