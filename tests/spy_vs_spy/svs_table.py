"""Test helpers for the Spy vs Spy tracker: the copied rules text (quoted by the tests), a table
driven action by action, and states set up for a test."""

from __future__ import annotations

import copy
import re
from functools import cache
from pathlib import Path

from assistant.engine import Json, Refusal
from assistant.games.spy_vs_spy.kit import default_kit
from assistant.games.spy_vs_spy.rules import GAME, SpyVsSpy

HERE = Path(__file__).parent
KIT = default_kit()
NUMBERS = [4, 11, 19]
OFFENSIVE = ["orange", "green", "yellow", "black", "white"]
DEFENSIVE = ["orange", "green", "yellow", "black", "white"]


@cache
def rules_text() -> str:
    """The copied rules lines (tests/spy_vs_spy/rules_text.txt), without the line numbers."""
    lines = (HERE / "rules_text.txt").read_text(encoding="utf-8").splitlines()
    return "\n".join(line.split("| ", 1)[1] for line in lines if not line.startswith("#"))


def rule(words: str) -> str:
    """`words`, checked to be the rules' own (whitespace aside): what a test quotes."""
    flat = " ".join(rules_text().split())
    assert " ".join(words.split()) in flat, f"not in the rules text: {words!r}"
    return words


class Table:
    """One game driven through GAME.apply (dice drawn by GAME.complete from `seed`)."""

    def __init__(self, first: str = "black", seed: int = 7, game: SpyVsSpy = GAME) -> None:
        self.game = game
        self.state: Json = game.setup({"first": first})
        self.seed = seed
        self.lines: list[str] = []

    def action(self, kind: str, **params) -> Json:
        return {"type": kind, **params}

    def do(self, kind: str, *, force: bool = False, **params) -> Json:
        action = self.game.complete(self.state, self.action(kind, **params), self.seed)
        self.seed += 1
        before = copy.deepcopy(self.state)
        after = self.game.apply(self.state, action, force=force)
        assert not isinstance(after, Refusal), (action, after)
        assert self.state == before
        self.lines.append(self.game.describe(action, self.state, after))
        self.state = after
        return action

    def refused(self, kind: str, *, force: bool = False, **params) -> Refusal:
        action = self.action(kind, **params)
        before = copy.deepcopy(self.state)
        out = self.game.apply(self.state, action, force=force)
        assert isinstance(out, Refusal), (action, "was applied")
        assert self.state == before
        return out

    @property
    def last(self) -> str:
        return self.lines[-1]

    @property
    def view(self) -> Json:
        return self.game.view(self.state)

    @property
    def secret(self) -> Json:
        secret: Json = self.state["secret"]
        return secret

    def arsenal(self, spy: str) -> Json:
        held: Json = self.state["secret"]["arsenal"][spy]
        return held

    def setup(
        self,
        numbers: list[int] | None = None,
        black: dict | None = None,
        white: dict | None = None,
    ) -> Table:
        self.do("circle", numbers=numbers or NUMBERS)
        for spy, given in (("black", black), ("white", white)):
            kit = {"offensive": OFFENSIVE, "defensive": DEFENSIVE, "defence": "white"}
            kit.update(given or {})
            self.do("arsenal", spy=spy, **kit)
        return self

    # ---- setting a state up directly (what a long game would reach) --------------------------

    def put(self, who: str, node: str | None) -> None:
        """Stand a spy or a cop on `node` (a cop is put on the board)."""
        if who in ("black", "white"):
            self.state["positions"][who] = node
            return
        cop = next(c for c in self.state["cops"] if c["cop"] == who)
        cop.update(status="on" if node else "waiting", at=node)

    def give_pieces(self, spy: str, numbers: list[int], shown: int | None = None) -> None:
        for record in self.state["secret"]["pieces"]:
            if record["number"] in numbers:
                record["at"] = f"spy:{spy}"
        self.state["pieces"][spy] = len(numbers) if shown is None else shown
        self.state["found"] = max(self.state["found"], len(numbers))

    def trap(self, room: str, colour: str | None, owner: str = "white") -> None:
        """A trap (or a decoy: None) set by `owner` in `room`."""
        if colour is not None:
            held = self.arsenal(owner)
            if colour in held["offensive"]:
                held["offensive"].remove(colour)
            else:
                self.state["secret"]["bags"]["offensive"][colour] -= 1
            held["used"].append(colour)
        self.state["secret"]["traps"][room] = {"owner": owner, "colour": colour}

    def turn_of(self, spy: str, ap: int = 2) -> None:
        self.state.update(turn=spy, ap_left=ap, phase="turn")

    def read(self, room: str, number: int, by: str = "white") -> None:
        """`by` read `room`'s own number token as `number`."""
        self.state["secret"]["numbers"][room] = number
        self.state["secret"]["readers"][room] = by


def started(**options) -> Table:
    """Set up: numbers 4, 11, 19 circled; both arsenals entered (defence white); black's turn."""
    return Table(**options).setup()


def count(text: str, word: str) -> int:
    return len(re.findall(word, text))
