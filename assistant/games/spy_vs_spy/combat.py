"""Combat: exchanges of blows until someone runs away or dies.

`exchange [black=sword|weapon] [white=sword|weapon] [rolls={fighter: d6, ...}]`: one exchange of
the fight going on (the first in `state["fights"]`): each spy fights with his sword or his
equipped 1-pip, as he declared it (`declare spy=S weapon=...`, or named in the exchange; the first
exchange of a fight is refused without it); sword against sword rolls a d6 each, the Sheriff and
the SWAT Team roll for their damage; the rolls are drawn by the tracker when not entered. After
it, `exchange` again (both attack again: with the same weapons unless declared anew) or `run
spy=S to=ROOM [both=true]` (a free move out; when both wish to flee, only the defender moves).
"""

from __future__ import annotations

from assistant.engine import Json
from assistant.games.actions import Refuse
from assistant.games.spy_vs_spy.flow import hurt, kill_cop, kill_spy
from assistant.games.spy_vs_spy.kit import Kit
from assistant.games.spy_vs_spy.moves import arrive, node_name, step
from assistant.games.spy_vs_spy.state import (
    SPIES,
    Turn,
    arsenal,
    cop_of,
    is_spy,
    loaded,
    name_of,
)

SWORD, WEAPON = "sword", "weapon"


def fight_now(state: Json) -> Json:
    fight: Json = state["fights"][0]
    return fight


def what_next(fight: Json) -> str:
    """What the fight waits for, in the words of `next:` and of a refusal: before the first
    exchange, the declarations still missing."""
    if fight["exchanges"]:
        return "exchange, or run"
    declared = fight.get("declared", {})
    sides = (fight["attacker"], fight["defender"])
    return "exchange" + "".join(
        f" {who}=sword|weapon" for who in sides if is_spy(who) and who not in declared
    )


def choices(state: Json, action: Json, turn: Turn) -> dict[str, str]:
    """Each spy's weapon in this exchange: his sword, or his equipped 1-pip, as declared."""
    fight = fight_now(state)
    sides = (fight["attacker"], fight["defender"])
    for spy in SPIES:
        if spy in action and spy not in sides:
            between = f"{name_of(turn.kit, sides[0])} against {name_of(turn.kit, sides[1])}"
            raise Refuse("Combat", f"{spy} is not in this fight ({between})")
    declared = fight.get("declared", {})
    silent = [who for who in sides if is_spy(who) and weapon_named(fight, action, who) is None]
    if silent:
        spy = silent[0]
        raise Refuse(
            "Combat",
            "at the start of combat each player must declare which weapon they will be using: "
            f"{' and '.join(silent)} {'has' if len(silent) == 1 else 'have'} not"
            f" ({spy}=sword or {spy}=weapon in the exchange, or declare spy={spy} weapon=...)",
        )
    chosen = {}
    for who in sides:
        if not is_spy(who):
            continue
        choice = str(weapon_named(fight, action, who))
        if who in declared:
            turn.rule(
                choice == declared[who],
                "Combat",
                f"{who} declared his {declared[who]} {_for(turn.kit, fight)}: it stays declared",
            )
        check_weapon(state, who, choice, turn)
        chosen[who] = choice
    return chosen


def _for(kit: Kit, fight: Json) -> str:
    """When the weapon in `declared` was declared, in words."""
    if kit.declare_each_exchange or not fight["exchanges"]:
        return "for this exchange"
    return "at the start of combat (declared for the whole fight in this edition)"


def weapon_named(fight: Json, action: Json, who: str) -> str | None:
    """The weapon `who` fights with in this exchange as declared: named in the action, else
    declared with `declare`, else (once an exchange was fought: both attack again) the one of the
    exchange before; None when he has declared none ("At the start of combat each player must
    declare which weapon they will be using")."""
    given = action.get(who)
    if given is not None:
        return str(given).lower()
    before = fight.get("declared", {}).get(who, fight.get("used", {}).get(who))
    return None if before is None else str(before)


def check_weapon(state: Json, who: str, choice: str, turn: Turn) -> None:
    """A spy fights with his sword, or with his equipped 1-pip while he does not carry all three
    pieces."""
    if choice == WEAPON:
        if arsenal(state, who)["weapon"] is None:
            raise Refuse(
                "Combat", f"{who} has no offensive equipment equipped: he fights with his sword"
            )
        turn.rule(
            not loaded(state, who),
            "Thingamajig",
            f"{who} carries all 3 pieces: he may only use his sword and defensive equipment",
        )


def declare(state: Json, action: Json, turn: Turn) -> None:
    """ "At the start of combat each player must declare which weapon they will be using, their
    currently equipped offensive equipment or the sword." Before each exchange ("If both attack
    again then repeat this process"), or once for the whole fight: the kit's `weapon_declared`."""
    fight = fight_now(state)
    spy, choice = action["spy"], str(action.get("weapon")).lower()
    sides = (fight["attacker"], fight["defender"])
    if spy not in sides:
        between = f"{name_of(turn.kit, sides[0])} against {name_of(turn.kit, sides[1])}"
        raise Refuse("Combat", f"{spy} is not in this fight ({between})")
    declared = fight.setdefault("declared", {})
    # for the whole fight (the kit), both spies' first weapons stay in `declared`
    if spy in declared:
        raise Refuse(
            "Combat",
            f"{spy} declared his {declared[spy]} {_for(turn.kit, fight)}: it stays declared",
        )
    check_weapon(state, spy, choice, turn)
    declared[spy] = choice
    turn.note(f"{spy} declares his {choice}")


def rolls_needed(state: Json, kit: Kit, chosen: dict[str, str]) -> list[str]:
    """Who rolls a d6 in this exchange: both spies when both choose the sword; a cop whose damage
    depends on his roll."""
    fight = fight_now(state)
    sides = (fight["attacker"], fight["defender"])
    if all(is_spy(who) for who in sides):
        return list(sides) if all(chosen[w] == SWORD for w in sides) else []
    return [who for who in sides if not is_spy(who) and kit.cop(who).rolls]


def exchange(state: Json, action: Json, turn: Turn) -> None:
    kit = turn.kit
    fight = fight_now(state)
    a, d = fight["attacker"], fight["defender"]
    chosen = choices(state, action, turn)
    # "At the start of combat each player must declare which weapon they will be using": the
    # first exchange needs each spy's declaration (`declare` or named in it); when both attack
    # again a spy who declares nothing new keeps his weapon. Before each exchange a spy may
    # declare anew, or (the kit's weapon_declared: "for the whole fight") his first one holds.
    fight["used"] = dict(chosen)
    fight["declared"] = {} if kit.declare_each_exchange else dict(chosen)
    rolls = action.get("rolls") or {}
    needed = rolls_needed(state, kit, chosen)
    for who in rolls:
        if who not in needed:
            raise Refuse("Dice", f"{who} rolls no die in this exchange")
    for who in needed:
        if who not in rolls:
            raise Refuse(
                "Dice", f"{who} rolls a d6: give rolls={{{who}: 1..6}} (or let the tracker roll)"
            )
    damage = {a: 0, d: 0}
    if is_spy(a) and is_spy(d):
        spy_against_spy(state, chosen, rolls, damage, turn)
    else:
        spy, cop = (a, d) if is_spy(a) else (d, a)
        spy_against_cop(state, spy, cop, chosen[spy], rolls, damage, turn)
    fight["exchanges"] += 1
    for who in (a, d):
        if not is_spy(who):
            cop = cop_of(state, who)
            toughness = kit.cop(who).toughness
            cop["damage"] = min(toughness, cop["damage"] + damage[who])
            if damage[who] and cop["damage"] >= toughness:
                turn.note(f"{name_of(kit, who)} takes {damage[who]} damage ({toughness} kills him)")
            elif damage[who]:
                turn.note(
                    f"{name_of(kit, who)} takes {damage[who]} damage ({cop['damage']} of the "
                    f"{toughness} that kill him)"
                )
            if cop["damage"] >= kit.cop(who).toughness:
                kill_cop(state, who, turn)
    for who in (a, d):
        if is_spy(who):
            if damage[who]:
                turn.note(f"{who} takes {damage[who]} (health {hurt(state, who, damage[who])})")
            if state["health"][who] == 0 and state["positions"][who] is not None:
                rival = d if who == a else a
                kill_spy(state, who, rival, turn)
                _heals(state, rival, turn)
    if fight in state["fights"]:
        turn.note("attack again, or run")


def spy_against_spy(
    state: Json, chosen: dict[str, str], rolls: Json, damage: dict[str, int], turn: Turn
) -> None:
    kit = turn.kit
    a, d = list(damage)
    if chosen[a] == chosen[d] == SWORD:
        ra, rd = rolls[a], rolls[d]
        turn.note(f"swords: {a} rolls {ra}, {d} rolls {rd}")
        if ra <= rd:
            damage[a] += kit.numbers.sword
        if rd <= ra:
            damage[d] += kit.numbers.sword
        return
    for who, rival in ((a, d), (d, a)):
        if chosen[who] == SWORD:
            turn.note(f"{who}'s sword deals {kit.numbers.sword} to {rival}")
            damage[rival] += kit.numbers.sword
            continue
        weapon = kit.colour(arsenal(state, who)["weapon"])
        guard = arsenal(state, rival)["defence"]
        against = f"{rival}'s {guard} 2-pip" if guard else f"{rival} (no 2-pip)"
        if guard == weapon.id:
            turn.note(f"{who}'s {weapon.weapon} ({weapon.label}) fails against {against}")
        else:
            past = "gets past" if guard else "hits"
            turn.note(f"{who}'s {weapon.weapon} ({weapon.label}) {past} {against}")
            damage[rival] += weapon.weapon_damage


def spy_against_cop(
    state: Json,
    spy: str,
    cop: str,
    choice: str,
    rolls: Json,
    damage: dict[str, int],
    turn: Turn,
) -> None:
    """Ours: against a cop (who has no 2-pip) the sword deals its damage without a roll and a
    weapon always hits; the cop deals the damage of his table ("no defensive equipment works
    against this damage")."""
    kit = turn.kit
    if choice == SWORD:
        damage[cop] += kit.numbers.sword
        turn.note(f"{spy}'s sword hits {name_of(kit, cop)}")
    else:
        weapon = kit.colour(arsenal(state, spy)["weapon"])
        damage[cop] += weapon.weapon_damage
        turn.note(f"{spy}'s {weapon.weapon} ({weapon.label}) hits {name_of(kit, cop)}")
    card = kit.cop(cop)
    roll = rolls[cop] if card.rolls else 1
    damage[spy] += card.damage[roll - 1]
    rolled = f" rolls {roll} and" if card.rolls else ""
    turn.note(f"{name_of(kit, cop)}{rolled} deals {card.damage[roll - 1]} damage")


def _heals(state: Json, who: str, turn: Turn) -> None:
    """Ours (the edition page): only a spy who breaks off heals a cop ("If a spy breaks off an
    attack ... all damage dealt ... is healed"); a fight that ends with the spy's death leaves the
    cop his damage, and the log says so."""
    if is_spy(who):
        return
    cop = cop_of(state, who)
    if cop["status"] == "on" and cop["damage"]:
        turn.note(
            f"{name_of(turn.kit, who)} keeps his {cop['damage']} damage (only a spy who breaks off "
            "heals it)"
        )


def run(state: Json, action: Json, turn: Turn) -> None:
    kit = turn.kit
    who = action["spy"]
    if not is_spy(who):
        raise Refuse("Combat", "Cops never attempt to retreat from combat")
    fight = fight_now(state)
    a, d = fight["attacker"], fight["defender"]
    if who not in (a, d):
        raise Refuse(
            "Combat", f"{who} is not in this fight ({name_of(kit, a)} against {name_of(kit, d)})"
        )
    if fight["exchanges"] == 0:
        raise Refuse("Combat", "after damage is dealt you may run away: fight one exchange first")
    if action.get("both") is True and who == a and is_spy(d):
        raise Refuse(
            "Combat",
            f"if both players wish to flee then priority is given to the defender and only the"
            f" defender will move: {d} runs",
        )
    to = node_name(action["to"], turn)
    here = state["positions"][who]
    step(state, who, to, turn)
    rival = d if who == a else a
    state["fights"].remove(fight)
    turn.note(f"{who} runs from {here} to {to} (a free move)")
    if not is_spy(rival):
        cop = cop_of(state, rival)
        if cop["damage"]:
            cop["damage"] = 0
            turn.note(f"{name_of(kit, rival)}'s damage heals")
    arrive(state, who, to, turn, first=True)
