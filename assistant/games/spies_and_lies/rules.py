"""Spies & Lies: A Stratego Story (2019), the table tracker. Exposes `GAME`.

The action vocabulary is documented in docs/spies-and-lies.md. Rules are pure: the game's facts
come from templates/spies-and-lies/ (data.py reads them once), and every chance result (the
exhausted soldiers, the intel card, the starting player) is an action that carries it.
"""

from __future__ import annotations

from assistant.engine import Json, Option, Refusal
from assistant.games.spies_and_lies import days, missions
from assistant.games.spies_and_lies.abilities import option_names
from assistant.games.spies_and_lies.data import SIDES, GameData, default_data
from assistant.games.spies_and_lies.describe import describe_action
from assistant.games.spies_and_lies.render import render_text
from assistant.games.spies_and_lies.state import Deny, Turn, fresh, initial
from assistant.games.spies_and_lies.view import public_view
from deaddrop.errors import InputError

# action type -> (keys it may carry besides "type", phases it is allowed in, handler)
ACTIONS = {
    "setup": ({"old_intel", "exhausted"}, {"setup"}, days.setup),
    "first": ({"side"}, {"deploy", "intel", "tokens", "missions"}, days.first),
    "deploy": ({"side", "missions", "soldiers", "seal"}, {"deploy"}, missions.deploy),
    "intel": ({"card"}, {"intel"}, missions.intel),
    "tokens": ({"side", "missions"}, {"tokens", "missions"}, missions.tokens),
    "deceive": ({"side", "mission"}, {"missions"}, missions.deceive),
    "guess": ({"side", "mission", "rank", "reveal"}, {"missions"}, missions.guess),
    "choose": ({"side", "option"}, {"missions"}, missions.choose),
    "audit": ({"side", "soldiers", "salt"}, {"day_end", "audit"}, days.audit),
    "end_day": ({"exhausted"}, {"day_end"}, days.end_day),
}
NEEDS_SIDE = {"first", "deploy", "tokens", "deceive", "guess", "choose", "audit"}
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


class SpiesAndLies:
    """The Spies & Lies tracker (see the module docstring)."""

    name = "spies-and-lies"
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
        try:
            return self._apply(state, action, force)
        except Deny as denied:
            return denied.refusal

    def _apply(self, state: Json, action: Json, force: bool) -> Json:
        if not isinstance(action, dict):
            raise Deny("action", f"expected a mapping with a type (got {action!r})")
        kind = action.get("type")
        if kind not in ACTIONS:
            raise Deny("action", f"unknown action {kind!r} (known: {', '.join(ACTIONS)})")
        keys, phases, handler = ACTIONS[kind]
        extra = sorted(set(action) - keys - {"type"})
        if extra:
            raise Deny(
                "action", f"{kind} takes no '{extra[0]}' (it takes {', '.join(sorted(keys))})"
            )
        if kind in NEEDS_SIDE and action.get("side") not in SIDES:
            raise Deny("action", f"{kind}: side: expected red or blue (got {action.get('side')!r})")
        phase = state["phase"]
        if state["winner"] is not None:
            raise Deny("Game over", state["result"] or "the game is over")
        if state["pending"] is not None and kind != "choose":
            pending = state["pending"]
            options = option_names(pending, self.data)
            raise Deny(pending["kind"].title(), f"{pending['side']} first chooses: {options}")
        if kind == "choose" and state["pending"] is None:
            raise Deny("Choice", "no Captain or Marshal is waiting for a choice")
        if phase not in phases:
            raise Deny("Phase", f"no {kind} during {PHASES[phase]}")
        if kind in {"guess", "deceive"} and state["starter"] is None:
            raise Deny("Mission", "flip the Starting Player card first (first: red or blue)")
        turn = Turn(self.data, force=force)
        after = fresh(state)
        handler(after, action, turn)
        days.after_action(after, turn)
        after["last"] = turn.notes
        return after

    def view(self, state: Json) -> Json:
        return public_view(state, self.data)

    def describe(self, action: Json, before: Json, after: Json) -> str:
        return describe_action(action, after)

    def render(self, state: Json) -> str:
        return render_text(public_view(state, self.data), self.data)


GAME = SpiesAndLies()
