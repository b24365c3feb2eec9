"""The options of a build (Settings), as `deaddrop build` reads them. Light on purpose: the
command makes its Settings before pnp's layout loads, and in a build drawn by the other process
(pnp.lanes: a deck) never loads it (pnp.imposition.paper turns Settings into a Paper)."""

from __future__ import annotations

from pnp.record import record
from pnp.units import mm


@record
class Settings:
    """How the build is asked to print (all lengths in points): `deaddrop build`'s options."""

    paper: str = "a4"
    margin: float = mm(6)
    gutter: float | None = None  # None: 0 without bleed, twice the bleed with it
    bleed: float | None = None  # None: each component's own (bleed_of); else every piece's
    flip: str = "long"  # long | short
    back_offset: tuple[float, float] = (0.0, 0.0)
    unprintable: float = 0.0  # a printer profile's margin: nothing is drawn nearer the edge
    scale: float = 1.0  # every page drawn at this factor about its centre (a printer profile)
    printer: str = ""  # the printer profile's name, for the print guide
