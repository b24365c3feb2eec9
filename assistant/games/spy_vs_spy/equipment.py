"""The arsenals: changing equipment and the special rooms (shopping, smash and grab, first aid).

An arsenal is its player's secret (`state["secret"]["arsenal"][spy]`): `offensive` and
`defensive`, the 1-pips and 2-pips he holds (the equipped ones included), `weapon` and
`defence`, the ones under his spy (None: none), and `used`, his 1-pips set as traps.
"""

from __future__ import annotations

from typing import Any

from assistant.engine import Json
from assistant.games.actions import Refuse
from assistant.games.spy_vs_spy.flow import spend
from assistant.games.spy_vs_spy.kit import Kit
from assistant.games.spy_vs_spy.state import Turn, arsenal, loaded, names, occupants

KINDS = {"offensive": ("weapon", "1-pip"), "defensive": ("defence", "2-pip")}
ROOMS = {
    "defensive": "Defensive Equipment",
    "first_aid": "First Aid",
    "offensive": "Offensive Equipment",
}


def colour_key(value: Any) -> str:
    """'Light blue', 'light_blue', 'LightBlue', 'lt blue' -> 'lightblue' (for matching)."""
    text = str(value).lower().replace("lt.", "light").replace("lt ", "light ")
    return "".join(ch for ch in text if ch.isalnum())


def find_colour(value: Any, kit: Kit) -> str | None:
    key = colour_key(value)
    return next((c.id for c in kit.colours if colour_key(c.name) == key), None)


def colour_of(value: Any, turn: Turn) -> str:
    """The colour id typed as `value`, or Refuse."""
    found = find_colour(value, turn.kit)
    if found is None:
        known = ", ".join(turn.kit.colour_ids)
        raise Refuse("Equipment", f"there is no colour '{value}' (colours: {known})")
    return found


def remove_held(held: Json, kind: str, colour: str) -> None:
    """Take one `colour` piece of `kind` out of an arsenal; the equipped one goes with the last of
    its colour."""
    held[kind].remove(colour)
    slot = KINDS[kind][0]
    if held[slot] == colour and colour not in held[kind]:
        held[slot] = None


def holds(held: Json, kind: str, colour: str, spy: str) -> None:
    if colour not in held[kind]:
        raise Refuse("Equipment", f"{spy} holds no {colour} {KINDS[kind][1]}")


# ---- changing equipment ------------------------------------------------------------------------


def change(state: Json, action: Json, turn: Turn) -> None:
    """`change spy=S [weapon=C|none] [defence=C|none]`: 1 action point, even for pretending."""
    spy = action["spy"]
    held = arsenal(state, spy)
    for kind, (slot, _) in KINDS.items():
        if slot not in action:
            continue
        value = action[slot]
        if str(value).lower() == "none":
            held[slot] = None
            continue
        colour = colour_of(value, turn)
        holds(held, kind, colour, spy)
        if kind == "offensive":
            turn.rule(
                not loaded(state, spy),
                "Thingamajig",
                f"{spy} carries all 3 pieces: he may only use his sword and defensive equipment",
            )
        held[slot] = colour
    spent = spend(state, spy, turn.kit.numbers.change, "changing equipment", turn)
    turn.note(f"{spy} changes equipment behind his divider ({spent})")


# ---- the special rooms -------------------------------------------------------------------------


def room(state: Json, action: Json, turn: Turn) -> None:
    """`room spy=S use=shop|smash|mend [take=C] [give=C] [drawn=[C, ...]]`."""
    kit = turn.kit
    spy, use = action["spy"], str(action["use"]).lower()
    here = state["positions"][spy]
    kind = kit.board.special_of(here)
    if kind is None:
        rooms = ", ".join(f"{ROOMS[k]} {r}" for k, r in kit.board.special.items())
        raise Refuse("Special rooms", f"{here} is not a special room ({rooms})")
    wanted = ("mend",) if kind == "first_aid" else ("shop", "smash")
    if use not in wanted:
        raise Refuse("Special rooms", f"the {ROOMS[kind]} room is for: {' or '.join(wanted)}")
    takes = {"mend": (), "shop": ("take", "give"), "smash": ("drawn",)}[use]
    extra: list[str] = [k for k in ("take", "give", "drawn") if k in action and k not in takes]
    if use != "smash" and "seed" in action:
        extra.append("seed")
    if extra:
        raise Refuse("Special rooms", f"use={use} takes no {extra[0]}")
    turn.rule(
        not loaded(state, spy),
        "Special rooms",
        f"{spy} carries all 3 pieces of the Thingamajig: he cannot use a special equipment room",
    )
    there = occupants(state, here, but=spy)
    turn.rule(
        not there,
        "Special rooms",
        f"{names(kit, there)} occupies {here}: the room cannot be used",
    )
    spent = spend(state, spy, kit.numbers.room, "using a special room", turn)
    if use == "mend":
        health = state["health"][spy]
        turn.rule(
            health < kit.numbers.health,
            "First aid",
            f"{spy} has {health} health: your spy cannot have more than {kit.numbers.health}",
        )
        state["health"][spy] = min(kit.numbers.health, health + 1)
        turn.note(f"{spy} mends in the First Aid room: health {state['health'][spy]} ({spent})")
        return
    if use == "shop":
        turn.note(f"{spy} shops in the {ROOMS[kind]} room ({spent})")
        shop(state, spy, kind, action, turn)
    else:
        smash(state, spy, kind, action, turn)
        turn.note(f"{spy} does a Smash and Grab in the {ROOMS[kind]} room ({spent})")


def shop(state: Json, spy: str, kind: str, action: Json, turn: Turn) -> None:
    """ "you may pick 1 piece of equipment of whatever color you want that is currently available
    in the room ... If you already have 5 pieces ... you must give up one"."""
    held, bag = arsenal(state, spy), state["secret"]["bags"][kind]
    pip = KINDS[kind][1]
    if "take" not in action:
        raise Refuse("Shopping", f"name the {pip} {spy} picks from the bag: take=COLOUR")
    take = colour_of(action["take"], turn)
    limit = (
        turn.kit.numbers.carry_offensive
        if kind == "offensive"
        else turn.kit.numbers.carry_defensive
    )
    give = None
    if "give" in action:
        give = colour_of(action["give"], turn)
        holds(held, kind, give, spy)
    turn.rule(
        len(held[kind]) - (give is not None) < limit,
        "Arsenal",
        f"{spy} already has {limit} pieces of {kind} equipment, the most:"
        f" he gives one back to the bag (give=COLOUR)",
    )
    # the second stage: the bag, seen by the shopper only now that the visit is paid for (its
    # contents tell of the other spy's draws: a refusal here would be a free look)
    if bag[take] < 1:
        turn.note(f"{spy} finds no piece of the colour he wanted in the bag: he takes nothing")
        return
    if give is not None:
        remove_held(held, kind, give)
        bag[give] += 1
    held[kind].append(take)
    bag[take] -= 1


def smash(state: Json, spy: str, kind: str, action: Json, turn: Turn) -> None:
    """ "you must give up all of your defensive equipment (place them back in the 2-pip bag) and
    may randomly draw an equal number of pieces" (ours: all but the piece under the spy)."""
    held, bag = arsenal(state, spy), state["secret"]["bags"][kind]
    pip, slot = KINDS[kind][1], KINDS[kind][0]
    kept = [held[slot]] if held[slot] is not None else []
    given = list(held[kind])
    for colour in kept:
        given.remove(colour)
    if "drawn" not in action:
        raise Refuse(
            "Smash and Grab",
            f"enter the {plural_pips(len(given), pip)} drawn from the bag: drawn=[...]",
        )
    drawn = [colour_of(value, turn) for value in action["drawn"]]
    turn.rule(
        len(drawn) == len(given),
        "Smash and Grab",
        f"{spy} gives up {plural_pips(len(given), pip)} and draws as many ({len(drawn)} entered)",
    )
    for colour in given:
        bag[colour] += 1
    for colour in drawn:
        if bag[colour] < 1:
            raise Refuse("Smash and Grab", f"the bag holds no more {colour} {pip}s")
        bag[colour] -= 1
    held[kind] = kept + drawn


def plural_pips(n: int, pip: str) -> str:
    return f"{n} {pip}" if n == 1 else f"{n} {pip}s"


def normal_colours(values: Any, turn: Turn) -> list[str]:
    return [colour_of(value, turn) for value in values]
