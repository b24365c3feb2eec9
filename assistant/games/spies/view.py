"""The public view of the table (`show --json`): no face-down value. Hands show how many tiles
they hold, discards how many; secrets and police where they stand (never their values)."""

from __future__ import annotations

from assistant.engine import Json
from assistant.games.spies import positions, scoring
from assistant.games.spies.chain import describe_play, standing
from assistant.games.spies.data import GameData
from assistant.games.spies.setup import untouched
from assistant.games.spies.state import player_of

PLACE = "to keep the spies on the map: place spies={Spy: City, ...} for every power (2.6)"


def next_step(state: Json, data: GameData) -> str:
    """What the table does next, in words."""
    phase = state["phase"]
    if phase == "over":
        return "the game is over"
    if phase == "setup":
        missing = []
        for power in data.powers:
            wants = [
                what
                for what, done in (
                    ("hand", state["hands"][power]),
                    ("secrets", state["secret_cities"][power] is not None),
                    ("police", state["police"][power] is not None),
                    *(
                        [("place spies", positions.placed(state, power))]
                        if positions.tracked(state)
                        else []
                    ),
                )
                if not done
            ]
            if wants:
                missing.append(f"{power} ({', '.join(wants)})")
        if not positions.tracked(state):
            missing.append(PLACE)
        return "set up: " + "; ".join(missing)
    if phase == "final":
        left = [p for p in data.powers if state["originals"][p] is None]
        return "originals: " + ", ".join(left) + " place their original secrets"
    power = state["turn"]
    if state["chain"] is not None:
        plays = state["chain"]["plays"]
        return f"counters against {describe_play(plays[0])} (chit ... against=N), then resolve"
    if state["step"]["tile"] is None and state["hands"][power]:
        first = f"{power}: discard an Event Tile, or play one of {state['year']}"
        if not positions.tracked(state) and untouched(state, data):
            return f"{first} (or first, {PLACE})"
        return first
    return f"{power}: search, move, chits, diplomacy ... then end_turn"


def public_view(state: Json, data: GameData) -> Json:
    view = _view(state, data)
    if state.get("bots"):  # the powers the tracker plays, and at what level
        view["bots"] = dict(state["bots"])
    if positions.tracked(state):  # only on a table that tracks them (the others' view as before)
        view["positions"] = {
            "spies": {p: positions.counters(state, p) for p in data.powers},
            "by_city": positions.by_city(state, data.powers),
        }
    return view


def _view(state: Json, data: GameData) -> Json:
    scored = scoring.points(state)
    chain = state["chain"]
    return {
        "game": "spies",
        "players": state["players"],
        "phase": state["phase"],
        "year": state["year"],
        "turn": state["turn"],
        "player": player_of(state, state["turn"]),
        "seats": {power: player_of(state, power) for power in data.powers},
        "ap_left": state["ap_left"],
        "ap_spent": data.ap - state["ap_left"],
        "tile_step": state["step"]["tile"],
        "bank": dict(state["bank"]),
        "chits": dict(state["chits"]),
        "cup": state["cup"],
        "hand": {power: len(hand) for power, hand in state["hands"].items()},
        "discarded": {power: len(codes) for power, codes in state["discards"].items()},
        "tiles_played": [entry["code"] for entry in state["played"]],
        "played": [dict(entry) for entry in state["played"]],
        "awards": dict(state["awards"]) if state["awards"] else None,
        "territory": {
            "annexed": dict(state["annexed"]),
            "spy_home": {p: list(c) for p, c in state["spy_home"].items()},
        },
        "ends": state["ends"],
        "secret_cities": {p: c for p, c in state["secret_cities"].items()},
        "police": {p: dict(c) if c else c for p, c in state["police"].items()},
        "drops": {power: list(cities) for power, cities in state["drops"].items()},
        "out_of_play": {power: dict(spies) for power, spies in state["out"].items()},
        "chain": (
            [
                {**play, "number": n, "stands": up}
                for n, (play, up) in enumerate(
                    zip(chain["plays"], standing(chain["plays"]), strict=True), start=1
                )
            ]
            if chain
            else None
        ),
        "record": {
            power: [
                {
                    **entry,
                    "multiple": scoring.multiple(state, entry["year"]),
                    "points": scoring.points_of(state, entry),
                }
                for entry in entries
            ]
            for power, entries in state["record"].items()
        },
        "points": scored,
        "multiples": {year: int(m) for year, m in state["multiples"].items()},
        "over": state["phase"] == "over",
        "winner": state["winner"],
        "result": state["result"],
        "next": next_step(state, data),
    }
