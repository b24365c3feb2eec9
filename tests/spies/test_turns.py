"""Turns and years (2.1, 2.8), the order within a turn (3.3, 3.4, 3.6), and who plays which power
with fewer than five players (7.0)."""

from __future__ import annotations

import pytest
from spies_table import POWERS, Table, quote


def test_turn_order_and_the_year_after_britain():
    quote(
        "The turn order in which you set up and take your turns is always the same: Germany, Italy,"
        " Russia, France, Britain."
    )
    quote("Each time the British player ends a turn, advance the marker one year")
    table = Table().set_up()
    seen = []
    for _ in range(6):
        seen.append((table.view["year"], table.view["turn"]))
        table.end_turn()
    assert seen == [(1933, p) for p in POWERS] + [(1934, "Germany")]
    ends = "Britain ends its turn (12 Action Points unspent); 1933 ends. 1934 begins"
    assert f"{ends}\n  Germany's turn" in table.log


def test_a_turn_ends_after_its_tile(table=None):
    quote("At the start of your turn, you must either discard any Event Tile face-down")
    table = Table().set_up()
    refusal = table.refused("end_turn", power="Germany")
    assert refusal.rule == "3.21 Playing Event Tiles"
    table.discard()
    refusal = table.refused("end_turn", power="Italy")
    assert (
        str(refusal)
        == "4.0 Another player's turn: it is Germany's turn; Italy cannot end a turn now"
    )
    table.do("end_turn", power="Germany")
    assert table.view["ap_left"] == 12 and table.view["tile_step"] is None


def test_searches_before_moves_and_police_before_both():
    quote("Immediately after re-arranging your police, you can search for enemy spies")
    quote("After you have searched for enemy spies, you can move your spies.")
    table = Table().set_up()
    table.discard()
    table.do("search", power="Germany", city="Berlin")
    refusal = table.refused(
        "police", power="Germany", cities={"Berlin": 2, "Hamburg": 2, "Munich": 2, "Essen": 1}
    )
    assert str(refusal) == (
        "3.3 Re-Arranging Your Police: Germany re-arranges its police before searching and moving "
        "(3.4, 3.6)"
    )
    table.do("move", power="Germany", spy="Kurt", spaces=1)
    refusal = table.refused("search", power="Germany", city="Hamburg")
    assert str(refusal) == (
        "3.4 Searching for Enemy Spies: Germany searches before moving its spies (3.6: after you "
        "have searched, you move)"
    )


def test_police_re_arranged_on_your_turn():
    quote(
        "Re-arrange your police among your home country cities in any way (at no Action Point "
        "cost), but place no more than 2 per city."
    )
    table = Table().set_up()
    table.discard()
    table.do(
        "police", power="Germany", cities={"Berlin": 1, "Stettin": 2, "Leipzig": 2, "Munich": 2}
    )
    assert table.view["ap_left"] == 12
    assert table.last == "Germany re-arranges its police: Berlin, Stettin 2, Leipzig 2, Munich 2"
    table.do("search", power="Germany", city="Stettin")
    refusal = table.refused(
        "police", power="Italy", cities={"Rome": 2, "Milan": 2, "Naples": 2, "Turin": 1}
    )
    assert refusal.rule == "4.0 Another player's turn"


def test_one_spy_finished_before_the_next():
    quote("You must finish moving one spy before you begin moving another.")
    table = Table().set_up()
    table.discard()
    table.do("move", power="Germany", spy="a", spaces=2)
    table.do("move", power="Germany", spy="a", spaces=1)
    table.do("move", power="Germany", spy="b", spaces=1)
    refusal = table.refused("move", power="Germany", spy="a", spaces=1)
    assert str(refusal) == (
        "3.6 Moving Your Spies: Germany has finished moving a (you must finish moving one spy "
        "before you begin moving another)"
    )


def test_a_spy_out_of_play_does_not_move():
    quote("the enemy spy is immediately placed face-down in the Sanctioned box on the map")
    table = Table().set_up()
    table.discard()
    table.state["out"]["Germany"]["Kurt"] = "sanctioned"
    refusal = table.refused("move", power="Germany", spy="kurt", spaces=1)
    assert str(refusal) == "3.6 Moving Your Spies: Germany's Kurt is not in play (sanctioned)"


def test_no_diplomacy_on_another_turn():
    quote("You cannot initiate negotiations during an opponent's turn")
    table = Table().set_up()
    refusal = table.refused("diplomacy", power="Italy", **{"with": ["Germany"]})
    assert str(refusal) == (
        "4.0 Another player's turn: it is Germany's turn; Italy cannot initiate diplomacy (4.3) now"
    )


@pytest.mark.parametrize(
    ("players", "seats"),
    [
        (5, {p: p for p in POWERS}),
        (
            4,
            {
                "Germany": "Germany+Italy",
                "Italy": "Germany+Italy",
                "Russia": "Russia",
                "France": "France",
                "Britain": "Britain",
            },
        ),
        (
            3,
            {
                "Germany": "Germany+Italy",
                "Italy": "Germany+Italy",
                "Russia": "Russia",
                "France": "Britain+France",
                "Britain": "Britain+France",
            },
        ),
        (
            2,
            {
                "Germany": "Germany+Italy",
                "Italy": "Germany+Italy",
                "Russia": "Germany+Italy",
                "France": "Britain+France",
                "Britain": "Britain+France",
            },
        ),
    ],
)
def test_who_plays_which_power(players, seats):
    quote(
        "When you play with four players, one person plays Germany and Italy. When playing with "
        "three players, one person also plays Britain and France."
    )
    table = Table(players=players)
    assert table.view["seats"] == seats


def test_two_players_russia_alternates():
    quote(
        "When playing with two players, Russia is played on alternate years by the German-Italian "
        "and British-French players."
    )
    table = Table(players=2).set_up()
    for year in range(1933, 1937):
        assert table.view["year"] == year
        expected = "Germany+Italy" if year % 2 else "Britain+France"
        assert table.view["seats"]["Russia"] == expected
        for _ in POWERS:
            table.end_turn()
    assert (
        "Britain ends its turn (12 Action Points unspent); 1933 ends. 1934 begins\n"
        "  Russia is played by Britain+France in 1934 (7.0)\n"
        "  Germany's turn (Germany+Italy)"
    ) in table.log
    swapped = Table(players=2, russia_1933="Britain+France")
    assert swapped.view["seats"]["Russia"] == "Britain+France"


def test_no_exchanges_between_two_powers_of_one_player():
    quote(
        "When playing two countries, you cannot exchange Action chits, money, or secrets between "
        "them."
    )
    table = Table(players=2).set_up()
    table.discard()
    refusal = table.refused("give", power="Italy", to="Germany", pounds=5)
    assert str(refusal) == (
        "7.0 Fewer than five players: Italy and Germany are played by one person (Germany+Italy): "
        "you cannot exchange Action chits, money, or secrets between them"
    )
    refusal = table.refused("give", power="Russia", to="Germany", chits=1)  # Russia: 1933
    assert refusal.rule == "7.0 Fewer than five players"
    refusal = table.refused("give", power="Russia", to="France", chits=1)
    assert str(refusal) == (  # 4.3: an exchange answers the diplomacy of the power whose turn it is
        "3.9 Initiating Diplomacy: no negotiation between Russia and France is open this turn "
        "(Germany initiates diplomacy, 1 AP per opponent: diplomacy with=...)"
    )
    refusal = table.refused("diplomacy", power="Germany", **{"with": ["Italy"]})
    assert refusal.rule == "7.0 Fewer than five players"
    table.do("diplomacy", power="Germany", **{"with": ["France", "Britain"]})
    for _ in POWERS:
        table.end_turn()
    table.discard()
    table.do("diplomacy", power="Germany", **{"with": ["Russia"]})
    table.do("give", power="Russia", to="Germany", chits=1)  # 1934: Russia is Britain+France's
    refusal = table.refused("give", power="Russia", to="France", chits=1)
    assert refusal.rule == "7.0 Fewer than five players"


def test_victory_points_per_power_with_fewer_players():
    quote(
        "Victory Points are totalled independently for each country, just as though they were "
        "played by two players."
    )
    table = Table(players=4).set_up()
    table.discard()
    table.do("search", power="Germany", city="Berlin", enemy="Italy", target="Mario")
    assert table.view["points"]["Germany"] == 1 and table.view["points"]["Italy"] == 0
