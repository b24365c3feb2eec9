"""Every cost of the display's Action Point Cost Summary and of the Action Chit Summary, the
bank's costs and incomes, and the refusals beyond 12 Action Points or below zero pounds."""

from __future__ import annotations

import pytest
from spies_table import Table, quote


@pytest.fixture
def table() -> Table:
    return Table().set_up()


def ap(table: Table) -> int:
    return table.state["ap_left"]


def test_playing_a_tile_costs_one(table):
    quote("Play an Event Tile\t1")
    table.do("play", power="Germany", tile="Ge 3")
    assert ap(table) == 11


def test_discarding_costs_nothing(table):
    quote("discard any Event Tile face-down (at no cost in Action Points)")
    table.do("discard", power="Germany", tile="Ge 3")
    assert ap(table) == 12


def test_a_search_costs_one_per_city(table):
    quote("Conduct police search (per city)\t1")
    table.discard()
    table.do("search", power="Germany", city="Berlin")
    table.do("search", power="Germany", city="Hamburg")
    assert ap(table) == 10
    table.do("search", power="Germany", city="Berlin")  # the same city again: "per city"
    assert ap(table) == 10
    assert table.last == "Germany's police search Berlin (0 AP, 10 left): nothing found"


def test_a_move_costs_one_per_space_and_at_most_five_a_spy(table):
    quote(
        "Each spy can move a maximum of 5 spaces per turn (at a cost of one Action Point per space "
        "moved)"
    )
    table.discard()
    table.do("move", power="Germany", spy="Kurt", spaces=2)
    table.do("move", power="Germany", spy="Kurt", spaces=3)
    assert ap(table) == 7
    refusal = table.refused("move", power="Germany", spy="Kurt", spaces=1)
    assert str(refusal) == (
        "3.6 Moving Your Spies: a spy moves at most 5 spaces a turn; Kurt has moved 5, 5 + 1 = 6"
    )


def test_diplomacy_costs_one_per_opponent(table):
    quote("Initiate diplomacy (per opponent)\t1")
    table.discard()
    table.do("diplomacy", power="Germany", **{"with": ["Italy", "Russia", "Britain"]})
    assert ap(table) == 9
    assert (
        table.last == "Germany opens negotiations with Italy and Russia and Britain (3 AP, 9 left)"
    )


@pytest.mark.parametrize(
    ("chit", "pounds", "points", "extra"),
    [
        ("Discovery", 3, 1, {"city": "Warsaw"}),
        (
            "Sanction",
            20,
            1,
            {"city": "Warsaw", "spy": "Kurt", "enemy": "Britain", "target": "Willy"},
        ),
        ("Papers", 2, 1, {}),
        ("Escape", 10, 1, {}),
        ("Double Cross", 1, 1, {}),
        ("Source", 4, 2, {"enemy": "France"}),
        ("Drop", 20, 2, {"city": "Warsaw"}),
        ("Drop", 30, 2, {"city": "Paris"}),
    ],
)
def test_each_chit_costs_its_pounds_and_action_points(chit, pounds, points, extra):
    quote("Play Discovery, Cover, Sanction, Recruit, Escape, Papers, or Double Cross chit\t1")
    quote("Play Source or Drop chit\t2")
    quote(
        "Note that Action Point costs to play Action chits are in addition to the cost in Pounds."
    )
    table = Table(bank=60).set_up()
    table.discard()
    if chit in ("Papers", "Escape"):  # against a search of one of your spies (3.4)
        table.do("search", power="Britain", city="London")
    table.do("chit", power="Germany", chit=chit, **extra)
    assert table.state["bank"]["Germany"] == 60 - pounds
    assert ap(table) == 12 - points
    assert table.state["chits"]["Germany"] == 4


def test_a_drop_costs_20_neutral_30_in_a_powers_territory():
    quote(
        "If the city where you create a Drop is in a neutral country, spend 20£; if the city is in "
        "any player's territory, spend 30£; the Action Point cost is always 2."
    )
    table = Table(bank=60).set_up()
    table.discard()
    table.do("chit", power="Germany", chit="Drop", city="Cairo")  # British territory (Egypt)
    assert table.state["bank"]["Germany"] == 30
    table.do("resolve")
    assert table.state["drops"]["Germany"] == ["Cairo"]
    refusal = table.refused("chit", power="Germany", chit="Drop", city="Lille")
    assert str(refusal) == (
        "action: owner: Lille is not in the city table: say whose territory it is "
        "(owner=neutral or a power)"
    )
    table.do("chit", power="Germany", chit="Drop", city="Lille", owner="neutral")
    assert table.state["bank"]["Germany"] == 10
    assert ap(table) == 8


def test_source_is_four_or_the_counters_forty():
    quote("Played on your turn only; spend 4£, 2AP")
    table = Table(source_pounds=40).set_up()
    table.discard()
    refusal = table.refused("chit", power="Germany", chit="Source")
    assert str(refusal) == "2.2 Bank: Germany has 25£; a Source chit costs 40£ (15£ missing)"


def test_recruit_costs_four_and_cover_one(table):
    quote("Played on your turn only; spend 4£, 1AP")
    quote("Played on anyone's turn; spend 1£, 1AP*")
    table.state["out"]["Germany"]["Erik"] = "sanctioned"
    table.discard()
    table.do("chit", power="Germany", chit="Recruit", spy="Erik")
    table.do("chit", power="Germany", chit="Discovery", city="Warsaw")
    table.do("chit", power="Britain", chit="Cover")
    assert table.state["bank"]["Germany"] == 25 - 4 - 3
    assert table.state["bank"]["Britain"] == 25 - 1
    assert ap(table) == 10


def test_intercept_costs_ten_and_no_action_point(table):
    quote("Played on opponent's turn; spend 10£, 0AP")
    table.discard()
    table.do("chit", power="Germany", chit="Source", enemy="France")
    table.do("chit", power="France", chit="Intercept")
    assert table.state["bank"]["France"] == 15
    assert ap(table) == 10  # Germany's Source only
    assert (
        table.last
        == "France plays Intercept against Germany's Source (10£, no AP on Germany's turn)"
    )


def test_no_action_points_on_another_powers_turn(table):
    quote(
        "you never expend Action Points during an opponent's turn, even if you play an Action chit,"
        " search for arriving enemy spies, or respond to diplomacy"
    )
    quote("AP (Action Point) costs are assessed only when you play the chit during your turn.")
    table.discard()
    table.do("search", power="France", city="Paris")
    table.do("chit", power="Britain", chit="Papers")
    assert ap(table) == 12
    assert table.state["bank"]["Britain"] == 23
    assert "no AP on Germany's turn" in table.last


def test_more_than_twelve_is_refused_with_what_is_left(table):
    quote(
        "You need not spend all 12 of your Action Points during a turn, but you may never spend "
        "more than 12 per turn."
    )
    table.discard()
    for spy in ("Kurt", "Erik"):
        table.do("move", power="Germany", spy=spy, spaces=5)
    refusal = table.refused("move", power="Germany", spy="Heidi", spaces=3)
    assert str(refusal) == (
        "3.1 Action Points: Germany has 2 action points left; moving 3 spaces costs 3"
    )
    table.do("move", power="Germany", spy="Heidi", spaces=2)
    assert ap(table) == 0
    table.do("search", power="Britain", city="London")
    refusal = table.refused("chit", power="Germany", chit="Papers")
    assert (
        str(refusal) == "3.1 Action Points: Germany has 0 action points left; a Papers chit costs 1"
    )


def test_forced_spending_stays_on_the_track(table):
    quote(
        "Each time you expend Action Points, move the playing piece along the Track to reflect the "
        "expenditure."
    )
    table.discard()
    table.do("move", power="Germany", spy="Kurt", spaces=5)
    table.do("move", power="Germany", spy="Erik", spaces=5)
    table.do("move", force=True, power="Germany", spy="Heidi", spaces=5)
    assert ap(table) == 0


def test_a_bank_never_goes_below_zero(table):
    quote(
        "Record the amount of money you have during the game, in thousands of pounds (£), on the "
        "Bank Track"
    )
    table.discard()
    table.do(
        "chit",
        power="Germany",
        chit="Sanction",
        city="Warsaw",
        spy="Kurt",
        enemy="Britain",
        target="Willy",
    )
    table.do("resolve")
    refusal = table.refused(
        "chit",
        power="Germany",
        chit="Sanction",
        city="Warsaw",
        spy="Erik",
        enemy="Britain",
        target="Rose",
    )
    assert str(refusal) == "2.2 Bank: Germany has 5£; a Sanction chit costs 20£ (15£ missing)"
    table.do(
        "chit",
        force=True,
        power="Germany",
        chit="Sanction",
        city="Warsaw",
        spy="Erik",
        enemy="Britain",
        target="Rose",
    )
    assert table.state["bank"]["Germany"] == 0


def test_a_power_without_chits_plays_none():
    quote(
        "To play a chit, spend the number of pounds and Action Points specified and return the chit"
        " to the Action chit cup."
    )
    table = Table(chits=0).set_up()
    table.discard()
    refusal = table.refused("chit", power="Germany", chit="Papers")
    assert str(refusal) == "3.8 Playing Action Chits: Germany holds no Action chits"


def test_cashing_in_a_foreign_secret(table):
    quote(
        "When you cash in a secret, you immediately get 20£ and an Action chit, and the secret is "
        "placed in your Time and Victory Record under the Year you cashed it in."
    )
    table.at(1934)
    table.discard()
    table.do("cash", power="Germany", secret="Enigma Code")
    assert table.state["bank"]["Germany"] == 45
    assert table.state["chits"]["Germany"] == 6
    assert table.state["cup"] == 120 - 25 - 1
    assert table.view["record"]["Germany"] == [
        {
            "year": 1934,
            "kind": "secret",
            "name": "Enigma Code",
            "value": 4,
            "multiple": 2,
            "points": 8,
        }
    ]
    assert table.last == (
        "Germany cashes in Enigma Code (4) at Berlin: +20£ (now 45£), draws 1 Action chit; onto "
        "Germany's Time and Victory Record under 1934 (4 x 2 = 8 points)"
    )
    refusal = table.refused("cash", power="Germany", secret="enigma code")
    assert str(refusal) == "3.7 Controlling Secrets: Enigma Code is already on Germany's record"


def test_cashing_in_at_a_drop_only(table):
    quote(
        "You may then treat this city as your capital, only for purposes of cashing in foreign "
        "secrets."
    )
    table.discard()
    refusal = table.refused("cash", power="Germany", secret="RDF", at="Warsaw")
    assert (
        str(refusal)
        == "3.7 Controlling Secrets: Germany cashes in secrets at Berlin or at one of its Drops "
        "(none)"
    )
    table.do("chit", power="Germany", chit="Drop", city="Warsaw")
    table.do("resolve")
    table.do("cash", power="Germany", secret="RDF", at="warsaw")
    assert table.state["bank"]["Germany"] == 25 - 20 + 20


def test_trades_between_powers(table):
    quote("by offering trades or sales of chits, asking or granting concessions, and so forth")
    table.discard()
    table.do("diplomacy", power="Germany", **{"with": ["Italy"]})
    table.do("give", power="Italy", to="Germany", pounds=10, chits=2)
    assert (table.state["bank"]["Italy"], table.state["bank"]["Germany"]) == (15, 35)
    assert (table.state["chits"]["Italy"], table.state["chits"]["Germany"]) == (3, 7)
    refusal = table.refused("give", power="Italy", to="Germany", pounds=20)
    assert str(refusal) == "2.2 Bank: Italy has 15£; giving Germany 20£ costs 20£ (5£ missing)"
