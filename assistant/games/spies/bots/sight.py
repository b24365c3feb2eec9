"""What one bot may look at: the public state and its own seat's secrets, nothing else.

`Sight` holds the state with every other seat's secrets taken out (their hands and discards,
which spy each of their counters is) and, from the table's face-down facts (hidden.py), only
what the bot's own power knows: the kinds of its chits, its police pieces' strengths, what its
own secrets are and where, what its spies hold. What is public on a real table is public here:
how many pieces lie in a city and which counters hold one (a secret under a counter is seen).
A bot decides from its `Sight` only, so its choices depend on nothing another seat keeps.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from assistant.engine import Json
from assistant.games.spies import positions, routes
from assistant.games.spies.bots.hidden import Hidden
from assistant.games.spies.data import GameData


@dataclass(frozen=True)
class Sight:
    power: str
    level: str
    state: Json  # the public state and this power's own secrets
    data: GameData
    chits: Counter[str]  # the kinds of Action chits it holds
    police: dict[str, int]  # its police strength in each city
    mine: dict[
        str, Json
    ]  # its own pieces (dealt to it) and the pieces its spies hold: name -> piece
    lying: dict[str, int]  # city -> pieces lying there under no spy (public)
    holding: dict[tuple[str, str], int]  # (power, counter) -> pieces it holds (public)

    def counters(self) -> dict[str, str]:
        return positions.counters(self.state, self.power)

    def spy(self, counter: str) -> str:
        return positions.spy_of(self.state, self.power, counter)

    def strength(self, counter: str) -> int:
        return self.data.spies[self.power][self.spy(counter)]

    def held(self, counter: str) -> list[Json]:
        return [p for p in self.mine.values() if p["held"] == [self.power, counter]]


def look(state: Json, hidden: Hidden, power: str, level: str) -> Sight:
    """`power`'s sight of the table (see the module docstring)."""
    masked = {k: v for k, v in state.items() if k not in ("hidden", "seed")}
    masked["hands"] = {p: (list(h) if p == power else []) for p, h in state["hands"].items()}
    masked["discards"] = {p: (list(d) if p == power else []) for p, d in state["discards"].items()}
    if positions.tracked(state):
        pos = state["positions"]
        masked["positions"] = {
            "counters": pos["counters"],
            "spies": {power: dict(pos["spies"].get(power, {}))},
        }
    mine = {
        name: dict(piece)
        for name, piece in hidden.pieces.items()
        if not piece["gone"]
        and (name in hidden.dealt.get(power, []) or (piece["held"] or [None])[0] == power)
    }
    lying: Counter[str] = Counter()
    holding: Counter[tuple[str, str]] = Counter()
    for piece in hidden.pieces.values():
        if piece["gone"]:
            continue
        if piece["held"] is not None:
            holding[(piece["held"][0], piece["held"][1])] += 1
        elif piece["city"] is not None:
            lying[piece["city"]] += 1
    return Sight(
        power,
        level,
        masked,
        hidden.data,
        Counter(hidden.hands.get(power, [])),
        dict(hidden.police.get(power, {})),
        mine,
        dict(lying),
        dict(holding),
    )


_DISTANCES: dict[int, tuple[routes.Graph, dict[str, dict[str, int]]]] = {}


def _distances(graph: routes.Graph) -> dict[str, dict[str, int]]:
    held = _DISTANCES.get(id(graph))
    if held is not None and held[0] is graph:
        return held[1]
    out: dict[str, dict[str, int]] = {}
    for start in graph.cities:
        seen = {start: 0}
        frontier = [start]
        while frontier:
            nxt = []
            for here in frontier:
                for there in graph.neighbours(here):
                    if there not in seen:
                        seen[there] = seen[here] + 1
                        nxt.append(there)
            frontier = nxt
        out[start] = {c: d for c, d in seen.items() if c in graph.cities}
    _DISTANCES[id(graph)] = (graph, out)
    return out


def distances(data: GameData) -> dict[str, dict[str, int]]:
    """city -> city -> the fewest spaces a spy enters between them (unreachable: absent)."""
    graph = routes.graph_of(data)
    assert graph is not None
    return _distances(graph)


def path_toward(data: GameData, start: str, goal: str, budget: int) -> list[str]:
    """The spaces a spy enters going from `start` toward `goal`, at most `budget` of them, ending
    in a city (never at sea): the shortest path cut at the last city within the budget."""
    graph = routes.graph_of(data)
    assert graph is not None
    path = routes.shortest(graph, start, goal) or []
    cut = path[:budget]
    while cut and graph.is_sea(cut[-1]):
        cut.pop()
    return cut


def own_facts(state: Json, power: str) -> Json:
    """What the tracker dealt `power` on a table with bots, for its seat's eyes only: its Action
    chits by kind, its secrets (where each lies, or the counter that holds it), and the secrets
    its spies hold."""
    facts = state["hidden"]
    secrets = {}
    for name, piece in facts["pieces"].items():
        if piece["gone"]:
            continue
        held = piece["held"]
        if name in facts["dealt"].get(power, []) or (held is not None and held[0] == power):
            where = f"{held[0]}'s {held[1]}" if held is not None else piece["city"]
            value = f"counterspy {piece['counterspy']}" if piece["counterspy"] else piece["value"]
            secrets[name] = {"value": value, "where": where}
    return {"chits": dict(Counter(facts["hands"].get(power, []))), "secrets": secrets}
