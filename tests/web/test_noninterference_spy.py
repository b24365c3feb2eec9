"""Spy! (the refereed table): what red (and the spectators) receive does not depend on blue's
sealed network, beyond the answers the referee gave to red's probes (tests/web/noninterference.py).

Both networks are sealed (`seal`: the referee keeps them and answers every probe). Red's phone
tries probes of blue's field (single cells, 2 to 5 cells in a row or column that cross out a
numbered square, and malformed, diagonal, too long or out-of-field forms), answers (there is
nothing to answer: the referee does), claims, reveals, undo, redo, void and answers to blue's
requests, and actions as blue (refused). Blue's phone probes red's field (answered from red's
fixed network, the same in both tables), claims, reveals, undoes, redoes, voids and answers.

Blue's second network gives the same answer as the first on every cell red probed or tried to
probe (found with the exact enumeration of networks, assistant/games/spy/enumerate.py), and is
another one when there is one; its salt always differs. When blue's network was revealed (the
rules show it), the second is the same network under another salt.
"""

from __future__ import annotations

import random
from pathlib import Path

import numpy as np
from hypothesis import HealthCheck, assume, event, example, given, settings
from hypothesis import strategies as st

from assistant.games.actions import Refuse
from assistant.games.spy.deduce import cell_codes
from assistant.games.spy.enumerate import networks
from assistant.games.spy.model import Field, column_letters, format_cell
from assistant.games.spy.rules import _cells
from tests.web.noninterference import Played, Step, first_difference, play

FIELD = Field(10, 10)
NETS = networks(FIELD)
RED_NETWORK = "2B 2D 5D 5H 10H 10B 9B"
WATCHERS: list[str | None] = ["red", None]


def network_text(index: int) -> str:
    """Network `index` of the enumeration as a vertex list ("2B 2D 5D ...")."""
    return " ".join(format_cell(vertex) for vertex in NETS.vertices(index))


def setup(blue: int, salt: str) -> list[dict]:
    return [
        {"type": "seal", "player": "red", "network": RED_NETWORK, "salt": "red-salt"},
        {"type": "seal", "player": "blue", "network": network_text(blue), "salt": salt},
    ]


def do(seat: str, action: str, **params: object) -> Step:
    return Step(seat, "do", {"action": action, "params": {k: str(v) for k, v in params.items()}})


def written(row: int, col: int, style: int) -> str:
    """A cell as a player may write it: 5E, E5 or 5e (row 0 and 11, column K: off the field)."""
    letters = column_letters(col)
    return [f"{row}{letters}", f"{letters}{row}", f"{row}{letters.lower()}"][style]


ROWS, COLS, STYLE = st.integers(0, 11), st.integers(0, 10), st.sampled_from([0, 0, 0, 1, 2])
INSIDE_ROWS, INSIDE_COLS = st.integers(1, 10), st.integers(0, 9)


@st.composite
def cells(draw: st.DrawFn) -> str:
    """What a player types for `cells`: mostly one cell or a run of 2-5 in a row or column, also
    runs too long, diagonal, reversed, malformed."""
    kind = draw(st.sampled_from(["one", "one", "one", "anywhere", "run", "run", "run", "odd"]))
    style = draw(STYLE)
    if kind == "anywhere":
        return written(draw(ROWS), draw(COLS), style)
    row, col = draw(INSIDE_ROWS), draw(INSIDE_COLS)
    if kind == "one":
        return written(row, col, style)
    if kind == "run":
        size = draw(st.sampled_from([2, 2, 3, 3, 4, 5, 1, 6]))  # 1: "5E-5E"; 6: too long
        down = draw(st.booleans())
        end = (row + size - 1, col) if down else (row, col + size - 1)
        ends = [written(row, col, style), written(*end, style)]
        if draw(st.booleans()):
            ends.reverse()
        return "-".join(ends)
    return draw(
        st.sampled_from(
            [
                f"{written(row, col, style)}-{written(row + 1, col + 1, style)}",  # diagonal
                f"{written(row, col, style)}-",
                "ZZ",
                "5E-5F-5G",
                "",
                " 5E ",
            ]
        )
    )


def claimed(index: int | None) -> str:
    return network_text(index) if index is not None else "1A 1B"


def common(seat: str) -> st.SearchStrategy[Step]:
    """What either phone may try: probes (most often), answers, claims, reveals, undo, redo,
    void, answers to requests."""
    return st.one_of(
        *[st.builds(lambda c: do(seat, "probe", cells=c), cells()) for _ in range(6)],
        st.builds(lambda a: do(seat, "answer", answers=a), st.sampled_from(["h", "c,w", "x"])),
        st.builds(
            lambda n: do(seat, "claim", network=claimed(n)),
            st.one_of(st.none(), st.integers(0, len(NETS) - 1)),
        ),
        st.just(do(seat, "reveal")),
        st.just(Step(seat, "undo")),
        st.just(Step(seat, "redo")),
        st.builds(
            lambda n: Step(seat, "void", {"event": n, "why": "misheard"}), st.integers(1, 12)
        ),
        st.builds(lambda yes: Step(seat, "answer", {"yes": yes}), st.booleans()),
    )


# a probe by whoever's turn it is (`fill` picks it from the public state): cells for each seat
IN_TURN = st.builds(lambda r, b: Step("red", "in turn", {"red": r, "blue": b}), cells(), cells())
RED = st.one_of(
    common("red"),
    IN_TURN,
    IN_TURN,
    st.builds(lambda c: do("red", "probe", player="blue", cells=c), cells()),  # as blue: refused
    st.just(do("red", "seal", network=RED_NETWORK, salt="again")),  # sealed already
)
BLUE = common("blue")


def in_turn(step: Step, state: dict) -> Step:
    """An "in turn" step as the probe of the seat whose turn it is (the others as they are)."""
    if step.op != "in turn":
        return step
    view = state["view"]
    seat = view["players"][len(view["probes"]) % 2]
    return do(seat, "probe", cells=step.body[seat])


def probed(steps: list[Step]) -> set[tuple[int, int]]:
    """Every cell of blue's field red tried to probe (accepted or not)."""
    shape = {"rows": FIELD.rows, "cols": FIELD.cols}
    out: set[tuple[int, int]] = set()
    for step in steps:
        params = step.body.get("params", {})
        if step.seat == "red" and step.body.get("action") == "probe":
            try:
                out.update(_cells(shape, params.get("cells")))
            except Refuse:
                pass
    return out


def revealed_blue(played: Played) -> bool:
    """Whether blue's network was shown in any state red received (an undone reveal stays
    turned up in the log)."""
    return any(
        state["view"]["revealed"]["blue"] is not None
        or any("blue reveals" in line["text"] for line in state["log"])
        for state in played.states["red"]
    )


def agreeing(blue: int, cells: set[tuple[int, int]]) -> list[int]:
    """The networks that answer every cell of `cells` as network `blue` does, but `blue`."""
    keep = np.ones(len(NETS), bool)
    for cell in cells:
        codes = cell_codes(NETS.masks, cell, FIELD)
        keep &= codes == codes[blue]
    keep[blue] = False
    return [int(i) for i in np.flatnonzero(keep)]


def run(
    tmp: Path, name: str, blue: int, salt: str, first: str, steps: list[Step]
) -> tuple[Played, list[Step]]:
    """The table played; and the steps as carried out (the "in turn" probes filled in)."""
    players = ["red", "blue"] if first == "red" else ["blue", "red"]
    done: list[Step] = []

    def fill(step: Step, state: dict) -> Step:
        done.append(in_turn(step, state))
        return done[-1]

    played = play(
        tmp / f"{name}.sqlite",
        "spy",
        {"players": players},
        setup(blue, salt),
        steps,
        WATCHERS,
        fill=fill,
    )
    return played, done


@settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.filter_too_much],
)
@example(  # the hash of blue's seal on red's phone: it depends on blue's network and salt
    blue=5,
    first="red",
    steps=[do("red", "probe", cells="5E"), do("blue", "probe", cells="2B")],
    pick=random.Random(1),
)
@example(  # a multiple probe, one refused (no 5 square left), then an undo that needs blue's yes
    blue=1234,
    first="red",
    steps=[
        do("red", "probe", cells="3C-7C"),
        do("blue", "probe", cells="5D-5H"),
        do("red", "probe", cells="J1-J5"),
        do("red", "undo"),
        Step("blue", "answer", {"yes": True}),
    ],
    pick=random.Random(2),
)
@given(
    blue=st.integers(0, len(NETS) - 1),
    first=st.sampled_from(["red", "blue"]),
    steps=st.lists(st.one_of(RED, BLUE), min_size=4, max_size=16),
    pick=st.randoms(use_true_random=False),
)
def test_red_receives_the_same_whatever_blue_sealed(tmp_path_factory, blue, first, steps, pick):
    tmp = tmp_path_factory.mktemp("spy")
    one, done = run(tmp, "one", blue, "salt-one", first, steps)
    others = [blue] if revealed_blue(one) else agreeing(blue, probed(done))
    assume(others)  # no other network gives these answers
    other = pick.choice(others)
    answered = max(
        sum(1 for probe in state["view"]["probes"] if probe["by"] == "red")
        for state in one.states["red"]
    )
    event(f"red's probes answered at once: {min(answered, 3)}{'+' if answered >= 3 else ''}")
    event("blue's network revealed" if other == blue else "another network for blue")
    two, again = run(tmp, "two", other, "salt-two", first, steps)
    assert again == done  # the same steps, filled in from what red and blue see
    for watcher in WATCHERS:
        assert one.received[watcher] == two.received[watcher], first_difference(
            one.received[watcher], two.received[watcher]
        )
