"""Spy! solo without rough edges (issue 39): a result line that does not contradict itself, a
refusal that says why there are no more probes, answers echoed as typed, the wording of "answer
first", `show` after the end, openings drawn among the equally good ones, the seven-line
variant's memory."""

from __future__ import annotations

import numpy as np
import pytest
from typer.testing import CliRunner

from assistant import table as core
from assistant.engine import Refusal
from assistant.games.spy import deduce
from assistant.games.spy.enumerate import networks
from assistant.games.spy.model import Field, answer, format_cell, parse_cell
from assistant.games.spy.scoring import result_text
from assistant.games.spy.seal import parse_vertices
from assistant.games.spy.solo import GAME, parse_answers
from assistant.games.spy.solo_computer import choose_probe
from deaddrop.commands.main import app

SMALL = {"rows": 6, "cols": 6, "lengths": [1, 2, 3, 4], "squares": [2, 3], "level": "fair"}
FIELD = Field(6, 6)


def _sealed(seed: int = 3, options: dict = SMALL) -> dict:
    state = GAME.setup(dict(options))
    after = GAME.apply(state, GAME.complete(state, {"type": "seal"}, seed))
    assert not isinstance(after, Refusal), after
    return after


def _do(state: dict, action: dict, seed: int = 0) -> dict:
    after = GAME.apply(state, GAME.complete(state, action, seed))
    assert not isinstance(after, Refusal), after
    return after


def _two_networks() -> tuple[str, str, tuple[int, int]]:
    """Two legal networks A and B and a cell where their answers differ."""
    nets = networks(FIELD, (1, 2, 3, 4))
    first = " ".join(format_cell(v) for v in nets.vertices(0))
    mask = nets.mask(0)
    for i in range(1, len(nets)):
        other = nets.mask(i)
        for cell in FIELD.cells():
            if answer(mask, cell, FIELD) != answer(other, cell, FIELD):
                return first, " ".join(format_cell(v) for v in nets.vertices(i)), cell
    raise AssertionError("no two networks differ")


def test_an_outright_loss_does_not_show_the_claims_victories_as_a_score():
    """Answered from network A, the computer claims A (wrong: a double victory for you), you
    reveal B: you gave a false answer and lose outright; the line says the victories do not
    count instead of 'computer wins ...; victories: you 2, computer 0'."""
    a, b, cell = _two_networks()
    state = _sealed()
    said = answer(parse_vertices(a).mask(FIELD), cell, FIELD)
    state = GAME.apply(state, {"type": "probe", "cells": "1A", "reply": format_cell(cell)})
    state = GAME.apply(state, {"type": "answer", "answers": said, "computer": f"claim {a}"})
    assert not isinstance(state, Refusal), state
    before = state
    state = GAME.apply(state, {"type": "reveal", "network": b})
    assert not isinstance(state, Refusal), state
    result = state["result"]
    assert result["winner"] == "computer" and result["points"] == {"you": 2, "computer": 0}
    line = GAME.describe({"type": "reveal", "network": b}, before, state)
    true = answer(parse_vertices(b).mask(FIELD), cell, FIELD)
    assert line == (
        f"you reveal {b}; game over: the computer wins outright: you gave a false answer: "
        f"round 1: {format_cell(cell)} {said} (it is {true}); the claims do not count (they "
        f"would have scored you 2, the computer 0); the computer's network was "
        f"{state['revealed']['computer']} (salt {state['salt']}: the sealed hash matches)"
    )
    assert "victories: you 2" not in line
    assert "computer wins outright: you gave a false answer" in GAME.render(state)


def test_result_text_never_names_a_winner_with_fewer_counted_victories():
    for winner, how, points, faults in (
        ("red", "single victory", {"red": 1, "blue": 0}, {"red": [], "blue": []}),
        ("blue", "outright: red gave a false answer", {"red": 2, "blue": 0}, {"red": ["x"]}),
        (None, "both broke the rules", {"red": 0, "blue": 2}, {"red": ["x"], "blue": ["y"]}),
    ):
        text = result_text(
            {"winner": winner, "how": how, "points": points, "claims": [], "faults": faults}
        )
        if any(faults.values()):
            assert "victories: " not in text and "do not count" in text, text
        else:
            assert text == "red wins (single victory); victories: red 1, blue 0"
    no_claim = {
        "winner": "blue",
        "how": "outright: red gave a false answer",
        "points": {"red": 0, "blue": 0},
        "claims": [],
        "faults": {"red": ["probe 2: said 1A hot, it is cold"], "blue": []},
    }
    assert result_text(no_claim) == (
        "blue wins outright: red gave a false answer; faults: red: probe 2: said 1A hot, it is cold"
    )


def test_after_the_call_for_the_reveal_a_probe_is_refused_for_that_reason():
    a, _, cell = _two_networks()
    state = _sealed()
    hot = sorted(parse_vertices(a).cells())[0]
    for word in ("hot", "cold"):  # the same cell answered both ways: no network fits
        state = GAME.apply(state, {"type": "probe", "cells": "1A", "reply": format_cell(hot)})
        state = _do(state, {"type": "answer", "answers": word})
    assert state["challenge"] is not None and not state["claims"]
    refused = GAME.apply(state, {"type": "probe", "cells": "2B", "reply": "1A"})
    assert isinstance(refused, Refusal)
    assert str(refused) == (
        "probe: no network fits your answers, so the computer has called for the reveal: there "
        "are no more probes; claim the computer's network if you like, then enter yours"
    )
    state = _do(state, {"type": "claim", "network": a})
    refused = GAME.apply(state, {"type": "probe", "cells": "2B", "reply": "1A"})
    assert isinstance(refused, Refusal) and "after a claim" not in str(refused)
    assert str(refused).endswith("there are no more probes; enter your network")


def test_after_a_claim_a_probe_is_refused_naming_who_claimed():
    state = _sealed()
    state = _do(state, {"type": "probe", "cells": "1A"})
    state = _do(state, {"type": "answer", "answers": "c"})
    state = _do(state, {"type": "claim", "network": _two_networks()[0]})
    refused = GAME.apply(state, {"type": "probe", "cells": "2B", "reply": "1A"})
    assert isinstance(refused, Refusal)
    assert str(refused).startswith("probe: there are no more probes after a claim (you claimed)")


@pytest.mark.parametrize(
    ("given", "shown"),
    [("x", "not x"), ("h,x", "not h,x"), (["hot", 3], "not hot,3"), ("", "not nothing")],
)
def test_bad_answers_are_echoed_as_typed(given, shown):
    with pytest.raises(Exception) as caught:
        parse_answers(given, 2)
    text = str(caught.value)
    assert text.endswith(shown) and "[" not in text and "'" not in text
    assert text.startswith(
        "answers: expected hot, warm or cold (or h, w, c) for each of the 2 cells, separated by "
        "commas, not "
    )
    with pytest.raises(Exception) as caught:
        parse_answers(given, 1)
    assert str(caught.value) == f"answers: expected hot, warm or cold (or h, w, c), {shown}"


def test_probing_before_answering_names_the_waiting_probe_once():
    state = _sealed()
    state = _do(state, {"type": "probe", "cells": "1A"})
    waiting = state["probes"][-1]["cells"][0]
    refused = GAME.apply(state, {"type": "probe", "cells": "2B", "reply": "1A"})
    assert isinstance(refused, Refusal)
    assert str(refused) == (
        f"probe: the computer's probe of {waiting} on your field waits for your answer: "
        "answer it before you probe again"
    )


def test_show_asks_for_one_answer_for_one_cell_and_names_the_order_for_several():
    """`show` while the computer's probe waits says what the probe's own line says: one word
    for one cell (h|w|c, not 'h,w,c', which reads as three answers), the cells in order for
    several."""
    state = _sealed(options={**SMALL, "level": "best"})
    state = _do(state, {"type": "probe", "cells": "1A"})
    cells = state["probes"][-1]["cells"]
    last = GAME.render(state).splitlines()[-1]
    assert last.startswith("next: answer the computer's probe of ")
    assert last.endswith(
        "deaddrop spy solo answer h|w|c"
        + (f" ({', '.join(cells)} in that order)" if len(cells) > 1 else "")
    )
    assert "h,w,c" not in last
    one = {**state, "probes": [*state["probes"][:-1], {**state["probes"][-1], "cells": ["2B"]}]}
    assert GAME.render(one).splitlines()[-1].endswith("answer h|w|c")


def test_show_after_the_end_says_the_hash_matches_in_words(tmp_path):
    runner = CliRunner()

    def run(*args: str):
        return runner.invoke(app, ["spy", "solo", *args])

    started = run("new", "--seed", "5", "--rows", "6", "--cols", "6", "--lengths", "1,2,3,4")
    assert started.exit_code == 0, started.output
    nets = networks(FIELD, (1, 2, 3, 4))
    mine = " ".join(format_cell(v) for v in nets.vertices(7))
    probed = run("probe", "1A")
    cell = probed.stdout.split("the computer probes ")[1].split(" on your field")[0]
    word = answer(nets.mask(7), parse_cell(cell, FIELD), FIELD)
    assert run("answer", word).exit_code == 0
    assert run("claim", _two_networks()[0]).exit_code == 0
    assert run("reveal", mine).exit_code == 0
    shown = run("show").stdout
    assert ": the sealed hash matches" in shown
    assert "True" not in shown and "False" not in shown


def _exact(masks: np.ndarray, probe: tuple, field: Field) -> tuple[float, float]:
    info, expected, _ = deduce._exact(masks, probe, field, {})
    return round(info, 9), round(expected, 9)


@pytest.mark.parametrize("level", ["fair", "best"])
def test_openings_are_drawn_among_the_equally_good(level):
    nets = networks(FIELD, (1, 2, 3, 4))
    index = np.arange(len(nets))
    squares = [2, 3]
    best = deduce.suggest(nets.masks, FIELD, squares if level == "best" else ())
    assert best is not None
    openings = {
        choose_probe(level, nets, FIELD, index, [], squares, np.random.default_rng(seed))
        for seed in range(40)
    }
    assert len(openings) >= 4, openings
    for opening in openings:
        assert len(opening) == len(best.cells)
        assert _exact(nets.masks, opening, FIELD) == _exact(nets.masks, best.cells, FIELD)
    # the same seed, the same opening: replay and undo never decide otherwise
    again = choose_probe(level, nets, FIELD, index, [], squares, np.random.default_rng(7))
    assert again == choose_probe(level, nets, FIELD, index, [], squares, np.random.default_rng(7))


@pytest.mark.slow
def test_openings_on_the_sheets_field_vary_and_stay_the_best():
    """On the 10 x 10 field (more networks than deduce samples): fair no longer always opens
    on 3D, best no longer always on 5C-5G, and each opening scores as the best exactly."""
    field = Field(10, 10)
    nets = networks(field, (1, 2, 3, 4, 5, 6))
    index = np.arange(len(nets))
    for level, squares in (("fair", ()), ("best", (2, 2, 3, 3, 4, 5))):
        openings = {
            choose_probe(level, nets, field, index, [], squares, np.random.default_rng(seed))
            for seed in range(12)
        }
        assert len(openings) >= 3, (level, openings)
        scores = {_exact(nets.masks, opening, field) for opening in openings}
        assert len(scores) == 1, (level, openings, scores)


def _played(play: int | None, level: str = "fair") -> dict:
    state = GAME.setup({**SMALL, "level": level})
    seal = {"type": "seal", **({} if play is None else {"play": play})}
    return _do(state, seal, 3)


@pytest.mark.parametrize("level", ["easy", "fair", "best"])
def test_the_games_play_seed_decides_the_computers_probes(level):
    """By the game's seed: with a play seed the tracker's fresh seed changes nothing (the same
    game, answered the same, plays the same), and games with other play seeds open differently."""
    state = _played(12345, level)
    probe = {"type": "probe", "cells": "1A"}
    one, two = GAME.complete(state, probe, 1), GAME.complete(state, probe, 2)
    assert one["reply"] == two["reply"] and one["seed"] == two["seed"]
    openings = {GAME.complete(_played(play, level), probe, 0)["reply"] for play in range(20)}
    assert len(openings) >= 4, openings
    # the next round draws again: not the opening's seed
    after = _do(state, one)
    asked = after["probes"][-1]["cells"]
    after = _do(after, {"type": "answer", "answers": ",".join(["c"] * len(asked))})
    assert GAME.complete(after, probe, 1)["seed"] != one["seed"]


def test_the_play_seed_is_public_and_checked():
    state = _played(77)
    assert GAME.view(state)["play"] == 77
    assert GAME.public_action({"type": "seal", "seed": 5, "salt": "s", "play": 77})["play"] == 77
    for bad in ("x", -1, 2**63, 1.5):
        refused = GAME.apply(
            GAME.setup(dict(SMALL)),
            GAME.complete(GAME.setup(dict(SMALL)), {"type": "seal", "play": bad}, 3),
        )
        assert isinstance(refused, Refusal) and "play: expected a whole number" in str(refused)


def test_the_same_seed_plays_the_same_game_at_the_terminal(tmp_path, monkeypatch):
    """`spy solo new --seed 7` twice: the same opening reply of the computer; without --seed
    each game draws its own play seed."""
    runner = CliRunner()
    lines = []
    for k in range(2):
        monkeypatch.setenv("DEADDROP_DB", str(tmp_path / f"t{k}.db"))
        started = runner.invoke(app, ["spy", "solo", "new", "--level", "best", "--seed", "7"])
        assert started.exit_code == 0, started.output
        lines.append(runner.invoke(app, ["spy", "solo", "probe", "5E"]).stdout)
    assert lines[0] == lines[1] and "the computer probes " in lines[0]
    plays = set()
    for k in range(2, 5):
        monkeypatch.setenv("DEADDROP_DB", str(tmp_path / f"t{k}.db"))
        small = ["--rows", "6", "--cols", "6", "--lengths", "1,2,3,4"]
        assert runner.invoke(app, ["spy", "solo", "new", *small]).exit_code == 0
        plays.add(core.show(tmp_path / f"t{k}.db", None).state["play"])
    assert len(plays) == 3 and None not in plays
