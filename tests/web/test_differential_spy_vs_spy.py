"""Spy vs Spy, the differential sweep (tests/web/differential.py): white (A) tries every action
with every value of every parameter, and undo, redo and the void of each of his own events, at
two tables alike but for black's (B's) secrets: his arsenal (two 2-pips of a colour may leave
the bag without it), the numbers he read in A1 and A2 (any but the circled ones, which he would
declare), and the trap or decoy he left there (any colour he holds, or a decoy: "black leaves a
token in A1" either way).

The history: black walks in and leaves his token in A1, goes up to A2 and leaves another; white
walks in from E1 to A1 (his own phone), and in his next turn back to B1, which he searches (no
trap there). Then either white stands in B1 (`void`: voiding his move back from A1 would replay
his search in A1, over black's token), or he walks into A1 again (`stand`: his probes search over
black's token, with dice, traps to set, pieces to take or drop), or into C1, a room nobody has
searched (`fresh`: his probes read its number token, every number, black's too), or up to the
Defensive Equipment room C2 (`shop`: his probes shop for every colour, the bag's missing ones
too, and Smash and Grab).
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from assistant.games.spy_vs_spy.kit import default_kit
from tests.web.differential import Probe, Step, compare, host, phone, probes

pytestmark = pytest.mark.slow

KIT = default_kit()
COLOURS = [c.id for c in KIT.colours]
ROOMS = list(KIT.board.nodes)
WHITE_OFFENSIVE = ["orange", "green", "yellow", "light-blue", "white"]
WHITE_DEFENSIVE = ["orange", "black", "white", "light-blue", "green"]


def lists(values: list[Any]) -> list[str]:
    return ["[]", *(f"[{v}]" for v in values), f"[{', '.join(map(str, values[:2]))}]"]


DOMAINS = {
    "spy": ["black", "white"],
    "to": ROOMS,
    "number": [str(n) for n in range(0, 27)],
    "numbers": ["[7, 13, 22]", "[1, 2, 3]", "[7, 7, 8]"],
    "hide": lists([7, 13, 22, 5]),
    "set": [*COLOURS, "decoy"],
    "take": lists(COLOURS),
    "give": lists(COLOURS),
    "roll": [str(n) for n in range(1, 7)],
    "slide": [str(n) for n in range(1, 7)],
    "seed": ["0", "1", "99"],
    "weapon": [*COLOURS, "none"],
    "defence": [*COLOURS, "none"],
    "offensive": ["[" + ", ".join(COLOURS[:5]) + "]", "[green]"],
    "defensive": ["[" + ", ".join(COLOURS[1:]) + "]"],
    "use": ["shop", "smash", "mend"],
    "room.take": COLOURS,
    "room.give": COLOURS,
    "drawn": lists(COLOURS),
    "declare.weapon": ["sword", "weapon"],
    "black": ["sword", "weapon"],
    "white": ["sword", "weapon"],
    "rolls": ["{white: 3}", "{black: 5, white: 1}", "{black: 6}"],
    "both": ["true", "false"],
    "at": ["A0", "E0", "B1"],
    "arrive": ["{Deputy: A0}", "{Sheriff: E0}"],
}


CIRCLED = [7, 13, 22]
NUMBERS = [n for n in range(1, 26) if n not in (*CIRCLED, 5)]  # 5: white's, read in B1
MODES = ["stand", "void", "fresh", "shop"]


def black_arsenal(rng: random.Random) -> dict[str, Any]:
    offensive = rng.sample(COLOURS, 5)
    weapon = offensive[0] if rng.random() < 0.8 else None
    # the 2-pips white did not draw (3 of each colour in the bag), two of a colour possibly
    pool = [c for c in COLOURS for _ in range(3 - WHITE_DEFENSIVE.count(c))]
    defensive = rng.sample(pool, 5)
    return {"offensive": offensive, "weapon": weapon, "defensive": defensive}


def token(arsenal: dict[str, Any], pick: int, *, but: str = "") -> str:
    """A trap of black's (a 1-pip of his arsenal other than his weapon, and other than the trap
    `but` he set already) or a decoy."""
    traps = [c for c in arsenal["offensive"] if c not in (arsenal["weapon"], but)]
    choices = [*traps, "decoy"]
    return choices[pick % len(choices)]


def history(
    arsenal: dict[str, Any], first: str, second: str, mode: str, numbers: list[int]
) -> list[Step]:
    def black_search(room_number: int, trap: str) -> Step:
        return host(
            {"type": "search", "spy": "black", "number": room_number}
            | ({} if trap == "decoy" else {"set": trap})
        )

    steps = [
        host({"type": "circle", "numbers": CIRCLED}),
        host(
            {
                "type": "arsenal",
                "spy": "black",
                "offensive": arsenal["offensive"],
                "defensive": arsenal["defensive"],
                "defence": arsenal["defensive"][0],
                "weapon": arsenal["weapon"] or "none",
            }
        ),
        host(
            {
                "type": "arsenal",
                "spy": "white",
                "offensive": WHITE_OFFENSIVE,
                "defensive": WHITE_DEFENSIVE,
                "defence": "black",
                "weapon": "light-blue",
            }
        ),
        host({"type": "move", "spy": "black", "to": "A1"}),  # round 1
        black_search(numbers[0], first),
        phone("white", "move", to="E1"),
        phone("white", "move", to="D1"),
        host({"type": "move", "spy": "black", "to": "A2"}),  # round 2
        black_search(numbers[1], second),
        phone("white", "move", to="C1"),
        phone("white", "move", to="B1"),
        host({"type": "move", "spy": "black", "to": "A3"}),  # round 3
        host({"type": "end", "spy": "black"}),
        phone("white", "move", to="A1"),
        phone("white", "end"),
        host({"type": "end", "spy": "black"}),  # round 4
        phone("white", "move", to="B1"),
        phone("white", "search", number=5),
    ]
    if mode == "stand":  # round 5: white walks back into A1, over black's token
        steps += [host({"type": "end", "spy": "black"}), phone("white", "move", to="A1")]
    if mode == "fresh":  # round 5: white walks into C1, whose token nobody has read
        steps += [host({"type": "end", "spy": "black"}), phone("white", "move", to="C1")]
    if mode == "shop":  # rounds 5 to 7: white goes up to the Defensive Equipment room
        steps += [
            host({"type": "end", "spy": "black"}),
            phone("white", "move", to="A1"),
            phone("white", "move", to="A2"),
            host({"type": "end", "spy": "black"}),
            phone("white", "move", to="B2"),
            phone("white", "move", to="C2"),
            host({"type": "end", "spy": "black"}),
        ]
    return steps


def sweep(tmp_path: Any, rng: random.Random, one: dict[str, Any], two: dict[str, Any], mode: str):
    return compare(
        tmp_path,
        "spy-vs-spy",
        {},
        (
            history(one["arsenal"], one["first"], one["second"], mode, one["numbers"]),
            history(two["arsenal"], two["first"], two["second"], mode, two["numbers"]),
        ),
        "white",
        "black",
        [*probes("spy-vs-spy", DOMAINS, rng, seat="white", other="black"), *shopping(mode)],
    )


def shopping(mode: str) -> list[Probe]:
    """In the equipment room, every colour shopped for, giving back nothing or each of white's
    (the sweep's own probes draw `use` at random)."""
    if mode != "shop":
        return []
    gives: list[dict[str, str]] = [{}, *({"give": c} for c in WHITE_DEFENSIVE)]
    return [Probe.do("room", {"use": "shop", "take": c, **g}) for c in COLOURS for g in gives]


@st.composite
def secrets(draw: st.DrawFn) -> dict[str, Any]:
    arsenal = black_arsenal(draw(st.integers(0, 2**32).map(random.Random)))
    first = token(arsenal, draw(st.integers(0, 5)))
    return {
        "arsenal": arsenal,
        "first": first,
        "second": token(arsenal, draw(st.integers(0, 5)), but=first),
        "numbers": draw(st.lists(st.sampled_from(NUMBERS), min_size=2, max_size=2, unique=True)),
    }


ACID = {
    "arsenal": {
        "offensive": ["green", "orange", "yellow", "black", "white"],
        "weapon": "orange",
        "defensive": ["yellow", "orange", "green", "black", "white"],
    },
    "first": "green",
    "second": "yellow",
    "numbers": [3, 4],
}
DECOYS = {**ACID, "first": "decoy", "second": "decoy"}
LASER = {**ACID, "first": "yellow", "second": "white"}
# black read 11 and 18 (white's probes in C1 name them), and took both orange 2-pips that white
# did not (the bag has none left: white's probes shop for it)
ELSEWHERE = {**DECOYS, "numbers": [11, 18]}
ORANGES = {
    **DECOYS,
    "arsenal": {
        "offensive": ["green", "orange", "yellow", "black", "white"],
        "weapon": "orange",
        "defensive": ["orange", "orange", "green", "black", "white"],
    },
}


@settings(
    max_examples=2,
    deadline=None,
    suppress_health_check=[
        HealthCheck.function_scoped_fixture,
        HealthCheck.too_slow,
        HealthCheck.large_base_example,
    ],
)
@example(one=LASER, two=DECOYS, mode="stand", rng=random.Random(1))  # the dice asked first
@example(one=ACID, two=DECOYS, mode="stand", rng=random.Random(2))  # set= after the acid
@example(one=LASER, two=DECOYS, mode="void", rng=random.Random(3))  # the void's replay
@example(one=ELSEWHERE, two=DECOYS, mode="fresh", rng=random.Random(4))  # a number black read
@example(one=ORANGES, two=DECOYS, mode="shop", rng=random.Random(5))  # a colour the bag lacks
@given(
    one=secrets(),
    two=secrets(),
    mode=st.sampled_from(MODES),
    rng=st.integers(0, 2**32).map(random.Random),
)
def test_white_receives_the_same_whatever_black_holds(tmp_path_factory, one, two, mode, rng):
    compared = sweep(tmp_path_factory.mktemp("svs"), rng, one, two, mode)
    assert not compared.differences, compared.message()
