"""The Spy! referee: sealing, turns, squares, answers checked at the reveal, claims, scoring."""

from __future__ import annotations

import hashlib
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from assistant.engine import Refusal
from assistant.games.spy.enumerate import networks
from assistant.games.spy.model import Field, Network, answer, format_cell, parse_cell
from assistant.games.spy.rules import GAME
from assistant.history import Entry, replay

RED = "2B 2D 5D 5H 10H 10B 9B"
BLUE = "2C 2A 5A 5B 10B 10F 4F"
OPTIONS = {key: option.default for key, option in GAME.options.items()}


def play(*actions, state=None, force=False):
    state = GAME.setup(dict(OPTIONS)) if state is None else state
    for action in actions:
        after = GAME.apply(state, action, force=force)
        assert not isinstance(after, Refusal), f"{action}: {after}"
        json.dumps(after)  # plain data
        state = after
    return state


def refused(state, action, force=False) -> Refusal:
    after = GAME.apply(state, action, force=force)
    assert isinstance(after, Refusal)
    return after


def sealed_pair():
    return play(
        {"type": "seal", "player": "red", "network": RED, "salt": "s1"},
        {"type": "seal", "player": "blue", "network": BLUE, "salt": "s2"},
    )


def _cells_text(network: str) -> str:
    cells = Network(tuple(parse_cell(w, Field()) for w in network.split())).cells()
    return " ".join(format_cell(c) for c in sorted(cells))


def test_seal_shows_nothing_of_the_network_not_even_its_hash():
    """Issue 22: a hash of the network and a salt never revealed tells the others something
    about the secret and lets them check nothing, so it is not shown (only that the referee
    keeps it); two seals of different networks and salts look the same to all but the owner."""
    state = sealed_pair()
    digest = hashlib.sha256(f"deaddrop-spy:s1:{_cells_text(RED)}".encode()).hexdigest()
    assert state["seals"]["red"] == {"kept": "referee"}
    assert state["phase"] == "play"
    action = {"type": "seal", "player": "red", "network": RED, "salt": "s1"}
    other = play(
        {"type": "seal", "player": "red", "network": BLUE, "salt": "another"},
        {"type": "seal", "player": "blue", "network": BLUE, "salt": "s2"},
    )
    for seat in (None, "blue"):
        seen = [
            json.dumps(GAME.seat_view(one, seat), sort_keys=True) + GAME.render(one)
            for one in (state, other)
        ]
        assert seen[0] == seen[1]
        assert "5H" not in seen[0] and "s1" not in seen[0] and digest[:12] not in seen[0]
    described = GAME.describe(action, {}, state)
    assert described == "red seals a network; the referee keeps it and answers for it"
    assert GAME.describe({**action, "network": BLUE, "salt": "x"}, {}, other) == described


def test_an_illegal_network_is_refused_at_entry():
    state = GAME.setup(dict(OPTIONS))
    refusal = refused(
        state, {"type": "seal", "player": "red", "network": "2B 2D 5D 5H 10H 10B 10A", "salt": "x"}
    )
    assert refusal.rule == "legal network"
    assert refusal.why == (
        "red's network is illegal: "
        "lines 5 and 6 meet in a straight line at 10B, not at a right angle"
    )
    assert refused(state, {"type": "probe", "player": "red", "cells": "5E"}).why == (
        "both networks must be sealed first"
    )


def test_turns_squares_and_referee_answers():
    state = sealed_pair()
    assert refused(state, {"type": "probe", "player": "blue", "cells": "5E"}) == Refusal(
        "turn", "it is red's turn to spy"
    )
    state = play({"type": "probe", "player": "red", "cells": "5A-5E"}, state=state)
    blue_mask = Network(tuple(parse_cell(w, Field()) for w in BLUE.split())).mask(Field())
    expected = [answer(blue_mask, (4, c), Field()) for c in range(5)]
    assert state["probes"][-1]["answers"] == expected
    assert state["squares"]["red"] == [2, 2, 3, 3, 4]
    state = play(
        {"type": "probe", "player": "blue", "cells": "1A"},
        {"type": "probe", "player": "red", "cells": "6A-6E"},
        state=state,
        force=True,  # a house rule: red has no 5 square left
    )
    assert state["squares"]["red"] == [2, 2, 3, 3, 4]
    no_square = refused(
        play({"type": "probe", "player": "blue", "cells": "2B"}, state=state),
        {"type": "probe", "player": "red", "cells": "7A-7E"},
    )
    assert no_square == Refusal(
        "numbered squares", "red has no 5 square left (left: 2, 2, 3, 3, 4)"
    )
    for cells in ("4B-5C", "4B-4H", "11A", "4B-", "5E-5F-5G"):
        assert refused(state, {"type": "probe", "player": "blue", "cells": cells}).rule == "cells"


def test_claims_at_the_end_of_a_round_then_reveal_and_score():
    state = play({"type": "probe", "player": "red", "cells": "5E"}, state=sealed_pair())
    assert refused(state, {"type": "claim", "player": "red", "network": BLUE}).rule == (
        "end of round"
    )
    state = play(
        {"type": "probe", "player": "blue", "cells": "5E"},
        {"type": "claim", "player": "red", "network": BLUE},  # correct: single victory
        state=state,
    )
    assert refused(state, {"type": "probe", "player": "blue", "cells": "5E"}).why == (
        "a claim ended the probing"
    )
    assert refused(state, {"type": "claim", "player": "red", "network": BLUE}).why == (
        "red has already claimed"
    )
    state = play(
        {"type": "claim", "player": "blue", "network": "2C 2E 5E 5I 10I 10C 9C"},  # wrong
        {"type": "reveal", "player": "red"},
        state=state,
    )
    assert refused(state, {"type": "claim", "player": "blue", "network": RED}).rule == "claim"
    state = play({"type": "reveal", "player": "blue"}, state=state)
    result = state["result"]
    assert state["phase"] == "over"
    assert result["winner"] == "red" and result["how"] == "triple victory"
    assert result["points"] == {"red": 3, "blue": 0}


@pytest.mark.parametrize(
    "red_claim, blue_claim, winner, how",
    [
        (BLUE, None, "red", "single victory"),
        ("2C 2E 5E 5I 10I 10C 9C", None, "blue", "double victory"),
        (BLUE, RED, None, "tie"),
        ("2C 2E 5E 5I 10I 10C 9C", "2D 2B 5B 5C 10C 10G 4G", None, "tie"),
        (None, "2D 2B 5B 5C 10C 10G 4G", "red", "double victory"),
    ],
)
def test_victories(red_claim, blue_claim, winner, how):
    state = sealed_pair()
    if red_claim:
        state = play({"type": "claim", "player": "red", "network": red_claim}, state=state)
    if blue_claim:
        state = play({"type": "claim", "player": "blue", "network": blue_claim}, state=state)
    state = play(
        {"type": "reveal", "player": "blue"}, {"type": "reveal", "player": "red"}, state=state
    )
    assert (state["result"]["winner"], state["result"]["how"]) == (winner, how)


def test_an_equivalent_reconstruction_counts_as_correct():
    # the same cells covered by another line layout (the rules' Illustration 1 remark)
    nets = networks(Field())
    field = Field()
    for i in range(len(nets)):
        network = Network(nets.vertices(i))
        other = [n for n in _relayouts(network) if n.vertices != network.vertices]
        if other:
            break
    state = play(
        {"type": "seal", "player": "red", "network": RED, "salt": "a"},
        {"type": "seal", "player": "blue", "network": str(network), "salt": "b"},
        {"type": "claim", "player": "red", "network": str(other[0])},
        {"type": "reveal", "player": "red"},
        {"type": "reveal", "player": "blue"},
    )
    assert other[0].mask(field) == network.mask(field)
    assert state["result"]["winner"] == "red"


def _relayouts(network):
    from assistant.games.spy.layouts import layouts

    return [n for n in layouts(network.cells(), (1, 2, 3, 4, 5, 6)) if n.reversed() != network]


def _committed(salt="pepper"):
    from assistant.games.spy.seal import parse_vertices, seal_hash

    digest = seal_hash(parse_vertices(BLUE), salt)
    return play(
        {"type": "seal", "player": "red", "network": RED, "salt": "s1"},
        {"type": "commit", "player": "blue", "hash": digest},
    )


def test_committed_answers_are_checked_at_the_reveal():
    state = _committed()
    state = play({"type": "probe", "player": "red", "cells": "5A-5B"}, state=state)
    assert refused(state, {"type": "probe", "player": "blue", "cells": "1A"}).rule == "answer first"
    assert refused(state, {"type": "answer", "player": "blue", "answers": "h"}).rule == "answers"
    state = play(
        {"type": "answer", "player": "blue", "answers": "hot,cold"},  # 5B is hot: a false answer
        {"type": "probe", "player": "blue", "cells": "1A"},
        {"type": "claim", "player": "blue", "network": "2D 2B 5B 5C 10C 10G 4G"},
        {"type": "reveal", "player": "red"},
        state=state,
    )
    assert refused(
        state, {"type": "reveal", "player": "blue", "network": BLUE, "salt": "salt"}
    ) == Refusal("sealed hash", "this network and salt do not give blue's sealed hash")
    state = play(
        {"type": "reveal", "player": "blue", "network": BLUE, "salt": "pepper"}, state=state
    )
    result = state["result"]
    assert result["winner"] == "red"
    assert result["how"] == "outright: blue gave a false answer"
    assert result["faults"]["blue"] == ["probe 1: said 5B cold, it is hot"]


def test_a_committed_illegal_network_loses_outright():
    from assistant.games.spy.seal import parse_vertices, seal_hash

    bad = "2B 2D 5D 5H 10H 10B 10A"
    state = play(
        {"type": "seal", "player": "red", "network": RED, "salt": "s1"},
        {"type": "commit", "player": "blue", "hash": seal_hash(parse_vertices(bad), "x")},
        {"type": "claim", "player": "red", "network": BLUE},
        {"type": "reveal", "player": "blue", "network": bad, "salt": "x"},
        {"type": "reveal", "player": "red"},
    )
    assert state["result"]["winner"] == "red"
    assert state["result"]["how"] == "outright: blue drew an illegal network"


@settings(max_examples=40, deadline=None)
@given(st.data())
def test_honest_answers_are_never_flagged(data):
    nets = networks(Field())
    field = Field()
    pick = st.integers(0, len(nets) - 1)
    red, blue = (str(Network(nets.vertices(data.draw(pick)))) for _ in range(2))
    from assistant.games.spy.seal import parse_vertices, seal_hash

    state = play(
        {"type": "seal", "player": "red", "network": red, "salt": "r"},
        {"type": "commit", "player": "blue", "hash": seal_hash(parse_vertices(blue), "b")},
    )
    blue_mask = parse_vertices(blue).mask(field)
    lie = data.draw(st.booleans())
    lied = False
    for turn in range(data.draw(st.integers(1, 6))):
        player = ("red", "blue")[turn % 2]
        r, c = data.draw(st.integers(0, 9)), data.draw(st.integers(0, 7))
        size = data.draw(st.sampled_from([1, 2, 3]))
        cells = [(r, c + j) for j in range(size)]
        text = format_cell(cells[0]) + (f"-{format_cell(cells[-1])}" if size > 1 else "")
        state = play({"type": "probe", "player": player, "cells": text}, state=state, force=True)
        if player == "red":
            said = [answer(blue_mask, cell, field) for cell in cells]
            if lie and not lied:
                said[0] = "cold" if said[0] != "cold" else "hot"
                lied = True
            state = play({"type": "answer", "player": "blue", "answers": said}, state=state)
    state = play(
        {"type": "claim", "player": "red", "network": red},
        {"type": "reveal", "player": "red"},
        {"type": "reveal", "player": "blue", "network": blue, "salt": "b"},
        state=state,
        force=True,
    )
    assert bool(state["result"]["faults"]["blue"]) == lied
    assert state["result"]["faults"]["red"] == []


def test_replays_on_the_table_protocol():
    entries = [
        Entry({"type": "seal", "player": "red", "network": RED, "salt": "s1"}),
        Entry({"type": "seal", "player": "blue", "network": BLUE, "salt": "s2"}),
        Entry({"type": "probe", "player": "red", "cells": "5E"}),
        Entry({"type": "probe", "player": "blue", "cells": "1A"}, void="misheard"),
        Entry({"type": "probe", "player": "blue", "cells": "2A"}),
    ]
    state = replay(GAME, dict(OPTIONS), entries)
    assert [p["cells"] for p in state["probes"]] == [["5E"], ["2A"]]
    assert "2C" not in GAME.render(state)


def test_bad_options_and_actions():
    from deaddrop.errors import InputError

    with pytest.raises(InputError, match="option players: expected two distinct names"):
        GAME.setup({**OPTIONS, "players": ["a"]})
    with pytest.raises(InputError, match="option squares: expected numbers 2 to 5"):
        GAME.setup({**OPTIONS, "squares": [1]})
    state = sealed_pair()
    assert refused(state, {"type": "dance", "player": "red"}).rule == "action"
    assert refused(state, {"type": "probe", "player": "green", "cells": "1A"}).rule == "player"
    assert refused(state, {"type": "probe", "player": "red"}).why == "probe needs cells=..."
    assert GAME.complete(state, {"type": "seal", "player": "red"}, 255)["salt"] == "000000ff"
