"""Action chits: their timing, the counter chains of the Action Chit Summary with the result
recorded, the spy havens (5.1), Cousins (5.2), captures and sanctions onto the record, Escape
and Recruit."""

from __future__ import annotations

import pytest
from spies_table import Table, quote


@pytest.fixture
def table() -> Table:
    table = Table(bank=60).set_up()
    table.discard()  # Germany's turn, after its tile
    return table


def result(table: Table) -> str:
    """What the last `resolve` says came of the chain (its first line)."""
    head = table.last.split("\n")[0]
    assert " is resolved: " in head, head
    return head.split(" is resolved: ", 1)[1]


def sanction(table: Table, spy: str = "Kurt", target: str = "Willy", **more) -> None:
    table.do(
        "chit",
        power="Germany",
        chit="Sanction",
        city="Warsaw",
        spy=spy,
        enemy="Britain",
        target=target,
        **more,
    )


def test_your_turn_only_chits_are_refused_on_another_turn(table):
    quote("Played on your turn only; spend 3£, 1AP")
    for chit in ("Discovery", "Sanction", "Recruit", "Source", "Drop"):
        refusal = table.refused("chit", power="Italy", chit=chit, city="Warsaw")
        assert str(refusal) == (
            f"4.0 Another player's turn: {chit} is played on your turn only (Germany's)"
        )


def test_intercept_only_on_an_opponents_turn(table):
    quote("You can play the any type of Action chit during your spies' movement except Intercept.")
    table.do("chit", power="Italy", chit="Source", force=True)
    table.do("resolve")
    refusal = table.refused("chit", power="Germany", chit="Intercept")
    assert (
        str(refusal) == "3.8 Playing Action Chits: Intercept is played on an opponent's turn only"
    )


def test_anyones_turn_chits_on_another_turn(table):
    quote(
        "You can play Papers, Escape, Cover, Double Cross, and Intercept chits during an opponent's"
        " turn at no cost in Action Points"
    )
    for chit in ("Papers", "Escape", "Double Cross"):
        if chit != "Double Cross":  # Papers and Escape evade a search (3.4)
            table.do("search", power="Germany", city="Berlin")
        table.do("chit", power="Italy", chit=chit)
    assert table.state["bank"]["Italy"] == 60 - 2 - 10 - 1


@pytest.mark.parametrize("chit", ["Discovery", "Drop", "Sanction"])
@pytest.mark.parametrize("city", ["Istanbul", "Tangiers", "geneva"])
def test_spy_havens_refuse_discovery_drop_and_sanction(table, chit, city):
    quote(
        "Istanbul, Tangiers, and Geneva are considered spy havens, in addition to their normal "
        "attributes. You may never play a Discovery, Drop, or Sanction chit in a spy haven."
    )
    refusal = table.refused(
        "chit", power="Germany", chit=chit, city=city, spy="Kurt", enemy="Britain", target="Willy"
    )
    name = city.title()
    assert str(refusal) == (
        f"5.1 Spy Havens: no {chit} in {name} (a spy haven: no Discovery, Drop or Sanction there)"
    )


def test_cover_against_discovery(table):
    quote("Discovery can be countered by Cover.")
    table.do("chit", power="Germany", chit="Discovery", city="Warsaw")
    refusal = table.refused("move", power="Germany", spy="Kurt", spaces=1)
    assert str(refusal) == (
        "3.8 Playing Action Chits: Germany's Discovery in Warsaw waits: counter it (chit) or "
        "resolve it first"
    )
    table.do("chit", power="Britain", chit="Cover")
    table.do("resolve")
    assert table.last.split("\n")[1:] == [
        "  1. Germany's Discovery in Warsaw: negated",
        "  2. Britain's Cover in Warsaw against 1: stands",
    ]
    assert result(table) == ("covered: Germany does not get the secret")


def test_discovery_against_cover(table):
    quote("Cover can be countered by play of another Discovery chit")
    table.do("chit", power="Germany", chit="Discovery", city="Warsaw")
    table.do("chit", power="Britain", chit="Cover")
    table.do("chit", power="Germany", chit="Discovery")
    table.do("resolve")
    assert table.last.split("\n") == [
        "Germany's Discovery in Warsaw is resolved: Germany's spy may take the secret in Warsaw "
        "(a guarded secret: strengths compared; a Double Cross reverses the comparison)",
        "  1. Germany's Discovery in Warsaw: stands",
        "  2. Britain's Cover in Warsaw against 1: negated",
        "  3. Germany's Discovery in Warsaw against 2: stands",
    ]


def test_a_power_does_not_counter_its_own_play(table):
    quote("other players with a spy in that same city must be given a chance to play a Cover chit")
    table.do("chit", power="Germany", chit="Discovery", city="Warsaw")
    refusal = table.refused("chit", power="Germany", chit="Cover", against=1)
    assert str(refusal) == "3.8 Playing Action Chits: Germany does not counter its own Discovery"


def test_a_counter_must_fit(table):
    quote("You play an Intercept chit to counter any Drop or Source chit played.")
    table.do("chit", power="Germany", chit="Discovery", city="Warsaw")
    refusal = table.refused("chit", power="Britain", chit="Escape", against=1)
    assert (
        str(refusal)
        == "3.8 Playing Action Chits: Escape does not counter Germany's Discovery in Warsaw"
    )
    refusal = table.refused("chit", power="Britain", chit="Intercept")
    assert (
        str(refusal)
        == "3.8 Playing Action Chits: Intercept counters Source or Drop: none waits to be countered"
    )
    refusal = table.refused("chit", power="Germany", chit="Drop", city="Riga")
    assert (
        str(refusal)
        == "3.8 Playing Action Chits: resolve Germany's Discovery in Warsaw first (resolve)"
    )


def test_escape_against_sanction(table):
    quote("The enemy spy may play an Escape chit to cancel the effect of the Sanction")
    sanction(table)
    table.do("chit", power="Britain", chit="Escape")
    table.do("resolve")
    assert result(table) == ("Britain's Willy escapes: the Sanction has no effect")
    assert "Willy" not in table.state["out"]["Britain"]


def test_only_the_sanctioned_power_answers_a_sanction(table):
    quote(
        "The enemy spy may play an Escape chit to cancel the effect of the Sanction, or a Double "
        "Cross chit to reverse the effects of the Sanction."
    )
    sanction(table)
    refusal = table.refused("chit", power="France", chit="Escape")
    assert (
        str(refusal) == "3.8 Playing Action Chits: only Britain, whose spy is sanctioned, plays it"
    )


def test_a_sanction_that_stands_kills(table):
    quote(
        "If no Escape or Double Cross is played, the enemy spy is immediately placed face-down in "
        "the Sanctioned box on the map, and a Sanctioned Spy marker is placed in your Time and "
        "Victory Record."
    )
    sanction(table)
    table.do("resolve")
    assert result(table) == (
        "Britain's Willy (2) is killed: into the Sanctioned Spies box; a Sanctioned Spy "
        "marker (2) on Germany's record under 1933"
    )
    assert table.view["record"]["Germany"] == [
        {
            "year": 1933,
            "kind": "sanction",
            "power": "Britain",
            "name": "Willy",
            "value": 2,
            "multiple": 1,
            "points": 2,
        }
    ]
    assert table.view["out_of_play"]["Britain"] == {"Willy": "sanctioned"}
    refusal = table.refused(
        "search", power="Germany", city="Berlin", enemy="Britain", target="Willy"
    )
    assert (
        str(refusal) == "3.5 Capture and Counterspies: Britain's Willy is not in play (sanctioned)"
    )


def test_double_cross_against_sanction(table):
    quote(
        "Double Cross chit to reverse the effects of a Sanction, in which case the enemy spy "
        "committing the Sanction against you is killed instead"
    )
    sanction(table)
    table.do("chit", power="Britain", chit="Double Cross")
    table.do("resolve")
    assert result(table) == (
        "Double Cross: Germany's Kurt (3) is killed: into the Sanctioned Spies box; a "
        "Sanctioned Spy marker (3) on Britain's record under 1933"
    )


def test_double_cross_against_escape(table):
    quote("You can also counter an Escape chit with a Double Cross.")
    sanction(table)
    table.do("chit", power="Britain", chit="Escape")
    table.do("chit", power="Germany", chit="Double Cross")
    table.do("resolve")
    assert "Britain's Willy (2) is killed" in table.last


def test_cover_against_double_cross_and_escape_against_that_cover(table):
    quote("Cover can also counter a Double Cross by negating its effect.")
    quote("if played in response to a Double Cross, a Cover chit can be negated by Escape.")
    sanction(table)
    table.do("chit", power="Britain", chit="Double Cross")
    table.do("chit", power="Germany", chit="Cover")
    covered = table.game.apply(table.state, {"type": "resolve"})
    assert "Britain's Willy (2) is killed" in table.game.describe({}, table.state, covered)
    table.do("chit", power="Britain", chit="Escape")
    table.do("resolve")
    assert table.last.split("\n") == [
        "Germany's Sanction in Warsaw is resolved: Double Cross: Germany's Kurt (3) is killed: "
        "into the Sanctioned Spies box; a Sanctioned Spy marker (3) on Britain's record under 1933",
        "  1. Germany's Sanction in Warsaw: negated",
        "  2. Britain's Double Cross in Warsaw against 1: stands",
        "  3. Germany's Cover in Warsaw against 2: negated",
        "  4. Britain's Escape in Warsaw against 3: stands",
    ]


def test_escape_does_not_counter_a_cover_against_a_discovery(table):
    quote("if played in response to a Double Cross, a Cover chit can be negated by Escape.")
    table.do("chit", power="Germany", chit="Discovery", city="Warsaw")
    table.do("chit", power="Britain", chit="Cover")
    refusal = table.refused("chit", power="Germany", chit="Escape", against=2)
    assert (
        str(refusal)
        == "3.8 Playing Action Chits: Escape does not counter Britain's Cover in Warsaw"
    )


@pytest.mark.parametrize("chit", ["Drop", "Source"])
def test_intercept_against_drop_and_source(table, chit):
    quote(
        "You play an Intercept chit to counter any Drop or Source chit played. The countered Drop "
        "or Source is immediately lost along with all money and Action Points spent to play it"
    )
    table.do("chit", power="Germany", chit=chit, city="Warsaw", enemy="France")
    table.do("chit", power="France", chit="Intercept")
    table.do("resolve")
    assert result(table) == "intercepted: lost, with its pounds and Action Points"
    assert table.state["drops"]["Germany"] == []
    assert table.state["ap_left"] == 10


def test_a_drop_that_stands_and_its_loss(table):
    quote(
        "Place the Drop chit in the city rather than back in the Action chit cup once it is played."
    )
    table.do("chit", power="Germany", chit="Drop", city="Warsaw")
    table.do("resolve")
    assert table.state["drops"]["Germany"] == ["Warsaw"]
    cup = table.state["cup"]
    assert cup + sum(table.state["chits"].values()) + 1 == 120
    table.do("drop_lost", power="Germany", city="Warsaw")
    assert table.state["drops"]["Germany"] == [] and table.state["cup"] == cup + 1


def test_cousins_sanctioned_only_by_cousins(table):
    quote(
        "Your Cousin can never be killed by a Sanction chit unless the chit is played by an "
        "opponent's Cousin. If any other enemy spy attempts to Sanction your Cousin, that enemy spy"
        " is immediately killed instead, without an opportunity to counter in any way"
    )
    sanction(table, spy="Kurt", target="Cousin")
    assert table.state["chain"] is None
    assert table.last.endswith(
        "Germany's Kurt (3) is killed (5.2: only a Cousin kills Britain's Cousin; the attacker "
        "dies instead): into the Sanctioned Spies box; a Sanctioned Spy marker (3) on Britain's "
        "record under 1933"
    )
    sanction(table, spy="Cousin", target="Cousin")
    table.do("resolve")
    assert "Britain's Cousin (4) is killed: into the Sanctioned Spies box" in table.last


def test_a_double_cross_against_a_cousins_sanction(table):
    quote("exactly as though you had played a Sanction (see 5.2, however)")
    sanction(table, spy="Cousin", target="Willy")
    table.do("chit", power="Britain", chit="Double Cross")
    table.do("resolve")
    assert "Britain's Willy (2) is killed (5.2: only a Cousin kills Germany's Cousin" in table.last


def test_cousin_never_captured_by_a_counterspy(table):
    quote(
        "Your Cousin is never captured by a counterspy; if your Cousin discovers a counterspy, "
        "simply remove the counterspy from play."
    )
    refusal = table.refused(
        "counterspy", power="Germany", enemy="Britain", target="Cousin", city="Berlin"
    )
    assert str(refusal) == (
        "5.2 Cousins: Britain's Cousin is never captured by a counterspy (the counterspy is simply "
        "removed)"
    )


def test_counterspy_captures_onto_the_record_or_the_neutral_box(table):
    quote(
        "If one of your spies is captured by a counterspy in a neutral country, place that spy in "
        "the Spies Captured in Neutral Countries box, not on the Time and Victory Record."
    )
    table.at(1933, "Britain").discard()
    table.do("chit", power="Britain", chit="Discovery", city="Berlin")
    table.do("resolve")
    table.do("counterspy", power="Germany", enemy="Britain", target="Willy", city="Berlin")
    assert table.view["record"]["Germany"][0]["name"] == "Willy"
    table.do("chit", power="Britain", chit="Discovery", city="Warsaw")
    table.do("resolve")
    table.do("counterspy", power="Germany", enemy="Britain", target="Rose", city="Warsaw")
    assert table.view["out_of_play"]["Britain"] == {
        "Willy": "captured by Germany",
        "Rose": "captured in a neutral country",
    }
    assert len(table.view["record"]["Germany"]) == 1


def test_a_search_captures_onto_the_record(table):
    quote(
        "Place any spy you capture on your Time and Victory Record under the Year in which it was "
        "captured."
    )
    table.do("search", power="Germany", city="Berlin", enemy="Britain", target="winston")
    assert table.last == (
        "Germany's police search Berlin (1 AP, 11 left): Britain's Winston (3) is captured: onto "
        "Germany's Time and Victory Record under 1933"
    )
    refusal = table.refused("search", power="Germany", city="Paris")
    assert str(refusal) == (
        "3.4 Searching for Enemy Spies: Germany has no police in Paris (searches are made where "
        "your police stand)"
    )


def test_escape_returns_a_captured_spy(table):
    quote("Note that captured spies can return to play by an Escape chit.")
    table.do("search", power="Germany", city="Berlin", enemy="Britain", target="Winston")
    table.do("chit", power="Britain", chit="Escape", spy="Winston")
    assert table.view["record"]["Germany"] == []
    assert table.view["out_of_play"]["Britain"] == {}
    assert table.last.endswith("Winston escapes and returns to play (off the record)")


def test_recruit_from_the_sanctioned_box(table):
    quote("You play a Recruit chit in order to recover a spy from the Sanctioned box on the map.")
    quote("the enemy player does not lose the Victory Points he gained for killing your spy")
    refusal = table.refused("chit", power="Germany", chit="Recruit")
    assert str(refusal) == "3.8 Playing Action Chits: no German spy is in the Sanctioned Spies box"
    sanction(table, spy="Kurt", target="Cousin")  # Kurt dies (5.2)
    table.do("chit", power="Germany", chit="Recruit")
    assert "Kurt" not in table.state["out"]["Germany"]
    assert table.view["points"]["Britain"] == 3
    assert table.last.endswith("Kurt is recruited and starts in Germany's capital")


def test_the_tracker_draws_the_recruit():
    quote(
        "Choose your new spy at random from those of your color, and start him in your capital "
        "city."
    )
    from assistant.games.spies.rules import GAME

    table = Table().set_up()
    table.state["out"]["Germany"]["Kurt"] = "sanctioned"
    table.state["out"]["Germany"]["Erik"] = "sanctioned"
    action = GAME.complete(table.state, {"type": "chit", "power": "Germany", "chit": "recruit"}, 7)
    assert action["spy"] in ("Kurt", "Erik") and action["seed"] == 7
