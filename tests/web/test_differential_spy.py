"""Spy!, the differential sweep (tests/web/differential.py): red (A) tries every action with every
value of every parameter (every cell of the field, runs of cells, networks, answers) and undo,
redo and the void of each of its own events, at two tables alike but for blue's (B's) sealed
network (and its salt).

The history: red seals its network from its phone, the host seals blue's; red probes a cell cold
in both of blue's networks (the same answer: a public history alike), blue probes. Red is to
probe: every probe it tries is answered from blue's network (only the decision is compared: the
rules answer it), every other action is refused or carried out alike.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from tests.web.differential import Step, compare, host, phone, probes

pytestmark = pytest.mark.slow

RED_NETWORK = "2B 2D 5D 5H 10H 10B 9B"
NETWORKS = [  # blue's: one shape, mirrored and turned
    "2B 2D 5D 5H 10H 10B 9B",
    "2I 2G 5G 5C 10C 10I 9I",
    "9B 9D 6D 6H 1H 1B 2B",
    "B2 D2 D5 H5 H10 B10 B9",
]
LETTERS = "ABCDEFGHIJ"


def parsed(cell: str) -> tuple[int, int]:
    if cell[0].isalpha():
        return int(cell[1:]), LETTERS.index(cell[0]) + 1
    return int(cell[:-1]), LETTERS.index(cell[-1]) + 1


def covered(network: str) -> set[tuple[int, int]]:
    corners = [parsed(c) for c in network.split()]
    cells = set()
    for (r1, c1), (r2, c2) in zip(corners, corners[1:], strict=False):
        for r in range(min(r1, r2), max(r1, r2) + 1):
            for c in range(min(c1, c2), max(c1, c2) + 1):
                cells.add((r, c))
    return cells


def cold(network: str) -> set[str]:
    hot = covered(network)
    out = set()
    for r in range(1, 11):
        for c in range(1, 11):
            near = {(r, c), (r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)}
            if not near & hot:
                out.add(f"{r}{LETTERS[c - 1]}")
    return out


CELLS = [f"{r}{c}" for r in range(1, 11) for c in LETTERS]
DOMAINS = {
    "player": ["red", "blue"],
    "network": [*NETWORKS[:2], "1A 1B", "2B 2D", ""],
    "salt": ["salt", "x"],
    "hash": ["0" * 64, "xyz"],
    "cells": [*CELLS, "0A", "11A", "5K", "4B-4E", "4B-8B", "4B-5C", "1A-1F", "ZZ"],
    "answers": ["h", "w", "c", "c,w", "h,h,h", "x"],
}


def history(blue: str, salt: str, mine: str) -> list[Step]:
    return [
        phone("red", "seal", network=RED_NETWORK, salt="red-salt"),
        host({"type": "seal", "player": "blue", "network": blue, "salt": salt}),
        phone("red", "probe", cells=mine),
        host({"type": "probe", "player": "blue", "cells": "5E"}),
    ]


def sweep(tmp_path: Any, rng: random.Random, one: str, two: str):
    mine = sorted(cold(one) & cold(two))[0]
    return compare(
        tmp_path,
        "spy",
        {},
        (history(one, "salt-one", mine), history(two, "salt-two", mine)),
        "red",
        "blue",
        probes("spy", DOMAINS, rng, seat="red", other="blue"),
    )


@settings(
    max_examples=1,
    deadline=None,
    suppress_health_check=[
        HealthCheck.function_scoped_fixture,
        HealthCheck.too_slow,
        HealthCheck.large_base_example,
    ],
)
@example(one=NETWORKS[0], two=NETWORKS[1], rng=random.Random(1))
@given(
    one=st.sampled_from(NETWORKS),
    two=st.sampled_from(NETWORKS),
    rng=st.integers(0, 2**32).map(random.Random),
)
def test_red_receives_the_same_whatever_blue_sealed(tmp_path_factory, one, two, rng):
    compared = sweep(tmp_path_factory.mktemp("spy"), rng, one, two)
    assert not compared.differences, compared.message()
