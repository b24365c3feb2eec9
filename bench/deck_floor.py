"""The floor for a deck build: the bench deck drawn by plain reportlab calls.

    python bench/deck_floor.py CARDS OUT.pdf

9 poker cards (63 x 88 mm) a page on A4, each a rounded frame and two centred texts in the
embedded Vera fonts; what a hand-written script would do, with no YAML, layout or guide.
"""

from __future__ import annotations

import sys

from reportlab.lib.pagesizes import A4
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen import canvas


def main() -> None:
    cards, out = int(sys.argv[1]), sys.argv[2]
    pdfmetrics.registerFont(TTFont("Vera", "Vera.ttf"))
    pdfmetrics.registerFont(TTFont("VeraBd", "VeraBd.ttf"))
    c = canvas.Canvas(out, pagesize=A4, invariant=1)
    c.setFont("Vera", 9)
    w, h = 63 * mm, 88 * mm
    x0 = (A4[0] - 3 * w) / 2
    y0 = (A4[1] - 3 * h) / 2
    for n in range(1, cards + 1):
        slot = (n - 1) % 9
        x = x0 + (slot % 3) * w
        y = y0 + (2 - slot // 3) * h
        c.roundRect(x, y, w, h, 3 * mm, stroke=1, fill=0)
        c.setFont("VeraBd", 14)
        c.drawCentredString(x + w / 2, y + h - 38 * mm, f"Agent {n}")
        c.setFont("Vera", 9)
        c.drawCentredString(x + w / 2, y + h - 51 * mm, f"Card {n} of {cards}")
        if slot == 8 or n == cards:
            c.showPage()
    c.save()


if __name__ == "__main__":
    main()
