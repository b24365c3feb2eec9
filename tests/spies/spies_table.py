"""Test helpers of the Spies! tracker: a table driven action by action, a standard set up, and
`quote`, which checks that a test's words from the rules are the rules text (a copy beside these
tests, rules_quotes.txt, names its source)."""

from __future__ import annotations

import copy
import re
from pathlib import Path

from assistant.engine import Refusal
from assistant.games.spies.data import default_data
from assistant.games.spies.rules import GAME
from assistant.games.spies.state import new_step

HERE = Path(__file__).resolve().parent
DATA = default_data()
POWERS = DATA.powers
GAMES = HERE / "games"


def _plain(text: str) -> str:
    """The rules text without its emphasis marks and line breaks."""
    return re.sub(r"\s+", " ", text.replace("*", "").replace("\\", "")).strip()


RULES = _plain((HERE / "rules_quotes.txt").read_text(encoding="utf-8").split("-" * 72, 1)[1])


def quote(text: str) -> str:
    """`text`, once checked to be in the copied rules text (emphasis and line breaks aside)."""
    assert _plain(text) in RULES, f"not in the rules text: {text!r}"
    return text


# a standard set up: every power's 3 random tiles, its secrets and its police
RANDOM = {
    "Germany": [36, 41, 50],
    "Italy": [37, 42, 49],
    "Russia": [38, 43, 48],
    "France": [39, 44, 47],
    "Britain": [40, 45, 46],
}
SECRETS = {
    "Germany": ["Berlin", "Hamburg", "Munich", "Essen", "Leipzig", "Stettin", "Frankfurt"],
    "Italy": ["Rome", "Milan", "Naples", "Turin", "Venice", "Bengazi"],
    "Russia": ["Moscow", "Kiev", "Minsk", "Odessa", "Tula", "Kharkov", "Rostov"],
    "France": ["Paris", "Lyons", "Brest", "Nancy", "Algiers", "Tunis"],
    "Britain": ["London", "Glasgow", "Cairo", "Malta", "Liverpool", "Manchester"],
}
POLICE = {
    "Germany": {"Berlin": 2, "Hamburg": 2, "Munich": 2, "Essen": 1},
    "Italy": {"Rome": 2, "Milan": 2, "Naples": 2, "Turin": 1},
    "Russia": {"Moscow": 2, "Kiev": 2, "Minsk": 2, "Odessa": 1},
    "France": {"Paris": 2, "Lyons": 2, "Brest": 2},
    "Britain": {"London": 2, "Glasgow": 2, "Liverpool": 1},
}


class Table:
    """A game in memory; `do` asserts the action applies, `refused` that it does not (and that
    the state is left exactly as it was)."""

    def __init__(self, **options) -> None:
        self.game = GAME
        state = GAME.setup(options)
        assert not isinstance(state, Refusal), state
        self.state = state
        self.log: list[str] = []

    def do(self, type: str, force: bool = False, **fields) -> dict:
        action = {"type": type, **fields}
        after = self.game.apply(self.state, action, force=force)
        assert not isinstance(after, Refusal), f"{action} refused: {after}"
        self.log.append(self.game.describe(action, self.state, after))
        self.state = after
        return after

    def refused(self, type: str, force: bool = False, **fields) -> Refusal:
        before = copy.deepcopy(self.state)
        out = self.game.apply(self.state, {"type": type, **fields}, force=force)
        assert isinstance(out, Refusal), f"{type} {fields} was not refused"
        assert self.state == before
        return out

    @property
    def view(self) -> dict:
        return self.game.view(self.state)

    @property
    def last(self) -> str:
        return self.log[-1]

    def set_up(self) -> Table:
        """The standard set up: 1933, Germany's turn."""
        for power in POWERS:
            self.do("hand", power=power, random=RANDOM[power])
            self.do("secrets", power=power, cities=SECRETS[power])
            self.do("police", power=power, cities=POLICE[power])
        assert self.state["phase"] == "play"
        return self

    def hand(self, power: str, *codes: str) -> None:
        """Put these tiles in a power's hand (a test's shortcut: the state is plain data)."""
        for code in codes:
            for hand in self.state["hands"].values():
                if code in hand:
                    hand.remove(code)
            self.state["hands"][power].append(code)

    def at(self, year: int, power: str = "Germany") -> Table:
        """Jump to `power`'s turn in `year` (a test's shortcut), before its tile."""
        self.state["year"] = year
        self.state["turn"] = power
        self.state["ap_left"] = DATA.ap
        self.state["step"] = new_step()
        return self

    def discard(self, power: str | None = None) -> None:
        """The current power discards its first tile (to get past the start of its turn)."""
        power = power or self.state["turn"]
        self.do("discard", power=power, tile=self.state["hands"][power][0])

    def end_turn(self) -> None:
        power = self.state["turn"]
        if self.state["step"]["tile"] is None:
            self.discard(power)
        self.do("end_turn", power=power)
