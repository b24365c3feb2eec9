"""Every trap by colour: disarmed by a 2-pip of its colour, else its damage and effect, its die;
the decoy; the trap or decoy left behind; death by a trap. Each test quotes the rules text."""

from __future__ import annotations

import pytest
from svs_table import KIT, rule, started

from assistant.engine import Refusal


def searching(colour: str | None, defence: str = "white", room: str = "B2", **black):
    """Black in `room` on his turn, over white's trap of `colour` (None: a decoy)."""
    t = started()
    t.put("black", room)
    t.arsenal("black")["defence"] = defence
    t.arsenal("black").update(black)
    t.trap(room, colour)
    return t


SHOWN = {
    "green": ("a", "a green"),
    "orange": ("a", "an orange"),
    "yellow": ("a", "a yellow"),
    "black": ("an", "a black"),
    "white": ("a", "a white"),
    "light-blue": ("a", "a light-blue"),
}


def test_every_colour_has_its_words():
    assert sorted(SHOWN) == sorted(c.id for c in KIT.colours)


@pytest.mark.parametrize("colour", [c.id for c in KIT.colours])
def test_a_trap_of_the_spys_own_defence_colour_is_disarmed(colour):
    rule(
        "If the color of your defensive equipment is the same as the trap then you take no damage"
        " and the trap is considered to be disarmed. Discard that trap token and your opponent"
        " discards that 1-pip trap piece from his Used area."
    )
    t = searching(colour, defence=colour)
    t.arsenal("black")["defensive"].append(colour)
    t.do("search", spy="black", number=7)
    trap = KIT.colour(colour)
    shown = SHOWN[colour]  # the articles as a reader says them (issue 23, item 11)
    assert f"{shown[0]} {trap.trap} ({trap.label} trap)! black shows {shown[1]} 2-pip" in t.last
    assert "the trap is disarmed" in t.last
    assert t.view["health"]["black"] == 8
    assert t.arsenal("white")["used"] == []
    assert colour in t.view["discard"]["offensive"]
    assert t.secret["traps"]["B2"] == {"owner": "black", "colour": None}  # his decoy now


def test_a_decoy_does_nothing_and_may_be_replaced_by_a_trap():
    rule(
        "If the token is a decoy then nothing happens. You may either keep the decoy token in"
        " that square or you may replace it with one of your own trap tokens (if you have any)."
        " If you place a trap, move your corresponding 1-pip trap piece to the Used area behind"
        " your divider."
    )
    t = searching(None)
    t.do("search", spy="black", number=7, set="yellow")
    assert t.last.startswith("black searches B2 (1 action point; 1 left); no trap; black finds")
    assert t.secret["traps"]["B2"] == {"owner": "black", "colour": "yellow"}
    assert (
        t.arsenal("black")["used"] == ["yellow"] and "yellow" not in t.arsenal("black")["offensive"]
    )


def test_the_bucket_of_acid_deals_one_and_dissolves_the_weapon():
    rule(
        "If your spy does not have the green 2-pip equipped then deal 1 damage to him and his"
        " currently equipped offensive weapon is dissolved! Discard it and its associated token"
        " from the player’s arsenal."
    )
    t = searching("green", weapon="orange")
    t.do("search", spy="black", number=7)
    assert "a Bucket of Acid (green trap)! black shows a white 2-pip" in t.last
    assert "his Flamethrower (orange 1-pip) is dissolved; 1 damage (health 7)" in t.last
    held = t.arsenal("black")
    assert held["weapon"] is None and "orange" not in held["offensive"]
    assert sorted(t.view["discard"]["offensive"]) == ["green", "orange"]


def test_the_fire_bomb_deals_one_and_burns_the_defence():
    rule(
        "If your spy does not have the Orange 2-pip equipped he is dealt 1 damage and is on fire!"
        " Discard your currently equipped defensive equipment."
    )
    t = searching("orange")
    t.do("search", spy="black", number=7)
    assert "his white 2-pip burns; 1 damage (health 7)" in t.last
    held = t.arsenal("black")
    assert held["defence"] is None and "white" not in held["defensive"]
    assert t.view["discard"] == {"offensive": ["orange"], "defensive": ["white"]}


@pytest.mark.parametrize(("roll", "damage"), [(1, 2), (4, 2), (5, 1), (6, 1)])
def test_the_security_laser_deals_one_and_one_more_unless_five_or_six(roll, damage):
    rule(
        "If your spy does not have the Yellow 2-pip equipped he is dealt 1 damage. Roll a 6-sided"
        " dice. On any roll other than a 5 or 6 your spy takes an additional 1 damage."
    )
    t = searching("yellow")
    t.do("search", spy="black", number=7, roll=roll)
    assert f"black rolls {roll}; {damage} damage (health {8 - damage})" in t.last
    assert "black finds no piece" in t.last  # the search goes on


@pytest.mark.parametrize(("roll", "slide", "to"), [(3, 2, "A2"), (4, 6, "C2")])
def test_the_oil_slick_slides_the_spy_out_unless_five_or_six(roll, slide, to):
    rule(
        "If the spy does not have the black 2-pip equipped then he is dealt 1 damage and rolls a"
        " 6-sided dice. On any roll other than a 5 or 6 he slides out of the room (choose"
        " direction at random) before he has a chance to search the rest of the room."
    )
    t = searching("black")
    t.do("search", spy="black", number=7, roll=roll, slide=slide)
    assert f"black slides out of B2 into {to} before searching the rest" in t.last
    assert t.view["positions"]["black"] == to
    assert "B2" not in t.secret["numbers"]  # the number token stays unread


def test_the_oil_slick_at_the_end_of_a_floor_slides_the_only_way_out():
    t = searching("black", room="E3")
    assert str(t.refused("search", spy="black", number=7, roll=2, slide=4)) == (
        "Dice: slide: E3 is at the end of its floor: the Oil Slick slides black the only way"
        " out, into D3 (no die for the direction)"
    )  # issue 35: it said "slide: no such die is rolled in this search"
    action = t.do("search", spy="black", number=7, roll=2)
    assert "slide" not in action
    assert t.view["positions"]["black"] == "D3"


def test_the_oil_slick_on_a_five_lets_the_search_go_on():
    t = searching("black")
    t.do("search", spy="black", number=7, roll=5)
    assert t.view["positions"]["black"] == "B2" and t.secret["numbers"]["B2"] == 7


def test_the_smoke_cloud_stops_the_search_unless_five_or_six():
    rule(
        "If the spy does not have the White 2-pip equipped then he is dealt 1 damage and rolls a"
        " 6-sided dice. On any roll other than a 5 or 6 he cannot continue to search the room"
        " that turn."
    )
    t = searching("white", defence="black")
    t.do("search", spy="black", number=7, roll=2)
    assert "black rolls 2; 1 damage (health 7); the smoke stops black searching B2" in t.last
    assert "B2" not in t.secret["numbers"]
    assert t.refused("search", spy="black", number=7) == Refusal(
        "Smoke Cloud", "black cannot continue to search B2 this turn"
    )
    t.do("end", spy="black")
    t.do("end", spy="white")
    t.do("search", spy="black", number=7)  # his next turn
    assert t.secret["numbers"]["B2"] == 7
    t = searching("white", defence="black")
    t.do("search", spy="black", number=7, roll=6)
    assert t.secret["numbers"]["B2"] == 7


def test_the_freezing_spray_deals_one_and_freezes():
    rule(
        "A shower of freezing water sprays from the sprinkler system and encases your spy in ice."
        " Your spy takes 1 damage, lose any remaining action points for this turn, and lose 1"
        " action point next turn."
    )
    t = searching("light-blue")
    t.do("search", spy="black", number=7)
    assert "black is frozen: no more action points this turn, 1 fewer next; 1 damage" in t.last
    assert t.view["frozen"]["black"] == 1 and t.view["turn"] == "white"


def test_after_a_trap_the_searcher_leaves_a_decoy_or_a_trap_of_his_own():
    rule(
        "If your spy is still alive after the trap goes off then take the existing trap token and"
        " put it in the Discard area at the side of the board and your opponent discards that"
        " 1-pip trap piece from his Used area. You must replace the existing trap with either one"
        " of your decoy tokens or a trap token of your own (if you have any)."
    )
    t = searching("orange")
    t.do("search", spy="black", number=7, set="green")
    assert t.secret["traps"]["B2"] == {"owner": "black", "colour": "green"}
    assert t.arsenal("white")["used"] == []


def test_a_trap_that_kills_stays_and_the_spy_drops_what_he_carries():
    rule(
        "If the trap reduces your hit points to 0 or less your spy is killed. Discard one of your"
        " life counters. Put all tokens from the room back on the square."
    )
    rule("you keep any defensive equipment (2-pip) piece which you are currently carrying")
    t = searching("yellow", weapon="green")
    t.state["health"]["black"] = 2
    t.give_pieces("black", [4])
    t.do("search", spy="black", number=7, roll=1, set="orange")
    assert "black dies in B2 (2 lives left); 1 piece of the Thingamajig drops in B2" in t.last
    assert "his Acid-Thrower Gun (green 1-pip) drops in B2" in t.last
    view = t.view
    assert view["lives"]["black"] == 2 and view["positions"]["black"] is None
    assert view["pieces"]["black"] == 0 and view["dropped"] == {"B2": 1}
    assert view["loose"] == {"B2": ["green"]}
    assert t.secret["traps"]["B2"] == {"owner": "white", "colour": "yellow"}  # still there
    assert t.arsenal("black")["defence"] == "white"
    assert "B2" not in t.secret["numbers"]
    assert (
        view["next"]
        == "black re-enters at an entrance of his choice: restart spy=black at=A0 or E0"
    )
    t.do("restart", spy="black", at="E0")
    assert t.view["health"]["black"] == 8 and t.view["positions"]["black"] == "E0"


def test_the_trap_needs_its_die_and_no_other():
    t = searching("yellow")
    assert t.refused("search", spy="black", number=7) == Refusal(
        "Dice", "the Security Laser rolls a d6: give roll=1..6 (or let the tracker roll it)"
    )
    assert t.refused("search", spy="black", number=7, roll=2, slide=3) == Refusal(
        "Dice", "slide: no such die is rolled in this search"
    )
    t = searching("yellow", defence="yellow")
    t.arsenal("black")["defensive"].append("yellow")
    assert t.refused("search", spy="black", number=7, roll=2) == Refusal(
        "Dice", "roll: no such die is rolled in this search"
    )


def test_the_tracker_rolls_the_trap_die_from_the_seed():
    t = searching("yellow")
    action = t.do("search", spy="black", number=7)
    assert 1 <= action["roll"] <= 6 and "seed" in action
    assert f"black rolls {action['roll']}" in t.last
