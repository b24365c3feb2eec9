"""The set up (2.3-2.5): hands of 10 tiles, one secret a city in your territory (the 8 SECRET
cities hold the others), police at most 2 a city in the police cities of the home country; each
refused with the rule named. Then 1933 begins."""

from __future__ import annotations

import pytest
from spies_table import POLICE, POWERS, RANDOM, SECRETS, Table, quote

from assistant.games.spies.rules import GAME
from assistant.history import action_text


def test_the_set_up_ends_with_germany_in_1933():
    quote("Place the Game Year marker in the top row under 1933")
    table = Table()
    assert table.view["phase"] == "setup"
    assert table.view["next"].startswith("set up: Germany (hand, secrets, police)")
    table.set_up()
    view = table.view
    assert (view["phase"], view["year"], view["turn"], view["ap_left"]) == (
        "play",
        1933,
        "Germany",
        12,
    )
    assert view["hand"] == dict.fromkeys(POWERS, 10)
    assert table.last.endswith("the set up is done: 1933 begins; Germany's turn (12 Action Points)")


def test_play_waits_for_the_set_up():
    quote("The turn order in which you set up and take your turns is always the same")
    table = Table()
    refusal = table.refused("discard", power="Germany", tile="Ge 3")
    assert str(refusal) == "Phase: no discard during the set up"


def test_hand_is_the_powers_seven_and_three_random():
    quote(
        "Take the 7 Event Tiles coded for your country; mix the 15 tiles marked random in a cup and"
        " draw 3 of these random Tiles blindly for a total of 10 event Tiles."
    )
    table = Table()
    table.do("hand", power="Germany", random=["random 36", "r41", 50])
    hand = table.state["hands"]["Germany"]
    assert hand == [f"Ge {n}" for n in range(1, 8)] + ["random 36", "random 41", "random 50"]
    assert table.last == "Germany takes its 7 Event Tiles and 3 random ones (entered face down)"


@pytest.mark.parametrize(
    ("random", "why"),
    [
        ([36, 41], "2.3 Drawing Event Tiles: a hand holds 3 random tiles (2 given)"),
        ([36, 41, 42, 43], "2.3 Drawing Event Tiles: a hand holds 3 random tiles (4 given)"),
        ([36, 41, 8], "2.3 Drawing Event Tiles: It 8 is Italy's, not a random tile"),
        ([36, 36, 41], "2.3 Drawing Event Tiles: random 36 is given twice"),
        (
            [37, 41, 50],
            "2.3 Drawing Event Tiles: random 37 is not in the cup (another power holds it)",
        ),
        ([36, 41, 51], "action: tile: no Event Tile 51 (Ge 1 ... random 50, or 1-50)"),
    ],
)
def test_a_wrong_hand_is_refused(random, why):
    quote("mix the 15 tiles marked random in a cup and draw 3 of these random Tiles blindly")
    table = Table()
    table.do("hand", power="Italy", random=[37, 42, 49])
    assert str(table.refused("hand", power="Germany", random=random)) == why


def test_a_tile_in_another_hand_is_refused_without_naming_whose():
    """Issue 22: whose hand holds a tile is that power's secret; the refusal is the same
    whichever power holds it."""
    quote("mix the 15 tiles marked random in a cup and draw 3 of these random Tiles blindly")
    refusals = set()
    for holder in ("Italy", "Britain"):
        table = Table()
        table.do("hand", power=holder, random=[37, 42, 49])
        refusals.add(str(table.refused("hand", power="Germany", random=[36, 42, 50])))
    assert refusals == {
        "2.3 Drawing Event Tiles: random 42 is not in the cup (another power holds it)"
    }


def test_a_drawn_hand_shows_neither_its_tiles_nor_its_seed():
    """Issue 22: the seed of a hand drawn by the tracker, with the tiles left in the cup, gives
    the tiles: every seat reads the action (an undo or void asked of it) without either."""
    table = Table()
    table.do("hand", power="Italy", random=[37, 42, 49])
    action = GAME.complete(table.state, {"type": "hand", "power": "Germany"}, 1234)
    public = GAME.public_action(action)
    assert public == {
        "type": "hand",
        "power": "Germany",
        "random": "(face down)",
        "seed": "(secret)",
    }
    assert "1234" not in action_text(public)
    assert not any(tile in action_text(public) for tile in action["random"])


def test_a_hand_is_dealt_once():
    quote("for a total of 10 event Tiles")
    table = Table()
    table.do("hand", power="Germany", random=[36, 41, 50])
    refusal = table.refused("hand", power="Germany", random=[37, 42, 49])
    assert str(refusal) == "2.3 Drawing Event Tiles: Germany's hand is already dealt"


def test_the_tracker_draws_the_random_tiles_with_a_recorded_seed():
    quote("draw 3 of these random Tiles blindly")
    table = Table()
    table.do("hand", power="Italy", random=[37, 42, 49])
    action = GAME.complete(table.state, {"type": "hand", "power": "Germany"}, 1234)
    assert action["seed"] == 1234 and len(action["random"]) == 3
    assert not set(action["random"]) & {"random 37", "random 42", "random 49"}
    assert GAME.complete(table.state, {"type": "hand", "power": "Germany"}, 1234) == action
    table.do(**action)
    assert "3 random ones (drawn blindly by the tracker)" in table.last
    assert not any(tile in table.last for tile in action["random"])  # 2.3: drawn blindly
    entered = {"type": "hand", "power": "Germany", "random": [36, 41, 50]}
    assert GAME.complete(table.state, entered, 5) == entered


def test_secrets_one_a_city_in_your_territory():
    quote(
        "Place the 8 remaining secrets face-down, one per city, in the 8 cities marked SECRET; then"
        " place your secrets face-down, one per city, in any cities in your territory."
    )
    table = Table()
    table.do("secrets", power="Britain", cities=SECRETS["Britain"])
    assert table.state["secret_cities"]["Britain"] == SECRETS["Britain"]
    assert "Cairo" in SECRETS["Britain"]  # a colony is the power's territory


@pytest.mark.parametrize(
    ("cities", "why"),
    [
        (
            ["London", "Glasgow"],
            "2.4 Drawing and Deploying Secrets: Britain draws 6 secrets (our allotment: the text "
            "leaves it to the mapsheet); 2 cities given",
        ),
        (
            ["London", "London", "Cairo", "Malta", "Liverpool", "Manchester"],
            "2.4 Drawing and Deploying Secrets: one secret per city: London twice",
        ),
        (
            ["London", "Warsaw", "Cairo", "Malta", "Liverpool", "Manchester"],
            "2.4 Drawing and Deploying Secrets: one secret per city: Warsaw is a SECRET city and "
            "holds one of the 8 others",
        ),
        (
            ["London", "Paris", "Cairo", "Malta", "Liverpool", "Manchester"],
            "2.4 Drawing and Deploying Secrets: Paris is not in Britain's territory (France)",
        ),
        (
            ["London", "Dover", "Cairo", "Malta", "Liverpool", "Manchester"],
            "2.4 Drawing and Deploying Secrets: Dover is not a city of the map "
            "(templates/spies/map.yaml)",
        ),
    ],
)
def test_a_wrong_secret_placement_is_refused(cities, why):
    quote("then place your secrets face-down, one per city, in any cities in your territory")
    table = Table()
    assert str(table.refused("secrets", power="Britain", cities=cities)) == why


def test_the_eight_secret_cities():
    from spies_table import DATA

    secret = sorted(c.name for c in DATA.cities.values() if c.kind == "SECRET city")
    assert len(secret) == 8
    quote("the 8 cities marked SECRET")


def test_secrets_allotment_is_an_option():
    quote(
        "Shuffle all 40 secrets, spread them all face down on the table, and draw your allotment at"
        " random."
    )
    table = Table(secrets={"Germany": 2, "Italy": 6, "Russia": 7, "France": 6, "Britain": 6})
    table.do("secrets", power="Germany", cities=["Berlin", "Essen"])


def test_police_at_most_two_a_city_in_the_home_police_cities():
    quote(
        "Place your police face-down, no more than 2 per city, in any cities coded for police "
        "(including your capital) in your home country."
    )
    table = Table()
    table.do(
        "police", power="France", cities=["Paris", "Paris", "Lyons", "Brest", "Nancy", "Marseilles"]
    )
    assert table.state["police"]["France"] == {
        "Paris": 2,
        "Lyons": 1,
        "Brest": 1,
        "Nancy": 1,
        "Marseilles": 1,
    }
    assert (
        table.last == "France places its police face down: Paris 2, Lyons, Brest, Nancy, Marseilles"
    )


@pytest.mark.parametrize(
    ("cities", "why"),
    [
        ({"Paris": 3, "Lyons": 2, "Brest": 1}, "no more than 2 police per city (3 in Paris)"),
        ({"Paris": 2, "Lyons": 2}, "France has 6 police; 4 placed"),
        (
            {"Paris": 2, "Lyons": 2, "Algiers": 2},
            "Algiers is not a French police city (its capital and police cities)",
        ),
        (
            {"Paris": 2, "Lyons": 2, "Geneva": 2},
            "Geneva is not a French police city (its capital and police cities)",
        ),
    ],
)
def test_a_wrong_police_placement_is_refused(cities, why):
    quote(
        "Place your police face-down, no more than 2 per city, in any cities coded for police "
        "(including your capital) in your home country."
    )
    table = Table()
    assert (
        str(table.refused("police", power="France", cities=cities))
        == f"2.5 Deploying Police: {why}"
    )


def test_forced_set_up_is_a_house_rule():
    quote("no more than 2 per city")
    table = Table()
    table.do("police", force=True, power="France", cities={"Paris": 3, "Lyons": 3})
    assert table.state["police"]["France"] == {"Paris": 3, "Lyons": 3}


def test_each_power_sets_up_once():
    quote("draw your allotment at random")
    table = Table()
    for power in POWERS:
        table.do("secrets", power=power, cities=SECRETS[power])
        table.do("police", power=power, cities=POLICE[power])
    refusal = table.refused("secrets", power="Germany", cities=SECRETS["Germany"])
    assert str(refusal) == "2.4 Drawing and Deploying Secrets: Germany's secrets are already placed"
    refusal = table.refused("police", power="Germany", cities=POLICE["Germany"])
    assert str(refusal) == "2.5 Deploying Police: Germany's police are already placed"
    assert table.state["phase"] == "setup"
    for power in POWERS:
        table.do("hand", power=power, random=RANDOM[power])
    assert table.state["phase"] == "play"


def test_options_are_checked():
    quote("Record the amount of money you have during the game, in thousands of pounds")
    assert str(GAME.setup({"players": 6})) == (
        "7.0 Fewer than five players: Spies! is played by 2 to 5 players (not 6)"
    )
    table = Table(bank=40, multiples=[1, 1, 1, 1, 1, 2, 2], chits=3)
    assert table.view["bank"] == dict.fromkeys(POWERS, 40)
    assert table.view["chits"] == dict.fromkeys(POWERS, 3)
    assert table.view["cup"] == 120 - 15
    assert table.view["multiples"]["1939"] == 2
