"""A peer for a deck build: the bench deck drawn by protograf (0.5.2).

    PYTHONPATH=/tmp/pgsite python bench/deck_protograf.py CARDS OUT.pdf

The same cards as bench_floors.py's deck: poker size (63 x 88 mm), a rounded frame (3 mm), the
title (14pt, bold) and the subtitle (9pt) centred, from a list of rows as a designer would write
it with protograf's Deck, Data and Card. protograf is never a dependency of the project: install
it apart (`pip install --target /tmp/pgsite protograf==0.5.2`).
"""

from __future__ import annotations

import sys


def main() -> None:
    cards, out = int(sys.argv[1]), sys.argv[2]
    del sys.argv[1:]  # Create() reads the command line with argparse
    from protograf import Card, Create, Data, Deck, Save, T, text  # type: ignore[import-not-found]

    rows = [["title", "subtitle"]] + [
        [f"Agent {n}", f"Card {n} of {cards}"] for n in range(1, cards + 1)
    ]
    Create(filename=out, paper="A4", units="mm", margin=10)
    Data(data_list=rows)
    Deck(cards=cards, width=63, height=88, rounding=3, stroke="#222222")
    # y from the top of the card, at the baseline: the centres of the boxes 30-42 and 46-54 mm
    title = text(text=T("{{ title }}"), x=31.5, y=38, font_size=14, font_name="Helvetica-Bold")
    subtitle = text(text=T("{{ subtitle }}"), x=31.5, y=51.5, font_size=9)
    Card("*", title, subtitle)
    Save()


if __name__ == "__main__":
    main()
