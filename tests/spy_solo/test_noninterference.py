"""Spy! solo on the phone: what you (and a spectator) receive does not depend on the computer's
network, beyond the answers it gave to your probes and its sealed hash (tests/web/
noninterference.py: two tables played side by side through the phones' code, byte for byte).

The second table's network answers every cell you tried to probe as the first does (found with
the exact enumeration), under another salt (and the same public play seed, as `spy solo new`
gives one); each table's hash is replaced by "HASH" before the replies are compared. The game
stops before the reveal, which shows the network."""

from __future__ import annotations

import numpy as np
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from assistant.games.actions import Refuse
from assistant.games.spy.deduce import cell_codes
from assistant.games.spy.enumerate import networks
from assistant.games.spy.model import Field, answer, format_cell, parse_cell
from assistant.games.spy.rules import _cells
from assistant.games.spy.seal import parse_vertices, seal_hash
from tests.web.noninterference import Step, first_difference, play

FIELD = Field(10, 10)
NETS = networks(FIELD)
MINE = parse_vertices("2B 2D 5D 5H 10H 10B 9B").mask(FIELD)
WATCHERS: list[str | None] = ["you", None]


def do(action: str, **params: object) -> Step:
    return Step("you", "do", {"action": action, "params": {k: str(v) for k, v in params.items()}})


CELL = st.builds(lambda r, c: format_cell((r, c)), st.integers(0, 9), st.integers(0, 9))
RUN = st.builds(
    lambda r, c, n, down: (
        f"{format_cell((r, c))}-{format_cell((r + n, c) if down else (r, c + n))}"
    ),
    st.integers(0, 9),
    st.integers(0, 9),
    st.integers(1, 5),
    st.booleans(),
)
STEPS = st.one_of(
    st.builds(lambda c: do("probe", cells=c), CELL),
    st.builds(lambda c: do("probe", cells=c), CELL),
    st.builds(lambda c: do("probe", cells=c), RUN),
    st.just(Step("you", "truly")),
    st.just(Step("you", "truly")),
    st.sampled_from([do("answer", answers="x"), do("answer", answers="h,h,h,h,h,h")]),
    st.just(do("claim", network="1A 1B")),
    st.just(do("probe", cells="5E", reply="1A")),  # the computer's to give: refused
    st.just(do("seal", seed=1)),
    st.just(Step("you", "undo")),
    st.just(Step("you", "redo")),
)


def truly(step: Step, state: dict) -> Step:
    """A "truly" step as your true answer to the computer's pending probe (from the view)."""
    if step.op != "truly":
        return step
    probes = state["view"]["probes"]
    if not probes or probes[-1]["answers"] is not None:
        return do("answer", answers="c")
    cells = [parse_cell(c, FIELD) for c in probes[-1]["cells"]]
    return do("answer", answers=",".join(answer(MINE, c, FIELD) for c in cells))


def tried(steps: list[Step]) -> set[tuple[int, int]]:
    out: set[tuple[int, int]] = set()
    for step in steps:
        params = step.body.get("params", {})
        if step.body.get("action") == "probe":
            try:
                out.update(_cells({"rows": 10, "cols": 10}, params.get("cells")))
            except Refuse:
                pass
    return out


@settings(max_examples=5, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(first=st.integers(0, len(NETS) - 1), steps=st.lists(STEPS, min_size=3, max_size=10))
def test_you_receive_the_same_whatever_the_computer_sealed(tmp_path_factory, first, steps):
    keep = np.ones(len(NETS), bool)
    for cell in tried(steps):
        codes = cell_codes(NETS.masks, cell, FIELD)
        keep &= codes == codes[first]
    keep[first] = False
    others = np.flatnonzero(keep)
    assume(len(others) > 0)
    tmp = tmp_path_factory.mktemp("solo")
    received = []
    for k, index in enumerate((first, int(others[0]))):
        network = " ".join(format_cell(v) for v in NETS.vertices(index))
        salt = f"salt-{k}"
        seal = {"type": "seal", "seed": 5, "salt": salt, "network": network, "play": 11}
        played = play(
            tmp / f"t{k}.sqlite", "spy-solo", {"level": "best"}, [seal], steps, WATCHERS, fill=truly
        )
        digest = seal_hash(parse_vertices(network), salt)
        for watcher in WATCHERS:
            for reply in played.received[watcher]:
                assert network not in reply and salt not in reply
        received.append(
            {w: [r.replace(digest, "HASH") for r in played.received[w]] for w in WATCHERS}
        )
    for watcher in WATCHERS:
        one, two = received[0][watcher], received[1][watcher]
        assert one == two, first_difference(one, two)
