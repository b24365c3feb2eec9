"""The rules around the abilities, each citing the English rules text: setup, deployment,
intel, scoring, Deception tokens, the Double Agent, the end of a day, winning, the special rules
and team play."""

from __future__ import annotations

import dataclasses
import hashlib

from sl_table import DATA, GAME, Table

from assistant.games.spies_and_lies.rules import SpiesAndLies


def new(red: int = 1, blue: int = 2, **options) -> Table:
    t = Table(**options)
    t.setup(red=red, blue=blue)
    return t


def play_day_right(t: Table, missions=(1, 2, 3, 4)) -> None:
    starter = t.state["starter"]
    other = "blue" if starter == "red" else "red"
    for mission in missions:
        t.right(starter, mission)
        t.right(other, mission)


# --- setup and deployment -------------------------------------------------------------------


def test_setup_exhausts_one_soldier_each_and_starts_the_old_intel_pile():
    """'ask your opponent to pick one of your cards at random ... These two soldiers are
    'exhausted' and can't be deployed in the first round.' 'Take the top card and place it face
    up above the Intel deck. This is the 'Old Intel' pile.'"""
    t = new(red=7, blue=3)
    view = t.view
    assert view["exhausted"] == {"red": [7], "blue": [3]}
    assert view["intel"]["old"] == [6]
    assert view["deception"] == {"red": 1, "blue": 1}  # '1 Deception token' each
    assert (view["day"], view["double_agent"], view["infiltration"]) == (
        1,
        0,
        {"red": 0, "blue": 0},
    )
    refusal = t.refused("deploy", side="red", soldiers=[1, 3, 7, 9])
    assert str(refusal) == (
        "Deployment: the Bomb (7) is exhausted this day (it stays out of the missions)"
    )


def test_deployment_refusal_names_the_card_out_of_order():
    """'Your soldiers' ranks (1-10) must always increase from left to right, with the exception of
    the Sergeant (4)' — 'Incorrect: the Miner (3) is out of sequence'."""
    t = new()
    refusal = t.refused("deploy", side="red", soldiers=[2, 5, 3, 9])
    assert str(refusal) == (
        "Deployment: the Miner (3) is right of the Lieutenant (5); ranks must rise left to right,"
        " the Sergeant excepted"
    )
    refusal = t.refused("deploy", side="red", soldiers=[3, 2, 5, 9])
    assert str(refusal) == (
        "Deployment: the Scout (2) is right of the Miner (3); ranks must rise left to right,"
        " the Sergeant excepted"
    )
    assert "deployed twice" in str(t.refused("deploy", side="red", soldiers=[2, 2, 5, 9]))
    t.do("deploy", side="red", soldiers=[2, 7, 4, 10])  # the rules' own example


def test_forced_deployment_is_kept_as_a_house_rule():
    t = new()
    t.do("deploy", force=True, side="red", soldiers=[3, 2, 5, 9])
    assert t.view["deployed"]["red"] == [
        {"missions": [1, 2, 3, 4], "mode": "open", "checked": True}
    ]


def test_view_hides_entered_soldiers_until_revealed():
    t = new()
    t.day(red=[3, 5, 8, 10], blue=[1, 5, 7, 9])
    assert [c["rank"] for c in t.view["missions"]["red"]] == [None, None, None, None]
    assert "10" not in str(t.view["missions"])
    t.right("red", 1)
    assert t.view["missions"]["blue"][0]["rank"] == 1


def test_phases_come_in_order():
    """Deployment, then Intelligence, then the Mission phase; the card is flipped for day 1."""
    t = new()
    assert str(t.refused("intel", card=1)) == "Phase: no intel during deployment"
    t.do("deploy", side="red", soldiers=[3, 5, 8, 10])
    t.do("deploy", side="blue", soldiers=[1, 5, 7, 9])
    assert str(t.refused("intel", card=6)) == "Intel: intel card 6 is in the old intel pile"
    t.do("intel", card=1)
    t.do("tokens", side="red", missions=[1, 3])
    t.do("tokens", side="blue", missions=[1])
    refusal = t.refused("guess", side="red", mission=1, rank=1)
    assert str(refusal) == "Mission: flip the Starting Player card first (first: red or blue)"
    t.do("first", side="blue")
    refusal = t.refused("guess", side="red", mission=1, rank=1)
    assert str(refusal) == "Mission: it is blue's turn to identify red's mission 1"


# --- scoring, intel ---------------------------------------------------------------------------


def test_correct_guess_scores_two_and_the_soldier_retreats():
    """'If you correctly identified your opponent's Soldier, move your Infiltration marker 2
    spaces ... The Soldier you identified 'retreats'.'"""
    t = new()
    t.day(red=[3, 5, 8, 10], blue=[1, 5, 7, 9])
    t.right("red", 1)
    assert t.view["infiltration"]["red"] == 2
    assert t.view["missions"]["blue"][0]["state"] == "retreated"
    assert t.view["infiltration"]["blue"] == 0
    assert (
        t.log[-1]
        == "red guesses Spy on blue mission 1: it is the Spy (1); correct: red +2, it retreats"
    )


def test_wrong_guess_activates_the_soldier():
    """'If you did not correctly identify your opponent's Soldier, your Infiltration marker stays
    put. Instead, your opponent can immediately activate their Soldier's special ability'."""
    t = new()
    t.day(red=[3, 5, 8, 10], blue=[1, 5, 7, 9])
    t.right("red", 1)
    t.guess("blue", 1, 2)
    assert t.view["infiltration"] == {"red": 2 + 3, "blue": 0}
    assert t.view["missions"]["red"][0]["state"] == "activated"
    assert t.log[-1] == (
        "blue guesses Scout on red mission 1: it is the Miner (3); wrong; red's Miner activates; +3"
    )


def test_special_rule_1_missing_or_wrong_intel_token_counts_as_identified():
    """'1. Incorrect Intel: if it comes to light that your opponent placed an Intel token
    incorrectly or did not place one when it should have been, then that card immediately counts
    as correctly identified: tilt the card and score 2 Infiltration points.'"""
    t = new()
    # intel card 1 shows 1, 3, 6, 8: blue's Spy (mission 1) needs a token, its 5 must have none
    t.day(red=[3, 5, 8, 10], blue=[1, 5, 7, 9], intel=1, blue_tokens=[2])
    t.guess("red", 1, 9)  # wrong, but blue's Spy had no token
    assert t.view["missions"]["blue"][0]["state"] == "retreated"
    assert t.view["infiltration"] == {"red": 2, "blue": 0}
    assert t.view["deception"]["blue"] == 1  # the Spy did not activate
    t.right("blue", 1)
    t.guess("red", 2, 9)  # wrong, but blue's Lieutenant carried a token it should not
    assert t.view["missions"]["blue"][1]["state"] == "retreated"
    assert t.view["infiltration"]["red"] == 4
    assert t.view["double_agent"] == 0


def test_special_rule_2_incorrect_order_undoes_the_double_agent_and_exposes_the_rest():
    """'2. Incorrect order: If your revealed Soldier is in the wrong order compared to your
    already revealed cards ..., undo any Double Agent moves you made during this round and move
    your Infiltration marker back to '0'. This card and all your remaining cards this round will
    count as Identified: reveal them in normal turn order. You may still guess enemy cards on your
    turn. (The Sergeant is excluded from these rules.)'"""
    t = new()
    t.do("deploy", side="red", soldiers=[3, 5, 8, 10])
    t.do("deploy", side="blue")  # face down, entered as revealed
    t.do("intel", card=2)  # 2 5 7 10
    t.do("tokens", side="red", missions=[2, 4])
    t.do("tokens", side="blue", missions=[3, 4])  # blue's 7 and 10 (the Sergeant is free)
    t.do("first", side="red")
    t.guess("red", 1, 1, reveal=9)  # wrong: blue's General moves the Double Agent 2
    assert t.view["double_agent"] == -2
    t.right("blue", 1)
    t.guess("red", 2, 9, reveal=4)  # the Sergeant is excluded: a wrong guess, +4
    assert t.view["infiltration"]["blue"] == 2 + 4
    t.right("blue", 2)
    t.guess("red", 3, 1, reveal=7)  # 7 right of 9: incorrect order
    view = t.view
    assert view["double_agent"] == 0
    assert view["infiltration"] == {"red": 2, "blue": 0}
    assert view["exposed"]["blue"] is True
    assert view["missions"]["blue"][2]["state"] == "retreated"
    t.right("blue", 3)  # blue still guesses
    t.guess("red", 4, None, reveal=10)  # revealed without a guess: counts as identified
    assert t.view["missions"]["blue"][3]["state"] == "retreated"
    assert t.view["infiltration"]["red"] == 4


# --- deception tokens ---------------------------------------------------------------------------


def test_deception_token_adds_four_after_the_activation():
    """'If your opponent's guess was incorrect, first activate your Soldier as described earlier,
    score any infiltration points that apply (returning to '0' if you reach 10), then score an
    extra 4 Infiltration points for using your Deception token.'"""
    t = new()
    t.day(red=[3, 5, 8, 10], blue=[1, 5, 7, 9])
    t.state["infiltration"]["red"] = 5
    t.right("red", 1)  # 7
    t.do("deceive", side="red", mission=1)
    assert t.view["deception"]["red"] == 0
    t.wrong("blue", 1)  # Miner +3: 10, back to 0 and the Double Agent 1; then +4
    assert (t.view["infiltration"]["red"], t.view["double_agent"]) == (4, 1)
    assert t.log[-1].endswith("red's Deception token: +4")


def test_deception_token_without_effect_on_a_correct_guess_and_out_of_play():
    """'If your opponent's guess was correct, your Deception token has no effect.' 'After using
    the Deception token, it goes out of play'."""
    t = new()
    t.day(red=[3, 5, 8, 10], blue=[1, 5, 7, 9])
    t.right("red", 1)
    t.do("deceive", side="red", mission=1)
    t.right("blue", 1)
    assert t.view["infiltration"]["red"] == 2
    assert t.view["deception"]["red"] == 0
    assert t.view["deception_spares"] == 2
    t.right("red", 2)
    refusal = t.refused("deceive", side="red", mission=2)
    assert str(refusal) == "Deception: red holds no Deception token"
    refusal = t.refused("deceive", side="blue", mission=2)
    assert str(refusal).startswith("Deception: a token goes on the soldier about to be guessed")


# --- the Double Agent ---------------------------------------------------------------------------


def test_reaching_ten_resets_loses_the_excess_and_moves_the_agent_day_spaces():
    """'Return your Infiltration marker to '0'. Any leftover Infiltration points ... are lost.'
    'advance the black Double Agent from its current position by the same number of spaces as
    shown by the Day Marker'."""
    t = new()
    t.day(red=[3, 5, 8, 10], blue=[1, 5, 7, 9])
    play_day_right(t)
    t.do("end_day", exhausted={"red": [3], "blue": [1]})
    assert t.view["day"] == 2 and t.view["starter"] == "blue"
    t.day(red=[2, 5, 8, 10], blue=[2, 5, 7, 9], intel=2)
    t.state["infiltration"] = {"red": 9, "blue": 0}
    t.right("blue", 1)
    t.right("red", 1)  # 11: 0, excess lost; day 2: two spaces
    assert (t.view["infiltration"]["red"], t.view["double_agent"]) == (0, 2)


def test_the_wall_stops_the_agent_and_a_later_move_takes_the_flag():
    """'If you reach the wall space on top of the enemy's fort with the Double Agent during any
    turn, you must stop there for now, even if you have more moves of the Double Agent left. If on
    a later turn you are still on the wall and get to move the Double Agent, you can make the
    decisive step and capture the enemy's flag'."""
    t = new(red=1, blue=2)
    t.day(red=[3, 5, 8, 9], blue=[1, 5, 7, 9])
    t.state["double_agent"] = 3
    t.right("red", 1)
    t.right("blue", 1)
    t.right("red", 2)
    t.right("blue", 2)
    t.right("red", 3)
    t.right("blue", 3)
    t.right("red", 4)
    t.wrong("blue", 4)  # General: 2 spaces, but the wall (4) stops it
    assert t.view["double_agent"] == 4
    t.do("end_day", exhausted={"red": [3], "blue": [1]})
    t.day(red=[5, 6, 8, 10], blue=[2, 5, 7, 9], intel=2)
    t.wrong("blue", 1)  # a later turn: red's Lieutenant takes the flag from the wall
    assert t.view["double_agent"] == 5
    assert t.view["winner"] == "red"


def test_the_wall_stops_a_second_move_in_the_same_action():
    """Our reading of 'during any turn': the Lieutenant reaches the wall, then the Deception
    token's points reach 10 in the same action: the Double Agent stays on the wall."""
    t = new()
    t.day(red=[5, 6, 8, 10], blue=[1, 5, 7, 9])
    t.state["double_agent"], t.state["infiltration"]["red"] = 3, 6
    t.guess("red", 1, 1)
    t.do("deceive", side="red", mission=1)
    t.wrong("blue", 1)  # Lieutenant: 3 -> 4 (wall); +4 from the token: 10, but no flag yet
    assert (t.view["double_agent"], t.view["infiltration"]["red"]) == (4, 0)
    assert t.view["winner"] is None


def test_flag_win_with_a_clean_audit():
    """'If you reach the Flag in the enemy's fort with the Double Agent, you win the game.'"""
    t = new()
    t.day(red=[3, 5, 8, 9], blue=[1, 5, 7, 9])
    t.state["double_agent"] = 4
    t.right("red", 1)
    t.wrong("blue", 1)  # red's Miner +3
    t.right("red", 2)
    t.wrong("blue", 2)  # red's Lieutenant: from the wall onto the flag
    view = t.view
    assert view["double_agent"] == 5
    assert view["winner"] == "red"
    assert view["result"] == "red takes blue's flag; the deployment audit is clean"
    assert str(t.refused("guess", side="red", mission=3, rank=7)).startswith("Game over")


def test_flag_win_cancelled_by_the_deployment_audit():
    """'reveal all your remaining cards to ensure that all your soldiers follow the deployment
    rules. If any card does not, ... the win is cancelled, and your opponent wins the game
    instead.'"""
    t = new()
    t.do("deploy", side="red")  # face down
    t.do("deploy", side="blue", soldiers=[1, 5, 7, 9])
    t.do("intel", card=4)  # 2 3 8 10
    t.do("tokens", side="red", missions=[])
    t.do("tokens", side="blue", missions=[])
    t.do("first", side="red")
    t.state["double_agent"] = 4
    t.right("red", 1)
    t.guess("blue", 1, 1, reveal=9)  # red's General: onto the flag
    assert t.view["winner"] is None and t.view["phase"] == "audit"
    refusal = t.refused("audit", side="red", soldiers=[8, 5, 6, 10])
    assert str(refusal) == "Audit: red's mission 1 holds the General (9), not rank 8"
    t.do("audit", side="red", soldiers=[9, 5, 6, 10])
    assert t.view["winner"] == "blue"
    assert "the win is cancelled" in t.view["result"]
    assert "the Lieutenant (5) is right of the General (9)" in t.view["result"]


# --- the end of a day and winning -------------------------------------------------------------


def test_end_of_day_exhausts_returns_alternates_and_files_the_intel():
    """'asks their opponent to pick one of the 4 at random ... Take back the exhausted soldier
    ... from the last round' 'Move the current Intel Card to the Old Intel pile.' 'The player who
    did not start the last round now gets to start the next round.'"""
    t = new(red=1, blue=2)
    t.day(red=[3, 5, 8, 10], blue=[1, 5, 7, 9], intel=3)
    play_day_right(t)
    refusal = t.refused("end_day", exhausted={"red": [2], "blue": [1]})
    assert str(refusal) == "End of day: red's rank 2 was not deployed today"
    t.do("end_day", exhausted={"red": [8], "blue": [9]})
    view = t.view
    assert view["exhausted"] == {"red": [8], "blue": [9]}
    assert view["intel"] == {"current": None, "ranks": None, "old": [6, 3]}
    assert (view["day"], view["starter"], view["phase"]) == (2, "blue", "deploy")
    t.do("deploy", side="red", soldiers=[1, 2, 3, 4])  # the Spy is back
    assert "exhausted" in str(t.refused("deploy", side="blue", soldiers=[1, 2, 5, 9]))


def final_table(double_agent: int, red: int, blue: int) -> Table:
    t = new()
    for day, intel in ((1, 1), (2, 2), (3, 3)):
        t.day(
            red=[3, 5, 8, 10] if day != 2 else [2, 5, 7, 9],
            blue=[1, 5, 7, 9] if day != 2 else [2, 4, 6, 8],
            intel=intel,
        )
        play_day_right(t, missions=(1, 2, 3))
        starter = t.state["starter"]
        if day == 3:
            t.state["double_agent"], t.state["infiltration"] = (
                double_agent,
                {"red": red, "blue": blue},
            )
        t.right(starter, 4)
        t.right("blue" if starter == "red" else "red", 4)
        if day < 3:
            t.do("end_day", exhausted={"red": [t.line("red")[0]], "blue": [t.line("blue")[0]]})
    return t


def test_after_day_three_the_double_agents_side_wins():
    """'At the end of the third round, the player who has been able to push the Double Agent into
    enemy territory (no matter how far) wins the game.'"""
    t = final_table(-1, 2, 0)
    assert t.view["winner"] == "blue"
    assert t.view["result"] == "after day 3 the Double Agent is in red's territory: blue wins"


def test_after_day_three_infiltration_then_a_draw():
    """'If the Double Agent is on neutral ground ..., the player with the most Infiltration points
    wins. If this is also tied, the game ends in a draw.'"""
    assert final_table(0, 0, 2).view["winner"] == "blue"  # 0+2 vs 2+2: blue scores last
    draw = final_table(0, 0, 0)
    assert draw.view["infiltration"] == {"red": 2, "blue": 2}
    assert draw.view["winner"] == "draw"


# --- hidden information ----------------------------------------------------------------------


def test_sealed_deployment_is_checked_before_the_day_ends():
    t = new()
    seal = hashlib.sha256(b"k3x9:3,5,8,10").hexdigest()
    t.do("deploy", side="red", seal=seal)
    t.do("deploy", side="blue", soldiers=[1, 5, 7, 9])
    t.do("intel", card=1)
    t.do("tokens", side="red", missions=[1, 3])
    t.do("tokens", side="blue", missions=[1])
    t.do("first", side="red")
    for mission, rank in zip((1, 2, 3, 4), (3, 5, 8, 10), strict=True):
        t.right("red", mission)
        t.guess("blue", mission, rank, reveal=rank)
    assert t.view["next"] == "audit: red check the sealed deployment with the salt"
    refusal = t.refused("end_day", exhausted={"red": [3], "blue": [1]})
    assert (
        str(refusal) == "End of day: red's sealed deployment is not checked (audit with the salt)"
    )
    refusal = t.refused("audit", side="red", salt="wrong")
    assert str(refusal) == "Audit: the salt and soldiers do not match red's seal"
    refusal = t.refused("audit", side="red", salt=1234)
    assert str(refusal) == "Audit: salt: expected text (quote a salt of digits: salt=\"'1234'\")"
    t.do("audit", side="red", salt="k3x9")
    t.do("end_day", exhausted={"red": [3], "blue": [1]})


def test_no_fourth_day_even_when_forced():
    """'Spies & Lies is played in 3 rounds': on day 3 a sealed deployment must be checked (the
    game then scores itself); forcing end_day does not start a day 4."""
    t = new()
    t.state["day"], t.state["first"], t.state["starter"] = 3, "blue", "red"
    t.do("deploy", side="red", seal=hashlib.sha256(b"k3x9:3,5,8,10").hexdigest())
    t.do("deploy", side="blue", soldiers=[1, 5, 7, 9])
    t.do("intel", card=1)
    t.do("tokens", side="red", missions=[1, 3])
    t.do("tokens", side="blue", missions=[1])
    for mission, rank in zip((1, 2, 3, 4), (3, 5, 8, 10), strict=True):
        t.right("red", mission)
        t.guess("blue", mission, rank, reveal=rank)
    action = {"type": "end_day", "exhausted": {"red": [3], "blue": [1]}}
    refusal = t.game.apply(t.state, action, force=True)
    assert str(refusal) == (
        "End of day: day 3 is the last: the game is scored once red's sealed deployment is"
        " checked (audit with the salt)"
    )
    t.do("audit", side="red", salt="k3x9")
    assert t.view["winner"] is not None


def test_team_play_deploys_missions_in_halves():
    """'separate the Mission cards into two groups with one team member playing Missions 1 and 2,
    and the other Missions 3 and 4.' 'After one player has chosen the cards for Missions 1 and 2,
    their teammate may view them only once to maintain correct card order.'"""
    t = new(teams=True)
    t.do("deploy", side="red", missions=[1, 2], soldiers=[3, 8])
    refusal = t.refused("deploy", side="red", missions=[3, 4], soldiers=[5, 10])
    assert str(refusal).startswith("Deployment: the Lieutenant (5) is right of the Colonel (8)")
    t.do("deploy", side="red", missions=[3, 4], soldiers=[9, 10])
    t.do("deploy", side="blue", missions=[1, 2])
    t.do("deploy", side="blue", missions=[3, 4])
    assert t.view["phase"] == "intel"
    solo = new()
    refusal = solo.refused("deploy", side="red", missions=[1, 2], soldiers=[3, 8])
    assert str(refusal) == (
        "Deployment: one player deploys all four missions (team play splits them 1-2 and 3-4)"
    )


def test_malformed_actions_are_refused_even_when_forced():
    t = new()
    for action in (
        {"type": "dance"},
        {"type": "deploy", "side": "green"},
        {"type": "deploy", "side": "red", "colour": 1},
    ):
        assert not isinstance(GAME.apply(t.state, action, force=True), dict)


def test_deception_bonus_waits_for_the_marshals_choice():
    """The Deception token's +4 comes after the activation 'and any infiltration points that
    apply': after the Marshal's choice."""
    t = new()
    t.day(red=[3, 5, 8, 10], blue=[1, 5, 7, 9])
    for mission in (1, 2, 3):
        t.right("red", mission)
        t.right("blue", mission)
    t.right("red", 4)  # red 8
    t.do("deceive", side="red", mission=4)
    t.wrong("blue", 4)
    assert t.view["infiltration"]["red"] == 8 and t.view["pending"]["kind"] == "marshal"
    t.do("choose", side="red", option="5-5")  # 13: 0 and the Double Agent 1; then +4
    assert (t.view["infiltration"]["red"], t.view["double_agent"]) == (4, 1)
    assert t.view["phase"] == "day_end"


def test_a_forced_guess_out_of_turn_still_ends_the_day():
    t = new()
    t.day(red=[3, 5, 8, 10], blue=[1, 5, 7, 9])
    t.do("guess", force=True, side="red", mission=2, rank=5)  # out of turn, as a house rule
    assert t.view["turn"] == {"guesser": "red", "mission": 1}
    for mission in (1, 2, 3, 4):
        if mission != 2:
            t.right("red", mission)
        t.right("blue", mission)
    assert t.view["phase"] == "day_end"


def test_team_play_log_names_the_pair_of_missions():
    t = new(teams=True)
    t.do("deploy", side="red", missions=[1, 2], soldiers=[3, 5])
    t.do("deploy", side="red", missions=[3, 4], soldiers=[8, 10])
    t.do("deploy", side="blue", missions=[1, 2], soldiers=[1, 5])
    t.do("deploy", side="blue", missions=[3, 4], soldiers=[7, 9])
    t.do("intel", card=1)
    t.do("tokens", side="red", missions=[1, 3])
    t.do("tokens", side="blue", missions=[1])
    t.do("first", side="red")
    t.right("red", 1)
    assert t.log[-1].startswith("red (1-2) guesses Spy on blue mission 1")


def house_table(**house) -> Table:

    game = SpiesAndLies(dataclasses.replace(DATA, house={**DATA.house, **house}))
    t = Table()
    t.game = game
    t.state = game.setup({})
    t.setup()
    return t


def test_house_rule_switches_change_the_outcome():
    """Our readings are switches in tracker/house-rules.yaml: with the wall stop per action off,
    the Deception token's 10 takes the flag right after the Lieutenant reached the wall."""
    t = house_table(wall_stops_whole_action=False)
    t.day(red=[5, 6, 8, 10], blue=[1, 5, 7, 9])
    t.state["double_agent"], t.state["infiltration"]["red"] = 3, 6
    t.guess("red", 1, 1)
    t.do("deceive", side="red", mission=1)
    t.wrong("blue", 1)
    assert t.view["winner"] == "red"
    t = house_table(deception_needs_activation=False)
    t.day(red=[3, 7, 8, 10], blue=[1, 5, 8, 10])
    t.right("red", 1)
    t.right("blue", 1)
    t.right("red", 2)
    t.wrong("blue", 2)  # red's Bomb
    t.do("deceive", side="blue", mission=3)
    t.wrong("red", 3)  # blue's Colonel retreats (the Bomb); the token still pays
    assert t.view["infiltration"]["blue"] == 2 + 4  # by default: 2 (see the Bomb test)


def bomb_then_counted_identification(**house) -> Table:
    """Red's Bomb explodes, then red's next reveal is blue's Colonel, whose missing Intel token
    makes it count as identified (special rule 1) although red guessed wrong."""
    t = house_table(**house)
    # intel card 1 shows 1, 3, 6, 8: blue's Colonel (mission 3) should carry a token
    t.day(red=[3, 7, 8, 10], blue=[1, 5, 8, 9], intel=1, blue_tokens=[1])
    t.right("red", 1)
    t.right("blue", 1)
    t.right("red", 2)
    t.wrong("blue", 2)  # red's Bomb explodes
    t.guess("red", 3, 9)  # wrong, but the Colonel counts as identified
    assert t.view["missions"]["blue"][2]["state"] == "retreated"
    assert t.view["infiltration"] == {"red": 6, "blue": 2}
    t.right("blue", 3)
    t.right("red", 4)
    t.right("blue", 4)
    assert t.view["infiltration"] == {"red": 8, "blue": 6}
    return t


def test_house_rule_bomb_double_damage_on_counted_identifications():
    """'Double damage: If your Bomb is activated and you correctly identify the next enemy card
    this round, you will choose 2 Soldier cards instead of 1' and special rule 1: 'that card
    immediately counts as correctly identified'. Our reading (on by default): that counts."""
    t = bomb_then_counted_identification()
    assert t.view["double_damage"] == {"red": True, "blue": False}
    assert t.log[11] == (
        "red guesses General on blue mission 3: it is the Colonel (8); incorrect intel (special"
        " rule 1): it counts as identified; red's Bomb: double damage, blue exhausts two soldiers"
        " next day; identified: red +2, it retreats"
    )
    refusal = t.refused("end_day", exhausted={"red": [3], "blue": [5]})
    assert str(refusal) == "End of day: blue exhausts 2 soldier(s) (double damage)"
    t.do("end_day", exhausted={"red": [3], "blue": [5, 8]})
    assert t.view["exhausted"] == {"red": [3], "blue": [5, 8]}

    t = bomb_then_counted_identification(bomb_double_damage_on_counted_identifications=False)
    assert t.view["double_damage"] == {"red": False, "blue": False}
    assert t.log[11] == (
        "red guesses General on blue mission 3: it is the Colonel (8); incorrect intel (special"
        " rule 1): it counts as identified; identified: red +2, it retreats"
    )
    refusal = t.refused("end_day", exhausted={"red": [3], "blue": [5, 8]})
    assert str(refusal) == "End of day: blue exhausts 1 soldier(s)"
    t.do("end_day", exhausted={"red": [3], "blue": [5]})
    assert t.view["exhausted"] == {"red": [3], "blue": [5]}


def exposed_with_the_sergeant_face_down(**house) -> Table:
    """Blue's Bomb, right of its General, breaks the order (special rule 2) while blue's Sergeant
    is still face down on mission 3."""
    t = house_table(**house)
    t.do("deploy", side="red", soldiers=[3, 5, 8, 10])
    t.do("deploy", side="blue")  # face down, entered as revealed
    t.do("intel", card=2)  # 2 5 7 10
    t.do("tokens", side="red", missions=[2, 4])
    t.do("tokens", side="blue", missions=[2, 4])
    t.do("first", side="red")
    t.guess("red", 1, 1, reveal=9)  # wrong: blue's General moves the Double Agent 2
    t.right("blue", 1)
    t.guess("red", 2, 1, reveal=7)  # 7 right of 9: incorrect order
    t.right("blue", 2)
    view = t.view
    assert view["exposed"] == {"red": False, "blue": True}
    assert (view["double_agent"], view["infiltration"]) == (0, {"red": 2, "blue": 2})
    return t


def test_house_rule_exposed_sergeant_counts_as_identified():
    """Special rule 2: 'This card and all your remaining cards this round will count as
    Identified ... (The Sergeant is excluded from these rules.)' The Sergeant never breaks the
    order himself (he 'can be placed in any position'); whether an exposed side's remaining
    Sergeant counts as identified is our reading (on by default)."""
    t = exposed_with_the_sergeant_face_down()
    t.guess("red", 3, None, reveal=4)  # no guess needed: it counts as identified
    assert t.view["missions"]["blue"][2]["state"] == "retreated"
    assert t.view["infiltration"] == {"red": 4, "blue": 2}

    t = exposed_with_the_sergeant_face_down(exposed_sergeant_counts_as_identified=False)
    refusal = t.refused("guess", side="red", mission=3, rank=None, reveal=4)
    assert str(refusal) == (
        "Mission: red names a rank for blue's mission 3 (rank: 1-10): blue's Sergeant may be"
        " there and does not count as identified (special rule 2, house rule"
        " exposed_sergeant_counts_as_identified)"
    )
    t.guess("red", 3, 1, reveal=4)  # a wrong guess: the Sergeant activates, +4
    assert t.view["missions"]["blue"][2]["state"] == "activated"
    assert t.view["infiltration"] == {"red": 2, "blue": 6}
    assert t.log[-1] == (
        "red guesses Spy on blue mission 3: it is the Sergeant (4); the Sergeant is excluded from"
        " special rule 2: the guess counts; wrong; blue's Sergeant activates; +4"
    )
    t.right("blue", 3)
    t.guess("red", 4, None, reveal=10)  # the Sergeant is out: the rest counts as identified
    assert t.view["missions"]["blue"][3]["state"] == "retreated"
    assert t.view["infiltration"] == {"red": 4, "blue": 8}
    assert t.view["double_agent"] == 0
