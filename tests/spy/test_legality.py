"""Legality of vertex lists: every rule, legal and illegal, every problem at once."""

from __future__ import annotations

import functools

from bruteforce import distinct_networks
from hypothesis import given, settings
from hypothesis import strategies as st
from spy_helpers import FIELD, LEGAL, names, net

from assistant.games.spy.legality import check_network
from assistant.games.spy.model import Field, Network

VARIANT = (1, 1, 2, 3, 4, 5, 6)


def messages(text: str, lengths=(1, 2, 3, 4, 5, 6), field: Field = FIELD) -> list[str]:
    return [p.message for p in check_network(net(text), field, lengths)]


def rules(text: str, lengths=(1, 2, 3, 4, 5, 6)) -> list[str]:
    return [p.rule for p in check_network(net(text), FIELD, lengths)]


def test_a_legal_network_has_no_problem():
    assert check_network(net(LEGAL), FIELD) == []
    assert check_network(net(LEGAL).reversed(), FIELD) == []


def test_touching():
    assert messages("6D 2D 2B 6B 6G 9G 9A") == [
        "two lines are 4 long; no line is 1 long",
        "line 4 (5 long, 6B-6G) touches line 1 at 6D",
    ]
    touch = [p for p in check_network(net("6D 2D 2B 6B 6G 9G 9A"), FIELD) if p.rule == "touch"]
    assert names(touch[0].cells) == ["6D"]


def test_crossing():
    assert messages("4A 4F 2F 2C 8C 8G 9G") == ["line 4 (6 long, 2C-8C) crosses line 1 at 4C"]
    assert rules("4A 4F 2F 2C 8C 8G 9G") == ["cross"]


def test_collinear_joint():
    assert messages("1A 1C 4C 8C 8H 2H 2I") == [
        "lines 2 and 3 meet in a straight line at 4C, not at a right angle"
    ]
    assert rules("1A 1C 4C 8C 8H 2H 2I") == ["right-angle"]


def test_turning_back():
    # line 3 starts on line 1 only because line 2 ran back over it: one report, the turn-back
    assert messages("3A 3E 3B 7B 7H 1H 1I") == [
        "two lines are 4 long; two lines are 6 long; no line is 2 long; no line is 5 long",
        "line 2 turns back over line 1 at 3E, not at a right angle "
        "(shared cells 3B, 3C, 3D and 3E)",
    ]
    assert rules("3A 3E 3B 7B 7H 1H 1I") == ["lengths", "right-angle"]


def test_a_joint_on_another_line_is_reported_once():
    # lines 4 and 5 meet at 3C, on line 1: line 4 ends there (reported), line 5 starts there (not)
    assert messages("3A 3F 7F 7C 3C 1C 1D") == [
        "two lines are 4 long; no line is 6 long",
        "lines 4 and 5 meet in a straight line at 3C, not at a right angle",
        "line 4 (4 long, 7C-3C) touches line 1 at 3C",
    ]
    assert messages("1D 1C 3C 7C 7F 3F 3A") == [  # the same chain from the other end
        "two lines are 4 long; no line is 6 long",
        "lines 2 and 3 meet in a straight line at 3C, not at a right angle",
        "line 6 (5 long, 3F-3A) touches line 3 at 3C",
    ]


def test_leaving_the_field():
    assert messages("4D 4E 2E 2H 6H 6C 12C") == ["line 6 leaves the field at 11C"]
    problem = check_network(net("4D 4E 2E 2H 6H 6C 12C"), FIELD)[0]
    assert problem.rule == "field" and names(problem.cells) == ["11C", "12C"]


def test_repeated_and_missing_lengths():
    assert messages("2B 2D 5D 5H 8H 8B 7B") == ["two lines are 3 long; no line is 5 long"]
    assert rules("2B 2D 5D 5H 8H 8B 7B") == ["lengths"]


def test_a_length_not_in_the_list():
    assert messages("1A 1H 3H 3E 7E 7J 8J") == [
        "one line is 7 long, a length not in 1, 2, 3, 4, 5, 6; no line is 6 long"
    ]


def test_too_few_and_too_many_lines():
    assert messages("2B 2D 5D 5H 10H 10B") == [
        "too few lines: five lines (6 corner cells); the lengths 1, 2, 3, 4, 5, 6 need six "
        "(7 corner cells)",
        "no line is 1 long",
    ]
    assert messages(LEGAL + " 9A") == [
        "too many lines: seven lines (8 corner cells); the lengths 1, 2, 3, 4, 5, 6 need six "
        "(7 corner cells)",
        "two lines are 1 long",
    ]
    assert rules("5E") == ["line-count", "lengths"]


def test_zero_length_and_slanted_lines():
    # lines 1 and 3 meet at 2D through the zero-length line 2: no touch reported besides
    assert messages("2B 2D 2D 5D 5H 10H 10B 9B") == [
        "too many lines: seven lines (8 corner cells); the lengths 1, 2, 3, 4, 5, 6 need six "
        "(7 corner cells)",
        "line 2 (2D-2D) has no length: it starts and ends in the same cell",
    ]
    assert messages("1A 3C 3E 6E 6I 1I 1J") == [
        "line 1 (1A-3C) is neither horizontal nor vertical",
        "no line is 6 long",
    ]


def test_every_problem_at_once():
    found = rules("4A 4F 2F 2C 8C 8G 12G")
    assert found == ["lengths", "field", "cross"]


def test_variant_with_seven_lines():
    assert check_network(net(LEGAL + " 9A"), FIELD, VARIANT) == []
    assert messages(LEGAL, VARIANT) == [
        "too few lines: six lines (7 corner cells); the lengths 1, 1, 2, 3, 4, 5, 6 need seven "
        "(8 corner cells)",
        "only one line is 1 long (the lengths need two)",
    ]


# ---- properties against the brute force (tests/spy/bruteforce.py) -------------------------------

SMALL = Field(7, 7)
STEPS = ((0, 1), (1, 0), (0, -1), (-1, 0))


@functools.cache
def small_networks() -> frozenset:
    return frozenset(distinct_networks(7, 7))


@functools.cache
def small_networks_in_order() -> tuple:
    """small_networks, sorted once (not at every example)."""
    return tuple(sorted(small_networks(), key=sorted))


@st.composite
def chains(draw):
    """A chain of six straight lines from a cell of the 7 x 7 field, often illegal."""
    start = (draw(st.integers(0, 6)), draw(st.integers(0, 6)))
    order = draw(st.permutations([1, 2, 3, 4, 5, 6]))
    if draw(st.booleans()):
        order = [draw(st.integers(1, 6)) for _ in order]  # lengths that may repeat
    vertices = [start]
    for length in order:
        dr, dc = draw(st.sampled_from(STEPS))
        r, c = vertices[-1]
        vertices.append((r + dr * length, c + dc * length))
    return Network(tuple(vertices))


def _legal_by_walking(network: Network) -> bool:
    """Walk the chain cell by cell: the model's rules, written out directly."""
    seen = {network.vertices[0]}
    previous = None
    for a, b in zip(network.vertices, network.vertices[1:], strict=False):
        step = ((b[0] > a[0]) - (b[0] < a[0]), (b[1] > a[1]) - (b[1] < a[1]))
        if previous is not None and (step[0] == 0) == (previous[0] == 0):
            return False
        cell = a
        while cell != b:
            cell = (cell[0] + step[0], cell[1] + step[1])
            if cell in seen or not (0 <= cell[0] < 7 and 0 <= cell[1] < 7):
                return False
            seen.add(cell)
        previous = step
    pairs = zip(network.vertices, network.vertices[1:], strict=False)
    return sorted(abs(b[0] - a[0]) + abs(b[1] - a[1]) for a, b in pairs) == [1, 2, 3, 4, 5, 6]


@settings(max_examples=400, deadline=None)
@given(chains())
def test_check_agrees_with_walking_the_chain(network):
    legal = check_network(network, SMALL) == []
    assert legal == _legal_by_walking(network)
    if legal:
        assert network.cells() in small_networks()


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_every_brute_force_network_is_legal(data):
    from assistant.games.spy.layouts import layouts

    cells = data.draw(st.sampled_from(small_networks_in_order()))
    found = layouts(cells)
    assert found
    for layout in found:
        assert check_network(layout, SMALL) == []
        assert layout.cells() == cells


def test_overlapping_parallel_lines():
    assert messages("1B 3B 3F 8F 8I 3I 3D") == [
        "three lines are 5 long; no line is 1 long; no line is 6 long",
        "line 6 (5 long, 3I-3D) overlaps line 2 at 3D, 3E and 3F",
        "line 6 (5 long, 3I-3D) touches line 3 at 3F",
    ]


def test_parallel_neighbours_do_not_touch():
    # lines 1 and 3 run side by side in rows 1 and 2, sharing no cell: legal in the model
    assert check_network(net("1A 1F 2F 2B 8B 8D 5D"), FIELD) == []
