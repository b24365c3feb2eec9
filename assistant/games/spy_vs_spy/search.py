"""Searching a room: the trap or decoy first, then the number tokens, then dropped equipment.

`search spy=S [number=N] [hide=[N, ...]] [set=COLOUR] [take=[C, ...]] [give=[C, ...]] [roll=D]
[slide=D]`. The tracker knows the trap or decoy each spy left in each room (his secret) and
carries out the trap against the searcher's 2-pip; `number` is the number on the room's own
token, read at its first search (the searcher's secret); `hide` the pieces he leaves here
unseen, `set` the trap he leaves (else a decoy): secrets too. `take` and `give` are the loose
1-pips picked up and dropped (public). `roll` is the trap's d6, `slide` the Oil Slick's direction
die (1-3 left, 4-6 right: ours), drawn by the tracker when not entered (from a phone always:
`seats.TRACKER_PARAMS`).

A search is decided in two stages (docs/serve.md, "Who may see what"). First, everything the
searcher can know: his action points, his own arsenal and pieces, the room's token read or not,
what lies loose here; the search is tried as if the room held nothing, and what that refuses is
refused. Only then the trap or decoy another spy left (his secret) is turned up and carried out,
and nothing after it refuses for a reason the trap made: a 1-pip the acid dissolved is not
dropped, a trap whose 1-pip is gone becomes a decoy.
"""

from __future__ import annotations

import copy
import dataclasses

from assistant.engine import Json
from assistant.games.actions import Refuse
from assistant.games.spy_vs_spy.equipment import colour_of, remove_held
from assistant.games.spy_vs_spy.flow import hurt, kill_spy, spend
from assistant.games.spy_vs_spy.kit import Colour
from assistant.games.spy_vs_spy.moves import arrive
from assistant.games.spy_vs_spy.state import (
    Turn,
    arsenal,
    carried,
    in_room,
    loaded,
    move_piece,
    name_of,
    plural,
)
from assistant.words import a

DICE = ("roll", "slide")


def die(action: Json, key: str, what: str, used: set[str]) -> int:
    if key not in action:
        raise Refuse("Dice", f"{what}: give {key}=1..6 (or let the tracker roll it)")
    used.add(key)
    value: int = action[key]
    return value


def search(state: Json, action: Json, turn: Turn) -> None:
    kit = turn.kit
    spy = action["spy"]
    here = state["positions"][spy]
    if here not in kit.board.rooms:
        raise Refuse("Search", f"{spy} is not in a room of the building ({here})")
    turn.rule(
        not loaded(state, spy),
        "Thingamajig",
        f"{spy} carries all 3 pieces: as long as he is carrying all 3 pieces he cannot search"
        " any rooms",
    )
    turn.rule(
        state["smoke"] != [spy, here, state["turn_no"]],
        "Smoke Cloud",
        f"{spy} cannot continue to search {here} this turn",
    )
    spent = spend(state, spy, kit.numbers.search, "searching", turn)
    turn.note(f"{spy} searches {here} ({spent})")
    if here not in state["searched"]:
        state["searched"].append(here)
    known(state, spy, here, action, turn)
    used: set[str] = set()
    outcome = trap(state, spy, here, action, turn, used)
    if outcome == "slide":
        leave_token(state, spy, here, action, turn, after_trap=True)
        slide(state, spy, here, action, turn, used)
    elif outcome == "stop":
        turn.note(f"the smoke stops {spy} searching {here} this turn")
        state["smoke"] = [spy, here, state["turn_no"]]
        leave_token(state, spy, here, action, turn, after_trap=True)
    elif outcome == "on":
        numbers(state, spy, here, action, turn)
        hide(state, spy, here, action, turn)
        loose(state, spy, here, action, turn, after_trap=True)
        leave_token(state, spy, here, action, turn, after_trap=True)
    unused = [key for key in DICE if key in action and key not in used]
    if unused:
        raise Refuse("Dice", f"{unused[0]}: no such die is rolled in this search")


def known(state: Json, spy: str, here: str, action: Json, turn: Turn) -> None:
    """The first stage: the search tried as if the room held no trap nor decoy (what the searcher
    can know), on a copy; Refuse as that refuses."""
    trial = copy.deepcopy(state)
    trial["secret"]["traps"].pop(here, None)
    quiet = dataclasses.replace(turn, notes=[])
    numbers(trial, spy, here, action, quiet)
    hide(trial, spy, here, action, quiet)
    loose(trial, spy, here, action, quiet)
    leave_token(trial, spy, here, action, quiet)


# ---- 1. the trap or decoy ----------------------------------------------------------------------


def trap(state: Json, spy: str, room: str, action: Json, turn: Turn, used: set[str]) -> str:
    """The trap in the room, if any: "dead", "slide", "stop" or "on" (the search goes on)."""
    token = state["secret"]["traps"].get(room)
    if token is None or token["colour"] is None:
        turn.note("no trap")
        return "on"
    colour = turn.kit.colour(token["colour"])
    defence = arsenal(state, spy)["defence"]
    shows = a(f"{defence} 2-pip") if defence else "no 2-pip"
    turn.note(f"{a(colour.trap)} ({colour.label} trap)! {spy} shows {shows}")
    if defence == colour.id:
        turn.note("the trap is disarmed")
        discard_trap(state, room)
        return "on"
    outcome, damage = go_off(state, spy, colour, action, turn, used)
    health = hurt(state, spy, damage)
    turn.note(f"{damage} damage (health {health})")
    if health == 0:
        kill_spy(state, spy, None, turn)  # "Put all tokens from the room back": the trap stays
        return "dead"
    discard_trap(state, room)
    return outcome


def go_off(
    state: Json, spy: str, colour: Colour, action: Json, turn: Turn, used: set[str]
) -> tuple[str, int]:
    """The trap's effect: (outcome, damage)."""
    damage = colour.trap_damage
    fires = True
    if colour.trap_roll:
        roll = die(action, "roll", f"the {colour.trap} rolls a d6", used)
        fires = roll in colour.trap_roll
        turn.note(f"{spy} rolls {roll}")
    held = arsenal(state, spy)
    then = colour.trap_then
    if then == "dissolve_weapon" and held["weapon"] is not None:
        weapon = turn.kit.colour(held["weapon"])
        remove_held(held, "offensive", weapon.id)
        held["weapon"] = None
        state["discard"]["offensive"].append(weapon.id)
        turn.note(f"his {weapon.weapon} ({weapon.label} 1-pip) is dissolved")
    elif then == "discard_defence" and held["defence"] is not None:
        burnt = held["defence"]
        remove_held(held, "defensive", burnt)
        held["defence"] = None
        state["discard"]["defensive"].append(burnt)
        turn.note(f"his {burnt} 2-pip burns")
    elif then == "more_damage" and fires:
        damage += colour.trap_extra
    elif then == "freeze":
        if state["turn"] == spy:
            state["ap_left"] = 0
        state["frozen"][spy] += colour.trap_extra
        turn.note(
            f"{spy} is frozen: no more action points this turn, {colour.trap_extra} fewer next"
        )
    elif then == "slide_out" and fires:
        return "slide", damage
    elif then == "stop_search" and fires:
        return "stop", damage
    return "on", damage


def discard_trap(state: Json, room: str) -> None:
    """The trap token is discarded and its owner discards its 1-pip from his Used area."""
    token = state["secret"]["traps"].pop(room)
    owner = arsenal(state, token["owner"])
    owner["used"].remove(token["colour"])
    state["discard"]["offensive"].append(token["colour"])


def leave_token(
    state: Json, spy: str, room: str, action: Json, turn: Turn, *, after_trap: bool = False
) -> None:
    """ "You must replace the existing trap with either one of your decoy tokens or a trap token
    of your own": `set=COLOUR` moves that 1-pip to his Used area, else a decoy."""
    value = action.get("set")
    traps = state["secret"]["traps"]
    if value is None or str(value).lower() == "decoy":
        if room not in traps:
            traps[room] = {"owner": spy, "colour": None}
    else:
        colour = colour_of(value, turn)
        held = arsenal(state, spy)
        only = held["weapon"] == colour and held["offensive"].count(colour) <= 1
        if after_trap and (colour not in held["offensive"] or only):
            # the trap took it (the first stage found it in his arsenal): a decoy instead
            turn.note(f"{spy} no longer holds a {colour} 1-pip to set: a decoy")
            traps[room] = {"owner": spy, "colour": None}
            turn.note(f"{spy} leaves a token in {room}")
            return
        if colour not in held["offensive"]:
            raise Refuse("Traps", f"{spy} holds no {colour} 1-pip to set as a trap")
        turn.rule(
            held["weapon"] != colour or held["offensive"].count(colour) > 1,
            "Traps",
            f"{spy}'s only {colour} 1-pip is under him: a trap comes from his Arsenal (change"
            " his equipment first, 1 action point)",
        )
        remove_held(held, "offensive", colour)
        held["used"].append(colour)
        traps[room] = {"owner": spy, "colour": colour}
    turn.note(f"{spy} leaves a token in {room}")


def slide(state: Json, spy: str, room: str, action: Json, turn: Turn, used: set[str]) -> None:
    """The Oil Slick: "he slides out of the room (choose direction at random)": ours, a die,
    1-3 the room on his left, 4-6 on his right; at the end of a floor, the only way out."""
    left, right = turn.kit.board.beside(room)
    if left is None or right is None:
        to = left or right
        if "slide" in action:  # issue 35: say why no die is rolled, not only that none is
            raise Refuse(
                "Dice",
                f"slide: {room} is at the end of its floor: the Oil Slick slides {spy} the only"
                f" way out, into {to} (no die for the direction)",
            )
    else:
        roll = die(action, "slide", "the Oil Slick's direction (1-3 left, 4-6 right)", used)
        to = left if roll <= 3 else right
    assert to is not None
    turn.note(f"{spy} slides out of {room} into {to} before searching the rest")
    arrive(state, spy, to, turn)


# ---- 2. the number tokens ----------------------------------------------------------------------


def numbers(state: Json, spy: str, room: str, action: Json, turn: Turn) -> None:
    """The room's own token (read at its first search), then every piece lying here."""
    read = state["secret"]["numbers"]
    declared = 0
    if room not in read:
        if "number" not in action:
            raise Refuse(
                "Number tokens",
                f"{room}'s own number token is read for the first time: give number=N",
            )
        number = action["number"]
        if number not in turn.kit.tokens:
            raise Refuse("Number tokens", f"there is no number token {number}")
        readers = state["secret"].setdefault("readers", {})
        before = [r for r, n in read.items() if n == number and readers.get(r) == spy]
        if before:
            raise Refuse(
                "Number tokens",
                f"{spy} read the number token {number} in {before[0]} (one token a room: "
                f"{len(turn.kit.tokens)} tokens on {len(turn.kit.board.rooms)} rooms)",
            )
        if number in (state["thingamajig"] or ()):
            declared += found(state, spy, number, turn)
        read[room] = number
        readers[room] = spy
    elif "number" in action:
        raise Refuse("Number tokens", f"{room}'s own number token was read before: give no number")
    for record in in_room(state, room):
        how, _, *hider = record["at"].split(":")
        record["at"] = f"spy:{spy}"
        if how == "hidden" and hider == [spy]:
            continue  # his own: taken back unseen, he still shows its red pyramid
        if how == "hidden":
            state["pieces"][hider[0]] -= 1  # the hider hands its red pyramid over (ours)
        state["pieces"][spy] += 1
        declared += 1
    if declared:
        turn.note(f"{spy} finds {plural(declared, 'piece')} of the Thingamajig")
    else:
        turn.note(f"{spy} finds no piece")
    held = arsenal(state, spy)
    if loaded(state, spy) and held["weapon"] is not None:
        held["weapon"] = None
        turn.note(f"{spy} carries all 3 pieces: his 1-pip goes back to his arsenal")


def found(state: Json, spy: str, number: int, turn: Turn) -> int:
    """The circled `number` read: its piece goes to the spy (1 found), decided by what he can
    know. Where its record is public (dropped in a room, carried by a cop) or his own (he carries
    it, or hid it), a reading of its number elsewhere is refused with that reason. Where it is the
    other spy's secret (he carries or hid it: he read the same number in another room), the
    reading is taken all the same, as the table would take it: the token is unique, so one of
    the two misread it, and the table finds out when the token or the piece is shown. The tracker
    follows the later reading (the other spy still shows his red pyramid, as for a hidden piece).
    Refusing it would tell the searcher which number the other spy read (docs/serve.md)."""
    record = next(p for p in state["secret"]["pieces"] if p["number"] == number)
    how, _, rest = record["at"].partition(":")
    place, _, hider = rest.partition(":")
    if how == "dropped":
        raise Refuse("Number tokens", f"the piece numbered {number} lies dropped in {place}")
    if how == "cop":
        carrier = name_of(turn.kit, place)
        raise Refuse("Number tokens", f"the piece numbered {number} is carried by {carrier}")
    if record["at"] == f"spy:{spy}" or hider == spy:
        where = f"hid it in {place}" if hider == spy else "carries it"
        raise Refuse("Number tokens", f"the piece numbered {number} is {spy}'s: he {where}")
    record["at"] = f"spy:{spy}"
    state["pieces"][spy] += 1
    state["found"] = min(state["found"] + 1, len(state["secret"]["pieces"]))
    return 1


def hide(state: Json, spy: str, room: str, action: Json, turn: Turn) -> None:
    """ "you can opt to hide some or all of the pieces you carry in that room": unseen."""
    for number in action.get("hide") or []:
        if number not in carried(state, spy):
            raise Refuse("Hide", f"{spy} carries no piece numbered {number}")
        move_piece(state, number, f"hidden:{room}:{spy}")


# ---- 3. dropped equipment ----------------------------------------------------------------------


def loose(
    state: Json, spy: str, room: str, action: Json, turn: Turn, *, after_trap: bool = False
) -> None:
    """ "if there are any loose pieces of equipment dropped in the room you can pick them up. If
    you already have five pieces of offensive equipment you will need to drop one"."""
    take = [colour_of(v, turn) for v in action.get("take") or []]
    give = [colour_of(v, turn) for v in action.get("give") or []]
    lying = state["loose"].get(room, [])
    held = arsenal(state, spy)
    for colour in take:
        if colour not in lying:
            raise Refuse("Equipment", f"no {colour} 1-pip lies loose in {room}")
        lying.remove(colour)
        held["offensive"].append(colour)
        turn.note(f"{spy} picks up the {colour} 1-pip lying in {room}")
    for colour in give:
        if after_trap and colour not in held["offensive"]:
            turn.note(f"{spy}'s {colour} 1-pip is gone: nothing to drop")  # the acid took it
            continue
        if colour not in held["offensive"]:
            raise Refuse("Equipment", f"{spy} holds no {colour} 1-pip to drop")
        remove_held(held, "offensive", colour)
        lying.append(colour)
        turn.note(f"{spy} drops {a(colour)} 1-pip in {room}")
    limit = turn.kit.numbers.carry_offensive
    turn.rule(
        len(held["offensive"]) <= limit,
        "Arsenal",
        f"{spy} would hold {len(held['offensive'])} pieces of offensive equipment, more than"
        f" {limit}: he drops one to make room (give=[COLOUR])",
    )
    if lying:
        state["loose"][room] = lying
    else:
        state["loose"].pop(room, None)
