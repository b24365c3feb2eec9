"""The computer's side of Spy! solo: its answers are true, its network is drawn legally, its
claims are right when your answers are, and the levels rank (a small benchmark)."""

from __future__ import annotations

import statistics

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from assistant.engine import Refusal
from assistant.games.spy.enumerate import networks
from assistant.games.spy.legality import check_network
from assistant.games.spy.model import Field, format_cell, parse_cell
from assistant.games.spy.seal import parse_vertices, seal_hash
from assistant.games.spy.solo import GAME, derived_salt
from assistant.games.spy.solo_computer import claim_pays, draw_network, probes_to_find

SMALL = {"rows": 6, "cols": 6, "lengths": [1, 2, 3, 4], "squares": [2, 3], "level": "fair"}
FIELD = Field(6, 6)


def _true_answer(covered: frozenset, cell: tuple[int, int]) -> str:
    """The answer rule written out from the rules, apart from model.answer's bit masks."""
    r, c = cell
    if cell in covered:
        return "hot"
    around = {(r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)}
    return "warm" if around & covered else "cold"


def _sealed(seed: int, options: dict = SMALL) -> dict:
    state = GAME.setup(dict(options))
    action = GAME.complete(state, {"type": "seal"}, seed)
    after = GAME.apply(state, action)
    assert not isinstance(after, Refusal), after
    return after


runs = st.one_of(
    st.tuples(st.integers(0, 5), st.integers(0, 5), st.just(1), st.booleans()),
    st.tuples(st.integers(0, 5), st.integers(0, 5), st.integers(2, 3), st.booleans()),
)


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**63 - 1), st.lists(runs, min_size=1, max_size=6))
def test_the_computers_answers_are_always_true(seed, probes):
    state = _sealed(seed)
    covered = parse_vertices(state["secret"]["network"]).cells()
    for r, c, size, across in probes:
        cells = [(r, c + j) if across else (r + j, c) for j in range(size)]
        if not all(FIELD.contains(cell) for cell in cells):
            continue
        text = format_cell(cells[0]) + ("" if size == 1 else "-" + format_cell(cells[-1]))
        after = GAME.apply(state, {"type": "probe", "cells": text, "reply": "1A"})
        if isinstance(after, Refusal):  # no square of that size left
            assert after.rule == "numbered squares" and size > 1
            continue
        said = after["probes"][-2]["answers"]
        assert said == [_true_answer(covered, cell) for cell in cells]
        state = GAME.apply(after, {"type": "answer", "answers": "c", "computer": "probe on"})
        assert not isinstance(state, Refusal), state


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**63 - 1))
def test_the_drawn_network_is_legal_and_sealed(seed):
    state = _sealed(seed)
    network = parse_vertices(state["secret"]["network"])
    assert check_network(network, FIELD, (1, 2, 3, 4)) == []
    assert state["sealed"] == seal_hash(network, derived_salt(seed))
    assert "secret" not in GAME.view(state)


def test_the_draw_is_uniform_over_distinct_networks():
    nets = networks(FIELD, (1, 2, 3, 4))
    seen = {
        frozenset(
            parse_vertices(
                " ".join(format_cell(v) for v in draw_network(FIELD, (1, 2, 3, 4), seed))
            ).cells()
        )
        for seed in range(300)
    }
    # 300 uniform draws among N networks hit about N * (1 - exp(-300 / N)) distinct ones
    n = len(nets)
    assert len(seen) > 0.8 * n * (1 - np.exp(-300 / n))


def test_a_claim_pays_only_when_one_network_remains():
    assert claim_pays(1)
    assert not any(claim_pays(n) for n in (0, 2, 3, 10))


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from(["easy", "fair", "best"]))
def test_with_true_answers_the_computer_claims_your_network(seed, level):
    """A whole game from the computer's side, through complete and apply: you answer truly and
    probe 1A each round; the computer's claim covers your cells."""
    nets = networks(FIELD, (1, 2, 3, 4))
    yours = nets.vertices(int(np.random.default_rng(seed).integers(len(nets))))
    covered = parse_vertices(" ".join(format_cell(v) for v in yours)).cells()
    state = _sealed(seed, {**SMALL, "level": level})
    for _ in range(60):
        state = GAME.apply(state, GAME.complete(state, {"type": "probe", "cells": "1A"}, seed))
        assert not isinstance(state, Refusal), state
        asked = state["probes"][-1]["cells"]
        words = ",".join(_true_answer(covered, parse_cell(c, FIELD)) for c in asked)
        state = GAME.apply(state, GAME.complete(state, {"type": "answer", "answers": words}, 0))
        assert not isinstance(state, Refusal), state
        if state["phase"] != "play":
            break
    claim = state["claims"][-1]
    assert claim["by"] == "computer"
    assert parse_vertices(claim["network"]).cells() == covered


def test_a_false_answer_makes_the_computer_call_for_the_reveal_and_you_lose():
    state = _sealed(3)
    nets = networks(FIELD, (1, 2, 3, 4))
    yours = " ".join(format_cell(v) for v in nets.vertices(0))
    covered = parse_vertices(yours).cells()
    hot = sorted(covered)[0]
    for cell, word in ((hot, "hot"), (hot, "cold")):  # the same cell, answered both ways
        state = GAME.apply(state, {"type": "probe", "cells": "1A", "reply": format_cell(cell)})
        state = GAME.apply(state, GAME.complete(state, {"type": "answer", "answers": word}, 0))
        assert not isinstance(state, Refusal), state
    assert state["phase"] == "claims" and state["challenge"] is not None
    state = GAME.apply(state, {"type": "reveal", "network": yours})
    result = state["result"]
    assert result["winner"] == "computer" and "false answer" in result["how"]


def test_best_needs_fewer_probes_than_fair_and_fair_than_easy():
    """The benchmark (bench/bench_spy_solo.py) in small: 20 games on a 6 x 6 field."""
    lengths, squares = (1, 2, 3, 4), (2, 3)
    nets = networks(FIELD, lengths)
    secrets = [int(np.random.default_rng(k).integers(len(nets))) for k in range(20)]
    first: dict = {}
    mean = {
        level: statistics.mean(
            probes_to_find(level, FIELD, lengths, squares, s, seed=k, first=first)
            for k, s in enumerate(secrets)
        )
        for level in ("easy", "fair", "best")
    }
    assert mean["best"] < mean["fair"] < mean["easy"], mean
