"""What a careful referee stops (issue 23): the original secrets a power began with (6.0), a
counterspy only where a spy discovered it (3.5, 5.1), a search on another's turn only for a spy
that moved (4.1), a Drop intercepted once, your own spies moved, a Double Cross against a
Discovery in its chain, a tile in one place even when forced (3.21), a finished game without a
turn, any city in a tile's awards, and the checks of Sanction, Recruit, Source, captures and
`give` that no test noticed."""

from __future__ import annotations

import pytest
from spies_table import DATA, POWERS, Table, quote

from assistant.games.spies.rules import GAME

SECRETS = list(DATA.secrets)


@pytest.fixture
def table() -> Table:
    table = Table(bank=60).set_up()
    table.discard()  # Germany's turn, after its tile
    return table


def final(table: Table) -> Table:
    table.at(1939, "Britain").end_turn()
    assert table.view["phase"] == "final"
    return table


# 1. originals: no more than the power began with; none twice; none on another's record


def test_originals_no_more_than_the_power_began_with(table):
    quote("every secret with which you began the game")
    final(table)
    refusal = table.refused("originals", power="Germany", secrets=SECRETS[:8])
    assert str(refusal) == (
        "6.0 How to Win the Game: Germany began the game with 7 secrets (its allotment); 8 given"
    )
    table.do("originals", power="Germany", secrets=SECRETS[:7])
    assert len(table.view["record"]["Germany"]) == 7


def test_an_annexed_secret_city_adds_an_original(table):
    quote("every secret with which you began the game")
    table.state["annexed"]["Czechoslovakia"] = "Germany"  # Ge 1 played (a test's shortcut)
    final(table)
    refusal = table.refused("originals", power="Germany", secrets=SECRETS[:9])
    assert "began the game with 8 secrets (its allotment, and those of the SECRET" in str(refusal)
    table.do("originals", power="Germany", secrets=SECRETS[:8])


def test_originals_listed_twice_or_on_another_record(table):
    quote("every secret with which you began the game and which is now in your territory")
    final(table)
    refusal = table.refused("originals", power="Germany", secrets=[SECRETS[0], SECRETS[0]])
    assert str(refusal) == f"6.0 How to Win the Game: {SECRETS[0]} is given twice"
    table.do("originals", power="Germany", secrets=[SECRETS[0]])
    refusal = table.refused("originals", power="Italy", secrets=[SECRETS[1], SECRETS[0]])
    assert str(refusal) == (f"6.0 How to Win the Game: {SECRETS[0]} is already on Germany's record")


# 2. a counterspy acts when a spy discovers it


def test_a_counterspy_only_where_a_spy_discovered_it(table):
    quote("Whenever a spy discovers a secret that you control and that secret is a counterspy")
    quote("You may never play a Discovery, Drop, or Sanction chit in a spy haven.")
    table.at(1933, "Britain").discard()
    refusal = table.refused(
        "counterspy", power="Germany", enemy="Britain", target="Winston", city="Istanbul"
    )
    assert str(refusal) == (
        "3.5 Capture and Counterspies: no Britain spy has discovered a secret in Istanbul this "
        "turn (a counterspy acts when a spy discovers it: a Discovery that stands; Istanbul is a "
        "spy haven: no Discovery there, 5.1)"
    )
    table.do("chit", power="Britain", chit="Discovery", city="Warsaw")
    table.do("chit", power="Germany", chit="Cover")
    table.do("resolve")
    refused = table.refused(
        "counterspy", power="Germany", enemy="Britain", target="Winston", city="Warsaw"
    )
    assert refused.rule == "3.5 Capture and Counterspies"
    table.do("chit", power="Britain", chit="Discovery", city="Warsaw")
    table.do("resolve")
    table.do("counterspy", power="Germany", enemy="Britain", target="Winston", city="Warsaw")
    quote("Whatever the outcome of the strength comparison, remove the counterspy from play.")
    refused = table.refused(
        "counterspy", power="Germany", enemy="Britain", target="Willy", city="Warsaw"
    )
    assert refused.rule == "3.5 Capture and Counterspies"


# 3. a search on another's turn: only a spy that moved


def test_a_search_on_anothers_turn_finds_only_a_spy_that_moved(table):
    quote("You cannot search for a spy that has not moved.")
    table.at(1933, "Russia").discard()
    refusal = table.refused(
        "search", power="Germany", city="Munich", enemy="Russia", target="Merinka"
    )
    assert str(refusal) == (
        "4.1 Searching for Arriving Enemy Spies: Russia's Merinka has not moved this turn "
        "(Russia's): you cannot search for a spy that has not moved"
    )
    table.do("move", power="Russia", spy="Merinka", spaces=2)
    refused = table.refused(
        "search", power="Germany", city="Munich", enemy="Britain", target="Willy"
    )
    assert refused.rule == "4.1 Searching for Arriving Enemy Spies"
    table.do("search", power="Germany", city="Munich", enemy="Russia", target="Merinka")
    assert table.view["out_of_play"]["Russia"] == {"Merinka": "captured by Germany"}


# 4. a Drop is intercepted once


def test_a_second_intercept_is_refused(table):
    quote("Intercept cannot be countered.")
    quote("The countered Drop or Source is immediately lost")
    table.do("chit", power="Germany", chit="Drop", city="Warsaw")
    table.do("chit", power="Britain", chit="Intercept")
    for against in ({}, {"against": 1}):
        refusal = table.refused("chit", power="France", chit="Intercept", **against)
        assert refusal.rule == "3.8 Playing Action Chits"
    refusal = table.refused("chit", power="France", chit="Intercept", against=1)
    assert str(refusal) == (
        "3.8 Playing Action Chits: Germany's Drop in Warsaw is already negated by Britain's "
        "Intercept, which cannot be countered"
    )


# 5. a power moves its own spies


@pytest.mark.parametrize("spy", ["Willy", "Georgi"])
def test_a_power_moves_only_its_own_spies(table, spy):
    quote("After you have searched for enemy spies, you can move your spies.")
    if spy == "Georgi":
        table.state["out"]["Russia"]["Georgi"] = "captured by Germany"
    refusal = table.refused("move", power="Germany", spy=spy, spaces=1)
    assert refusal.rule == "3.6 Moving Your Spies"
    assert f"{spy} is " in str(refusal) and "moves its own spies" in str(refusal)
    table.do("move", power="Germany", spy="courier", spaces=1)  # a label of its own


# 6. a Double Cross against a Discovery stands in its chain


def test_a_double_cross_against_a_discovery_reverses_its_comparison(table):
    quote(
        "You can also play a Double Cross, upon the play of a Discovery chit, to reverse the "
        "results of a strength comparison involving one of your police or spies to determine who "
        "controls a secret"
    )
    table.do("chit", power="Germany", chit="Discovery", city="Warsaw")
    table.do("chit", power="Britain", chit="Double Cross")
    assert table.state["chain"]["plays"][1]["against"] == 1
    table.do("resolve")
    assert table.last.split("\n") == [
        "Germany's Discovery in Warsaw is resolved: Britain's Double Cross reverses the strength "
        "comparison: Germany's spy takes the secret in Warsaw only if it is unguarded or the guard "
        "is as strong or stronger",
        "  1. Germany's Discovery in Warsaw: stands",
        "  2. Britain's Double Cross in Warsaw against 1: stands",
    ]


def test_a_cover_negates_that_double_cross(table):
    quote("Cover can also counter a Double Cross by negating its effect.")
    table.do("chit", power="Germany", chit="Discovery", city="Warsaw")
    table.do("chit", power="Britain", chit="Double Cross")
    table.do("chit", power="Germany", chit="Cover", against=2)
    table.do("resolve")
    assert table.last.split("\n")[0] == (
        "Germany's Discovery in Warsaw is resolved: Germany's spy may take the secret in Warsaw "
        "(a guarded secret: strengths compared; a Double Cross reverses the comparison)"
    )


# 9. --force waives a rule, never where a tile is


def test_a_forced_tile_is_still_one_in_your_hand():
    quote("At the start of your turn, you must either discard any Event Tile face-down")
    table = Table().set_up()
    for verb in ("play", "discard"):
        refusal = table.refused(verb, force=True, power="Germany", tile="It 10")
        assert str(refusal) == (
            "3.21 Playing Event Tiles: It 10 is not in Germany's hand (--force waives a rule, "
            "never where a tile is)"
        )
    assert "It 10" in table.state["hands"]["Italy"]


# 13. a finished game shows no turn and no Action Points


def test_a_finished_game_shows_no_turn(table):
    quote("At the end of the British turn in 1939")
    final(table)
    for power in POWERS:
        table.do("originals", power=power, secrets=[])
    assert table.view["over"]
    text = GAME.render(table.state)
    assert "Action Points" not in text and "left of 12" not in text
    labels = [w["label"] for w in GAME.board(table.view)]
    assert "Turn" not in labels and "Action Points" not in labels


# 15. chits like bank: one number, or one per power


def test_chits_one_number_or_one_per_power():
    quote("Mix all Action chits in a cup and draw your allotment at random.")
    each = {"Germany": 3, "Italy": 2, "Russia": 4, "France": 1, "Britain": 0}
    table = Table(chits=each)
    assert table.view["chits"] == each and table.view["cup"] == DATA.cup - 10
    table = Table(chits=4)
    assert table.view["chits"] == dict.fromkeys(POWERS, 4)


# the checks no test noticed


def test_a_sanction_by_or_against_a_spy_not_in_play(table):
    quote("Your spy and the enemy spy must be in the same city")
    table.state["out"]["Germany"]["Kurt"] = "sanctioned"
    table.state["out"]["Britain"]["Rose"] = "captured by Italy"
    refusal = table.refused(
        "chit",
        power="Germany",
        chit="Sanction",
        city="Warsaw",
        spy="Kurt",
        enemy="Britain",
        target="Willy",
    )
    assert str(refusal) == "3.8 Playing Action Chits: Germany's Kurt is not in play (sanctioned)"
    refusal = table.refused(
        "chit",
        power="Germany",
        chit="Sanction",
        city="Warsaw",
        spy="Erik",
        enemy="Britain",
        target="Rose",
    )
    assert str(refusal) == (
        "3.8 Playing Action Chits: Britain's Rose is not in play (captured by Italy)"
    )


def test_a_recruit_only_from_the_sanctioned_box(table):
    quote("You play a Recruit chit in order to recover a spy from the Sanctioned box on the map.")
    table.state["out"]["Germany"] = {"Kurt": "sanctioned", "Erik": "captured by Britain"}
    refusal = table.refused("chit", power="Germany", chit="Recruit", spy="Erik")
    assert str(refusal) == (
        "3.8 Playing Action Chits: Germany's Erik is not in the Sanctioned Spies box"
    )
    table.do("chit", power="Germany", chit="Recruit", spy="Kurt")
    assert table.view["out_of_play"]["Germany"] == {"Erik": "captured by Britain"}


def test_a_source_on_another_player(table):
    quote("immediately examine all of one other player's spies and police pieces")
    refusal = table.refused("chit", power="Germany", chit="Source", enemy="Germany")
    assert str(refusal) == (
        "3.8 Playing Action Chits: a Source examines one other player's spies and police"
    )


def test_no_capture_of_your_own_spy(table):
    quote("You can also capture an enemy spy with a counterspy.")
    refusal = table.refused(
        "search", power="Germany", city="Berlin", enemy="Germany", target="Kurt"
    )
    assert str(refusal) == "3.5 Capture and Counterspies: Germany does not capture its own spy"
    refusal = table.refused(
        "counterspy", power="Germany", enemy="Germany", target="Kurt", city="Berlin"
    )
    assert str(refusal) == "3.5 Capture and Counterspies: Germany does not capture its own spy"


@pytest.mark.parametrize(
    "fields", [{"to": "Germany", "pounds": 5}, {"to": "Italy"}, {"to": "Italy", "pounds": 0}]
)
def test_give_to_another_and_something(table, fields):
    quote("offering trades or sales of chits")
    refusal = table.refused("give", power="Germany", **fields)
    assert str(refusal) == "action: give: pounds or chits to another power"


def test_a_forced_end_turn_ends_the_current_powers_turn():
    """Found by random play (issue 23): a forced end_turn named for Germany on Italy's turn
    handed Italy a fresh turn of 12 Action Points. --force waives the rule, never the
    bookkeeping: the current power's turn ends."""
    table = Table().set_up()
    table.do("discard", power="Germany", tile="Ge 1")
    table.do("end_turn", power="Germany")
    table.do("discard", power="Italy", tile="It 8")
    table.do("diplomacy", power="Italy", **{"with": ["Germany"]})
    assert table.state["ap_left"] == 11
    table.do("end_turn", power="Germany", force=True)
    assert table.state["turn"] == "Russia"
    assert table.last.startswith("Italy ends its turn (11 Action Points unspent); Russia's turn")
