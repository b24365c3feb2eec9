"""What must hold after every action of a bots' game (the bench and the tests check it): each
Event Tile in one place, no bank, hand or cup below zero and no chit made or lost, the Action
Points within the turn's, the points the sum of the record, every spy either on the map or out
of play (never both), and the face-down facts whole: every secret in one place, the chits each
power holds of the kinds the deal gave it, as many as the tracker counts."""

from __future__ import annotations

from collections import Counter

from assistant.engine import Json
from assistant.games.spies import positions, scoring
from assistant.games.spies.bots.hidden import Hidden
from assistant.games.spies.data import GameData


def problems(state: Json, hidden: Hidden, data: GameData) -> list[str]:
    out = []
    places: Counter[str] = Counter()
    for hand in state["hands"].values():
        places.update(hand)
    places.update(entry["code"] for entry in state["played"])
    for codes in state["discards"].values():
        places.update(codes)
    twice = sorted(code for code, n in places.items() if n > 1)
    if twice:
        out.append(f"tiles in two places: {twice}")
    if state["phase"] != "setup" and set(places) != set(data.tiles):
        out.append(f"tiles in no place: {sorted(set(data.tiles) - set(places))}")
    if any(v < 0 for v in state["bank"].values()) or state["cup"] < 0:
        out.append(f"below zero: bank {state['bank']}, cup {state['cup']}")
    drops = sum(len(cities) for cities in state["drops"].values())
    if state["cup"] + sum(state["chits"].values()) + drops != data.cup:
        out.append("Action chits made or lost")
    if not 0 <= state["ap_left"] <= data.ap:
        out.append(f"Action Points {state['ap_left']}")
    scored = scoring.points(state)
    for power, entries in state["record"].items():
        total = sum(scoring.points_of(state, e) for e in entries)
        if scored[power] != total:
            out.append(f"{power}'s points {scored[power]} are not its record's {total}")
    if positions.tracked(state):
        for power in data.powers:
            on_map = [positions.spy_of(state, power, c) for c in positions.counters(state, power)]
            if len(on_map) != len(set(on_map)):
                out.append(f"{power}: a spy on the map twice: {sorted(on_map)}")
            both = set(on_map) & set(state["out"][power])
            if both:
                out.append(f"{power}: on the map and out of play: {sorted(both)}")
            if state["phase"] != "setup" and set(on_map) | set(state["out"][power]) != set(
                data.spies[power]
            ):
                out.append(f"{power}: a spy neither on the map nor out of play")
    for power in data.powers:
        if len(hidden.hands[power]) != state["chits"][power]:
            out.append(
                f"{power} holds {state['chits'][power]} chits; the deal {len(hidden.hands[power])}"
            )
    for name, piece in hidden.pieces.items():
        if piece["gone"]:
            continue
        if piece["held"] is not None and piece["city"] is not None:
            out.append(f"{name} both held and lying")
        if piece["held"] is not None and hidden.where(state, name) is None:
            out.append(f"{name} held by a counter not on the map")
    return out
