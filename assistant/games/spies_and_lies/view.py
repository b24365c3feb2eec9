"""The public view of the table (`show --json`): no secrets. A soldier's rank shows only once it
is revealed; deployments entered open or sealed show only their mode."""

from __future__ import annotations

from assistant.engine import Json
from assistant.games.spies_and_lies.abilities import option_names
from assistant.games.spies_and_lies.data import MISSIONS, SIDES, GameData
from assistant.games.spies_and_lies.days import unchecked
from assistant.games.spies_and_lies.missions import deployed_missions, expected
from assistant.games.spies_and_lies.state import other


def next_step(state: Json, data: GameData) -> str:
    """What the table does next, in words."""
    phase = state["phase"]
    if state["winner"] is not None:
        return "the game is over"
    if state["pending"] is not None:
        pending = state["pending"]
        options = option_names(pending, data)
        return f"{pending['side']} chooses for its {pending['kind'].title()}: {options}"
    awaiting = state.get("awaiting")
    if awaiting is not None:
        return f"reveal: {awaiting['side']} turns up its mission {awaiting['mission']}"
    if phase == "setup":
        return "setup: the old intel card and each side's exhausted soldier"
    if phase == "deploy":
        missing = [s for s in SIDES if len(deployed_missions(state["sides"][s])) < MISSIONS]
        return f"deploy: {' and '.join(missing)}"
    if phase == "intel":
        return "intel: turn over the next intel card"
    if phase == "tokens":
        missing = [s for s in SIDES if not state["sides"][s]["tokens_placed"]]
        return f"tokens: {' and '.join(missing)} place Intel tokens"
    if phase == "missions":
        if state["starter"] is None:
            return "first: flip the Starting Player card"
        guesser, mission = expected(state)
        return f"guess: {guesser} identifies {other(guesser)}'s mission {mission}"
    if phase == "audit":
        return f"audit: {state['claim']} reveals all its soldiers"
    if phase == "day_end":
        sealed = unchecked(state)
        if sealed:
            return f"audit: {' and '.join(sealed)} check the sealed deployment with the salt"
        return "end_day: each side's exhausted soldiers for the next day"
    return phase


def public_view(state: Json, data: GameData) -> Json:
    """The state as everyone at the table may see it."""
    current = state["intel"]["current"]
    turn = None
    if state["phase"] == "missions" and state["starter"] is not None:
        guesser, mission = expected(state)
        turn = {"guesser": guesser, "mission": mission}
    sides = state["sides"]
    return {
        "game": "spies-and-lies",
        "day": state["day"],
        "phase": state["phase"],
        "infiltration": dict(state["infiltration"]),
        "double_agent": state["double_agent"],
        "deception": dict(state["deception"]),
        "deception_spares": state["deception_spares"],
        "winner": state["winner"],
        "result": state["result"],
        "teams": state["teams"],
        "starter": state["starter"],
        "turn": turn,
        "next": next_step(state, data),
        "intel": {
            "current": current,
            "ranks": list(data.intel[current]) if current is not None else None,
            "old": list(state["intel"]["old"]),
        },
        "exhausted": {s: list(state["exhausted"][s]) for s in SIDES},
        "missions": {
            s: [
                {
                    "mission": index + 1,
                    "state": card["state"],
                    "rank": card["rank"] if card["state"] != "down" else None,
                    "guess": card["guess"],
                    "token": card["token"],
                    "deception": card["deception"],
                }
                for index, card in enumerate(sides[s]["missions"])
            ]
            for s in SIDES
        },
        "deployed": {
            s: [
                {"missions": list(g["missions"]), "mode": g["mode"], "checked": g["checked"]}
                for g in sides[s]["groups"]
            ]
            for s in SIDES
        },
        "effects": {s: dict(sides[s]["effects"]) for s in SIDES},
        "double_damage": {s: sides[s]["double_damage"] for s in SIDES},
        "exposed": {s: sides[s]["exposed"] for s in SIDES},
        "pending": (
            {k: state["pending"][k] for k in ("side", "kind", "options")}
            if state["pending"]
            else None
        ),
        "awaiting": (
            {k: state["awaiting"][k] for k in ("side", "mission", "guesser", "rank")}
            if state.get("awaiting")
            else None
        ),
        "claim": state["claim"],
        "tracks": {"infiltration_top": data.infiltration_top, "wall": data.wall, "flag": data.flag},
    }
