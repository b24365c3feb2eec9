"""Event Tiles: the start of a turn (3.21), every tile's year window, the prerequisite and the
exclusions of the special effect summary (3.22), the territory changes (Ge 1, Ge 7, It 14), the
ending by Ge 2, and the awards paid line by line."""

from __future__ import annotations

import pytest
from spies_table import DATA, Table, quote

from assistant.games.spies.tiles import award_lines


@pytest.fixture
def table() -> Table:
    return Table().set_up()


def test_the_tile_comes_first_and_nothing_else(table):
    quote(
        "At the start of your turn, you must either discard any Event Tile face-down (at no cost in"
        " Action Points), or play (at a cost of one Action Point) face-up an Event Tile marked with"
        " the current year"
    )
    for action, fields in (
        ("move", {"spy": "Kurt", "spaces": 1}),
        ("search", {"city": "Berlin"}),
        ("chit", {"chit": "Papers"}),
        ("diplomacy", {"with": ["Italy"]}),
        ("police", {"cities": {"Berlin": 2, "Hamburg": 2, "Munich": 2, "Essen": 1}}),
        ("cash", {"secret": "RDF"}),
        ("end_turn", {}),
    ):
        refusal = table.refused(action, power="Germany", **fields)
        assert refusal.rule == "3.21 Playing Event Tiles", action
    assert str(table.refused("move", power="Germany", spy="Kurt", spaces=1)) == (
        "3.21 Playing Event Tiles: Germany first discards an Event Tile or plays one of 1933 "
        "(nothing else first)"
    )


def test_one_tile_a_turn_from_the_hand(table):
    quote("At the start of your turn, you must either discard any Event Tile face-down")
    table.do("play", power="Germany", tile="Ge 3")
    refusal = table.refused("discard", power="Germany", tile="Ge 6")
    assert str(refusal) == (
        "3.21 Playing Event Tiles: Germany has already played its Event Tile this turn (one a "
        "turn, at its start)"
    )
    table.do("end_turn", power="Germany")
    refusal = table.refused("play", power="Italy", tile="Ge 6")
    assert str(refusal) == "3.21 Playing Event Tiles: Ge 6 is not in Italy's hand"
    refusal = table.refused("play", power="Germany", tile="Ge 6")
    assert (
        str(refusal)
        == "4.0 Another player's turn: it is Italy's turn; Germany cannot play an Event Tile now"
    )


def test_a_discard_is_face_down(table):
    quote("discard any Event Tile face-down (at no cost in Action Points)")
    table.do("discard", power="Germany", tile="Ge 2")
    assert table.last == "Germany discards an Event Tile face down (9 left in hand)"
    assert table.view["discarded"]["Germany"] == 1
    assert "Ge 2" not in str(table.view["tiles_played"])
    from assistant.games.spies.rules import GAME

    shown = GAME.public_action({"type": "discard", "power": "Germany", "tile": "Ge 2"})
    assert shown["tile"] == "(face down)"


@pytest.mark.parametrize("code", list(DATA.tiles))
def test_every_tile_only_in_its_years(code):
    """A Tile marked 1934-35 can be played only in 1934 or 1935; ANY YEAR in any year."""
    quote("a Tile marked 1934–35 can be played only in 1934 or 1935")
    tile = DATA.tiles[code]
    for year in range(1933, 1940):
        table = Table().set_up()
        table.state["played"] = [{"code": "random 42", "power": "Italy", "year": 1933}]
        table.hand("Germany", code)
        table.at(year)
        if tile.first <= year <= tile.last:
            table.do("play", power="Germany", tile=code)
            assert table.view["tiles_played"][-1] == code
        else:
            refusal = table.refused("play", power="Germany", tile=code)
            assert str(refusal) == (
                f"3.21 Playing Event Tiles: {code} is played in {tile.years} only; it is {year}"
            )


@pytest.mark.parametrize(
    ("tile", "after", "year", "words"),
    [
        (
            "Ge 5",
            "Ge 2",
            1938,
            "This Tile cannot be played if Ge2 (Polish Crisis) has already been played.",
        ),
        (
            "Rs 19",
            "Ge 1",
            1937,
            "This Tile cannot be played if Ge1 (Czech Crisis) has already been played.",
        ),
        (
            "Br 29",
            "Ge 7",
            1936,
            "This Tile cannot be played if Ge7 (Anschluss) has already been played.",
        ),
        (
            "Br 30",
            "Ge 1",
            1937,
            "This Tile cannot be played if Ge1 (Czech Crisis) has already been played.",
        ),
    ],
)
def test_each_exclusion(tile, after, year, words):
    quote(words)
    table = Table().set_up()
    owner = DATA.tiles[tile].power
    table.hand("Germany", after)
    table.hand(owner, tile)
    table.at(year).do("play", power="Germany", tile=after)
    table.at(year, owner)
    refusal = table.refused("play", power=owner, tile=tile)
    assert str(refusal) == (
        f"3.22 Event Tile special effects: {tile} cannot be played if {after} has already been "
        "played"
    )
    # a discarded tile is not played: the exclusion does not follow a discard
    fresh = Table().set_up()
    fresh.hand("Germany", after)
    fresh.hand(owner, tile)
    fresh.at(year).do("discard", power="Germany", tile=after)
    fresh.at(year, owner).do("play", power=owner, tile=tile)


@pytest.mark.parametrize("first", ["random 42", "Fr 25"])
def test_the_prerequisite_of_fr24(first):
    quote("This Tile cannot be played until either random 42 or Fr25 has been played.")
    table = Table().set_up()
    table.at(1936, "France")
    refusal = table.refused("play", power="France", tile="Fr 24")
    assert str(refusal) == (
        "3.22 Event Tile special effects: Fr 24 cannot be played until random 42 or Fr 25 has "
        "been played"
    )
    owner = DATA.tiles[first].power if first != "random 42" else "Italy"
    table.hand(owner, first)
    table.at(1936, owner).do("play", power=owner, tile=first)
    table.at(1936, "France").do("play", power="France", tile="Fr 24")


def test_forcing_a_tile_is_a_house_rule(table):
    quote("an Event Tile marked with the current year")
    table.do("play", force=True, power="Germany", tile="Ge 2")
    assert table.view["tiles_played"] == ["Ge 2"]


def test_ge1_czechoslovakia_becomes_german(table):
    quote(
        "Czechoslovakia immediately becomes German territory and is treated as such for the "
        "remainder of the game. German police may be placed in Prague and Bratislava"
    )
    table.at(1937)
    spies = {"Germany": ["Prague"], "Russia": ["Prague", "Berlin"]}
    table.do("play", power="Germany", tile="Ge 1", spies=spies)
    # the tile's own awards come first (ours): Germany is paid for Prague
    assert "3c Prague: Germany 3 chits, Russia 3 chits" in table.last
    assert "Czechoslovakia becomes German territory for the rest of the game" in table.last
    assert table.view["territory"]["annexed"] == {"Czechoslovakia": "Germany"}
    table.do(
        "police", power="Germany", cities={"Berlin": 2, "Prague": 2, "Bratislava": 2, "Essen": 1}
    )
    # afterwards a German spy in Prague is in its own territory: no award
    lines, totals = award_lines(DATA.tiles["Rs 19"], {"Germany": ["Prague"]}, table.state, DATA)
    assert lines == ["2c Prague: Germany nothing (its own territory)"] and totals == {}
    # and a Drop there is in a power's territory: 30£
    table.state["bank"]["Italy"] = 40
    table.end_turn()
    table.discard()
    table.do("chit", power="Italy", chit="Drop", city="Prague")
    assert table.state["bank"]["Italy"] == 10


def test_ge7_austria_becomes_german(table):
    quote(
        "Austria immediately becomes German territory and is treated as such for the remainder of "
        "the game, as Czechoslovakia is treated in Ge1 (see above)."
    )
    table.at(1935)
    table.do("play", power="Germany", tile="Ge 7")
    assert table.view["territory"]["annexed"] == {"Austria": "Germany"}
    table.do("police", power="Germany", cities={"Berlin": 2, "Vienna": 2, "Munich": 2, "Essen": 1})
    refusal = table.refused(
        "police", power="Germany", cities={"Berlin": 2, "Prague": 2, "Munich": 2, "Essen": 1}
    )
    assert refusal.rule == "3.3 Re-Arranging Your Police"


def test_it14_tirane_for_italian_spies(table):
    quote("Italian spies may treat Tirane as a home country for the remainder of the game.")
    table.hand("Italy", "It 14")
    table.at(1937, "Italy").do("play", power="Italy", tile="It 14", spies={"Italy": ["Tirane"]})
    assert table.view["territory"]["spy_home"] == {"Italy": ["Albania"]}
    assert "Italian spies may treat Tirane (Albania) as a home country" in table.last
    # "may": the tracker still pays an Italian spy in Tirane (ours)
    assert "1c Tirane: Italy 1 chit" in table.last


def test_ge2_ends_the_game_when_its_year_ends(table):
    quote(
        "World War II begins, and the game ends, immediately upon the conclusion of the Year in "
        "which this Tile is played."
    )
    quote(
        "Note that if this Tile is played in 1938, the Victory Point multiples in the 1938 column "
        "of the Time and Victory Record are used (rather than those for 1939)"
    )
    table.at(1938)
    table.do("play", power="Germany", tile="Ge 2")
    assert "the game ends when 1938 ends" in table.last
    assert table.view["ends"] == 1938
    for _ in range(5):
        table.end_turn()
    assert (table.view["phase"], table.view["year"]) == ("final", 1938)
    assert "1938 ends, and the game with it (World War II (Ge 2))" in table.log[-1]
    table.do("originals", power="Germany", secrets=["Enigma Code"])
    assert table.view["record"]["Germany"][-1] == {
        "year": 1938,
        "kind": "original",
        "name": "Enigma Code",
        "value": 4,
        "multiple": 6,
        "points": 24,
    }


def test_without_ge2_the_game_ends_after_1939(table):
    quote(
        "Each time the British player ends a turn, advance the marker one year until 7 are "
        "completed."
    )
    table.at(1939, "Britain")
    table.end_turn()
    assert (table.view["phase"], table.view["year"]) == ("final", 1939)
    assert "1939 ends, and the game with it (the last year)" in table.last


def test_awards_every_player_each_city_not_in_its_own_territory(table):
    quote(
        "Every player receives the indicated number of Action chits or amount of money for each "
        "city listed in which he has a spy, provided the spy is not in its own territory. There is "
        "no additional reward for having 2 or more spies in a city."
    )
    spies = {
        "Britain": ["Essen", "Brussels"],
        "france": ["Brussels", "London", "London"],
        "Germany": ["Berlin", "london"],
    }
    table.do("play", power="Germany", tile="Ge 3", spies=spies)
    assert table.last.split("\n") == [
        'Germany plays Ge 3 "Rhineland remilitarized!" (1 AP, 11 left)',
        "  3c Essen: Britain 3 chits",
        "  3c Brussels: France 3 chits, Britain 3 chits",
        "  2c Berlin: Germany nothing (its own territory)",
        "  2£ London: Germany 2£, France 2£",
        "  paid: Germany +2£ (now 27£); France draws 3 Action chits and +2£ (now 27£); "
        "Britain draws 6 Action chits",
    ]
    assert table.view["chits"] == {
        "Germany": 5,
        "Italy": 5,
        "Russia": 5,
        "France": 8,
        "Britain": 11,
    }
    assert table.view["cup"] == 120 - 25 - 9
    assert table.view["awards"]["lines"][0] == "3c Essen: Britain 3 chits"


def test_any_city_is_accepted_and_the_tiles_are_paid(table):
    quote("for each city listed in which he has a spy")
    table.do("play", power="Germany", tile="Ge 3", spies={"Britain": ["Munich", "Essen", "Lille"]})
    assert table.view["awards"]["lines"] == ["3c Essen: Britain 3 chits"]
    assert table.view["chits"]["Britain"] == 5 + 3
    assert "  no award in Lille, Munich (not a city of Ge 3)" in table.last.split("\n")


def test_an_empty_cup_pays_what_it_holds(table):
    quote("When you receive Action chits, draw the indicated quantity at random.")
    table.state["cup"] = 2
    table.do("play", power="Germany", tile="Ge 3", spies={"Britain": ["Essen"]})
    assert "Britain draws 3 Action chits (the cup holds only 2)" in table.last
    assert table.view["chits"]["Britain"] == 7
