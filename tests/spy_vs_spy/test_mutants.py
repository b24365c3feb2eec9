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
        "the Deputy moves B1 -> A1, to the street at A0, where the SWAT Team takes the Thingamajig"
        " out;"
        " the SWAT Team moves E5 -> E4 -> E3 -> E2, to the street at E0 with the Thingamajig;"
        " round 2; then black's turn"
    )
    assert t.view["fights"] == []


def holders(t, deputy: str, sheriff: str, swat: str | None) -> None:
    """The cops' turn with the Deputy carrying piece 1 and the Sheriff pieces 2 and 3."""
    t.put("deputy", deputy)
    t.put("sheriff", sheriff)
    t.put("swat", swat)
    pieces = t.secret["pieces"]
    pieces[0]["at"] = "cop:deputy"
    pieces[1]["at"] = pieces[2]["at"] = "cop:sheriff"
    t.state.update(turn="cops", phase="cops", cops_moved=False, found=3)
    if swat is None:
        t.state["cops"][2].update(status="dead", killed=t.state["turn_no"])


def test_a_cop_without_a_piece_pursues_the_spies_while_the_others_meet():
    rule("the cops carrying pieces of it will immediately start moving towards each other")
    rule("If neither spy has any pieces of the Thingamajig then the cops will each purse")
    t = started()
    t.put("black", "E5")
    t.put("white", "C5")
    holders(t, "A1", "A5", "C3")
    t.do("cops")
    assert t.last == (
        "the Deputy moves A1 -> A2, to meet the Sheriff and put the Thingamajig together;"
        " the Sheriff moves A5 -> A4 -> A3, to meet the Deputy and put the Thingamajig together;"
        " the SWAT Team moves C3 -> D3 -> E3 -> E4, toward black, the nearest spy (now 1 move"
        " away; no spy shows a piece); round 2; then black's turn"
    )


def test_show_plans_each_cop_from_where_the_cops_before_him_will_stand():
    """`show` (cops_next) says what the cops' turn then does: the Sheriff, who moves after the
    Deputy, heads for the room the Deputy will have reached."""
    rule("the cops carrying pieces of it will immediately start moving towards each other")
    t = started()
    t.put("black", "E5")
    t.put("white", "D5")
    holders(t, "A1", "A3", None)
    planned = [(p["cop"], p["from"], p["path"]) for p in t.view["cops_next"]]
    assert planned == [("deputy", "A1", ["A2"]), ("sheriff", "A3", ["A2"])]
    t.do("cops")
    assert t.last.startswith(
        "the Deputy moves A1 -> A2, to meet the Sheriff and put the Thingamajig together;"
        " the Sheriff moves A3 -> A2, to meet the Deputy"
    )


def test_a_cop_without_the_thingamajig_at_the_street_door_wins_nothing():
    rule("all cops will each move at their best speed to the closest ground exit")
    t = started()
    t.put("black", "C5")
    t.put("white", "D5")
    t.put("deputy", "A1")
    t.put("swat", "E5")
    for record in t.secret["pieces"]:
        record["at"] = "cop:swat"
    t.state.update(turn="cops", phase="cops", cops_moved=False, found=3)
    t.state["cops"][1].update(status="dead", killed=t.state["turn_no"])
    t.do("cops")
    assert t.last.startswith("the Deputy moves A1 -> A0, to the street at A0, where the SWAT Team")
    assert t.view["winner"] is None and t.view["cops"][0]["at"] == "A0"
