"""The kit's "About this edition" page, as ops: every choice made for this edition (game.yaml's
`edition` list) with its reason, set like the credits page of a bought game: a title, a short
introduction, then one short entry per choice (the choice in bold, its reason under it). The one
printed page that speaks of choices: the pieces, boards and guide state the rules plainly.
Body text 9.5 pt, nothing under 9 pt. Pure."""

from __future__ import annotations

from pnp import ops
from pnp.imposition.paper import Paper
from pnp.imposition.print_guide import BODY, GREY, LEAST, Flow
from pnp.model import Box, Choice
from pnp.units import mm

TITLE = "About this edition"
RULE = "#b9b2a6"  # the thin line under the title


def edition_pages(title: str, choices: tuple[Choice, ...], paper: Paper) -> list[ops.Page]:
    """The edition page (more pages only if the list is long); none when there is no choice."""
    if not choices:
        return []
    page_w, page_h = paper.width, paper.height
    edge = paper.margin + mm(8)
    inner = Box(edge, edge, page_w - 2 * edge, page_h - 2 * edge - mm(6))
    flow = Flow(inner)
    flow.para(TITLE, 20, bold=True, gap=0.2)
    flow.para(title, BODY + 1.5, colour=GREY, gap=0.5)
    flow.items.append(ops.Polyline(((inner.x, flow.y), (inner.x + inner.w, flow.y)), RULE, 0.8))
    flow.y += mm(3)
    flow.para(
        "This print-and-play edition is complete: everything you need to play is printed in it "
        "or listed in the print guide. Where the game leaves a number or a detail to the "
        "players, and where a piece is made differently from the published game, this page says "
        "what this edition does and why. Agree any change before you play.",
        BODY,
        gap=0.9,
    )
    indent = mm(4)
    for choice in choices:
        flow.room((BODY + LEAST) * 1.3 * 2)  # a choice is never the last line of a page
        flow.para(choice.choice, BODY, bold=True, gap=0.1)
        flow.para(choice.why, LEAST, colour="#3a3a3a", gap=0.8, indent=indent)
    out = []
    full = Box(0, 0, page_w, page_h)
    total = len(flow.pages)
    for n, items in enumerate(flow.pages, start=1):
        words = TITLE if total == 1 else f"{TITLE}, page {n} of {total}"
        footer = ops.Text(
            page_w / 2, page_h - paper.margin - 4, words, LEAST, color=GREY, anchor="middle"
        )
        out.append(ops.Page(page_w, page_h, (*items, footer), full, full))
    return out
