"""A table that tracks positions (its spies placed at the set up): spies and police placed (2.5,
2.6), moves along the map's routes (3.6), tiles paid from the map (3.21), searches where police and
enemy spies stand (3.4, 4.1), chits where their spies are (3.8), and what each seat sees.

The map is tests/spies/map_fixture.py's (real cities, hand-made routes)."""

from __future__ import annotations

import copy

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st
from map_fixture import GAME, PLACED, tracked_table
from spies_table import GAMES, POWERS, Table, quote

from assistant.engine import Refusal
from assistant.games.spies.rules import GAME as PLAIN


def refusal(table: Table, type: str, **fields) -> str:
    return str(table.refused(type, **fields))


# -- the set up ---------------------------------------------------------------------------------


def test_a_table_without_positions_works_as_before():
    table = Table().set_up()
    assert "positions" not in table.state and "positions" not in table.view
    table.do("play", power="Germany", tile="Ge 3", spies={"Britain": ["Essen", "Lisbon"]})
    assert refusal(table, "place", power="Germany", spies=PLACED["Germany"]).startswith(
        "2.6 Deploying Spies: this table does not track positions (it would have with a place "
        "spies=... at the set up)"
    )
    assert "  no award in Lisbon (not a city of Ge 3)" in table.last
    assert refusal(table, "move", power="Germany", spy="Kurt", to="London") == (
        "action: to/path: this table does not track positions (no spies placed at the set "
        "up): move spy=... spaces=N"
    )
    assert refusal(table, "move", power="Germany", spy="Kurt") == "action: move needs spaces=..."


def test_every_spy_is_placed_in_a_city_of_the_map_and_the_game_waits_for_them():
    quote("Place *all* of your spies")
    table = tracked_table()
    fresh = Table.__new__(Table)
    fresh.game, fresh.state, fresh.log = GAME, GAME.setup({}), []
    some = dict(list(PLACED["Germany"].items())[:5])
    assert refusal(fresh, "place", power="Germany", spies=some) == (
        "2.6 Deploying Spies: place all of your spies: Cousin not placed"
    )
    wrong = {**PLACED["Germany"], "Kurt": "Atlantis"}
    assert refusal(fresh, "place", power="Germany", spies=wrong) == (
        "2.6 Deploying Spies: 'Atlantis' is not a city of the map (Kurt)"
    )
    assert refusal(fresh, "place", power="Germany", spies={"Willy": "Paris"}).startswith(
        "action: spies: Germany has no spy 'Willy'"
    )
    assert refusal(fresh, "place", power="Germany") == (
        "action: place: spies={Spy: City, ...} and/or police={City: count, ...}"
    )
    fresh.do("place", power="Germany", spies=PLACED["Germany"])
    assert refusal(fresh, "place", power="Germany", spies=PLACED["Germany"]) == (
        "2.6 Deploying Spies: Germany's spies are already placed"
    )
    assert (
        "place spies" in fresh.view["next"]
        and "Germany (hand, secrets, police)" in (fresh.view["next"])
    )
    # once the set up is done, spies are not placed again (they move)
    assert refusal(table, "place", power="Germany", spies=PLACED["Germany"]) == (
        "2.6 Deploying Spies: spies are placed at the set up (then they move, 3.6)"
    )


def test_police_are_placed_and_re_arranged_by_the_rules():
    quote("no more than 2 per city, in any cities coded for police (including your capital)")
    fresh = Table.__new__(Table)
    fresh.game, fresh.state, fresh.log = GAME, GAME.setup({}), []
    too_many = {"Berlin": 3, "Hamburg": 2, "Munich": 2}
    assert refusal(fresh, "place", power="Germany", police=too_many) == (
        "2.5 Deploying Police: no more than 2 police per city (3 in Berlin)"
    )
    table = tracked_table()
    table.do("discard", power="Germany", tile="random 36")
    quote("Re-arrange your police among your home country cities in any way")
    moved = {"Berlin": 2, "Hamburg": 1, "Munich": 2, "Essen": 2}
    table.do("place", power="Germany", police=moved)
    assert table.view["police"]["Germany"] == moved
    table.do("search", power="Germany", city="Essen")
    assert refusal(table, "place", power="Germany", police=moved) == (
        "3.3 Re-Arranging Your Police: Germany re-arranges its police before searching and "
        "moving (3.4, 3.6)"
    )


def test_the_table_sees_counters_and_each_seat_its_own_spies():
    table = tracked_table()
    view = table.view
    assert view["positions"]["spies"]["Britain"]["#2"] == "Essen"  # Willy: Dublin is #1
    assert view["positions"]["by_city"]["Berlin"] == {"Germany": ["#1", "#2"]}
    text = str(view)
    assert "Willy" not in text and "Kurt" not in text  # no spy's name in the public view
    mine = GAME.seat_view(table.state, "Britain")["secret"]["spies"]
    # numbered by city, in name order (no two British spies share a city: the seed plays no part)
    assert mine == {
        "Britain": {
            "#1": "Cynthia",  # Dublin
            "#2": "Willy",  # Essen
            "#3": "Winston",  # Gibraltar
            "#4": "Rose",  # Kiev
            "#5": "Cousin",  # Malta
            "#6": "Peter",  # Minsk
        }
    }
    # the log: the counters' cities, never which spy
    assert [line for line in table.log if line.startswith("Britain places its 6")] == [
        "Britain places its 6 spies face down: Dublin #1; Essen #2; Gibraltar #3; Kiev #4; "
        "Malta #5; Minsk #6"
    ]
    placing = {"type": "place", "power": "Germany", "spies": PLACED["Germany"]}
    assert GAME.public_action(placing)["spies"] == (
        "(face down: Berlin 2, Budapest, Moscow, Prague, Vienna)"
    )
    assert GAME.seat_action(placing, "Germany") == placing
    assert GAME.seat_action(placing, "Britain") == GAME.public_action(placing)
    moving = {"type": "move", "power": "Germany", "spy": "Kurt", "to": "London"}
    assert GAME.seat_action(moving, "France")["spy"] == "(secret)"
    assert GAME.seat_action(moving, "Germany") == moving
    old = {"type": "move", "power": "Germany", "spy": "Kurt", "spaces": 3}
    assert GAME.public_action(old) == old  # a table without positions: as typed
    shown = GAME.render(table.state)
    assert "  Berlin: German police 2; German spies #1, #2" in shown
    assert "  Essen: German police 1; British spy #2" in shown


_FRESH = GAME.setup({})
_FEW_CITIES = ("Berlin", "Paris", "Vienna")  # few, so that spies share a city


def _placed(spies: dict[str, str], **seed) -> tuple[dict[str, str], dict[str, str]]:
    """Germany's counters after `place spies=...` on a fresh table: counter -> city and counter
    -> spy."""
    after = GAME.apply(_FRESH, {"type": "place", "power": "Germany", "spies": spies, **seed})
    assert not isinstance(after, Refusal), after
    return after["positions"]["counters"]["Germany"], after["positions"]["spies"]["Germany"]


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.sampled_from(_FEW_CITIES), min_size=6, max_size=6),
    st.permutations(range(6)),
    st.integers(0, 2**31 - 1),
)
def test_the_numbers_do_not_follow_the_order_the_spies_are_listed_in(cities, order, seed):
    """Property: the same spies in the same cities, listed in any order, get the same counters:
    numbered by city in name order (counter -> city), and for one seed each counter is the same
    spy (counter -> spy). So the listing order (which could follow the counter sheet) tells the
    table nothing."""
    spies = dict(zip(PLACED["Germany"], cities, strict=True))
    listed = list(spies.items())
    shuffled = dict(listed[i] for i in order)
    where, who = _placed(spies, seed=seed)
    assert _placed(shuffled, seed=seed) == (where, who)
    assert list(where) == [f"#{n}" for n in range(1, 7)]
    assert list(where.values()) == sorted(cities)  # by city, in name order
    assert all(spies[who[counter]] == city for counter, city in where.items())


def test_the_tracker_draws_the_order_of_a_citys_counters_and_keeps_the_seed_secret():
    """Germany's Kurt and Cousin share Berlin: with the seed the tracker draws (recorded with the
    action), either can be #1; the table sees the same counters and cities either way, and every
    other seat reads the seed as "(secret)"."""
    placing = {"type": "place", "power": "Germany", "spies": PLACED["Germany"]}
    orders, views = set(), []
    for seed in range(12):
        completed = GAME.complete(_FRESH, placing, seed)
        assert completed == {**placing, "seed": seed}  # drawn once, recorded with the action
        assert GAME.complete(_FRESH, completed, seed + 1) == completed  # entered again: kept
        after = GAME.apply(_FRESH, completed)
        assert not isinstance(after, Refusal), after
        mine = after["positions"]["spies"]["Germany"]
        orders.add((mine["#1"], mine["#2"]))
        views.append(GAME.view(after)["positions"])
        for seat in POWERS:
            read = GAME.seat_action(completed, seat)
            assert read["seed"] == (seed if seat == "Germany" else "(secret)"), seat
        assert GAME.public_action(completed) == {**GAME.public_action(placing), "seed": "(secret)"}
    assert orders == {("Kurt", "Cousin"), ("Cousin", "Kurt")}  # different seeds, both orders
    assert all(view == views[0] for view in views)  # the table sees no difference
    assert views[0]["spies"]["Germany"]["#1"] == views[0]["spies"]["Germany"]["#2"] == "Berlin"


# -- moves (3.6) --------------------------------------------------------------------------------


def test_a_move_follows_the_routes_and_costs_a_point_a_space():
    quote("at a cost of one Action Point *per space moved*")
    table = tracked_table()
    table.do("discard", power="Germany", tile="random 36")
    table.do("move", power="Germany", spy="Kurt", to="London")
    assert table.last == (
        "Germany moves #2: Berlin -rail- Hamburg -to sea- North Sea -from sea- London "
        "(3 spaces, the shortest path; 3 AP, 9 left)"
    )
    assert table.view["positions"]["spies"]["Germany"]["#2"] == "London"
    assert refusal(table, "move", power="Germany", spy="#2", path="Liverpool,Glasgow,Atlantic") == (
        "3.6 Moving Your Spies: #2 in London: the path ends at sea (Atlantic): a spy cannot end "
        "its movement at sea"
    )
    assert refusal(
        table,
        "move",
        power="Germany",
        spy="Kurt",
        path=["Liverpool", "Glasgow", "Atlantic", "Dublin"],
    ) == (
        "3.6 Moving Your Spies: a spy moves at most 5 spaces a turn; #2 has moved 3, 3 + 4 = 7 "
        "(London -rail- Liverpool -rail- Glasgow -to sea- Atlantic -from sea- Dublin)"
    )
    table.do("move", power="Germany", spy="Kurt", path="London,Liverpool")  # may name its start
    assert table.last == "Germany moves #2: London -rail- Liverpool (1 space; 1 AP, 8 left)"
    assert refusal(table, "move", power="Germany", spy="Heidi", path="Warsaw") == (
        "3.6 Moving Your Spies: #6 in Vienna: no rail, air or sea route from Vienna to Warsaw "
        "(space 1)"
    )
    table.do("move", power="Germany", spy="Heidi", path="Prague")
    quote("You must finish moving one spy before you begin moving another.")
    assert refusal(table, "move", power="Germany", spy="Kurt", to="London") == (
        "3.6 Moving Your Spies: Germany has finished moving #2 (you must finish moving one spy "
        "before you begin moving another)"
    )
    assert refusal(table, "move", power="Germany", spy="Heidi", spaces=1) == (
        "action: spaces: this table tracks positions: move spy=... to=CITY (or path=A,B,C)"
    )
    assert refusal(table, "move", power="Germany", spy="#9", to="Paris") == (
        "action: spy: Germany has no counter #9 on the map"
    )
    assert refusal(table, "move", power="Germany", spy="Heidi", to="Prague") == (
        "3.6 Moving Your Spies: #6 is in Prague already"
    )
    assert refusal(table, "move", power="Germany", spy="Heidi", to="North Sea") == (
        "3.6 Moving Your Spies: to: North Sea is a sea zone: a spy cannot end its movement at sea"
    )
    assert refusal(table, "move", power="Germany", spy="Heidi", to="Atlantis") == (
        "action: to: Atlantis is not a city of the map"
    )
    assert refusal(table, "move", power="Germany", spy="Heidi", to="Cairo") == (
        "3.6 Moving Your Spies: no route joins Prague and Cairo on the map"
    )
    assert refusal(table, "move", power="Britain", spy="Willy", to="Hamburg") == (
        "4.0 Another player's turn: it is Germany's turn; Britain cannot move a spy now"
    )


def test_a_route_through_a_vienna_budapest_line_is_one_space_only_when_it_exists():
    table = tracked_table()
    table.do("discard", power="Germany", tile="random 36")
    assert refusal(
        table,
        "move",
        power="Germany",
        spy="Gunther",
        path="Vienna,Prague,Warsaw,Berlin,Hamburg,North Sea",
    ) == (
        "3.6 Moving Your Spies: #3 in Budapest: the path ends at sea (North Sea): a spy cannot "
        "end its movement at sea"
    )
    table.do("move", power="Germany", spy="Gunther", path="Vienna,Prague,Warsaw,Berlin,Hamburg")
    assert table.state["ap_left"] == 7


# -- awards from the map (3.21), the recorded five-player 1933 -----------------------------------


def _recorded_1933() -> list[dict]:
    """The recorded five-player game's events up to the end of 1933 (the set up included)."""
    events = yaml.safe_load((GAMES / "five-players.yaml").read_text(encoding="utf-8"))["events"]
    out = []
    for event in events:
        out.append(event["action"])
        if event["action"] == {"type": "end_turn", "power": "Britain"}:
            return out
    raise AssertionError("no end of 1933")


# the same year on the map: the moves the recorded game made, along routes (its `spaces=` were
# taken on trust; the AP they cost is not compared, the money and chits are)
MOVES_1933 = {
    ("move", "Germany", "Kurt"): {"to": "London"},
    ("move", "France", "Jean"): {"path": "Geneva,Munich,Nurnberg,Prague,Warsaw"},
}


def test_awards_from_the_map_equal_the_recorded_games_spies_awards():
    quote(
        "*Every* player receives the indicated number of Action chits or amount of money for "
        "each city listed in which he has a spy, provided the spy is not in its own territory."
    )
    recorded = copy.deepcopy(PLAIN.setup({}))
    # Britain's Cover against Germany's Discovery in Warsaw: a British spy is there (Cover)
    mapped = tracked_table({**PLACED, "Britain": {**PLACED["Britain"], "Winston": "Warsaw"}})
    compared = 0
    for action in _recorded_1933():
        recorded = PLAIN.apply(recorded, action)
        assert not hasattr(recorded, "why"), recorded
        if action["type"] in ("hand", "secrets", "police"):
            continue
        if action["type"] == "play":
            mapped.do("play", **{k: v for k, v in action.items() if k not in ("type", "spies")})
            assert mapped.state["awards"] == recorded["awards"]
            compared += 1
        elif action["type"] == "move":
            where = MOVES_1933[("move", action["power"], action["spy"])]
            mapped.do("move", power=action["power"], spy=action["spy"], **where)
        elif action["type"] == "cash":  # Britain's spy brings the Atomic Bomb to London first
            mapped.do("move", power="Britain", spy="Cynthia", to="London")
            mapped.do(**action)
        elif action["type"] == "search":  # the counter searched for: the only German one there
            mapped.do(**{k: v for k, v in action.items() if k != "target"})
            assert "turned up, Germany's Erik (1): captured" in mapped.last
        else:
            mapped.do(**action)
        assert mapped.state["bank"] == recorded["bank"], action
        assert mapped.state["chits"] == recorded["chits"], action
        assert mapped.state["cup"] == recorded["cup"], action
    assert compared == 4  # Ge 3, It 10, Rs 18, Br 31 (France discarded)
    assert mapped.state["record"] == recorded["record"]
    assert mapped.state["year"] == recorded["year"] == 1934


def test_a_tile_on_the_map_takes_no_spies_and_pays_once_a_city():
    quote("There is no additional reward for having 2 or more spies in a city.")
    table = tracked_table()
    assert refusal(table, "play", power="Germany", tile="Ge 3", spies={"Britain": ["Essen"]}) == (
        "action: spies: this table tracks positions: the awards are paid from the map"
    )
    table.do("play", power="Germany", tile="Ge 3")
    assert table.state["awards"]["lines"] == [
        "3c Essen: Britain 3 chits",
        "3c Brussels: France 3 chits",
        "2c Berlin: Germany nothing (its own territory)",  # two German counters: one line
    ]


# -- searches (3.4, 4.1) ------------------------------------------------------------------------


def test_police_search_only_where_an_enemy_spy_stands_and_name_its_counter():
    quote("search for enemy spies in every city containing your police and one or more enemy spies")
    table = tracked_table()
    table.do("discard", power="Germany", tile="random 36")
    assert refusal(table, "search", power="Germany", city="Hamburg") == (
        "3.4 Searching for Enemy Spies: no enemy spy in Hamburg (you search every city "
        "containing your police and one or more enemy spies)"
    )
    assert refusal(
        table, "search", power="Germany", city="Essen", enemy="Britain", target="Willy"
    ) == (
        "action: target: name the counter (#N; Britain's in Essen: #2): which spy a counter is "
        "stays with Britain"
    )
    assert refusal(
        table, "search", power="Germany", city="Essen", enemy="Britain", target="#1"
    ) == ("3.4 Searching for Enemy Spies: Britain's counter #1 is not in Essen")  # in Dublin
    table.do("search", power="Germany", city="Essen", enemy="Britain", target="#2")
    assert table.last == (
        "Germany's police search Essen (1 AP, 11 left): Britain's counter #2 is turned up, "
        "Britain's Willy (2): captured onto Germany's Time and Victory Record under 1933"
    )
    assert "#2" not in table.view["positions"]["spies"]["Britain"]
    assert table.view["out_of_play"]["Britain"] == {"Willy": "captured by Germany"}


def test_an_arriving_spy_is_searched_where_it_entered_this_turn():
    quote(
        "You can search for each enemy spy each time it moves into any city containing your "
        "police at no cost in Action Points. You cannot search for a spy that has not moved."
    )
    table = tracked_table()
    table.do("discard", power="Germany", tile="random 36")
    table.do("move", power="Germany", spy="Kurt", to="London")  # through Hamburg, to London
    assert refusal(table, "search", power="Britain", city="London", enemy="Britain") == (
        "3.5 Capture and Counterspies: Britain does not capture its own spy"
    )
    assert refusal(table, "search", power="Russia", city="Moscow", enemy="Germany") == (
        "4.1 Searching for Arriving Enemy Spies: no Germany spy has moved into Moscow this "
        "turn: you cannot search for a spy that has not moved"
    )
    assert refusal(table, "search", power="Britain", city="Glasgow") == (
        "4.1 Searching for Arriving Enemy Spies: no Germany spy has moved into Glasgow this "
        "turn: you cannot search for a spy that has not moved"
    )
    assert refusal(table, "search", power="Germany", city="Essen") == (
        "3.4 Searching for Enemy Spies: Germany searches before moving its spies (3.6: after you "
        "have searched, you move)"
    )
    table.do("search", power="Britain", city="London", enemy="Germany")
    assert table.last.endswith(
        "Germany's counter #2 is turned up, Germany's Kurt (3): captured onto Britain's Time "
        "and Victory Record under 1933"
    )
    assert "no AP on Germany's turn" in table.last
    table.do("move", power="Germany", spy="Cousin", to="Moscow")  # by air, beside Erik (#4)
    assert refusal(
        table, "search", power="Russia", city="Moscow", enemy="Germany", target="#4"
    ) == (
        "4.1 Searching for Arriving Enemy Spies: Germany's counter #4 has not moved into Moscow "
        "this turn: you search for an enemy spy each time it moves into a city containing your "
        "police"
    )
    table.do("search", power="Russia", city="Moscow", enemy="Germany", target="#1")
    assert "Germany's counter #1 is turned up, Germany's Cousin (4): captured" in table.last


# -- chits where their spies are (3.8, 5.1) ------------------------------------------------------


def test_discovery_and_drop_need_a_spy_in_their_city_and_a_drop_falls_when_it_leaves():
    quote("You must have a spy in the city with that secret.")
    table = tracked_table()
    table.do("discard", power="Germany", tile="random 36")
    assert refusal(table, "chit", power="Germany", chit="Discovery", city="Paris") == (
        "3.8 Playing Action Chits: Germany has no spy in Paris (a Discovery is played by a spy "
        "in its city)"
    )
    table.do("chit", power="Germany", chit="Discovery", city="Prague")
    table.do("resolve")
    quote("if the spy is removed for any reason, the chit is removed and the Drop is eliminated")
    table.do("chit", power="Germany", chit="Drop", city="Vienna")
    table.do("resolve")
    assert table.state["drops"]["Germany"] == ["Vienna"]
    assert refusal(table, "drop_lost", power="Germany", city="Vienna").startswith(
        "3.8 Playing Action Chits: Germany has a spy in Vienna: its Drop stands"
    )
    cup = table.state["cup"]
    table.do("move", power="Germany", spy="Heidi", to="Prague")
    assert table.log[-1].endswith(
        "  Germany's Drop in Vienna is eliminated (no Germany spy left there)"
    )
    assert table.state["drops"]["Germany"] == [] and table.state["cup"] == cup + 1
    assert refusal(table, "chit", power="Germany", chit="Discovery", city="Geneva") == (
        "5.1 Spy Havens: no Discovery in Geneva (a spy haven: no Discovery, Drop or Sanction there)"
    )


def test_a_sanction_needs_both_spies_in_the_city_and_names_counters_until_it_resolves():
    quote(
        "Your spy and the enemy spy must be in the same city, and that city cannot be a spy haven."
    )
    placed = copy.deepcopy(PLACED)
    placed["Britain"]["Peter"] = "Prague"  # a British spy beside Germany's Ernst
    table = tracked_table(placed)
    table.do("discard", power="Germany", tile="random 36")
    assert refusal(
        table, "chit", power="Germany", chit="Sanction", city="Prague", spy="Kurt", enemy="Britain"
    ) == (
        "3.8 Playing Action Chits: Germany's #2 is not in Prague (your spy and the enemy spy "
        "must be in the same city)"
    )
    table.do("chit", power="Germany", chit="Sanction", city="Prague", spy="Ernst", enemy="Britain")
    assert table.last.startswith(
        "Germany plays Sanction in Prague (20£, 1 AP, 11 left): Germany's #5 against Britain's #6"
    )
    assert "Ernst" not in str(table.view) and "Peter" not in str(table.view)
    table.do("resolve")
    assert "Britain's Peter (2) is killed by Germany's Ernst: into" in table.last
    assert "#6" not in table.view["positions"]["spies"]["Britain"]
    quote("Choose your new spy at random from those of your color, and start him in your capital")
    table.end_turn()
    table.at(1933, "Britain").discard()
    table.do("chit", power="Britain", chit="Recruit")
    assert table.last.endswith("Peter is recruited and starts in London (counter #7)")
    assert table.view["positions"]["spies"]["Britain"]["#7"] == "London"
    # 5.2: a Sanction against a Cousin turns it up, and the attacker dies
    placed["Britain"]["Cousin"] = "Vienna"
    table = tracked_table(placed)
    table.do("discard", power="Germany", tile="random 36")
    table.do("chit", power="Germany", chit="Sanction", city="Vienna", spy="Heidi", enemy="Britain")
    assert "Germany's Heidi (1) is killed by Britain's Cousin (5.2" in table.last
    assert "#6" not in table.view["positions"]["spies"]["Germany"]  # Heidi, Vienna's


def test_cash_needs_a_spy_in_the_capital():
    table = tracked_table()
    table.do("discard", power="Germany", tile="random 36")
    table.do("cash", power="Germany", secret="Atomic Bomb")  # Kurt and the Cousin in Berlin
    table.do("move", power="Germany", spy="Kurt", to="Hamburg")
    table.do("move", power="Germany", spy="Cousin", to="Leipzig")
    assert refusal(table, "cash", power="Germany", secret="Nerve Gas") == (
        "3.7 Controlling Secrets: Germany has no spy in Berlin (a secret is cashed in once one "
        "of your spies, who controls the secret, has moved it to your capital city)"
    )


@pytest.mark.parametrize("power", POWERS)
def test_each_power_places_its_spies_and_sees_only_its_own(power):
    table = tracked_table()
    secret = GAME.seat_view(table.state, power)["secret"]["spies"]
    assert list(secret) == [power]
    assert sorted(secret[power].values()) == sorted(PLACED[power])


def test_a_counterspy_captures_the_counter_that_discovered_it_but_never_a_cousin():
    quote("Your Cousin is *never* captured by a counterspy")
    placed = copy.deepcopy(PLACED)
    placed["Britain"]["Cousin"] = "Prague"  # beside Germany's Ernst (#5)
    table = tracked_table(placed)
    table.do("discard", power="Germany", tile="random 36")
    table.do("chit", power="Germany", chit="Discovery", city="Prague")
    table.do("resolve")
    assert refusal(
        table, "counterspy", power="Britain", enemy="Germany", target="Ernst", city="Prague"
    ) == (
        "action: target: name the counter (#N; Germany's in Prague: #5): which spy a counter is "
        "stays with Germany"
    )
    table.do("counterspy", power="Britain", enemy="Germany", target="#5", city="Prague")
    assert table.last == (
        "Britain's counterspy in Prague captures Germany's counter #5, turned up: Germany's "
        "Ernst (2): into the Spies Captured in Neutral Countries box; the counterspy leaves play"
    )
    assert "#5" not in table.view["positions"]["spies"]["Germany"]
    table.end_turn()
    table.at(1933, "Britain").discard()
    table.do("move", power="Britain", spy="Willy", to="Dusseldorf")
    table.do("chit", power="Britain", chit="Discovery", city="Dusseldorf")
    table.do("resolve")
    table.do("move", power="Britain", spy="Cousin", path="Nurnberg,Munich")  # not in Prague now
    table.state["step"]["discovered"].append({"power": "Britain", "city": "Munich"})  # shortcut
    table.do("counterspy", power="Germany", enemy="Britain", target="#6", city="Munich")
    assert table.last == (
        "Germany's counterspy in Munich finds Britain's counter #6, Britain's Cousin: never "
        "captured by a counterspy (5.2); the counterspy leaves play"
    )
    assert table.view["positions"]["spies"]["Britain"]["#6"] == "Munich"


def test_an_escaped_spy_returns_in_its_capital():
    table = tracked_table()
    table.do("discard", power="Germany", tile="random 36")
    table.do("search", power="Germany", city="Essen", enemy="Britain")
    table.end_turn()
    table.at(1933, "Britain").discard()
    table.do("chit", power="Britain", chit="Escape", spy="Willy")
    assert table.last.endswith(
        "Willy escapes and returns to play in London (counter #7; off the record)"
    )
    assert table.view["positions"]["by_city"]["London"] == {"Britain": ["#7"]}


def test_show_lists_positions_by_city_and_a_seat_its_own_spies(tmp_path, monkeypatch):
    import json

    from spies_table import POLICE, RANDOM, SECRETS
    from typer.testing import CliRunner

    from deaddrop.commands.main import app

    monkeypatch.setenv("DEADDROP_DB", str(tmp_path / "tables.sqlite"))
    monkeypatch.setenv("DEADDROP_CACHE", str(tmp_path / "cache"))
    runner = CliRunner()

    def run(*args: str) -> str:
        result = runner.invoke(app, list(args))
        assert result.exit_code == 0, result.output
        return result.stdout

    run("table", "new", "spies", "--name", "t")
    for power in POWERS:
        run("table", "do", "hand", f"power={power}", f"random={json.dumps(RANDOM[power])}")
        run("table", "do", "secrets", f"power={power}", f"cities={json.dumps(SECRETS[power])}")
        run("table", "do", "place", f"power={power}", f"spies={json.dumps(PLACED[power])}")
        run("table", "do", "police", f"power={power}", f"cities={json.dumps(POLICE[power])}")
    shown = run("table", "show")
    assert (
        "positions:\n  Athens: Italian spy #1\n  Berlin: German police 2; German spies #1, #2\n"
        in (shown)
    )
    assert "Kurt" not in shown
    mine = run("table", "show", "--as", "Germany")
    shown = mine.split("only Germany sees:\n", 1)[1]
    assert "  hands:\n    Germany: Ge 1, Ge 2, " in shown  # lines a player reads, not JSON
    lines = shown.splitlines()
    line = lines[lines.index("  spies:") + 1]  # "    Germany: #1 Kurt, #2 Cousin, ..."
    secret = dict(pair.split(" ") for pair in line.split(": ", 1)[1].split(", "))
    # by city; Berlin's two in the order drawn from the seed the tracker drew (either way round)
    assert {secret["#1"], secret["#2"]} == {"Kurt", "Cousin"}
    assert [secret[f"#{n}"] for n in range(3, 7)] == ["Gunther", "Erik", "Ernst", "Heidi"]
    assert "Willy" not in mine
    log = run("table", "log", "--as", "Britain")
    assert (
        "Germany places its 6 spies face down: Berlin #1 #2; Budapest #3; Moscow #4; Prague #5; "
        "Vienna #6" in log
    )
    assert "Kurt" not in log and "Willy" not in run("table", "log", "--as", "Germany")


def test_the_phone_page_lists_positions_and_only_its_own_spies_by_name():
    from assistant.games.spies.board import board

    table = tracked_table()
    widgets = {w["label"]: w for w in board(GAME.seat_view(table.state, "Germany"), GAME.data)}
    assert "Berlin: German police 2; German spies #1, #2" in widgets["Positions"]["items"]
    assert widgets["Your spies"]["items"][:2] == [
        "Germany #1: Cousin (Berlin)",  # with seed 0, the Cousin before Kurt
        "Germany #2: Kurt (Berlin)",
    ]
    assert "Willy" not in str(widgets)
    spectator = {w["label"] for w in board(GAME.view(table.state), GAME.data)}
    assert "Positions" in spectator and "Your spies" not in spectator


def test_on_the_printed_map_moves_follow_its_routes():
    """The same rules on templates/spies/map.yaml's routes (the game's own data)."""
    from assistant.games.spies import routes

    table = tracked_table(game=PLAIN)
    graph = routes.graph_of(PLAIN.data)
    assert graph is not None
    table.do("discard", power="Germany", tile="random 36")
    far = routes.shortest(graph, "Moscow", "Gibraltar")
    assert far is not None and len(far) <= 5 and any(graph.is_sea(s) for s in far)
    table.do("move", power="Germany", spy="Erik", to="Gibraltar")  # by air, then by sea
    assert table.state["ap_left"] == PLAIN.data.ap - len(far)
    step = routes.shortest(graph, "Gibraltar", "Lisbon")
    assert step is not None
    spent = len(far) + len(step)
    assert spent > 5
    assert refusal(table, "move", power="Germany", spy="Erik", to="Lisbon").startswith(
        f"3.6 Moving Your Spies: a spy moves at most 5 spaces a turn; #4 has moved "
        f"{len(far)}, {len(far)} + {len(step)} = {spent} (Gibraltar -"
    )
    path = routes.shortest(graph, "Berlin", "Paris")
    assert path is not None and routes.check(graph, "Berlin", path) is None
    table.do("move", power="Germany", spy="Kurt", to="Paris")
    assert table.view["positions"]["spies"]["Germany"]["#2"] == "Paris"
    sea = PLAIN.data.cities["Hamburg"].ports[0]
    assert refusal(table, "move", power="Germany", spy="Cousin", path=f"Hamburg,{sea}") == (
        f"3.6 Moving Your Spies: #1 in Berlin: the path ends at sea ({sea}): a spy cannot end "
        "its movement at sea"
    )


_START = tracked_table()
_START.do("discard", power="Germany", tile="random 36")


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(0, 20), min_size=1, max_size=7), st.booleans())
def test_a_walk_on_the_map_is_a_move_when_it_is_at_most_5_spaces_ending_in_a_city(choices, split):
    """Property: any walk along the routes from Kurt's Berlin is accepted exactly when it enters
    at most 5 spaces and ends in a city; it costs its length and leaves the counter at its end.
    Split in two moves of the same spy, the rules are the same."""
    from assistant.games.spies import routes

    graph = routes.graph_of(GAME.data)
    assert graph is not None
    walk, here = [], "Berlin"
    for choice in choices:
        near = graph.neighbours(here)
        here = near[choice % len(near)]
        walk.append(here)
    table = Table.__new__(Table)
    table.game, table.state, table.log = GAME, copy.deepcopy(_START.state), []
    legal = len(walk) <= 5 and not graph.is_sea(walk[-1])
    parts = [walk]
    if split and len(walk) > 1 and not graph.is_sea(walk[0]):
        parts = [walk[:1], walk[1:]]
    outcome = None
    for part in parts:
        outcome = GAME.apply(
            table.state, {"type": "move", "power": "Germany", "spy": "Kurt", "path": part}
        )
        if isinstance(outcome, Refusal):
            break
        table.state = outcome
    assert (not isinstance(outcome, Refusal)) == legal, (walk, outcome)
    if legal:
        assert table.state["ap_left"] == _START.state["ap_left"] - len(walk)
        assert table.view["positions"]["spies"]["Germany"]["#2"] == walk[-1]
        assert table.state["step"]["moved"]["#2"] == len(walk)
