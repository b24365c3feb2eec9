"""What a bot tells the table to do with its pieces, as a short instruction: "Italy: counter #3
by rail Rome -> Florence -> Milan (2 spaces)", "Italy: police to Rome 2, Turin, Venice", "Italy
plays a chit in Paris: put a face-down chit on Paris (a Drop)". Made from the action and the
states around it (the same words in the log, on the host's screen and on every replay), naming
only what the table may see: counters, cities, chits played; never which spy a counter is, nor a
face-down tile.
"""

from __future__ import annotations

from assistant.engine import Json
from assistant.games.spies import names, positions, routes
from assistant.games.spies.data import GameData

ARROW = " -> "


def _route(data: GameData, start: str, path: list[str]) -> str:
    graph = routes.graph_of(data)
    if graph is None:
        return ARROW.join([start, *path])
    kinds = routes.steps(graph, start, path)
    if len(set(kinds)) == 1:
        return f"by {kinds[0]} " + ARROW.join([start, *path])
    words = [start]
    for kind, there in zip(kinds, path, strict=True):
        words.append(f"-{kind}-> {there}")
    return " ".join(words)


def _police(counts: dict[str, int]) -> str:
    return ", ".join(f"{city} {n}" if n > 1 else city for city, n in counts.items())


def instruction(action: Json, before: Json, after: Json, data: GameData) -> str | None:
    """The bot's instruction for one action it took (None: the log line says it all)."""
    kind = action.get("type")
    power = names.find(action.get("power"), before["bank"]) or str(action.get("power"))
    if kind == "hand":
        return f"{power}: take {power}'s 7 Event Tiles and 3 random ones from the cup, face down"
    if kind == "secrets":
        cities = after["secret_cities"][power] or []
        return (
            f"{power}: put {len(cities)} secrets face down, one in each of {', '.join(cities)} "
            "(any of the pieces: the tracker dealt them and knows which is which)"
        )
    if kind == "place":
        parts = []
        if action.get("spies") is not None and positions.tracked(after):
            by = positions.by_city(after, (power,))
            spots = "; ".join(f"{city} {' '.join(here[power])}" for city, here in by.items())
            parts.append(f"spies face down (any of {power}'s: the tracker knows which): {spots}")
        if action.get("police") is not None:
            parts.append(f"police face down: {_police(after['police'][power])}")
        return f"{power}: " + "; ".join(parts)
    if kind == "police":
        return f"{power}: police to {_police(after['police'][power])}"
    if kind == "discard":
        return f"{power}: discard a tile of {power}'s face down"
    if kind == "play":
        return f"{power}: read {names.tile(action['tile'], data).code} aloud and pay its awards"
    if kind == "move" and positions.tracked(before):
        counter = str(action["spy"])
        start = positions.city_of(before, power, counter) or "?"
        path = [str(p) for p in action.get("path") or []]
        if not path:
            return None
        spaces = len(path)
        return (
            f"{power}: counter {counter} {_route(data, start, path)} "
            f"({spaces} space{'s' if spaces != 1 else ''})"
        )
    if kind == "search":
        city = action["city"]
        found = str(action.get("captured", "yes")).strip().lower() not in ("no", "false", "n")
        if action.get("target") is not None and not found:
            counter = f"{action['enemy']}'s counter {action['target']}"
            return f"{power} searches {city} for {counter}: nothing found"
        if action.get("target") is not None:
            return (
                f"{power} searches {city}: {action['enemy']}'s counter {action['target']} is "
                f"captured: turn it up and put it on {power}'s record"
            )
        return f"{power} searches {city}: nothing found"
    if kind == "chit":
        chit = names.find(action.get("chit"), data.chits) or str(action.get("chit"))
        city = action.get("city")
        if chit == "Drop":
            return f"{power} plays a chit in {city}: put a face-down chit on {city} (a Drop)"
        where = f" in {city}" if city else ""
        return f"{power} plays {chit}{where}: put one of {power}'s chits back in the cup"
    if kind == "cash":
        secret = names.find(action.get("secret"), data.secrets)
        return (
            f"{power}: turn up the secret {secret} in {action.get('at')} and put it on {power}'s "
            "record; draw 1 Action chit for it"
        )
    if kind == "counterspy":
        return (
            f"{power}: turn up the counterspy in {action['city']} and {action['enemy']}'s counter "
            f"{action['target']}"
        )
    if kind == "originals":
        return f"{power}: turn up its original secrets under its control: " + (
            ", ".join(action.get("secrets") or []) or "none"
        )
    if kind == "end_turn":
        return f"{power} ends its turn"
    return None


def found(outcome: Json) -> str:
    """What a Discovery found, as the table carries it out."""
    power, city, counter = outcome["power"], outcome["city"], outcome["counter"]
    kind = outcome["kind"]
    if kind == "took":
        return f"{power}'s counter {counter} takes a secret in {city}: put it under {counter}"
    if kind == "guarded":
        return f"{power}'s counter {counter} finds the secret in {city} guarded too well: no effect"
    if kind == "counterspy":
        return (
            f"{power}'s counter {counter} finds a counterspy in {city}: {outcome['by']}'s "
            "counterspy is the stronger (it captures)"
        )
    if kind == "removed":
        return f"{power}'s counter {counter} finds a counterspy in {city}: it leaves play"
    return f"{power} finds no secret in {city}"
