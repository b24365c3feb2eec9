"""Arsenals: the limits, shopping, Smash and Grab, changing equipment, kept as the player's
secret; the Thingamajig's restrictions. Each test quotes the rules text."""

from __future__ import annotations

import copy

from svs_table import GAME, rule, started

from assistant.engine import Refusal


def in_room(room: str, **black):
    t = started()
    t.put("black", room)
    t.arsenal("black").update(black)
    return t


def test_shopping_picks_one_piece_from_the_bag_giving_one_back_at_five():
    rule(
        "If you are shopping then you may pick 1 piece of equipment of whatever color you want"
        " that is currently available in the room (in the 2-pip equipment bag). If you already"
        " have 5 pieces of defensive equipment then you must give up one of your current"
        " defensive equipment pieces, place it back in the bag."
    )
    t = in_room("C2")
    bag = dict(t.secret["bags"]["defensive"])
    assert t.refused("room", spy="black", use="shop", take="light-blue") == Refusal(
        "Arsenal",
        "black already has 5 pieces of defensive equipment, the most: he gives one back to the"
        " bag (give=COLOUR)",
    )
    t.do("room", spy="black", use="shop", take="light-blue", give="green")
    after = t.secret["bags"]["defensive"]
    assert (after["light-blue"], after["green"]) == (bag["light-blue"] - 1, bag["green"] + 1)
    assert "light-blue" in t.arsenal("black")["defensive"]


def test_shopping_takes_only_what_the_bag_holds_and_the_visit_is_spent_first():
    """The bag is seen once the visit is paid for: a colour it lacks is not a free refusal (it
    would tell the other spy's draws, docs/serve.md) but a visit that takes nothing."""
    t = in_room("C4")
    t.secret["bags"]["offensive"]["white"] = 0
    held = copy.deepcopy(t.arsenal("black"))
    bag = dict(t.secret["bags"]["offensive"])
    points = t.state["ap_left"]
    t.do("room", spy="black", use="shop", take="white", give="green")
    assert t.last == (
        "black shops in the Offensive Equipment room (1 action point; 1 left); black finds no"
        " piece of the colour he wanted in the bag: he takes nothing"
    )
    assert t.arsenal("black") == held and t.secret["bags"]["offensive"] == bag
    assert t.state["ap_left"] == points - 1


def test_a_number_the_other_spy_read_elsewhere_is_taken_and_the_tracker_follows_the_later():
    """White read 11 (circled) in A4 and carries its piece; black reads 11 in B4: taken, as the
    table would take it (one of them misread), since refusing it would tell black white's
    number. Black finds the piece; white still shows his red pyramid; found counts to 2."""
    t = started()
    t.put("white", "A4")
    t.turn_of("white")
    t.do("search", spy="white", number=11)
    assert t.view["pieces"] == {"black": 0, "white": 1} and t.view["found"] == 1
    t.put("black", "B4")
    t.turn_of("black")
    t.do("search", spy="black", number=11)
    assert "black finds 1 piece of the Thingamajig" in t.last
    assert t.view["pieces"] == {"black": 1, "white": 1} and t.view["found"] == 2
    assert [p["at"] for p in t.secret["pieces"] if p["number"] == 11] == ["spy:black"]
    t.put("black", "C4")
    t.turn_of("black")
    assert t.refused("search", spy="black", number=11) == Refusal(
        "Number tokens",
        "black read the number token 11 in B4 (one token a room: 25 tokens on 25 rooms)",
    )


def test_smash_and_grab_gives_up_the_arsenal_and_draws_as_many():
    rule(
        "If you are doing a Smash and Grab then you must give up all of your offensive equipment"
        " (place them back in the 1-pip bag and the tokens into the Equipment Pool) and may"
        " randomly draw an equal number of pieces along with their tokens."
    )
    t = in_room("C4", weapon="yellow")
    assert t.refused("room", spy="black", use="smash", drawn=["green"]) == Refusal(
        "Smash and Grab", "black gives up 4 1-pips and draws as many (1 entered)"
    )
    t.do("room", spy="black", use="smash", drawn=["light-blue"] * 3 + ["green"])
    assert (
        t.last
        == "black does a Smash and Grab in the Offensive Equipment room (1 action point; 1 left)"
    )
    held = t.arsenal("black")
    assert held["offensive"] == ["yellow", "light-blue", "light-blue", "light-blue", "green"]
    assert held["weapon"] == "yellow"  # ours: the piece under the spy stays
    assert t.secret["bags"]["offensive"]["light-blue"] == 0


def test_the_room_and_its_use():
    rule("The Light Blue room is the Defensive Equipment room.")
    rule("The Green room is the First Aid room.")
    rule("The Yellow room is the Offensive Equipment room.")
    t = in_room("C3")
    assert t.refused("room", spy="black", use="shop", take="green") == Refusal(
        "Special rooms", "the First Aid room is for: mend"
    )
    t = in_room("B3")
    assert t.refused("room", spy="black", use="mend") == Refusal(
        "Special rooms",
        "B3 is not a special room (Defensive Equipment C2, First Aid C3, Offensive Equipment C4)",
    )


def test_no_special_room_with_the_thingamajig_nor_while_occupied():
    rule(
        "You cannot use a special equipment room if you are currently carrying all 3 pieces of"
        " the Thingamajig or if the other spy or a cop currently occupies that room."
    )
    t = in_room("C3")
    t.give_pieces("black", [4, 11, 19])
    assert t.refused("room", spy="black", use="mend") == Refusal(
        "Special rooms",
        "black carries all 3 pieces of the Thingamajig: he cannot use a special equipment room",
    )
    t = in_room("C3")
    t.put("sheriff", "C3")
    assert t.refused("room", spy="black", use="mend") == Refusal(
        "Special rooms", "the Sheriff occupies C3: the room cannot be used"
    )
    t.state["health"]["black"] = 5
    t.do("room", spy="black", use="mend", force=True)
    assert t.view["health"]["black"] == 6


def test_changing_equipment_only_to_pieces_held():
    rule(
        "change the equipment your spy is currently carrying with equipment you have in"
        " your Arsenal"
    )
    t = in_room("B1")
    assert t.refused("change", spy="black", defence="light-blue") == Refusal(
        "Equipment", "black holds no light-blue 2-pip"
    )
    t.do("change", spy="black", weapon="green", defence="orange")
    assert (t.arsenal("black")["weapon"], t.arsenal("black")["defence"]) == ("green", "orange")


def test_the_arsenal_is_secret_stripped_from_the_view_hidden_in_printed_actions():
    t = in_room("B1")
    action = t.do("change", spy="black", weapon="green")
    view = t.view
    assert "secret" not in view and "green" not in str(view["arsenals"])
    assert view["arsenals"] == {"black": True, "white": True}
    assert GAME.public_action(action) == {"type": "change", "spy": "black", "weapon": "(secret)"}
    assert "green" not in t.last


def test_picking_up_all_three_pieces_unequips_the_weapon():
    rule(
        "The moment your spy picks up all three pieces of it, he must unequip his current"
        " offensive equipment (he doesn’t discard it, it just goes back to his arsenal)."
    )
    t = in_room("B4", weapon="orange")
    t.give_pieces("black", [4, 11])
    t.do("search", spy="black", number=19)
    assert "black finds 1 piece of the Thingamajig" in t.last
    assert "black carries all 3 pieces: his 1-pip goes back to his arsenal" in t.last
    held = t.arsenal("black")
    assert held["weapon"] is None and "orange" in held["offensive"]


def test_with_all_three_pieces_no_search_no_weapon_but_a_defence_change():
    rule(
        "As long as he is carrying all 3 pieces he cannot search any rooms, cannot use any special"
        " rooms, and must expend 2 action points to move one square (except in elevators). Your"
        " spy can still spend 1 action point to change his defensive equipment."
    )
    t = in_room("B4")
    t.give_pieces("black", [4, 11, 19])
    assert t.refused("search", spy="black", number=2) == Refusal(
        "Thingamajig",
        "black carries all 3 pieces: as long as he is carrying all 3 pieces he cannot search any"
        " rooms",
    )
    assert t.refused("change", spy="black", weapon="orange") == Refusal(
        "Thingamajig",
        "black carries all 3 pieces: he may only use his sword and defensive equipment",
    )
    t.do("change", spy="black", defence="yellow")
    assert t.arsenal("black")["defence"] == "yellow"


def test_pieces_found_are_declared_hidden_ones_are_not():
    rule("You must declare how many pieces you have found.")
    rule(
        "Note that if you put Thingamajig pieces back in the room you do NOT declare it and you do"
        " not return your red pieces back to the side of the board."
    )
    t = in_room("B4")
    action = t.do("search", spy="black", number=11, hide=[11])
    assert "black finds 1 piece of the Thingamajig" in t.last and "hid" not in t.last
    assert GAME.public_action(action)["hide"] == "(secret)"
    assert t.view["pieces"]["black"] == 1 and t.view["found"] == 1
    assert [p["at"] for p in t.secret["pieces"] if p["number"] == 11] == ["hidden:B4:black"]


def test_a_spy_takes_back_his_hidden_piece_without_a_word():
    t = in_room("B4")
    t.do("search", spy="black", number=11, hide=[11])
    t.turn_of("black")
    t.do("search", spy="black")
    assert "black finds no piece" in t.last
    assert t.view["pieces"]["black"] == 1
    assert [p["at"] for p in t.secret["pieces"] if p["number"] == 11] == ["spy:black"]


def test_the_other_spy_finds_a_hidden_piece_and_its_red_pyramid_changes_hands_ours():
    rule(
        "Hint: Most of the time you will want to take the Thingamajig pieces you find since you"
        " cannot win without them."
    )
    t = in_room("B4")
    t.do("search", spy="black", number=11, hide=[11])
    t.put("white", "B4")
    t.put("black", "A4")
    t.turn_of("white")
    t.do("search", spy="white")
    assert "white finds 1 piece of the Thingamajig" in t.last
    assert t.view["pieces"] == {"black": 0, "white": 1} and t.view["found"] == 1


def test_number_tokens_one_a_room():
    rule("place one at random (face down) in each square on the Volcano board")
    t = in_room("B4")
    t.read("A4", 11)
    assert t.refused("search", spy="black") == Refusal(
        "Number tokens", "B4's own number token is read for the first time: give number=N"
    )
    t.read("A3", 13, by="black")
    assert t.refused("search", spy="black", number=13) == Refusal(
        "Number tokens",
        "black read the number token 13 in A3 (one token a room: 25 tokens on 25 rooms)",
    )
    assert t.refused("search", spy="black", number=26) == Refusal(
        "Number tokens", "there is no number token 26"
    )
    t.do("search", spy="black", number=12)
    t.turn_of("black")
    assert t.refused("search", spy="black", number=12) == Refusal(
        "Number tokens", "B4's own number token was read before: give no number"
    )


def test_a_shop_or_a_smash_and_grab_concerns_the_other_spy():
    """The bag holds what the other spy did not draw: what the shopper sees or draws of it turns
    up his secret (docs/serve.md), so the event is his too; first aid is not."""
    from assistant.games.spy_vs_spy.seats import concerns

    t = in_room("C2")
    for use, others in (("shop", ["white"]), ("smash", ["white"]), ("mend", [])):
        assert concerns(t.state, {"type": "room", "spy": "black", "use": use}) == others
    assert concerns(t.state, {"type": "room", "spy": "white", "use": "Shop"}) == ["black"]
