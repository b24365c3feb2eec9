"""Deduction against the brute force: counts, probabilities, suggestions, conflicts, solving."""

from __future__ import annotations

import itertools
import math
from functools import cache

import numpy as np
import pytest
from bruteforce import distinct_networks
from hypothesis import event, given, settings
from hypothesis import strategies as st

from assistant.games.spy.deduce import candidate_probes, deduce
from assistant.games.spy.deduction import deduce_cached
from assistant.games.spy.enumerate import networks
from assistant.games.spy.model import Field, Network, answer, mask_of_cells
from assistant.games.spy.observations import Observation

SMALL = [(4, 5, (1, 2, 3)), (5, 5, (1, 2, 3, 4)), (5, 6, (1, 1, 2, 3)), (6, 4, (1, 2, 3))]


@cache
def _brute(rows, cols, lengths):
    field = Field(rows, cols)
    found = sorted(distinct_networks(rows, cols, lengths), key=sorted)
    return tuple(mask_of_cells(net, field) for net in found)


def _fits(mask, observations, field):
    return all(
        answer(mask, cell, field) == said
        for o in observations
        for cell, said in zip(o.cells, o.answers, strict=True)
    )


@st.composite
def probes(draw, field):
    vertical = draw(st.booleans())
    n = draw(st.integers(1, min(5, field.rows if vertical else field.cols)))
    r = draw(st.integers(0, field.rows - (n if vertical else 1)))
    c = draw(st.integers(0, field.cols - (1 if vertical else n)))
    return tuple((r + i, c) if vertical else (r, c + i) for i in range(n))


@st.composite
def games(draw):
    rows, cols, lengths = draw(st.sampled_from(SMALL))
    field = Field(rows, cols)
    truth = draw(st.sampled_from(_brute(rows, cols, lengths)))
    observations = []
    for k in range(draw(st.integers(0, 5))):
        cells = draw(probes(field))
        if draw(st.integers(0, 3)) == 0:  # now and then someone misspeaks
            said = tuple(draw(st.sampled_from(["hot", "warm", "cold"])) for _ in cells)
        else:
            said = tuple(answer(truth, cell, field) for cell in cells)
        observations.append(Observation(cells, said, f"observation {k + 1}"))
    squares = tuple(draw(st.lists(st.integers(2, 5), max_size=6)))
    return field, lengths, observations, squares


def _outcomes(masks, cells, field):
    groups = {}
    for mask in masks:
        key = tuple(answer(mask, cell, field) for cell in cells)
        groups[key] = groups.get(key, 0) + 1
    return list(groups.values())


@settings(max_examples=200, deadline=None)
@given(games())
def test_deduce_equals_the_brute_force(game):
    field, lengths, observations, squares = game
    result = deduce(field, lengths, observations, squares)
    event("conflict" if result.consistent == 0 else "solved" if result.consistent == 1 else "open")
    fitting = [m for m in _brute(field.rows, field.cols, lengths) if _fits(m, observations, field)]
    assert result.consistent == len(fitting)
    for cell in field.cells():
        covering = sum(1 for m in fitting if answer(m, cell, field) == "hot")
        expected = covering / len(fitting) if fitting else 0.0
        assert math.isclose(result.hot_probability(cell), expected)
    if len(fitting) == 1:
        assert Network(result.network).mask(field) == fitting[0]
    else:
        assert result.network is None
    if len(fitting) <= 1:
        assert result.suggestion is None
    else:
        s = result.suggestion
        assert len(s.cells) == 1 or len(s.cells) in squares  # a square of that size is left
        assert all(field.contains(cell) for cell in s.cells)
        counts = _outcomes(fitting, s.cells, field)
        assert s.worst_case == max(counts)
        assert math.isclose(s.expected_remaining, sum(c * c for c in counts) / len(fitting))
        for cell in field.cells():  # no single cell tells more
            single = _outcomes(fitting, (cell,), field)
            bits = math.log2(len(fitting)) - sum(c * math.log2(c) for c in single) / len(fitting)
            assert bits <= s.information + 1e-9
    if fitting:
        assert result.conflict is None
    else:
        conflict = list(result.conflict)
        everything = _brute(field.rows, field.cols, lengths)
        assert not any(_fits(m, conflict, field) for m in everything)
        for leave_out in range(len(conflict)):  # minimal: each one is needed
            rest = conflict[:leave_out] + conflict[leave_out + 1 :]
            assert any(_fits(m, rest, field) for m in everything)
        assert result.conflict_smallest
        for k in range(1, len(conflict)):  # and smallest: no fewer will do
            for subset in itertools.combinations(observations, k):
                assert any(_fits(m, subset, field) for m in everything)


def test_candidates_never_break_the_rules():
    field = Field(4, 6)
    for squares in [(), (2,), (3, 3), (5,), (2, 2, 3, 3, 4, 5), (6, 1)]:
        for cells in candidate_probes(field, squares):
            assert all(field.contains(cell) for cell in cells)
            assert len(cells) == 1 or len(cells) in squares
            rows = {r for r, _ in cells}
            cols = {c for _, c in cells}
            assert len(rows) == 1 or len(cols) == 1
            assert len(rows) * len(cols) == len(cells)  # contiguous, no repeats
    assert len(candidate_probes(field, ())) == 24
    assert len(candidate_probes(field, (5,))) == 24 + 4 * 2  # 5 cells fit across only


def test_a_contradiction_is_found_and_named():
    field = Field()
    obs = [
        Observation(((0, 0),), ("cold",), "observation 1"),
        Observation(((4, 4),), ("hot",), "observation 2"),
        Observation(((9, 9),), ("cold",), "observation 3"),
        Observation(((4, 5),), ("cold",), "observation 4"),  # next to a hot cell: warm or hot
    ]
    result = deduce(field, (1, 2, 3, 4, 5, 6), obs)
    assert result.consistent == 0
    assert [o.source for o in result.conflict] == ["observation 2", "observation 4"]
    assert result.suggestion is None and result.network is None


def test_a_network_is_solved_by_following_the_suggestions():
    field = Field()
    nets = networks(field)
    truth = nets.mask(12345)
    observations = []
    for _ in range(40):
        result = deduce(field, (1, 2, 3, 4, 5, 6), observations, squares=())
        if result.consistent == 1:
            break
        cells = result.suggestion.cells
        said = tuple(answer(truth, cell, field) for cell in cells)
        observations.append(Observation(cells, said, f"observation {len(observations) + 1}"))
    assert result.consistent == 1
    assert Network(result.network).mask(field) == truth
    assert len(observations) < 40


def test_sampled_scoring_reports_exact_figures():
    field = Field()
    result = deduce(field, (1, 2, 3, 4, 5, 6), [], squares=(2, 3))
    masks = networks(field).masks
    from assistant.games.spy.deduce import cell_codes

    pattern = np.zeros(len(masks), np.int64)
    for cell in result.suggestion.cells:
        pattern = pattern * 3 + cell_codes(masks, cell, field)
    counts = np.bincount(pattern)
    assert result.suggestion.worst_case == counts.max()
    assert math.isclose(result.suggestion.expected_remaining, (counts**2).sum() / len(masks))
    assert len(result.suggestion.cells) in (1, 2, 3)


@settings(max_examples=40, deadline=None)
@given(games())
def test_a_cached_answer_equals_the_computed_one(game):
    """deduction.deduce_cached: the answer stored and read back is the answer computed."""
    field, lengths, observations, squares = game
    computed = deduce(field, lengths, observations, squares)
    assert deduce_cached(field, lengths, observations, squares) == computed
    assert deduce_cached(field, lengths, observations, squares) == computed


def _best_by_hand(fitting, field, squares):
    """The best probe as deduce documents it, scored one candidate at a time."""
    total = len(fitting)
    best = None
    for order, cells in enumerate(candidate_probes(field, squares)):
        counts = _outcomes(fitting, cells, field)
        bits = math.log2(total) - sum(c * math.log2(c) for c in counts) / total
        expected = sum(c * c for c in counts) / total
        key = (-round(bits, 9), expected, len(cells), order)
        if best is None or key < best[0]:
            best = (key, cells, max(counts))
    return best


NARROW = [(3, 4, (1, 2)), (2, 6, (1, 2)), (4, 3, (1, 1, 2)), (1, 6, (2,)), (6, 1, (2,))]


@pytest.mark.parametrize(("rows", "cols", "lengths"), SMALL + NARROW)
@pytest.mark.parametrize("squares", [(2, 2, 3, 3, 4, 5), (5,), (2, 4), ()])
def test_the_suggestion_is_the_best_candidate(rows, cols, lengths, squares):
    """Every run of every size left is scored (and a field narrower than a square works)."""
    field = Field(rows, cols)
    fitting = list(_brute(rows, cols, lengths))
    hot = fitting[len(fitting) // 3]
    probe = (rows // 2, cols // 2)
    observations = [Observation((probe,), (answer(hot, probe, field),), "observation 1")]
    fitting = [m for m in fitting if _fits(m, observations, field)]
    result = deduce(field, lengths, observations, squares)
    if len(fitting) <= 1:
        assert result.suggestion is None
        return
    (_, expected, _, _), cells, worst = _best_by_hand(fitting, field, squares)
    s = result.suggestion
    assert (s.cells, s.worst_case) == (cells, worst)
    assert math.isclose(s.expected_remaining, expected)
