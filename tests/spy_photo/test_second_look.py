"""The prior's second look (photo_across): each step measured where its line lies across it.

Made-up profiles first (a line's place found by the whole line, not by a speck of grain in one
step), then made-up evidence for photo_prior (a step the first look calls a gap, read when the
second look sees pencil there and never when it sees paper), then photos of the second
generator and their twins."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from assistant.games.spy import photo, photo_across
from assistant.games.spy.layouts import random_network
from assistant.games.spy.model import Field
from assistant.games.spy.photo_geometry import edges, lines_edges
from assistant.games.spy.photo_prior import GAP, best_network, straight_runs

FIELD = Field(10, 10)
LENGTHS = (1, 2, 3, 4, 5, 6)
PLACES = 25  # places across a step on the canvas (photo_geometry.ACROSS either side)


def _profile(at: int | None, value: float) -> np.ndarray:
    """A step's profiles (whole, either half): paper everywhere, `value` at place `at`."""
    out = np.zeros((3, PLACES))
    if at is not None:
        out[:, at] = value
    return out


@given(
    st.lists(st.floats(1.0, 10.0), min_size=2, max_size=6),
    st.integers(0, PLACES - 1),
    st.integers(0, PLACES - 1),
    st.integers(0, 5),
    st.floats(0.0, 1.0),
)
def test_a_step_is_measured_at_its_lines_place_not_at_a_speck(values, at, speck_at, which, share):
    """A straight line's stroke at one place across every step (`values` grains), and in one
    step a darker speck elsewhere (darker than that step's stroke, lighter than the whole
    line's): every step reads its own stroke, the speck nowhere."""
    line = [((2, c), (2, c + 1)) for c in range(len(values))]
    which %= len(values)
    across = {e: _profile(at, v) for e, v in zip(line, values, strict=True)}
    speck = values[which] + share * (sum(values) - values[which]) * 0.99
    if abs(speck_at - at) > photo_across.TOLERANCE:
        across[line[which]][:, speck_at] = speck
    measured = photo_across.line_steps(across, line)
    assert [m[0] for m in measured] == pytest.approx(values)
    assert [min(m[1:]) for m in measured] == pytest.approx(values)


def test_the_place_is_found_clear_of_hidden_cells():
    """Two steps seen at place 5 and one under glare darker at place 20: the line lies at 5."""
    line = [((0, c), (0, c + 1)) for c in range(3)]
    across = {line[0]: _profile(5, 4.0), line[1]: _profile(5, 4.0), line[2]: _profile(20, 30.0)}
    assert photo_across.line_steps(across, line, frozenset({(0, 3)}))[0][0] == 4.0
    assert photo_across.line_steps(across, line)[0][0] == 0.0  # all of it: the glare's place


def _evidence(net, pencil: float, seed: int):
    """First-look z and second-look profiles of a legal network drawn at `pencil` grains (a
    fifth either way), each line at its own place across, the paper within a grain."""
    rng = np.random.default_rng(seed)
    drawn = lines_edges(list(net.vertices))
    z, across = {}, {}
    for e in edges(FIELD):
        z[e] = rng.uniform(-1, 1)
        across[e] = rng.uniform(-1, 1, (3, PLACES))
    for line in straight_runs(frozenset(drawn)):
        at = int(rng.integers(3, PLACES - 3))
        for e in line:
            z[e] = pencil * (1 + 0.2 * rng.uniform(-1, 1))
            across[e][:, at] = pencil * (1 + 0.2 * rng.uniform(-1, 1))
    return z, across


@settings(max_examples=30, deadline=None)
@given(
    st.integers(0, 10_000),
    st.floats(8.0, 40.0),
    st.integers(0, 1000),
    st.integers(0, 20),
    st.floats(0.0, 1.0),
)
def test_a_step_the_first_look_calls_a_gap_is_read_only_if_the_second_sees_pencil(
    seed, pencil, noise_seed, pick, seen
):
    """A legal network, one of its steps under GAP of the pencil by the first look (one of its
    four windows found nothing): where the second look finds the pencil there (half of it or
    more), the network is read with no doubt; where it finds the paper (under GAP of it), the
    network is never read without a doubt (the drawing may stop there)."""
    net = random_network(FIELD, LENGTHS, seed)
    z, across = _evidence(net, pencil, noise_seed)
    steps = sorted(lines_edges(list(net.vertices)))
    step = steps[pick % len(steps)]
    z[step] = GAP * pencil * 0.5
    place = int(np.argmax(across[step][0]))
    first = best_network(FIELD, LENGTHS, z, {}, frozenset())  # the first look alone
    assert first is None or first.doubtful or first.cells != net.cells()
    sees = dict(across)
    sees[step] = across[step].copy()
    sees[step][:, place] = pencil * (0.5 + 0.5 * seen)
    found = best_network(FIELD, LENGTHS, z, {}, frozenset(), sees)
    assert found is not None and found.cells == net.cells() and not found.doubtful
    paper = dict(across)
    paper[step] = across[step].copy()
    paper[step][:, place] = GAP * pencil * 0.5 * seen
    found = best_network(FIELD, LENGTHS, z, {}, frozenset(), paper)
    assert found is None or found.doubtful


def _read_exactly(page, seed: int):
    """Photo `seed` of the second generator, a legal network nothing hides: (the case, its
    scores, its field, the cells drawn, its decision), which reads that network exactly."""
    import synth_hand
    from scored import scores_of

    case = synth_hand.make(page, seed)
    assert case.kind == "legal" and not case.hidden and not case.unseen
    scores, located = scores_of(case)
    decision, result = photo._read_scores(scores, located.field, LENGTHS, "photo")
    truth = synth_hand._cells(case.vertices)
    assert result.legal and decision.cells == truth and decision.uncertain == {}
    return case, scores, located.field, truth, decision


def test_a_faint_step_the_second_look_sees_is_read_and_its_twin_gap_is_not(page):
    """Photo 5018 of the second generator (faint pencil, low light, motion blur): two steps of
    the network, 2F-3F and 5J-6J, read under GAP of the pencil by the first look, which gave the
    reading up; where each lies on its line the second look sees pencil: read exactly. The twin
    with 2F-3F as the paper beside it (both looks) is never read as legal with nothing in doubt."""
    case, scores, field, truth, _ = _read_exactly(page, 5018)
    first_only = dataclasses.replace(scores, across={})
    decision, _ = photo._read_scores(first_only, field, LENGTHS, "photo")
    assert decision.uncertain  # the first look alone doubts it
    gap = ((1, 5), (2, 5))
    assert gap in lines_edges(case.vertices)
    paper = float(np.median(list(scores.edges.values())))
    twin = dataclasses.replace(
        scores,
        edges={**scores.edges, gap: paper},
        halves={**scores.halves, gap: (paper, paper)},
        across={**scores.across, gap: np.zeros_like(scores.across[gap])},
    )
    decision, result = photo._read_scores(twin, field, LENGTHS, "photo")
    assert not (result.legal and decision.cells == truth and not decision.uncertain)


def test_a_stroke_the_second_look_finds_faint_is_named_and_its_twin_stroke_is_not(page):
    """Photo 5009 (ballpoint, low light, a pen over the sheet): a run off the network, 7A-8A,
    seen by the first look at STRAY_SHARE of the pencil or more, which gave the reading up; at
    its own place the second look finds it far fainter than the lines: read exactly, the run
    named in a note as read not drawn. Its twin, that run as dark as the lines where they lie,
    is a stroke: never read as legal with nothing in doubt."""
    case, scores, field, truth, decision = _read_exactly(page, 5009)
    run = ((6, 0), (7, 0))
    assert run in decision.faint and any("7A-8A" in note for note in decision.notes)
    strong = max(photo_across.own(scores.across, e) for e in lines_edges(case.vertices))
    stroke = np.zeros_like(scores.across[run])
    stroke[:, stroke.shape[1] // 2] = strong
    twin = dataclasses.replace(scores, across={**scores.across, run: stroke})
    decision, result = photo._read_scores(twin, field, LENGTHS, "photo")
    assert not (result.legal and decision.cells == truth and not decision.uncertain)
