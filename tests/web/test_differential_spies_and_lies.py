"""Spies & Lies, the differential sweep (tests/web/differential.py): blue (A) tries every action
with every value of every parameter, and undo, redo and the void of each of its own events, at
two tables alike but for red's (B's) deployment (entered open at the host's command line, or
sealed: then only its salt and seal differ).

The history: the host enters the set up's chance results; red's deployment; blue deploys and
places its Intel tokens from its phone; the host turns the intel card and the Starting Player
card (blue starts): blue is to guess red's first mission, and every guess it tries turns that
card up (only the decision is compared there: the rules show the card).
"""

from __future__ import annotations

import hashlib
import itertools
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from assistant.games.spies_and_lies.data import default_data
from assistant.games.spies_and_lies.deploy import deployment_problem
from tests.web.differential import Step, compare, host, phone, probes

pytestmark = pytest.mark.slow

RED_EXHAUSTED, BLUE_EXHAUSTED = 6, 8
LINES = [
    list(line)
    for line in itertools.permutations([r for r in range(1, 11) if r != RED_EXHAUSTED], 4)
    if deployment_problem(list(line), [RED_EXHAUSTED], default_data()) is None
]
RANKS = [str(r) for r in range(0, 12)]
DOMAINS = {
    "old_intel": [str(c) for c in range(0, 8)],
    "exhausted": ["{red: 6, blue: 8}", "{red: [6], blue: [8]}", "{red: 1}"],
    "end_day.exhausted": ["{red: [1], blue: [2]}", "{red: [], blue: []}"],
    "side": ["red", "blue"],
    "missions": ["[]", "[1]", "[1, 2]", "[3, 4]", "[1, 2, 3]", "[5]"],
    "soldiers": ["[2, 7, 9, 10]", "[1, 3, 5, 9]", "[1, 1, 1, 1]", "[2, 7]", "[11, 2, 3, 4]"],
    "seal": ["0" * 64, "xyz"],
    "card": [str(c) for c in range(0, 8)],
    "mission": [str(m) for m in range(0, 6)],
    "rank": RANKS,
    "reveal": RANKS,
    "option": ["points", "10", "5-5", "7", "1"],
    "salt": ["salt", "salt-one"],
}


def seal(salt: str, line: list[int]) -> str:
    return hashlib.sha256(f"{salt}:{','.join(map(str, line))}".encode()).hexdigest()


def history(line: list[int], salt: str | None) -> list[Step]:
    red: dict[str, Any] = {"type": "deploy", "side": "red"}
    red.update({"seal": seal(salt, line)} if salt else {"soldiers": line})
    return [
        host(
            {
                "type": "setup",
                "old_intel": 5,
                "exhausted": {"red": RED_EXHAUSTED, "blue": BLUE_EXHAUSTED},
            }
        ),
        host(red),
        phone("blue", "deploy", soldiers="[1, 3, 5, 9]"),
        host({"type": "intel", "card": 1}),
        host({"type": "tokens", "side": "red", "missions": [1, 3]}),
        phone("blue", "tokens", missions="[2]"),
        host({"type": "first", "side": "blue"}),
    ]


def sweep(tmp_path: Any, rng: random.Random, one: list[int], two: list[int], sealed: bool):
    return compare(
        tmp_path,
        "spies-and-lies",
        {},
        (
            history(one, "salt-one" if sealed else None),
            history(two, "salt-two" if sealed else None),
        ),
        "blue",
        "red",
        probes("spies-and-lies", DOMAINS, rng, seat="blue", other="red"),
    )


@settings(
    max_examples=3,
    deadline=None,
    suppress_health_check=[
        HealthCheck.function_scoped_fixture,
        HealthCheck.too_slow,
        HealthCheck.large_base_example,
    ],
)
@example(one=[2, 5, 7, 9], two=[8, 9, 10, 4], sealed=False, rng=random.Random(1))
@example(one=[2, 5, 7, 9], two=[2, 5, 7, 9], sealed=True, rng=random.Random(2))
@given(
    one=st.sampled_from(LINES),
    two=st.sampled_from(LINES),
    sealed=st.booleans(),
    rng=st.integers(0, 2**32).map(random.Random),
)
def test_blue_receives_the_same_whatever_red_deployed(tmp_path_factory, one, two, sealed, rng):
    compared = sweep(tmp_path_factory.mktemp("sl"), rng, one, two, sealed)
    assert not compared.differences, compared.message()
