"""Drawings: every split of the marked cells into a legal chain, and why there is none."""

from __future__ import annotations

import functools

from bruteforce import chains
from hypothesis import given, settings
from hypothesis import strategies as st
from spy_helpers import FIELD, LEGAL, TWIN_A, TWIN_B, net

from assistant.games.spy.layouts import explain_cells, layouts
from assistant.games.spy.model import Field, parse_cell


def cells(*texts: str) -> set:
    return {parse_cell(t, FIELD) for t in texts}


def test_a_drawing_with_one_layout():
    assert [str(n) for n in layouts(net(LEGAL).cells())] == [LEGAL]


def test_two_layouts_cover_the_same_cells():
    a, b = net(TWIN_A), net(TWIN_B)
    assert a.cells() == b.cells() and a != b
    found = {str(n) for n in layouts(a.cells())}
    assert found == {TWIN_A, TWIN_B}


def test_variant_lengths():
    seven = net(LEGAL + " 9A")
    assert [str(n) for n in layouts(seven.cells(), (1, 1, 2, 3, 4, 5, 6))] == [LEGAL + " 9A"]
    assert layouts(seven.cells()) == []


def test_wrong_number_of_cells():
    drawn = net(LEGAL).cells() - cells("10C")
    rules = [p.rule for p in explain_cells(drawn, FIELD)]
    assert rules[0] == "cells"
    assert explain_cells(drawn, FIELD)[0].message == (
        "the drawing marks 21 cells; lines of lengths 1, 2, 3, 4, 5, 6 cover 22 (their lengths "
        "plus one)"
    )
    assert rules == ["cells", "connected"]
    assert explain_cells(drawn, FIELD)[1].message == (
        "the marked cells fall apart into two groups, not one chain: 19 cells from 2B to 10H; "
        "9B and 10B"
    )


def test_separate_groups():
    drawn = (net(LEGAL).cells() - cells("10B", "9B")) | cells("1J", "2J")
    problems = explain_cells(drawn, FIELD)
    assert [p.rule for p in problems] == ["connected"]
    assert problems[0].message == (
        "the marked cells fall apart into two groups, not one chain: 20 cells from 2B to 10H; "
        "1J and 2J"
    )


def test_two_groups_of_the_same_size_are_both_named():
    """Marks at 1B-1D and 10G-10I (issue 39: the message was garbled)."""
    drawn = cells("1B", "1C", "1D", "10G", "10H", "10I")
    problems = explain_cells(drawn, FIELD)
    assert problems[-1].rule == "connected"
    assert problems[-1].message == (
        "the marked cells fall apart into two groups, not one chain: 1B, 1C and 1D; "
        "10G, 10H and 10I"
    )


def test_branching():
    drawn = (net(LEGAL).cells() - cells("9B")) | cells("6D")
    problems = explain_cells(drawn, FIELD)
    assert [p.rule for p in problems] == ["branch"]
    assert problems[0].message == (
        "the marked cells branch: three cells have a single marked neighbour (2B, 6D and 10B), "
        "a chain has only two ends"
    )


def test_a_plus_sign_crosses():
    drawn = cells(*"4A 4B 4C 4D 4E 4F 4G 1D 2D 3D 5D 6D 7D 8D".split())
    problems = explain_cells(drawn, FIELD)
    assert [p.rule for p in problems] == ["cells", "branch"]
    assert problems[1].message == (
        "the marked cells branch: four cells have a single marked neighbour (1D, 4A, 4G and 8D), "
        "a chain has only two ends"
    )


def test_a_block_that_no_chain_walks_through():
    drawn = cells(*"1A 1B 1C 2A 2B 2C 3A 3B 3C 4B 5B 6B 7B 7C 7D 7E 7F 7G 7H 7I 7J 8J".split())
    problems = explain_cells(drawn, FIELD)
    assert [p.message for p in problems] == [
        "no single chain passes through every marked cell once: the marked cells branch or cross "
        "(cells with three or more marked neighbours: 1B, 2A, 2B, 2C and 3B)"
    ]


def test_a_drawing_with_wrong_lengths_is_read_as_its_chain():
    problems = explain_cells(net("2B 2D 5D 5H 8H 8B 7B").cells(), FIELD)
    assert [p.message for p in problems] == [
        "the drawing marks 20 cells; lines of lengths 1, 2, 3, 4, 5, 6 cover 22 (their lengths "
        "plus one)",
        "read as the chain 2B 2D 5D 5H 8H 8B 7B: two lines are 3 long; no line is 5 long",
    ]


def test_a_drawing_with_touching_lines():
    problems = explain_cells(net("6D 2D 2B 6B 6G 9G 9A").cells(), FIELD)
    assert [p.message for p in problems] == [
        "the drawing marks 24 cells; lines of lengths 1, 2, 3, 4, 5, 6 cover 22 (their lengths "
        "plus one)",
        "read as the chain 5D 2D 2B 6B 6G 9G 9A: two lines are 3 long; no line is 1 long",
    ]


# ---- against the brute force: layouts of a set are exactly its chains ---------------------------


@functools.cache
def small_chains() -> dict:
    return chains(7, 7)


@settings(max_examples=80, deadline=None)
@given(st.data())
def test_layouts_are_exactly_the_brute_force_chains(data):
    all_chains = small_chains()
    covered = data.draw(st.sampled_from(sorted(all_chains, key=sorted)))
    expected = all_chains[covered]
    assert {n.vertices for n in layouts(covered)} == expected


def test_most_cell_sets_have_one_layout_some_have_several():
    counts = [len(v) for v in small_chains().values()]
    assert sum(1 for n in counts if n > 1) > 0
    # every layout the brute force knows, the product finds (spot check across the whole 7 x 7)
    several = [c for c, v in small_chains().items() if len(v) > 1]
    for covered in several[:40]:
        assert len(layouts(covered)) == len(small_chains()[covered])


@settings(max_examples=60, deadline=None)
@given(st.sets(st.tuples(st.integers(0, 6), st.integers(0, 6)), min_size=1, max_size=30))
def test_random_drawings_are_explained_when_not_legal(drawn):
    field = Field(7, 7)
    if layouts(drawn):
        assert frozenset(drawn) in small_chains()
    else:
        assert frozenset(drawn) not in small_chains()
        assert explain_cells(drawn, field) != []
