"""Spy vs Spy as a referee says it (issue 35): weapons declared before combat (and anew before
each exchange, this edition's reading), a cop
in the street waits there (he does not "stay in" a room), the SWAT Team's damage after a fight its
spy died in (the edition page's choice), and the log's words: a weapon "gets past" a 2-pip of
another colour, a cop takes the damage dealt, the fight names the cop, a cop escorting the one who
carries the Thingamajig carries nothing."""

from __future__ import annotations

from svs_table import rule, started
from test_cops import cop_fight


def test_a_weapon_gets_past_a_two_pip_of_another_colour():
    rule("If the color of the defensive equipment is not the same as his weapon then the attack")
    t = started()
    t.put("black", "C1")
    t.put("white", "D1")
    t.arsenal("black")["weapon"] = "orange"
    t.do("move", spy="black", to="D1")
    t.do("exchange", black="weapon", white="sword")
    assert "black's Flamethrower (orange) gets past white's white 2-pip" in t.last


def test_weapons_are_declared_at_the_start_of_combat_and_of_each_exchange():
    """An exchange fought only once both spies have declared; when both attack again, each may
    declare anew (the kit's weapon_declared: "before each exchange", the About this edition
    page)."""
    rule("At the start of combat each player must declare which weapon they will be using")
    rule("If both attack again then repeat this process.")
    t = started()
    t.put("black", "C1")
    t.put("white", "D1")
    t.do("move", spy="black", to="D1")
    t.do("declare", spy="black", weapon="sword")
    refused = t.refused("exchange", rolls={"black": 6, "white": 1})
    assert str(refused).startswith(
        "Combat: at the start of combat each player must declare which weapon they will be"
        " using: white has not"
    )
    t.do("declare", spy="white", weapon="sword")
    t.do("exchange", rolls={"black": 6, "white": 1})
    assert t.view["next"] == "combat in D1, black against white: exchange, or run"
    t.do("declare", spy="white", weapon="sword")
    assert t.last == "white declares his sword"


def test_the_fight_names_the_cop_and_his_damage_in_words():
    t = cop_fight("deputy")
    refused = t.refused("move", spy="black", to="C1")
    assert str(refused) == "Combat: the Deputy and black fight in B1: exchange black=sword|weapon"
    t.arsenal("black")["weapon"] = "orange"
    t.do("exchange", black="weapon")
    assert "the Deputy takes 2 damage (1 kills him)" in t.last


def test_the_swat_team_keeps_the_damage_of_a_fight_whose_spy_died():
    rule("If a spy breaks off an attack against the SWAT Team before killing it")
    t = cop_fight("swat", health=3)
    t.arsenal("black")["weapon"] = "orange"
    t.do("exchange", black="weapon", rolls={"swat": 5})  # 2 to the SWAT Team, 3 to black
    assert "black dies in B1" in t.last
    assert "the SWAT Team keeps his 2 damage (only a spy who breaks off heals it)" in t.last
    swat = next(c for c in t.view["cops"] if c["cop"] == "swat")
    assert swat["damage"] == 2


def test_a_cop_in_the_street_waits_there_and_carries_nothing():
    rule("all cops will each move at their best speed to the closest ground exit")
    t = started()
    t.put("black", "C5")
    t.put("white", "D5")
    t.put("deputy", "A0")
    t.put("swat", "E5")
    for record in t.secret["pieces"]:
        record["at"] = "cop:swat"
    t.state.update(turn="cops", phase="cops", cops_moved=False, found=3)
    t.state["cops"][1].update(status="dead", killed=t.state["turn_no"])
    t.do("cops")
    assert t.last.startswith(
        "the Deputy waits in the street at A0, to the street at A0, where the SWAT Team takes "
        "the Thingamajig out"
    )
    assert "stays in A0" not in t.last
