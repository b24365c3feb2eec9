"""Checks of `cops.py` that a mutation run (issue 23) found no test noticed: each test kills
mutants that left every other test green, and asserts what the players rely on."""

from __future__ import annotations

from svs_table import rule, started
from test_cops import cops_turn


def test_the_cops_stay_put_when_no_spy_is_in_the_building():
    rule("the cops will each purse whichever spy is closest to them")
    t = started()
    t.put("black", None)  # both dead, waiting to re-enter
    t.put("white", None)
    t.put("deputy", "C3")
    cops_turn(t)
    t.do("cops")
    assert t.last == "round 2; then black's turn"
    assert t.view["turn"] == "black" and t.view["cops"][0]["at"] == "C3"


def test_once_one_cop_holds_the_thingamajig_every_cop_heads_for_the_street():
    rule("If the cops manage to combine all three pieces then all cops will each move at their")
    rule("best speed to the closest ground exit (the largest cop carrying the Thingamajig)")
    t = started()
    t.put("black", "C1")  # beside the Deputy: he leaves him be
    t.put("white", "D5")
    t.put("deputy", "B1")
    t.put("swat", "E5")
    for record in t.secret["pieces"]:
        record["at"] = "cop:swat"
    t.state.update(turn="cops", phase="cops", cops_moved=False, found=3)
    t.state["cops"][1].update(status="dead", killed=t.state["turn_no"])
    t.do("cops")
    assert t.last == (
        "the Deputy moves B1 -> A1, to the street at A0, with the SWAT Team and the Thingamajig;"
        " the SWAT Team moves E5 -> E4 -> E3 -> E2, to the street at E0 with the Thingamajig;"
        " round 2; then black's turn"
    )
    assert t.view["fights"] == []
