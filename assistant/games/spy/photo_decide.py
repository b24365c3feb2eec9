"""From the pencil's darkness at cell centres and along edges to a drawing, and how sure it is.

Pure: no image, no I/O. The scores come from photo_image (0 paper .. 1 black). The pencil's own
darkness is estimated from the darkest edges (as many as the network has unit steps), the
paper's from the median edge and the paper's grain from the spread around it, so that a light
hand and a heavy one read alike, and a faint hand is told from an empty field. An edge is joined
when its score passes `JOIN` of the way from paper to pencil; a cell is covered when a joined edge
ends in it (every line is at least 1 long). A score in the band `UNSURE` around the threshold, a
cell whose centre says otherwise than its edges, pencil barely above the grain, a cell covered
by something else or washed out by glare, or a drawing that the joined edges and the cells' line
layouts tell apart, names the cells concerned as uncertain. photo.py weighs the joined edges
weaker than `SURE` against the rules: when the reading is legal only without them (a line
rubbed out), it is read without them and their cells are doubted.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from assistant.games.spy.model import Cell, Field, format_cell
from assistant.games.spy.photo_geometry import Edge, edges, lines_edges

JOIN = 0.2  # an edge is joined past this fraction of the way from paper to pencil
UNSURE = (0.1, 0.28)  # an edge or a centre scoring in this band is uncertain
SURE = 0.5  # a joined edge under this, left out, may make the reading legal: a rubbed-out line
CENTRE_EMPTY = 0.15  # a covered cell whose centre scores below this is uncertain...
SURE_STEP = 0.5  # ...unless a step into it scores at least this
CENTRE_INKED = 0.5  # an empty cell whose centre scores above this, over the centres' paper: a doubt
CENTRES = 20  # empty cells enough to take the centres' own paper from (else the edges')
BLOT = 0.5  # a cell whose corners (where no line passes) are this dark is covered by something
MIN_NOISE = 0.002  # the paper's grain, at least (a photo of a perfectly even paper)
CLEAR = 8.0  # pencil this many times the paper's grain above the paper: lines to read
FAINT = 3.0  # above this (and under CLEAR): lines too faint to be sure of, read and doubted
TAIL = 4.5  # the grain's own tail reaches this far on a photo's 180 edges: a doubt from here
JOINED = 5.0  # an edge this many times the grain above the paper may be joined (past the tail)
WHISPER = 2.2  # a network's worth of steps this far above the paper on average: faint pencil
WASHED_SEEN = 0.2  # a line seen this dark across washed-out cells: the glare does not hide pencil
GLARE_STEPS = 8  # steps off the network in the glare enough to tell its paper's band
GLARE_GRAIN = 0.005  # levels: that band's spread, at least
WASHED_Z = 6.0  # a line step this many spreads above the band's middle...
WASHED_GAP = 0.03  # ...and this far above its darkest stands out of the glare
WASHED = "glare washes it out: pencil there cannot be seen"
FITS_MORE = "the photo fits more than one network here: look at the sheet"
COVERED = "something covers it (a finger, a pen, a shadow?)"
NOISY = 0.004  # a grain above this could hide the lightest pencil (0.035 above the paper)
LOCAL = 2.0  # cells: the paper's level taken around each edge and cell, this far each way
LOCAL_RANK = 0.4  # ...at this rank of the edges there (pencil, all above the paper, weighs less)


@dataclass
class Decision:
    """What the scores say is drawn."""

    cells: frozenset[Cell]
    joined: frozenset[Edge]
    uncertain: dict[Cell, str] = field(default_factory=dict)  # cell -> why
    contrast: float = 0.0  # the pencil's darkness above the paper's
    edge_levels: dict[Edge, float] = field(default_factory=dict)  # 0 paper .. 1 pencil
    grain: float = MIN_NOISE  # the paper's grain on the photo (sensor noise, JPEG, texture)
    # the evidence itself, for photo_prior: each edge's darkness above the paper in grains, and
    # its halves' (nearer its first cell, nearer its second)
    z: dict[Edge, float] = field(default_factory=dict)
    z_halves: dict[Edge, tuple[float, float]] = field(default_factory=dict)
    washed: frozenset[Cell] = frozenset()  # the cells glare washed out
    notes: list[str] = field(default_factory=list)  # said with the reading, not doubts
    faint: frozenset[Edge] = frozenset()  # strokes seen, read as not drawn, named in a note
    apart: frozenset[Cell] = frozenset()  # covered or washed out, read as empty, named in a note
    # each edge's profile across it in grains (photo_across), for photo_prior's second look
    across: dict[Edge, Any] = field(default_factory=dict)

    @property
    def too_grainy(self) -> bool:
        """Nothing read from a photo so grainy that light pencil could hide in it."""
        return not self.cells and not self.uncertain and self.grain > NOISY

    def doubt(self, cell: Cell, why: str) -> None:
        """Name a cell as uncertain (the first reason given stays)."""
        self.uncertain.setdefault(cell, why)


def _grain(values: Sequence[float], paper: float) -> float:
    """The paper's grain: the spread of the edge scores under the paper's (robust, and blind
    to the pencil, which is all above it)."""
    spread = sorted(paper - v for v in values if v <= paper)
    return max(MIN_NOISE, 1.4826 * spread[len(spread) // 2]) if spread else MIN_NOISE


def decide(
    field_: Field,
    lengths: Sequence[int],
    cell_scores: Mapping[Cell, float],
    edge_scores: Mapping[Edge, float],
    blots: Mapping[Cell, float] | None = None,
    washed: frozenset[Cell] = frozenset(),
    halves: Mapping[Edge, tuple[float, float]] | None = None,
    local: bool = False,
    covered: frozenset[Cell] = frozenset(),
) -> Decision:
    """The covered cells and joined edges, with the uncertain cells named (`local`: the paper's
    level taken around each edge and cell, not over the whole field: see `_flatten`).

    The evidence is weighed against the paper's grain as well as against the pencil: pencil
    well above the grain is read; pencil above it but faint is read and every cell of it
    doubted; marks that stand out without making lines are doubted; only an even paper reads
    as nothing drawn. A cell whose corners are dark (a finger, a pen over it) or that glare
    washed out is doubted too. `halves` (each edge's darkness in its half nearer either cell)
    tells a line's end drawn past the centre from a line going on: see `_overshoots`.
    `covered`: the cells a thing on the sheet is seen over (photo_image.covered_cells)."""
    all_edges = edges(field_)
    if local:
        cell_scores, edge_scores, halves = _flatten(field_, cell_scores, edge_scores, halves)
    values = [edge_scores[e] for e in all_edges]
    ranked = sorted(values, reverse=True)
    steps = max(1, min(sum(lengths), len(ranked)))
    pencil = ranked[steps // 2] if ranked else 0.0
    paper = ranked[len(ranked) // 2] if ranked else 0.0
    grain = _grain(values, paper)
    contrast = pencil - paper
    z = {e: (edge_scores[e] - paper) / grain for e in all_edges}
    z_halves = {
        e: ((h[0] - paper) / grain, (h[1] - paper) / grain) for e, h in (halves or {}).items()
    }
    out: Decision
    if contrast < FAINT * grain:
        # no network's worth of pencil: the marks that stand out (a line or two) are doubts
        marks = [e for e in all_edges if edge_scores[e] - paper >= CLEAR * grain]
        out = Decision(frozenset(), frozenset(), {}, contrast, grain=grain, z=z, z_halves=z_halves)
        for e in sorted(marks):
            a, b = (format_cell(c) for c in e)
            for c in e:
                out.doubt(c, f"a pencil mark between {a} and {b}, but too few lines to read")
        top = ranked[:steps]
        if not marks and sum(top) / len(top) - paper >= WHISPER * grain:
            # no step stands out, but a network's worth of them, together, stand above the
            # paper more than its grain lets an even paper's: pencil too faint to read
            for e in all_edges:
                if edge_scores[e] >= top[-1]:
                    for c in e:
                        out.doubt(c, "pencil too faint to tell from the paper: look at the sheet")
        _covered(out, field_, blots, washed, paper, max(contrast, CLEAR * grain), covered)
        return out
    faint = contrast < CLEAR * grain
    tail = TAIL * grain / contrast  # an edge under this level may be the grain's tail
    levels = {e: (edge_scores[e] - paper) / contrast for e in all_edges}
    least = max(JOIN, JOINED * grain / contrast)  # the weakest joined edge
    joined = frozenset(e for e in all_edges if levels[e] >= least)
    if halves:
        levels.update(_overshoots(joined, levels, halves, paper, contrast))
        joined = frozenset(e for e in all_edges if levels[e] >= least)
    cells = frozenset(c for e in joined for c in e)
    out = Decision(cells, joined, {}, contrast, levels, grain, z, z_halves)
    for e in all_edges:
        # up to the weakest joined edge at least: on a grainy photo that lies above UNSURE's
        # top, and an edge between the grain's tail and it is neither read nor let go
        if max(UNSURE[0], tail) < levels[e] < max(UNSURE[1], least if e not in joined else 0):
            a, b = (format_cell(c) for c in e)
            said = "joined" if e in joined else "not joined"
            for c in e:
                out.doubt(c, f"faint pencil between {a} and {b} (read as {said})")
    if faint:
        for c in sorted(cells):
            out.doubt(c, "the pencil is very faint here: hard to tell from the paper")
    centres = _centres_paper(field_, cell_scores, cells, paper)
    for c in field_.cells():
        level = (cell_scores[c] - paper) / contrast
        if c in cells and level < CENTRE_EMPTY:
            # a line's end drawn a little short leaves the end's centre empty: only a weak
            # step into the cell makes that a doubt
            strongest = max(levels[e] for e in joined if c in e)
            if strongest < SURE_STEP:
                out.doubt(c, "a line reaches it but its centre looks empty")
        elif c not in cells and (cell_scores[c] - centres) / contrast > CENTRE_INKED:
            out.doubt(c, "pencil at its centre but no line through it")
    _covered(out, field_, blots, washed, paper, contrast, covered)
    return out


def _centres_paper(
    field_: Field, cell_scores: Mapping[Cell, float], cells: frozenset[Cell], paper: float
) -> float:
    """The paper's level at the cells' centres: the median of the empty cells' centres (the
    edges' paper `paper` when too few cells are empty to tell). A centre is a smaller window
    than an edge's and lies away from the printed grid: on a photo in low light its paper may
    be darker than the edges' by a good part of a faint pencil's darkness."""
    empty = sorted(cell_scores[c] for c in field_.cells() if c not in cells)
    return empty[len(empty) // 2] if len(empty) >= CENTRES else paper


def _flatten(
    field_: Field,
    cell_scores: Mapping[Cell, float],
    edge_scores: Mapping[Edge, float],
    halves: Mapping[Edge, tuple[float, float]] | None,
) -> tuple[dict[Cell, float], dict[Edge, float], dict[Edge, tuple[float, float]] | None]:
    """The scores with the paper's level around each place taken out (the field's own level
    put back): a shadow's edge or uneven light leaves the paper a little darker or lighter over
    part of the field, which would pass for faint pencil there or hide it, and swell the grain."""
    all_edges = edges(field_)
    if len(all_edges) < 12:
        return dict(cell_scores), dict(edge_scores), None if halves is None else dict(halves)
    mids = [((a[0] + b[0]) / 2, (a[1] + b[1]) / 2) for a, b in all_edges]
    values = [edge_scores[e] for e in all_edges]
    level = sorted(values)[len(values) // 2]

    def local(r: float, c: float) -> float:
        near = sorted(
            v
            for (mr, mc), v in zip(mids, values, strict=True)
            if abs(mr - r) <= LOCAL and abs(mc - c) <= LOCAL
        )
        return near[int(LOCAL_RANK * (len(near) - 1))] - level

    shift = {e: local(*m) for e, m in zip(all_edges, mids, strict=True)}
    edges_out = {e: edge_scores[e] - shift[e] for e in all_edges}
    cells_out = {c: v - local(c[0], c[1]) for c, v in cell_scores.items()}
    halves_out = None
    if halves is not None:
        halves_out = {e: (h[0] - shift[e], h[1] - shift[e]) for e, h in halves.items()}
    return cells_out, edges_out, halves_out


def _overshoots(
    joined: frozenset[Edge],
    levels: Mapping[Edge, float],
    halves: Mapping[Edge, tuple[float, float]],
    paper: float,
    contrast: float,
) -> dict[Edge, float]:
    """The edges that carry on a joined line past its end (the line's last cell on one side,
    the joined edge before it in line with them), with the level of their far half only: a hand
    draws a line's end a little past the centre, which darkens the near half of the next edge;
    only pencil beyond the grid line between the two cells (the far half) joins them."""
    out: dict[Edge, float] = {}
    for e in levels:
        if e in joined and levels[e] >= SURE:
            continue
        a, b = e
        dr, dc = b[0] - a[0], b[1] - a[1]
        before = ((a[0] - dr, a[1] - dc), a)  # the edge in line on a's side
        after = (b, (b[0] + dr, b[1] + dc))  # and on b's side
        far = []
        if before in joined and after not in joined:
            far.append(halves[e][1])  # the line ends at a: only b's half says it goes on
        if after in joined and before not in joined:
            far.append(halves[e][0])
        if far:
            out[e] = min(levels[e], (min(far) - paper) / contrast)
    return out


def _covered(
    out: Decision,
    field_: Field,
    blots: Mapping[Cell, float] | None,
    washed: frozenset[Cell],
    paper: float,
    contrast: float,
    covered: frozenset[Cell] = frozenset(),
) -> None:
    """Doubt the cells something other than a line covers (`covered`: seen lying there), and
    those glare washed out."""
    out.washed = washed
    for c in sorted(washed):
        out.uncertain[c] = WASHED  # what a stroke there seems to be says little
    for c in sorted(covered):  # seen lying there: what a stroke there seems to be says nothing
        out.uncertain[c] = COVERED
    if not blots:
        return
    for c in field_.cells():
        if (blots[c] - paper) / contrast > BLOT:
            out.doubt(c, COVERED)


def settle_washed(decision: Decision, layouts: Sequence[Sequence[Cell]]) -> None:
    """A legal reading whose lines (its layouts', all alike about the washed-out cells) cross
    the washed-out cells, each step there seen at least `WASHED_SEEN` as dark as the pencil
    elsewhere (or SURE), every other step there under half the dimmest of them: the glare dims
    this pencil but does not hide it (one hand drew every line: another stroke there would show
    as dark as those), so the washed cells' doubts are lifted. Dimmer still, the lines' steps
    there may stand out of the glare's own paper (`_out_of_glare`): lifted too, and so are the
    doubts of those steps as faint pencil (the glare dimmed them: they are read as joined;
    where networks nearly as likely differ, photo._weighed_in_glare asks the prior again). A
    line lost to the glare would have left the reading illegal, and an illegal reading keeps
    them."""
    washed = decision.washed
    lines = {frozenset(e for e in layout_edges(v) if set(e) & washed) for v in layouts}
    if len(lines) != 1:
        return
    (steps,) = lines
    if not steps:
        return
    levels = decision.edge_levels
    through = min(levels.get(e, 0.0) for e in steps)
    others = [v for e, v in levels.items() if e not in steps and set(e) & washed]
    if through >= WASHED_SEEN:
        seen = through >= SURE or max(others, default=0.0) < through / 2
    else:
        seen = _out_of_glare(through, others)
    if not seen:
        return
    for c in washed:
        if decision.uncertain.get(c) == WASHED:
            del decision.uncertain[c]
    for e in steps:
        faint = f"faint pencil between {format_cell(e[0])} and {format_cell(e[1])} "
        for c in e:
            if decision.uncertain.get(c, "").startswith(faint):
                del decision.uncertain[c]
    decision.joined = decision.joined | steps


def glare_grains(decision: Decision) -> dict[Edge, float] | None:
    """Each step touching the washed-out cells, in spreads of the glare's white above its
    middle (`_glare_band` over all of them: the lines' few steps do not move it), for
    photo_prior as other steps are in grains above the paper; None with too few steps there."""
    washed = decision.washed
    there = {e: v for e, v in decision.edge_levels.items() if set(e) & washed}
    band = _glare_band(list(there.values()))
    if band is None:
        return None
    middle, spread = band
    return {e: (v - middle) / spread for e, v in there.items()}


def _glare_band(levels: list[float]) -> tuple[float, float] | None:
    """The middle and the spread (robust, GLARE_GRAIN at least) of steps in the glare; None
    under GLARE_STEPS of them."""
    if len(levels) < GLARE_STEPS:
        return None
    values = sorted(levels)
    middle = values[len(values) // 2]
    spread = max(1.4826 * sorted(abs(v - middle) for v in values)[len(values) // 2], GLARE_GRAIN)
    return middle, spread


def _out_of_glare(dimmest: float, others: list[float]) -> bool:
    """Whether the dimmest step of the lines in the glare stands out of the glare's own paper:
    the other steps there (at least GLARE_STEPS of them) lie in a narrow band, the glare's even
    white; the dimmest line step lies WASHED_Z times their spread above their median and
    WASHED_GAP above the darkest of them, which lies under half as far above the median (a
    stroke there as dark as the lines would show). A line drawn only up to the glare's edge,
    read into it by the rules, would lie in that band."""
    band = _glare_band(others)
    if band is None:
        return False
    middle, spread = band
    out = dimmest - middle
    return (
        out >= WASHED_Z * spread
        and dimmest - max(others) >= WASHED_GAP
        and max(others) - middle < out / 2
    )


def groups(decision: Decision) -> list[frozenset[Cell]]:
    """The cells read, in groups joined by the joined edges, the largest first."""
    left = set(decision.cells)
    out: list[frozenset[Cell]] = []
    while left:
        todo = [left.pop()]
        group = set(todo)
        while todo:
            cell = todo.pop()
            for e in decision.joined:
                if cell in e:
                    other = e[1] if e[0] == cell else e[0]
                    if other in left:
                        left.discard(other)
                        group.add(other)
                        todo.append(other)
        out.append(frozenset(group))
    return sorted(out, key=lambda g: (-len(g), sorted(g)))


def faint_joins(decision: Decision) -> frozenset[Edge]:
    """The joined edges weaker than SURE, which a rubbed-out line may have left."""
    return frozenset(e for e in decision.joined if decision.edge_levels.get(e, 1.0) < SURE)


def without(decision: Decision, weak: frozenset[Edge], why: str) -> Decision:
    """`decision` with the edges `weak` left out, their cells doubted (`why`)."""
    joined = decision.joined - weak
    cells = frozenset(c for e in joined for c in e)
    out = Decision(
        cells,
        joined,
        dict(decision.uncertain),
        decision.contrast,
        decision.edge_levels,
        decision.grain,
        decision.z,
        decision.z_halves,
        decision.washed,
        across=decision.across,
    )
    for e in sorted(weak):
        for c in e:
            if c not in cells:  # read as empty now: the earlier reason spoke of the stroke
                out.uncertain[c] = why
            else:
                out.doubt(c, why)
    return out


def settle_faint(decision: Decision, layouts: Sequence[Sequence[Cell]]) -> None:
    """A legal reading whose joined edges are exactly one of its line layouts: the doubts on
    its faint joined edges (read as joined) are lifted: the network needs them."""
    if not layouts:
        return
    if not any(layout_edges(v) == decision.joined for v in layouts):
        return
    for c, why in list(decision.uncertain.items()):
        if why.startswith("faint pencil") and why.endswith("(read as joined)"):
            ends = [e for e in decision.joined if c in e]
            others = [
                e
                for e in decision.edge_levels
                if c in e and e not in decision.joined and decision.edge_levels[e] > UNSURE[0]
            ]
            if ends and not others:
                del decision.uncertain[c]


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
