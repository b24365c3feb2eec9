"""The floor for a full build of every kit: 400 counters and 50 tiles drawn by plain reportlab
calls, about the pieces the shipped kits print.

    python bench/kits_floor.py OUT.pdf

Counters 16 mm square (a coloured square, a frame, a name and a number) 12 x 17 a page on A4,
each with its back on the next page; tiles 50 mm square (a coloured square, a frame, a title and
two lines) 3 x 5 a page, in the embedded Vera fonts; what a hand-written script would do, with no
YAML, layout, guide or crop marks.
"""

from __future__ import annotations

import sys

from reportlab.lib.pagesizes import A4
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen import canvas

COLOURS = ("#c0392b", "#2e86c1", "#229954", "#d4ac0d", "#7d3c98", "#566573")


def _grid(c: canvas.Canvas, n: int, size: float, cols: int, rows: int, draw) -> None:
    x0 = (A4[0] - cols * size) / 2
    y0 = (A4[1] - rows * size) / 2
    per = cols * rows
    for first in range(0, n, per):
        for back in (False, True):
            for i in range(first, min(first + per, n)):
                slot = i - first
                col, row = slot % cols, slot // cols
                if back:
                    col = cols - 1 - col  # a back behind its front, flipped on the long edge
                draw(c, i, x0 + col * size, y0 + (rows - 1 - row) * size, size, back)
            c.showPage()


def _counter(c: canvas.Canvas, i: int, x: float, y: float, s: float, back: bool) -> None:
    c.setFillColor(COLOURS[i % len(COLOURS)] if not back else "#333333")
    c.setStrokeColor("#000000")
    c.rect(x, y, s, s, stroke=1, fill=1)
    c.setFillColor("#ffffff")
    c.setFont("VeraBd", 7)
    c.drawCentredString(x + s / 2, y + s * 0.6, "SPY" if back else f"Agent {i % 40 + 1}")
    c.setFont("Vera", 6)
    c.drawCentredString(x + s / 2, y + s * 0.25, f"{i % 9 + 1}")


def _tile(c: canvas.Canvas, i: int, x: float, y: float, s: float, back: bool) -> None:
    c.setFillColor("#f4ecd8" if not back else "#6e2c00")
    c.rect(x, y, s, s, stroke=1, fill=1)
    c.setFillColor("#000000" if not back else "#ffffff")
    c.setFont("VeraBd", 10)
    c.drawCentredString(x + s / 2, y + s * 0.7, "EVENT" if back else f"Event {i + 1}")
    if not back:
        c.setFont("Vera", 7)
        c.drawCentredString(x + s / 2, y + s * 0.45, "Every player draws a chit;")
        c.drawCentredString(x + s / 2, y + s * 0.35, f"the bank pays {i % 5 + 1} pounds.")


def main() -> None:
    out = sys.argv[1]
    pdfmetrics.registerFont(TTFont("Vera", "Vera.ttf"))
    pdfmetrics.registerFont(TTFont("VeraBd", "VeraBd.ttf"))
    c = canvas.Canvas(out, pagesize=A4, invariant=1)
    _grid(c, 400, 16 * mm, 12, 17, _counter)
    _grid(c, 50, 50 * mm, 3, 5, _tile)
    c.save()


if __name__ == "__main__":
    main()
