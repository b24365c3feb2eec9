"""Checks of `chits.py` and `turns.py` that a mutation run (issue 23) found no test noticed: each
test kills mutants that left every other test green."""

from __future__ import annotations

import pytest
from spies_table import Table, quote

from assistant.games.spies.rules import GAME


@pytest.fixture
def table() -> Table:
    table = Table(bank=60).set_up()
    table.discard()  # Germany's turn, after its tile
    return table


def test_a_counter_names_a_play_that_waits(table):
    quote("Discovery can be countered by Cover.")
    table.do("chit", power="Germany", chit="Discovery", city="Warsaw")
    refusal = table.refused("chit", power="Britain", chit="Cover", against=2)
    assert str(refusal) == ("3.8 Playing Action Chits: against: no play 2 waits (the chain has 1)")


def test_a_recruit_without_a_spy_names_one_of_several(table):
    quote("You play a Recruit chit in order to recover a spy from the Sanctioned box on the map.")
    table.state["out"]["Germany"] = {"Kurt": "sanctioned", "Erik": "sanctioned"}
    refusal = table.refused("chit", power="Germany", chit="Recruit")
    assert str(refusal) == "action: spy: which of Erik, Kurt (or let the tracker draw)"
    table.state["out"]["Germany"] = {"Kurt": "sanctioned"}
    table.do("chit", power="Germany", chit="Recruit")
    assert table.last.endswith("Kurt is recruited and starts in Germany's capital")
    assert table.view["out_of_play"]["Germany"] == {}


def test_secrets_are_cashed_in_on_your_own_turn(table):
    quote("During each of your turns, you have 12 Action Points to expend")
    refusal = table.refused("cash", power="Britain", secret="Enigma Code")
    assert "Britain" in str(refusal) and "Germany" in str(refusal)
    assert table.view["record"]["Britain"] == []


def test_a_search_that_names_an_enemy_names_its_spy(table):
    refusal = table.refused("search", power="Germany", city="Berlin", enemy="Britain")
    assert str(refusal).startswith("action: target: name Britain's spy (one of ")
    assert "None" not in str(refusal)


def test_a_counterspy_in_a_known_city_takes_no_owner_and_in_another_needs_one(table):
    quote(
        "If one of your spies is captured by a counterspy in a neutral country, place that spy in "
        "the Spies Captured in Neutral Countries box, not on the Time and Victory Record."
    )
    table.at(1933, "Britain").discard()
    table.do("chit", power="Britain", chit="Discovery", city="Berlin")
    table.do("resolve")
    refusal = table.refused(
        "counterspy",
        power="Germany",
        enemy="Britain",
        target="Willy",
        city="Berlin",
        owner="neutral",
    )
    assert str(refusal) == "action: owner: Berlin is in the city table (Germany in 1933)"
    table.do("chit", power="Britain", chit="Discovery", city="Nowhere")
    table.do("resolve")
    table.do(
        "counterspy",
        power="Germany",
        enemy="Britain",
        target="Willy",
        city="Nowhere",
        owner="neutral",
    )
    assert table.last.endswith(
        ": into the Spies Captured in Neutral Countries box; the counterspy leaves play"
    )
    assert table.view["out_of_play"]["Britain"] == {"Willy": "captured in a neutral country"}
    assert table.view["record"]["Germany"] == []


def test_no_originals_read_none(table):
    table.at(1939, "Britain").end_turn()
    table.do("originals", power="Germany", secrets=[])
    assert table.last == "Germany's original secrets in its 1939 column: none (0 points)"


def test_diplomacy_with_nobody_is_refused(table):
    quote("at a cost of one Action Point *per opponent*")
    refusal = table.refused("diplomacy", power="Germany", **{"with": []})
    assert str(refusal) == "action: with: expected the opponents, each once"


def test_a_power_without_tiles_ends_its_turn_without_one():
    quote("At the start of your turn, you must either discard *any* Event Tile face-down")
    table = Table(bank=60).set_up()
    table.state["hands"]["Germany"] = []
    table.do("end_turn", power="Germany")
    assert table.last == "Germany ends its turn (12 Action Points unspent); Italy's turn"


def test_give_counts_the_chits_in_words(table):
    quote("offering trades or sales of chits")
    table.do("diplomacy", power="Germany", **{"with": ["Italy"]})
    table.do("give", power="Germany", to="Italy", chits=2)
    assert table.last == "Germany gives Italy 2 Action chits"
    table.do("give", power="Germany", to="Italy", chits=1, pounds=5)
    assert table.last == "Germany gives Italy 5£ (Germany 55£, Italy 65£) and 1 Action chit"
    assert table.state["chits"]["Germany"] == 2 and table.state["chits"]["Italy"] == 8


def test_a_double_cross_alone_reverses_a_comparison(table):
    quote("to **reverse the results of a strength comparison**")
    table.do("chit", power="Germany", chit="Double Cross")
    assert table.last == (
        "Germany plays Double Cross (1£, 1 AP, 11 left): a strength comparison is reversed"
    )
    assert table.state["chain"] is None


def test_papers_without_a_search_are_refused_and_cost_nothing(table):
    quote("You play a **Papers** chit in reaction to a police search of one of your spies.")
    table.do("chit", power="Germany", chit="Discovery", city="Warsaw")
    assert str(table.refused("chit", power="Britain", chit="Papers")) == (
        "3.8 Playing Action Chits (Papers: against a police search, 3.4): Papers is played in "
        "reaction to a police search of one of your spies: no search of a British spy waits "
        "for it"
    )
    table.do("resolve")
    assert table.last.split("\n")[1:] == ["  1. Germany's Discovery in Warsaw: stands"]


def test_a_discovery_naming_its_spy_is_no_escape(table):
    table.do("chit", power="Germany", chit="Discovery", city="Warsaw", spy="Kurt")
    assert table.last == (
        "Germany plays Discovery in Warsaw (3£, 1 AP, 11 left); open to counters until resolved"
    )


def test_an_escape_only_of_a_captured_spy(table):
    quote("captured spies can return to play by an Escape chit")
    refusal = table.refused("chit", power="Germany", chit="Escape", spy="Kurt")
    assert str(refusal) == "3.8 Playing Action Chits: Germany's Kurt is not captured (in play)"


def test_a_drop_in_a_known_city_takes_no_owner(table):
    refusal = table.refused("chit", power="Germany", chit="Drop", city="Warsaw", owner="neutral")
    assert str(refusal) == "action: owner: Warsaw is in the city table (neutral)"


def test_originals_are_placed_once(table):
    table.at(1939, "Britain").end_turn()
    table.do("originals", power="Germany", secrets=[])
    refusal = table.refused("originals", power="Germany", secrets=[])
    assert str(refusal) == (
        "6.0 How to Win the Game: Germany's original secrets are already placed"
    )


def test_a_search_on_anothers_turn_finds_only_the_movers_spy(table):
    quote("You cannot search for a spy that has not moved.")
    table.at(1933, "Russia").discard()
    table.do("move", power="Russia", spy="R1", spaces=2)  # a label: any of Russia's spies
    refusal = table.refused(
        "search", power="Germany", city="Munich", enemy="Britain", target="Willy"
    )
    assert refusal.rule == "4.1 Searching for Arriving Enemy Spies"
    table.do("search", power="Germany", city="Munich", enemy="Russia", target="Merinka")


def test_moves_count_spaces_and_points_in_words(table):
    quote("Each spy can move a maximum of 5 spaces per turn")
    refusal = table.refused("move", power="Germany", spy="Kurt", spaces=0)
    assert str(refusal) == "action: spaces: expected a whole number >= 1 (got 0)"
    table.do("move", power="Germany", spy="Kurt", spaces=1)
    assert table.last == "Germany moves Kurt 1 space (1 AP, 11 left)"
    table.do("move", power="Germany", spy="Kurt", spaces=2)
    assert table.last == "Germany moves Kurt 2 spaces (2 AP, 9 left)"
    table.do("move", power="Germany", spy="Kurt", spaces=2)
    table.do("diplomacy", power="Germany", **{"with": ["Italy", "Russia", "France", "Britain"]})
    table.do("move", power="Germany", spy="Erik", spaces=1)
    table.do("end_turn", power="Germany")
    assert table.last == "Germany ends its turn (2 Action Points unspent); Italy's turn"


def test_a_counter_names_a_play_by_its_number(table):
    table.do("chit", power="Germany", chit="Discovery", city="Warsaw")
    refusal = table.refused("chit", power="Britain", chit="Cover", against=0)
    assert str(refusal) == "action: against: expected a whole number >= 1 (got 0)"
    table.do("chit", power="Italy", chit="Cover")
    assert table.last == (
        "Italy plays Cover against Germany's Discovery in Warsaw (1£, no AP on Germany's turn)"
    )


def test_the_tracker_draws_no_recruit_from_an_empty_box(table):
    action = {"type": "chit", "power": "Germany", "chit": "Recruit"}
    assert GAME.complete(table.state, action, 7) == action


def test_no_sanction_of_your_own_spy(table):
    refusal = table.refused(
        "chit",
        power="Germany",
        chit="Sanction",
        city="Warsaw",
        spy="Kurt",
        enemy="Germany",
        target="Erik",
    )
    assert str(refusal) == "3.8 Playing Action Chits: Germany does not sanction its own spy"


def test_a_forced_chit_without_chits_leaves_none_below_zero(table):
    table.state["chits"]["Germany"] = 0
    cup = table.state["cup"]
    table.do("chit", force=True, power="Germany", chit="Double Cross")
    assert table.state["chits"]["Germany"] == 0 and table.state["cup"] == cup


def test_a_recruit_while_a_chain_waits_stands_alone(table):
    quote("**Recruiting** cannot be countered.")
    table.state["out"]["Germany"] = {"Kurt": "sanctioned"}
    table.do("chit", power="Germany", chit="Discovery", city="Warsaw")
    table.do("chit", power="Germany", chit="Recruit", spy="Kurt")
    assert len(table.state["chain"]["plays"]) == 1


def test_a_source_opens_a_chain(table):
    table.do("chit", power="Germany", chit="Source", enemy="Britain")
    assert table.last == "Germany plays Source (4£, 2 AP, 10 left); open to counters until resolved"


def test_diplomacy_not_with_yourself_and_chits_given_are_held(table):
    refusal = table.refused("diplomacy", power="Germany", **{"with": ["Germany"]})
    assert str(refusal) == "3.9 Initiating Diplomacy: Germany does not negotiate with itself"
    table.do("diplomacy", power="Germany", **{"with": ["Italy"]})
    refusal = table.refused("give", power="Germany", to="Italy", chits=9)
    assert str(refusal) == "3.9 Initiating Diplomacy: Germany holds 5 Action chits"


def test_a_counter_against_the_play_it_names(table):
    quote("Discovery can be countered by Cover.")
    table.do("chit", power="Germany", chit="Discovery", city="Warsaw")
    table.do("chit", power="Britain", chit="Double Cross")
    table.do("chit", power="Italy", chit="Cover", against=1)  # not the newest play, 2
    assert table.last == (
        "Italy plays Cover against Germany's Discovery in Warsaw (1£, no AP on Germany's turn)"
    )


def test_a_counter_is_played_in_the_city_of_the_play_it_counters(table):
    quote("attempting to discover a secret in a city where you have a spy")
    quote("you can play a Cover chit to **prevent him from getting that secret**")
    table.do("chit", power="Germany", chit="Discovery", city="Warsaw")
    refusal = table.refused("chit", power="Britain", chit="Cover", against=1, city="Paris")
    assert str(refusal) == (
        "3.8 Playing Action Chits: city: a Cover against Germany's Discovery in Warsaw is played "
        "there, not in Paris"
    )
    table.do("chit", power="Britain", chit="Cover", against=1, city="Warsaw")
    table.do("resolve")
    assert table.last.split("\n")[1:] == [
        "  1. Germany's Discovery in Warsaw: negated",
        "  2. Britain's Cover in Warsaw against 1: stands",
    ]
    table.do("chit", power="Germany", chit="Source", enemy="Britain")
    refusal = table.refused("chit", power="Britain", chit="Intercept", city="Paris")
    assert str(refusal) == (
        "3.8 Playing Action Chits: city: an Intercept against Germany's Source is played in no "
        "city, not in Paris"
    )


def test_a_counter_to_a_sanction_is_logged_as_a_counter_only(table):
    quote("The enemy spy may play an Escape chit to cancel the effect of the Sanction")
    table.do(
        "chit",
        power="Germany",
        chit="Sanction",
        city="Warsaw",
        spy="Kurt",
        enemy="Britain",
        target="Willy",
    )
    table.do("chit", power="Britain", chit="Double Cross")
    assert table.last == (
        "Britain plays Double Cross against Germany's Sanction in Warsaw (1£, no AP on Germany's "
        "turn)"
    )
    table.do("chit", power="Germany", chit="Cover")
    table.do("chit", power="Britain", chit="Escape", spy="Willy")  # the spy who escapes, named
    assert table.last == (
        "Britain plays Escape against Germany's Cover in Warsaw (10£, no AP on Germany's turn)"
    )


def test_a_recruit_for_a_power_not_at_the_table_is_refused_not_drawn(table):
    quote("Choose your new spy at random from those of your color")
    action = {"type": "chit", "power": "Atlantis", "chit": "Recruit"}
    assert GAME.complete(table.state, action, 7) == action
    refusal = table.refused("chit", power="Atlantis", chit="Recruit")
    assert str(refusal) == (
        "action: chit: power: expected one of Germany, Italy, Russia, France, Britain "
        "(got 'Atlantis')"
    )


@pytest.mark.parametrize("chit", ["Discovery", "Drop", "Sanction"])
def test_a_chit_played_in_a_city_names_it(table, chit):
    quote("You must have a spy in the city with that secret.")
    refusal = table.refused(
        "chit", power="Germany", chit=chit, spy="Kurt", enemy="Britain", target="Willy"
    )
    assert str(refusal) == f"action: city: where the {chit} is played"
    assert table.state["chain"] is None


def test_even_a_forced_recruit_needs_a_spy_in_the_sanctioned_box(table):
    """--force waives a rule, never the bookkeeping: with no German spy in the box, a forced
    Recruit naming a captured spy does not free him (he stays on Britain's record)."""
    quote("You play a Recruit chit in order to recover a spy from the Sanctioned box on the map.")
    table.state["out"]["Germany"] = {"Kurt": "captured by Britain"}
    for force in (False, True):
        refusal = table.refused("chit", force=force, power="Germany", chit="Recruit", spy="Kurt")
        assert str(refusal) == (
            "3.8 Playing Action Chits: no German spy is in the Sanctioned Spies box"
        )
    assert table.state["out"]["Germany"] == {"Kurt": "captured by Britain"}


def test_the_last_action_chit_is_played_then_none_is_left(table):
    quote("To play a chit, spend the number of pounds and Action Points specified")
    table.state["chits"]["Germany"] = 1
    table.do("chit", power="Germany", chit="Discovery", city="Warsaw")
    assert table.view["chits"]["Germany"] == 0
    table.do("resolve")
    refusal = table.refused("chit", power="Germany", chit="Discovery", city="Warsaw")
    assert str(refusal) == "3.8 Playing Action Chits: Germany holds no Action chits"


def test_an_escape_from_capture_stands_alone_while_a_chain_waits(table):
    quote("Note that captured spies can return to play by an Escape chit.")
    table.state["out"]["Britain"] = {"Winston": "captured by Germany"}
    table.do("chit", power="Germany", chit="Discovery", city="Warsaw")
    table.do("chit", power="Britain", chit="Escape", spy="Winston")
    assert table.last.endswith("Winston escapes and returns to play (off the record)")
    assert table.view["out_of_play"]["Britain"] == {}
    table.do("resolve")
    assert table.last.split("\n")[1:] == ["  1. Germany's Discovery in Warsaw: stands"]


def test_a_drop_is_lost_only_where_there_is_one(table):
    quote("if the spy is removed for any reason, the chit is removed and the Drop is eliminated")
    cup = table.state["cup"]
    refusal = table.refused("drop_lost", power="Germany", city="Warsaw")
    assert str(refusal) == "3.8 Playing Action Chits: Germany has no Drop in Warsaw"
    assert table.state["cup"] == cup and table.state["drops"]["Germany"] == []


def test_an_escape_takes_only_its_own_spy_off_the_record(table):
    quote("captured spies can return to play by an Escape chit")
    caught = "captured by Germany"
    table.state["out"]["Britain"] = {"Cousin": caught, "Willy": caught}
    table.state["out"]["France"] = {"Cousin": caught}
    table.state["record"]["Germany"] = [
        {"year": 1933, "kind": "spy", "power": power, "name": name, "value": 1}
        for power, name in (("France", "Cousin"), ("Britain", "Willy"), ("Britain", "Cousin"))
    ]
    table.do("chit", power="Britain", chit="Escape", spy="Cousin")
    assert [(e["power"], e["name"]) for e in table.state["record"]["Germany"]] == [
        ("France", "Cousin"),
        ("Britain", "Willy"),
    ]


def test_a_counterspy_outside_a_haven_is_refused_without_a_word_on_havens(table):
    quote("Whenever a spy discovers a secret that you control and that secret is a counterspy")
    refusal = table.refused(
        "counterspy", power="Germany", enemy="Britain", target="Willy", city="Berlin"
    )
    assert str(refusal) == (
        "3.5 Capture and Counterspies: no Britain spy has discovered a secret in Berlin this turn"
        " (a counterspy acts when a spy discovers it: a Discovery that stands)"
    )


@pytest.mark.parametrize("city", ["Berlin", "Nowhere"])  # in the city table, and not (France's)
def test_a_counterspy_in_a_powers_territory_captures_onto_the_record(table, city):
    quote("Place any spy you capture on your Time and Victory Record under the Year in which it")
    owner = {"owner": "France"} if city == "Nowhere" else {}
    table.at(1933, "Britain").discard()
    table.do("chit", power="Britain", chit="Discovery", city=city, **owner)
    table.do("resolve")
    table.do("counterspy", power="Germany", enemy="Britain", target="Willy", city=city, **owner)
    assert table.last == (
        f"Germany's counterspy in {city} captures Britain's Willy (2): onto Germany's Time and "
        "Victory Record under 1933; the counterspy leaves play"
    )
    assert table.view["out_of_play"]["Britain"] == {"Willy": "captured by Germany"}


def test_diplomacy_names_each_opponent_once(table):
    quote("at a cost of one Action Point *per opponent*")
    refusal = table.refused("diplomacy", power="Germany", **{"with": ["Britain", "Britain"]})
    assert str(refusal) == "action: with: expected the opponents, each once"


def test_originals_are_a_list_and_the_log_names_them(table):
    quote("every secret with which you began the game")
    table.at(1939, "Britain").end_turn()
    refusal = table.refused("originals", power="Germany", secrets="Enigma Code")
    assert str(refusal) == "action: secrets: expected a list of secrets (may be [])"
    table.do("originals", power="Germany", secrets=["Enigma Code"])
    assert table.last == (
        "Germany's original secrets in its 1939 column: Enigma Code (4) (28 points)"
    )
