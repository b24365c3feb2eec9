"""A small hand-made map for the tracker's tests: rail, air and sea over real city names of the
table, so that the tests of moves and positions do not move when the printed map's routes do
(templates/spies/map.yaml is tested by its own tests). `with_map(data)` is the game's data with
these routes; `tracked_table()` a five-player table that tracks positions on it."""

from __future__ import annotations

import copy
from dataclasses import dataclass, field

from assistant.games.spies.data import GameData, default_data
from assistant.games.spies.rules import Spies


@dataclass(frozen=True)
class SeaZone:
    name: str
    adjacent: tuple[str, ...]
    ports: tuple[str, ...]


@dataclass(frozen=True)
class Routes:
    rail: tuple[tuple[str, str], ...]
    air: tuple[tuple[str, str], ...]
    sea_zones: dict[str, SeaZone] = field(default_factory=dict)


RAIL = (
    ("Berlin", "Hamburg"),
    ("Berlin", "Stettin"),
    ("Berlin", "Leipzig"),
    ("Berlin", "Warsaw"),
    ("Hamburg", "Essen"),
    ("Essen", "Dusseldorf"),
    ("Dusseldorf", "Brussels"),
    ("Brussels", "Paris"),
    ("Brussels", "Ostend"),
    ("Paris", "Le Havre"),
    ("Paris", "Lyons"),
    ("Lyons", "Geneva"),
    ("Geneva", "Munich"),
    ("Munich", "Nurnberg"),
    ("Nurnberg", "Prague"),
    ("Prague", "Warsaw"),
    ("Prague", "Vienna"),
    ("Vienna", "Budapest"),
    ("Warsaw", "Minsk"),
    ("Minsk", "Moscow"),
    ("Moscow", "Leningrad"),
    ("London", "Liverpool"),
    ("Liverpool", "Glasgow"),
    ("Madrid", "Lisbon"),
)
AIR = (("London", "Paris"), ("Dublin", "London"), ("Berlin", "Moscow"), ("Rome", "Paris"))
SEAS = {
    "North Sea": SeaZone("North Sea", ("Baltic Sea", "Atlantic"), ("Hamburg", "London", "Ostend")),
    "Baltic Sea": SeaZone(
        "Baltic Sea", ("North Sea",), ("Stettin", "Danzig", "Riga", "Stockholm", "Leningrad")
    ),
    "Atlantic": SeaZone(
        "Atlantic", ("North Sea",), ("Liverpool", "Dublin", "Lisbon", "Le Havre", "Glasgow")
    ),
}
ROUTES = Routes(rail=RAIL, air=AIR, sea_zones=SEAS)


def with_map(data: GameData | None = None, routes: Routes = ROUTES) -> GameData:
    """`data` (the game's) with `routes` as its map (`GameData.routes`, mapdata's field)."""
    out = copy.copy(data if data is not None else default_data())
    object.__setattr__(out, "routes", routes)
    return out


MAPPED = with_map()
GAME = Spies(MAPPED)


# the five-player 1933 of tests/spies/games/five-players.yaml, its spies placed where its tiles'
# `spies=` say they were (and the others in cities none of 1933's tiles lists)
PLACED = {
    "Germany": {
        "Erik": "Moscow",
        "Kurt": "Berlin",
        "Heidi": "Vienna",
        "Ernst": "Prague",
        "Gunther": "Budapest",
        "Cousin": "Berlin",
    },
    "Italy": {
        "Carla": "Rome",
        "Piccolo": "Athens",
        "Mario": "Tirane",
        "Vicente": "Lisbon",
        "Cousin": "Madrid",
    },
    "Russia": {
        "Georgi": "Geneva",
        "Vanya": "Riga",
        "Merinka": "Helsinki",
        "Alexi": "Bucharest",
        "Cousin": "Istanbul",
    },
    "France": {
        "Bruno": "Brussels",
        "Jean": "Lyons",
        "Marthe": "Oslo",
        "Theo": "Stockholm",
        "Cousin": "Copenhagen",
    },
    "Britain": {
        "Willy": "Essen",
        "Rose": "Kiev",
        "Peter": "Minsk",
        "Winston": "Gibraltar",
        "Cynthia": "Dublin",
        "Cousin": "Malta",
    },
}


def tracked_table(placed: dict[str, dict[str, str]] | None = None, game: Spies = GAME):
    """A five-player table that tracks positions (on this map, or `game`'s), set up (1933,
    Germany's turn): a spies_table.Table."""
    from spies_table import POLICE, POWERS, RANDOM, SECRETS, Table

    table = Table.__new__(Table)
    table.game = game
    table.state = game.setup({})
    table.log = []
    for power in POWERS:  # the first spies placed make it a table that tracks positions
        table.do("hand", power=power, random=RANDOM[power])
        table.do("secrets", power=power, cities=SECRETS[power])
        table.do("place", power=power, spies=(placed or PLACED)[power])
    for power in POWERS:
        assert table.state["phase"] == "setup"
        table.do("place", power=power, police=POLICE[power])
    assert table.state["phase"] == "play"
    return table
