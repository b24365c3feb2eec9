"""Chance, drawn by the tracker from a recorded seed (`complete(state, action, seed)`): the three
circled numbers, a trap's d6 and the Oil Slick's direction, the combat dice, the street door a cop
arrives at, the pieces a Smash and Grab draws blindly from the bag. What is drawn goes into the
action (with the seed), so the history replays exactly; what the players entered is kept as it
is."""

from __future__ import annotations

from typing import TYPE_CHECKING

from assistant.engine import Json
from assistant.games.spy_vs_spy.combat import rolls_needed, weapon_named
from assistant.games.spy_vs_spy.flow import FIGHT, cops_due
from assistant.games.spy_vs_spy.kit import Kit
from assistant.games.spy_vs_spy.setup import PIECES
from assistant.games.spy_vs_spy.state import SPIES, arsenal, is_spy

if TYPE_CHECKING:  # `random` is imported when something is drawn (`show` never draws)
    import random


def complete(state: Json, action: Json, seed: int, kit: Kit) -> Json:
    """The action with what it needs drawn from `seed`; unchanged when nothing is missing (or
    when it is malformed: `apply` says what is wrong)."""
    import random

    try:
        drawn = _draw(state, action, random.Random(seed), kit)
    except (KeyError, TypeError, ValueError, IndexError, AttributeError):
        return action
    return {**action, **drawn, "seed": seed} if drawn else action


def _draw(state: Json, action: Json, rng: random.Random, kit: Kit) -> Json:
    kind = action.get("type")
    if kind == "circle" and "numbers" not in action:
        return {"numbers": rng.sample(list(kit.tokens), PIECES)}
    if kind == "search" and state["phase"] == "turn":
        return _search(state, action, rng, kit)
    if kind == "room" and state["phase"] == "turn" and "drawn" not in action:
        return _grab(state, action, rng, kit)
    if kind == "exchange" and state["phase"] == FIGHT:
        fight = state["fights"][0]
        named = {
            w: weapon_named(fight, action, w)
            for w in (fight["attacker"], fight["defender"])
            if is_spy(w)
        }
        chosen = {w: choice for w, choice in named.items() if choice is not None}
        if len(chosen) < len(named):
            return {}  # a spy declared no weapon: `apply` refuses the exchange
        needed = rolls_needed(state, kit, chosen)
        given = dict(action.get("rolls") or {})
        missing = [w for w in needed if w not in given]
        if not missing:
            return {}
        return {"rolls": {**given, **{w: rng.randint(1, 6) for w in missing}}}
    if kind == "cops" and state["phase"] == "cops":
        given = dict(action.get("arrive") or {})
        missing = [c for c in cops_due(state, kit) if c not in given]
        if not missing:
            return {}
        doors = sorted(kit.board.doors)
        return {"arrive": {**given, **{c: rng.choice(doors) for c in missing}}}
    return {}


def _grab(state: Json, action: Json, rng: random.Random, kit: Kit) -> Json:
    """A Smash and Grab's pieces, drawn blindly from the bag once the spy's own are back in it
    (as many as he gives up: all but the piece under him)."""
    from assistant.games.spy_vs_spy.equipment import KINDS

    spy = action["spy"]
    kind = kit.board.special_of(state["positions"][spy])
    if str(action.get("use")).lower() != "smash" or spy not in SPIES or kind not in KINDS:
        return {}
    held = arsenal(state, spy)
    given = list(held[kind])
    if held[KINDS[kind][0]] is not None:
        given.remove(held[KINDS[kind][0]])
    bag = dict(state["secret"]["bags"][kind])
    for colour in given:
        bag[colour] += 1
    pieces = [colour for colour, count in sorted(bag.items()) for _ in range(count)]
    return {"drawn": rng.sample(pieces, min(len(given), len(pieces)))}


def _search(state: Json, action: Json, rng: random.Random, kit: Kit) -> Json:
    spy = action["spy"]
    if spy not in SPIES:
        return {}
    room = state["positions"][spy]
    token = state["secret"]["traps"].get(room)
    if token is None or token["colour"] is None:
        return {}
    colour = kit.colour(token["colour"])
    if arsenal(state, spy)["defence"] == colour.id or not colour.trap_roll:
        return {}
    drawn: Json = {}
    roll = action.get("roll")
    if roll is None:
        roll = drawn["roll"] = rng.randint(1, 6)
    left, right = kit.board.beside(room)
    slides = colour.trap_then == "slide_out" and roll in colour.trap_roll
    survives = state["health"][spy] > colour.trap_damage
    if slides and survives and left and right and "slide" not in action:
        drawn["slide"] = rng.randint(1, 6)
    return drawn
