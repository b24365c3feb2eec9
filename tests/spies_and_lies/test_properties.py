"""Property tests: random legal games never crash, never refuse a legal action and never leave a
track out of range; the deployment check agrees with a direct enumeration of legal orders."""

from __future__ import annotations

import hashlib
import itertools
from math import comb

from hypothesis import event, given, settings
from hypothesis import strategies as st
from sl_table import DATA, GAME

from assistant.engine import Refusal
from assistant.games.spies_and_lies.deploy import deployment_problem

SIDES = ("red", "blue")


def direct_legal(line: tuple[int, ...], exhausted: set[int]) -> bool:
    """The rule as written: distinct soldiers, none exhausted, ranks rising left to right except
    the Sergeant (4) anywhere."""
    others = [rank for rank in line if rank != 4]
    return (
        len(set(line)) == 4
        and not set(line) & exhausted
        and all(a < b for a, b in itertools.pairwise(others))
    )


def count_formula(exhausted: set[int]) -> int:
    """Each 4-set of available soldiers has one legal order, or four (the Sergeant anywhere)."""
    free = len(set(range(1, 11)) - exhausted - {4})
    return comb(free, 4) + (4 * comb(free, 3) if 4 not in exhausted else 0)


@settings(max_examples=25, deadline=None)
@given(st.sets(st.integers(1, 10), max_size=3))
def test_deployment_check_agrees_with_enumeration(exhausted):
    legal = 0
    for line in itertools.permutations(range(1, 11), 4):
        ok = deployment_problem(line, sorted(exhausted), DATA) is None
        assert ok == direct_legal(line, exhausted), line
        legal += ok
    assert legal == count_formula(exhausted)


def test_legal_deployment_counts_pinned():
    """Like perft counts: 462 legal lines with nothing exhausted, 294 without the Bomb, 126
    without the Sergeant (only sorted lines)."""
    for exhausted, expected in (((), 462), ((7,), 294), ((4,), 126)):
        lines = itertools.permutations(range(1, 11), 4)
        assert sum(deployment_problem(x, exhausted, DATA) is None for x in lines) == expected


def random_line(draw, exhausted, legal=True):
    available = sorted(set(range(1, 11)) - set(exhausted))
    chosen = draw(st.permutations(available))[:4]
    if not legal:
        return chosen
    line = sorted(rank for rank in chosen if rank != 4)
    if 4 in chosen:
        line.insert(draw(st.integers(0, 3)), 4)
    return line


class Player:
    """Plays one random game through GAME.apply, asserting every legal action applies."""

    def __init__(self, draw) -> None:
        self.draw = draw
        self.state = GAME.setup({"teams": draw(st.booleans())})
        self.lines: dict[str, list[int]] = {}
        self.salts: dict[str, list[str]] = {}

    def do(self, action: dict) -> None:
        after = GAME.apply(self.state, action)
        assert not isinstance(after, Refusal), (action, after)
        assert GAME.describe(action, self.state, after)
        self.state = after
        self.check()
        GAME.render(after)

    def check(self) -> None:
        view = GAME.view(self.state)
        for side in SIDES:
            assert 0 <= view["infiltration"][side] < DATA.infiltration_top
            assert 0 <= view["deception"][side] <= 2
        assert -DATA.flag <= view["double_agent"] <= DATA.flag
        assert view["deception_spares"] >= 0
        assert 1 <= view["day"] <= 3
        assert view["winner"] in (None, "red", "blue", "draw")
        if view["winner"] is None:
            assert abs(view["double_agent"]) <= DATA.wall or view["phase"] == "audit"

    def deploy(self, side: str) -> None:
        draw, s = self.draw, self.state
        legal = draw(st.integers(0, 9)) > 0
        mode = draw(st.sampled_from(["open", "hidden", "sealed"] if legal else ["hidden"]))
        line = random_line(draw, s["exhausted"][side], legal)
        self.lines[side] = line
        self.salts[side] = []
        halves = [[1, 2], [3, 4]] if s["teams"] else [[1, 2, 3, 4]]
        for missions in halves:
            action = {"type": "deploy", "side": side, "missions": missions}
            ranks = [line[m - 1] for m in missions]
            if mode == "open":
                action["soldiers"] = ranks
            elif mode == "sealed":
                salt = f"salt{draw(st.integers(0, 99))}"
                self.salts[side].append(salt)
                text = f"{salt}:{','.join(map(str, ranks))}"
                action["seal"] = hashlib.sha256(text.encode()).hexdigest()
            self.do(action)

    def step(self) -> None:
        draw, s = self.draw, self.state
        phase = s["phase"]
        if s["pending"] is not None:
            option = draw(st.sampled_from(s["pending"]["options"]))
            self.do({"type": "choose", "side": s["pending"]["side"], "option": option})
        elif phase == "setup":
            exhausted = {side: draw(st.integers(1, 10)) for side in SIDES}
            old = draw(st.sampled_from(sorted(DATA.intel)))
            self.do({"type": "setup", "old_intel": old, "exhausted": exhausted})
        elif phase == "deploy":
            for side in SIDES:
                self.deploy(side)
        elif phase == "intel":
            cards = sorted(set(DATA.intel) - set(s["intel"]["old"]))
            self.do({"type": "intel", "card": draw(st.sampled_from(cards))})
        elif phase == "tokens":
            shown = DATA.intel[s["intel"]["current"]]
            for side in SIDES:
                tokens = [i + 1 for i, r in enumerate(self.lines[side]) if r in shown]
                if draw(st.integers(0, 5)) == 0:
                    tokens = sorted(set(tokens) ^ {draw(st.integers(1, 4))})
                self.do({"type": "tokens", "side": side, "missions": tokens})
        elif phase == "missions":
            if s["starter"] is None:
                self.do({"type": "first", "side": draw(st.sampled_from(SIDES))})
                return
            t = s["turn"]
            guesser = s["starter"] if t % 2 == 0 else ("blue" if s["starter"] == "red" else "red")
            enemy = "blue" if guesser == "red" else "red"
            mission = t // 2 + 1
            if s["deception"][enemy] and draw(st.integers(0, 3)) == 0:
                self.do({"type": "deceive", "side": enemy, "mission": mission})
            actual = self.lines[enemy][mission - 1]
            rank = actual if draw(st.booleans()) else draw(st.integers(1, 10))
            self.do(
                {
                    "type": "guess",
                    "side": guesser,
                    "mission": mission,
                    "rank": rank,
                    "reveal": actual,
                }
            )
        elif phase in ("day_end", "audit"):
            sides = [s["claim"]] if phase == "audit" else list(SIDES)
            for side in sides:
                if self.salts[side] or phase == "audit":
                    action = {"type": "audit", "side": side, "soldiers": self.lines[side]}
                    if self.salts[side]:
                        action["salt"] = self.salts[side]
                    self.do(action)
            if self.state["phase"] == "day_end":
                picks = {}
                for side in SIDES:
                    other = "blue" if side == "red" else "red"
                    count = 2 if self.state["sides"][other]["double_damage"] else 1
                    picks[side] = draw(st.permutations(self.lines[side]))[:count]
                self.do({"type": "end_day", "exhausted": picks})


@settings(max_examples=100, deadline=None)
@given(st.data())
def test_random_legal_games_finish_and_keep_tracks_in_range(data):
    player = Player(data.draw)
    for _ in range(200):
        if player.state["winner"] is not None:
            break
        player.step()
    assert player.state["winner"] is not None
    view = GAME.view(player.state)
    assert view["result"]
    event("flag" if "flag" in view["result"] else "after day 3")
    event("cancelled" if "cancelled" in view["result"] else "not cancelled")
    assert GAME.apply(player.state, {"type": "intel", "card": 1}) == Refusal(
        "Game over", view["result"]
    )


VALUES = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-3, 12),
    st.sampled_from(["red", "blue", "green", "points", "10", "5-5", "x"]),
    st.lists(st.integers(-1, 11), max_size=5),
    st.dictionaries(st.sampled_from(["red", "blue"]), st.integers(0, 11)),
)
KEYS = ["side", "mission", "missions", "rank", "reveal", "soldiers", "seal", "card", "option"]
KEYS += ["old_intel", "exhausted", "salt"]


@settings(max_examples=40, deadline=None)
@given(st.data())
def test_any_action_is_applied_or_refused_never_a_crash(data):
    """Whatever is typed at the table, apply returns a state or a Refusal (forced or not) and
    leaves the state it was given untouched."""
    player = Player(data.draw)
    for _ in range(data.draw(st.integers(0, 60))):
        if player.state["winner"] is not None:
            break
        player.step()
    for _ in range(15):
        action = {"type": data.draw(st.sampled_from([*GAME_TYPES, "dance"]))}
        for key in data.draw(st.lists(st.sampled_from(KEYS), max_size=4, unique=True)):
            action[key] = data.draw(VALUES)
        before, typed = repr(player.state), repr(action)
        out = GAME.apply(player.state, action, force=data.draw(st.booleans()))
        assert repr(player.state) == before
        assert repr(action) == typed  # the action is stored as typed: apply never changes it
        assert isinstance(out, (dict, Refusal))
        if isinstance(out, dict):
            GAME.render(out)
            GAME.view(out)
            GAME.describe(action, player.state, out)
            player.state = out


GAME_TYPES = ["setup", "first", "deploy", "intel", "tokens", "deceive", "guess", "choose"]
GAME_TYPES += ["audit", "end_day"]
