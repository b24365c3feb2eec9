"""A game map as data: cities at their positions, sea zones, rail and air lines (the `map:`
section of a game's files, docs/pnp-format.md "Maps"). Plain frozen data, no I/O; what the
loader (pnp.definitions.map_spec) produces, what a map component draws and a tracker moves on.

Positions are geographic degrees (latitude north, longitude east); distances are great-circle
kilometres on a sphere of the Earth's mean radius.
"""

from __future__ import annotations

import math

from pnp.model import Source
from pnp.record import record

EARTH_KM = 6371.0088  # the mean radius (IUGG)


def km(lat1: float, lon1: float, lat2: float, lon2: float) -> float:
    """The great-circle distance between two positions, in kilometres (haversine)."""
    p1, p2 = math.radians(lat1), math.radians(lat2)
    dp, dl = p2 - p1, math.radians(lon2 - lon1)
    h = math.sin(dp / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(dl / 2) ** 2
    return 2 * EARTH_KM * math.asin(min(1.0, math.sqrt(h)))


@record
class Bounds:
    """The map's area: what it shows, and where every city and ship symbol lies."""

    west: float
    east: float
    south: float
    north: float

    def holds(self, lat: float, lon: float) -> bool:
        return self.south <= lat <= self.north and self.west <= lon <= self.east


@record
class MapCity:
    name: str  # as the game spells it
    place: str  # the name of the source's place (the city's name when they agree)
    country: str
    owner: str  # a power or "neutral"
    kind: str  # one of the map's kinds
    ours: str  # which fields are a house choice
    geonames: int  # the source's id of the place (0: none given)
    lat: float
    lon: float
    ports: tuple[str, ...]  # the sea zones the city is a port on (empty: inland)
    source: Source


@record
class MapZone:
    """A sea zone: its ship symbol's position and the zones one sea move away."""

    name: str
    lat: float
    lon: float
    adjacent: tuple[str, ...]
    ports: tuple[str, ...]  # the cities that name it, in the map's order
    source: Source


@record
class MapLine:
    """A rail or air line between two cities (both ways)."""

    a: str
    b: str
    long: bool  # a rail line longer than the map's rail_km, on purpose
    ferry: bool  # a rail line that crosses water by a train ferry
    why: str
    source: Source


@record
class MapCourse:
    """How the printed map draws one route: through these waypoints (lat, lon), where a straight
    line would cross the wrong surface or pass a city it does not join. Drawing only."""

    kind: str  # "rail", "air" or "sea"
    a: str
    b: str
    via: tuple[tuple[float, float], ...]
    source: Source


@record
class GameMap:
    bounds: Bounds
    rail_km: float  # the longest rail line not marked long
    owners: tuple[tuple[str, str], ...]  # (owner, colour) in the file's order; empty: any owner
    kinds: tuple[str, ...]  # the city kinds; empty: any kind
    cities: tuple[MapCity, ...]
    sea_zones: tuple[MapZone, ...]
    rail: tuple[MapLine, ...]
    air: tuple[MapLine, ...]
    source: Source
    courses: tuple[MapCourse, ...] = ()

    def city(self, name: str) -> MapCity | None:
        return next((city for city in self.cities if city.name == name), None)

    def zone(self, name: str) -> MapZone | None:
        return next((zone for zone in self.sea_zones if zone.name == name), None)
