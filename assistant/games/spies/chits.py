"""Playing an Action chit (3.8, 4.2, the Action Chit Summary): its timing, its pounds and Action
Points (on your own turn only), the spy havens (5.1), Cousins (5.2), and where it goes: it opens
a chain, counters a play of the open chain, or stands alone (Papers, Escape, Double Cross,
Recruit). `chain.py` resolves the chains.

3.8: "To play a chit, spend the number of pounds and Action Points specified and return the chit
to the Action chit cup." The tracker counts each power's chits (their kinds stay face down).
"""

from __future__ import annotations

import random

from assistant.engine import Json
from assistant.games.actions import Refuse
from assistant.games.spies import chain, names, positions, turns
from assistant.games.spies.data import Chit, GameData
from assistant.games.spies.state import (
    OTHER_TURN,
    Turn,
    adjective,
    ap_note,
    capital,
    out_of_play,
    owner,
    pay,
    set_status,
    spend,
    status,
    tile_first,
)
from assistant.words import a

CHIT_RULE = chain.CHIT_RULE
HAVEN_RULE = "5.1 Spy Havens"
HAVEN_BARRED = ("Discovery", "Drop", "Sanction")  # 5.1: "never play a Discovery, Drop, or Sanction"
COUNTER_ONLY = ("Cover", "Intercept")  # their entries: played only against another chit


def complete_recruit(state: Json, action: Json, seed: int, data: GameData) -> Json:
    """Recruit: "Choose your new spy at random": drawn from `seed` when no spy is given."""
    power = names.find(action.get("power"), state["bank"])
    boxed = out_of_play(state, power, "sanctioned") if power is not None else []
    if not boxed:
        return action
    return {**action, "spy": random.Random(seed).choice(sorted(boxed)), "seed": seed}


def _timing(state: Json, power: str, chit: Chit, turn: Turn) -> None:
    mine = state["turn"] == power
    if chit.when == "your turn only":
        turn.rule(mine, OTHER_TURN, f"{chit.name} is played on your turn only ({state['turn']}'s)")
    elif chit.when == "an opponent's turn":
        turn.rule(not mine, CHIT_RULE, f"{chit.name} is played on an opponent's turn only")
    if mine:
        tile_first(state, power, turn)


def _against(state: Json, action: Json, power: str, name: str, data: GameData) -> int:
    open_chain = state["chain"]
    plays = open_chain["plays"] if open_chain else []
    given = action.get("against")
    if given is not None:
        number = names.amount(given, "against", 1)
        if number > len(plays):
            raise Refuse(CHIT_RULE, f"against: no play {number} waits (the chain has {len(plays)})")
        play = plays[number - 1]
        if not chain.may_counter(name, play, plays, data):
            raise Refuse(CHIT_RULE, f"{name} does not counter {chain.describe_play(play)}")
        if play["power"] == power:
            raise Refuse(CHIT_RULE, f"{power} does not counter its own {play['chit']}")
        final = chain.settled(plays, number, data)
        if final is not None:
            raise Refuse(
                CHIT_RULE,
                f"{chain.describe_play(play)} is already negated by {final['power']}'s "
                f"{final['chit']}, which cannot be countered",
            )
        return number
    for number in range(len(plays), 0, -1):
        play = plays[number - 1]
        if (
            play["power"] != power
            and chain.may_counter(name, play, plays, data)
            and chain.settled(plays, number, data) is None
        ):
            return number
    return 0


def _pounds(state: Json, action: Json, chit: Chit, city: str | None, data: GameData) -> int:
    """The chit's cost: Drop 20 in a neutral country, 30 in a power's territory; Source the
    table's option (the summary's 4, or the counter's 40)."""
    if chit.name == "Source":
        return int(state["source_pounds"])
    low, high = chit.pounds
    if low == high:
        return low
    known = data.cities.get(city or "")
    given = action.get("owner")
    if known is not None:
        if given is not None:
            raise Refuse("action", f"owner: {known.name} is in the city table ({known.owner})")
        where = owner(state, known)
    else:
        if given is None:
            raise Refuse(
                "action",
                f"owner: {city} is not in the city table: say whose territory it is "
                "(owner=neutral or a power)",
            )
        where = "neutral" if given == "neutral" else names.power(given, state, "owner")
    return low if where == "neutral" else high


def play(state: Json, action: Json, turn: Turn) -> None:
    data = turn.data
    power = names.power(action["power"], state)
    chit = names.chit(action["chit"], data)
    name = chit.name
    if name not in ("Papers", "Escape"):  # Papers react to the search just made, or none
        state["step"].pop("last_search", None)
    _timing(state, power, chit, turn)
    turn.rule(state["chits"][power] > 0, CHIT_RULE, f"{power} holds no Action chits")
    against = _against(state, action, power, name, data)
    plays = state["chain"]["plays"] if state["chain"] else []
    opening = against == 0 and chain.opens_chain(name, data)
    if against == 0 and action.get("against") is None:
        if opening and plays:
            first = chain.describe_play(plays[0])
            raise Refuse(CHIT_RULE, f"resolve {first} first (resolve)")
        if name in COUNTER_ONLY:
            targets = [c.name for c in data.chits.values() if name in c.countered_by]
            raise Refuse(
                CHIT_RULE, f"{name} counters {' or '.join(targets)}: none waits to be countered"
            )
    city = names.city_name(action["city"], data) if action.get("city") is not None else None
    if against:  # a counter is played where the play it counters is (Cover: "a city where you
        countered = plays[against - 1]  # have a spy", the city of the Discovery it counters)
        if city is not None and city != countered.get("city"):
            there = "there" if countered.get("city") else "in no city"
            raise Refuse(
                CHIT_RULE,
                f"city: {a(name)} against {chain.describe_play(countered)} is played {there}, "
                f"not in {city}",
            )
        city = countered.get("city")
        if name == "Cover" and countered["chit"] == "Discovery" and positions.tracked(state):
            turn.rule(  # Cover: "to discover a secret in a city where you have a spy"
                bool(positions.in_city(state, power, str(city))),
                CHIT_RULE,
                f"{power} has no spy in {city} (Cover is played against a Discovery in a city "
                "where you have a spy)",
            )
    if name in HAVEN_BARRED:
        if city is None:
            raise Refuse("action", f"city: where the {name} is played")
        known = data.cities.get(city)
        turn.rule(
            known is None or known.kind != "spy haven",
            HAVEN_RULE,
            f"no {name} in {city} (a spy haven: no Discovery, Drop or Sanction there)",
        )
    if positions.tracked(state) and not against and name in ("Discovery", "Drop") and city:
        # the Discovery entry: "You must have a spy in the city with that secret"; the Drop
        # entry: "You must always have at least one spy in the same city as the Drop chit"
        turn.rule(
            bool(positions.in_city(state, power, city)),
            CHIT_RULE,
            f"{power} has no spy in {city} (a {name} is played by a spy in its city)",
        )
    record = {"power": power, "chit": name, "city": city, "against": against or None}
    extra, alone = _prepare(state, action, power, name, against, plays, record, turn)
    pounds = _pounds(state, action, chit, city, data)
    pay(state, power, pounds, a(f"{name} chit"), turn)
    spend(state, power, chit.ap, a(f"{name} chit"), turn)
    if state["chits"][power] > 0:
        state["chits"][power] -= 1
        state["cup"] += 1
    costs = f"{pounds}£, {ap_note(state, power, chit.ap)}"
    if against:
        state["chain"]["plays"].append(record)
        countered = chain.describe_play(plays[against - 1])
        turn.note(f"{power} plays {name} against {countered} ({costs}){extra}")
        return
    where = f" in {city}" if city else ""
    if opening and not alone:
        state["chain"] = {"plays": [record]}
        extra += "; open to counters until resolved"
    elif plays and not alone:
        state["chain"]["plays"].append(record)  # a Double Cross or Papers while a chain waits
    turn.note(f"{power} plays {name}{where} ({costs}){extra}")


def _prepare(
    state: Json,
    action: Json,
    power: str,
    name: str,
    against: int,
    plays: list[Json],
    record: Json,
    turn: Turn,
) -> tuple[str, bool]:
    """Check and carry out what the chit does besides its costs: the words for the log, and
    whether it stands alone (done at once: no chain)."""
    data = turn.data
    if against:
        countered = plays[against - 1]
        if countered["chit"] == "Sanction" and power != countered["enemy"]:
            raise Refuse(CHIT_RULE, f"only {countered['enemy']}, whose spy is sanctioned, plays it")
        return "", False
    if name == "Sanction" and positions.tracked(state):
        return _sanction_on_map(state, action, power, record, turn)
    if name == "Sanction":
        spy = names.spy(action.get("spy"), power, data)
        enemy = names.power(action.get("enemy"), state, "enemy")
        if enemy == power:
            raise Refuse(CHIT_RULE, f"{power} does not sanction its own spy")
        target = names.spy(action.get("target"), enemy, data, "target")
        for who, piece in ((power, spy), (enemy, target)):
            where = status(state, who, piece)
            if where != "in play":
                raise Refuse(CHIT_RULE, f"{who}'s {piece} is not in play ({where})")
        record.update(spy=spy, enemy=enemy, target=target)
        if target == "Cousin" and spy != "Cousin":  # 5.2: "without an opportunity to counter"
            return "; " + chain.kill(state, power, spy, enemy, target, turn), True
        return f": {spy} against {enemy}'s {target}", False
    if name == "Source":
        if action.get("enemy") is not None:
            record["enemy"] = names.power(action["enemy"], state, "enemy")
            if record["enemy"] == power:
                raise Refuse(CHIT_RULE, "a Source examines one other player's spies and police")
        return "", False
    if name == "Recruit":
        return "; " + _recruit(state, action, power, turn), True
    if name == "Escape" and action.get("spy") is not None:
        return "; " + _escape(state, action, power, turn), True
    if name in ("Papers", "Escape"):  # in reaction to a search of one of your spies (3.4)
        return turns.nullify(state, power, name, turn), True
    if name == "Double Cross":
        return ": a strength comparison is reversed", False
    return "", False


def _sanction_on_map(
    state: Json, action: Json, power: str, record: Json, turn: Turn
) -> tuple[str, bool]:
    """Sanction on a table that tracks positions: "Your spy and the enemy spy must be in the same
    city"; the enemy spy is named by its counter there (which spy it is stays with its owner until
    the Sanction takes effect)."""
    data = turn.data
    city = str(record["city"])
    counter = positions.own_counter(state, power, action.get("spy"), data)
    turn.rule(
        positions.city_of(state, power, counter) == city,
        CHIT_RULE,
        f"{power}'s {counter} is not in {city} (your spy and the enemy spy must be in the same "
        "city)",
    )
    enemy = names.power(action.get("enemy"), state, "enemy")
    if enemy == power:
        raise Refuse(CHIT_RULE, f"{power} does not sanction its own spy")
    target = positions.enemy_counter(state, enemy, action.get("target"), city, CHIT_RULE, "target")
    record.update(spy=counter, enemy=enemy, target=target)
    spy, victim = positions.spy_of(state, power, counter), positions.spy_of(state, enemy, target)
    if victim == "Cousin" and spy != "Cousin":  # 5.2: "without an opportunity to counter"
        return "; " + chain.kill(state, power, spy, enemy, victim, turn), True
    return f": {power}'s {counter} against {enemy}'s {target}", False


def _recruit(state: Json, action: Json, power: str, turn: Turn) -> str:
    """Recruit: a spy back from the Sanctioned box, a new recruit in the capital (the enemy keeps
    the Victory Points of the marker)."""
    boxed = out_of_play(state, power, "sanctioned")
    if not boxed:  # not even forced: a Recruit brings back a spy from the box, and none is there
        raise Refuse(CHIT_RULE, f"no {adjective(power)} spy is in the Sanctioned Spies box")
    if action.get("spy") is None:
        if len(boxed) != 1:
            raise Refuse("action", f"spy: which of {', '.join(boxed)} (or let the tracker draw)")
        spy = boxed[0]
    else:
        spy = names.spy(action["spy"], power, turn.data)
    if spy not in boxed:
        raise Refuse(CHIT_RULE, f"{power}'s {spy} is not in the Sanctioned Spies box")
    set_status(state, power, spy, "in play")
    if positions.tracked(state):
        home = capital(power, turn.data)
        counter = positions.add(state, power, spy, home)
        return f"{spy} is recruited and starts in {home} (counter {counter})"
    return f"{spy} is recruited and starts in {power}'s capital"


def _escape(state: Json, action: Json, power: str, turn: Turn) -> str:
    """Escape: "captured spies can return to play by an Escape chit" (3.5): off the capturer's
    record (or out of the Spies Captured in Neutral Countries box)."""
    spy = names.spy(action["spy"], power, turn.data)
    state["step"].pop("last_search", None)  # a spy freed is no answer to a search: no Papers now
    where = status(state, power, spy)
    if not where.startswith("captured"):
        raise Refuse(CHIT_RULE, f"{power}'s {spy} is not captured ({where})")
    for entries in state["record"].values():
        for entry in entries:
            if entry["kind"] == "spy" and entry["power"] == power and entry["name"] == spy:
                entries.remove(entry)
                break
    set_status(state, power, spy, "in play")
    if positions.tracked(state):  # ours: an escaped spy starts again in its capital
        home = capital(power, turn.data)
        earlier = [c for c, name in state["positions"]["spies"][power].items() if name == spy]
        counter = positions.add(state, power, spy, home)
        step = state["step"]
        if state["turn"] == power:  # 3.5: the same spy returns; 3.6: 5 spaces a spy a turn
            spaces = sum(step["moved"].get(c, 0) for c in earlier)
            if spaces:
                step["moved"][counter] = spaces
            if step["moving"] in earlier:
                step["moving"] = counter
        return f"{spy} escapes and returns to play in {home} (counter {counter}; off the record)"
    return f"{spy} escapes and returns to play (off the record)"
