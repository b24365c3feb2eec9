"""Deciding what is drawn from the pencil's darkness (photo_decide), on made-up scores."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from assistant.games.spy.layouts import random_network
from assistant.games.spy.model import Field
from assistant.games.spy.photo_decide import decide
from assistant.games.spy.photo_geometry import edges, lines_edges

FIELD = Field(10, 10)
LENGTHS = (1, 2, 3, 4, 5, 6)


def _scores(vertices, ink=0.5, paper=0.02, faint=()):
    joined = lines_edges(list(vertices))
    cells = {c for e in joined for c in e}
    edge_scores = {e: ink if e in joined else paper for e in edges(FIELD)}
    for e in faint:
        edge_scores[e] = paper + 0.15 * (ink - paper)
    cell_scores = {c: ink if c in cells else paper for c in FIELD.cells()}
    return cell_scores, edge_scores


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10_000), st.floats(0.1, 0.9))
def test_a_clean_drawing_reads_exactly(seed, ink):
    net = random_network(FIELD, LENGTHS, seed)
    cells, edge_scores = _scores(net.vertices, ink=ink)
    d = decide(FIELD, LENGTHS, cells, edge_scores)
    assert d.cells == net.cells()
    assert d.joined == frozenset(lines_edges(list(net.vertices)))
    assert d.uncertain == {}


def test_a_faint_edge_names_its_cells():
    net = random_network(FIELD, LENGTHS, 7)
    outside = next(
        e for e in edges(FIELD) if not (set(e) & net.cells())
    )  # an edge away from the network, half rubbed out
    cells, edge_scores = _scores(net.vertices, faint=[outside])
    d = decide(FIELD, LENGTHS, cells, edge_scores)
    assert d.cells == net.cells()  # read as not joined...
    assert set(d.uncertain) == set(outside)  # ...but named
    assert "faint pencil" in d.uncertain[outside[0]]


def test_nothing_drawn_reads_empty():
    cells = dict.fromkeys(FIELD.cells(), 0.02)
    d = decide(FIELD, LENGTHS, cells, dict.fromkeys(edges(FIELD), 0.02))
    assert d.cells == frozenset() and d.uncertain == {}


def test_a_centre_without_a_line_is_uncertain():
    net = random_network(FIELD, LENGTHS, 3)
    cells, edge_scores = _scores(net.vertices)
    stray = next(c for c in FIELD.cells() if c not in net.cells())
    cells[stray] = 0.5  # a dot of pencil in a cell no line reaches
    d = decide(FIELD, LENGTHS, cells, edge_scores)
    assert d.cells == net.cells()
    assert list(d.uncertain) == [stray]


def test_a_line_drawn_short_of_its_end_centre_is_still_sure():
    net = random_network(FIELD, LENGTHS, 11)
    cells, edge_scores = _scores(net.vertices)
    end = net.vertices[-1]
    cells[end] = 0.02  # the stroke stopped before the end's centre, its step into it is strong
    d = decide(FIELD, LENGTHS, cells, edge_scores)
    assert d.cells == net.cells() and d.uncertain == {}
    step = next(e for e in lines_edges(list(net.vertices)) if end in e)
    edge_scores[step] = 0.02 + 0.3 * (0.5 - 0.02)  # ...and now faint too: named
    d = decide(FIELD, LENGTHS, cells, edge_scores)
    assert d.uncertain[end] == "a line reaches it but its centre looks empty"
