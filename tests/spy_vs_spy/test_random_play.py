"""Random play (issue 23): games where most steps are what the rules allow (the legal player of
test_properties.py) and the others an action drawn at random, legal or not, some forced as
`deaddrop table do --force` forces them (GAME.complete, then GAME.apply(state, action,
force=True)); the refused ones are skipped as at a real table.

After every accepted step, whatever the rules waived: every piece in exactly one place (the three
pieces of the Thingamajig, one record each where a piece can be; every equipment piece in a bag,
an arsenal, a trap, loose or discarded; every number token read in one room), the action points
within the turn's (0-2, never rising within a spy's turn), health, lives and the cops' damage
within bounds, and apply left the state it was given as it was. At the end, the replay of the
accepted history (assistant.history: steps from the initial state) gives every state reached
step by step."""

from __future__ import annotations

import copy
import importlib.util
from collections import Counter
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, Phase, event, given, settings
from hypothesis import strategies as st
from svs_table import GAME, KIT

from assistant.engine import Refusal
from assistant.history import Entry, action_text, initial_state, resolve_options, steps


def _legal_player() -> Any:
    """The legal player of test_properties.py (a sibling test module: loaded by its path)."""
    path = Path(__file__).with_name("test_properties.py")
    spec = importlib.util.spec_from_file_location("svs_test_properties", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.Player


LegalPlayer = _legal_player()
SPIES = ("black", "white")
COLOURS = [c.id for c in KIT.colours]
NODES = sorted(KIT.board.nodes)
ROOMS = list(KIT.board.rooms)
FORCED = "random play: a house rule"
TYPES = ["move", "move", "search", "search", "change", "room", "end", "declare", "exchange"]
TYPES += ["run", "restart", "cops"]


@st.composite
def wild(draw, state: dict) -> dict:
    """An action a table might enter now, legal or not: any type, plausible values."""
    kind = draw(st.sampled_from(TYPES))
    now = state["turn"] if state["turn"] in SPIES else draw(st.sampled_from(SPIES))
    spy = draw(st.sampled_from([now, now, *SPIES]))
    colours = st.lists(st.sampled_from(COLOURS), min_size=1, max_size=2)
    action: dict = {"type": kind}
    if kind in ("move", "search", "change", "room", "end", "declare", "run", "restart"):
        action["spy"] = spy
    if kind in ("move", "run"):
        here = state["positions"][spy]
        nearby = [node for node, _ in KIT.board.neighbours(here)] if here else []
        action["to"] = draw(st.sampled_from(nearby if nearby and draw(st.booleans()) else NODES))
    elif kind == "search":
        if draw(st.booleans()):
            action["number"] = draw(st.sampled_from(KIT.tokens))
        if draw(st.integers(0, 3)) == 0:
            action["hide"] = draw(st.lists(st.sampled_from(state["thingamajig"]), max_size=2))
        if draw(st.booleans()):
            action["set"] = draw(st.sampled_from([*COLOURS, "decoy"]))
        if draw(st.integers(0, 3)) == 0:
            action["take"] = draw(colours)
        if draw(st.integers(0, 3)) == 0:
            action["give"] = draw(colours)
    elif kind == "change":
        if draw(st.booleans()):
            action["weapon"] = draw(st.sampled_from([*COLOURS, "none"]))
        if draw(st.booleans()):
            action["defence"] = draw(st.sampled_from(COLOURS))
    elif kind == "room":
        action["use"] = draw(st.sampled_from(["shop", "smash", "mend"]))
        if action["use"] == "shop":
            action["take"] = draw(st.sampled_from(COLOURS))
            if draw(st.booleans()):
                action["give"] = draw(st.sampled_from(COLOURS))
        elif action["use"] == "smash" and draw(st.booleans()):
            action["drawn"] = draw(st.lists(st.sampled_from(COLOURS), max_size=5))
    elif kind == "declare":
        action["weapon"] = draw(st.sampled_from(["sword", "weapon"]))
    elif kind == "exchange":
        for who in SPIES:
            if draw(st.integers(0, 2)) == 0:
                action[who] = draw(st.sampled_from(["sword", "weapon"]))
    elif kind == "run" and draw(st.integers(0, 3)) == 0:
        action["both"] = True
    elif kind == "restart":
        action["at"] = draw(st.sampled_from(["A0", "E0"]))
    return action


def misread_from(state: dict, spy: str) -> set[int]:
    """The circled numbers `spy` read in a room that the other spy read in another room."""
    secret = state["secret"]
    readers = secret.get("readers", {})
    circled = set(state["thingamajig"] or ())
    mine = {n for room, n in secret["numbers"].items() if readers.get(room) == spy}
    theirs = {n for room, n in secret["numbers"].items() if readers.get(room) not in (None, spy)}
    return mine & theirs & circled


def piece_places(state: dict) -> list[str]:
    """Why the pieces are not each in exactly one place (empty: they are)."""
    problems = []
    secret = state["secret"]
    records = secret["pieces"]
    numbers = Counter(p["number"] for p in records)
    if sorted(numbers) != sorted(state["thingamajig"]) or max(numbers.values()) > 1:
        problems.append(f"Thingamajig pieces {records}, circled {state['thingamajig']}")
    on_board = {c["cop"] for c in state["cops"] if c["status"] == "on"}
    for record in records:
        kind, *where = record["at"].split(":")
        fine = (
            (kind == "unfound" and not where)
            or (kind == "spy" and where[:1] and where[0] in SPIES)
            or (kind == "hidden" and len(where) == 2 and where[0] in ROOMS and where[1] in SPIES)
            or (kind == "dropped" and where[:1] and where[0] in ROOMS)
            or (kind == "cop" and where[:1] and where[0] in on_board)
        )
        if not fine:
            problems.append(f"piece {record['number']} at {record['at']!r}")
    # one token a room: a spy never reads one number in two rooms; two spies may (one misread:
    # the tracker takes the later reading rather than tell the searcher the other's secret)
    readers = secret.get("readers", {})
    read = Counter((readers.get(room), n) for room, n in secret["numbers"].items())
    if read and max(read.values()) > 1:
        problems.append(f"a number token read in two rooms by one spy: {secret['numbers']}")
    arsenals = [a for a in secret["arsenal"].values() if a is not None]
    for colour in KIT.colours:
        c = colour.id
        offensive = secret["bags"]["offensive"][c] + state["discard"]["offensive"].count(c)
        offensive += sum(a["offensive"].count(c) + a["used"].count(c) for a in arsenals)
        offensive += sum(pieces.count(c) for pieces in state["loose"].values())
        defensive = secret["bags"]["defensive"][c] + state["discard"]["defensive"].count(c)
        defensive += sum(a["defensive"].count(c) for a in arsenals)
        if secret["bags"]["offensive"][c] < 0 or secret["bags"]["defensive"][c] < 0:
            problems.append(f"a bag below zero: {secret['bags']}")
        if (offensive, defensive) != (colour.in_bag, colour.in_bag):
            problems.append(f"{c}: {offensive} 1-pips and {defensive} 2-pips of {colour.in_bag}")
    for spy, held in secret["arsenal"].items():
        if held is None:
            continue
        traps = [t["colour"] for t in secret["traps"].values() if t["owner"] == spy and t["colour"]]
        if sorted(traps) != sorted(held["used"]):
            problems.append(f"{spy}'s traps set {traps}, his used 1-pips {held['used']}")
        if held["weapon"] is not None and held["weapon"] not in held["offensive"]:
            problems.append(f"{spy}'s weapon {held['weapon']} not in his arsenal")
        if held["defence"] is not None and held["defence"] not in held["defensive"]:
            problems.append(f"{spy}'s defence {held['defence']} not in his arsenal")
    return problems


def check(state: dict, before: dict) -> None:
    """The invariants of every state a game reaches, forced actions included."""
    assert not piece_places(state), piece_places(state)
    view = GAME.view(state)
    numbers = KIT.numbers
    # the action points within the turn's: 0-2, never more than before within a spy's turn
    assert 0 <= view["ap_left"] <= numbers.action_points, view["ap_left"]
    same_turn = (state["turn_no"], state["turn"]) == (before["turn_no"], before["turn"])
    if same_turn and state["turn"] in SPIES and before["phase"] == "turn":
        assert state["ap_left"] <= before["ap_left"], (before["ap_left"], state["ap_left"])
    # health and lives within bounds; the cops' damage within their toughness
    for spy in SPIES:
        assert 0 <= view["health"][spy] <= numbers.health, view["health"]
        assert 0 <= view["lives"][spy] <= numbers.lives, view["lives"]
        assert view["frozen"][spy] >= 0, view["frozen"]
    for cop in view["cops"]:
        assert 0 <= cop["damage"] <= cop["toughness"], cop
    # what each spy shows: the pieces he carries and hid, and at most one red pyramid more for
    # each circled number he read that the other spy read later in another room (one of the two
    # misread; the piece went to the later reader, and the first still shows his pyramid, since
    # taking it from him would tell the later reader what he had read: search.found)
    records = state["secret"]["pieces"]
    for spy in SPIES:
        carried = sum(p["at"] == f"spy:{spy}" for p in records)
        hidden = sum(p["at"].startswith("hidden:") and p["at"].endswith(f":{spy}") for p in records)
        misread = len(misread_from(state, spy))
        shown = view["pieces"][spy]
        assert carried + hidden <= shown <= carried + hidden + misread, (spy, shown, records)


def story(entries: list[Entry], action: dict, forced: bool) -> str:
    """The history up to a failing step, as `deaddrop table do` would take it."""

    def line(action: dict, forced: bool) -> str:
        return action_text(action) + (f' --force "{FORCED}"' if forced else "")

    lines = [line(e.action, e.force is not None) for e in entries]
    lines.append(line(action, forced) + "    <- this step")
    return f"the history ({len(lines)} steps, the set up first):\n  " + "\n  ".join(lines)


class Player(LegalPlayer):
    """The legal player, every action recorded; a step of its own is now and then a wild one,
    and some steps are forced."""

    def __init__(self, draw: Any) -> None:
        self.start: dict | None = None  # the state before the first action
        self.entries: list[Entry] = []
        self.reached: list[dict] = []
        self.forcing = False
        super().__init__(draw)

    def do(self, action: dict) -> None:
        self.enter(action, self.forcing)

    def enter(self, action: dict, forced: bool) -> bool:
        if self.start is None:
            self.start = self.state
            options = resolve_options(GAME, {"first": self.start["spies"][0]})
            assert self.start == initial_state(GAME, options)
        state = self.state
        seed = self.draw(st.integers(0, 2**31 - 1))
        action = GAME.complete(state, action, seed)
        before = copy.deepcopy(state)
        after = GAME.apply(state, action, force=forced)
        assert state == before, f"apply changed the state it was given: {action}"
        if isinstance(after, Refusal):
            return False
        assert GAME.describe(action, state, after)
        try:
            check(after, state)
        except AssertionError as error:
            raise AssertionError(f"{error}\n{story(self.entries, action, forced)}") from None
        self.entries.append(Entry(action, force=FORCED if forced else None))
        self.reached.append(after)
        self.table.state = after
        return True

    def play(self) -> None:
        """One step: mostly the legal player's, sometimes a wild action; a quarter forced."""
        self.forcing = self.draw(st.integers(0, 3), label="force") == 0
        if self.draw(st.integers(0, 2), label="wild") == 0:
            self.enter(self.draw(wild(self.state), label="action"), self.forcing)
        else:
            self.step()
        self.forcing = False


# Derandomized and without a database: the same games on every run. No shrinking: a game of a
# few hundred steps shrinks for minutes; a failure names the step and the history before it.
SETTINGS = settings(
    max_examples=50,
    deadline=None,
    derandomize=True,
    database=None,
    phases=[Phase.explicit, Phase.generate],
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


@SETTINGS
@given(st.data())
def test_random_play_forced_actions_included_keeps_the_bookkeeping(data):
    player = Player(data.draw)
    for _ in range(data.draw(st.integers(20, 200), label="steps")):
        if player.state["winner"] is not None:
            break
        player.play()
    state = player.state
    event(f"winner: {state['winner']}")
    event(f"forced: {sum(e.force is not None for e in player.entries)}")

    # the replay of the accepted history gives every state reached, step by step
    replayed = steps(GAME, player.start, player.entries)
    assert [step.after for step in replayed] == player.reached
    GAME.render(state)
