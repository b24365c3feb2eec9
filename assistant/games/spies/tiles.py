"""Event Tiles (3.21, 3.22): discarding one, playing one of the current year, its awards paid to
every power line by line, and its special effect.

3.21: "At the start of your turn, you must either discard any Event Tile face-down (at no cost
in Action Points), or play (at a cost of one Action Point) face-up an Event Tile marked with the
current year ... Every player receives the indicated number of Action chits or amount of money
for each city listed in which he has a spy, provided the spy is not in its own territory. There
is no additional reward for having 2 or more spies in a city."

On a table that tracks positions the tracker pays from the map (positions.py); on the others it
asks the players where they have spies: `spies: {Power: [City, ...]}` (any city: only the
tile's are paid). House reading (docs/spies.md): a tile's awards are paid before its special effect
takes hold (an annexation changes the territory after the awards of the tile that made it).
"""

from __future__ import annotations

from typing import Any

from assistant.engine import Json
from assistant.games.actions import Refuse
from assistant.games.spies import names, positions
from assistant.games.spies.data import GameData, Tile
from assistant.games.spies.state import (
    EFFECT_RULE,
    TILE_RULE,
    Turn,
    adjective,
    ap_note,
    draw_chits,
    own_turn,
    owner,
    spend,
)


def _starting(state: Json, action: Json, turn: Turn, what: str) -> tuple[str, Tile]:
    """The power and tile of a discard or a play, at the start of the power's own turn."""
    power = names.power(action["power"], state)
    tile = names.tile(action["tile"], turn.data)
    own_turn(state, power, what, turn)
    done = state["step"]["tile"]
    turn.rule(
        done is None or state["turn"] != power,
        TILE_RULE,
        f"{power} has already {done} its Event Tile this turn (one a turn, at its start)",
    )
    if tile.code not in state["hands"][power]:
        # a tile is in one place: --force waives a rule, never where a tile is (issue 23)
        waived = " (--force waives a rule, never where a tile is)" if turn.force else ""
        raise Refuse(TILE_RULE, f"{tile.code} is not in {power}'s hand{waived}")
    return power, tile


def discard(state: Json, action: Json, turn: Turn) -> None:
    power, tile = _starting(state, action, turn, "discard an Event Tile")
    _take(state, power, tile.code)
    state["discards"][power].append(tile.code)
    state["step"]["tile"] = "discarded"
    left = len(state["hands"][power])
    turn.note(f"{power} discards an Event Tile face down ({left} left in hand)")


def _take(state: Json, power: str, code: str) -> None:
    state["hands"][power].remove(code)  # _starting: it is there


def playable(state: Json, tile: Tile) -> tuple[str, str] | None:
    """(rule, why) `tile` may not be played now: its years (3.21), its special effect's
    prerequisite or exclusion (3.22); None when it may."""
    year = state["year"]
    if not tile.first <= year <= tile.last:
        return TILE_RULE, f"{tile.code} is played in {tile.years} only; it is {year}"
    played = [entry["code"] for entry in state["played"]]
    special = tile.special
    if special is not None and special.kind == "not after" and special.codes[0] in played:
        why = f"{tile.code} cannot be played if {special.codes[0]} has already been played"
        return EFFECT_RULE, why
    if special is not None and special.kind == "after one of":
        if not set(special.codes) & set(played):
            either = " or ".join(special.codes)
            return EFFECT_RULE, f"{tile.code} cannot be played until {either} has been played"
    return None


def play(state: Json, action: Json, turn: Turn) -> None:
    data = turn.data
    power, tile = _starting(state, action, turn, "play an Event Tile")
    refused = playable(state, tile)
    if refused is not None:
        turn.rule(False, *refused)
    if positions.tracked(state):
        if action.get("spies") is not None:
            raise Refuse(
                "action",
                "spies: this table tracks positions: the awards are paid from the map",
            )
        # 3.21: "for each city listed in which he has a spy" (where its counters stand)
        claims = {p: positions.cities_of(state, p) for p in data.powers}
        claims = {p: cities for p, cities in claims.items() if cities}
    else:
        claims = _claims(action.get("spies"), tile, state, data)
    spend(state, power, data.costs["tile"], f"playing {tile.code}", turn)
    _take(state, power, tile.code)
    state["played"].append({"code": tile.code, "power": power, "year": state["year"]})
    state["step"]["tile"] = "played"
    turn.note(
        f'{power} plays {tile.code} "{tile.headline}" ({ap_note(state, power, data.costs["tile"])})'
    )
    lines, totals = award_lines(tile, claims, state, data)
    state["awards"] = {"tile": tile.code, "lines": lines}
    for line in lines:
        turn.note(f"  {line}")
    elsewhere = sorted({c for cities in claims.values() for c in cities} - set(tile.cities))
    if elsewhere and not positions.tracked(state):
        turn.note(f"  no award in {', '.join(elsewhere)} (not a city of {tile.code})")
    paid = []
    for payee, (chits, pounds) in totals.items():
        got = []
        if chits:
            drawn = draw_chits(state, payee, chits)
            short = f" (the cup holds only {drawn})" if drawn < chits else ""
            got.append(f"draws {chits} Action chit{'s' if chits != 1 else ''}{short}")
        if pounds:
            state["bank"][payee] += pounds
            got.append(f"+{pounds}£ (now {state['bank'][payee]}£)")
        paid.append(f"{payee} {' and '.join(got)}")
    turn.note("  paid: " + ("; ".join(paid) if paid else "nobody has a spy in its cities"))
    _special(state, power, tile, turn)


def _claims(value: Any, tile: Tile, state: Json, data: GameData) -> dict[str, list[str]]:
    """`spies`: {Power: [City, ...]}, the cities where that power has a spy (any city: only the
    tile's are paid)."""
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise Refuse("action", "spies: expected {Power: [City, ...]} (the tile's cities)")
    out: dict[str, list[str]] = {}
    for key, listed in value.items():
        power = names.power(key, state, "spies")
        items = listed if isinstance(listed, list) else [listed]
        for item in items:
            # any city where the power has a spy; only the tile's cities are paid (award_lines)
            city = names.find(item, tile.cities) or names.city_name(item, data, "spies")
            if city not in out.setdefault(power, []):
                out[power].append(city)
    return out


def award_lines(
    tile: Tile, claims: dict[str, list[str]], state: Json, data: GameData
) -> tuple[list[str], dict[str, tuple[int, int]]]:
    """The awards line by line ("3c Essen: Britain 3 chits; Germany nothing (its own
    territory)") and what each power gets: (chits, pounds)."""
    lines = []
    totals: dict[str, list[int]] = {}
    order = [p for p in data.powers if p in claims]
    for award in tile.awards:
        for city_name in award.cities:
            here = [p for p in order if city_name in claims[p]]
            if not here:
                continue
            city = data.cities.get(city_name)
            parts = []
            for power in here:
                if city is not None and owner(state, city) == power:
                    parts.append(f"{power} nothing (its own territory)")
                    continue
                got = totals.setdefault(power, [0, 0])
                if award.unit == "c":
                    got[0] += award.amount
                    parts.append(f"{power} {award.amount} chit{'s' if award.amount != 1 else ''}")
                else:
                    got[1] += award.amount
                    parts.append(f"{power} {award.amount}£")
            lines.append(f"{award.text} {city_name}: {', '.join(parts)}")
    return lines, {p: (totals[p][0], totals[p][1]) for p in data.powers if p in totals}


def _special(state: Json, power: str, tile: Tile, turn: Turn) -> None:
    """3.22: what the tile changes for the rest of the game."""
    special = tile.special
    if special is None:
        return
    data = turn.data
    if special.kind == "annex":
        state["annexed"][special.country] = tile.power
        cities = [c.name for c in data.cities.values() if c.country == special.country]
        word = adjective(tile.power)
        turn.note(
            f"  {special.country} becomes {word} territory for the rest of the game: {word} "
            f"police may stand in {' and '.join(cities)}; secrets there not guarded by another "
            f"player count as {word} original secrets"
        )
    elif special.kind == "spy home":
        state["spy_home"].setdefault(tile.power, []).append(special.country)
        cities = [c.name for c in data.cities.values() if c.country == special.country]
        turn.note(
            f"  {adjective(tile.power)} spies may treat {' and '.join(cities)} ({special.country}) "
            "as a home country for the rest of the game"
        )
    elif special.kind == "ends game":
        state["ends"] = min(state["ends"], state["year"])
        turn.note(
            f"  World War II begins: the game ends when {state['year']} ends "
            f"(final Victory Points with the {state['year']} multiples)"
        )
