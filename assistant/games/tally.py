"""Tally: a tiny counter game that exercises the table assistant (options, refusals, dice).

Each player has points. `add`/`sub` change them by `n`; `roll` adds the sum of dice it carries
(the CLI draws them with a recorded seed when the players do not enter them). Two rules refuse:
"floor" (points never go below zero) and "ceiling" (never above the `max` option, 0 = no maximum).
`--force` skips those two rules; a malformed action is refused even then.

The worked example of docs/table.md, "Writing a game": the actions declared as data
(`ACTIONS`), the kinds the shape check tests, `turn.rule` for the rules `--force` waives.
"""

from __future__ import annotations

import random
from typing import Any

from assistant.engine import Json, Option, Refusal
from assistant.games import tally_seats
from assistant.games.actions import PLAYER, Action, Actions, Kind, Param, Turn, whole
from deaddrop.errors import InputError


def _amount_problem(value: Any, state: Json, action: str) -> str | None:
    if whole(value) and value >= 1:
        return None
    return f"n must be a whole number of at least 1 (got {value!r})"


def _dice_problem(value: Any, state: Json, action: str) -> str | None:
    if isinstance(value, list) and value and all(whole(d) and 1 <= d <= 6 for d in value):
        return None
    return f"a roll carries its dice, 1 to 6 each (got {value!r})"


AMOUNT = Kind("whole number >= 1", _amount_problem, rule="amount")
DICE = Kind("list of 1-6", _dice_problem, rule="dice")


def change(state: Json, action: Json, turn: Turn) -> None:
    """add, sub and roll: the player's points change by n (or the dice), within the rules."""
    kind, player = action["type"], action["player"]
    has = state["points"][player]
    amount = sum(action["dice"]) if kind == "roll" else action["n"]
    new = has - amount if kind == "sub" else has + amount
    if kind == "sub":
        turn.rule(
            new >= 0, "floor", f"{player} has {has}; subtracting {amount} would go below zero"
        )
    else:
        turn.rule(
            not state["max"] or new <= state["max"],
            "ceiling",
            f"{player} has {has}; adding {amount} would pass the maximum {state['max']}",
        )
    state["points"][player] = new
    if kind == "roll":
        state["last_roll"] = {"player": player, "dice": list(action["dice"])}


WHO = Param("player", PLAYER, help="whose points change")
N = Param("n", AMOUNT, help="how many points")
ACTIONS = Actions(
    Action("add", "add n points to a player", change, (WHO, N)),
    Action("sub", "subtract n points from a player", change, (WHO, N)),
    Action(
        "roll",
        "add the sum of the dice to a player",
        change,
        (
            WHO,
            Param("dice", DICE, help="the dice rolled (`do` draws them when none are entered)"),
            Param("seed", Kind("whole number"), False, "the seed the dice were drawn from"),
        ),
    ),
    missing="checked",
)


class Tally:
    """The tally game (see the module docstring)."""

    name = "tally"
    actions = ACTIONS
    title = "Tally: a counter game for trying out the table assistant"
    options = {
        "players": Option(["red", "blue"], "the players, e.g. [red, blue, green]"),
        "start": Option(0, "each player's points at the start"),
        "max": Option(50, "the most points a player may hold (0: no maximum)"),
        "dice": Option(2, "how many six-sided dice a roll draws when none are entered"),
    }

    def setup(self, options: Json) -> Json | Refusal:
        players, start, top = options["players"], options["start"], options["max"]
        if (
            not isinstance(players, list)
            or not players
            or not all(isinstance(p, str) and p for p in players)
            or len(set(players)) != len(players)
        ):
            raise InputError(f"option players: expected a list of distinct names, got {players!r}")
        for key in ("start", "max", "dice"):
            if not whole(options[key]) or options[key] < 0:
                raise InputError(
                    f"option {key}: expected a whole number >= 0, got {options[key]!r}"
                )
        if top and start > top:
            return Refusal("ceiling", f"start {start} is above the maximum {top}")
        return {
            "players": list(players),
            "points": {p: start for p in players},
            "max": top,
            "dice": options["dice"],
            "last_roll": None,
        }

    def apply(self, state: Json, action: Json, *, force: bool = False) -> Json | Refusal:
        return ACTIONS.apply(state, action, Turn(force))

    def view(self, state: Json) -> Json:
        return {
            "points": dict(state["points"]),
            "max": state["max"],
            "last_roll": state["last_roll"],
        }

    def describe(self, action: Json, before: Json, after: Json) -> str:
        player = action["player"]
        now = after["points"][player]
        if action["type"] == "roll":
            dice = "+".join(str(d) for d in action["dice"])
            return f"{player} rolls {dice} = {sum(action['dice'])} (now {now})"
        verb = "adds" if action["type"] == "add" else "subtracts"
        return f"{player} {verb} {action['n']} (now {now})"

    # the players' phones (deaddrop serve): assistant/games/tally_seats.py
    seat_params = tally_seats.SEAT_PARAMS
    keeps_secrets = False  # nothing hidden: a seat's void may replay later events
    seats = staticmethod(tally_seats.seats)

    def seat_view(self, state: Json, seat: str | None) -> Json:
        return tally_seats.seat_view(self.view(state), state, seat)

    def board(self, view: Json) -> list[Json]:
        """The board for the page: assistant/games/tally_board.py."""
        from assistant.games.tally_board import board

        return board(view)

    def render(self, state: Json) -> str:
        width = max(len(p) for p in state["players"])
        lines = [f"{p:<{width}}  {state['points'][p]:>4}" for p in state["players"]]
        if state["max"]:
            lines.append(f"(maximum {state['max']})")
        roll = state["last_roll"]
        if roll:
            lines.append(f"last roll: {roll['player']} {'+'.join(map(str, roll['dice']))}")
        return "\n".join(lines)

    def complete(self, state: Json, action: Json, seed: int) -> Json:
        """Draw what a roll entered without dice needs, from `seed` (recorded in the action)."""
        if action.get("type") != "roll" or "dice" in action:
            return action
        rng = random.Random(seed)
        return {**action, "dice": [rng.randint(1, 6) for _ in range(state["dice"])], "seed": seed}


GAME = Tally()
