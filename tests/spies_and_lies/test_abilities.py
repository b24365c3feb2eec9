"""One test per soldier's ability, each citing the rules text ("SOLDIERS AND THEIR SPECIAL
ABILITIES", English part of the rulebook). Turn order (red starts): red guesses blue's
mission 1, blue guesses red's mission 1, red blue's mission 2, and so on."""

from __future__ import annotations

import dataclasses

from sl_table import DATA, Table

from assistant.games.spies_and_lies.rules import SpiesAndLies


def new(red_exhausted: int = 1, blue_exhausted: int = 2) -> Table:
    t = Table()
    t.setup(red=red_exhausted, blue=blue_exhausted)
    return t


def test_spy_earns_one_point_and_a_deception_token_and_finds_the_marshal():
    """'1 Spy ... earn 1 Infiltration point (IP) and 1 Deception token (DT). When you find the
    Marshal, he immediately retreats (tilt it), regardless of whether you identified him
    correctly or not.'"""
    t = new()
    t.day(red=[3, 5, 8, 10], blue=[1, 4, 6, 9])
    t.wrong("red", 1)  # blue's Spy activates
    assert t.view["infiltration"]["blue"] == 1
    assert t.view["deception"]["blue"] == 2
    assert t.view["deception_spares"] == 1
    for mission in (1, 2, 3):
        t.right("blue", mission)
        t.right("red", mission + 1)
    t.guess("blue", 4, 9)  # wrong about red's Marshal: he retreats anyway
    card = t.view["missions"]["red"][3]
    assert card["state"] == "retreated" and card["rank"] == 10
    assert t.view["pending"] is None
    assert t.view["infiltration"]["red"] == 6  # three correct guesses, no Marshal points


def test_spy_gives_no_token_beyond_two_held():
    """'A player can win an extra Deception token if their Spy is activated but may not hold more
    than 2 at any point in the game.'"""
    t = new()
    t.day(red=[3, 5, 8, 10], blue=[1, 4, 6, 9])
    t.state["deception"]["blue"] = 2
    t.wrong("red", 1)
    assert t.view["deception"]["blue"] == 2
    assert t.view["deception_spares"] == 2
    assert t.view["infiltration"]["blue"] == 1


def test_scout_turns_later_correct_guesses_into_four_points():
    """'2 Scout ... earn 2 Infiltration points. For every Soldier you correctly identify this
    round, after your Scout is activated, you earn 4 Infiltration points instead of 2.'"""
    t = new(red_exhausted=1, blue_exhausted=3)
    t.day(red=[2, 5, 8, 10], blue=[1, 4, 6, 9])
    t.right("red", 1)
    assert t.view["infiltration"]["red"] == 2  # before the Scout: 2
    t.wrong("blue", 1)  # red's Scout activates
    assert t.view["infiltration"]["red"] == 4
    t.right("red", 2)
    assert t.view["infiltration"]["red"] == 8  # after the Scout: 4


def test_miner_earns_three_and_finds_the_bomb():
    """'3 Miner ... earn 3 Infiltration points. When you find the enemy Bomb, it immediately
    retreats (tilt it), regardless of whether you identified it correctly or not.'"""
    t = new()
    t.day(red=[3, 5, 8, 10], blue=[1, 5, 7, 9])
    t.right("red", 1)
    t.wrong("blue", 1)  # red's Miner
    assert t.view["infiltration"]["red"] == 2 + 3
    t.right("red", 2)
    t.right("blue", 2)
    t.guess("red", 3, 2)  # wrong about blue's Bomb: it retreats, no explosion
    assert t.view["missions"]["blue"][2]["state"] == "retreated"
    assert t.view["effects"]["blue"]["bomb"] is False


def test_sergeant_earns_four_stands_anywhere_and_may_lie():
    """'4 Sergeant ... earn 4 Infiltration points. ... the Sergeant can be put anywhere in the line.
    For example, 2- 7- 4- 10 is a valid line-up. The Sergeant may also give false information
    during the Intelligence phase'. Intel card 3 shows 1, 4, 7, 9: red gives its Sergeant no
    token and is not punished (special rule 1: 'The Sergeant is excluded')."""
    t = new(red_exhausted=1, blue_exhausted=3)
    t.day(red=[2, 7, 4, 10], blue=[1, 5, 8, 9], intel=3, red_tokens=[2])  # no token on the 4
    t.right("red", 1)
    t.right("blue", 1)
    t.right("red", 2)
    t.right("blue", 2)
    t.right("red", 3)
    before = t.view["infiltration"]["red"]
    t.wrong("blue", 3)  # red's Sergeant: a wrong guess, no special rule 1 for his missing token
    assert t.view["missions"]["red"][2]["state"] == "activated"
    assert before == 6  # 6 + 4 reaches 10: back to 0, the Double Agent moves 1 (day 1)
    assert (t.view["infiltration"]["red"], t.view["double_agent"]) == (0, 1)


def test_lieutenant_moves_the_double_agent_one_space():
    """'5 Lieutenant ... advance the Double Agent (DA) 1 space towards your enemy's fort. You do
    not earn any infiltration points.'"""
    t = new()
    t.day(red=[5, 6, 8, 10], blue=[1, 5, 7, 9])
    t.right("red", 1)
    t.wrong("blue", 1)  # red's Lieutenant: toward blue's fort, +1
    assert t.view["double_agent"] == 1
    assert t.view["infiltration"]["red"] == 2
    t.right("red", 2)
    t.wrong("blue", 2)  # red's Captain: choose points
    t.do("choose", side="red", option="points")
    t.wrong("red", 3)  # blue's Bomb
    t.right("blue", 3)
    t.wrong("red", 4)  # blue's General: 2 toward red's fort
    assert t.view["double_agent"] == 2 - 2


def test_captain_earns_six_or_uses_an_exhausted_soldier():
    """'6 Captain ... earn 6 Infiltration points. Or, instead, use one Soldier card that is
    currently exhausted. ... You gain the exhausted Soldier's Infiltration points and its
    abilities are activated, if any.'"""
    t = new(red_exhausted=9, blue_exhausted=2)  # red's General is exhausted
    t.day(red=[3, 6, 8, 10], blue=[1, 5, 7, 9])
    t.right("red", 1)
    t.right("blue", 1)
    t.right("red", 2)
    t.wrong("blue", 2)  # red's Captain
    assert t.view["pending"] == {"side": "red", "kind": "captain", "options": ["points", 9]}
    refusal = t.refused("guess", side="red", mission=3, rank=7)
    assert str(refusal) == "Captain: red first chooses: points or the exhausted General (9)"
    assert str(t.refused("choose", side="red", option=8)).startswith("Captain: choose one of")
    t.do("choose", side="red", option=9)  # the exhausted General: Double Agent 2
    assert t.view["double_agent"] == 2
    assert t.view["infiltration"]["red"] == 4


def test_captain_pick_is_hit_by_the_enemy_spy():
    """'(If the Spy or Miner has been activated, the newly chosen card will also be affected.)'
    Our reading (house rule): the enemy's active Spy makes the exhausted Marshal retreat."""
    t = new(red_exhausted=10, blue_exhausted=2)
    t.day(red=[3, 6, 8, 9], blue=[1, 5, 7, 10])
    t.wrong("red", 1)  # blue's Spy activates
    t.right("blue", 1)
    t.right("red", 2)
    t.wrong("blue", 2)  # red's Captain
    t.do("choose", side="red", option=10)
    assert t.view["pending"] is None
    assert t.view["infiltration"]["red"] == 2
    assert "retreats without effect" in t.log[-1]


def test_bomb_makes_the_next_enemy_card_retreat():
    """'7 Bomb ... The next card (of your opponent) that you reveal this round will automatically
    retreat (tilt it). You do not earn any infiltration points.'"""
    t = new()
    t.day(red=[3, 7, 8, 10], blue=[1, 5, 8, 9])
    t.right("red", 1)
    t.right("blue", 1)
    t.right("red", 2)
    t.wrong("blue", 2)  # red's Bomb explodes
    assert t.view["infiltration"]["red"] == 4
    assert t.view["effects"]["red"]["bomb"] is True
    t.wrong("red", 3)  # blue's Colonel would activate, but it retreats
    assert t.view["missions"]["blue"][2]["state"] == "retreated"
    assert t.view["infiltration"]["blue"] == 2
    assert t.view["double_damage"]["red"] is False


def test_bomb_double_damage_exhausts_two():
    """'Double damage: If your Bomb is activated and you correctly identify the next enemy card
    this round, you will choose 2 Soldier cards instead of 1 for your opponent to exhaust in the
    next round.'"""
    t = new()
    t.day(red=[3, 7, 8, 10], blue=[1, 5, 8, 9])
    t.right("red", 1)
    t.right("blue", 1)
    t.right("red", 2)
    t.wrong("blue", 2)  # red's Bomb
    t.right("red", 3)  # correct: double damage
    assert t.view["double_damage"]["red"] is True
    t.right("blue", 3)
    t.right("red", 4)
    t.right("blue", 4)
    refusal = t.refused("end_day", exhausted={"red": [3], "blue": [5]})
    assert str(refusal) == "End of day: blue exhausts 2 soldier(s) (double damage)"
    refusal = t.refused("end_day", exhausted={"red": [3], "blue": [5, 5]})
    assert str(refusal) == "End of day: blue exhausts 2 different soldiers (got 5, 5)"
    t.do("end_day", exhausted={"red": [3], "blue": [5, 9]})
    assert t.view["exhausted"] == {"red": [3], "blue": [5, 9]}


def test_colonel_rolls_over_excess_points():
    """'8 Colonel ... if your Infiltration marker is on 7 and the Colonel is activated, move 3
    Infiltration spaces to the '10', advance the Double Agent, and then after returning to '0'
    move your Infiltration marker the remaining 5 spaces'."""
    t = new()
    t.day(red=[3, 5, 8, 10], blue=[1, 5, 7, 9])
    t.state["infiltration"]["red"] = 7
    t.right("red", 1)  # 9
    t.right("blue", 1)
    t.right("red", 2)  # 11: back to 0, excess lost, Double Agent 1
    assert (t.view["infiltration"]["red"], t.view["double_agent"]) == (0, 1)
    t.right("blue", 2)
    t.state["infiltration"]["red"] = 7
    t.right("red", 3)  # 9
    t.wrong("blue", 3)  # Colonel: 9 + 8 = 17: Double Agent 1 more, 7 carried over
    assert (t.view["infiltration"]["red"], t.view["double_agent"]) == (7, 2)
    assert "red reaches 10: back to 0, 7 carried over (the Colonel)" in t.log[-1]


def test_general_moves_the_double_agent_two_spaces():
    """'9 General ... advance the Double Agent 2 spaces towards your enemy's fort.'"""
    t = new()
    t.day(red=[3, 5, 8, 9], blue=[1, 5, 7, 9])
    for mission in (1, 2, 3):
        t.right("red", mission)
        t.right("blue", mission)
    t.right("red", 4)
    t.wrong("blue", 4)
    assert t.view["double_agent"] == 2
    assert t.view["infiltration"]["red"] == 8


def test_marshal_ten_points_or_five_and_five_off():
    """'10 Marshal ... either earn 10 Infiltration points*, or earn 5 Infiltration points and
    reduce the enemy's Infiltration points total by 5. If the enemy's points are reduced to less
    than zero, nothing happens: their Infiltration marker remains on the '0' space.'"""
    t = new()
    t.day(red=[3, 5, 8, 10], blue=[1, 5, 7, 10])
    for mission in (1, 2, 3):
        t.right("red", mission)
        t.right("blue", mission)
    assert t.view["infiltration"] == {"red": 6, "blue": 6}
    t.wrong("red", 4)  # blue's Marshal
    t.do("choose", side="blue", option="5-5")
    assert t.view["infiltration"] == {"red": 1, "blue": 0}  # 6+5 = 11: reset; red 6-5
    assert t.view["double_agent"] == -1
    t.state["infiltration"]["red"] = 3
    t.wrong("blue", 4)  # red's Marshal: 10 points, excess lost
    t.do("choose", side="red", option="10")
    assert t.view["infiltration"]["red"] == 0
    assert t.view["double_agent"] == 0  # blue's move (-1) then red's (+1)


def test_marshal_earns_ten_on_a_longer_infiltration_track():
    """The Marshal's '10 Infiltration points' are his, not the track's length."""
    game = SpiesAndLies(dataclasses.replace(DATA, infiltration_top=12))
    t = Table()
    t.game, t.state = game, game.setup({})
    t.setup(red=1, blue=2)
    t.day(red=[3, 5, 8, 10], blue=[1, 5, 7, 9])
    for mission in (1, 2, 3):
        t.right("red", mission)
        t.right("blue", mission)
    t.right("red", 4)
    t.wrong("blue", 4)  # red's Marshal, red on 8
    t.do("choose", side="red", option="10")
    assert (t.view["infiltration"]["red"], t.view["double_agent"]) == (0, 1)  # 18: excess lost


def test_marshal_five_off_never_below_zero():
    t = new()
    t.day(red=[3, 5, 8, 10], blue=[1, 5, 7, 9])
    t.right("red", 1)
    t.wrong("blue", 1)  # red's Miner +3: red 5, blue 0
    t.right("red", 2)
    t.right("blue", 2)
    t.right("red", 3)
    t.right("blue", 3)
    t.right("red", 4)
    t.state["infiltration"]["blue"] = 3
    t.wrong("blue", 4)
    t.do("choose", side="red", option="5-5")
    assert t.view["infiltration"]["blue"] == 0
