"""The map's symbols as plain ops: a city by its kind, a ship, the route styles, the legend.

Every symbol differs from the others by its shape (not only its colour), and every route style
by its line (rail a black-and-white railway line, air long dashes, sea moves dots), so that the
map reads in greyscale too. Pure: points, y down, centred on (x, y).
"""

from __future__ import annotations

import math

from pnp import ops
from pnp.model import Box

INK = "#1f1b16"
SEA_INK = "#1d4e89"  # ships, sea moves and sea names
AIR_INK = "#6b3fa0"
PAPER = "#ffffff"

# half the size of each city symbol (points): the box the name keeps clear of
RADIUS = {"capital": 7.0, "police city": 4.6, "SECRET city": 5.2, "spy haven": 5.0, "city": 3.2}
SHIP_RADIUS = 8.5

RAIL = (2.2, 1.2, (3.0, 3.0))  # outer width, inner width, inner dash
AIR = (0.9, (6.0, 2.5))
SEA = (1.3, (1.3, 2.2))
FERRY = (0.9, (4.0, 1.6))


def symbol_box(kind: str, x: float, y: float) -> Box:
    r = RADIUS.get(kind, RADIUS["city"])
    return Box(x - r, y - r, 2 * r, 2 * r)


def _star(x: float, y: float, r: float) -> tuple[tuple[float, float], ...]:
    points = []
    for i in range(10):
        radius = r if i % 2 == 0 else r * 0.42
        angle = math.pi / 2 + i * math.pi / 5
        points.append((x + radius * math.cos(angle), y - radius * math.sin(angle)))
    return tuple(points)


def city_symbol(kind: str, x: float, y: float, colour: str, initial: str = "") -> list[ops.Op]:
    """capital: a star on a white disc; police city: a square (with its power's `initial` in
    white); SECRET city: a diamond with a white core; spy haven: a ring with a dot (a target);
    city: a dot."""
    r = RADIUS.get(kind, RADIUS["city"])
    if kind == "capital":
        return [
            ops.Ellipse(x - r, y - r, 2 * r, 2 * r, INK, PAPER, 0.9),
            ops.Polyline(_star(x, y, r * 0.86), INK, 0.4, None, True, colour),
        ]
    if kind == "police city":
        square: list[ops.Op] = [ops.Rect(x - r, y - r, 2 * r, 2 * r, 0.0, INK, colour, 0.7)]
        if initial:
            size = 6.0  # the least text on the map
            square.append(
                ops.Text(x, y + size * 0.36, initial, size, bold=True, color=PAPER, anchor="middle")
            )
        return square
    if kind == "SECRET city":
        outer = ((x, y - r), (x + r, y), (x, y + r), (x - r, y))
        s = r * 0.42
        inner = ((x, y - s), (x + s, y), (x, y + s), (x - s, y))
        return [
            ops.Polyline(outer, INK, 0.9, None, True, colour),
            ops.Polyline(inner, None, 0.0, None, True, PAPER),
        ]
    if kind == "spy haven":
        s = r * 0.4
        return [
            ops.Ellipse(x - r, y - r, 2 * r, 2 * r, INK, PAPER, 1.4),
            ops.Ellipse(x - s, y - s, 2 * s, 2 * s, None, colour if colour else INK, 0.0),
        ]
    return [ops.Ellipse(x - r, y - r, 2 * r, 2 * r, INK, colour, 0.7)]


def ship(x: float, y: float, r: float = SHIP_RADIUS) -> list[ops.Op]:
    """A ship on a white disc: where a spy at sea stands."""
    u = r / 8.5
    hull = (
        (x - 6.0 * u, y + 0.5 * u),
        (x + 6.0 * u, y + 0.5 * u),
        (x + 4.2 * u, y + 3.6 * u),
        (x - 4.6 * u, y + 3.6 * u),
    )
    deck = (
        (x - 3.0 * u, y + 0.5 * u),
        (x - 3.0 * u, y - 1.6 * u),
        (x + 2.6 * u, y - 1.6 * u),
        (x + 2.6 * u, y + 0.5 * u),
    )
    funnel = (
        (x - 0.6 * u, y - 1.6 * u),
        (x - 0.6 * u, y - 4.4 * u),
        (x + 1.2 * u, y - 4.4 * u),
        (x + 1.2 * u, y - 1.6 * u),
    )
    return [
        ops.Ellipse(x - r, y - r, 2 * r, 2 * r, SEA_INK, PAPER, 1.0),
        ops.Polyline(hull, None, 0.0, None, True, SEA_INK),
        ops.Polyline(deck, None, 0.0, None, True, SEA_INK),
        ops.Polyline(funnel, None, 0.0, None, True, SEA_INK),
    ]


def rail_line(points: tuple[tuple[float, float], ...]) -> list[ops.Op]:
    """A railway: black, with white dashes inside."""
    outer, inner, dash = RAIL
    return [
        ops.Polyline(points, INK, outer),
        ops.Polyline(points, PAPER, inner, dash),
    ]


def air_line(points: tuple[tuple[float, float], ...]) -> list[ops.Op]:
    width, dash = AIR
    return [ops.Polyline(points, AIR_INK, width, dash)]


def sea_line(points: tuple[tuple[float, float], ...]) -> list[ops.Op]:
    width, dash = SEA
    return [ops.Polyline(points, SEA_INK, width, dash)]


def ferry_line(points: tuple[tuple[float, float], ...]) -> list[ops.Op]:
    """A train ferry (a rail line's crossing of water): a thin black line of long dashes between
    two landing bars."""
    width, dash = FERRY
    out: list[ops.Op] = [ops.Polyline(points, INK, width, dash)]
    for end, nxt in ((points[0], points[1]), (points[-1], points[-2])):
        dx, dy = nxt[0] - end[0], nxt[1] - end[1]
        d = math.hypot(dx, dy) or 1.0
        nx, ny = -dy / d * 3.0, dx / d * 3.0
        out.append(ops.Polyline(((end[0] - nx, end[1] - ny), (end[0] + nx, end[1] + ny)), INK, 1.2))
    return out


def tint(colour: str, amount: float) -> str:
    """`colour` mixed with white: `amount` of the colour, the rest white."""
    c = colour.lstrip("#")
    rgb = [int(c[i : i + 2], 16) for i in (0, 2, 4)]
    mixed = [round(v * amount + 255 * (1 - amount)) for v in rgb]
    return "#" + "".join(f"{v:02x}" for v in mixed)
