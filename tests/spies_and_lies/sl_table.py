"""Test helper for the Spies & Lies tests: a table driven action by action."""

from __future__ import annotations

import copy

from assistant.engine import Refusal
from assistant.games.spies_and_lies.data import default_data
from assistant.games.spies_and_lies.rules import GAME

DATA = default_data()
SIDES = ("red", "blue")


def correct_tokens(line: list[int], card: int) -> list[int]:
    """The missions that must carry an Intel token: rank shown on the card (rules, Intelligence
    phase); the Sergeant is free, this helper gives him none."""
    return [i + 1 for i, rank in enumerate(line) if rank != 4 and rank in DATA.intel[card]]


class Table:
    """A game in memory; `do` asserts the action applies, `refused` that it does not."""

    def __init__(self, **options) -> None:
        self.game = GAME
        self.state = GAME.setup(options)
        self.log: list[str] = []

    def do(self, type: str, force: bool = False, **fields) -> dict:
        action = {"type": type, **fields}
        after = self.game.apply(self.state, action, force=force)
        assert not isinstance(after, Refusal), f"{action} refused: {after}"
        self.log.append(self.game.describe(action, self.state, after))
        self.state = after
        return after

    def refused(self, type: str, force: bool = False, **fields) -> Refusal:
        """The refusal of this action; the state is left exactly as it was (compared with a deep
        copy taken before)."""
        before = copy.deepcopy(self.state)
        out = self.game.apply(self.state, {"type": type, **fields}, force=force)
        assert isinstance(out, Refusal), f"{type} {fields} was not refused"
        assert self.state == before
        return out

    @property
    def view(self) -> dict:
        return self.game.view(self.state)

    def setup(self, red: int = 1, blue: int = 2, old: int = 6) -> None:
        self.do("setup", old_intel=old, exhausted={"red": red, "blue": blue})

    def day(
        self,
        red: list[int],
        blue: list[int],
        intel: int = 1,
        first: str | None = "red",
        red_tokens: list[int] | None = None,
        blue_tokens: list[int] | None = None,
    ) -> None:
        """Deploy both sides open, turn over `intel`, place tokens (correct unless given)."""
        self.do("deploy", side="red", soldiers=red)
        self.do("deploy", side="blue", soldiers=blue)
        self.do("intel", card=intel)
        tokens = {"red": red_tokens, "blue": blue_tokens}
        for side, line in (("red", red), ("blue", blue)):
            given = tokens[side]
            self.do(
                "tokens",
                side=side,
                missions=correct_tokens(line, intel) if given is None else given,
            )
        if first is not None and self.state["day"] == 1 and self.state["starter"] is None:
            self.do("first", side=first)

    def guess(self, side: str, mission: int, rank: int | None, **more) -> dict:
        return self.do("guess", side=side, mission=mission, rank=rank, **more)

    def line(self, side: str) -> list[int]:
        groups = self.state["sides"][side]["groups"]
        out = [0, 0, 0, 0]
        for group in groups:
            for mission, rank in zip(group["missions"], group["soldiers"] or [], strict=False):
                out[mission - 1] = rank
        return out

    def wrong(self, side: str, mission: int) -> dict:
        """`side` guesses the enemy's mission wrongly (a rank other than the card's)."""
        enemy = "blue" if side == "red" else "red"
        actual = self.line(enemy)[mission - 1]
        return self.guess(side, mission, 1 if actual != 1 else 2)

    def right(self, side: str, mission: int) -> dict:
        enemy = "blue" if side == "red" else "red"
        return self.guess(side, mission, self.line(enemy)[mission - 1])
