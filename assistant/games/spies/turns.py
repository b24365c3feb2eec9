"""A turn after its Event Tile: police searches (3.4, 4.1) and captures (3.5), moving spies (3.6),
cashing in secrets (3.7), diplomacy (3.9) and its exchanges, the end of a turn and of a year
(2.8), and the original secrets placed at the end of the game (6.0)."""

from __future__ import annotations

from assistant.engine import Json
from assistant.games.actions import Refuse
from assistant.games.spies import names, scoring
from assistant.games.spies.data import GameData
from assistant.games.spies.state import (
    SEATS_RULE,
    TILE_RULE,
    Turn,
    ap_note,
    capital,
    draw_chits,
    new_step,
    own_turn,
    owner,
    pay,
    player_of,
    same_player,
    set_status,
    spend,
    status,
    tile_first,
)
from assistant.words import plural

SEARCH_RULE = "3.4 Searching for Enemy Spies"
CAPTURE_RULE = "3.5 Capture and Counterspies"
MOVE_RULE = "3.6 Moving Your Spies"
ARRIVING_RULE = "4.1 Searching for Arriving Enemy Spies"
SECRET_RULE = "3.7 Controlling Secrets"
DIPLOMACY_RULE = "3.9 Initiating Diplomacy"
COUSIN_RULE = "5.2 Cousins"
SPACES = 5  # 3.6: "Each spy can move a maximum of 5 spaces per turn"
CASH_POUNDS, CASH_CHITS = 20, 1  # 3.7: "you immediately get 20£ and an Action chit"


def end_turn(state: Json, action: Json, turn: Turn) -> None:
    power = names.power(action["power"], state)
    own_turn(state, power, "end a turn", turn)
    # --force waives the rule, never the bookkeeping: it is the current power's turn that ends
    # (a forced end_turn named for another power must not hand the current one a fresh turn)
    if state["turn"] in turn.data.powers:
        power = state["turn"]
    turn.rule(
        state["step"]["tile"] is not None or not state["hands"][power],
        TILE_RULE,
        f"{power} has not discarded or played an Event Tile this turn (the start of every turn)",
    )
    left = state["ap_left"]
    unspent = f"{left} Action Point{'s' if left != 1 else ''} unspent"
    powers = turn.data.powers
    index = powers.index(power)
    if index + 1 < len(powers):
        following = powers[index + 1]
        turn.note(f"{power} ends its turn ({unspent}); {_turn_of(state, following)}")
        _begin(state, following, turn)
        return
    year = state["year"]
    if year >= state["ends"]:
        state["phase"] = "final"
        why = "World War II (Ge 2)" if year < turn.data.last_year else "the last year"
        turn.note(
            f"{power} ends its turn ({unspent}); {year} ends, and the game with it ({why}): each "
            f"power places its original secrets in its {year} column (originals)"
        )
        return
    state["year"] = year + 1
    turn.note(f"{power} ends its turn ({unspent}); {year} ends. {year + 1} begins")
    if state["players"] == 2:
        turn.note(f"  Russia is played by {player_of(state, 'Russia')} in {year + 1} (7.0)")
    turn.note(f"  {_turn_of(state, powers[0])}")
    _begin(state, powers[0], turn)


def _turn_of(state: Json, power: str) -> str:
    player = player_of(state, power)
    return f"{power}'s turn" + (f" ({player})" if player != power else "")


def _begin(state: Json, power: str, turn: Turn) -> None:
    state["turn"] = power
    state["ap_left"] = turn.data.ap
    state["step"] = new_step()
    state["awards"] = None


def search(state: Json, action: Json, turn: Turn) -> None:
    """3.4 (your turn, 1 AP per city) and 4.1 (an enemy spy arriving on another's turn: free);
    with `enemy` and `target` the search captured that spy (3.5)."""
    data = turn.data
    power = names.power(action["power"], state)
    city = names.city_name(action["city"], data)
    tile_first(state, power, turn)
    turn.rule(
        city in (state["police"][power] or {}),
        SEARCH_RULE,
        f"{power} has no police in {city} (searches are made where your police stand)",
    )
    step = state["step"]
    cost = 0
    if state["turn"] == power:
        turn.rule(
            not step["moved"],
            SEARCH_RULE,
            f"{power} searches before moving its spies (3.6: after you have searched, you move)",
        )
        cost = 0 if city in step["searched"] else data.costs["search"]
        spend(state, power, cost, f"a search in {city}", turn)
        step["searched"].append(city)
    found = "nothing found"
    if action.get("enemy") is not None or action.get("target") is not None:
        enemy, spy = _enemy_spy(state, action, power, turn)
        if state["turn"] != power:
            _arrived(state, enemy, spy, turn)
        _capture(state, power, enemy, spy, turn, neutral_box=False)
        found = (
            f"{enemy}'s {spy} ({data.spies[enemy][spy]}) is captured: {_on_record(state, power)}"
        )
    turn.note(f"{power}'s police search {city} ({ap_note(state, power, cost)}): {found}")


def _enemy_spy(state: Json, action: Json, power: str, turn: Turn) -> tuple[str, str]:
    enemy = names.power(action.get("enemy"), state, "enemy")
    if enemy == power:
        raise Refuse(CAPTURE_RULE, f"{power} does not capture its own spy")
    spy = names.spy(action.get("target"), enemy, turn.data, "target")
    where = status(state, enemy, spy)
    if where != "in play":
        raise Refuse(CAPTURE_RULE, f"{enemy}'s {spy} is not in play ({where})")
    return enemy, spy


def _arrived(state: Json, enemy: str, spy: str, turn: Turn) -> None:
    """4.1: on another's turn a search finds only a spy that moved: "You cannot search for a spy
    that has not moved." The moves of this turn are kept by spy (a label that names no spy may be
    any of them)."""
    moved = state["step"]["moved"]
    mover = state["turn"]
    labels = [label for label in moved if label not in turn.data.spies[mover]]
    turn.rule(
        enemy == mover and (spy in moved or bool(labels)),
        ARRIVING_RULE,
        f"{enemy}'s {spy} has not moved this turn ({mover}'s): you cannot search for a spy that "
        "has not moved",
    )


def _on_record(state: Json, power: str) -> str:
    return f"onto {power}'s Time and Victory Record under {state['year']}"


def _capture(
    state: Json, power: str, enemy: str, spy: str, turn: Turn, *, neutral_box: bool
) -> None:
    value = turn.data.spies[enemy][spy]
    if neutral_box:
        set_status(state, enemy, spy, "captured in a neutral country")
        return
    set_status(state, enemy, spy, f"captured by {power}")
    state["record"][power].append(
        {"year": state["year"], "kind": "spy", "power": enemy, "name": spy, "value": value}
    )


def counterspy(state: Json, action: Json, turn: Turn) -> None:
    """3.5: a spy discovers a counterspy you control and is weaker: captured (onto your record;
    into the Spies Captured in Neutral Countries box in a neutral country). 5.2: never a
    Cousin."""
    data = turn.data
    power = names.power(action["power"], state)
    enemy, spy = _enemy_spy(state, action, power, turn)
    turn.rule(
        spy != "Cousin",
        COUSIN_RULE,
        f"{enemy}'s Cousin is never captured by a counterspy (the counterspy is simply removed)",
    )
    city = names.city(action["city"], data)
    given = action.get("owner")
    if city is not None and given is not None:
        raise Refuse("action", f"owner: {city.name} is in the city table ({city.owner} in 1933)")
    if city is None:
        where = names.power(given, state, "owner") if given != "neutral" else "neutral"
        name = names.text(action["city"], "city")
    else:
        where, name = owner(state, city), city.name
    discovered = state["step"].get("discovered", [])
    found = {"power": enemy, "city": name}
    haven = city is not None and city.kind == "spy haven"
    turn.rule(
        found in discovered,
        CAPTURE_RULE,
        f"no {enemy} spy has discovered a secret in {name} this turn (a counterspy acts when a "
        "spy discovers it: a Discovery that stands"
        + (f"; {name} is a spy haven: no Discovery there, 5.1)" if haven else ")"),
    )
    if found in discovered:
        discovered.remove(found)  # 3.5: "remove the counterspy from play"
    neutral = where == "neutral"
    _capture(state, power, enemy, spy, turn, neutral_box=neutral)
    box = (
        "into the Spies Captured in Neutral Countries box" if neutral else _on_record(state, power)
    )
    turn.note(
        f"{power}'s counterspy in {name} captures {enemy}'s {spy} ({data.spies[enemy][spy]}): "
        f"{box}; the counterspy leaves play"
    )


def move(state: Json, action: Json, turn: Turn) -> None:
    """3.6: at most 5 spaces a spy a turn, 1 AP a space; one spy's move finished before the next."""
    data = turn.data
    power = names.power(action["power"], state)
    label = names.text(action["spy"], "spy")
    spaces = names.amount(action["spaces"], "spaces", 1)
    own_turn(state, power, "move a spy", turn)
    tile_first(state, power, turn)
    known = names.find(label, data.spies[power])
    if known is None:
        theirs = [p for p in data.powers if p != power and names.find(label, data.spies[p])]
        turn.rule(
            not theirs,
            MOVE_RULE,
            f"{label} is {' and '.join(theirs)}'s spy: {power} moves its own spies (a label of "
            "your own may not be another power's spy's name)",
        )
    if known is not None:
        where = status(state, power, known)
        turn.rule(where == "in play", MOVE_RULE, f"{power}'s {known} is not in play ({where})")
        label = known
    step = state["step"]
    turn.rule(
        label == step["moving"] or label not in step["moved"],
        MOVE_RULE,
        f"{power} has finished moving {label} (you must finish moving one spy before you begin "
        "moving another)",
    )
    before = step["moved"].get(label, 0)
    turn.rule(
        before + spaces <= SPACES,
        MOVE_RULE,
        f"a spy moves at most {SPACES} spaces a turn; {label} has moved {before}, "
        f"{before} + {spaces} = {before + spaces}",
    )
    spend(state, power, spaces * data.costs["move"], f"moving {plural(spaces, 'space')}", turn)
    step["moving"] = label
    step["moved"][label] = before + spaces
    turn.note(
        f"{power} moves {label} {plural(spaces, 'space')} "
        f"({ap_note(state, power, spaces * data.costs['move'])})"
    )


def diplomacy(state: Json, action: Json, turn: Turn) -> None:
    """3.9: 1 AP per opponent, on your turn; 4.3: never initiated on another's turn."""
    data = turn.data
    power = names.power(action["power"], state)
    others = names.powers(action["with"], state, "with")
    own_turn(state, power, "initiate diplomacy (4.3)", turn)
    tile_first(state, power, turn)
    if not others or len(set(others)) != len(others):
        raise Refuse("action", "with: expected the opponents, each once")
    for other in others:
        if other == power:
            raise Refuse(DIPLOMACY_RULE, f"{power} does not negotiate with itself")
        turn.rule(
            not same_player(state, power, other),
            SEATS_RULE,
            f"{power} and {other} are played by one person ({player_of(state, power)}): "
            "no exchanges between them",
        )
    cost = len(others) * data.costs["diplomacy"]
    spend(state, power, cost, f"diplomacy with {plural(len(others), 'opponent')}", turn)
    turn.note(
        f"{power} opens negotiations with {' and '.join(others)} ({ap_note(state, power, cost)})"
    )


def give(state: Json, action: Json, turn: Turn) -> None:
    """A trade or sale agreed in diplomacy: pounds and Action chits change hands (7.0: never
    between two powers of one player)."""
    power = names.power(action["power"], state)
    to = names.power(action["to"], state, "to")
    pounds = names.amount(action.get("pounds", 0), "pounds")
    chits = names.amount(action.get("chits", 0), "chits")
    if to == power or not pounds + chits:
        raise Refuse("action", "give: pounds or chits to another power")
    turn.rule(
        not same_player(state, power, to),
        SEATS_RULE,
        f"{power} and {to} are played by one person ({player_of(state, power)}): you cannot "
        "exchange Action chits, money, or secrets between them",
    )
    parts = []
    if pounds:
        pay(state, power, pounds, f"giving {to} {pounds}£", turn)
        state["bank"][to] += pounds
        parts.append(f"{pounds}£ ({power} {state['bank'][power]}£, {to} {state['bank'][to]}£)")
    if chits:
        held = state["chits"][power]
        turn.rule(chits <= held, DIPLOMACY_RULE, f"{power} holds {held} Action chits")
        moved = min(chits, held)
        state["chits"][power] -= moved
        state["chits"][to] += moved
        parts.append(f"{moved} Action chit{'s' if moved != 1 else ''}")
    turn.note(f"{power} gives {to} {' and '.join(parts)}")


def cash(state: Json, action: Json, turn: Turn) -> None:
    """3.7: a foreign secret moved to your capital (or a Drop) is cashed in: 20£ and an Action
    chit, and the secret goes on your Time and Victory Record under the year."""
    data = turn.data
    power = names.power(action["power"], state)
    secret = names.secret(action["secret"], data)
    own_turn(state, power, "cash in a secret", turn)
    tile_first(state, power, turn)
    home = capital(power, data)
    at = names.city_name(action.get("at", home), data, "at")
    turn.rule(
        at == home or at in state["drops"][power],
        SECRET_RULE,
        f"{power} cashes in secrets at {home} or at one of its Drops"
        + (f" ({', '.join(state['drops'][power])})" if state["drops"][power] else " (none)"),
    )
    holder = scoring.holder(state, secret)
    if holder is not None:
        raise Refuse(SECRET_RULE, f"{secret} is already on {holder}'s record")
    value = data.secrets[secret]
    state["bank"][power] += CASH_POUNDS
    drawn = draw_chits(state, power, CASH_CHITS)
    entry = {"year": state["year"], "kind": "secret", "name": secret, "value": value}
    state["record"][power].append(entry)
    points = scoring.points_of(state, entry)
    turn.note(
        f"{power} cashes in {secret} ({value}) at {at}: +{CASH_POUNDS}£ (now "
        f"{state['bank'][power]}£), draws {drawn} Action chit; {_on_record(state, power)} "
        f"({value} x {scoring.multiple(state, state['year'])} = {points} points)"
    )


def drop_lost(state: Json, action: Json, turn: Turn) -> None:
    """Drop: "if the spy is removed for any reason, the chit is removed and the Drop is
    eliminated" (the chit goes back to the cup)."""
    power = names.power(action["power"], state)
    city = names.city_name(action["city"], turn.data)
    if city not in state["drops"][power]:
        raise Refuse("3.8 Playing Action Chits", f"{power} has no Drop in {city}")
    state["drops"][power].remove(city)
    state["cup"] += 1
    turn.note(f"{power}'s Drop in {city} is eliminated (no {power} spy left there)")


def began_with(state: Json, power: str, data: GameData) -> int:
    """How many original secrets `power` may place at the end (6.0: "every secret with which you
    began the game"): its allotment (2.4), and one for each SECRET city of a country it annexed
    (3.22: "secrets there not guarded by another player count as" its original secrets)."""
    annexed = {country for country, who in state["annexed"].items() if who == power}
    held = sum(1 for c in data.cities.values() if c.kind == "SECRET city" and c.country in annexed)
    return int(state["allotment"][power]) + held


def originals(state: Json, action: Json, turn: Turn) -> None:
    """6.0: "every secret with which you began the game and which is now in your territory and
    under your control is placed in the 1939 column" (the year Ge 2 ended the game: its
    column)."""
    data = turn.data
    power = names.power(action["power"], state)
    if state["originals"][power] is not None:
        raise Refuse(scoring.WIN_RULE, f"{power}'s original secrets are already placed")
    given = action["secrets"]
    if not isinstance(given, list):
        raise Refuse("action", "secrets: expected a list of secrets (may be [])")
    secrets = [names.secret(value, data) for value in given]
    began = began_with(state, power, data)
    turn.rule(
        len(secrets) <= began,
        scoring.WIN_RULE,
        f"{power} began the game with {plural(began, 'secret')} (its allotment"
        + (
            ", and those of the SECRET cities it annexed"
            if began > state["allotment"][power]
            else ""
        )
        + f"); {len(secrets)} given",
    )
    for index, secret in enumerate(secrets):
        if secret in secrets[:index]:
            raise Refuse(scoring.WIN_RULE, f"{secret} is given twice")
        holder = scoring.holder(state, secret)
        if holder is not None:
            raise Refuse(scoring.WIN_RULE, f"{secret} is already on {holder}'s record")
    year = state["year"]
    entries = [
        {"year": year, "kind": "original", "name": s, "value": data.secrets[s]} for s in secrets
    ]
    state["record"][power].extend(entries)
    state["originals"][power] = secrets
    points = sum(scoring.points_of(state, e) for e in entries)
    listed = ", ".join(f"{e['name']} ({e['value']})" for e in entries) or "none"
    turn.note(f"{power}'s original secrets in its {year} column: {listed} ({points} points)")
    if all(state["originals"][p] is not None for p in data.powers):
        scoring.finish(state, turn)
