"""What each action costs, and the budget of 2 action points a turn: one test a cost, each
quoting the rules text (tests/spy_vs_spy/rules_text.txt)."""

from __future__ import annotations

from svs_table import KIT, Table, rule, started

from assistant.engine import Refusal


def test_two_action_points_a_turn_lost_at_its_end():
    rule("Spies get 2 action points at the start of each turn.")
    rule("Any action points which are not spent by the end of the turn are lost")
    t = started()
    assert (t.view["turn"], t.view["ap_left"]) == ("black", KIT.numbers.action_points == 2 and 2)
    t.do("move", spy="black", to="A1")
    assert t.view["ap_left"] == 1
    t.do("end", spy="black")
    assert t.last == "black ends his turn (1 action point lost); then white's turn"
    assert (t.view["turn"], t.view["ap_left"]) == ("white", 2)
    t.do("move", spy="white", to="E1")
    t.do("move", spy="white", to="D1")  # the second point spent ends the turn
    assert (t.view["round"], t.view["turn"], t.view["ap_left"]) == (2, "black", 2)


def test_a_move_costs_one_action_point():
    rule("A spy can move 1 square per action point spent")
    t = started()
    t.do("move", spy="black", to="A1")
    assert t.last == "black steps in from the street (A0) to A1 (1 action point; 1 left)"
    t.do("move", spy="black", to="B1")
    assert t.last.startswith("black walks from A1 to B1 (1 action point; 0 left)")


def test_a_move_carrying_all_three_pieces_costs_two():
    rule(
        "unless he is carrying all 3 pieces of the Thingamajig, in which case if the spy is"
        " traveling under his own power (i.e. not in an elevator) it takes 2 action points to"
        " move 1 square"
    )
    t = started()
    t.put("black", "B3")
    t.give_pieces("black", [4, 11, 19])
    t.do("move", spy="black", to="C3")
    assert t.last.startswith(
        "black walks from B3 to C3, carrying the Thingamajig (2 action points; 0 left)"
    )
    t.turn_of("black", 1)
    refusal = t.refused("move", spy="black", to="D3")
    assert refusal == Refusal(
        "Action points", "black has 1 action point left; a move carrying all 3 pieces costs 2"
    )


def test_an_elevator_costs_one_action_point_a_floor_even_with_the_thingamajig():
    rule("Elevators can move up or down 1 floor per action point spent.")
    t = started()
    t.put("black", "A1")
    t.give_pieces("black", [4, 11, 19])
    t.do("move", spy="black", to="A2")
    assert t.last == "black takes the elevator from A1 to A2 (1 action point; 1 left)"
    t.do("move", spy="black", to="A3")
    assert t.view["positions"]["black"] == "A3"


def test_the_roof_elevator_costs_one_and_takes_all_three_pieces_to_the_helipad():
    rule("one elevator is located in the middle of the top floor which leads to the helipad")
    t = started()
    t.put("black", "C5")
    t.give_pieces("black", [4, 11, 19])
    t.do("move", spy="black", to="Helipad")
    assert t.last.startswith(
        "black rides the roof elevator from C5 to the Helipad (1 action point; 1 left); black"
        " reaches the helipad with the Thingamajig and flies off: black wins"
    )
    assert t.view["winner"] == "black"


def test_searching_costs_one_action_point_ours():
    rule("Action points can be spent moving, searching a room, and/or changing equipment.")
    t = started()
    t.put("black", "B2")
    t.do("search", spy="black", number=7)
    assert t.last.startswith("black searches B2 (1 action point; 1 left); no trap")
    assert KIT.numbers.search == 1  # the player aid's House choice


def test_changing_equipment_costs_one_even_when_only_pretending():
    rule("Your may spend 1 action point to change the equipment")
    rule("However, doing so still costs 1 action point.")
    t = started()
    t.do("change", spy="black", weapon="orange")
    assert t.last == "black changes equipment behind his divider (1 action point; 1 left)"
    assert t.arsenal("black")["weapon"] == "orange"
    t.do("change", spy="black")
    assert t.last.startswith("black changes equipment behind his divider (1 action point; 0 left)")
    assert t.arsenal("black")["weapon"] == "orange"


def test_a_special_room_costs_one_action_point():
    rule(
        "To use a special equipment room you must move in to the room and then expend 1 action"
        " point."
    )
    t = started()
    t.put("black", "C2")
    t.do("room", spy="black", use="shop", take="light-blue", give="black")
    assert t.last == "black shops in the Defensive Equipment room (1 action point; 1 left)"
    assert sorted(t.arsenal("black")["defensive"]) == sorted(
        ["orange", "green", "yellow", "white", "light-blue"]
    )


def test_first_aid_mends_one_health_an_action_up_to_eight():
    rule(
        "Heal your spy of 1 point of damage for each mend action. Your spy cannot have more"
        " than 8 health points."
    )
    t = started()
    t.put("black", "C3")
    t.state["health"]["black"] = 6
    t.do("room", spy="black", use="mend")
    assert t.last == "black mends in the First Aid room: health 7 (1 action point; 1 left)"
    t.do("room", spy="black", use="mend")
    assert t.view["health"]["black"] == 8
    t.turn_of("black")
    assert t.refused("room", spy="black", use="mend") == Refusal(
        "First aid", "black has 8 health: your spy cannot have more than 8"
    )


def test_the_freezing_spray_takes_this_turn_and_one_point_of_the_next():
    rule("lose any remaining action points for this turn, and lose 1 action point next turn.")
    t = started()
    t.put("black", "B2")
    t.trap("B2", "light-blue")
    t.do("search", spy="black", number=7)
    assert "black is frozen: no more action points this turn, 1 fewer next" in t.last
    assert t.last.endswith("then white's turn")
    t.do("end", spy="white")
    assert (t.view["turn"], t.view["ap_left"]) == ("black", 1)
    assert t.last.endswith("then black's turn (1 action point lost to the ice)")


def test_a_free_move_when_running_away():
    rule(
        "the retreating player moves 1 square in any legal direction (this is considered a"
        " free movement)"
    )
    t = started()
    t.put("black", "B1")
    t.put("white", "C1")
    t.turn_of("black", 2)
    t.do("move", spy="black", to="C1")  # into white's room: combat
    t.do("exchange", black="sword", white="sword", rolls={"black": 2, "white": 5})
    t.do("run", spy="black", to="B1")
    assert t.view["ap_left"] == 1 and t.view["positions"]["black"] == "B1"


def test_the_kit_numbers_are_the_costs():
    numbers = KIT.numbers
    assert (numbers.move, numbers.move_loaded, numbers.lift) == (1, 2, 1)
    assert (numbers.change, numbers.room, numbers.search) == (1, 1, 1)
    assert Table().state["health"] == {"black": 8, "white": 8}
