"""The legal networks as a prior (photo_prior), on made-up evidence: each edge's darkness above
the paper in grains."""

from __future__ import annotations

import numpy as np
from hypothesis import example, given, settings
from hypothesis import strategies as st

from assistant.games.spy.layouts import random_network
from assistant.games.spy.model import Field
from assistant.games.spy.photo_decide import decide
from assistant.games.spy.photo_geometry import edges, lines_edges
from assistant.games.spy.photo_prior import COVERS, STRAY_SHARE, best_network

FIELD = Field(10, 10)
LENGTHS = (1, 2, 3, 4, 5, 6)


def _evidence(vertices, pencil: float, seed: int, noise: float = 1.0) -> dict:
    """Drawn steps at `pencil` grains (give or take a fifth), the paper's steps within `noise`."""
    rng = np.random.default_rng(seed)
    drawn = lines_edges(list(vertices))
    return {
        e: pencil * (1 + 0.2 * rng.uniform(-1, 1)) if e in drawn else noise * rng.uniform(-1, 1)
        for e in edges(FIELD)
    }


def _free_run(net, length: int):
    """A straight run of `length` steps along a row, clear of the network and its neighbours."""
    near = {
        (r + dr, c + dc) for r, c in net.cells() for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))
    }
    for r in range(10):
        for c in range(10 - length):
            cells = {(r, c + k) for k in range(length + 1)}
            if not cells & (net.cells() | near):
                return [((r, c + k), (r, c + k + 1)) for k in range(length)]
    return None


def _network_and_stroke(seed: int, pencil: float, length: int, level: float):
    """A legal network at `pencil` grains and a straight run of `length` steps apart from it at
    `level` grains: (the network, the run, what the prior reads), or None when no run fits."""
    net = random_network(FIELD, LENGTHS, seed)
    run = _free_run(net, length)
    if run is None:
        return None
    z = _evidence(net.vertices, pencil, seed, noise=0.5)
    for e in run:
        z[e] = level
    return net, run, best_network(FIELD, LENGTHS, z, {}, frozenset())


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10_000), st.floats(6.0, 40.0), st.integers(0, 1000))
def test_a_faint_network_is_found_exactly(seed, pencil, noise_seed):
    """Pencil six grains above the paper or more, on every step of a legal network: the prior
    finds that network, with no cell in doubt (photo_decide alone doubts every cell under
    CLEAR = 8 grains)."""
    net = random_network(FIELD, LENGTHS, seed)
    found = best_network(
        FIELD, LENGTHS, _evidence(net.vertices, pencil, noise_seed), {}, frozenset()
    )
    assert found is not None
    assert found.cells == net.cells()
    assert found.doubtful == frozenset()


@settings(max_examples=25, deadline=None)
@given(
    st.integers(0, 10_000),
    st.floats(4.0, 40.0),
    st.integers(1, 4),
    st.floats(STRAY_SHARE * 1.2, 1.2),
)
def test_a_stroke_off_every_legal_network_leaves_the_prior_out(seed, pencil, length, left):
    """A legal network and a straight stroke apart from it (rubbed out to `left` of the pencil,
    STRAY_SHARE or more of the pencil the network shows, its steps a fifth either way, or
    drawn): the drawing is not the network, and the prior never explains the stroke away."""
    made = _network_and_stroke(seed, pencil, length, max(left * pencil, 3.5))
    if made is not None:
        assert made[2] is None


@settings(max_examples=25, deadline=None)
@given(
    st.integers(0, 10_000),
    st.floats(3.5 / (0.8 * STRAY_SHARE) + 0.1, 40.0),
    st.integers(1, 4),
    st.floats(0.12, STRAY_SHARE * 0.8 - 0.01),
)
def test_a_stroke_far_fainter_than_the_lines_is_read_as_rubbed_out_and_named(
    seed, pencil, length, left
):
    """A legal network and a straight stroke apart from it rubbed out to under STRAY_SHARE of
    the pencil, yet standing out of the paper's grain: the network is read, and every step of
    the stroke is named (the reading says what it took as not drawn)."""
    made = _network_and_stroke(seed, pencil, length, max(left * pencil, 3.5))
    if made is None:
        return
    net, run, found = made
    assert found is not None and found.cells == net.cells()
    assert set(run) <= found.faint
    assert not {c for e in found.faint for c in e} & net.cells()


@settings(max_examples=25, deadline=None)
@given(
    st.integers(0, 10_000),
    st.floats(4.0, 40.0),
    st.integers(1, 4),
    st.floats(COVERS * 1.2, COVERS * 20),
)
def test_steps_off_the_network_far_darker_than_its_pencil_are_covered(seed, pencil, length, dark):
    """A legal network and, apart from it, a run of steps many times darker than its pencil (a
    pen lying on the sheet; one hand draws every line alike): those cells are taken as covered
    (they say nothing), and the network is read with them named."""
    made = _network_and_stroke(seed, pencil, length, dark * pencil)
    if made is None:
        return
    net, run, found = made
    assert found is not None and found.cells == net.cells()
    assert found.covered == {c for e in run for c in e}


@settings(max_examples=25, deadline=None)
@given(
    st.integers(0, 10_000),
    st.floats(4.0, 40.0),
    st.floats(COVERS * 1.2, COVERS * 20),
    st.integers(0, 40),
)
def test_a_pen_beside_a_line_covers_its_own_cell_only(seed, pencil, dark, which):
    """A pen lying on a square beside a line of the network darkens every step of that square,
    the half on the far square not at all: that square is taken as covered, not the network's
    squares beside it (their halves show the paper), and the network is read."""
    net = random_network(FIELD, LENGTHS, seed)
    cells = net.cells()
    beside = sorted(
        {
            (r + dr, c + dc)
            for r, c in cells
            for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))
            if 0 <= r + dr < 10 and 0 <= c + dc < 10
        }
        - cells
    )
    pen = beside[which % len(beside)]
    z = _evidence(net.vertices, pencil, seed, noise=0.5)
    halves = {}
    for e in edges(FIELD):
        if pen in e:
            z[e] = dark * pencil  # the pen reaches past the step's middle...
            halves[e] = tuple(dark * pencil if c == pen else 0.0 for c in e)  # ...not the far half
    found = best_network(FIELD, LENGTHS, z, halves, frozenset())
    assert found is not None and found.cells == cells
    assert found.covered == {pen}


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10_000), st.floats(4.0, 40.0), st.integers(0, 20))
def test_a_step_missing_from_the_network_leaves_the_prior_out(seed, pencil, which):
    """One step of the network not drawn (the drawing is five lines and part of a sixth, or a
    line too short): no legal network is read through the gap."""
    net = random_network(FIELD, LENGTHS, seed)
    z = _evidence(net.vertices, pencil, seed, noise=0.5)
    gap = sorted(lines_edges(list(net.vertices)))[which]
    z[gap] = 0.0
    found = best_network(FIELD, LENGTHS, z, {}, frozenset())
    assert found is None or found.cells != net.cells() and found.doubtful


def test_cells_under_a_blot_say_nothing_and_ties_are_doubted():
    """Every step of a network at the pencil's darkness but those of one line's cells hidden:
    the networks that differ only there (or in a cell whose one step leads there) are as
    likely, and those cells are doubted, no others."""
    net = random_network(FIELD, LENGTHS, 11)
    z = _evidence(net.vertices, 20.0, 11, noise=0.5)
    last = net.vertices[-2:]  # the chain's last line, hidden, and everything around it
    r0, r1 = sorted((last[0][0], last[1][0]))
    c0, c1 = sorted((last[0][1], last[1][1]))
    hidden = frozenset(
        (r, c)
        for r in range(r0 - 1, r1 + 2)
        for c in range(c0 - 1, c1 + 2)
        if FIELD.contains((r, c)) and (r, c) != last[0]
    )
    for e in z:
        if set(e) & hidden:
            z[e] = 0.0
    found = best_network(FIELD, LENGTHS, z, {}, hidden)
    assert found is not None
    beside = {(r + dr, c + dc) for r, c in hidden for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))}
    assert found.doubtful and found.doubtful <= hidden | beside  # nowhere the photo is plain


def _faint_scores(vertices, above: float, seed: int):
    """Scores as photo_image gives them: paper 0.5, noise within 0.01, pencil `above` it."""
    rng = np.random.default_rng(seed)
    drawn = lines_edges(list(vertices))
    cells = {c for e in drawn for c in e}
    edge_scores = {
        e: 0.5 + (above if e in drawn else 0.0) + 0.01 * rng.uniform(-1, 1) for e in edges(FIELD)
    }
    cell_scores = {c: 0.5 + (above if c in cells else 0.0) for c in FIELD.cells()}
    return cell_scores, edge_scores


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 10_000), st.floats(0.048, 0.056), st.integers(0, 1000))
def test_weigh_reads_a_faint_network_the_edges_alone_doubt(seed, above, noise_seed):
    """Pencil six and a half to seven and a half grains above the paper (the grain: 0.0074,
    from noise within 0.01): photo_decide reads it and doubts every cell ("very faint"); weigh,
    with the prior, reads it exactly."""
    from assistant.games.spy.photo import weigh

    net = random_network(FIELD, LENGTHS, seed)
    cells, edge_scores = _faint_scores(net.vertices, above, noise_seed)
    d, result = weigh(decide(FIELD, LENGTHS, cells, edge_scores), FIELD, LENGTHS)
    assert result.legal and d.cells == net.cells() and d.uncertain == {}


def test_the_edges_alone_doubt_such_a_network():
    net = random_network(FIELD, LENGTHS, 0)
    cells, edge_scores = _faint_scores(net.vertices, 0.05, 1)
    alone = decide(FIELD, LENGTHS, cells, edge_scores)
    assert any("very faint" in why for why in alone.uncertain.values())


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 10_000), st.floats(0.03, 0.07), st.integers(0, 1000))
@example(1605, 0.0390625, 470)  # a step off the network nearly as dark as its weakest
@example(4066, 0.04515398018049503, 572)  # the same, a grain under it
@example(9624, 0.038141275796538504, 883)  # a step of the network no darker than the paper
@example(795, 0.03273677251715489, 235)  # pencil two and a half grains: "too faint", not nothing
@example(303, 0.030332042909330757, 751)  # a step of the network at the paper's noise
def test_weigh_never_reads_a_faint_illegal_drawing_in_silence(seed, above, noise_seed):
    """Faint pencil (four to nine grains), the chain's last line moved one square sideways
    (illegal): read as drawn, or with cells in doubt, never as another network in silence."""
    from assistant.games.spy.photo import weigh

    vertices = list(random_network(FIELD, LENGTHS, seed).vertices)
    a, b = vertices[-2], vertices[-1]
    shift = (1 if a[0] < 9 else -1, 0) if a[0] == b[0] else (0, 1 if a[1] < 9 else -1)
    vertices[-2] = (a[0] + shift[0], a[1] + shift[1])
    vertices[-1] = (b[0] + shift[0], b[1] + shift[1])
    drawn = frozenset(c for e in lines_edges(vertices) for c in e)
    cells, edge_scores = _faint_scores(vertices, above, noise_seed)
    d, _ = weigh(decide(FIELD, LENGTHS, cells, edge_scores), FIELD, LENGTHS)
    assert d.uncertain or d.cells == drawn  # the cells drawn (moved, they may still be legal)


def test_a_mark_apart_darker_than_the_pencil_is_doubted():
    """An illegal reading with a short mark apart, twice as dark as the pencil (the edge of a
    finger; issue 39's held-out photo 2278 was read so, with no doubt): its cells are named."""
    from assistant.games.spy.photo import weigh

    vertices = list(random_network(FIELD, LENGTHS, 4).vertices)
    a, b = vertices[-2], vertices[-1]
    shift = (1 if a[0] < 9 else -1, 0) if a[0] == b[0] else (0, 1 if a[1] < 9 else -1)
    vertices[-2] = (a[0] + shift[0], a[1] + shift[1])
    vertices[-1] = (b[0] + shift[0], b[1] + shift[1])
    drawn = lines_edges(vertices)
    covered = {c for e in drawn for c in e}
    near = {(r + dr, c + dc) for r, c in covered for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))}
    mark = next(e for e in edges(FIELD) if not set(e) & (covered | near))
    edge_scores = {e: 0.3 if e in drawn else 0.01 for e in edges(FIELD)}
    edge_scores[mark] = 0.6
    cells = {c: 0.3 if c in covered else 0.01 for c in FIELD.cells()}
    d, result = weigh(decide(FIELD, LENGTHS, cells, edge_scores), FIELD, LENGTHS)
    assert not result.legal
    assert set(mark) <= set(d.uncertain)
    assert "darker than the pencil" in d.uncertain[mark[0]]


def test_glare_dimming_the_lines_through_it_is_no_doubt_unless_a_mark_is_there_too():
    """Glare over cells a line crosses, the line seen there at a third of the pencil, the rest
    of the glare paper: the doubts go (the glare dims this pencil, it does not hide it). Another
    step in the glare over half as dark as the dimmed line is named."""
    from assistant.games.spy.photo import weigh

    net = random_network(FIELD, LENGTHS, 9)
    drawn = sorted(lines_edges(list(net.vertices)))
    crossed = frozenset(drawn[0])
    edge_scores = {e: 0.5 if e in drawn else 0.02 for e in edges(FIELD)}
    edge_scores[drawn[0]] = 0.02 + 0.33 * 0.48
    cells = {c: 0.5 if c in net.cells() else 0.02 for c in FIELD.cells()}
    d, result = weigh(decide(FIELD, LENGTHS, cells, edge_scores, washed=crossed), FIELD, LENGTHS)
    assert result.legal and d.uncertain == {}
    beside = next(e for e in edges(FIELD) if e not in drawn and set(e) & crossed)
    edge_scores[beside] = 0.02 + 0.2 * 0.48
    d, _ = weigh(decide(FIELD, LENGTHS, cells, edge_scores, washed=crossed), FIELD, LENGTHS)
    assert set(beside) & set(d.uncertain)  # named, never lifted with the glare's doubts


def test_the_table_is_cached_and_a_damaged_cache_is_rebuilt(tmp_path, monkeypatch):
    """The networks' edge table is kept beside the networks' cache (a reading in a new process
    need not build it: half a second); a truncated file is built again, the same."""
    from assistant.games.spy import photo_prior
    from assistant.games.spy.enumerate import clear_memo

    monkeypatch.setenv("DEADDROP_CACHE", str(tmp_path))
    field = Field(5, 5)
    clear_memo()
    photo_prior._table.cache_clear()
    built = photo_prior._table(5, 5, (1, 2, 3))
    (cached,) = (tmp_path / "spy").glob("prior-*.npz")
    photo_prior._table.cache_clear()
    again = photo_prior._table(5, 5, (1, 2, 3))
    assert np.array_equal(built.layout, again.layout)
    assert np.array_equal(built.inside, again.inside)
    cached.write_bytes(cached.read_bytes()[:100])
    photo_prior._table.cache_clear()
    rebuilt = photo_prior._table(5, 5, (1, 2, 3))
    assert np.array_equal(built.layout, rebuilt.layout) and len(built.edges) == len(edges(field))
    photo_prior._table.cache_clear()
    clear_memo()


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10_000), st.floats(4.0, 40.0), st.integers(0, 50))
@example(seed=4001, pencil=12.0, which=0)
def test_a_stroke_joining_two_of_its_cells_another_way_is_never_read_in_silence(
    seed, pencil, which
):
    """A legal network and a stroke drawn between two of its cells that are not one of its
    steps (two lines touching: the drawing joins them another way, and may be illegal): the
    prior leaves the photo out, reads that stroke as a step of the network it finds, or names
    both cells (found on a held-out photo of the first generator, read in silence before)."""
    net = random_network(FIELD, LENGTHS, seed)
    cells = net.cells()
    steps = lines_edges(list(net.vertices))
    between = sorted(e for e in edges(FIELD) if set(e) <= cells and e not in steps)
    if not between:
        return
    e = between[which % len(between)]
    z = _evidence(net.vertices, pencil, seed, noise=0.5)
    z[e] = pencil
    found = best_network(FIELD, LENGTHS, z, {}, frozenset())
    assert found is None or e in found.joined or set(e) <= found.doubtful
