"""Spies & Lies: what blue (and the spectators) receive does not depend on red's deployment,
beyond the cards the rules turned up (tests/web/noninterference.py).

Red deploys entered (open) or sealed; blue's phone tries guesses (with and without a `reveal`
of its own), undo, redo, void and answers; red's phone plays Deception tokens, chooses for its
Captain or Marshal, turns up its sealed cards when asked (`reveal`) and answers blue's requests.
Red's second deployment agrees with the first on every card turned up during the play (the
rules show those) and differs elsewhere, or has another salt when sealed.
"""

from __future__ import annotations

import hashlib
import itertools
import random
from pathlib import Path

from hypothesis import HealthCheck, assume, example, given, settings
from hypothesis import strategies as st

from assistant.games.spies_and_lies.data import default_data
from assistant.games.spies_and_lies.deploy import deployment_problem
from tests.web.noninterference import Played, Step, first_difference, play

RED_EXHAUSTED, BLUE_EXHAUSTED = 6, 8
LINES = [
    list(line)
    for line in itertools.permutations([r for r in range(1, 11) if r != RED_EXHAUSTED], 4)
    if deployment_problem(list(line), [RED_EXHAUSTED], default_data()) is None
]
BLUE_LINE = [1, 3, 5, 9]


def seal(salt: str, line: list[int]) -> str:
    return hashlib.sha256(f"{salt}:{','.join(map(str, line))}".encode()).hexdigest()


def setup(line: list[int], sealed: str | None, first: str) -> list[dict]:
    red = {"type": "deploy", "side": "red"}
    red.update({"seal": sealed} if sealed else {"soldiers": line})
    return [
        {
            "type": "setup",
            "old_intel": 5,
            "exhausted": {"red": RED_EXHAUSTED, "blue": BLUE_EXHAUSTED},
        },
        red,
        {"type": "deploy", "side": "blue", "soldiers": BLUE_LINE},
        {"type": "intel", "card": 1},
        {"type": "tokens", "side": "red", "missions": [1, 3]},
        {"type": "tokens", "side": "blue", "missions": [2]},
        {"type": "first", "side": first},
    ]


def do(seat: str, action: str, **params: object) -> Step:
    return Step(seat, "do", {"action": action, "params": {k: str(v) for k, v in params.items()}})


RANKS = st.one_of(st.none(), st.integers(1, 10), st.integers(1, 10))


def guess(side: str) -> st.SearchStrategy[Step]:
    """A guess by `side`: on the mission whose turn it is ("next": filled from the state) or
    any; a rank or none; for blue sometimes a `reveal` of its own (the enemy's to give)."""
    shown = st.just({})
    if side == "blue":
        shown = st.one_of(shown, st.builds(lambda x: {"reveal": x}, st.integers(1, 10)))
    return st.builds(
        lambda m, r, extra: do(
            side, "guess", mission=m, **({} if r is None else {"rank": r}), **extra
        ),
        st.one_of(st.just("next"), st.just("next"), st.integers(1, 4)),
        RANKS,
        shown,
    )


BLUE = st.one_of(
    guess("blue"),
    guess("blue"),
    st.just(Step("blue", "undo")),
    st.just(Step("blue", "redo")),
    st.builds(lambda n: Step("blue", "void", {"event": n, "why": "misheard"}), st.integers(1, 14)),
    st.builds(lambda yes: Step("blue", "answer", {"yes": yes}), st.booleans()),
)
RED = st.one_of(
    guess("red"),
    st.builds(lambda m: do("red", "deceive", mission=m), st.integers(1, 4)),
    st.builds(
        lambda o: do("red", "choose", option=o), st.sampled_from(["points", "10", "5-5", "7"])
    ),
    st.builds(lambda yes: Step("red", "answer", {"yes": yes}), st.booleans()),
    st.just(Step("red", "reveal")),  # red turns up the card a guess waits for, from its line
    st.just(Step("red", "undo")),
)


def turned_up(played: Played) -> set[int]:
    """Red's missions shown face up in any state blue received."""
    shown = set()
    for state in played.states["blue"]:
        for card in state["view"]["missions"]["red"]:
            if card["state"] != "down":
                shown.add(card["mission"])
    return shown


def run(tmp: Path, name: str, line: list[int], salt: str | None, first: str, steps: list[Step]):
    sealed = seal(salt, line) if salt is not None else None

    def fill(step: Step, state: dict) -> Step:
        """A guess's "next" mission from the state; red's `reveal` turns up the card a guess
        waits for, as red's own line has it."""
        params = step.body.get("params", {})
        if params.get("mission") == "next":
            turn = state["view"].get("turn") or {"mission": 1}
            return Step(
                step.seat,
                step.op,
                {**step.body, "params": {**params, "mission": str(turn["mission"])}},
            )
        if step.op != "reveal":
            return step
        awaiting = state["view"].get("awaiting")
        rank = line[awaiting["mission"] - 1] if awaiting else 1
        return do("red", "reveal", rank=rank)

    return play(
        tmp / f"{name}.sqlite",
        "spies-and-lies",
        {},
        setup(line, sealed, first),
        steps,
        ["blue", None],
        fill=fill,
    )


@settings(
    max_examples=100,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.filter_too_much],
)
@example(  # the attack of issue 22: a refused reveal told blue the rank, and blue guessed again
    line=[2, 5, 7, 9],
    sealed=False,
    first="blue",
    steps=[
        do("blue", "guess", mission=1, rank=2, reveal=3),
        do("blue", "guess", mission=1, rank=3),
    ],
    pick=random.Random(1),
)
@given(
    line=st.sampled_from(LINES),
    sealed=st.booleans(),
    first=st.sampled_from(["red", "blue"]),
    steps=st.lists(st.one_of(BLUE, BLUE, RED), max_size=14),
    pick=st.randoms(use_true_random=False),
)
def test_blue_receives_the_same_whatever_red_deployed(
    tmp_path_factory, line, sealed, first, steps, pick
):
    tmp = tmp_path_factory.mktemp("sl")
    one = run(tmp, "one", line, "salt-one" if sealed else None, first, steps)
    shown = turned_up(one)
    others = [
        other
        for other in LINES
        if other != line and all(other[m - 1] == line[m - 1] for m in shown)
    ]
    if sealed and not others:
        others = [line]  # every card turned up: the seals still differ (another salt)
    assume(others)
    other = pick.choice(others)
    two = run(tmp, "two", other, "salt-two" if sealed else None, first, steps)
    for watcher in ("blue", None):
        assert one.received[watcher] == two.received[watcher], first_difference(
            one.received[watcher], two.received[watcher]
        )
