"""From the pencil's darkness at cell centres and along edges to a drawing, and how sure it is.

Pure: no image, no I/O. The scores come from photo_image (0 paper .. 1 black). The pencil's own
darkness is estimated from the darkest edges (as many as the network has unit steps) and the
paper's from the median edge, so that a light hand and a heavy one read alike. An edge is joined
when its score passes `JOIN` of the way from paper to pencil; a cell is covered when a joined edge
ends in it (every line is at least 1 long). A score in the band `UNSURE` around the threshold, a
cell whose centre says otherwise than its edges, or a drawing that the joined edges and the cells'
line layouts tell apart, names the cells concerned as uncertain.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from assistant.games.spy.model import Cell, Field, format_cell
from assistant.games.spy.photo_geometry import Edge, edges, lines_edges

JOIN = 0.2  # an edge is joined past this fraction of the way from paper to pencil
UNSURE = (0.1, 0.28)  # an edge or a centre scoring in this band is uncertain
CENTRE_EMPTY = 0.15  # a covered cell whose centre scores below this is uncertain...
SURE_STEP = 0.5  # ...unless a step into it scores at least this
CENTRE_INKED = 0.5  # an empty cell whose centre scores above this is uncertain
MIN_CONTRAST = 0.05  # pencil less than this darker than paper: nothing drawn


@dataclass
class Decision:
    """What the scores say is drawn."""

    cells: frozenset[Cell]
    joined: frozenset[Edge]
    uncertain: dict[Cell, str] = field(default_factory=dict)  # cell -> why
    contrast: float = 0.0  # the pencil's darkness above the paper's
    edge_levels: dict[Edge, float] = field(default_factory=dict)  # 0 paper .. 1 pencil

    def doubt(self, cell: Cell, why: str) -> None:
        """Name a cell as uncertain (the first reason given stays)."""
        self.uncertain.setdefault(cell, why)


def decide(
    field_: Field,
    lengths: Sequence[int],
    cell_scores: Mapping[Cell, float],
    edge_scores: Mapping[Edge, float],
) -> Decision:
    """The covered cells and joined edges, with the uncertain cells named."""
    all_edges = edges(field_)
    ranked = sorted((edge_scores[e] for e in all_edges), reverse=True)
    steps = max(1, min(sum(lengths), len(ranked)))
    pencil = ranked[steps // 2] if ranked else 0.0
    paper = ranked[len(ranked) // 2] if ranked else 0.0
    contrast = pencil - paper
    if contrast < MIN_CONTRAST:
        return Decision(frozenset(), frozenset(), {}, contrast)
    levels = {e: (edge_scores[e] - paper) / contrast for e in all_edges}
    joined = frozenset(e for e in all_edges if levels[e] >= JOIN)
    cells = frozenset(c for e in joined for c in e)
    out = Decision(cells, joined, {}, contrast, levels)
    for e in all_edges:
        if UNSURE[0] < levels[e] < UNSURE[1]:
            a, b = (format_cell(c) for c in e)
            said = "joined" if e in joined else "not joined"
            for c in e:
                out.doubt(c, f"faint pencil between {a} and {b} (read as {said})")
    for c in field_.cells():
        level = (cell_scores[c] - paper) / contrast
        if c in cells and level < CENTRE_EMPTY:
            # a line's end drawn a little short leaves the end's centre empty: only a weak
            # step into the cell makes that a doubt
            strongest = max(levels[e] for e in joined if c in e)
            if strongest < SURE_STEP:
                out.doubt(c, "a line reaches it but its centre looks empty")
        elif c not in cells and level > CENTRE_INKED:
            out.doubt(c, "pencil at its centre but no line through it")
    return out


def layout_edges(vertices: Sequence[Cell]) -> frozenset[Edge]:
    """The edges a chain of corner cells runs along."""
    return frozenset(lines_edges(list(vertices)))


def compare_layouts(decision: Decision, layouts: Sequence[Sequence[Cell]]) -> None:
    """A legal reading whose joined edges match none of its line layouts (two lines read as one,
    side by side): doubt the cells where the closest layout differs."""
    if not layouts:
        return
    best = min((layout_edges(v) for v in layouts), key=lambda e: len(e ^ decision.joined))
    for e in sorted(best ^ decision.joined):
        for c in e:
            decision.doubt(c, "its lines could be joined another way")


def near_misses(decision: Decision, nearby: Sequence[frozenset[Cell]]) -> None:
    """An illegal reading one or two cells from legal networks: doubt those cells."""
    for cells in nearby:
        for c in sorted(cells ^ decision.cells):
            if c in decision.cells:
                decision.doubt(c, "read as drawn; without it the network would be legal")
            else:
                decision.doubt(c, "read as empty; drawn, the network would be legal")
