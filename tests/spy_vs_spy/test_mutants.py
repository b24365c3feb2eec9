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
