"""Whole games of Spies! bots in process (assistant/games/spies/bots/simulate.py): seeded, every
action through the rules (none refused), the invariants after every action, the same game from
the same seed, and the recorded actions replaying to the same end."""

from __future__ import annotations

import pytest

from assistant.engine import Refusal
from assistant.games.spies.bots.driver import Driver
from assistant.games.spies.bots.hidden import Hidden
from assistant.games.spies.bots.invariants import problems
from assistant.games.spies.bots.simulate import driver_for, play
from assistant.games.spies.rules import GAME
from assistant.history import Entry, final

MIXED = {"Germany": "best", "Italy": "easy", "Russia": "fair", "France": "easy", "Britain": "best"}


def options(seed: int, levels: object = None) -> dict:
    return {"bots": "all", "bot_level": levels or MIXED, "seed": seed}


def test_a_seeded_game_of_bots_runs_to_its_end_with_no_refusal_and_no_broken_invariant():
    played = play(options(11), checked=True)
    assert played.state["phase"] == "over"
    assert played.state["year"] == played.state["ends"]
    assert played.refused == []
    assert played.broken == []
    assert played.state["result"]
    # every power took its turns: a tile each year, 7 years
    tiles = [d for d in played.driver.done if d.action["type"] in ("play", "discard")]
    assert len(tiles) == 5 * 7
    # the recorded actions replay to the same end from the table's first state
    start = GAME.setup({"players": 5, **options(11)})
    entries = [Entry(d.action, None, None, None, None) for d in played.driver.done]
    assert final(GAME, start, entries) == played.state


@pytest.mark.slow
def test_the_same_seed_gives_the_same_game_and_another_seed_another():
    one = [d.action for d in play(options(3)).driver.done]
    two = [d.action for d in play(options(3)).driver.done]
    other = [d.action for d in play(options(4)).driver.done]
    assert one == two
    assert one != other


@pytest.mark.slow
@pytest.mark.parametrize("seed", [21, 22, 23])
def test_games_at_each_level_keep_the_invariants(seed):
    level = ("easy", "fair", "best")[seed % 3]
    played = play(options(seed, level), checked=True)
    assert (played.refused, played.broken, played.state["phase"]) == ([], [], "over")


def test_bots_wait_for_the_people_at_the_set_up_and_never_act_for_them():
    state = GAME.setup({"players": 5, "bots": "Italy,France", "bot_level": "fair", "seed": 5})
    driver = driver_for(GAME, state)
    assert isinstance(driver, Driver)
    done = driver.respond()
    assert {d.power for d in done} == {"Italy", "France"}
    assert {d.action["type"] for d in done} == {"hand", "secrets", "place"}
    assert driver.state["phase"] == "setup"
    assert driver.state["hands"]["Germany"] == []
    assert problems(driver.state, driver.hidden, GAME.data) == []


class Refusing:
    """The game with rules that refuse every action (a tracker the bots do not know)."""

    data = GAME.data

    def apply(self, state, action, *, force=False):
        return Refusal("house", "nothing today")

    def complete(self, state, action, seed):
        return action


def test_bots_stop_when_the_rules_refuse_what_they_try():
    state = GAME.setup({"players": 5, **options(2)})
    driver = driver_for(Refusing(), state)
    assert driver is not None
    assert driver.respond() == []
    assert 0 < len(driver.refused) <= 40
    assert driver.state is state


def test_a_person_at_a_table_of_four_bots_plays_a_whole_game_through_the_tables_hook():
    """Germany is a person (its moves chosen by a stand-in with Germany's sight only), entered
    one by one as `table do` enters them; after each, the table's hook (`GAME.autoplay`) lets
    the four bots act until the person must."""
    state = GAME.setup({"players": 5, "bots": "Italy,Russia,France,Britain", "seed": 8})
    history: list = []

    def bots_act() -> None:
        nonlocal state
        moves, _ = GAME.autoplay(history, state)
        for move in moves:
            assert move.by != "Germany (bot)"
            history.append((move.action, state, move.after))
            state = move.after
            assert problems(state, Hidden.of(state, GAME.data), GAME.data) == []

    bots_act()
    for _ in range(2000):
        if state["phase"] == "over":
            break
        person = Driver(GAME, state, {"Germany": "easy"})
        assert person._one(), (state["phase"], state["turn"])
        for done in person.done:
            after = GAME.apply(state, done.action)
            assert not isinstance(after, Refusal)
            history.append((done.action, state, after))
            state = after
            bots_act()
    assert state["phase"] == "over"
    people = [a for a, _, _ in history if a.get("power") == "Germany"]
    assert {a["type"] for a in people} >= {"hand", "secrets", "place", "end_turn", "originals"}


@pytest.mark.slow
def test_a_fair_person_stand_in_searches_each_enemy_spy_once_a_turn_and_bots_answer_with_papers():
    """The stand-in is a new driver at every step (as a bot's turn is when it waits for a person
    in the middle): its searches still keep 3.4's once per turn for each enemy spy (read from
    the table's record). A bot whose counter a person's search captured may answer with Papers,
    which undoes the capture (3.8)."""
    state = GAME.setup({"players": 5, "bots": "Italy,Russia,France,Britain", "seed": 8})
    history: list = []
    answered = []

    def bots_act() -> None:
        nonlocal state
        moves, _ = GAME.autoplay(history, state)
        for move in moves:
            last = history[-1][0] if history else {}
            if last.get("type") == "search" and last.get("power") == "Germany":
                if move.action.get("chit") == "Papers":
                    answered.append((history[-1][1], move.after))
            history.append((move.action, state, move.after))
            state = move.after

    bots_act()
    for _ in range(3000):
        if state["phase"] == "over":
            break
        person = Driver(GAME, state, {"Germany": "fair"})
        assert person._one(), (state["phase"], state["turn"])
        assert person.refused == []
        for done in person.done:
            after = GAME.apply(state, done.action)
            assert not isinstance(after, Refusal)
            history.append((done.action, state, after))
            state = after
            bots_act()
    assert state["phase"] == "over"
    assert answered
    for before, after in answered:  # the capture undone: Germany's record as before the search
        assert after["record"]["Germany"] == before["record"]["Germany"]
