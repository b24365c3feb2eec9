"""Every refusal of the Spies & Lies tracker, triggered directly with its exact message.

One case a refusal site (each `Refuse(...)` and `turn.rule(...)` in
assistant/games/spies_and_lies/), and a test that finds every site in the source and fails when
one has no case here: a new refusal needs its case."""

from __future__ import annotations

import ast
import hashlib
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from sl_table import Table
from test_rules import bomb_then_counted_identification, exposed_with_the_sergeant_face_down

import assistant.games.spies_and_lies as package
from assistant.games import actions

RED = [3, 5, 8, 10]
BLUE = [1, 5, 7, 9]


def sealed(salt: str, ranks: list[int]) -> str:
    return hashlib.sha256(f"{salt}:{','.join(map(str, ranks))}".encode()).hexdigest()


def at_setup() -> Table:
    return Table()


def deploying(**options) -> Table:
    """Set up: red's Spy (1) and blue's Scout (2) exhausted, old intel card 6."""
    t = Table(**options)
    t.setup()
    return t


def placing_tokens() -> Table:
    t = deploying()
    t.do("deploy", side="red", soldiers=RED)
    t.do("deploy", side="blue", soldiers=BLUE)
    t.do("intel", card=1)
    return t


def on_missions(first: str | None = "red") -> Table:
    t = deploying()
    t.day(red=RED, blue=BLUE, first=first)
    return t


def blue_face_down() -> Table:
    """Blue deployed face down (nothing entered): each reveal names the rank."""
    t = deploying()
    t.do("deploy", side="red", soldiers=RED)
    t.do("deploy", side="blue")
    t.do("intel", card=1)
    t.do("tokens", side="red", missions=[1, 3])
    t.do("tokens", side="blue", missions=[1])
    t.do("first", side="red")
    return t


def after_first_guess() -> Table:
    t = on_missions()
    t.right("red", 1)
    return t


def blue_deceived() -> Table:
    t = on_missions()
    t.do("deceive", side="blue", mission=1)
    return t


def red_captain_waits() -> Table:
    """Red's Captain activated: red chooses points or the exhausted Spy (1)."""
    t = deploying()
    t.day(red=[3, 6, 8, 9], blue=BLUE)
    t.right("red", 1)
    t.right("blue", 1)
    t.right("red", 2)
    t.wrong("blue", 2)
    return t


def day_over(red_seal: str | None = None) -> Table:
    """Every soldier of the day revealed (red's deployment RED, sealed with `red_seal`)."""
    t = deploying()
    if red_seal is None:
        t.do("deploy", side="red", soldiers=RED)
    else:
        t.do("deploy", side="red", seal=sealed(red_seal, RED))
    t.do("deploy", side="blue", soldiers=BLUE)
    t.do("intel", card=1)
    t.do("tokens", side="red", missions=[1, 3])
    t.do("tokens", side="blue", missions=[1])
    t.do("first", side="red")
    for mission in (1, 2, 3, 4):
        t.right("red", mission)
        t.guess("blue", mission, RED[mission - 1], reveal=RED[mission - 1])
    assert t.state["phase"] == "day_end"
    return t


def last_day_over() -> Table:
    """Day 3 over; red's sealed deployment is not checked yet."""
    t = deploying()
    t.state["day"], t.state["first"] = 3, "blue"
    t.do("deploy", side="red", seal=sealed("k3x9", RED))
    t.do("deploy", side="blue", soldiers=BLUE)
    t.do("intel", card=1)
    t.do("tokens", side="red", missions=[1, 3])
    t.do("tokens", side="blue", missions=[1])
    t.state["starter"] = "red"
    for mission in (1, 2, 3, 4):
        t.right("red", mission)
        t.guess("blue", mission, RED[mission - 1], reveal=RED[mission - 1])
    return t


def deploy(t: Table, side: str, mode: str, line: list[int]) -> None:
    if mode == "open":
        t.do("deploy", side=side, soldiers=line)
    elif mode == "sealed":
        t.do("deploy", side=side, seal=sealed("s", line))
    else:
        t.do("deploy", side=side)


def red_takes_the_flag(red: str = "face down", blue: str = "open") -> Table:
    """Red's Lieutenant moves the Double Agent from the wall onto blue's flag in the first round
    (each side deployed "open", "sealed" with salt "s", or "face down")."""
    t = deploying()
    deploy(t, "red", red, RED)
    deploy(t, "blue", blue, BLUE)
    t.do("intel", card=1)
    t.do("tokens", side="red", missions=[1, 3])
    t.do("tokens", side="blue", missions=[1])
    t.do("first", side="red")
    t.state["double_agent"] = 4
    t.guess("red", 1, 1, reveal=1)
    t.guess("blue", 1, 2, reveal=3)  # wrong: red's Miner +3
    t.guess("red", 2, 5, reveal=5)
    t.guess("blue", 2, 1, reveal=5)  # wrong: red's Lieutenant takes the flag
    return t


def game_over() -> Table:
    t = red_takes_the_flag(red="open")
    assert t.state["winner"] == "red"
    return t


def red_deployed_half() -> Table:
    t = deploying(teams=True)
    t.do("deploy", side="red", missions=[1, 2])
    return t


def blue_deceived_next_round() -> Table:
    """Blue spent its only Deception token on mission 1; red is about to guess mission 2."""
    t = blue_deceived()
    t.right("red", 1)
    t.right("blue", 1)
    return t


def placing_tokens_before_intel() -> Table:
    t = deploying()
    t.do("deploy", side="red", soldiers=RED)
    t.do("deploy", side="blue", soldiers=BLUE)
    return t


def blue_guessed_face_down() -> Table:
    """Red guessed blue's face-down mission 1 without its rank: blue turns it up next."""
    t = blue_face_down()
    t.do("guess", side="red", mission=1, rank=1)
    return t


def blue_face_down_first_revealed() -> Table:
    t = blue_face_down()
    t.guess("red", 1, 1, reveal=5)  # wrong: blue's Lieutenant
    t.guess("blue", 1, 3)
    return t


@dataclass(frozen=True)
class Case:
    table: Callable[[], Table]
    action: dict
    refusal: str
    force: bool = False
    fields: dict = field(default_factory=dict)


CASES = {
    # rules.py: the shape check's side, the game over, a pending choice, the phase, the starter
    "side": Case(
        on_missions,
        {"type": "guess", "side": "green", "mission": 1, "rank": 1},
        "action: guess: side: expected red or blue (got 'green')",
    ),
    "game over": Case(
        game_over,
        {"type": "intel", "card": 2},
        "Game over: red takes blue's flag; the deployment audit is clean",
    ),
    "choice first": Case(
        red_captain_waits,
        {"type": "guess", "side": "red", "mission": 3},
        "Captain: red first chooses: points or the exhausted Spy (1)",
    ),
    "no choice": Case(
        on_missions,
        {"type": "choose", "side": "red", "option": "points"},
        "Choice: no Captain or Marshal is waiting for a choice",
    ),
    "phase": Case(
        at_setup,
        {"type": "intel", "card": 1},
        "Phase: no intel during set up (setup: old_intel, exhausted)",
    ),
    "starter": Case(
        lambda: on_missions(first=None),
        {"type": "guess", "side": "red", "mission": 1, "rank": 1},
        "Mission: flip the Starting Player card first (first: red or blue)",
    ),
    # days.py: setup, first
    "setup card": Case(
        at_setup,
        {"type": "setup", "old_intel": 99, "exhausted": {"red": 1, "blue": 2}},
        "Setup: old_intel: expected an intel card number (got 99)",
    ),
    "setup sides": Case(
        at_setup,
        {"type": "setup", "old_intel": 6, "exhausted": {"red": 1}},
        "Setup: exhausted: expected {red: rank, blue: rank}",
    ),
    "setup rank": Case(
        at_setup,
        {"type": "setup", "old_intel": 6, "exhausted": {"red": 11, "blue": 2}},
        "Setup: exhausted.red: expected a rank 1-10 (got 11)",
    ),
    "first again": Case(
        after_first_guess,
        {"type": "first", "side": "blue"},
        "Starting player: the card is flipped once, before the first guess of day 1",
    ),
    # missions.py: deploy
    "deploy missions": Case(
        deploying,
        {"type": "deploy", "side": "red", "missions": [1, 3]},
        "Deployment: missions: expected [1, 2, 3, 4] or, in team play,"
        " [1, 2] or [3, 4] (got [1, 3])",
    ),
    "deploy halves": Case(
        deploying,
        {"type": "deploy", "side": "red", "missions": [1, 2]},
        "Deployment: one player deploys all four missions (team play splits them 1-2 and 3-4)",
    ),
    "deploy twice": Case(
        red_deployed_half,
        {"type": "deploy", "side": "red", "missions": [1, 2]},
        "Deployment: red has already deployed on missions [1, 2]",
    ),
    "deploy both": Case(
        deploying,
        {"type": "deploy", "side": "red", "soldiers": RED, "seal": sealed("s", RED)},
        "Deployment: give soldiers (open) or a seal (hidden), not both",
    ),
    "deploy seal": Case(
        deploying,
        {"type": "deploy", "side": "red", "seal": "ABC"},
        "Deployment: seal: expected 64 lowercase hex digits (SHA-256 of 'salt:ranks')",
    ),
    "deploy soldiers": Case(
        deploying,
        {"type": "deploy", "side": "red", "soldiers": "3 5 8 10"},
        "Deployment: soldiers: expected a list of ranks (got '3 5 8 10')",
    ),
    "deploy count": Case(
        deploying,
        {"type": "deploy", "side": "red", "soldiers": [3, 5, 8]},
        "Deployment: soldiers: 4 ranks, one per mission",
    ),
    "deploy ranks": Case(
        deploying,
        {"type": "deploy", "side": "red", "soldiers": [3, 5, 8, 11]},
        "Deployment: soldiers: ranks are 1 to 10 (got [3, 5, 8, 11])",
    ),
    "deploy order": Case(
        deploying,
        {"type": "deploy", "side": "red", "soldiers": [3, 2, 5, 9]},
        "Deployment: the Scout (2) is right of the Miner (3); ranks must rise"
        " left to right, the Sergeant excepted",
    ),
    # missions.py: intel, tokens
    "intel card": Case(
        placing_tokens_before_intel,
        {"type": "intel", "card": 99},
        "Intel: there is no intel card 99 (cards: 1, 2, 3, 4, 5, 6)",
    ),
    "intel old": Case(
        placing_tokens_before_intel,
        {"type": "intel", "card": 6},
        "Intel: intel card 6 is in the old intel pile",
    ),
    "tokens missions": Case(
        placing_tokens,
        {"type": "tokens", "side": "red", "missions": [5]},
        "Intel: missions: expected a list of missions 1-4 with a token (got [5])",
    ),
    "tokens late": Case(
        after_first_guess,
        {"type": "tokens", "side": "red", "missions": []},
        "Intel: Intel tokens are placed before the first guess of the day",
    ),
    "tokens twice": Case(
        on_missions,
        {"type": "tokens", "side": "red", "missions": []},
        "Intel: red has placed its Intel tokens this day",
    ),
    # missions.py: deceive
    "deceive target": Case(
        on_missions,
        {"type": "deceive", "side": "blue", "mission": 2},
        "Deception: a token goes on the soldier about to be guessed: blue's mission 1",
    ),
    "deceive mission": Case(
        on_missions,
        {"type": "deceive", "side": "blue", "mission": 7},
        "Deception: mission: expected 1-4 (got 7)",
        force=True,
    ),
    "deceive twice": Case(
        blue_deceived,
        {"type": "deceive", "side": "blue", "mission": 1},
        "Deception: blue's mission 1 already has a token or is revealed",
    ),
    "deceive no token": Case(
        blue_deceived_next_round,
        {"type": "deceive", "side": "blue", "mission": 2},
        "Deception: blue holds no Deception token",
    ),
    # missions.py: guess and the revealed rank
    "guess mission": Case(
        on_missions,
        {"type": "guess", "side": "red", "mission": 7, "rank": 1},
        "Mission: mission: expected 1-4 (got 7)",
    ),
    "guess turn": Case(
        on_missions,
        {"type": "guess", "side": "blue", "mission": 1, "rank": 1},
        "Mission: it is red's turn to identify blue's mission 1",
    ),
    "guess revealed": Case(
        after_first_guess,
        {"type": "guess", "side": "red", "mission": 1, "rank": 1},
        "Mission: blue's mission 1 is already revealed",
        force=True,
    ),
    "guess rank": Case(
        on_missions,
        {"type": "guess", "side": "red", "mission": 1, "rank": 0},
        "Mission: rank: expected the guessed rank 1-10 (got 0)",
    ),
    "guess no rank": Case(
        on_missions,
        {"type": "guess", "side": "red", "mission": 1},
        "Mission: red names a rank for blue's mission 1 (rank: 1-10)",
    ),
    "guess sergeant": Case(
        lambda: exposed_with_the_sergeant_face_down(exposed_sergeant_counts_as_identified=False),
        {"type": "guess", "side": "red", "mission": 3, "reveal": 4},
        "Mission: red names a rank for blue's mission 3 (rank: 1-10): blue's"
        " Sergeant may be there and does not count as identified (special"
        " rule 2, house rule exposed_sergeant_counts_as_identified)",
    ),
    "reveal first": Case(
        blue_guessed_face_down,
        {"type": "deceive", "side": "blue", "mission": 1},
        "Reveal: blue first turns up its mission 1 (reveal side=blue rank=N)",
    ),
    "reveal whose": Case(
        blue_guessed_face_down,
        {"type": "reveal", "side": "red", "rank": 3},
        "Reveal: blue turns up its own mission 1",
    ),
    "reveal without rank": Case(  # the handler checks it: never a KeyError from the engine
        blue_guessed_face_down,
        {"type": "reveal", "side": "blue"},
        "action: reveal needs side=... and rank=... (the rank on the card)",
    ),
    "reveal nothing waits": Case(
        blue_face_down,
        {"type": "reveal", "side": "blue", "rank": 3},
        "Reveal: no guess is waiting for a card to be turned up",
    ),
    "reveal shown": Case(
        blue_guessed_face_down,
        {"type": "reveal", "side": "blue", "rank": 11},
        "Reveal: reveal: expected a rank 1-10 (got 11)",
    ),
    "reveal rank": Case(
        blue_face_down,
        {"type": "guess", "side": "red", "mission": 1, "rank": 1, "reveal": 11},
        "Reveal: reveal: expected a rank 1-10 (got 11)",
    ),
    "reveal entered": Case(
        on_missions,
        {"type": "guess", "side": "red", "mission": 1, "rank": 1, "reveal": 3},
        "Reveal: blue deployed the Spy (1) on mission 1, not rank 3",
    ),
    "reveal twice": Case(
        blue_face_down_first_revealed,
        {"type": "guess", "side": "red", "mission": 2, "rank": 1, "reveal": 5},
        "Deployment: blue's Lieutenant (5) is already on another mission",
    ),
    "reveal exhausted": Case(
        blue_face_down,
        {"type": "guess", "side": "red", "mission": 1, "rank": 1, "reveal": 2},
        "Deployment: blue's Scout (2) is exhausted this day and cannot be on a mission",
    ),
    # abilities.py: the choice
    "choice side": Case(
        red_captain_waits,
        {"type": "choose", "side": "blue", "option": "points"},
        "Choice: red chooses for its Captain, not blue",
    ),
    "choice option": Case(
        red_captain_waits,
        {"type": "choose", "side": "red", "option": 8},
        "Captain: choose one of: points, 1 (got 8)",
    ),
    # days.py: audit
    "audit soldiers": Case(
        lambda: day_over("k3x9"),
        {"type": "audit", "side": "red", "soldiers": [3, 5], "salt": "k3x9"},
        "Audit: soldiers: expected 4 ranks, mission 1 to 4",
    ),
    "audit known": Case(
        lambda: day_over("k3x9"),
        {"type": "audit", "side": "red", "soldiers": [2, 5, 8, 10], "salt": "k3x9"},
        "Audit: red's mission 1 holds the Miner (3), not rank 2",
    ),
    "audit nothing": Case(
        day_over,
        {"type": "audit", "side": "red"},
        "Audit: red has no sealed deployment to check and no flag to confirm",
    ),
    "audit salt": Case(
        lambda: day_over("k3x9"),
        {"type": "audit", "side": "red", "salt": 1234},
        "Audit: salt: expected text (quote a salt of digits: salt=\"'1234'\")",
    ),
    "audit salts": Case(
        lambda: day_over("k3x9"),
        {"type": "audit", "side": "red", "salt": ["a", "b"]},
        "Audit: salt: red sealed 1 deployment(s); give each salt",
    ),
    "audit unknown": Case(
        lambda: red_takes_the_flag(red="sealed", blue="sealed"),
        {"type": "audit", "side": "blue", "salt": "s"},
        "Audit: soldiers: give blue's 4 ranks to check the seal",
    ),
    "audit seal": Case(
        lambda: day_over("k3x9"),
        {"type": "audit", "side": "red", "salt": "x"},
        "Audit: the salt and soldiers do not match red's seal",
    ),
    "audit flag": Case(
        red_takes_the_flag,
        {"type": "audit", "side": "red"},
        "Audit: soldiers: red reveals all 4 soldiers",
    ),
    # days.py: end_day
    "last day": Case(
        last_day_over,
        {"type": "end_day", "exhausted": {"red": [3], "blue": [1]}},
        "End of day: day 3 is the last: the game is scored once red's sealed"
        " deployment is checked (audit with the salt)",
        force=True,
    ),
    "end unchecked": Case(
        lambda: day_over("k3x9"),
        {"type": "end_day", "exhausted": {"red": [3], "blue": [1]}},
        "End of day: red's sealed deployment is not checked (audit with the salt)",
    ),
    "end sides": Case(
        day_over,
        {"type": "end_day", "exhausted": {"red": [3]}},
        "End of day: exhausted: expected {red: [ranks], blue: [ranks]}",
    ),
    "end ranks": Case(
        day_over,
        {"type": "end_day", "exhausted": {"red": ["x"], "blue": [1]}},
        "End of day: exhausted.red: expected a list of ranks 1-10",
    ),
    "end count": Case(
        day_over,
        {"type": "end_day", "exhausted": {"red": [3, 5], "blue": [1]}},
        "End of day: red exhausts 1 soldier(s)",
    ),
    "end different": Case(
        bomb_then_counted_identification,
        {"type": "end_day", "exhausted": {"red": [3], "blue": [5, 5]}},
        "End of day: blue exhausts 2 different soldiers (got 5, 5)",
    ),
    "end deployed": Case(
        day_over,
        {"type": "end_day", "exhausted": {"red": [1], "blue": [1]}},
        "End of day: red's rank 1 was not deployed today",
    ),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_the_refusal(name):
    case = CASES[name]
    table = case.table()
    fields = {k: v for k, v in case.action.items() if k != "type"}
    refusal = table.refused(case.action["type"], force=case.force, **fields)
    assert str(refusal) == case.refusal


def refusal_sites() -> dict[tuple[str, int], str]:
    """(file, first line) -> the source of each `Refuse(...)` and `turn.rule(...)` call in the
    Spies & Lies package."""
    sites = {}
    for path in sorted(Path(package.__file__).parent.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            func = node.func
            if (isinstance(func, ast.Name) and func.id == "Refuse") or (
                isinstance(func, ast.Attribute) and func.attr == "rule"
            ):
                for line in range(node.lineno, (node.end_lineno or node.lineno) + 1):
                    sites[(path.name, line)] = f"{path.name}:{node.lineno} {ast.unparse(node)}"
    return sites


def test_every_refusal_site_has_a_case(monkeypatch):
    """Each case is run with `Refuse` recording where it was raised (the caller of `turn.rule`
    for a rule `--force` may waive); every site in the source must be reached by a case."""
    raised_at: list[tuple[str, int]] = []
    original = actions.Refuse.__init__

    def recording(self, rule: str, why: str) -> None:
        frame = sys._getframe(1)
        if frame.f_code is actions.Turn.rule.__code__:
            frame = frame.f_back
        raised_at.append((Path(frame.f_code.co_filename).name, frame.f_lineno))
        original(self, rule, why)

    monkeypatch.setattr(actions.Refuse, "__init__", recording)
    for name in sorted(CASES):
        test_the_refusal(name)
    sites = refusal_sites()
    reached = {sites[at] for at in raised_at if at in sites}
    missing = sorted(set(sites.values()) - reached)
    assert missing == [], "refusal sites no case reaches:\n" + "\n".join(missing)
