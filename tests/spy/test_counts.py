"""Exact counts of distinct legal networks, pinned like perft counts.

The figures come from tests/spy/bruteforce.py (written from the Spy! model of docs/spy.md alone),
run once:

    python tests/spy/bruteforce.py 8 8           # 20640 distinct networks, about 1 s (redone here)
    python tests/spy/bruteforce.py 10 10         # 141528, about 6 s: too slow to repeat here
    python tests/spy/bruteforce.py 8 8 1,1,2,3,4,5,6   # 97984, about 5 s: pinned only

The small ones are recomputed by the brute force in the test; the product's enumeration
(assistant.games.spy.enumerate) is checked against every pinned figure, and against the brute
force's very sets of cells on the small fields.
"""

from __future__ import annotations

import functools

import pytest
from bruteforce import masks

from assistant.games.spy.enumerate import networks
from assistant.games.spy.model import Field

DEFAULT = (1, 2, 3, 4, 5, 6)

PINNED = {
    # (rows, cols, lengths): distinct networks
    (6, 6, DEFAULT): 0,  # a 6 line needs 7 cells in a row or a column: none fits 6 x 6
    (6, 6, (1, 2, 3, 4, 5)): 1192,
    (7, 7, DEFAULT): 4376,
    (8, 8, DEFAULT): 20640,
    (7, 9, DEFAULT): 16748,
    (5, 5, (1, 1, 2, 3)): 544,
    (8, 8, (1, 1, 2, 3, 4, 5, 6)): 97984,  # the seven-line variant (one-off brute force run)
    (10, 10, DEFAULT): 141528,  # the real game (one-off brute force run)
}

RECOMPUTED = [
    (6, 6, DEFAULT),
    (6, 6, (1, 2, 3, 4, 5)),
    (7, 7, DEFAULT),
    (8, 8, DEFAULT),
    (5, 5, (1, 1, 2, 3)),
]


@functools.cache
def brute(rows: int, cols: int, lengths: tuple[int, ...]) -> frozenset[int]:
    return frozenset(masks(rows, cols, lengths))


@pytest.mark.parametrize(("rows", "cols", "lengths"), RECOMPUTED)
def test_brute_force_still_gives_the_pinned_figures(rows, cols, lengths):
    assert len(brute(rows, cols, lengths)) == PINNED[(rows, cols, lengths)]


@pytest.mark.parametrize(("rows", "cols", "lengths"), sorted(PINNED))
def test_enumeration_gives_the_pinned_figures(rows, cols, lengths):
    assert len(networks(Field(rows, cols), lengths)) == PINNED[(rows, cols, lengths)]


@pytest.mark.parametrize(("rows", "cols", "lengths"), RECOMPUTED)
def test_enumeration_finds_the_very_networks_of_the_brute_force(rows, cols, lengths):
    nets = networks(Field(rows, cols), lengths)
    assert {nets.mask(i) for i in range(len(nets))} == brute(rows, cols, lengths)
