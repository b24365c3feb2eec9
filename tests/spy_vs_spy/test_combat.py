"""Combat between the spies: every weapon, the sword's duel, running away and the defender's
priority, death in combat. Each test quotes the rules text."""

from __future__ import annotations

import pytest
from svs_table import KIT, rule, started

from assistant.engine import Refusal


def fighting(**black):
    """Black walks into white's room (C1): combat, black attacks."""
    t = started()
    t.put("black", "B1")
    t.put("white", "C1")
    t.arsenal("black").update(black)
    t.do("move", spy="black", to="C1")
    return t


def test_moving_in_on_the_other_spy_starts_combat_the_mover_attacks():
    rule(
        "If you move in to a room that contains the other spy or a cop you must immediately stop"
        " and initiate combat"
    )
    rule("The player/cop who moved in to the room is considered the attacker.")
    t = fighting()
    assert (
        t.last
        == "black walks from B1 to C1 (1 action point; 1 left); combat in C1: black attacks white"
    )
    assert t.view["fights"] == [
        {"attacker": "black", "defender": "white", "room": "C1", "exchanges": 0}
    ]
    assert t.view["phase"] == "fight"
    assert t.refused("search", spy="black", number=3) == Refusal(
        "Combat", "black and white fight in C1: exchange or run"
    )


@pytest.mark.parametrize(
    ("rolls", "black", "white"), [((2, 5), 7, 8), ((6, 1), 8, 7), ((4, 4), 7, 7)]
)
def test_sword_against_sword_the_lower_roll_takes_one_ties_hurt_both(rolls, black, white):
    rule(
        "If both players choose the sword then both players roll one 6-sided dice. Compare the"
        " results, whoever loses (rolls the lower number) takes 1 damage"
    )
    rule("If both players roll the same number they each take 1 damage")
    t = fighting()
    t.do("exchange", rolls={"black": rolls[0], "white": rolls[1]})
    assert t.last.startswith(f"swords: black rolls {rolls[0]}, white rolls {rolls[1]}")
    assert t.view["health"] == {"black": black, "white": white}
    assert t.last.endswith("attack again, or run")


def test_the_tracker_rolls_both_swords_from_the_seed():
    t = fighting()
    action = t.do("exchange")
    assert sorted(action["rolls"]) == ["black", "white"] and "seed" in action


def test_the_tracker_rolls_no_swords_when_a_spy_declared_his_weapon():
    """An exchange that names no weapon fights with the declared ones: the tracker draws the
    swords' dice only when both fight with the sword (the phones send no rival's weapon)."""
    t = fighting(weapon="orange")
    t.do("declare", spy="black", weapon="weapon")
    t.do("declare", spy="white", weapon="sword")
    action = t.do("exchange")
    assert "rolls" not in action
    assert t.last.startswith(
        "black's Flamethrower (orange) gets past white's white 2-pip; white's sword deals 1 to "
        "black"
    )
    t.do("exchange", white="sword")
    assert t.view["fights"][0]["exchanges"] == 2


def test_sword_against_weapon_the_sword_hits_the_weapon_checks_the_defence():
    rule(
        "If one person chooses their sword and the other chooses their offensive equipment then"
        " the spy wielding the sword will automatically deal 1 damage to the other spy."
    )
    t = fighting(weapon="orange")
    t.do("exchange", black="weapon")
    assert "black's Flamethrower (orange) gets past white's white 2-pip" in t.last
    assert "white's sword deals 1 to black" in t.last
    assert t.view["health"] == {"black": 7, "white": 6}


@pytest.mark.parametrize("colour", [c.id for c in KIT.colours])
def test_each_weapon_deals_its_damage_unless_the_defence_is_its_colour(colour):
    weapon = KIT.colour(colour)
    rule(f"E) {weapon.weapon}. In combat, if the opponent does not have the")
    rule(f"2-pip equipped then deal {weapon.weapon_damage} damage to him.")
    rule("If the colors are the same then his attack fails and deals no damage.")
    t = fighting(weapon=colour)
    t.arsenal("black")["offensive"].append(colour)
    t.do("exchange", black="weapon", white="sword")
    assert t.view["health"]["white"] == 8 - weapon.weapon_damage * (colour != "white")
    t = fighting(weapon=colour)
    t.arsenal("black")["offensive"].append(colour)
    t.arsenal("white")["defence"] = colour
    t.do("exchange", black="weapon")
    assert (
        f"black's {weapon.weapon} ({weapon.label}) fails against white's {colour} 2-pip" in t.last
    )
    assert t.view["health"]["white"] == 8


def test_weapon_against_weapon_each_checks_the_others_defence():
    rule(
        "Each spy checks the color of his weapon vs. the color of the defensive equipment his"
        " opponent is using."
    )
    t = fighting(weapon="yellow", defence="orange")
    t.arsenal("white")["weapon"] = "orange"
    t.do("exchange", black="weapon", white="weapon")
    assert "white's Flamethrower (orange) fails against black's orange 2-pip" in t.last
    assert t.view["health"] == {"black": 8, "white": 6}


def test_no_weapon_equipped_means_the_sword():
    rule("Each spy comes equipped with a sword by default which deals 1 damage.")
    t = fighting()
    assert t.refused("exchange", black="weapon") == Refusal(
        "Combat", "black has no offensive equipment equipped: he fights with his sword"
    )


def test_a_spy_with_the_whole_thingamajig_fights_with_his_sword_only():
    rule("may only use his sword and defensive equipment")
    t = fighting(weapon="orange")
    t.give_pieces("black", [4, 11, 19])
    assert t.refused("exchange", black="weapon") == Refusal(
        "Thingamajig",
        "black carries all 3 pieces: he may only use his sword and defensive equipment",
    )


def test_run_away_after_an_exchange_a_free_move_that_ends_the_fight():
    rule(
        "After damage is dealt, both the attacker and defender have the option to run away or to"
        " attack again."
    )
    t = fighting()
    assert t.refused("run", spy="white", to="D1") == Refusal(
        "Combat", "after damage is dealt you may run away: fight one exchange first"
    )
    t.do("exchange", rolls={"black": 3, "white": 3})
    t.do("run", spy="white", to="D1")
    assert t.last.startswith("white runs from C1 to D1 (a free move)")
    assert t.view["fights"] == [] and t.view["phase"] == "turn" and t.view["ap_left"] == 1


def test_when_both_wish_to_flee_only_the_defender_moves():
    rule(
        "If both players wish to flee then priority is given to the defender and only the defender"
        " will move."
    )
    t = fighting()
    t.do("exchange", rolls={"black": 3, "white": 1})
    assert t.refused("run", spy="black", to="B1", both=True) == Refusal(
        "Combat",
        "if both players wish to flee then priority is given to the defender and only the"
        " defender will move: white runs",
    )
    t.do("run", spy="white", to="D1", both=True)
    assert t.view["positions"] == {"black": "C1", "white": "D1"}


def test_running_into_another_occupied_room_starts_a_new_combat():
    rule(
        "If a retreating spy moves in to a square with a spy or cop in it a new round of combat is"
        " automatically initiated."
    )
    t = fighting()
    t.put("deputy", "D1")
    t.do("exchange", rolls={"black": 3, "white": 1})
    t.do("run", spy="white", to="D1")
    assert t.last.endswith("combat in D1: white attacks the Deputy")
    assert t.view["fights"][0]["attacker"] == "white"


def test_a_spy_killed_in_combat_drops_his_pieces_and_weapon_the_other_goes_on():
    rule(
        "If a spy carrying some or all pieces of the Thingamajig is killed then all pieces drop in"
        " that room"
    )
    t = fighting()
    t.state["health"]["white"] = 1
    t.arsenal("white")["weapon"] = "black"
    t.give_pieces("white", [11])
    t.do("exchange", rolls={"black": 5, "white": 2})
    assert "white dies in C1 (2 lives left); 1 piece of the Thingamajig drops in C1" in t.last
    assert "his Tar Gun (black 1-pip) drops in C1" in t.last
    assert t.view["phase"] == "restart"
    t.do("restart", spy="white", at="E0")
    assert (t.view["phase"], t.view["turn"], t.view["ap_left"]) == ("turn", "black", 1)
    rule(
        "If you already have five pieces of offensive equipment you will need to drop one to make"
        " room for the piece you are picking up."
    )
    assert t.refused("search", spy="black", number=3, take=["black"]) == Refusal(
        "Arsenal",
        "black would hold 6 pieces of offensive equipment, more than 5: he drops one to make"
        " room (give=[COLOUR])",
    )
    t.do("search", spy="black", number=3, take=["black"], give=["white"])
    assert "black finds 1 piece of the Thingamajig" in t.last
    assert "black picks up the black 1-pip lying in C1" in t.last
    assert "black drops a white 1-pip in C1" in t.last
    assert t.view["loose"] == {"C1": ["white"]}
    assert t.view["pieces"] == {"black": 1, "white": 0} and t.view["dropped"] == {}


def test_a_bare_exchange_keeps_the_weapons_of_the_one_before():
    """Issue 23, item 8: a bare exchange after one where black used his weapon does not switch
    him to the sword; 'At the start of combat each player must declare which weapon they will be
    using'. A weapon declared with `declare` stays declared."""
    rule("At the start of combat each player must declare which weapon they will be using")
    t = fighting(weapon="orange")
    t.do("exchange", black="weapon")
    t.do("exchange")  # black's weapon again: no swords rolled
    assert "black's Flamethrower (orange) gets past white" in t.last and "swords" not in t.last
    t = fighting(weapon="orange")
    t.do("declare", spy="black", weapon="weapon")
    t.do("exchange")
    refusal = t.refused("exchange", black="sword")
    assert str(refusal) == (
        "Combat: black declared his weapon at the start of combat: it stays declared"
    )


def test_a_runners_new_fight_comes_before_the_fights_waiting():
    """A runner who runs into a cop's room fights him at once: "If a retreating spy moves in to
    a square with a spy or cop in it a new round of combat is automatically initiated", before
    the fights already waiting (issue 23: a runner's new fight was not noticed queued last)."""
    rule("If a retreating spy moves in to a square with a spy or cop in it a new round of combat")
    t = started()
    t.put("black", "B1")
    t.put("deputy", "B1")
    t.put("white", "D1")
    t.put("sheriff", "D1")
    t.put("swat", "C1")
    t.state["fights"] = [
        {"attacker": "deputy", "defender": "black", "room": "B1", "exchanges": 1},
        {"attacker": "sheriff", "defender": "white", "room": "D1", "exchanges": 0},
    ]
    t.state["phase"] = "fight"
    t.do("run", spy="black", to="C1")
    assert [(f["attacker"], f["defender"], f["room"]) for f in t.view["fights"]] == [
        ("black", "swat", "C1"),
        ("sheriff", "white", "D1"),
    ]
