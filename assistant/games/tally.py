"""Tally: a tiny counter game that exercises the table assistant (options, refusals, dice).

Each player has points. `add`/`sub` change them by `n`; `roll` adds the sum of dice it carries
(the CLI draws them with a recorded seed when the players do not enter them). Two rules refuse:
"floor" (points never go below zero) and "ceiling" (never above the `max` option, 0 = no maximum).
`--force` skips those two rules; a malformed action is refused even then.
"""

from __future__ import annotations

import random

from assistant.engine import Json, Option, Refusal
from assistant.games.actions import shape_refusal, whole
from deaddrop.errors import InputError

KEYS = {"add": {"player", "n"}, "sub": {"player", "n"}, "roll": {"player", "dice", "seed"}}


class Tally:
    """The tally game (see the module docstring)."""

    name = "tally"
    title = "Tally: a counter game for trying out the table assistant"
    options = {
        "players": Option(["red", "blue"], "the players, e.g. [red, blue, green]"),
        "start": Option(0, "each player's points at the start"),
        "max": Option(50, "the most points a player may hold (0: no maximum)"),
        "dice": Option(2, "how many six-sided dice a roll draws when none are entered"),
    }

    def setup(self, options: Json) -> Json:
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

    def _check(self, state: Json, action: Json) -> Refusal | None:
        malformed = shape_refusal(action, KEYS)
        if malformed is not None:
            return malformed
        kind, player = action["type"], action.get("player")
        if player not in state["points"]:
            known = ", ".join(state["players"])
            return Refusal("player", f"no player '{player}' at this table (players: {known})")
        if kind == "roll":
            dice = action.get("dice")
            if (
                not isinstance(dice, list)
                or not dice
                or not all(whole(d) and 1 <= d <= 6 for d in dice)
            ):
                return Refusal("dice", f"a roll carries its dice, 1 to 6 each (got {dice!r})")
        elif not whole(action.get("n")) or action["n"] < 1:
            return Refusal(
                "amount", f"n must be a whole number of at least 1 (got {action.get('n')!r})"
            )
        return None

    def apply(self, state: Json, action: Json, *, force: bool = False) -> Json | Refusal:
        malformed = self._check(state, action)
        if malformed is not None:
            return malformed
        kind, player = action["type"], action["player"]
        has = state["points"][player]
        amount = sum(action["dice"]) if kind == "roll" else action["n"]
        new = has - amount if kind == "sub" else has + amount
        if not force and kind == "sub" and new < 0:
            return Refusal("floor", f"{player} has {has}; subtracting {amount} would go below zero")
        if not force and kind != "sub" and state["max"] and new > state["max"]:
            return Refusal(
                "ceiling",
                f"{player} has {has}; adding {amount} would pass the maximum {state['max']}",
            )
        after = {**state, "points": {**state["points"], player: new}}
        if kind == "roll":
            after["last_roll"] = {"player": player, "dice": list(action["dice"])}
        return after

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
