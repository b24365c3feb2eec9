"""Spies & Lies: A Stratego Story (2019), the table tracker. Exposes `GAME`.

The action vocabulary is documented in docs/spies-and-lies.md. Rules are pure: the game's facts
come from templates/spies-and-lies/ (data.py reads them once), and every chance result (the
exhausted soldiers, the intel card, the starting player) is an action that carries it.
"""

from __future__ import annotations

from typing import Any

from assistant.engine import Json, Option, Refusal
from assistant.games.actions import TEXT, Action, Actions, Kind, Param, Refuse, When
from assistant.games.spies_and_lies import days, missions
from assistant.games.spies_and_lies import seats as seating
from assistant.games.spies_and_lies.abilities import option_names
from assistant.games.spies_and_lies.data import SIDES, GameData, default_data
from assistant.games.spies_and_lies.describe import describe_action
from assistant.games.spies_and_lies.render import render_text
from assistant.games.spies_and_lies.state import Turn, initial
from assistant.games.spies_and_lies.view import public_view
from deaddrop.errors import InputError

PHASES = {
    "setup": "set up (setup: old_intel, exhausted)",
    "deploy": "deployment",
    "intel": "intelligence (turn over an intel card)",
    "tokens": "intelligence (place Intel tokens)",
    "missions": "missions",
    "day_end": "end of the day",
    "audit": "the deployment audit of the flag winner",
    "over": "the game is over",
}


def before(state: Json, action: Json, turn: Turn) -> None:
    """Before any action: the game is not over, and a pending choice comes first."""
    if state["winner"] is not None:
        raise Refuse("Game over", state["result"] or "the game is over")
    pending = state["pending"]
    if pending is not None and action["type"] != "choose":
        options = option_names(pending, turn.data)
        raise Refuse(pending["kind"].title(), f"{pending['side']} first chooses: {options}")
    if action["type"] == "choose" and pending is None:
        raise Refuse("Choice", "no Captain or Marshal is waiting for a choice")
    awaiting = state.get("awaiting")
    if awaiting is not None and action["type"] != "reveal":
        raise Refuse(
            "Reveal",
            f"{awaiting['side']} first turns up its mission {awaiting['mission']}"
            f" (reveal side={awaiting['side']} rank=N)",
        )


def _starter_known(state: Json, action: Json, turn: Turn) -> None:
    if state["starter"] is None:
        raise Refuse("Mission", "flip the Starting Player card first (first: red or blue)")


def during(text: str, *phases: str, then: bool = False) -> When[Turn]:
    """Allowed in these phases (refused under "Phase" in any other); with `then`, also only once
    the Starting Player card is flipped."""

    def check(state: Json, action: Json, turn: Turn) -> None:
        if state["phase"] not in phases:
            raise Refuse("Phase", f"no {action['type']} during {PHASES[state['phase']]}")
        if then:
            _starter_known(state, action, turn)

    return When(text, phases, check)


def after(state: Json, turn: Turn) -> None:
    """What follows any action (days.after_action), and the log line's notes."""
    days.after_action(state, turn)
    state["last"] = turn.notes


def _side_problem(value: Any, state: Json, action: str) -> str | None:
    return None if value in SIDES else f"{action}: side: expected red or blue (got {value!r})"


SIDE = Kind("red|blue", _side_problem)
RANK = Kind("rank 1-10")
MISSION = Kind("mission 1-4")
MISSION_LIST = Kind("missions list")
RANK_LIST = Kind("ranks list")
CARD = Kind("intel card")
BY_SIDE = Kind("{red, blue}")
ACTIONS = Actions[Turn](
    Action(
        "setup",
        "the set up's chance results: the old intel card, each side's exhausted soldier",
        days.setup,
        (
            Param("old_intel", CARD, help="the card turned face up at set up"),
            Param("exhausted", BY_SIDE, help="{red: rank, blue: rank}, picked by the opponent"),
        ),
        during("set up, before anything else", "setup"),
    ),
    Action(
        "first",
        "the Starting Player card's result: this side starts day 1",
        days.first,
        (Param("side", SIDE),),
        during("day 1, before the first guess", "deploy", "intel", "tokens", "missions"),
    ),
    Action(
        "deploy",
        "a side deploys its soldiers: entered (open), sealed, or face down",
        missions.deploy,
        (
            Param("side", SIDE),
            Param("missions", MISSION_LIST, False, "[1, 2] or [3, 4] in team play"),
            Param("soldiers", RANK_LIST, False, "the ranks, entered open"),
            Param("seal", Kind("sha256 hex"), False, "sha256 of 'salt:ranks'"),
        ),
        during("deployment", "deploy"),
    ),
    Action(
        "intel",
        "the intel card turned over",
        missions.intel,
        (Param("card", CARD, help="not one in the old pile"),),
        during("after both sides deployed", "intel"),
    ),
    Action(
        "tokens",
        "the missions carrying one side's Intel tokens",
        missions.tokens,
        (Param("side", SIDE), Param("missions", MISSION_LIST, help="may be []")),
        during("after the intel card, before the first guess", "tokens", "missions"),
    ),
    Action(
        "deceive",
        "the defender plays a Deception token on the soldier about to be guessed",
        missions.deceive,
        (Param("side", SIDE, help="the defender"), Param("mission", MISSION)),
        during("before that guess, holding a token", "missions", then=True),
    ),
    Action(
        "guess",
        "a side identifies the enemy's next mission; the card is revealed",
        missions.guess,
        (
            Param("side", SIDE, help="the guesser"),
            Param("mission", MISSION, help="the enemy's"),
            Param("rank", RANK, False, "the guess; omitted when the card counts as identified"),
            Param("reveal", RANK, False, "the rank shown, unless the deployment was entered"),
        ),
        during(
            "in turn order: the starter on the enemy's mission 1, the other on the starter's"
            " mission 1, then mission 2, ...",
            "missions",
            then=True,
        ),
    ),
    Action(
        "reveal",
        "the defender turns up the card a guess named (when the tracker does not know it)",
        missions.reveal,
        (
            Param("side", SIDE, help="the defender, whose card it is"),
            Param("rank", RANK, help="the rank on the card"),
        ),
        during("right after a guess on a card the tracker does not know", "missions"),
    ),
    Action(
        "choose",
        "a Captain's or a Marshal's choice",
        missions.choose,
        (
            Param("side", SIDE),
            Param("option", Kind("option"), help="Captain: points or a rank; Marshal: 10 or 5-5"),
        ),
        during("right after that soldier activates", "missions"),
    ),
    Action(
        "audit",
        "a side's deployment checked against its seal, and after a flag win",
        days.audit,
        (
            Param("side", SIDE),
            Param("soldiers", RANK_LIST, False, "all four, when not yet known"),
            Param("salt", TEXT, False, "a list in deployment order in team play"),
        ),
        during("end of a day (sealed deployments), after a flag win", "day_end", "audit"),
    ),
    Action(
        "end_day",
        "the soldiers each side exhausts; the next day begins",
        days.end_day,
        (Param("exhausted", BY_SIDE, help="{red: [ranks], blue: [ranks]}"),),
        during("days 1 and 2, after the last reveal", "day_end"),
    ),
    before=before,
    after=after,
    missing="checked",
)


class SpiesAndLies:
    """The Spies & Lies tracker (see the module docstring)."""

    name = "spies-and-lies"
    actions = ACTIONS
    title = "Spies & Lies: A Stratego Story"
    options = {
        "teams": Option(False, "team play: two players a side, missions 1-2 and 3-4"),
    }

    def __init__(self, data: GameData | None = None) -> None:
        self._data = data

    @property
    def data(self) -> GameData:
        return self._data if self._data is not None else default_data()

    def setup(self, options: Json) -> Json:
        teams = options.get("teams", False)
        if not isinstance(teams, bool):
            raise InputError(f"option teams: expected true or false, got {teams!r}")
        return initial(self.data, teams)

    def apply(self, state: Json, action: Json, *, force: bool = False) -> Json | Refusal:
        return ACTIONS.apply(state, action, Turn(force=force, data=self.data))

    def view(self, state: Json) -> Json:
        return public_view(state, self.data)

    # the players' phones (deaddrop serve): assistant/games/spies_and_lies/seats.py
    seat_params = seating.SEAT_PARAMS
    host_actions = seating.HOST_ACTIONS
    seats = staticmethod(seating.seats)
    seat_action = staticmethod(seating.seat_action)
    seat_owned = staticmethod(seating.seat_owned)
    concerns = staticmethod(seating.concerns)

    def seat_view(self, state: Json, seat: str | None) -> Json:
        return seating.seat_view(self.view(state), state, seat)

    def board(self, view: Json) -> list[Json]:
        """The board for the page: assistant/games/spies_and_lies/board.py."""
        from assistant.games.spies_and_lies.board import board

        return board(view, self.data)

    def describe(self, action: Json, before: Json, after: Json) -> str:
        return describe_action(action, after)

    def render(self, state: Json) -> str:
        return render_text(public_view(state, self.data), self.data)


GAME = SpiesAndLies()
