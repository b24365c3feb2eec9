# ruff: noqa: E501  (tables of exact messages read best one case a line)
"""Spies & Lies rules pinned where a mutation run found them loose: the exact refusal, the
exact state and the exact notes of the log line. The rest of the rules area (actions, tally, the
Spy! referee) is in tests/table/test_rules_mutants.py."""

from __future__ import annotations

import dataclasses

import pytest
from sl_table import DATA, Table

from assistant.engine import Refusal
from assistant.games.actions import Refuse, Turn
from assistant.games.spies_and_lies.rules import during
from assistant.games.spies_and_lies.state import Turn as SLTurn


def new(red: int = 1, blue: int = 2, **options) -> Table:
    t = Table(**options)
    t.setup(red=red, blue=blue)
    return t


def why(t: Table, type: str, force: bool = False, **fields) -> str:
    """The refusal as the table prints it: 'Rule: why'."""
    return str(t.refused(type, force=force, **fields))


# --- when an action is allowed ---------------------------------------------------------------


def test_during_refuses_outside_its_phases_and_names_the_action_and_the_phase():
    when = during("in the missions", "missions", "day_end")
    assert (when.text, when.phases) == ("in the missions", ("missions", "day_end"))
    turn = SLTurn(data=DATA)
    for phase in ("missions", "day_end"):
        when.check({"phase": phase, "starter": None}, {"type": "guess"}, turn)
    with pytest.raises(Refuse) as caught:
        when.check({"phase": "deploy", "starter": None}, {"type": "guess"}, turn)
    assert caught.value.refusal == Refusal("Phase", "no guess during deployment")


def test_during_then_also_waits_for_the_starting_player():
    then = during("after the flip", "missions", then=True)
    state = {"phase": "missions", "starter": None}
    with pytest.raises(Refuse) as caught:
        then.check(state, {"type": "guess"}, Turn())
    assert caught.value.refusal == Refusal(
        "Mission", "flip the Starting Player card first (first: red or blue)"
    )
    then.check({**state, "starter": "blue"}, {"type": "guess"}, Turn())
    during("any", "missions").check(state, {"type": "guess"}, Turn())  # without `then`: no flip


# --- the table's state and the tracks --------------------------------------------------------


def test_the_wall_stops_a_second_move_in_the_same_action_and_the_log_says_so():
    t = new()
    t.day(red=[5, 6, 8, 10], blue=[1, 5, 7, 9])
    t.state["double_agent"], t.state["infiltration"]["red"] = 3, 6
    t.guess("red", 1, 1)
    t.do("deceive", side="red", mission=1)
    t.wrong("blue", 1)
    assert t.log[-1] == (
        "blue guesses Spy on red mission 1: it is the Lieutenant (5); wrong; red's Lieutenant"
        " activates; the Double Agent moves 1 toward blue's fort (on the wall); red's"
        " Deception token: +4; red reaches 10: back to 0; the Double Agent stays on the wall"
    )
    assert t.state["sides"]["red"]["da_moved"] == 1


def move(double_agent: int, side: str, spaces: int, turn: SLTurn | None = None) -> tuple:
    """(position, spaces moved this round by each side, claim, notes) after a move."""
    from assistant.games.spies_and_lies.state import move_agent

    turn = turn or SLTurn(data=DATA)
    state = {
        "double_agent": double_agent,
        "claim": None,
        "sides": {"red": {"da_moved": 2}, "blue": {"da_moved": -1}},
    }
    move_agent(state, side, spaces, turn)
    moved = {s: state["sides"][s]["da_moved"] for s in ("red", "blue")}
    return state["double_agent"], moved, state["claim"], turn.notes


def test_the_double_agent_moves_toward_the_enemy_fort_and_stops_on_the_wall():
    assert move(0, "red", 2) == (
        2,
        {"red": 4, "blue": -1},
        None,
        ["the Double Agent moves 2 toward blue's fort (now 2 into blue's territory)"],
    )
    assert move(0, "blue", 1) == (
        -1,
        {"red": 2, "blue": -2},
        None,
        ["the Double Agent moves 1 toward red's fort (now 1 into red's territory)"],
    )
    assert move(-3, "blue", 3) == (
        -4,
        {"red": 2, "blue": -2},
        None,
        ["the Double Agent moves 1 toward red's fort (stops on the wall)"],
    )
    assert move(-4, "blue", 1) == (
        -5,
        {"red": 2, "blue": -2},
        "blue",
        ["the Double Agent takes red's flag"],
    )
    assert move(-1, "red", 1)[0] == 0
    assert move(-1, "red", 1)[3] == [
        "the Double Agent moves 1 toward blue's fort (now in the middle)"
    ]


def test_a_move_from_the_wall_in_the_action_that_reached_it_stays_there():
    turn = SLTurn(data=DATA)
    turn.on_wall.add("red")
    assert move(4, "red", 2, turn) == (
        4,
        {"red": 2, "blue": -1},
        None,
        ["the Double Agent stays on the wall"],
    )


def test_where_the_double_agent_stands_in_words():
    from assistant.games.spies_and_lies.state import describe_agent

    words = {pos: describe_agent(pos, DATA) for pos in range(-5, 6)}
    assert words == {
        -5: "on red's flag",
        -4: "on red's wall",
        -3: "3 into red's territory",
        -2: "2 into red's territory",
        -1: "1 into red's territory",
        0: "in the middle",
        1: "1 into blue's territory",
        2: "2 into blue's territory",
        3: "3 into blue's territory",
        4: "on blue's wall",
        5: "on blue's flag",
    }


# --- the end of the game ---------------------------------------------------------------------


@pytest.mark.parametrize(
    "double_agent, red, blue, winner, result",
    [
        (1, 0, 9, "red", "after day 3 the Double Agent is in blue's territory: red wins"),
        (-1, 9, 0, "blue", "after day 3 the Double Agent is in red's territory: blue wins"),
        (
            0,
            7,
            6,
            "red",
            "after day 3 the Double Agent is in the middle; red has more infiltration points"
            " (7 to 6)",
        ),
        (
            0,
            6,
            7,
            "blue",
            "after day 3 the Double Agent is in the middle; blue has more infiltration points"
            " (6 to 7)",
        ),
        (
            0,
            5,
            5,
            "draw",
            "after day 3 the Double Agent is in the middle and infiltration is tied: a draw",
        ),
    ],
)
def test_after_the_third_day_the_double_agent_then_the_points_decide(
    double_agent, red, blue, winner, result
):
    from assistant.games.spies_and_lies.days import final

    state = {"double_agent": double_agent, "infiltration": {"red": red, "blue": blue}}
    turn = SLTurn(data=DATA)
    final(state, turn)
    assert state == {
        "double_agent": double_agent,
        "infiltration": {"red": red, "blue": blue},
        "winner": winner,
        "result": result,
        "phase": "over",
    }
    assert turn.notes == [result]


# --- the Captain's and the Marshal's choices -------------------------------------------------


def choice(option, exhausted=(), enemy=(), deception=False, kind="captain", data=DATA) -> tuple:
    """(deception to pay, red's points, state["pending"], notes) after red chooses `option` for
    its pending Captain (or Marshal); `enemy` names blue's effects switched on this round."""
    from assistant.games.spies_and_lies.abilities import MARSHAL_OPTIONS, choose
    from assistant.games.spies_and_lies.state import initial

    state = initial(data, False)
    state["exhausted"]["red"] = list(exhausted)
    for effect in enemy:
        state["sides"]["blue"]["effects"][effect] = True
    options = ["points", *exhausted] if kind == "captain" else list(MARSHAL_OPTIONS)
    state["pending"] = {"side": "red", "kind": kind, "options": options, "deception": deception}
    turn = SLTurn(data=data)
    paid = choose(state, {"side": "red", "option": option}, turn)
    return paid, state["infiltration"]["red"], state["pending"], turn.notes


def test_an_exhausted_bomb_picked_by_the_captain_is_found_by_the_enemy_miner():
    assert choice(7, exhausted=[7], enemy=["miner"]) == (
        False,
        0,
        None,
        [
            "red's Captain uses the exhausted Bomb (7)",
            "blue's Miner finds it: it retreats without effect",
        ],
    )
    assert choice(10, exhausted=[10], enemy=["spy"])[3][-1] == (
        "blue's Spy finds it: it retreats without effect"
    )


@pytest.mark.parametrize(
    "rank, enemy, notes",
    [
        (
            7,
            ["spy"],
            ["red's Bomb activates", "the next blue card red reveals this round retreats"],
        ),
        (3, ["spy", "miner"], ["red's Miner activates", "+3"]),
        (8, ["miner"], ["red's Colonel activates", "+8"]),
        (10, ["miner"], ["red's Marshal activates", "red chooses: 10 or 5-5"]),
    ],
)
def test_an_exhausted_soldier_the_enemy_cannot_find_activates(rank, enemy, notes):
    paid, points, pending, said = choice(rank, exhausted=[rank], enemy=enemy)
    assert said == [f"red's Captain uses the exhausted {DATA.name(rank)}", *notes]


def test_a_deception_token_under_the_captain_is_paid_once_nothing_is_pending():
    assert choice(3, exhausted=[3], deception=True)[0] is True
    assert choice("points", deception=True)[:2] == (True, 6)
    paid, points, pending, notes = choice(10, exhausted=[10], deception=True)
    assert paid is False  # the Marshal chooses first
    assert pending == {
        "side": "red",
        "kind": "marshal",
        "options": ["10", "5-5"],
        "deception": True,
    }
    assert choice("10", kind="marshal", deception=True)[0] is True


def test_the_marshal_gives_ten_points_the_option_written_as_a_number_too():
    longer = dataclasses.replace(DATA, infiltration_top=20)
    assert choice(10, kind="marshal", data=longer) == (False, 10, None, ["red's Marshal: +10"])
    assert choice("10", kind="marshal", data=longer)[1] == 10
    assert choice("5-5", kind="marshal", data=longer)[1:] == (
        5,
        None,
        ["red's Marshal: +5 and blue -5"],
    )


def test_the_spy_takes_the_last_spare_deception_token():
    from assistant.games.spies_and_lies.abilities import activate
    from assistant.games.spies_and_lies.state import initial

    state = initial(DATA, False)
    state["deception_spares"] = 1
    turn = SLTurn(data=DATA)
    activate(state, "red", 1, turn)
    assert (state["deception"], state["deception_spares"]) == ({"red": 2, "blue": 1}, 0)
    assert turn.notes == ["red's Spy activates", "+1", "red takes a Deception token"]
    state["deception"]["red"] = 1
    activate(state, "red", 1, SLTurn(data=DATA))
    assert (state["deception"]["red"], state["deception_spares"]) == (1, 0)


def test_the_last_card_of_the_day_waits_for_the_marshal_the_captain_chose():
    """Red's Captain, the last card revealed this day, picks the exhausted Marshal: the day ends
    only once the Marshal has chosen."""
    t = new(red=10, blue=2)
    t.day(red=[2, 3, 5, 6], blue=[1, 5, 7, 9])
    for mission in (1, 2, 3):
        t.right("red", mission)
        t.right("blue", mission)
    t.right("red", 4)
    t.wrong("blue", 4)  # red's Captain activates
    t.do("choose", side="red", option=10)
    assert (t.state["phase"], t.state["pending"]["kind"]) == ("missions", "marshal")
    assert t.view["next"] == "red chooses for its Marshal: 10 or 5-5"
    t.do("choose", side="red", option="10")
    assert t.state["phase"] == "day_end"
    assert t.log[-1].endswith("every soldier is revealed: day 1 is over")


@pytest.mark.parametrize("mission", [0, 5, "1"])
def test_a_forced_deception_token_or_guess_still_needs_a_mission_1_to_4(mission):
    t = new()
    t.day(red=[3, 5, 8, 10], blue=[1, 5, 7, 9])
    assert why(t, "deceive", force=True, side="blue", mission=mission) == (
        f"Deception: mission: expected 1-4 (got {mission!r})"
    )
    assert why(t, "guess", side="red", mission=mission, rank=1) == (
        f"Mission: mission: expected 1-4 (got {mission!r})"
    )


# --- more of the tracks ------------------------------------------------------------------------


def test_a_move_that_ends_on_the_wall_says_so():
    assert move(2, "red", 2)[3] == ["the Double Agent moves 2 toward blue's fort (on the wall)"]


def test_the_colonel_carries_points_over_each_time_the_track_fills():
    """On a board whose infiltration track tops at 3, the Colonel's +8 fills it twice: the Double
    Agent moves twice, 2 points are left over."""
    from assistant.games.spies_and_lies.state import gain, initial

    short = dataclasses.replace(DATA, infiltration_top=3)
    state = initial(short, False)
    turn = SLTurn(data=short)
    gain(state, "red", 8, turn, rollover=True)
    assert (state["infiltration"]["red"], state["double_agent"]) == (2, 2)
    assert turn.notes == [
        "red reaches 3: back to 0, 5 carried over (the Colonel)",
        "the Double Agent moves 1 toward blue's fort (now 1 into blue's territory)",
        "red reaches 3: back to 0, 2 carried over (the Colonel)",
        "the Double Agent moves 1 toward blue's fort (now 2 into blue's territory)",
    ]


def test_points_carried_over_are_kept_when_the_double_agent_takes_the_flag():
    from assistant.games.spies_and_lies.state import gain, initial

    state = initial(DATA, False)
    state["double_agent"], state["infiltration"]["red"] = 4, 5
    turn = SLTurn(data=DATA)
    gain(state, "red", 8, turn, rollover=True)
    assert (state["infiltration"]["red"], state["double_agent"], state["claim"]) == (3, 5, "red")
    assert turn.notes == [
        "red reaches 10: back to 0, 3 carried over (the Colonel)",
        "the Double Agent takes blue's flag",
    ]


def test_the_double_agent_moves_again_after_special_rule_2_undid_its_moves():
    t = new()
    t.do("deploy", side="red", soldiers=[3, 5, 8, 10])
    t.do("deploy", side="blue")
    t.do("intel", card=2)
    t.do("tokens", side="red", missions=[2, 4])
    t.do("tokens", side="blue", missions=[3, 4])
    t.do("first", side="red")
    t.guess("red", 1, 1, reveal=9)  # wrong: blue's General moves the Double Agent 2
    t.right("blue", 1)
    t.guess("red", 2, 9, reveal=4)
    t.right("blue", 2)
    t.guess("red", 3, 1, reveal=7)  # 7 right of 9: blue's moves undone, blue exposed
    assert t.view["double_agent"] == 0
    t.state["infiltration"]["blue"] = 8
    t.right("blue", 3)  # +2: blue reaches 10, the Double Agent moves again
    assert t.view["double_agent"] == -1
    assert t.log[-1].endswith(
        "blue reaches 10: back to 0; the Double Agent moves 1 toward red's fort"
        " (now 1 into red's territory)"
    )


def test_the_spy_finds_no_deception_token_to_take_and_says_so():
    from assistant.games.spies_and_lies.abilities import activate
    from assistant.games.spies_and_lies.state import initial

    state = initial(DATA, False)
    state["deception_spares"] = 0
    turn = SLTurn(data=DATA)
    activate(state, "blue", 1, turn)
    assert turn.notes == [
        "blue's Spy activates",
        "+1",
        "no Deception token to take (at most 2 held, none spare)",
    ]


# --- deployment --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "line, position, out",
    [
        ([4, 7, 5, None], 2, True),  # the Sergeant first does not hide the 7 left of the 5
        ([None, 9, 4, 5], 3, True),
        ([5, 5, None, None], 1, False),  # equal ranks are not out of order
        ([None, 5, 5, None], 1, False),
        ([2, 4, 3, None], 1, False),  # the Sergeant is never out of order
        ([2, 4, 3, None], 2, False),
        ([None, None, 6, None], 2, False),
    ],
)
def test_a_revealed_card_out_of_order_with_the_known_cards(line, position, out):
    from assistant.games.spies_and_lies.deploy import out_of_order

    assert out_of_order(line, position) is out


def test_a_soldier_deployed_twice_is_named():
    t = new()
    assert why(t, "deploy", side="red", soldiers=[2, 2, 5, 9]) == (
        "Deployment: the Scout (2) is deployed twice (each soldier once)"
    )


@pytest.mark.parametrize(
    "seal, why_",
    [
        (5, "Deployment: seal: expected 64 lowercase hex digits (SHA-256 of 'salt:ranks')"),
        ("a" * 63, "Deployment: seal: expected 64 lowercase hex digits (SHA-256 of 'salt:ranks')"),
        ("A" * 64, "Deployment: seal: expected 64 lowercase hex digits (SHA-256 of 'salt:ranks')"),
        ("g" * 64, "Deployment: seal: expected 64 lowercase hex digits (SHA-256 of 'salt:ranks')"),
    ],
)
def test_a_seal_is_64_lowercase_hex_digits(seal, why_):
    assert why(new(), "deploy", side="red", seal=seal) == why_


def test_intel_tokens_go_on_missions_1_to_4():
    t = new()
    t.do("deploy", side="red", soldiers=[3, 5, 8, 10])
    t.do("deploy", side="blue", soldiers=[1, 5, 7, 9])
    t.do("intel", card=2)
    assert why(t, "tokens", side="red", missions=[0, 2]) == (
        "Intel: missions: expected a list of missions 1-4 with a token (got [0, 2])"
    )
    assert why(t, "tokens", side="red", missions=[5]) == (
        "Intel: missions: expected a list of missions 1-4 with a token (got [5])"
    )


def test_a_revealed_rank_already_on_a_later_mission_is_refused():
    t = new()
    t.do("deploy", side="red")  # face down: each rank is entered when revealed
    t.do("deploy", side="blue", soldiers=[1, 5, 7, 9])
    t.do("intel", card=2)
    t.do("tokens", side="red", missions=[])
    t.do("tokens", side="blue", missions=[2, 3])
    t.do("first", side="red")
    t.right("red", 1)
    t.do("guess", force=True, side="blue", mission=3, rank=5, reveal=5)  # out of turn
    assert why(t, "guess", side="blue", mission=1, rank=5, reveal=5) == (
        "Deployment: red's Lieutenant (5) is already on another mission"
    )


def test_a_deception_token_on_a_card_guessed_right_has_no_effect():
    t = new()
    t.day(red=[3, 5, 8, 10], blue=[1, 5, 7, 9])
    t.right("red", 1)
    t.do("deceive", side="red", mission=1)
    t.right("blue", 1)
    assert t.log[-1] == (
        "blue guesses Miner on red mission 1: it is the Miner (3); correct: blue +2, it retreats;"
        " the Deception token has no effect"
    )


# --- audit and the end of a day ----------------------------------------------------------------


def sealed_day(t: Table, red: list[int], blue: list[int], salt: str = "k3x9") -> None:
    """Both sides deploy sealed (salt:ranks), then the day is played to its end, every guess
    right; the ranks are revealed as the guesses are made."""
    from assistant.games.spies_and_lies.deploy import seal

    t.do("deploy", side="red", seal=seal(salt, red))
    t.do("deploy", side="blue", seal=seal(salt, blue))
    t.do("intel", card=t.state["day"] + 1)
    t.do("tokens", side="red", missions=[])
    t.do("tokens", side="blue", missions=[])
    if t.state["starter"] is None:
        t.do("first", side="red")
    starter = t.state["starter"]
    lines = {"red": red, "blue": blue}
    for mission in (1, 2, 3, 4):
        for side in (starter, "blue" if starter == "red" else "red"):
            rank = lines["blue" if side == "red" else "red"][mission - 1]
            t.guess(side, mission, rank, reveal=rank)


def test_the_end_of_a_day_waits_for_both_sealed_deployments_to_be_checked():
    t = new(red=1, blue=2)
    sealed_day(t, red=[3, 5, 8, 10], blue=[1, 5, 7, 9])
    assert t.state["phase"] == "day_end"
    assert why(t, "end_day", exhausted={"red": [3], "blue": [1]}) == (
        "End of day: red and blue's sealed deployment is not checked (audit with the salt)"
    )
    assert why(t, "audit", side="red", soldiers=[3, 5, 8, 11], salt="k3x9") == (
        "Audit: soldiers: expected 4 ranks, mission 1 to 4"
    )
    t.do("audit", side="red", salt="k3x9")
    t.do("audit", side="blue", salt="k3x9")
    t.do("end_day", exhausted={"red": 3, "blue": 1})  # one rank each, written bare
    assert t.state["exhausted"] == {"red": [3], "blue": [1]}
    assert t.state["day"] == 2


def test_a_rank_beyond_ten_is_not_a_soldier_to_exhaust():
    t = new(red=1, blue=2)
    t.day(red=[3, 5, 8, 10], blue=[1, 5, 7, 9])
    for mission in (1, 2, 3, 4):
        t.right("red", mission)
        t.right("blue", mission)
    assert why(t, "end_day", exhausted={"red": [11], "blue": [1]}) == (
        "End of day: exhausted.red: expected a list of ranks 1-10"
    )


def test_the_third_day_ends_only_once_both_sealed_deployments_are_checked():
    t = new(red=1, blue=2)
    for day in (1, 2, 3):
        red = [[3, 5, 8, 10], [2, 5, 8, 10], [3, 5, 8, 10]][day - 1]
        blue = [[1, 5, 7, 9], [1, 3, 7, 9], [1, 5, 7, 9]][day - 1]
        sealed_day(t, red=red, blue=blue)
        if day < 3:
            t.do("audit", side="red", salt="k3x9")
            t.do("audit", side="blue", salt="k3x9")
            t.do("end_day", exhausted={"red": [red[0]], "blue": [blue[1]]})
    assert why(t, "end_day", exhausted={"red": [2], "blue": [3]}) == (
        "End of day: day 3 is the last: the game is scored once red and blue's sealed deployment"
        " is checked (audit with the salt)"
    )


def test_the_game_rejects_teams_that_are_not_true_or_false_and_apply_is_not_forced():
    from assistant.games.spies_and_lies.rules import GAME
    from deaddrop.errors import InputError

    with pytest.raises(InputError) as caught:
        GAME.setup({"teams": "yes"})
    assert caught.value.message == "option teams: expected true or false, got 'yes'"
    t = new()
    out = GAME.apply(t.state, {"type": "deploy", "side": "red", "soldiers": [3, 2, 5, 9]})
    assert out == Refusal(
        "Deployment",
        "the Scout (2) is right of the Miner (3); ranks must rise left to right, the Sergeant"
        " excepted",
    )
