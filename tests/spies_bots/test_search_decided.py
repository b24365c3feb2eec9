"""A search for a bot's counter is decided by the tracker's private strength comparison (3.4),
never by the searcher's `captured=`: a person who guesses "captured" cannot turn up a bot's spy
that the comparison does not capture (docs/spies.md, "Playing with bots")."""

from __future__ import annotations

from assistant.engine import Refusal
from assistant.games.spies.bots import referee
from assistant.games.spies.bots.hidden import Hidden
from assistant.games.spies.bots.simulate import play
from assistant.games.spies.rules import GAME


def _searches(seed: int):
    """(the state before, the search) for every search of a bot's counter in a seeded game."""
    options = {"bots": "all", "bot_level": "easy", "seed": seed}
    played = play(options)
    before = GAME.setup({"players": 5, **options})
    for done in played.driver.done:
        action = done.action
        if action.get("type") == "search" and action.get("target"):
            # the searcher played by a person instead: the other four stay bots
            bots = {p: v for p, v in before["bots"].items() if p != done.power}
            yield {**before, "bots": bots}, action
        before = done.after


def test_the_searchers_guess_changes_nothing_the_comparison_decides():
    seen = {True: 0, False: 0}
    for seed in (3, 5, 7):
        for before, action in _searches(seed):
            power, city = str(action["power"]), str(action["city"])
            enemy, counter = str(action["enemy"]), str(action["target"])
            hidden = Hidden.of(before, GAME.data)
            captures = referee.search_captures(before, hidden, power, city, enemy, counter)
            seen[captures] += 1
            results = [GAME.apply(before, {**action, "captured": guess}) for guess in ("yes", "no")]
            assert not any(isinstance(r, Refusal) for r in results), results
            assert results[0] == results[1]  # the guess is replaced by the comparison
            truth = GAME.apply(before, {**action, "captured": "yes" if captures else "no"})
            assert results[0] == truth
    assert seen[True] and seen[False]  # both outcomes met, so the test can tell them apart
