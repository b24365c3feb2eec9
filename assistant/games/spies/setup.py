"""The set up (2.3-2.5) and the police (3.3): each power's hand of Event Tiles, where its secrets
stand and where its police stand. The set up ends by itself once every power has all three;
then 1933 begins with Germany's turn.

What is face down stays with the players: the tracker keeps which cities hold a power's secrets
(to check "one secret a city") and how many police stand in each city (to check "no more than 2
per city" and that a search is made where there are police), never a value.
"""

from __future__ import annotations

import random
from typing import Any

from assistant.engine import Json
from assistant.games.actions import Refuse
from assistant.games.spies import names, positions
from assistant.games.spies.state import (
    Turn,
    adjective,
    new_step,
    own_turn,
    police_cities,
    tile_first,
)
from assistant.words import a, plural

HAND_RULE = "2.3 Drawing Event Tiles"
SECRETS_RULE = "2.4 Drawing and Deploying Secrets"
POLICE_RULE = "2.5 Deploying Police"
REARRANGE_RULE = "3.3 Re-Arranging Your Police"
RANDOM_TILES = 3  # 2.3: "draw 3 of these random Tiles blindly for a total of 10"
POLICE_PER_CITY = 2  # 2.5, 3.3: "no more than 2 per city"


def random_pool(state: Json, data: Any) -> list[str]:
    """The random tiles not yet in a hand."""
    held = {code for hand in state["hands"].values() for code in hand}
    return [t.code for t in data.tiles.values() if t.power == "random" and t.code not in held]


def draw_hand(state: Json, action: Json, seed: int, data: Any) -> Json:
    """`hand` entered without its random tiles: draw them from `seed` (recorded in the action)."""
    pool = random_pool(state, data)
    drawn = random.Random(seed).sample(pool, min(RANDOM_TILES, len(pool)))
    return {**action, "random": drawn, "seed": seed}


def hand(state: Json, action: Json, turn: Turn) -> None:
    """2.3: "Take the 7 Event Tiles coded for your country; mix the 15 tiles marked random in a
    cup and draw 3 of these random Tiles blindly for a total of 10 event Tiles." """
    data = turn.data
    power = names.power(action["power"], state)
    if state["hands"][power]:
        raise Refuse(HAND_RULE, f"{power}'s hand is already dealt")
    given = action.get("random")
    if not isinstance(given, list):
        raise Refuse("action", "random: expected a list of 3 random tiles (or none: drawn)")
    tiles = [names.tile(value, data) for value in given]
    codes = [tile.code for tile in tiles]
    turn.rule(
        len(codes) == RANDOM_TILES,
        HAND_RULE,
        f"a hand holds {RANDOM_TILES} random tiles ({len(codes)} given)",
    )
    for tile in tiles:
        if tile.power != "random":
            raise Refuse(HAND_RULE, f"{tile.code} is {tile.power}'s, not a random tile")
        if codes.count(tile.code) > 1:
            raise Refuse(HAND_RULE, f"{tile.code} is given twice")
        # whose hand holds it is that power's secret: the refusal names none (issue 22)
        if any(tile.code in h for h in state["hands"].values()):
            raise Refuse(HAND_RULE, f"{tile.code} is not in the cup (another power holds it)")
    own = [tile.code for tile in data.tiles.values() if tile.power == power]
    state["hands"][power] = own + codes
    # 2.3 draws them blindly: the log names no tile (the seat's own view shows its hand)
    how = "drawn blindly by the tracker" if "seed" in action else "entered face down"
    turn.note(f"{power} takes its {len(own)} Event Tiles and {len(codes)} random ones ({how})")
    _maybe_begin(state, turn)


def secrets(state: Json, action: Json, turn: Turn) -> None:
    """2.4: "... place your secrets face-down, one per city, in any cities in your territory";
    the 8 others are already in the 8 SECRET cities."""
    data = turn.data
    power = names.power(action["power"], state)
    if state["secret_cities"][power] is not None:
        raise Refuse(SECRETS_RULE, f"{power}'s secrets are already placed")
    given = names.cities(action["cities"], data, "cities")
    allotment = state["allotment"][power]
    turn.rule(
        len(given) == allotment,
        SECRETS_RULE,
        f"{power} draws {allotment} secrets (our allotment: the text leaves it to the "
        f"mapsheet); {plural(len(given), 'city')} given",
    )
    for index, name in enumerate(given):
        city = data.cities.get(name)
        turn.rule(name not in given[:index], SECRETS_RULE, f"one secret per city: {name} twice")
        turn.rule(
            city is None or city.kind != "SECRET city",
            SECRETS_RULE,
            f"one secret per city: {name} is a SECRET city and holds one of the 8 others",
        )
        turn.rule(
            city is not None,
            SECRETS_RULE,
            f"{name} is not a city of the map (templates/spies/map.yaml)",
        )
        turn.rule(
            city is None or city.owner == power,
            SECRETS_RULE,
            f"{name} is not in {power}'s territory ({city.owner if city else '?'})",
        )
    state["secret_cities"][power] = given
    turn.note(f"{power} places {len(given)} secrets face down: {', '.join(given)}")
    _maybe_begin(state, turn)


def police_placement(value: Any, data: Any) -> dict[str, int]:
    """`cities`: {City: count} or a list naming a city once per piece."""
    counts: dict[str, int] = {}
    if isinstance(value, dict):
        for key, count in value.items():
            name = names.city_name(key, data, "cities")
            counts[name] = counts.get(name, 0) + names.amount(count, f"cities.{key}", 1)
    elif isinstance(value, list):
        for key in value:
            name = names.city_name(key, data, "cities")
            counts[name] = counts.get(name, 0) + 1
    else:
        raise Refuse("action", "cities: expected {City: count, ...} or a list of cities")
    return counts


def police(state: Json, action: Json, turn: Turn) -> None:
    """2.5: "Place your police face-down, no more than 2 per city, in any cities coded for police
    (including your capital) in your home country." 3.3: re-arranged on your turn, at no cost."""
    data = turn.data
    power = names.power(action["power"], state)
    counts = police_placement(action["cities"], data)
    playing = state["phase"] == "play"
    rule = REARRANGE_RULE if playing else POLICE_RULE
    if playing:
        _rearranging(state, power, turn)
    elif state["police"][power] is not None:
        raise Refuse(POLICE_RULE, f"{power}'s police are already placed")
    pieces = data.police[power]
    total = sum(counts.values())
    turn.rule(total == pieces, rule, f"{power} has {pieces} police; {total} placed")
    allowed = police_cities(state, power, data)
    for name, count in counts.items():
        turn.rule(
            count <= POLICE_PER_CITY,
            rule,
            f"no more than {POLICE_PER_CITY} police per city ({count} in {name})",
        )
        turn.rule(
            name in allowed,
            rule,
            f"{name} is not {a(adjective(power))} police city (its capital and police cities"
            f"{' and annexed cities' if power in state['annexed'].values() else ''})",
        )
    if state.get("bots"):  # the order listed gives the strengths (bots/hidden.py): not public
        counts = dict(sorted(counts.items()))
    state["police"][power] = counts
    where = ", ".join(f"{name} {count}" if count > 1 else name for name, count in counts.items())
    verb = "re-arranges its police" if playing else "places its police face down"
    turn.note(f"{power} {verb}: {where}")
    if not playing:
        _maybe_begin(state, turn)


def place(state: Json, action: Json, turn: Turn) -> None:
    """`place power=... spies={Spy: City, ...}` (2.6) and/or `police={City: count}` (2.5 at the
    set up, 3.3 on your turn): the positions of a table that tracks them."""
    given = [key for key in ("spies", "police") if action.get(key) is not None]
    if not given:
        raise Refuse("action", "place: spies={Spy: City, ...} and/or police={City: count, ...}")
    if "spies" in given:
        _place_spies(state, action, turn)
    if "police" in given:
        police(state, {"power": action["power"], "cities": action["police"]}, turn)
    elif "spies" in given:
        _maybe_begin(state, turn)


def _seed(action: Json) -> int:
    """The seed a `place`'s counters were numbered from (drawn by the tracker when the action is
    entered and recorded with it, the owner's secret; 0 for an action written without one)."""
    seed = action.get("seed", 0)
    return seed if isinstance(seed, int) and not isinstance(seed, bool) else 0


def _place_spies(state: Json, action: Json, turn: Turn) -> None:
    """2.6: "Place all of your spies ... face-down, without restrictions, in any of the cities
    on the map." Each becomes a numbered counter (positions.py: by city, then in a secret order)."""
    data = turn.data
    power = names.power(action["power"], state)
    if not positions.tracked(state) and state["phase"] == "play" and untouched(state, data):
        # the rules' order (2.3-2.6: hands, secrets, police, then spies) ended the set up at the
        # last police: nothing is played yet, so the spies are placed and the set up waits
        state["phase"] = "setup"
        turn.note(
            f"the set up goes on: every power places its spies (2.6); then {state['year']} begins"
        )
    if not positions.tracked(state) and state["phase"] != "setup":
        raise Refuse(
            positions.DEPLOY_RULE,
            "this table does not track positions (it would have with a place spies=... at the "
            "set up): the players keep their spies on the map",
        )
    if state["phase"] != "setup":
        raise Refuse(positions.DEPLOY_RULE, "spies are placed at the set up (then they move, 3.6)")
    if positions.placed(state, power):
        raise Refuse(positions.DEPLOY_RULE, f"{power}'s spies are already placed")
    value = action["spies"]
    if not isinstance(value, dict):
        raise Refuse("action", "spies: expected {Spy: City, ...}, every spy of yours")
    spies: dict[str, str] = {}
    for key, where in value.items():
        spy = names.spy(key, power, data, "spies")
        if spy in spies:
            raise Refuse(positions.DEPLOY_RULE, f"{spy} is placed twice")
        city = names.city(where, data, f"spies.{key}")
        if city is None:
            raise Refuse(positions.DEPLOY_RULE, f"{where!r} is not a city of the map ({spy})")
        spies[spy] = city.name
    missing = [spy for spy in data.spies[power] if spy not in spies]
    if missing:  # not even forced: a spy in play stands in a city (2.6: "Place all")
        raise Refuse(
            positions.DEPLOY_RULE, f"place all of your spies: {', '.join(missing)} not placed"
        )
    if not positions.tracked(state):  # the first spies placed: the table tracks positions
        state["positions"] = positions.start()
    counters = positions.place(state, power, spies, _seed(action))
    where = "; ".join(
        f"{city} {' '.join(c for c in counters if positions.city_of(state, power, c) == city)}"
        for city in sorted(set(spies.values()))
    )
    turn.note(f"{power} places its {len(spies)} spies face down: {where}")


def untouched(state: Json, data: Any) -> bool:
    """The set up is done and nothing of the first turn is: spies may still be placed (2.6)."""
    return (
        state["phase"] == "play"
        and state["year"] == data.first_year
        and state["turn"] == data.powers[0]
        and state["step"] == new_step()
        and state["ap_left"] == data.ap
        and not state["played"]
        and not any(state["discards"].values())
    )


def _rearranging(state: Json, power: str, turn: Turn) -> None:
    own_turn(state, power, "re-arrange its police", turn)
    tile_first(state, power, turn)
    step = state["step"]
    turn.rule(
        not step["searched"] and not step["moved"],
        REARRANGE_RULE,
        f"{power} re-arranges its police before searching and moving (3.4, 3.6)",
    )


def _maybe_begin(state: Json, turn: Turn) -> None:
    """Once every power has its hand, its secrets and its police, 1933 begins."""
    if state["phase"] != "setup":
        return
    if all(
        state["hands"][p]
        and state["secret_cities"][p] is not None
        and state["police"][p] is not None
        and (not positions.tracked(state) or positions.placed(state, p))
        for p in state["hands"]
    ):
        state["phase"] = "play"
        turn.note(
            f"the set up is done: {state['year']} begins; {state['turn']}'s turn "
            f"({turn.data.ap} Action Points)"
        )
