"""A turn after its Event Tile: police searches (3.4, 4.1) and captures (3.5), moving spies (3.6),
cashing in secrets (3.7), diplomacy (3.9) and its exchanges, the end of a turn and of a year
(2.8), and the original secrets placed at the end of the game (6.0)."""

from __future__ import annotations

from assistant.engine import Json
from assistant.games.actions import Refuse
from assistant.games.spies import names, positions, routes, scoring
from assistant.games.spies.data import GameData
from assistant.games.spies.state import (
    SEATS_RULE,
    TILE_RULE,
    Turn,
    adjective,
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
from assistant.words import a, plural

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
    with `enemy` and `target` the search captured that spy (3.5), unless `captured=no`."""
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
    if state["turn"] == power:
        turn.rule(
            not step["moved"],
            SEARCH_RULE,
            f"{power} searches before moving its spies (3.6: after you have searched, you move)",
        )
    if positions.tracked(state):
        _search_on_map(state, action, power, city, turn)
        return
    captured = _captured(action)
    found = "nothing found"
    last: Json = {"power": power, "city": city, "enemy": None}
    if action.get("enemy") is not None or action.get("target") is not None:
        enemy, spy = _enemy_spy(state, action, power, turn)
        if state["turn"] != power:
            _arrived(state, enemy, spy, turn)
        last.update(enemy=enemy, spy=spy)
        if captured:
            _capture(state, power, enemy, spy, turn, neutral_box=False)
            found = (
                f"{enemy}'s {spy} ({data.spies[enemy][spy]}) is captured: "
                f"{_on_record(state, power)}"
            )
        else:
            found = f"{enemy}'s {spy} is not captured (its strength is as great or greater)"
    cost = _search_cost(state, power, city, turn)
    last["captured"] = captured and last["enemy"] is not None
    step["last_search"] = last
    turn.note(f"{power}'s police search {city} ({ap_note(state, power, cost)}): {found}")


def _search_cost(state: Json, power: str, city: str, turn: Turn) -> int:
    """3.4: "at a cost of one Action Point per city" on your own turn (4.1: free on another's)."""
    if state["turn"] != power:
        return 0
    step = state["step"]
    cost = 0 if city in step["searched"] else turn.data.costs["search"]
    spend(state, power, cost, f"a search in {city}", turn)
    if city not in step["searched"]:
        step["searched"].append(city)
    return cost


def _captured(action: Json) -> bool:
    """`captured`: yes (the default when the spy searched for is named) or no."""
    value = action.get("captured")
    if value is None:
        return True
    if isinstance(value, bool):
        return value
    text = str(value).strip().lower()
    if text in ("yes", "true", "y"):
        return True
    if text in ("no", "false", "n"):
        return False
    raise Refuse("action", f"captured: expected yes or no (got {value!r})")


def _search_on_map(state: Json, action: Json, power: str, city: str, turn: Turn) -> None:
    """3.4 on a table that tracks positions: "in every city containing your police and one or
    more enemy spies"; the search names the counter searched for ("Announce which enemy spy you
    are searching for, if there is more than one in a city"), once per turn for each enemy spy;
    a capture turns it up. 4.1: on another's turn, a counter of the mover each time it moved into
    the city this turn: in any city of its path (captured there, it stops there)."""
    data = turn.data
    mover = state["turn"]
    own = mover == power
    step = state["step"]
    searches = step.setdefault("searches", [])
    named = action.get("enemy") is not None or action.get("target") is not None
    captured = _captured(action) if action.get("captured") is not None else named
    if own:
        enemies = [p for p in data.powers if p != power and positions.in_city(state, p, city)]
        turn.rule(
            bool(enemies),
            SEARCH_RULE,
            f"no enemy spy in {city} (you search every city containing your police and one or "
            "more enemy spies)",
        )
    else:  # 4.1: the mover's spies that moved into the city (_searched_counter refuses others)
        enemies = [mover]
    given = action.get("enemy")
    enemy = names.power(given, state, "enemy") if given is not None else None
    if enemy == power:
        raise Refuse(CAPTURE_RULE, f"{power} does not capture its own spy")
    if enemy is None:
        if len(enemies) != 1:
            raise Refuse(
                "action",
                f"enemy: whose spy {power} searches for in {city} ({', '.join(enemies)}): "
                "announce which enemy spy you are searching for (3.4)",
            )
        enemy = enemies[0]
    counter = _searched_counter(state, action, power, enemy, city, turn)
    done = [s for s in searches if s["power"] == power and s["enemy"] == enemy]
    if own:
        turn.rule(
            not any(s["counter"] == counter for s in done),
            SEARCH_RULE,
            f"{power}'s police have searched for {enemy}'s counter {counter} this turn (your "
            "police can search once per turn for each enemy spy)",
        )
    else:
        times = step.get("entered", {}).get(counter, []).count(city)
        made = sum(1 for s in done if s["counter"] == counter and s["city"] == city)
        turn.rule(
            made < times,
            ARRIVING_RULE,
            f"{power} has searched for {enemy}'s counter {counter} each time it moved into "
            f"{city} this turn ({plural(times, 'time')}: you search for each enemy spy each "
            "time it moves into a city containing your police)",
        )
    now = positions.city_of(state, enemy, counter)
    if now is None:  # not even forced: a counter off the map is captured once
        raise Refuse(
            CAPTURE_RULE,
            f"{enemy}'s counter {counter} is no longer on the map (captured or killed this turn)",
        )
    cost = _search_cost(state, power, city, turn)
    searches.append({"power": power, "enemy": enemy, "counter": counter, "city": city})
    last = {"power": power, "city": city, "enemy": enemy, "counter": counter, "captured": False}
    found = f"{enemy}'s counter {counter}: nothing found"
    if captured:
        spy = positions.spy_of(state, enemy, counter)
        drops = {p: list(cities) for p, cities in state["drops"].items()}
        _capture(state, power, enemy, spy, turn, neutral_box=False)
        stops = f" (it had moved on to {now}: it stops in {city})" if now != city else ""
        found = (
            f"{enemy}'s counter {counter} is turned up, {enemy}'s {spy} "
            f"({data.spies[enemy][spy]}): captured {_on_record(state, power)}{stops}"
        )
        last.update(captured=True, spy=spy, at=now, drops=drops)
    step["last_search"] = last
    turn.note(f"{power}'s police search {city} ({ap_note(state, power, cost)}): {found}")
    positions.lost_drops(state, turn)


def _searched_counter(
    state: Json, action: Json, power: str, enemy: str, city: str, turn: Turn
) -> str:
    """The enemy counter a search is for: named (`target=#N`), or the only one it may be."""
    mover = state["turn"]
    if mover == power:
        here = positions.in_city(state, enemy, city)
    else:
        entered = state["step"].get("entered", {})
        here = sorted(
            (c for c, cities in entered.items() if city in cities and enemy == mover),
            key=lambda c: int(c[1:]),
        )
    if not here:
        if mover == power:
            raise Refuse(SEARCH_RULE, f"{enemy} has no spy in {city}")
        raise Refuse(
            ARRIVING_RULE,
            f"no {enemy} spy has moved into {city} this turn: you cannot search for a spy that "
            "has not moved",
        )
    if "target" in action and action["target"] is None:
        raise Refuse("action", f"target: empty (name the counter: #N; {', '.join(here)})")
    value = action.get("target")
    if value is None:
        if len(here) == 1:
            return here[0]
        raise Refuse(
            "action",
            f"target: which of {enemy}'s counters in {city} ({', '.join(here)}): announce which "
            "enemy spy you are searching for, if there is more than one in a city (3.4)",
        )
    counter = positions.as_counter(value)
    if counter is None:
        raise Refuse(
            "action",
            f"target: name the counter (#N; {enemy}'s in {city}: {', '.join(here)}): which spy "
            f"a counter is stays with {enemy}",
        )
    if counter not in here:
        if mover == power:
            raise Refuse(SEARCH_RULE, f"{enemy}'s counter {counter} is not in {city}")
        raise Refuse(
            ARRIVING_RULE,
            f"{enemy}'s counter {counter} has not moved into {city} this turn: you search for "
            "an enemy spy each time it moves into a city containing your police",
        )
    return counter


def nullify(state: Json, power: str, name: str, turn: Turn) -> str:
    """Papers (and Escape played against a search): "Papers nullify the effect of the search (no
    strength comparison is made between spy and police)", played "in reaction to a police search
    of one of your spies": the last search, made for one of `power`'s spies; a capture it made is
    undone (the counter stands where it stood, off the record). The words for the log."""
    last = state["step"].get("last_search")
    whose = last.get("enemy") if last else None
    if last is None or whose not in (power, None) or last.get("nullified"):
        turn.rule(
            False,
            f"3.8 Playing Action Chits ({name}: against a police search, 3.4)",
            f"{name} is played in reaction to a police search of one of your spies: no search "
            f"of {a(adjective(power))} spy waits for it",
        )
        return ": no strength comparison (no search waits: forced)"
    last["nullified"] = True
    if not last.get("captured"):
        return ": no strength comparison for that search"
    spy = str(last["spy"])
    set_status(state, power, spy, "in play")
    state["record"][last["power"]].pop()  # the capture's entry, the last (nothing came after)
    if positions.tracked(state):
        counter = str(last["counter"])
        where = str(last["at"])
        state["positions"]["counters"].setdefault(power, {})[counter] = where
        for who, cities in (last.get("drops") or {}).items():
            for city in cities:
                if city not in state["drops"][who]:
                    state["drops"][who].append(city)
                    state["cup"] -= 1
        return (
            f": no strength comparison for that search; {power}'s counter {counter} is not "
            f"captured (it stands in {where}, off {last['power']}'s record)"
        )
    return (
        f": no strength comparison for that search; {power}'s {spy} is not captured (off "
        f"{last['power']}'s record)"
    )


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
    positions.remove(state, enemy, spy)
    if neutral_box:
        set_status(state, enemy, spy, "captured in a neutral country")
        return
    set_status(state, enemy, spy, f"captured by {power}")
    state["record"][power].append(
        {"year": state["year"], "kind": "spy", "power": enemy, "name": spy, "value": value}
    )


def _counterspy_capture(
    state: Json, power: str, enemy: str, spy: str, turn: Turn, where: str
) -> str:
    """3.5: the captured spy goes onto the capturer's record, or in a neutral country into the
    Spies Captured in Neutral Countries box; returns where, for the log."""
    neutral = where == "neutral"
    _capture(state, power, enemy, spy, turn, neutral_box=neutral)
    if neutral:
        return "into the Spies Captured in Neutral Countries box"
    return _on_record(state, power)


def counterspy(state: Json, action: Json, turn: Turn) -> None:
    """3.5: a spy discovers a counterspy you control and is weaker: captured (onto your record;
    into the Spies Captured in Neutral Countries box in a neutral country). 5.2: never a
    Cousin."""
    data = turn.data
    power = names.power(action["power"], state)
    if positions.tracked(state):
        _counterspy_on_map(state, action, power, turn)
        return
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
    box = _counterspy_capture(state, power, enemy, spy, turn, where)
    turn.note(
        f"{power}'s counterspy in {name} captures {enemy}'s {spy} ({data.spies[enemy][spy]}): "
        f"{box}; the counterspy leaves play"
    )


def _counterspy_on_map(state: Json, action: Json, power: str, turn: Turn) -> None:
    """3.5 on a table that tracks positions: the counter that discovered the counterspy is
    named, and turned up; 5.2: a Cousin is not captured ("simply remove the counterspy")."""
    data = turn.data
    enemy = names.power(action.get("enemy"), state, "enemy")
    if enemy == power:
        raise Refuse(CAPTURE_RULE, f"{power} does not capture its own spy")
    city = names.city_name(action["city"], data)
    if action.get("owner") is not None:
        raise Refuse("action", "owner: a table that tracks positions knows its cities")
    found = {"power": enemy, "city": city}
    discovered = state["step"].get("discovered", [])
    turn.rule(
        found in discovered,
        CAPTURE_RULE,
        f"no {enemy} spy has discovered a secret in {city} this turn (a counterspy acts when a "
        "spy discovers it: a Discovery that stands)",
    )
    counter = positions.enemy_counter(
        state, enemy, action.get("target"), city, CAPTURE_RULE, "target"
    )
    if found in discovered:
        discovered.remove(found)  # 3.5: "remove the counterspy from play"
    spy = positions.spy_of(state, enemy, counter)
    where = owner(state, data.cities[city])  # a table on the map knows its cities
    if spy == "Cousin":
        turn.note(
            f"{power}'s counterspy in {city} finds {enemy}'s counter {counter}, {enemy}'s "
            "Cousin: never captured by a counterspy (5.2); the counterspy leaves play"
        )
        return
    box = _counterspy_capture(state, power, enemy, spy, turn, where)
    turn.note(
        f"{power}'s counterspy in {city} captures {enemy}'s counter {counter}, turned up: "
        f"{enemy}'s {spy} ({data.spies[enemy][spy]}): {box}; the counterspy leaves play"
    )
    positions.lost_drops(state, turn)


def _path(value: object, data: GameData, graph: routes.Graph) -> list[str]:
    """`path`: A,B,C or [A, B, C]: cities and sea zones as the map names them."""
    items = value.split(",") if isinstance(value, str) else value
    if not isinstance(items, list) or not items:
        raise Refuse("action", "path: expected the spaces entered, A,B,C (cities, sea zones)")
    seas = dict.fromkeys(sorted(graph.seas))
    out = []
    for item in items:
        sea = names.find(item, seas)
        out.append(sea if sea is not None else names.city_name(item, data, "path"))
    return out


def _move_on_map(state: Json, action: Json, power: str, turn: Turn) -> None:
    """3.6 on a table that tracks positions: the route is checked on the map (rail, air, to sea,
    by sea, from sea), at most 5 spaces a turn, never ending at sea, 1 AP a space; `to` alone:
    the shortest path."""
    data = turn.data
    if action.get("spaces") is not None:
        raise Refuse(
            "action",
            "spaces: this table tracks positions: move spy=... to=CITY (or path=A,B,C)",
        )
    graph = routes.graph_of(data)
    if graph is None:
        raise Refuse("action", "the map's routes are not in the game's data (templates/spies/)")
    counter = positions.own_counter(state, power, action["spy"], data)
    here = str(positions.city_of(state, power, counter))
    to = names.city_name(action["to"], data, "to") if action.get("to") is not None else None
    if action.get("path") is not None:
        path = _path(action["path"], data, graph)
        if len(path) > 1 and path[0] == here:
            path = path[1:]  # the path may name the city it starts from
        problem = routes.check(graph, here, path)
        if problem is not None:
            raise Refuse(MOVE_RULE, f"{counter} in {here}: {problem}")
        if to is not None and path[-1] != to:
            raise Refuse("action", f"path ends in {path[-1]}, not in {to} (to=)")
        how = ""
    elif to is None:
        raise Refuse("action", "move needs to=CITY or path=A,B,C (this table tracks positions)")
    else:
        if graph.is_sea(to):
            raise Refuse(MOVE_RULE, f"to: {to} is a sea zone: a spy cannot end its movement at sea")
        if to not in graph.cities:
            raise Refuse("action", f"to: {to} is not a city of the map")
        found = routes.shortest(graph, here, to)
        if found is None:
            raise Refuse(MOVE_RULE, f"no route joins {here} and {to} on the map")
        if not found:
            raise Refuse(MOVE_RULE, f"{counter} is in {to} already")
        path, how = found, ", the shortest path"
    step = state["step"]
    turn.rule(
        counter == step["moving"] or counter not in step["moved"],
        MOVE_RULE,
        f"{power} has finished moving {counter} (you must finish moving one spy before you "
        "begin moving another)",
    )
    before = step["moved"].get(counter, 0)
    spaces = len(path)
    turn.rule(
        before + spaces <= SPACES,
        MOVE_RULE,
        f"a spy moves at most {SPACES} spaces a turn; {counter} has moved {before}, "
        f"{before} + {spaces} = {before + spaces} ({routes.described(graph, here, path)})",
    )
    cost = spaces * data.costs["move"]
    spend(state, power, cost, f"moving {plural(spaces, 'space')}", turn)
    step["moving"] = counter
    step["moved"][counter] = before + spaces
    entered = step.setdefault("entered", {}).setdefault(counter, [])
    entered += [space for space in path if not graph.is_sea(space)]
    state["positions"]["counters"][power][counter] = path[-1]
    turn.note(
        f"{power} moves {counter}: {routes.described(graph, here, path)} "
        f"({plural(spaces, 'space')}{how}; {ap_note(state, power, cost)})"
    )
    positions.lost_drops(state, turn)


def move(state: Json, action: Json, turn: Turn) -> None:
    """3.6: at most 5 spaces a spy a turn, 1 AP a space; one spy's move finished before the next."""
    data = turn.data
    power = names.power(action["power"], state)
    if positions.tracked(state):
        own_turn(state, power, "move a spy", turn)
        tile_first(state, power, turn)
        _move_on_map(state, action, power, turn)
        return
    label = names.text(action["spy"], "spy")
    if action.get("to") is not None or action.get("path") is not None:
        raise Refuse(
            "action",
            "to/path: this table does not track positions (no spies placed at the set up): "
            "move spy=... spaces=N",
        )
    if action.get("spaces") is None:
        raise Refuse("action", "move needs spaces=...")
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
    opened = state["step"].setdefault("diplomacy", [])
    opened += [other for other in others if other not in opened]
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
    current = state["turn"]
    opened = state["step"].get("diplomacy", [])
    turn.rule(
        (power == current and to in opened) or (to == current and power in opened),
        DIPLOMACY_RULE,
        f"no negotiation between {power} and {to} is open this turn ({current} initiates "
        "diplomacy, 1 AP per opponent: diplomacy with=...)",
    )
    parts = []
    if pounds:
        paid = min(pounds, state["bank"][power])  # forced: never more than the payer has
        pay(state, power, pounds, f"giving {to} {pounds}£", turn)
        state["bank"][to] += paid
        parts.append(f"{paid}£ ({power} {state['bank'][power]}£, {to} {state['bank'][to]}£)")
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
    if positions.tracked(state):
        turn.rule(
            bool(positions.in_city(state, power, at)),
            SECRET_RULE,
            f"{power} has no spy in {at} (a secret is cashed in once one of your spies, who "
            "controls the secret, has moved it to your capital city)",
        )
    value = data.secrets[secret]
    state["bank"][power] += CASH_POUNDS
    drawn = draw_chits(state, power, CASH_CHITS)
    entry = {"year": state["year"], "kind": "secret", "name": secret, "value": value}
    state["record"][power].append(entry)
    points = scoring.points_of(state, entry)
    turn.note(
        f"{power} cashes in {secret} ({value}) at {at}: +{CASH_POUNDS}£ (now "
        f"{state['bank'][power]}£), draws {drawn} Action chit; {_on_record(state, power)} "
        f"({value} x {scoring.multiple(state, state['year'])} = {plural(points, 'point')})"
    )


def drop_lost(state: Json, action: Json, turn: Turn) -> None:
    """Drop: "if the spy is removed for any reason, the chit is removed and the Drop is
    eliminated" (the chit goes back to the cup)."""
    power = names.power(action["power"], state)
    city = names.city_name(action["city"], turn.data)
    if city not in state["drops"][power]:
        raise Refuse("3.8 Playing Action Chits", f"{power} has no Drop in {city}")
    if positions.tracked(state) and positions.in_city(state, power, city):
        raise Refuse(
            "3.8 Playing Action Chits",
            f"{power} has a spy in {city}: its Drop stands (it is eliminated when no spy of "
            "yours is left there)",
        )
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
