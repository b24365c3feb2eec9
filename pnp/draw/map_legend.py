"""The map's title cartouche and its legend (key), as ops in the component's frame."""

from __future__ import annotations

from pnp import ops
from pnp.draw import map_symbols as sym
from pnp.draw.map_projection import MapFrame
from pnp.draw.text import text_lines
from pnp.model import Box, Style

PANEL = "#fbf8f1"
KINDS = (
    ("capital", "Capital: your police may stand here"),
    ("police city", "Police city: your police may stand here (home country)"),
    ("SECRET city", "SECRET city: starts the game with a secret"),
    ("spy haven", "Spy haven: no Discovery, Drop or Sanction here"),
    ("city", "City"),
)
POWERS = ("Germany", "Italy", "Russia", "France", "Britain", "neutral")
MOVES = (
    "Moving a spy: up to 5 spaces a turn, 1 Action Point a space; each city or sea zone "
    "entered is a space. Go to sea from a port to its zone's ship, from ship to ship between "
    "joined zones, and ashore to a port of the zone. Never end a move at sea."
)


def _style(size: float, bold: bool = False, align: str = "left", italic: bool = False) -> Style:
    return Style(
        font="Vera",
        size=size,
        min_size=min(size, 7.0),
        color=sym.INK,
        align=align,
        valign="middle",
        leading=1.15,
        bold=bold,
        italic=italic,
    )


def cartouche_ops(box: Box, title: str, subtitle: str) -> list[ops.Op]:
    """The title panel: `title` large, `subtitle` under it."""
    out: list[ops.Op] = [ops.Rect(box.x, box.y, box.w, box.h, 4.0, sym.INK, PANEL, 1.2)]
    pad = 8.0
    head = Box(box.x + pad, box.y + pad, box.w - 2 * pad, box.h * 0.6 - pad)
    out += text_lines(title, head, _style(40.0, bold=True))
    sub = Box(box.x + pad, box.y + box.h * 0.6, box.w - 2 * pad, box.h * 0.4 - pad)
    out += text_lines(subtitle, sub, _style(11.0))
    return out


def legend_ops(
    box: Box,
    colours: dict[str, str],
    frame: MapFrame,
    credit: str,
    hatches: dict[str, tuple[float, ...]] | None = None,
) -> list[ops.Op]:
    """The key, in two columns: city symbols and routes; the powers' colours (with their
    hatches and initials), how spies move, the scale and the credit."""
    from pnp.draw.map_sheet import HATCH_TINT, NEUTRAL_TINT, POWER_TINT, hatch_ops

    out: list[ops.Op] = [ops.Rect(box.x, box.y, box.w, box.h, 4.0, sym.INK, PANEL, 1.0)]
    pad, row = 9.0, 15.0
    col = (box.w - 3 * pad) / 2
    x, y = box.x + pad, box.y + pad
    out += text_lines("Key", Box(x, y, col, 14.0), _style(11.0, bold=True))
    y += 17.0
    text_x, text_w = x + 26.0, col - 26.0
    for kind, words in KINDS:
        out += sym.city_symbol(kind, x + 10.0, y + row / 2, colours.get("neutral", "#9a9184"))
        out += text_lines(words, Box(text_x, y, text_w, row), _style(8.0))
        y += row
    routes = (
        (sym.rail_line, "Rail line"),
        (sym.air_line, "Air line"),
        (sym.sea_line, "Sea move (port to ship, ship to ship)"),
        (sym.ferry_line, "Train ferry: a rail line's crossing of water"),
    )
    for draw, words in routes:
        out += draw(((x, y + row / 2), (x + 20.0, y + row / 2)))
        out += text_lines(words, Box(text_x, y, text_w, row), _style(8.0))
        y += row
    out += sym.ship(x + 10.0, y + row / 2 + 1.0)
    where = Box(text_x, y, text_w, row + 2.0)
    out += text_lines("Ship of a sea zone: a spy at sea stands here", where, _style(8.0))
    x, y = box.x + 2 * pad + col, box.y + pad + 4.0
    gap = 4.0
    swatch_w = (col - 5 * gap) / 6
    for i, power in enumerate(POWERS):
        colour = colours.get(power, "#9a9184")
        sx = x + i * (swatch_w + gap)
        amount = NEUTRAL_TINT if power == "neutral" else POWER_TINT
        out.append(ops.Rect(sx, y, swatch_w, 12.0, 1.5, None, sym.tint(colour, amount), 0.0))
        ring = ((sx, y), (sx + swatch_w, y), (sx + swatch_w, y + 12.0), (sx, y + 12.0), (sx, y))
        if hatches and power in hatches:
            out += hatch_ops((ring,), hatches[power], sym.tint(colour, HATCH_TINT))
            out += sym.city_symbol("police city", sx + swatch_w / 2, y + 6.0, colour, power[0])
        out.append(ops.Rect(sx, y, swatch_w, 12.0, 1.5, colour, None, 1.3))
        name = "Neutral" if power == "neutral" else power
        label = Box(sx - gap / 2, y + 13.0, swatch_w + gap, 10.0)
        out += text_lines(name, label, _style(7.0, align="center"))
    y += 30.0
    moves_h = 58.0
    out += text_lines(MOVES, Box(x, y, col, moves_h), _style(8.0))
    y += moves_h + 8.0
    km = 500.0
    length = km * frame.scale
    out.append(ops.Polyline(((x, y + 4.0), (x + length, y + 4.0)), sym.INK, 1.6))
    for tick in (0.0, 0.5, 1.0):
        tx = x + length * tick
        out.append(ops.Polyline(((tx, y), (tx, y + 8.0)), sym.INK, 0.8))
    scale = f"{km:.0f} km    scale 1 : {round(frame.denominator(), -5):,.0f}"
    out += text_lines(scale, Box(x + length + 6.0, y - 2.0, col - length - 6.0, 12.0), _style(7.0))
    y += 16.0
    out += text_lines(credit, Box(x, y, col, box.y + box.h - pad - y), _style(7.0))
    return out
