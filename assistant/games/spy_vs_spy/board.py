"""The building as a graph, from the board's data row (templates/spy-vs-spy/board.yaml).

Rooms are named by column (A-E, left to right) and floor (1-5, from the ground). Our reading of
the movement (the rules' picture is missing; docs/spy-vs-spy.md): a `walk` edge joins two rooms
side by side on a floor, a `lift` edge two floors of an end elevator, the `roof` edge the middle
of the top floor to the helipad, a `door` edge a street door to the room it opens into. The
street doors are nodes named after that room's column and floor 0: A0 below A1, E0 below E1.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import lru_cache

ROOM = re.compile(r"([A-Z])(\d+)")
WALK, LIFT, ROOF, DOOR = "walk", "lift", "roof", "door"


def column(node: str) -> str:
    return node[0]


def floor(node: str) -> int:
    match = ROOM.fullmatch(node)
    return int(match[2]) if match else -1


@dataclass(frozen=True)
class Board:
    rooms: tuple[str, ...]  # every room, in name order
    edges: tuple[tuple[str, str, str], ...]  # (a, b, kind), a < b
    doors: Mapping[str, str]  # street node -> the room it opens into
    helipad: str
    roof: str  # the room the roof elevator leaves from
    special: Mapping[str, str]  # "defensive" | "first_aid" | "offensive" -> room
    links: Mapping[str, tuple[tuple[str, str], ...]] = field(default_factory=dict, compare=False)

    def __hash__(self) -> int:  # the graph is its edges (the cache of `distances` needs it)
        return hash((self.rooms, self.edges, self.helipad))

    @property
    def nodes(self) -> tuple[str, ...]:
        return (*self.rooms, *sorted(self.doors), self.helipad)

    @property
    def columns(self) -> tuple[str, ...]:
        return tuple(sorted({column(r) for r in self.rooms}))

    @property
    def floors(self) -> tuple[int, ...]:
        return tuple(sorted({floor(r) for r in self.rooms}))

    def neighbours(self, node: str) -> tuple[tuple[str, str], ...]:
        """(node, kind) of every edge at `node`, in name order."""
        return self.links.get(node, ())

    def kind(self, a: str, b: str) -> str | None:
        """The kind of the edge between a and b, None when they are not joined."""
        return next((kind for n, kind in self.neighbours(a) if n == b), None)

    def special_of(self, room: str) -> str | None:
        return next((kind for kind, at in self.special.items() if at == room), None)

    def beside(self, room: str) -> tuple[str | None, str | None]:
        """The rooms on the left and on the right along the floor (None at an end)."""
        left = right = None
        for other, kind in self.neighbours(room):
            if kind == WALK:
                if column(other) < column(room):
                    left = other
                else:
                    right = other
        return left, right


def _room(text: str) -> tuple[str, int]:
    match = ROOM.fullmatch(text.strip())
    if match is None:
        raise ValueError(f"'{text.strip()}' is not a room (a column letter and a floor number)")
    return match[1], int(match[2])


def _runs(text: object, what: str) -> list[tuple[str, str]]:
    if not isinstance(text, str) or not text.strip():
        raise ValueError(f"{what}: expected runs like 'A1-E1, A2-E2'")
    runs = []
    for part in text.split(","):
        ends = part.split("-")
        if len(ends) != 2:
            raise ValueError(f"{what}: '{part.strip()}' is not a run FROM-TO")
        runs.append((ends[0].strip(), ends[1].strip()))
    return runs


def _letters(a: str, b: str) -> list[str]:
    low, high = sorted((a, b))
    return [chr(c) for c in range(ord(low), ord(high) + 1)]


def parse_board(row: Mapping[str, object]) -> Board:
    """The graph from the board's data row; ValueError says what is wrong."""
    edges: set[tuple[str, str, str]] = set()
    for a, b in _runs(row.get("walk"), "walk"):
        (ca, fa), (cb, fb) = _room(a), _room(b)
        if fa != fb:
            raise ValueError(f"walk: {a}-{b} is not along one floor")
        line = [f"{c}{fa}" for c in _letters(ca, cb)]
        edges.update((x, y, WALK) for x, y in zip(line, line[1:], strict=False))
    for a, b in _runs(row.get("lifts"), "lifts"):
        (ca, fa), (cb, fb) = _room(a), _room(b)
        if ca != cb:
            raise ValueError(f"lifts: {a}-{b} is not one column")
        shaft = [f"{ca}{f}" for f in range(min(fa, fb), max(fa, fb) + 1)]
        edges.update((x, y, LIFT) for x, y in zip(shaft, shaft[1:], strict=False))
    rooms = sorted({n for a, b, _ in edges for n in (a, b)})
    roof_runs = _runs(row.get("roof_lift"), "roof_lift")
    if len(roof_runs) != 1:
        raise ValueError("roof_lift: expected one run ROOM-HELIPAD")
    roof, helipad = roof_runs[0]
    if roof not in rooms or ROOM.fullmatch(helipad):
        raise ValueError("roof_lift: expected a room of the building and the helipad's name")
    edges.add((roof, helipad, ROOF))
    doors = {}
    ground = min(floor(r) for r in rooms)
    for text in str(row.get("entrances", "")).split(","):
        col, fl = _room(text)
        room = f"{col}{fl}"
        if room not in rooms or fl != ground or f"{col}0" in doors:
            raise ValueError(f"entrances: {room} is not one of the ground floor's rooms, once each")
        doors[f"{col}0"] = room
        edges.add((f"{col}0", room, DOOR))
    special = {}
    for kind in ("defensive", "first_aid", "offensive"):
        room = str(row.get(kind, "")).strip()
        if room not in rooms:
            raise ValueError(f"{kind}: '{room}' is not a room of the building")
        special[kind] = room
    ordered = tuple(sorted((min(a, b), max(a, b), k) for a, b, k in edges))
    return Board(
        rooms=tuple(rooms),
        edges=ordered,
        doors=doors,
        helipad=helipad,
        roof=roof,
        special=special,
        links=_links(ordered),
    )


def _links(edges: Iterable[tuple[str, str, str]]) -> dict[str, tuple[tuple[str, str], ...]]:
    links: dict[str, list[tuple[str, str]]] = {}
    for a, b, kind in edges:
        links.setdefault(a, []).append((b, kind))
        links.setdefault(b, []).append((a, kind))
    return {node: tuple(sorted(pairs)) for node, pairs in links.items()}


@lru_cache(maxsize=512)
def _distances(board: Board, target: str, loaded: bool) -> dict[str, int]:
    """The moves a cop needs from every node to `target`: walk and door edges cost 2 for a cop
    carrying the whole Thingamajig, 1 otherwise; lifts 1; cops never take the roof elevator.
    A small Dijkstra (costs are 1 or 2)."""
    best = {target: 0}
    frontier: list[tuple[int, str]] = [(0, target)]
    while frontier:
        frontier.sort()
        cost, node = frontier.pop(0)
        if cost > best.get(node, cost):
            continue
        for other, kind in board.neighbours(node):
            if kind == ROOF:
                continue
            step = 2 if loaded and kind in (WALK, DOOR) else 1
            if cost + step < best.get(other, cost + step + 1):
                best[other] = cost + step
                frontier.append((cost + step, other))
    return best


def distances(board: Board, target: str, *, loaded: bool = False) -> dict[str, int]:
    """The moves a cop needs from every node to `target` (see `_distances`; computed once for
    each target: a copy, the caller may change it)."""
    return dict(_distances(board, target, loaded))
