"""The map's projection: longitude and latitude -> kilometres on the map -> points on the page.

A Lambert conformal conic projection on a sphere of radius 6371 km (the usual projection for
maps of Europe: shapes true, scale within a few per cent over the whole sheet). The land file
(`map-land.json`, made by tools/map/land.py) holds its coastlines already projected, in
kilometres, with the parameters below and the window (the part of the projected plane the map
shows); cities are projected with the same parameters when the map is drawn, so land and
cities always agree. Pure arithmetic, no I/O.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from functools import lru_cache

from pnp.model import Box
from pnp.record import record

EARTH_KM = 6371.0


@record
class Conic:
    """Lambert conformal conic: standard parallels `lat1`, `lat2`, origin at (`lon0`, `lat0`);
    x east, y NORTH, in kilometres."""

    lat1: float = 35.0
    lat2: float = 60.0
    lat0: float = 45.0
    lon0: float = 17.0

    def km(self, lon: float, lat: float) -> tuple[float, float]:
        """(x, y) in km of the point at `lon`, `lat` (degrees)."""
        n, f, rho0 = _constants(self.lat1, self.lat2, self.lat0)
        rho = EARTH_KM * f / math.tan(math.pi / 4 + math.radians(lat) / 2) ** n
        theta = n * math.radians(lon - self.lon0)
        return rho * math.sin(theta), rho0 - rho * math.cos(theta)

    def lonlat(self, x: float, y: float) -> tuple[float, float]:
        """The inverse of `km`: (lon, lat) in degrees of the point (x, y) km."""
        n, f, rho0 = _constants(self.lat1, self.lat2, self.lat0)
        dy = rho0 - y
        rho = math.copysign(math.hypot(x, dy), n)
        theta = math.atan2(x, dy)
        lat = 2 * math.atan((EARTH_KM * f / rho) ** (1 / n)) - math.pi / 2
        return self.lon0 + math.degrees(theta / n), math.degrees(lat)


@lru_cache(maxsize=16)  # (pure: a map's every place projects with the same three numbers)
def _constants(lat1: float, lat2: float, lat0: float) -> tuple[float, float, float]:
    p1, p2, p0 = (math.radians(v) for v in (lat1, lat2, lat0))
    if abs(p1 - p2) < 1e-9:
        n = math.sin(p1)
    else:
        n = math.log(math.cos(p1) / math.cos(p2)) / math.log(
            math.tan(math.pi / 4 + p2 / 2) / math.tan(math.pi / 4 + p1 / 2)
        )
    f = math.cos(p1) * math.tan(math.pi / 4 + p1 / 2) ** n / n
    rho0 = EARTH_KM * f / math.tan(math.pi / 4 + p0 / 2) ** n
    return n, f, rho0


@record
class Window:
    """The part of the projected plane the map shows: x0..x1 east, y0..y1 north (km)."""

    x0: float
    y0: float
    x1: float
    y1: float


@record
class MapFrame:
    """Kilometres on the map -> points in a box of the page (y DOWN): the window scaled
    uniformly to fit `box` and centred in it."""

    conic: Conic
    window: Window
    box: Box

    @property
    def scale(self) -> float:
        """Points per kilometre."""
        w = self.window
        return min(self.box.w / (w.x1 - w.x0), self.box.h / (w.y1 - w.y0))

    def point(self, x_km: float, y_km: float) -> tuple[float, float]:
        """Page point (y down) of the projected point (x_km, y_km)."""
        return self.points(((x_km, y_km),))[0]

    def points(self, pairs: Iterable[tuple[float, float]]) -> tuple[tuple[float, float], ...]:
        """point(x_km, y_km) of each pair, the frame's sums made once."""
        s, w, b = self.scale, self.window, self.box
        ox = b.x + (b.w - (w.x1 - w.x0) * s) / 2
        oy = b.y + (b.h - (w.y1 - w.y0) * s) / 2
        x0, y1 = w.x0, w.y1
        return tuple((ox + (x - x0) * s, oy + (y1 - y) * s) for x, y in pairs)

    def place(self, lon: float, lat: float) -> tuple[float, float]:
        """Page point (y down) of the place at `lon`, `lat`."""
        return self.point(*self.conic.km(lon, lat))

    def denominator(self) -> float:
        """The map's scale as 1 : this (at the standard parallels)."""
        return 1000.0 * 1000.0 / (self.scale / 72.0 * 25.4)  # mm per km -> 1 : n
