"""The duplex calibration sheet, as ops: crosses on the front, scales behind them on the back,
where a person reads how far the printer shifts the backs, and a numbered 100 mm ruler on each
side, which a person measures to learn the printer's scale (`deaddrop printer set NAME
--back-offset X,Y --scale S%`, pnp.printer_profile)."""

from __future__ import annotations

from pnp import ops
from pnp.draw.text import text_lines
from pnp.geometry import translate
from pnp.imposition.paper import Paper
from pnp.imposition.print_guide import INK, PAPER_NAMES, Flow, flip_words
from pnp.model import Box, Style
from pnp.units import mm


def _scale(cx: float, cy: float, vertical: bool) -> list[ops.Op]:
    """A scale -6..+6 mm centred on (cx, cy): ticks every 0.5 mm, numbers every 2 mm, the signs
    at the ends (+ is right, or down)."""
    out: list[ops.Op] = []
    for k in range(-12, 13):
        d = mm(k / 2)
        long = 5.0 if k % 4 == 0 else 3.5 if k % 2 == 0 else 2.0
        if vertical:
            out.append(ops.Polyline(((cx, cy + d), (cx + long, cy + d)), INK, 0.3))
        else:
            out.append(ops.Polyline(((cx + d, cy), (cx + d, cy + long)), INK, 0.3))
        if k % 4 == 0:
            label = str(abs(k) // 2)
            if vertical:
                out.append(ops.Text(cx + 6.5, cy + d + 2.1, label, 6))
            else:
                out.append(ops.Text(cx + d, cy + 11, label, 6, anchor="middle"))
    end = mm(6) + 4
    if vertical:
        out.append(ops.Text(cx + 2, cy - end, "−", 7, bold=True, anchor="middle"))
        out.append(ops.Text(cx + 2, cy + end + 5, "+", 7, bold=True, anchor="middle"))
    else:
        out.append(ops.Text(cx - end, cy + 5, "−", 7, bold=True, anchor="middle"))
        out.append(ops.Text(cx + end, cy + 5, "+", 7, bold=True, anchor="middle"))
    return out


def ruler(x0: float, y: float) -> list[ops.Op]:
    """A ruler 100 mm long from (x0, y): a tick every millimetre (longer every 5 and 10), the
    centimetres numbered 0 to 10 above it, the words under it."""
    out: list[ops.Op] = [ops.Polyline(((x0, y), (x0 + mm(100), y)), INK, 0.6)]
    for k in range(101):
        x = x0 + mm(k)
        tick = mm(4) if k % 10 == 0 else mm(2.5) if k % 5 == 0 else mm(1.5)
        out.append(ops.Polyline(((x, y - tick), (x, y)), INK, 0.5 if k % 10 == 0 else 0.25))
        if k % 10 == 0:
            out.append(ops.Text(x, y - mm(5), str(k // 10), 6.5, anchor="middle"))
    out.append(ops.Text(x0 + mm(100) + mm(2), y - mm(5), "cm", 6.5))
    out.append(
        ops.Text(
            x0 + mm(50),
            y + mm(3.5),
            "0 to 10 is 100 mm: measure it with a good ruler (the printer's scale)",
            7,
            anchor="middle",
        )
    )
    return out


STANDALONE = (
    "5. Save what you read: deaddrop printer set NAME --back-offset X,Y --scale 98.6%. "
    "Print this sheet again with deaddrop printer calibrate --printer NAME: every line "
    "should now cross its scale at 0, and the rulers measure 100 mm."
)
IN_KIT = (
    "5. Every line crosses its scale near 0 and the rulers measure 100 mm: print the kit with "
    "these settings. Off by more than 1 mm: move the backs by X and Y in your printer's "
    "settings (or have the kit made with its backs moved that much), then print this sheet "
    "again."
)


def calibration_pages(paper: Paper, in_kit: bool = False) -> list[ops.Page]:
    """A front and a back page: the front's crosses show through onto the back's scales.
    `in_kit`: the duplex test sheet of a kit, whose last step speaks to a person at a printer,
    not to one who builds the kit."""
    last = IN_KIT if in_kit else STANDALONE
    page_w, page_h = paper.width, paper.height
    p = paper.printable
    points = [(page_w / 2, page_h / 2)] + [
        (x, y)
        for y in (p.y + mm(45), p.y + p.h - mm(30))
        for x in (p.x + mm(25), p.x + p.w - mm(25))
    ]
    front: list[ops.Op] = []
    for x, y in points:
        arm = mm(15)
        front.append(ops.Polyline(((x - arm, y), (x + arm, y)), INK, 0.5))
        front.append(ops.Polyline(((x, y - arm), (x, y + arm)), INK, 0.5))
    top = Box(p.x + mm(8), p.y + mm(4), p.w - mm(16), mm(10))
    head = Style(size=16, min_size=10, bold=True, color=INK, align="left", valign="top")
    name = "Duplex test" if in_kit else "Duplex calibration"
    front.extend(text_lines(f"{name}: {PAPER_NAMES[paper.name]}, {flip_words(paper)}", top, head))
    flow = Flow(Box(p.x + mm(50), page_h / 2 + mm(22), p.w - mm(100), mm(80)))
    for line in (
        "1. Print this sheet double-sided at 100% (actual size), with the settings you will "
        "use for the kits.",
        "2. Hold it against a window or a lamp. Each cross on this side shows through onto a pair "
        "of scales on the back.",
        "3. On the back, read X where the vertical line of the centre cross meets the "
        "horizontal scale, and Y where its horizontal line meets the vertical scale (mm).",
        "4. Measure the ruler at the foot of each side from 0 to 10: if it is 98.6 mm, the "
        "printer prints at 98.6%.",
        last,
    ):
        flow.para(line, 9)
    front.extend(flow.items)
    ruler_y = p.y + p.h - mm(10)
    x0 = page_w / 2 - mm(50)
    front += ruler(x0, ruler_y)
    flip = paper.page_flip()
    shift = translate(*paper.back_offset)
    back: list[ops.Op] = []
    for x, y in points:
        bx, by = shift.apply(*flip.apply(x, y))
        back += _scale(bx, by + mm(9), vertical=False)
        back += _scale(bx + mm(9), by, vertical=True)
        back.append(ops.Text(bx - mm(12), by + mm(11.5), "X", 8, bold=True, anchor="middle"))
        back.append(ops.Text(bx + mm(10.5), by - mm(10.5), "Y", 8, bold=True, anchor="middle"))
    back.append(
        ops.Text(
            page_w / 2,
            p.y + mm(10),
            "Back of the calibration sheet: read X and Y where the lines from the front "
            "cross the scales.",
            8,
            anchor="middle",
        )
    )
    back += ruler(x0, ruler_y)
    full = Box(0, 0, page_w, page_h)
    return [
        ops.Page(page_w, page_h, tuple(front), full, full),
        ops.Page(page_w, page_h, tuple(back), full, full),
    ]
