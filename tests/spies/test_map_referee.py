"""The map tracker as a careful referee runs it (issue 35): searches for an arriving spy in any
city of its path (4.1), once per turn for each enemy spy (3.4), five spaces a spy a turn across
an Escape (3.5, 3.6), Cover where you have a spy, Papers that undo a search's effect, `#N` as
typed, the set up in the rules' order, exchanges only in diplomacy (3.9), forced actions that
keep the bookkeeping whole. The map is tests/spies/map_fixture.py's."""

from __future__ import annotations

from map_fixture import GAME, PLACED, tracked_table
from spies_table import POLICE, POWERS, RANDOM, SECRETS, Table, quote

from assistant.games.spies import positions
from assistant.table import parse_assignments

PICCOLO = {**PLACED, "Italy": {**PLACED["Italy"], "Piccolo": "Geneva"}}  # Italy's #1


def refusal(table: Table, type: str, **fields) -> str:
    return str(table.refused(type, **fields))


def italy_moves_piccolo() -> Table:
    """Italy's turn: Piccolo (#1) from Geneva through Lyons, Paris, London and the North Sea to
    Hamburg (5 spaces): French police in Lyons and Paris, British in London, German in Hamburg."""
    table = tracked_table(PICCOLO)
    table.at(1933, "Italy").discard()
    table.do("move", power="Italy", spy="Piccolo", path="Lyons,Paris,London,North Sea,Hamburg")
    assert positions.city_of(table.state, "Italy", "#1") == "Hamburg"
    return table


# -- 4.1 in any city of the path ----------------------------------------------------------------


def test_an_arriving_spy_is_searched_in_every_city_of_its_path():
    quote("You can search for each enemy spy each time it moves into any city containing your")
    table = italy_moves_piccolo()
    table.do("search", power="France", city="Paris")  # the only Italian counter that entered
    assert table.last == (
        "France's police search Paris (no AP on Italy's turn): Italy's counter #1: nothing found"
    )
    table.do("search", power="France", city="Lyons", captured="no")
    assert table.last.endswith("Italy's counter #1: nothing found")
    assert refusal(table, "search", power="France", city="Paris", enemy="Italy") == (
        "4.1 Searching for Arriving Enemy Spies: France has searched for Italy's counter #1 each "
        "time it moved into Paris this turn (1 time: you search for each enemy spy each time it "
        "moves into a city containing your police)"
    )
    table.do("search", power="Britain", city="London", enemy="Italy", target="#1")
    assert table.last == (
        "Britain's police search London (no AP on Italy's turn): Italy's counter #1 is turned "
        "up, Italy's Piccolo (1): captured onto Britain's Time and Victory Record under 1933 (it "
        "had moved on to Hamburg: it stops in London)"
    )
    assert "#1" not in table.view["positions"]["spies"]["Italy"]
    # captured in London, it never reached Hamburg: refused even forced (no second capture)
    for force in (False, True):
        assert refusal(
            table, "search", force=force, power="Germany", city="Hamburg", target="#1"
        ) == (
            "3.5 Capture and Counterspies: Italy's counter #1 is no longer on the map (captured "
            "or killed this turn)"
        )
    assert [e["name"] for e in table.state["record"]["Britain"]] == ["Piccolo"]


def test_a_spy_that_did_not_move_is_not_searched_on_anothers_turn():
    quote("You cannot search for a spy that has not moved.")
    table = italy_moves_piccolo()
    assert refusal(table, "search", power="Russia", city="Moscow") == (
        "4.1 Searching for Arriving Enemy Spies: no Italy spy has moved into Moscow this turn: "
        "you cannot search for a spy that has not moved"
    )
    assert refusal(table, "search", power="France", city="Paris", target="#2") == (
        "4.1 Searching for Arriving Enemy Spies: Italy's counter #2 has not moved into Paris "
        "this turn: you search for an enemy spy each time it moves into a city containing your "
        "police"
    )


# -- 3.4 once per turn for each enemy spy -------------------------------------------------------


def test_police_search_once_per_turn_for_each_enemy_spy():
    quote("Your police can search once per turn for each enemy spy in any city containing your")
    table = tracked_table({**PLACED, "France": {**PLACED["France"], "Bruno": "Essen"}})
    table.discard()
    assert refusal(table, "search", power="Germany", city="Essen") == (
        "action: enemy: whose spy Germany searches for in Essen (France, Britain): announce "
        "which enemy spy you are searching for (3.4)"
    )
    table.do("search", power="Germany", city="Essen", enemy="Britain", captured="no")
    assert table.last == (
        "Germany's police search Essen (1 AP, 11 left): Britain's counter #2: nothing found"
    )
    for fields in ({"enemy": "Britain", "target": "#2"}, {"enemy": "Britain"}):
        assert refusal(table, "search", power="Germany", city="Essen", **fields) == (
            "3.4 Searching for Enemy Spies: Germany's police have searched for Britain's counter "
            "#2 this turn (your police can search once per turn for each enemy spy)"
        )
    table.do("search", power="Germany", city="Essen", enemy="France")  # another spy, same city
    assert table.last.startswith("Germany's police search Essen (0 AP, 11 left): France's")
    assert refusal(table, "search", power="Germany", city="Essen", captured="maybe") == (
        "action: captured: expected yes or no (got 'maybe')"
    )


# -- 3.6 across an Escape -----------------------------------------------------------------------


def test_five_spaces_a_spy_a_turn_are_counted_across_an_escape():
    quote("Each spy can move a maximum of 5 spaces per turn")
    quote("Note that captured spies can return to play by an Escape chit.")
    table = tracked_table()
    table.at(1933, "Britain").discard()
    table.do("move", power="Britain", spy="Willy", path="Hamburg,Berlin")  # 2 spaces
    table.do("search", power="Germany", city="Berlin", enemy="Britain")
    assert "Britain's Willy (2): captured" in table.last
    table.do("chit", power="Britain", chit="Escape", spy="Willy")
    assert "Willy escapes and returns to play in London (counter #7" in table.last
    assert refusal(
        table, "move", power="Britain", spy="Willy", path="Liverpool,Glasgow,Atlantic,Dublin"
    ) == (
        "3.6 Moving Your Spies: a spy moves at most 5 spaces a turn; #7 has moved 2, 2 + 4 = 6 "
        "(London -rail- Liverpool -rail- Glasgow -to sea- Atlantic -from sea- Dublin)"
    )
    table.do("move", power="Britain", spy="Willy", path="Liverpool,Glasgow,Liverpool")
    assert refusal(table, "move", power="Britain", spy="Willy", to="Glasgow").startswith(
        "3.6 Moving Your Spies: a spy moves at most 5 spaces a turn; #7 has moved 5, 5 + 1 = 6"
    )


# -- Cover, Papers ------------------------------------------------------------------------------


def test_cover_is_played_where_you_have_a_spy():
    quote("in a city where you have a spy, you can play a Cover chit")
    table = tracked_table({**PLACED, "Italy": {**PLACED["Italy"], "Mario": "Prague"}})
    table.discard()
    table.do("chit", power="Germany", chit="Discovery", city="Prague")
    assert refusal(table, "chit", power="Britain", chit="Cover") == (
        "3.8 Playing Action Chits: Britain has no spy in Prague (Cover is played against a "
        "Discovery in a city where you have a spy)"
    )
    table.do("chit", power="Italy", chit="Cover")
    assert table.last.startswith("Italy plays Cover against Germany's Discovery in Prague")


def test_papers_nullify_the_search_and_its_capture():
    quote("Papers nullify the effect of the search")
    table = tracked_table()
    table.discard()
    assert refusal(table, "chit", power="Britain", chit="Papers") == (
        "3.8 Playing Action Chits (Papers: against a police search, 3.4): Papers is played in "
        "reaction to a police search of one of your spies: no search of a British spy waits for "
        "it"
    )
    bank = dict(table.state["bank"])
    table.do("search", power="Germany", city="Essen", enemy="Britain", target="#2")
    assert table.state["record"]["Germany"] and "#2" not in positions.counters(
        table.state, "Britain"
    )
    assert refusal(table, "chit", power="France", chit="Papers").endswith(
        "no search of a French spy waits for it"
    )
    table.do("chit", power="Britain", chit="Papers")
    assert table.last == (
        "Britain plays Papers (2£, no AP on Germany's turn): no strength comparison for that "
        "search; Britain's counter #2 is not captured (it stands in Essen, off Germany's record)"
    )
    assert positions.city_of(table.state, "Britain", "#2") == "Essen"
    assert table.state["record"]["Germany"] == []
    assert table.state["out"]["Britain"] == {}
    assert table.state["bank"]["Britain"] == bank["Britain"] - 2
    assert refusal(table, "chit", power="Britain", chit="Papers").endswith(
        "no search of a British spy waits for it"
    )  # once: the search's effect is nullified
    # a search that found nothing: Papers still evade it (no comparison); after another action,
    # too late
    table.do("chit", power="Germany", chit="Double Cross")
    assert refusal(table, "chit", power="Britain", chit="Escape").startswith(
        "3.8 Playing Action Chits (Escape: against a police search, 3.4)"
    )


# -- what is typed ------------------------------------------------------------------------------


def test_a_counter_typed_as_hash_n_is_that_counter_never_a_comment():
    assert parse_assignments(["target=#3", "spy=#12", "n=3"], "value") == {
        "target": "#3",
        "spy": "#12",
        "n": 3,
    }
    table = tracked_table()
    table.discard()
    assert refusal(table, "search", power="Germany", city="Essen", target=None) == (
        "action: target: empty (name the counter: #N; #2)"
    )  # never silently the only one there
    assert refusal(table, "search", power="Germany", city="Essen", target="Willy") == (
        "action: target: name the counter (#N; Britain's in Essen: #2): which spy a counter is "
        "stays with Britain"
    )


def test_a_move_needs_to_or_path_and_a_path_ends_at_to():
    table = tracked_table()
    table.discard()
    assert refusal(table, "move", power="Germany", spy="Kurt") == (
        "action: move needs to=CITY or path=A,B,C (this table tracks positions)"
    )
    assert refusal(
        table, "move", power="Germany", spy="Kurt", path="Hamburg,Essen", to="London"
    ) == ("action: path ends in Essen, not in London (to=)")
    table.do("move", power="Germany", spy="Kurt", path="Hamburg,Essen", to="Essen")
    assert positions.city_of(table.state, "Germany", "#2") == "Essen"


# -- the set up in the rules' order -------------------------------------------------------------


def test_the_set_up_in_the_rules_order_then_the_spies():
    quote("Place *all* of your spies")
    table = Table.__new__(Table)
    table.game, table.state, table.log = GAME, GAME.setup({}), []
    assert "place spies={Spy: City, ...}" in table.view["next"]
    for power in POWERS:  # 2.3, 2.4, 2.5 for every power, as the rules order them
        table.do("hand", power=power, random=RANDOM[power])
        table.do("secrets", power=power, cities=SECRETS[power])
        table.do("police", power=power, cities=POLICE[power])
    assert table.state["phase"] == "play"
    assert "or first, to keep the spies on the map: place spies=" in table.view["next"]
    table.do("place", power="Germany", spies=PLACED["Germany"])  # 2.6
    assert table.last.startswith("the set up goes on: every power places its spies (2.6)")
    assert table.state["phase"] == "setup"
    assert table.view["next"].startswith("set up: Italy (place spies)")
    for power in POWERS[1:]:
        table.do("place", power=power, spies=PLACED[power])
    assert table.state["phase"] == "play" and positions.tracked(table.state)
    table.discard()
    table.do("move", power="Germany", spy="Kurt", to="Hamburg")


def test_spies_are_not_placed_once_the_first_turn_has_begun():
    table = Table().set_up()
    table.discard()
    assert refusal(table, "place", power="Germany", spies=PLACED["Germany"]).startswith(
        "2.6 Deploying Spies: this table does not track positions"
    )
    assert "place spies" not in table.view["next"]


def test_a_forced_place_still_places_every_spy():
    table = Table.__new__(Table)
    table.game, table.state, table.log = GAME, GAME.setup({}), []
    some = dict(list(PLACED["Germany"].items())[:5])
    assert refusal(table, "place", force=True, power="Germany", spies=some) == (
        "2.6 Deploying Spies: place all of your spies: Cousin not placed"
    )


# -- diplomacy and exchanges --------------------------------------------------------------------


def test_an_exchange_follows_diplomacy_opened_this_turn():
    quote("(at a cost of one Action Point *per opponent*)")
    table = Table().set_up()
    table.discard()
    assert refusal(table, "give", power="Germany", to="Italy", pounds=5) == (
        "3.9 Initiating Diplomacy: no negotiation between Germany and Italy is open this turn "
        "(Germany initiates diplomacy, 1 AP per opponent: diplomacy with=...)"
    )
    table.do("diplomacy", power="Germany", **{"with": ["Italy"]})
    table.do("give", power="Italy", to="Germany", pounds=5)
    table.do("give", power="Germany", to="Italy", pounds=5)
    assert refusal(table, "give", power="Germany", to="Russia", pounds=5).startswith(
        "3.9 Initiating Diplomacy: no negotiation between Germany and Russia"
    )
    table.end_turn()
    assert refusal(table, "give", power="Germany", to="Italy", pounds=5).startswith(
        "3.9 Initiating Diplomacy: no negotiation between Germany and Italy is open this turn "
        "(Italy initiates"
    )


def test_a_forced_give_never_makes_money():
    table = Table(bank=25).set_up()
    table.discard()
    table.do("give", force=True, power="Germany", to="Italy", pounds=100)
    assert (table.state["bank"]["Germany"], table.state["bank"]["Italy"]) == (0, 50)
    assert table.last == "Germany gives Italy 25£ (Germany 0£, Italy 50£)"


def test_a_drop_in_a_city_not_in_the_table_costs_by_its_owner():
    quote("if the city is in *any* player's territory, spend 30£")
    table = Table(bank=60).set_up()
    table.discard()
    assert refusal(table, "chit", power="Germany", chit="Drop", city="Lille", owner="Mars") == (
        "action: owner: no power 'Mars' (powers: Germany, Italy, Russia, France, Britain)"
    )
    table.do("chit", power="Germany", chit="Drop", city="Lille", owner="France")
    assert table.state["bank"]["Germany"] == 30


def test_the_public_board_says_where_the_secrets_lie_never_what_they_are():
    quote("then place your secrets face-down, one per city, in any cities in your territory")
    table = Table().set_up()
    shown = table.game.render(table.state)
    assert "secrets set up face down (2.4; what each is stays hidden):" in shown
    assert "  Britain: London, Glasgow, Cairo, Malta, Liverpool, Manchester" in shown
    assert "  one in each SECRET city: Ankara, Bucharest, Budapest, Madrid, Prague" in shown


# -- what the mutation run found untested (tools/mutate.py) -------------------------------------


def test_a_capture_eliminates_a_drop_and_papers_restore_it():
    quote(
        "if the spy is removed for any reason, the chit is removed and the **Drop** is eliminated"
    )
    table = tracked_table()
    table.at(1933, "Britain").discard()
    table.state["bank"]["Britain"] = 60
    table.do("move", power="Britain", spy="#2", to="Hamburg")  # Willy, to German police
    table.do("chit", power="Britain", chit="Drop", city="Hamburg")
    table.do("resolve")
    cup = table.state["cup"]
    assert table.state["drops"]["Britain"] == ["Hamburg"]
    table.do("search", power="Germany", city="Hamburg", enemy="Britain")
    assert table.last.endswith(
        "  Britain's Drop in Hamburg is eliminated (no Britain spy left there)"
    )
    assert table.state["drops"]["Britain"] == [] and table.state["cup"] == cup + 1
    table.do("chit", power="Britain", chit="Papers")
    assert table.state["drops"]["Britain"] == ["Hamburg"]
    assert table.state["cup"] == cup + 1  # the Drop's chit is back in the city, Papers in the cup


def test_a_counterspy_acts_once_for_a_discovery_on_the_map():
    quote("Whatever the outcome of the strength comparison, remove the counterspy from play.")
    table = tracked_table({**PLACED, "Britain": {**PLACED["Britain"], "Cousin": "Prague"}})
    table.discard()
    fields = {"enemy": "Germany", "city": "Prague", "target": "#5"}
    assert refusal(table, "counterspy", power="Britain", **fields) == (
        "3.5 Capture and Counterspies: no Germany spy has discovered a secret in Prague this turn "
        "(a counterspy acts when a spy discovers it: a Discovery that stands)"
    )
    table.do("chit", power="Germany", chit="Discovery", city="Prague")
    table.do("resolve")
    table.do("counterspy", power="Britain", **fields)
    assert table.state["step"]["discovered"] == []
    assert table.last.endswith("the counterspy leaves play")


def test_a_counterspy_capture_eliminates_the_drop_of_its_city():
    table = tracked_table()
    table.discard()
    table.state["bank"]["Germany"] = 60
    table.do("chit", power="Germany", chit="Drop", city="Prague")  # Ernst, #5
    table.do("resolve")
    table.do("chit", power="Germany", chit="Discovery", city="Prague")
    table.do("resolve")
    table.do("counterspy", power="Britain", enemy="Germany", city="Prague", target="#5")
    assert "Germany's Drop in Prague is eliminated" in table.last
    assert table.state["drops"]["Germany"] == []


def test_a_path_is_a_list_of_spaces():
    table = tracked_table()
    table.discard()
    for path in ([], 5):
        assert refusal(table, "move", power="Germany", spy="#2", path=path) == (
            "action: path: expected the spaces entered, A,B,C (cities, sea zones)"
        )


def test_on_the_map_the_tile_comes_before_a_move():
    table = tracked_table()
    assert refusal(table, "move", power="Germany", spy="#2", to="Hamburg") == (
        "3.21 Playing Event Tiles: Germany first discards an Event Tile or plays one of 1933 "
        "(nothing else first)"
    )


def test_without_positions_a_spy_moves_on_its_own_turn():
    table = Table().set_up()
    table.discard()
    assert refusal(table, "move", power="Italy", spy="Carla", spaces=1) == (
        "4.0 Another player's turn: it is Germany's turn; Italy cannot move a spy now"
    )


def test_without_positions_papers_undo_a_capture():
    quote("Papers nullify the effect of the search")
    table = Table().set_up()
    table.at(1933, "Britain").discard()
    table.do("move", power="Britain", spy="Willy", spaces=1)
    table.do("search", power="Germany", city="Essen", enemy="Britain", target="Willy")
    assert table.state["out"]["Britain"] == {"Willy": "captured by Germany"}
    table.do("chit", power="Britain", chit="Papers")
    assert table.last == (
        "Britain plays Papers (2£, 1 AP, 10 left): no strength comparison for that search; "
        "Britain's Willy is not captured (off Germany's record)"
    )
    assert table.state["out"]["Britain"] == {} and table.state["record"]["Germany"] == []


def test_a_drop_lost_says_so():
    table = Table(bank=60).set_up()
    table.discard()
    table.do("chit", power="Germany", chit="Drop", city="Warsaw")
    table.do("resolve")
    table.do("drop_lost", power="Germany", city="Warsaw")
    assert table.last == "Germany's Drop in Warsaw is eliminated (no Germany spy left there)"


def test_a_search_names_a_power_with_a_spy_there_and_a_path_leaves_its_city():
    table = tracked_table()
    table.discard()
    assert refusal(table, "search", power="Germany", city="Essen", enemy="Italy") == (
        "3.4 Searching for Enemy Spies: Italy has no spy in Essen"
    )
    assert refusal(table, "move", power="Germany", spy="#2", path=["Berlin"]) == (
        "3.6 Moving Your Spies: #2 in Berlin: no rail, air or sea route from Berlin to Berlin "
        "(space 1)"
    )


def test_an_arriving_spy_searched_each_time_it_entered_and_only_the_movers():
    table = tracked_table(PICCOLO)
    table.at(1933, "Italy").discard()
    table.do("move", power="Italy", spy="Piccolo", path="Lyons,Paris,London,Paris")
    assert refusal(table, "search", power="France", city="Paris", enemy="Britain") == (
        "4.1 Searching for Arriving Enemy Spies: no Britain spy has moved into Paris this turn: "
        "you cannot search for a spy that has not moved"
    )
    table.do("search", power="France", city="Paris", captured="no")
    table.do("search", power="France", city="Paris", captured="no")  # it came in twice
    assert refusal(table, "search", power="France", city="Paris").startswith(
        "4.1 Searching for Arriving Enemy Spies: France has searched for Italy's counter #1 each "
        "time it moved into Paris this turn (2 times"
    )


def test_every_chit_a_power_holds_may_be_given():
    table = Table().set_up()
    table.discard()
    table.do("diplomacy", power="Germany", **{"with": ["Italy"]})
    table.do("give", power="Germany", to="Italy", chits=5)
    assert table.state["chits"] == {**table.state["chits"], "Germany": 0, "Italy": 10}


def test_austria_annexed_adds_vienna_to_what_germany_began_with():
    from assistant.games.spies.turns import began_with

    table = Table().set_up()
    table.state["annexed"]["Austria"] = "Germany"  # Ge 7 played (a test's shortcut)
    assert began_with(table.state, "Germany", table.game.data) == 8


def test_another_chit_ends_the_wait_for_papers():
    table = tracked_table()
    table.discard()
    table.do("search", power="Germany", city="Essen", enemy="Britain")
    table.do("chit", power="Germany", chit="Double Cross")
    assert refusal(table, "chit", power="Britain", chit="Papers").endswith(
        "no search of a British spy waits for it"
    )


def test_a_counter_is_checked_against_the_play_it_counters():
    quote("Cover is played in this case after the moving player has played his Discovery chit")
    table = tracked_table({**PLACED, "Italy": {**PLACED["Italy"], "Mario": "Prague"}})
    table.discard()
    table.do("chit", power="Germany", chit="Discovery", city="Prague")
    table.do("chit", power="Britain", chit="Double Cross", against=1)
    assert refusal(table, "chit", power="France", chit="Cover", against=1) == (
        "3.8 Playing Action Chits: France has no spy in Prague (Cover is played against a "
        "Discovery in a city where you have a spy)"
    )
    table.do("chit", power="Italy", chit="Cover", against=1)


def test_an_escape_after_a_capture_on_another_turn_moves_five():
    table = tracked_table()
    table.discard()
    table.do("search", power="Germany", city="Essen", enemy="Britain")  # Willy, on Germany's turn
    table.at(1933, "Britain").discard()
    table.do("chit", power="Britain", chit="Escape", spy="Willy")
    table.do(
        "move", power="Britain", spy="Willy", path="Liverpool,Glasgow,Liverpool,Glasgow,Liverpool"
    )
    assert table.state["step"]["moved"]["#7"] == 5


def test_a_sanction_on_the_map_names_the_counter_when_there_are_two():
    table = tracked_table({**PLACED, "Britain": {**PLACED["Britain"], "Rose": "Berlin"}})
    table.at(1933, "Britain").discard()
    table.state["bank"]["Britain"] = 60
    fields = {"chit": "Sanction", "city": "Berlin", "spy": "Rose", "enemy": "Germany"}
    assert refusal(table, "chit", power="Britain", **fields) == (
        "action: target: which of Germany's counters in Berlin (#1, #2)"
    )
    assert refusal(table, "chit", power="Britain", **{**fields, "enemy": "Italy"}) == (
        "3.8 Playing Action Chits: Italy has no spy in Berlin"
    )


def test_a_counter_finds_the_play_it_answers_past_its_own():
    quote("The enemy spy may play an **Escape** chit to cancel the effect of the Sanction")
    table = Table(bank=60).set_up()
    table.discard()
    fields = {"city": "Warsaw", "spy": "Kurt", "enemy": "Britain", "target": "Willy"}
    table.do("chit", power="Germany", chit="Sanction", **fields)
    table.do("chit", power="Britain", chit="Double Cross")
    table.do("chit", power="Britain", chit="Escape")  # past its own Double Cross, to the Sanction
    assert table.last == (
        "Britain plays Escape against Germany's Sanction in Warsaw (10£, no AP on Germany's turn)"
    )


def test_a_double_cross_while_a_source_waits_joins_its_chain():
    table = Table(bank=60).set_up()
    table.discard()
    table.do("chit", power="Germany", chit="Source", enemy="France")
    table.do("chit", power="Britain", chit="Double Cross")
    assert [p["chit"] for p in table.state["chain"]["plays"]] == ["Source", "Double Cross"]


def test_papers_after_an_escape_do_not_bring_the_spy_back_twice():
    table = tracked_table()
    table.at(1933, "Britain").discard()
    table.do("move", power="Britain", spy="#2", to="Hamburg")
    table.do("search", power="Germany", city="Hamburg", enemy="Britain")
    table.do("chit", power="Britain", chit="Escape", spy="Willy")  # back in London, #7
    assert refusal(table, "chit", power="Britain", chit="Papers").endswith(
        "no search of a British spy waits for it"
    )
    assert positions.counters(table.state, "Britain")["#7"] == "London"
    assert "#2" not in positions.counters(table.state, "Britain")
