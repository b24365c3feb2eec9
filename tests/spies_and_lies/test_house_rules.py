"""Every house rule of templates/spies-and-lies/tracker/house-rules.yaml in both positions: the
shipped value and the other one, each changing the outcome of one scenario."""

from __future__ import annotations

import pytest
import yaml
from sl_table import DATA, Table
from test_rules import (
    bomb_then_counted_identification,
    exposed_with_the_sergeant_face_down,
    house_table,
)

from assistant.games.spies_and_lies.data import DEFAULT_HOUSE_RULES
from deaddrop.paths import REPO_ROOT

SHIPPED = REPO_ROOT / "templates" / "spies-and-lies" / "tracker" / "house-rules.yaml"


def spy_activates(**house) -> Table:
    """Red guesses blue's Spy wrongly: it activates and takes a spare Deception token."""
    t = house_table(**house)
    t.day(red=[3, 5, 8, 10], blue=[1, 5, 7, 9])
    t.wrong("red", 1)
    return t


@pytest.mark.parametrize("spares", [2, 0])
def test_deception_spares(spares):
    t = spy_activates(deception_spares=spares)
    took = spares > 0
    assert t.view["deception"]["blue"] == (2 if took else 1)
    assert t.view["deception_spares"] == (spares - 1 if took else 0)
    took_text = "blue takes a Deception token"
    assert (took_text in t.log[-1]) is took
    assert ("no Deception token to take" in t.log[-1]) is not took


def bomb_then_deception(**house) -> Table:
    """Red's Bomb explodes; blue's Deception token lies on its Colonel, which red then guesses
    wrongly: the Colonel retreats through the Bomb instead of activating."""
    t = house_table(**house)
    t.day(red=[3, 7, 8, 10], blue=[1, 5, 8, 10])
    t.right("red", 1)
    t.right("blue", 1)
    t.right("red", 2)
    t.wrong("blue", 2)  # red's Bomb
    t.do("deceive", side="blue", mission=3)
    t.wrong("red", 3)
    return t


@pytest.mark.parametrize("needs", [True, False])
def test_deception_needs_activation(needs):
    t = bomb_then_deception(deception_needs_activation=needs)
    assert t.view["missions"]["blue"][2]["state"] == "retreated"
    assert t.view["infiltration"]["blue"] == (2 if needs else 2 + 4)
    assert ("the Deception token has no effect" in t.log[-1]) is needs
    assert ("blue's Deception token: +4" in t.log[-1]) is not needs


@pytest.mark.parametrize("hit", [True, False])
def test_captain_pick_hit_by_spy_or_miner(hit):
    """Blue's Spy is active when red's Captain picks the exhausted Marshal."""
    t = house_table(captain_pick_hit_by_spy_or_miner=hit)
    t.state["exhausted"]["red"] = [10]
    t.day(red=[3, 6, 8, 9], blue=[1, 5, 7, 10])
    t.wrong("red", 1)  # blue's Spy activates
    t.right("blue", 1)
    t.right("red", 2)
    t.wrong("blue", 2)  # red's Captain
    t.do("choose", side="red", option=10)
    assert ("blue's Spy finds it: it retreats without effect" in t.log[-1]) is hit
    if hit:
        assert t.view["pending"] is None
    else:  # the Marshal activates: his own choice is next
        assert t.view["pending"] == {"side": "red", "kind": "marshal", "options": ["10", "5-5"]}


@pytest.mark.parametrize("bonus", [True, False])
def test_scout_bonus_on_counted_identifications(bonus):
    """Red's Scout is active; blue's Miner carries no Intel token though intel card 1 shows 3, so
    red's wrong guess on it counts as identified (special rule 1)."""
    t = house_table(scout_bonus_on_counted_identifications=bonus)
    t.day(red=[2, 5, 8, 10], blue=[1, 3, 6, 9], intel=1, blue_tokens=[1, 3])
    t.right("red", 1)  # 2
    t.wrong("blue", 1)  # red's Scout activates: +2
    assert t.view["infiltration"]["red"] == 4
    t.guess("red", 2, 9)  # wrong, but it counts as identified
    points = 4 if bonus else 2
    assert t.view["infiltration"]["red"] == 4 + points
    assert t.log[-1].endswith(f"identified: red +{points}, it retreats")
    t.right("blue", 2)
    t.right("red", 3)  # a correct guess earns the Scout's 4 either way
    assert "correct: red +4, it retreats" in t.log[-1]


@pytest.mark.parametrize("stops", [True, False])
def test_wall_stops_whole_action(stops):
    """The Lieutenant reaches the wall, then the Deception token's +4 reaches 10 in the same
    action: the Double Agent stays on the wall, or goes on to take the flag."""
    t = house_table(wall_stops_whole_action=stops)
    t.day(red=[5, 6, 8, 10], blue=[1, 5, 7, 9])
    t.state["double_agent"], t.state["infiltration"]["red"] = 3, 6
    t.guess("red", 1, 1)
    t.do("deceive", side="red", mission=1)
    t.wrong("blue", 1)
    if stops:
        assert (t.view["double_agent"], t.view["winner"]) == (4, None)
    else:
        assert (t.view["double_agent"], t.view["winner"]) == (5, "red")


@pytest.mark.parametrize("double", [True, False])
def test_bomb_double_damage_on_counted_identifications(double):
    t = bomb_then_counted_identification(bomb_double_damage_on_counted_identifications=double)
    assert t.view["double_damage"] == {"red": double, "blue": False}
    count = 2 if double else 1
    t.do("end_day", exhausted={"red": [3], "blue": [5, 8][:count]})
    assert t.view["exhausted"]["blue"] == [5, 8][:count]


@pytest.mark.parametrize("counts", [True, False])
def test_exposed_sergeant_counts_as_identified(counts):
    t = exposed_with_the_sergeant_face_down(exposed_sergeant_counts_as_identified=counts)
    action = {"side": "red", "mission": 3, "rank": None, "reveal": 4}
    if counts:
        t.do("guess", **action)
        assert t.view["missions"]["blue"][2]["state"] == "retreated"
    else:
        assert str(t.refused("guess", **action)).startswith("Mission: red names a rank")


def test_every_house_rule_is_tested_in_both_positions():
    """A new house rule needs its test here; the shipped file sets each one to its default."""
    tested = {
        name.removeprefix("test_")
        for name, test in globals().items()
        if name.startswith("test_") and hasattr(test, "pytestmark")
    }
    assert tested == set(DEFAULT_HOUSE_RULES)
    shipped = yaml.safe_load(SHIPPED.read_text(encoding="utf-8"))["house_rules"]
    assert shipped == DEFAULT_HOUSE_RULES == DATA.house
