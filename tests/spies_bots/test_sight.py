"""A bot sees its own seat's secrets and the public table only (assistant/games/spies/bots/
sight.py): its sight, and so its choices, do not change when another seat's secrets do (which
spy each counter is, the tiles in hand, the kinds of chits, what each secret is); a person's seat
at a table with bots sees its own dealt facts and none of a bot's."""

from __future__ import annotations

import copy
import functools
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from assistant.games.spies.bots import candidates
from assistant.games.spies.bots.hidden import Hidden
from assistant.games.spies.bots.sight import look
from assistant.games.spies.bots.simulate import play
from assistant.games.spies.rules import GAME


@functools.cache
def states() -> list[dict]:
    """The states of one seeded game of fair bots, in play."""
    played = play({"bots": "all", "bot_level": "fair", "seed": 17})
    return [d.after for d in played.driver.done if d.after["phase"] == "play"]


def others_secrets_changed(state: dict, power: str, source: random.Random) -> dict:
    """`state` with every other power's secrets shuffled: which spy each of its counters is,
    the tiles in its hand, the kinds of its chits, the names of the pieces dealt to it."""
    out = copy.deepcopy(state)
    facts = out["hidden"]
    for other in GAME.data.powers:
        if other == power:
            continue
        spies = out["positions"]["spies"].get(other, {})
        names = list(spies.values())
        source.shuffle(names)
        out["positions"]["spies"][other] = dict(zip(spies, names, strict=True))
        out["hands"][other] = sorted(out["hands"][other], reverse=True)
        facts["hands"][other] = sorted(
            source.choice(sorted(GAME.data.chits)) for _ in facts["hands"][other]
        )
        dealt = [n for n in facts["dealt"][other] if not facts["pieces"][n]["gone"]]
        names = [facts["pieces"][n]["name"] for n in dealt]
        values = [(facts["pieces"][n]["value"], facts["pieces"][n]["counterspy"]) for n in dealt]
        source.shuffle(values)
        for name, (value, counterspy) in zip(names, values, strict=True):
            held = facts["pieces"][name]["held"]
            if held is not None and held[0] == power:
                continue  # this power looked at it: it knows what it is
            facts["pieces"][name]["value"] = value
            facts["pieces"][name]["counterspy"] = counterspy
    return out


@settings(max_examples=30, deadline=None, derandomize=True)
@given(st.integers(0, 10**6), st.sampled_from(GAME.data.powers), st.integers(0, 99))
def test_a_bots_sight_and_its_candidates_do_not_depend_on_another_seats_secrets(at, power, seed):
    state = states()[at % len(states())]
    changed = others_secrets_changed(state, power, random.Random(seed))
    one = look(state, Hidden.of(state, GAME.data), power, "best")
    two = look(changed, Hidden.of(changed, GAME.data), power, "best")
    assert one == two
    if state["turn"] == power:
        for make in (candidates.tile_moves, candidates.police_moves):
            assert [c.action for c in make(one)] == [c.action for c in make(two)]
        assert [c.action for c in candidates.chit_moves(one, set())] == [
            c.action for c in candidates.chit_moves(two, set())
        ]
        assert [c.action for c in candidates.spy_moves(one, [], 0)] == [
            c.action for c in candidates.spy_moves(two, [], 0)
        ]


def test_a_seat_sees_its_own_dealt_facts_and_no_one_elses():
    state = states()[len(states()) // 2]
    for power in GAME.data.powers:
        view = GAME.seat_view(state, power)
        assert set(view["secret"]["dealt"]) == {power}
        mine = view["secret"]["dealt"][power]
        assert sum(mine["chits"].values()) == state["chits"][power]
    public = GAME.view(state)
    assert "hidden" not in public and "seed" not in public
    assert public["bots"] == {p: "fair" for p in GAME.data.powers}


@settings(max_examples=20, deadline=None, derandomize=True)
@given(st.integers(0, 10**6), st.sampled_from(GAME.data.powers), st.integers(0, 99))
def test_what_a_seat_sees_at_a_table_with_bots_does_not_depend_on_another_seats_secrets(
    at, power, seed
):
    state = states()[at % len(states())]
    changed = others_secrets_changed(state, power, random.Random(seed))
    assert GAME.seat_view(state, power) == GAME.seat_view(changed, power)
    assert GAME.view(state) == GAME.view(changed)
