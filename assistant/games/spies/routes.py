"""The movement graph of 3.6: where a spy may go, step by step, and how far it is.

3.6: "Each spy can move a maximum of 5 spaces per turn (at a cost of one Action Point per space
moved), and each city or sea zone entered counts as a space moved. You can move a spy by rail
lines, air lines, and/or sea. ... Move a spy to sea from a port to a ship symbol in the same sea
zone; move a spy by sea from the ship symbol in one sea zone to the ship symbol in an adjoining
sea zone; move a spy from sea from a ship symbol to a port in the same sea zone. A spy cannot end
its movement at sea."

The spaces are the map's cities and its sea zones' ship symbols (a sea zone is named by its ship
symbol: one per zone). A step joins two spaces by one route: a rail or an air line between two
cities, "to sea" from a port to the ship of a sea zone it is a port on, "by sea" between the ships
of two adjoining zones, "from sea" from a ship to a port of its zone. Pure: built from the map's
routes (data.py's `Routes`), no I/O.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

RAIL, AIR, TO_SEA, BY_SEA, FROM_SEA = "rail", "air", "to sea", "by sea", "from sea"


class SeaZoneLike(Protocol):
    name: str
    adjacent: tuple[str, ...]
    ports: tuple[str, ...]


class RoutesLike(Protocol):
    rail: tuple[tuple[str, str], ...]
    air: tuple[tuple[str, str], ...]
    sea_zones: Mapping[str, Any]


@dataclass(frozen=True)
class Graph:
    """The spaces and the route of each step: `links[a][b]` is how a spy goes from a to b (rail
    first when a rail and an air line join the same two cities)."""

    cities: frozenset[str]
    seas: frozenset[str]
    links: Mapping[str, Mapping[str, str]]

    def route(self, one: str, two: str) -> str | None:
        """How a spy steps from `one` to `two` (None: no route joins them)."""
        return self.links.get(one, {}).get(two)

    def neighbours(self, space: str) -> list[str]:
        """The spaces one step from `space`, in name order (so that paths are the same on every
        machine)."""
        return sorted(self.links.get(space, {}))

    def is_sea(self, space: str) -> bool:
        return space in self.seas


def build(routes: RoutesLike, cities: Iterable[str] = ()) -> Graph:
    """The graph of `routes`; `cities`: every city of the map (those no route reaches too)."""
    links: dict[str, dict[str, str]] = {}
    seas = frozenset(routes.sea_zones)

    def join(one: str, two: str, there: str, back: str) -> None:
        if one == two:
            return
        links.setdefault(one, {}).setdefault(two, there)
        links.setdefault(two, {}).setdefault(one, back)

    for one, two in routes.rail:
        join(one, two, RAIL, RAIL)
    for one, two in routes.air:
        join(one, two, AIR, AIR)
    ports: set[str] = set()
    for name, zone in routes.sea_zones.items():
        for port in zone.ports:
            ports.add(port)
            join(port, name, TO_SEA, FROM_SEA)
        for other in zone.adjacent:
            if other in seas:
                join(name, other, BY_SEA, BY_SEA)
    on_land = {c for pair in (*routes.rail, *routes.air) for c in pair} | ports | set(cities)
    return Graph(cities=frozenset(on_land - seas), seas=seas, links=links)


_GRAPHS: dict[int, tuple[object, Graph]] = {}


def graph_of(data: Any) -> Graph | None:
    """The graph of `data.routes` (built once per routes object); None when the data has no
    map."""
    routes = getattr(data, "routes", None)
    if routes is None:
        return None
    held = _GRAPHS.get(id(routes))
    if held is None or held[0] is not routes:
        held = (routes, build(routes, getattr(data, "cities", {})))
        _GRAPHS[id(routes)] = held
    return held[1]


def check(graph: Graph, start: str, path: Sequence[str]) -> str | None:
    """Why a spy in `start` may not go along `path` (the spaces it enters, in order), or None.
    Each step must follow a route; the path ends in a city (3.6: never at sea)."""
    if not path:
        return "the path enters no space"
    here = start
    for number, there in enumerate(path, start=1):
        if there not in graph.cities and there not in graph.seas:
            return f"{there} is not on the map"
        if graph.route(here, there) is None:
            return f"no rail, air or sea route from {here} to {there} (space {number})"
        here = there
    if graph.is_sea(path[-1]):
        return f"the path ends at sea ({path[-1]}): a spy cannot end its movement at sea"
    return None


def shortest(graph: Graph, start: str, end: str) -> list[str] | None:
    """The spaces entered on a shortest path from city `start` to city `end` (among the shortest,
    the first found with each space's neighbours taken in name order: the same on every machine),
    [] when they are the same city, None when none joins them."""
    if start == end:
        return []
    parent: dict[str, str] = {start: start}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        for there in graph.neighbours(here):
            if there in parent:
                continue
            parent[there] = here
            if there == end:
                out = [end]
                while parent[out[-1]] != start:
                    out.append(parent[out[-1]])
                return out[::-1]
            queue.append(there)
    return None


def distance(graph: Graph, start: str, end: str) -> int | None:
    """The fewest spaces a spy enters from `start` to `end` (None: unreachable)."""
    path = shortest(graph, start, end)
    return None if path is None else len(path)


def steps(graph: Graph, start: str, path: Sequence[str]) -> list[str]:
    """The route of each step of a checked path: "rail", "air", "to sea", "by sea", "from sea"."""
    out = []
    here = start
    for there in path:
        out.append(graph.route(here, there) or "?")
        here = there
    return out


def described(graph: Graph, start: str, path: Sequence[str]) -> str:
    """'Berlin -rail- Hamburg -to sea- North Sea -from sea- London'."""
    words = [start]
    for route, there in zip(steps(graph, start, path), path, strict=True):
        words.append(f"-{route}- {there}")
    return " ".join(words)
