"""The paper's level taken locally (photo_decide `local`, photo._read_scores): a shadow's edge
or uneven light across the field, on made-up scores."""

from __future__ import annotations

import random
from types import SimpleNamespace

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from assistant.games.spy.layouts import random_network
from assistant.games.spy.model import Field
from assistant.games.spy.photo import _read_scores
from assistant.games.spy.photo_decide import _flatten, decide
from assistant.games.spy.photo_geometry import edges, lines_edges
from assistant.games.spy.photo_image import PhotoError

FIELD = Field(10, 10)
LENGTHS = (1, 2, 3, 4, 5, 6)
GRAIN = 0.003


def _shadowed(vertices, above: float, step: float, seed: int, left: int = 5, grain=GRAIN):
    """Scores with the paper's grain, pencil `above` the paper, and the paper `step` darker
    over the columns left of `left` (a shadow whose edge runs down the field)."""
    rnd = random.Random(seed)
    joined = lines_edges(list(vertices))
    cells = {c for e in joined for c in e}

    def paper(*cs):
        return 0.01 + (step if all(c[1] < left for c in cs) else 0.0)

    edge_scores = {
        e: paper(*e) + (above if e in joined else 0.0) + rnd.gauss(0, grain) for e in edges(FIELD)
    }
    cell_scores = {
        c: paper(c) + (above if c in cells else 0.0) + rnd.gauss(0, grain) for c in FIELD.cells()
    }
    return cell_scores, edge_scores


def test_a_step_in_the_paper_is_taken_out_away_from_its_edge():
    cells, edge_scores = _shadowed((), 0.0, 0.02, 0)
    even = {e: v for e, v in edge_scores.items()}
    flat_cells, flat_edges, _ = _flatten(FIELD, cells, even, None)
    far = [e for e in edges(FIELD) if all(c[1] <= 1 or c[1] >= 8 for c in e)]
    left = [flat_edges[e] for e in far if e[0][1] <= 1]
    right = [flat_edges[e] for e in far if e[0][1] >= 8]
    assert abs(sum(left) / len(left) - sum(right) / len(right)) < 0.005  # was 0.02 apart


def _scores(cells, edge_scores):
    return SimpleNamespace(
        cells=cells,
        edges=edge_scores,
        blots=None,
        washed=frozenset(),
        halves=None,
        covered=frozenset(),
        across={},  # no profiles: the prior's first look alone (photo_across)
    )


@settings(max_examples=40, deadline=None)
@given(
    st.integers(0, 10_000),
    st.floats(0.015, 0.06),  # pencil from five times the grain, as in test_decide
    st.floats(-0.02, 0.02),
    st.integers(2, 8),
    st.integers(0, 1000),
)
def test_a_shadowed_network_is_read_or_doubted_never_wrong_in_silence(
    seed, above, step, left, noise_seed
):
    """A shadow (or lighter paper) up to half the pencil's darkness: never wrong in silence.
    (A band of paper as dark as the pencil is pencil to the scores: normalise takes shadows
    out of the photo before.)"""
    assume(abs(step) <= 0.5 * above)
    net = random_network(FIELD, LENGTHS, seed)
    cells, edge_scores = _shadowed(net.vertices, above, step, noise_seed, left)
    try:
        decision, result = _read_scores(_scores(cells, edge_scores), FIELD, LENGTHS, "p")
    except PhotoError:
        return  # refused, with a reason
    if not decision.uncertain:
        assert decision.cells == net.cells() and result.legal


def test_a_shadow_the_field_wide_paper_doubts_is_read_with_the_local_paper():
    """Pencil 10 grains above the paper, the paper 3 grains lighter over half the field: the
    field-wide paper level leaves doubts; the local one reads the network exactly."""
    found = 0
    for seed in range(40):
        net = random_network(FIELD, LENGTHS, seed)
        cells, edge_scores = _shadowed(net.vertices, 0.03, -0.01, seed)
        plain = decide(FIELD, LENGTHS, cells, edge_scores)
        try:
            decision, result = _read_scores(_scores(cells, edge_scores), FIELD, LENGTHS, "p")
        except PhotoError:
            continue
        if plain.uncertain and not decision.uncertain:
            assert decision.cells == net.cells() and result.legal
            found += 1
    assert found >= 10


def test_a_photo_too_grainy_for_the_field_wide_paper_is_read_with_doubts_locally():
    """Faint pencil, a grainy photo and a shadow three times the pencil's darkness over half the
    field: the field-wide paper level sees nothing but grain ("too dark or grainy", a refusal);
    the local one sees the pencil: the reading is returned with its doubts, never an empty
    field without one."""
    read = 0
    for seed in range(20):
        net = random_network(FIELD, LENGTHS, seed)
        cells, edge_scores = _shadowed(net.vertices, 0.015, -0.03, seed, grain=0.006)
        assert decide(FIELD, LENGTHS, cells, edge_scores).too_grainy
        try:
            decision, _ = _read_scores(_scores(cells, edge_scores), FIELD, LENGTHS, "p")
        except PhotoError:
            continue
        assert decision.uncertain
        read += 1
    assert read >= 15
