"""Spy! solo read as a player reads it (issue 39, "a whole solo game at each level read at the
terminal reads well"): the answers to a probe of several cells named cell by cell, the next step
named after every round, `show`'s first line saying where the game stands, and a result line
that says who won first and why, in words (no Python values, no contradiction)."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from assistant.engine import Refusal
from assistant.games.spy.enumerate import networks
from assistant.games.spy.model import Field, answer, format_cell, parse_cell
from assistant.games.spy.seal import parse_vertices
from assistant.games.spy.solo import GAME
from deaddrop.commands.main import app

SMALL = {"rows": 6, "cols": 6, "lengths": [1, 2, 3, 4], "squares": [2, 3], "level": "best"}
FIELD = Field(6, 6)
NETS = networks(FIELD, (1, 2, 3, 4))
PYTHON = re.compile(r"[\[\]{}]|(?<![a-z])'|\bTrue\b|\bFalse\b|\bNone\b")  # not "computer's"


def _net(i: int) -> str:
    return " ".join(format_cell(v) for v in NETS.vertices(i % len(NETS)))


def _step(state: dict, action: dict, seed: int = 0) -> tuple[dict, str]:
    action = GAME.complete(state, action, seed)
    after = GAME.apply(state, action)
    assert not isinstance(after, Refusal), (action, after)
    return after, GAME.describe(action, state, after)


def _sealed(seed: int) -> dict:
    return _step(GAME.setup(dict(SMALL)), {"type": "seal"}, seed)[0]


def test_a_probe_of_several_cells_names_each_cells_answer():
    state = _sealed(3)
    secret = parse_vertices(state["secret"]["network"]).mask(FIELD)
    state, line = _step(state, {"type": "probe", "cells": "2B-2D"})
    words = [answer(secret, parse_cell(c, FIELD), FIELD) for c in ("2B", "2C", "2D")]
    assert line.startswith(
        f"you probe 2B-2D (crosses out a 3 square): 2B {words[0]}, 2C {words[1]}, 2D {words[2]}; "
    )
    cells = state["probes"][-1]["cells"]
    state, line = _step(state, {"type": "answer", "answers": ",".join(["cold"] * len(cells))})
    assert line.startswith(f"you answer {cells[0]}")
    if len(cells) > 1:
        assert line.split(": ", 1)[1].startswith(f"{cells[0]} cold, {cells[1]} cold")
    state, line = _step(_sealed(3), {"type": "probe", "cells": "2B"})
    assert line.startswith(f"you probe 2B: {answer(secret, (1, 1), FIELD)}; the computer probes ")


def _answer_for(state: dict, mask: int) -> str:
    return ",".join(answer(mask, parse_cell(c, FIELD), FIELD) for c in state["probes"][-1]["cells"])


def test_shows_first_line_says_where_the_game_stands():
    mine = NETS.mask(5)
    state = _sealed(4)
    first = lambda s: GAME.render(s).splitlines()[0]  # noqa: E731
    assert first(state).endswith("the computer plays best; round 1")
    state, _ = _step(state, {"type": "probe", "cells": "1A"})
    assert first(state).endswith("; round 1")  # the computer's probe waits for your answer
    state, _ = _step(state, {"type": "answer", "answers": _answer_for(state, mine)})
    assert first(state).endswith("; round 2") and "phase" not in first(state)
    state, _ = _step(state, {"type": "claim", "network": state["secret"]["network"]})
    assert first(state).endswith("; you have claimed")
    assert GAME.render(state).splitlines()[-1] == (
        "next: enter your network: deaddrop spy solo reveal 'CORNERS'"
    )
    state, _ = _step(state, {"type": "reveal", "network": _net(5)})
    assert first(state).endswith("; game over: you win")
    assert "game over: you win, a " in GAME.render(state)


def test_after_each_round_the_terminal_names_the_next_step():
    runner = CliRunner()
    run = lambda *a: runner.invoke(app, ["spy", "solo", *a])  # noqa: E731
    started = run("new", "--seed", "5", "--rows", "6", "--cols", "6", "--lengths", "1,2,3,4")
    assert started.exit_code == 0, started.output
    probed = run("probe", "1A")
    assert probed.exit_code == 0, probed.output
    cells = probed.stdout.split("the computer probes ")[1].split(" on your field")[0]
    word = answer(NETS.mask(7), parse_cell(cells, FIELD), FIELD)
    answered = run("answer", word)
    assert answered.stdout.splitlines() == [
        f"3. you answer {cells}: {word}; the computer makes no claim yet",
        "your turn: deaddrop spy solo probe CELLS, or claim: deaddrop spy solo claim 'CORNERS'",
    ]


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 2**31 - 1),
    rounds=st.lists(st.tuples(st.integers(0, 35), st.booleans()), min_size=1, max_size=4),
    mine=st.integers(0, 10**6),
    revealed=st.integers(0, 10**6),
    honest=st.booleans(),
    claim=st.sampled_from(["none", "right", "wrong"]),
)
def test_the_result_line_says_who_won_first_and_never_contradicts_itself(
    seed, rounds, mine, revealed, honest, claim
):
    """Answered from network `mine` (lying where asked unless `honest`), revealing `mine` or
    another network: the line names the winner first, shows victories only when no rule was
    broken (and then the winner has more), and lists every false answer by round."""
    state = _sealed(seed)
    mask = NETS.mask(mine % len(NETS))
    lines = []
    for cell, lie in rounds:
        if state["phase"] != "play":
            break
        state, line = _step(state, {"type": "probe", "cells": format_cell(divmod(cell, 6))}, seed)
        lines.append(line)
        words = _answer_for(state, mask).split(",")
        if lie and not honest:
            words = [{"hot": "cold", "warm": "hot", "cold": "warm"}[w] for w in words]
        state, line = _step(state, {"type": "answer", "answers": ",".join(words)}, seed)
        lines.append(line)
    if state["phase"] == "play" or not any(c["by"] == "you" for c in state["claims"]):
        if claim != "none" or state["phase"] == "play":
            network = state["secret"]["network"] if claim != "wrong" else _net(mine + 1)
            if claim == "wrong" and parse_vertices(network).mask(FIELD) == parse_vertices(
                state["secret"]["network"]
            ).mask(FIELD):
                network = _net(mine + 2)
            state, line = _step(state, {"type": "claim", "network": network}, seed)
            lines.append(line)
    theirs = _net(mine if honest else revealed)
    state, line = _step(state, {"type": "reveal", "network": theirs}, seed)
    lines.append(line)
    for text in [*lines, GAME.render(state)]:
        assert not PYTHON.search(text), text
    result = state["result"]
    told = line.split("; game over: ", 1)[1]
    winner = {"you": "you win", "computer": "the computer wins", None: "a tie"}[result["winner"]]
    assert told.startswith(winner), told
    truth = parse_vertices(theirs).mask(FIELD)
    false = [
        (cell, word)
        for probe in state["probes"]
        if probe["by"] == "computer"
        for cell, word in zip(probe["cells"], probe["answers"], strict=True)
        if answer(truth, parse_cell(cell, FIELD), FIELD) != word
    ]
    if false:
        assert told.startswith("the computer wins outright: you gave a false answer: round ")
        assert told.count("(it is ") == len(false)
        assert "victories:" not in told
        if any(result["points"].values()):
            assert "; the claims do not count (they would have scored you " in told
    else:
        assert "outright" not in told and "; victories: you " in told
        points = result["points"]
        if result["winner"] is not None:
            loser = "computer" if result["winner"] == "you" else "you"
            assert points[result["winner"]] > points[loser]
        for who, whose in (("you", "your"), ("computer", "the computer's")):
            verdict = [c["correct"] for c in result["claims"] if c["by"] == who]
            if verdict:
                assert f"{whose} claim was {'right' if verdict[0] else 'wrong'}" in told
    assert told.endswith("the sealed hash matches)")


def test_an_illegal_network_answered_truly_loses_for_that_reason_alone():
    illegal = "1A 1B 2B 2D 5D"  # lines of 1, 1, 2, 3: the lengths are 1, 2, 3, 4
    state = _sealed(3)
    state, _ = _step(state, {"type": "probe", "cells": "1A"})
    state, _ = _step(state, {"type": "answer", "answers": _answer_for(state, _mask(illegal))})
    state, _ = _step(state, {"type": "claim", "network": state["secret"]["network"]})
    state, line = _step(state, {"type": "reveal", "network": illegal})
    told = line.split("; game over: ", 1)[1]
    assert told.startswith("the computer wins outright: your network is illegal (")
    assert "false answer" not in told and "victories" not in told
    assert "; the claims do not count (they would have scored you 1, the computer 0); " in told


def _mask(network: str) -> int:
    return parse_vertices(network).mask(FIELD)
