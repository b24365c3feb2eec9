"""The legal networks as a prior: which of them the photo's evidence, edge by edge, points to.

Pure: no image, no I/O. photo_decide reads each edge on its own, against thresholds; where that
leaves doubts (faint pencil, a step just under the join level, a cell's centre at odds with its
edges) the evidence may still single out one legal network: every legal network (enumerate) is
scored by how well its lines fit the darkness of every edge, the whole length of each line
adding up (a faint but straight stroke across several cells counts for all its steps, where one
edge's window does not). The best network is read when it beats every other by `MARGIN` (in
nats: the log of how many times likelier it is) and nothing dark lies outside it; the cells
where it and the networks nearly as likely differ stay in doubt. Nothing outside a legal network
is ever explained away: a stroke off the network (`STRAY`) leaves the edge-by-edge reading as it
was (a drawing may be illegal, and a wrong reading in silence is the worst outcome); only a run
far fainter than the lines (`STRAY_SHARE`: a stroke rubbed out, a shadow's edge) is read as not
drawn, and named.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any

import numpy as np

from assistant.games.spy.model import Cell, Field
from assistant.games.spy.photo_across import Across, line_steps, lines_of, own, run_mean
from assistant.games.spy.photo_geometry import Edge, edges

MARGIN = 8.0  # nats the best network must beat every other by to be read without a doubt
CAP = 8.0  # nats one edge can say at most, either way (a pen or a blot is not a line)
SPREAD = 0.35  # the pencil's own spread along a line, as a fraction of its darkness
MIN_PENCIL = 3.0  # grains: pencil lighter than this is not read through the prior
STRAY = 3.5  # grains: a straight run off the network this dark (mean * sqrt(length)) is a stroke
STRAY_EDGE = 0.1  # ...and each of its steps this far of the way from paper to pencil
STRAY_SHARE = 0.3  # ...and on average this far; fainter, it is named (rubbed out?), not read
WEAK_LINE = 0.35  # a line of the network whose steps average under this of the pencil: no prior
TABLE_VERSION = 1  # of the cached table (photo_prior's own, beside the networks' cache)
WEAKEST = 0.5  # a step off the network this far to the pencil and as dark as its weakest: none
SLACK = 1.0  # grains
AGAINST = -0.5  # nats: a step of the network whose own evidence says paper this surely: a doubt
GAP = 0.25  # a step of the network under this of the pencil: a gap, the drawing may be illegal
COVERS = 2.5  # a step off the network this many times darker than its pencil: something covers it
HALF_GAP = 0.15  # second look: half a step of the network under this of the pencil: a gap
WINDOW = 16.0  # nats: second look: the networks this close to the best by the first are scored
CANDIDATES = 3000  # ...at most this many of them


@dataclass(frozen=True)
class _Table:
    """The networks of a field as edge indexes: each network's representative chain (L edges)
    and the other edges between two of its cells (side-by-side lines), -1 padded."""

    edges: list[Edge]
    layout: np.ndarray  # (N, L) int16
    inside: np.ndarray  # (N, K) int16, -1 padded
    masks: np.ndarray  # (N, cells) bool


@lru_cache(maxsize=4)
def _table(rows: int, cols: int, lengths: tuple[int, ...]) -> _Table:
    """The table of the networks of a field, from memory, the cache beside the networks', or
    built (half a second) and cached."""
    from assistant.games.spy.enumerate import cache_path, networks

    nets = networks(Field(rows, cols), lengths)
    n = len(nets)
    bits = np.unpackbits(nets.masks.view(np.uint8), axis=1, bitorder="little")[:, : rows * cols]
    masks = bits.astype(bool)
    beside = cache_path(rows, cols, lengths)  # networks-v1-10x10-1-2-3-4-5-6.npz
    path = beside.with_name(f"prior-v{TABLE_VERSION}-" + beside.name.split("-", 2)[2])
    check = np.array([n, int(nets.shape_id.sum()), int(nets.origin.sum())], dtype=np.int64)
    try:
        with np.load(path, allow_pickle=False) as data:
            layout, inside = data["layout"], data["inside"]
            if np.array_equal(data["check"], check) and layout.shape[0] == inside.shape[0] == n:
                return _Table(edges(Field(rows, cols)), layout, inside, masks)
    except Exception:  # missing, truncated or foreign: build it
        pass
    table = _build(nets, masks)
    from deaddrop.paths import cache_writer

    try:
        with cache_writer(path) as handle:
            np.savez(handle, check=check, layout=table.layout, inside=table.inside)
    except OSError:
        pass  # a read-only cache is not an error
    return table


def _build(nets: Any, masks: np.ndarray) -> _Table:
    """Each network's representative chain and other inside edges as edge indexes."""
    rows, cols = nets.rows, nets.cols
    all_edges = edges(Field(rows, cols))
    lengths = nets.lengths
    n = len(nets)
    # an edge by its kind (0 along a row, 1 down a column) and its upper left cell
    index_of = np.full((2, rows, cols), -1, dtype=np.int32)
    for i, ((r, c), (r2, _c2)) in enumerate(all_edges):
        index_of[0 if r == r2 else 1, r, c] = i
    # each shape's chain as edges from its box's origin: every step of every line
    verts = nets.shape_vertices.astype(np.int32)  # (U, lines + 1, 2)
    longest = max(lengths)
    kinds, ers, ecs, valid = [], [], [], []
    for k in range(verts.shape[1] - 1):
        a, b = verts[:, k], verts[:, k + 1]
        d = np.sign(b - a)
        span = np.abs(b - a).sum(axis=1)
        for j in range(longest):
            cell = a + j * d
            low = np.minimum(cell, cell + d)
            kinds.append((d[:, 0] != 0).astype(np.int32))
            ers.append(low[:, 0])
            ecs.append(low[:, 1])
            valid.append(j < span)
    ok = np.stack(valid, axis=1)
    keep = np.argsort(~ok, axis=1, kind="stable")[:, : int(ok.sum(axis=1).max())]
    kind, er, ec = (
        np.take_along_axis(np.stack(x, axis=1), keep, axis=1) for x in (kinds, ers, ecs)
    )
    sid = nets.shape_id
    rr = er[sid] + nets.origin[:, :1]
    cc = ec[sid] + nets.origin[:, 1:]
    layout = index_of[kind[sid], rr, cc].astype(np.int16)
    cells = masks.reshape(n, rows, cols)
    inside = np.zeros((n, len(all_edges)), dtype=bool)
    h_idx = index_of[0, :rows, : cols - 1]
    v_idx = index_of[1, : rows - 1, :cols]
    inside[:, h_idx.ravel()] = (cells[:, :, :-1] & cells[:, :, 1:]).reshape(n, -1)
    inside[:, v_idx.ravel()] = (cells[:, :-1, :] & cells[:, 1:, :]).reshape(n, -1)
    inside[np.arange(n)[:, None], layout] = False  # the other edges only
    row, col = np.nonzero(inside)
    count = inside.sum(axis=1)
    starts = np.concatenate(([0], np.cumsum(count)[:-1]))
    pad = np.full((n, max(1, int(count.max()))), -1, dtype=np.int16)
    pad[row, np.arange(len(row)) - starts[row]] = col
    return _Table(all_edges, layout, pad, masks)


@dataclass(frozen=True)
class PriorReading:
    """The network the evidence points to, and the cells nearly as likely networks differ in."""

    cells: frozenset[Cell]
    joined: frozenset[Edge]
    doubtful: frozenset[Cell]
    margin: float  # nats between the best network and the next
    # steps off the network that stand above the paper's grain in a straight run but under
    # STRAY_SHARE of the pencil: read as not drawn (a stroke rubbed out, a shadow's edge), named
    faint: frozenset[Edge] = frozenset()
    # cells of steps off the network far darker than its pencil (COVERS): a pen, a finger's edge
    covered: frozenset[Cell] = frozenset()


def _weights(z: np.ndarray, pencil: float) -> np.ndarray:
    """Each edge's log-likelihood ratio, drawn against not drawn, capped at CAP either way."""
    sd = math.sqrt(1.0 + (SPREAD * pencil) ** 2)
    drawn = -np.log(sd) - 0.5 * ((z - pencil) / sd) ** 2
    paper = -0.5 * z**2
    return np.clip(drawn - paper, -CAP, CAP)


def _runs(all_edges: list[Edge]) -> list[list[int]]:
    """Every straight run of edges (1 to 6 steps) as edge indexes."""
    index = {e: i for i, e in enumerate(all_edges)}
    out = []
    for e in all_edges:
        (r, c), (r2, c2) = e
        dr, dc = r2 - r, c2 - c
        run = [index[e]]
        out.append(list(run))
        for _ in range(5):
            r, c, r2, c2 = r + dr, c + dc, r2 + dr, c2 + dc
            nxt = ((r, c), (r2, c2))
            if nxt not in index:
                break
            run.append(index[nxt])
            out.append(list(run))
    return out


def best_network(
    field: Field,
    lengths: tuple[int, ...],
    z: dict[Edge, float],
    z_halves: dict[Edge, tuple[float, float]],
    hidden: frozenset[Cell],
    across: Across | None = None,
) -> PriorReading | None:
    """The legal network the edge evidence points to (None when the evidence leaves the legal
    networks out: too faint, a stroke off the best network, or a line of it barely there).

    `z`: each edge's darkness above the paper in grains; `z_halves`: its two halves' (a line's
    end drawn past its last centre darkens the near half of the next edge only); `hidden`: cells
    something covers or glare washes out (their edges say nothing either way); `across`: each
    edge's profile across it in grains (photo_across), for a second look where `z` alone
    leaves a doubt or bails: each step measured where its line lies (see `_second_look`)."""
    try:
        table = _table(field.rows, field.cols, tuple(lengths))
    except Exception:  # a field or lengths too large to enumerate: no prior
        return None
    all_edges = table.edges
    zs = np.array([z[e] for e in all_edges], dtype=np.float64)
    blind = np.array([bool(set(e) & hidden) for e in all_edges])
    pencil = float(np.sort(zs)[::-1][table.layout.shape[1] // 2])
    best = -1
    for _ in range(3):  # the pencil's darkness from the network found, found again
        if pencil < MIN_PENCIL:
            return None
        w = np.where(blind, 0.0, _weights(zs, pencil))
        wp = np.append(np.maximum(w, 0.0), 0.0)  # index -1: padding
        score = w[table.layout].sum(axis=1) + wp[table.inside].sum(axis=1)
        top = int(np.argmax(score))
        on = zs[table.layout[top]][~blind[table.layout[top]]]
        if top == best or not len(on):
            break
        best, pencil = top, float(np.median(on))
    # a step off the network far darker than its pencil is not pencil (one hand drew every line
    # alike): a pen lying on the sheet, a finger's edge. Its cells are taken as covered (they say
    # nothing either way) and the network looked for again
    near_best = {int(i) for i in table.layout[best]} | {
        int(i) for i in table.inside[best] if i >= 0
    }
    far = [
        i
        for i in range(len(all_edges))
        if i not in near_best and not blind[i] and zs[i] >= COVERS * pencil
    ]
    if far:
        cover = frozenset(c for i in far for c in _under(all_edges[i], z_halves, COVERS * pencil))
        found = best_network(field, lengths, z, z_halves, hidden | cover, across)
        return None if found is None else replace(found, covered=found.covered | cover)
    order = np.argsort(score)[::-1]
    margin = float(score[order[0]] - score[order[1]]) if len(order) > 1 else math.inf
    near = order[score[order] > score[best] - MARGIN]
    if across and margin < MARGIN:
        candidates = order[score[order] > score[best] - WINDOW]
        looked = _second_look(table, candidates, across, hidden, blind)
        if looked is not None:
            best, margin, near = looked
    layout = {int(i) for i in table.layout[best]}
    joined = frozenset(all_edges[i] for i in layout)
    cells_best = table.masks[best]
    differ = np.any(table.masks[near] != cells_best, axis=0)
    cols = field.cols
    doubtful = frozenset((int(i) // cols, int(i) % cols) for i in np.flatnonzero(differ))
    # the second look's measure of the network's steps, where each lies on its line
    look = _Look.of(joined, across, hidden) if across else None
    # a step of the network the photo says is more likely paper than pencil: the drawing may
    # stop there (and be illegal): its cells in doubt (unless the second look finds it pencil)
    against = [
        all_edges[i]
        for i in layout
        if not blind[i] and w[i] < AGAINST and (look is None or look.against(all_edges[i]))
    ]
    doubtful |= frozenset(c for e in against for c in e)
    cells = frozenset((int(i) // cols, int(i) % cols) for i in np.flatnonzero(cells_best))
    # every line of the network must be there: its steps on average a fair part of the pencil
    for line in straight_runs(joined):
        seen = [z[e] for e in line if not (set(e) & hidden)]
        if seen and (sum(seen) / len(seen) < WEAK_LINE * pencil or min(seen) < GAP * pencil):
            if look is None or look.weak(line):
                return None
    # nothing dark off the network: a straight run of edges outside it, in line with a line's
    # end judged on its far half only
    inside = set(layout) | {int(i) for i in table.inside[best] if i >= 0}
    off = zs.copy()
    for i, e in enumerate(all_edges):
        if i in inside:
            continue
        a, b = e
        dr, dc = b[0] - a[0], b[1] - a[1]
        before = ((a[0] - dr, a[1] - dc), a)
        after = (b, (b[0] + dr, b[1] + dc))
        halves = z_halves.get(e)
        if halves and before in joined and after not in joined:
            off[i] = min(off[i], halves[1])
        if halves and after in joined and before not in joined:
            off[i] = min(off[i], halves[0])
    # ...nor a step off it as dark as the network's weakest, within a grain (which is pencil?),
    # unless the second look finds it lighter than the network's weakest
    seen_on = [z[all_edges[i]] for i in layout if not blind[i]]
    loose = [i for i in range(len(all_edges)) if i not in inside and not blind[i]]
    level = max(min(seen_on) - SLACK, WEAKEST * pencil) if seen_on else math.inf
    dark = [all_edges[i] for i in loose if off[i] >= level]
    if dark and (look is None or any(look.as_dark(e) for e in dark)):
        return None
    # a step between two of its cells that is not one of its steps, drawn as dark: the drawing
    # joins its lines another way (and may be illegal): those cells in doubt
    for i in (int(i) for i in table.inside[best] if i >= 0):
        if not blind[i] and off[i] >= level:
            doubtful |= frozenset(all_edges[i])
    faint: set[int] = set()
    for run in _runs_memo(field.rows, field.cols):
        if any(i in inside or blind[i] for i in run):
            continue
        vals = off[run]
        if vals.min() >= STRAY_EDGE * pencil and vals.mean() * math.sqrt(len(run)) >= STRAY:
            if vals.mean() >= STRAY_SHARE * pencil and (
                look is None or look.stroke([all_edges[i] for i in run])
            ):
                return None  # a stroke: the drawing may be illegal
            faint.update(run)
    named = frozenset(all_edges[i] for i in faint)
    return PriorReading(cells, joined, doubtful, margin, named)


@dataclass(frozen=True)
class _Look:
    """The second look at a network (photo_across): its steps measured where their lines lie,
    and its pencil so measured. Each of its tests can only spare a reading the first look
    would doubt or give up: it is asked where the first look has already found fault."""

    across: Across
    steps: dict[Edge, tuple[float, float, float]]  # the network's steps: whole, either half
    hidden: frozenset[Cell]
    pencil: float

    @staticmethod
    def of(joined: frozenset[Edge], across: Across, hidden: frozenset[Cell]) -> _Look | None:
        steps = lines_of(straight_runs(joined), across, hidden)
        seen = [v[0] for e, v in steps.items() if not set(e) & hidden]
        return _Look(across, steps, hidden, float(np.median(seen))) if seen else None

    def against(self, step: Edge) -> bool:
        """Whether the step, where its line lies, is more likely paper than pencil."""
        value = np.array([self.steps[step][0]])
        return bool(_weights(value, self.pencil)[0] < AGAINST)

    def weak(self, line: list[Edge]) -> bool:
        """Whether the line, where it lies, is barely there: its steps on average under
        WEAK_LINE of the pencil, or one of them under GAP, or one half of one under HALF_GAP
        (a line's end drawn past its centre into a step the network needs)."""
        seen = [self.steps[e] for e in line if not set(e) & self.hidden]
        if not seen:
            return False
        whole = [v[0] for v in seen]
        return (
            sum(whole) / len(whole) < WEAK_LINE * self.pencil
            or min(whole) < GAP * self.pencil
            or min(min(v[1:]) for v in seen) < HALF_GAP * self.pencil
        )

    def as_dark(self, step: Edge) -> bool:
        """Whether a step off the network, at its own darkest place, is as dark as the network's
        weakest step where its line lies (within a grain), or WEAKEST of the pencil."""
        seen = [v[0] for e, v in self.steps.items() if not set(e) & self.hidden]
        level = max(min(seen) - SLACK, WEAKEST * self.pencil)
        return own(self.across, step) >= level

    def stroke(self, run: list[Edge]) -> bool:
        """Whether a straight run off the network, at its own place, is STRAY_SHARE of the
        pencil on average: a stroke, not one rubbed out."""
        return run_mean(self.across, run) >= STRAY_SHARE * self.pencil


def _second_look(
    table: _Table,
    candidates: np.ndarray,
    across: Across,
    hidden: frozenset[Cell],
    blind: np.ndarray,
) -> tuple[int, float, np.ndarray] | None:
    """The networks within WINDOW of the best by the first look (at most CANDIDATES of them),
    scored again with each of their steps measured where its line lies (and their other inside
    steps at their own darkest place): (the best, its margin over the next, the networks within
    MARGIN of it). None when the first look's best is not the second's too (the second look
    confirms, it never reads a network of its own: a line's end drawn past a centre measures
    as half a step there, and a network with that line a step longer must not win on it), or
    when its pencil so measured is under MIN_PENCIL."""
    all_edges = table.edges
    candidates = candidates[:CANDIDATES]
    first = _Look.of(frozenset(all_edges[i] for i in table.layout[candidates[0]]), across, hidden)
    if first is None or first.pencil < MIN_PENCIL:
        return None
    pencil = first.pencil
    index = {e: i for i, e in enumerate(all_edges)}
    own_w = _weights(np.array([own(across, e) for e in all_edges]), pencil)
    own_w = np.where(blind, 0.0, np.maximum(own_w, 0.0))
    scores = np.empty(len(candidates))
    for k, n in enumerate(candidates):
        total = 0.0
        for line in straight_runs(frozenset(all_edges[i] for i in table.layout[n])):
            values = np.array([v[0] for v in line_steps(across, line, hidden)])
            w = _weights(values, pencil)
            total += float(np.where(blind[[index[e] for e in line]], 0.0, w).sum())
        total += float(own_w[table.inside[n][table.inside[n] >= 0]].sum())
        scores[k] = total
    order = np.argsort(scores)[::-1]
    if order[0] != 0:
        return None  # the second look would read another network: it only confirms the first
    top = scores[order[0]]
    margin = float(top - scores[order[1]]) if len(order) > 1 else math.inf
    return int(candidates[order[0]]), margin, candidates[scores > top - MARGIN]


def _under(edge: Edge, z_halves: dict[Edge, tuple[float, float]], level: float) -> tuple[Cell, ...]:
    """The cells of a step far darker than the pencil that the dark thing lies over: the
    cell of each half of it that dark (a pen beside a line darkens the half away from it
    only), both when neither half is."""
    halves = z_halves.get(edge)
    under = tuple(c for c, z in zip(edge, halves or (), strict=False) if z >= level)
    return under or edge


@lru_cache(maxsize=4)
def _runs_memo(rows: int, cols: int) -> list[list[int]]:
    return _runs(edges(Field(rows, cols)))


def straight_runs(joined: frozenset[Edge]) -> list[list[Edge]]:
    """The joined edges in maximal straight runs."""
    out = []
    for e in sorted(joined):
        a, b = e
        dr, dc = b[0] - a[0], b[1] - a[1]
        if ((a[0] - dr, a[1] - dc), a) in joined:
            continue  # not the start of its run
        run = [e]
        while True:
            x, y = run[-1]
            nxt = (y, (y[0] + dr, y[1] + dc))
            if nxt not in joined:
                break
            run.append(nxt)
        out.append(run)
    return out
