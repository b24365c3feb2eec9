"""`deaddrop spy solo ...`: a game at the terminal, exit codes of bad input and refusals."""

from __future__ import annotations

from typer.testing import CliRunner

from assistant.games.spy.model import Field, answer, parse_cell
from assistant.games.spy.seal import parse_vertices
from deaddrop.commands.main import app

FIELD = Field(10, 10)
MINE = "2B 2D 5D 5H 10H 10B 9B"
MASK = parse_vertices(MINE).mask(FIELD)


def run(*args: str):
    return CliRunner().invoke(app, ["spy", "solo", *args])


def test_a_game_at_the_terminal():
    started = run("new", "--seed", "42", "--level", "best")
    assert started.exit_code == 0, started.output
    lines = started.stdout.splitlines()
    assert (
        lines[0] == "new table 'spy-solo-1' (Spy! solo (Sackson, 1974): you against the computer)"
    )
    assert lines[1].startswith(
        "1. the computer (best level) draws its network and seals it: sha256 "
    )
    for _ in range(15):
        probed = run("probe", "5E")
        assert probed.exit_code == 0, probed.output
        cells = probed.stdout.split("the computer probes ")[1].split(" on your field")[0]
        ends = [parse_cell(c, FIELD) for c in cells.split("-")]
        cells_list = (
            [ends[0]]
            if len(ends) == 1
            else [
                (r, c)
                for r in range(min(e[0] for e in ends), max(e[0] for e in ends) + 1)
                for c in range(min(e[1] for e in ends), max(e[1] for e in ends) + 1)
            ]
        )
        words = ",".join(answer(MASK, cell, FIELD)[0] for cell in cells_list)
        answered = run("answer", words)
        assert answered.exit_code == 0, answered.output
        if "claims your network" in answered.stdout:
            break
    assert "enter your network: deaddrop spy solo reveal 'CORNERS'" in answered.stdout
    # the rules let both claim at the end of a round: the player is told so
    assert "you may claim the computer's network in this round too" in answered.stdout
    shown = run("show")
    assert "the computer claims" in shown.stdout
    assert shown.stdout.splitlines()[0].endswith("; the computer has claimed your network")
    assert shown.stdout.splitlines()[-2:] == [
        "next: you may claim the computer's network in this round too: "
        "deaddrop spy solo claim 'CORNERS'",
        "then enter your network: deaddrop spy solo reveal 'CORNERS'",
    ]
    ended = run("reveal", MINE)
    assert ended.exit_code == 0, ended.output
    assert "game over: the computer wins, a single victory: you made no claim, " in ended.stdout
    again = run("probe", "5E")
    assert again.exit_code == 1
    assert again.output == (
        "deaddrop: refused: game over: the game has been scored; "
        "start a new one: deaddrop spy solo new\n"
    )


def test_bad_input_and_refusals():
    assert run("new", "--level", "hard").exit_code == 2
    assert run("new", "--rows", "2", "--cols", "2").exit_code == 2
    assert run("new", "--seed", "3").exit_code == 0
    refused = run("answer", "h")
    assert refused.exit_code == 1
    assert "no probe of your field is waiting for an answer" in refused.output
    bad = run("probe", "5A-5F")
    assert bad.exit_code == 1 and "not one cell or 2 to 5 connected cells" in bad.output
    early = run("reveal", MINE)
    assert early.exit_code == 1 and "after a claim" in early.output


def test_before_any_game_and_after_the_end_the_player_is_pointed_at_spy_solo_new():
    for args in (["show"], ["probe", "5E"], ["answer", "h"], ["reveal", MINE]):
        early = run(*args)
        assert early.exit_code == 2
        assert early.output == "deaddrop: no game yet (start one: deaddrop spy solo new)\n"
