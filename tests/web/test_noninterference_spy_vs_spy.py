"""Spy vs Spy: what white (and the spectators) receive does not depend on black's secrets,
beyond what the rules turned up (tests/web/noninterference.py).

The table is set up at the host's command line: the Thingamajig's numbers, both arsenals, the
spies walked in (black to B1, white to D1, one room apart on the ground floor) and black's
first search of B1, which leaves his first trap there. Then white's phone tries everything:
moves to the rooms next door and elsewhere, searches (with and without number, set, hide,
take), changes, special rooms, ends, declarations (its own and black's), exchanges with its own
weapon and with black's (black's is black's to give: refused by the seat rule), runs, restarts,
the cops' turn, undo, redo, void and answers. Black's phone acts only in ways that are public
and the same in both tables: moves, ends, searches (his number the same; his trap is "the
first 1-pip of his arsenal not under him", whatever that is at his table), pretended changes,
declarations, exchanges, runs, restarts, the cops, answers.

Black's second arsenal agrees with the first on whatever the rules turned up during the play
(his weapon once it struck, was dissolved or dropped; his 2-pip once a weapon hit it or a trap
made him show it; every trap of his that went off; whether he has a weapon at all once he
tried to fight with it; the colours in the bags once white shopped) and differs elsewhere: the
pieces he drew and never showed, his unseen weapon and 2-pip, the traps nobody searched.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, assume, event, example, given, settings
from hypothesis import strategies as st

from assistant.games.spy_vs_spy.kit import default_kit
from tests.web.noninterference import Played, Step, first_difference, play

KIT = default_kit()
COLOURS = [c.id for c in KIT.colours]
LABELS = {c.label: c.id for c in KIT.colours}
WEAPONS = [c.weapon for c in KIT.colours]
NUMBERS = [7, 13, 22]
WHITE_OFFENSIVE = ["orange", "green", "yellow", "light-blue", "white"]
WHITE_DEFENSIVE = ["orange", "black", "white", "light-blue", "green"]
ROOMS = list(KIT.board.nodes)


@dataclass(frozen=True)
class Arsenal:
    """Black's arsenal: five different 1-pips (the weapon, when he has one, first), five
    different 2-pips (the one under him first)."""

    offensive: tuple[str, ...]
    weapon: str | None
    defensive: tuple[str, ...]

    @property
    def defence(self) -> str:
        return self.defensive[0]

    @property
    def traps(self) -> list[str]:
        """The colours black sets as traps, in order (his 1-pips but the weapon)."""
        return [c for c in self.offensive if c != self.weapon]


def arsenals(rng: random.Random) -> Arsenal:
    offensive = tuple(rng.sample(COLOURS, 5))
    weapon = offensive[0] if rng.random() < 0.8 else None
    return Arsenal(offensive, weapon, tuple(rng.sample(COLOURS, 5)))


def setup(black: Arsenal, first_trap: bool, opening: str) -> list[dict[str, Any]]:
    """The table set up; `opening`: "apart" (white's turn, one room between the spies), "fight"
    (black walked to C1 and white in on him: combat), "declared" (and both declared: black his
    sword, white his weapon)."""
    weapon = black.weapon or "none"
    actions: list[dict[str, Any]] = [
        {"type": "circle", "numbers": NUMBERS},
        {
            "type": "arsenal",
            "spy": "black",
            "offensive": list(black.offensive),
            "defensive": list(black.defensive),
            "defence": black.defence,
            "weapon": weapon,
        },
        {
            "type": "arsenal",
            "spy": "white",
            "offensive": WHITE_OFFENSIVE,
            "defensive": WHITE_DEFENSIVE,
            "defence": "black",
            "weapon": "light-blue",
        },
        {"type": "move", "spy": "black", "to": "A1"},
        {"type": "move", "spy": "black", "to": "B1"},
        {"type": "move", "spy": "white", "to": "E1"},
        {"type": "move", "spy": "white", "to": "D1"},
        # round 2: black leaves his first trap (or a decoy) in B1
        {
            "type": "search",
            "spy": "black",
            "number": 3,
            **({"set": black.traps[0]} if first_trap else {}),
        },
    ]
    if opening == "apart":
        return [*actions, {"type": "end", "spy": "black"}]
    actions += [
        {"type": "move", "spy": "black", "to": "C1"},
        {"type": "move", "spy": "white", "to": "C1"},  # combat in C1: white attacks black
    ]
    if opening == "declared":
        actions += [
            {"type": "declare", "spy": "black", "weapon": "sword"},
            {"type": "declare", "spy": "white", "weapon": "weapon"},
        ]
    return actions


# ---- the steps: "@near:K" is the K-th room next door, filled from the seat's state -----------


def do(seat: str, action: str, **params: object) -> Step:
    return Step(seat, "do", {"action": action, "params": {k: str(v) for k, v in params.items()}})


NEAR = st.integers(0, 3).map(lambda k: f"@near:{k}")
PLACE = st.one_of(NEAR, NEAR, NEAR, st.sampled_from(ROOMS))
WEAPON = st.sampled_from(["sword", "weapon"])
OPTIONAL = st.one_of(st.none(), st.none(), st.sampled_from(COLOURS + ["none"]))


def params(**strategies: Any) -> st.SearchStrategy[dict[str, object]]:
    """A dictionary of the parameters whose value was drawn (None: not given)."""
    return st.fixed_dictionaries(strategies).map(
        lambda d: {k: v for k, v in d.items() if v is not None}
    )


def white_search() -> st.SearchStrategy[Step]:
    return params(
        number=st.one_of(st.none(), st.just("@number"), st.integers(1, 25)),
        set=st.one_of(st.none(), st.just("decoy"), st.sampled_from(COLOURS)),
        hide=st.one_of(st.none(), st.sampled_from(NUMBERS).map(lambda n: f"[{n}]")),
        take=st.one_of(st.none(), st.sampled_from(COLOURS).map(lambda c: f"[{c}]")),
        give=st.one_of(st.none(), st.none(), st.sampled_from(COLOURS).map(lambda c: f"[{c}]")),
    ).map(lambda p: do("white", "search", **p))


DECLARE = st.builds(
    lambda spy, w: do("white", "declare", spy=spy, weapon=w),
    st.sampled_from(["white", "white", "black"]),
    WEAPON,
)
EXCHANGE = params(
    white=st.one_of(st.none(), WEAPON), black=st.one_of(st.none(), st.none(), WEAPON)
).map(lambda p: do("white", "exchange", **p))
WHITE = st.one_of(
    PLACE.map(lambda to: do("white", "move", to=to)),
    NEAR.map(lambda to: do("white", "move", to=to)),
    NEAR.map(lambda to: do("white", "move", to=to)),
    white_search(),
    white_search(),
    params(weapon=OPTIONAL, defence=OPTIONAL).map(lambda p: do("white", "change", **p)),
    params(
        use=st.sampled_from(["shop", "smash", "mend"]),
        take=st.one_of(st.none(), st.sampled_from(COLOURS)),
        drawn=st.one_of(st.none(), st.just("[orange, green, yellow, black]")),
    ).map(lambda p: do("white", "room", **p)),
    st.just(do("white", "end")),
    DECLARE,
    DECLARE,
    EXCHANGE,
    EXCHANGE,
    params(to=NEAR, both=st.one_of(st.none(), st.just("true"))).map(
        lambda p: do("white", "run", **p)
    ),
    st.sampled_from(["A0", "E0"]).map(lambda at: do("white", "restart", at=at)),
    st.just(do("white", "cops")),
    st.just(Step("white", "undo")),
    st.just(Step("white", "redo")),
    st.builds(lambda n: Step("white", "void", {"event": n, "why": "misheard"}), st.integers(1, 20)),
    st.builds(lambda yes: Step("white", "answer", {"yes": yes}), st.booleans()),
)
BLACK = st.one_of(
    NEAR.map(lambda to: do("black", "move", to=to)),
    NEAR.map(lambda to: do("black", "move", to=to)),
    st.just(do("black", "end")),
    params(
        number=st.one_of(st.just("@number"), st.integers(1, 25)),
        set=st.one_of(st.none(), st.just("decoy"), st.just("@trap")),
    ).map(lambda p: do("black", "search", **p)),
    st.just(do("black", "change")),  # pretending: 1 action point, nothing changes
    WEAPON.map(lambda w: do("black", "declare", weapon=w)),
    WEAPON.map(lambda w: do("black", "declare", weapon=w)),
    params(black=st.one_of(st.none(), WEAPON)).map(lambda p: do("black", "exchange", **p)),
    NEAR.map(lambda to: do("black", "run", to=to)),
    st.sampled_from(["A0", "E0"]).map(lambda at: do("black", "restart", at=at)),
    st.just(do("black", "cops")),
    st.builds(lambda yes: Step("black", "answer", {"yes": yes}), st.booleans()),
)
# the common moves of a game, for both seats: walking, searching, fighting, running
PLAY = st.one_of(
    NEAR.map(lambda to: do("white", "move", to=to)),
    st.just(do("white", "search", number="@number")),
    st.just(do("white", "exchange")),
    NEAR.map(lambda to: do("white", "run", to=to)),
    NEAR.map(lambda to: do("black", "move", to=to)),
    st.sampled_from(["@trap", "decoy"]).map(
        lambda t: do("black", "search", number="@number", set=t)
    ),
    st.just(do("black", "exchange")),
    NEAR.map(lambda to: do("black", "run", to=to)),
)


def fill(step: Step, state: dict[str, Any]) -> Step:
    """The placeholders made concrete from the seat's own state: "@near:K" the K-th room next to
    the spy (his public position), "@number" a number token for the room's first search (none
    when the room was searched: public), "@trap" the first 1-pip of his own arsenal that is not
    under him (a decoy when none is left)."""
    given = step.body.get("params")
    if not given or not any(str(v).startswith("@") for v in given.values()):
        return step
    view = state["view"]
    here = view["positions"].get(str(step.seat))
    out = dict(given)
    for key, value in given.items():
        if value.startswith("@near:"):
            rooms = [n for n, _ in KIT.board.neighbours(here)] if here else ["A1", "E1"]
            out[key] = rooms[int(value.split(":")[1]) % len(rooms)]
        elif value == "@number":
            if here in view["searched"]:
                del out[key]
            else:
                out[key] = str(1 + sum(map(ord, str(here))) % 25)
        elif value == "@trap":
            held = view["secret"]["arsenal"]
            left = [c for c in held["offensive"] if c != held["weapon"]]
            out[key] = left[0] if left else "decoy"
    return Step(step.seat, step.op, {**step.body, "params": out})


# ---- what the rules turned up ---------------------------------------------------------------


@dataclass
class TurnedUp:
    weapon: bool = False  # black's weapon's colour
    armed: bool = False  # whether black has a weapon at all
    defence: bool = False  # black's 2-pip under him
    traps: set[str] = field(default_factory=set)  # trap colours that went off or were disarmed
    bags: bool = False  # white saw the bags (shopping, smash and grab)


BLACKS_WEAPON = re.compile(
    r"black's (" + "|".join(map(re.escape, WEAPONS)) + r") \(([a-z ]+)\) (hits|fails|gets past)"
)
TRAP = re.compile(r"\(([a-z ]+) trap\)!")


def turned_up(played: Played, steps: list[Step]) -> TurnedUp:
    """What the rules showed of black's arsenal, from the log white read (every line of every
    state, undone and voided ones included: what was turned up stays turned up) and from black's
    own attempts to fight with his weapon (his declaration is public)."""
    seen = TurnedUp()
    lines = {line["text"] for state in played.states["white"] for line in state["log"]}
    for text in lines:
        if BLACKS_WEAPON.search(text):
            seen.weapon = True
        if "black searches" in text and "1-pip) is dissolved" in text:
            seen.weapon = True
        if "black dies" in text and "1-pip) drops" in text:
            seen.weapon = True
        if "black declares his weapon" in text or "black carries all 3 pieces" in text:
            seen.armed = True
        if re.search(r"black's [a-z -]+ 2-pip|black \(no 2-pip\)|black shows", text):
            seen.defence = True
        seen.traps |= {LABELS[label] for label in TRAP.findall(text)}
        if "white shops" in text or "white does a Smash and Grab" in text:
            seen.bags = True
    for step in steps:
        params = step.body.get("params", {})
        if step.seat == "black" and "weapon" in params.values():
            seen.armed = True  # declared or refused, as his own table has it
    return seen


def agrees(one: Arsenal, two: Arsenal, seen: TurnedUp) -> bool:
    if seen.weapon and two.weapon != one.weapon:
        return False
    if (seen.armed or seen.weapon) and (two.weapon is None) != (one.weapon is None):
        return False
    if seen.defence and two.defence != one.defence:
        return False
    if seen.bags and (
        set(two.offensive) != set(one.offensive) or set(two.defensive) != set(one.defensive)
    ):
        return False
    for colour in seen.traps:
        if colour == one.weapon and two.weapon != one.weapon:
            return False
        if colour in one.traps:
            at = one.traps.index(colour)
            if len(two.traps) <= at or two.traps[at] != colour:
                return False
    return True


def another(one: Arsenal, seen: TurnedUp, rng: random.Random) -> Arsenal | None:
    """A different arsenal for black that agrees with `one` on what was turned up."""
    for _ in range(2000):
        two = arsenals(rng)
        if two != one and agrees(one, two, seen):
            return two
    return None


def reached(played: Played, seen: TurnedUp) -> None:
    """How far the play went (hypothesis's statistics: --hypothesis-show-statistics)."""
    log = " ".join(line["text"] for line in played.states["white"][-1]["log"])
    done = sum(
        1 for reply in played.received["white"] if reply.startswith("20") and '"line"' in reply
    )
    event(f"white's actions carried out: {min(done, 4)}{'+' if done >= 4 else ''}")
    for what, words in (
        ("combat", "combat in"),
        ("an exchange", " takes "),
        ("a search by white", "white searches"),
        ("a search by black", "black searches"),
        ("a trap went off or was disarmed", "trap)!"),
        ("the cops' turn", "the cops' turn"),
        ("a death", " dies in "),
    ):
        if words in log:
            event(f"reached: {what}")
    if seen.weapon or seen.defence:
        event("black's weapon or 2-pip turned up")


def run(
    tmp: Path, name: str, black: Arsenal, first_trap: bool, opening: str, steps: list[Step]
) -> Played:
    return play(
        tmp / f"{name}.sqlite",
        "spy-vs-spy",
        {},
        setup(black, first_trap, opening),
        steps,
        ["white", None],
        fill=fill,
    )


# the attack of issue 22, the other way round: white's phone declares black's weapon (black has
# none at the first table, one at the second: the table would have refused at one and not the
# other, and told white so)
UNARMED = Arsenal(
    ("green", "orange", "yellow", "black", "white"),
    None,
    ("yellow", "orange", "green", "black", "white"),
)
ATTACK = [  # after the opening "fight": white walked in on black in C1
    do("white", "exchange", black="weapon", white="sword"),
    do("white", "exchange", black="weapon"),
    do("white", "declare", spy="white", weapon="sword"),
    do("white", "exchange", black="weapon"),
    do("white", "exchange", black="weapon", white="sword"),
]


@settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[
        HealthCheck.function_scoped_fixture,
        HealthCheck.filter_too_much,
        HealthCheck.large_base_example,
    ],
)
@example(black=UNARMED, first_trap=False, opening="fight", steps=ATTACK, pick=random.Random(3))
@given(
    black=st.randoms(use_true_random=False).map(arsenals),
    first_trap=st.booleans(),
    opening=st.sampled_from(["apart", "fight", "declared"]),
    steps=st.lists(st.one_of(WHITE, BLACK, PLAY), min_size=6, max_size=14),
    pick=st.randoms(use_true_random=False),
)
def test_white_receives_the_same_whatever_black_holds(
    tmp_path_factory, black, first_trap, opening, steps, pick
):
    tmp = tmp_path_factory.mktemp("svs")
    one = run(tmp, "one", black, first_trap, opening, steps)
    seen = turned_up(one, steps)
    reached(one, seen)
    other = another(black, seen, pick)
    assume(other is not None)
    assert other is not None
    two = run(tmp, "two", other, first_trap, opening, steps)
    # black's own search may fare differently with another trap of his (his secret decides his
    # own action): then the public histories part, and the pair says nothing
    assume(one.statuses_of("black") == two.statuses_of("black"))
    for watcher in ("white", None):
        assert one.received[watcher] == two.received[watcher], first_difference(
            one.received[watcher], two.received[watcher]
        )
