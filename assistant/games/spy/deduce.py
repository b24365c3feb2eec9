"""Spy! deduction: which networks fit the answers so far, where the lines probably are, and what
to probe next. Pure (numpy on the enumerated networks; no I/O besides the enumeration cache).

- Consistent networks: every distinct legal network (assistant.games.spy.enumerate) whose
  answers match every observation. Probabilities are uniform over them.
- Next probe: among single cells and the multiple probes the unused numbered squares allow (2-5
  cells in a row or column, of a size that has a square left), the one whose answer tells the most
  (largest expected information, the entropy of its answer pattern). Ties go to the smaller expected
  number remaining, then to fewer cells, then to the first in row-major order (the computer of
  `spy solo` draws one of the probes exactly as good from its seed instead, so that its opening
  is not always the same: the turned and mirrored images of the best, on an opening). When more than
  `SAMPLE` networks remain, every candidate is first scored on a fixed pseudo-random sample of
  `SAMPLE` of them and the best `RESCORE` are scored again exactly; the figures shown (worst case,
  expected remaining) are always exact.
- No consistent network: a smallest set of observations that cannot all be true. An exact search
  over subsets of increasing size finds it while the number of subsets stays under
  `CONFLICT_BUDGET`; beyond that the set is minimal (no observation can be dropped) found by
  deletion.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable, Sequence
from functools import lru_cache

import numpy as np

from assistant.games.spy.deduction import Deduction, Suggestion
from assistant.games.spy.enumerate import Networks, networks
from assistant.games.spy.model import Cell, Field
from assistant.games.spy.observations import Observation
from deaddrop.errors import InputError

CODE = {"cold": 0, "warm": 1, "hot": 2}
SAMPLE = 20_000
RESCORE = 12
CONFLICT_BUDGET = 20_000
DEFAULT_SQUARES = (2, 2, 3, 3, 4, 5)


@lru_cache(maxsize=8)
def _neighbours(rows: int, cols: int, words: int) -> np.ndarray:
    """(rows * cols, words) uint64: the orthogonal neighbours of each cell as a mask."""
    table = np.zeros((rows * cols, words), np.uint64)
    for r in range(rows):
        for c in range(cols):
            for nr, nc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                if 0 <= nr < rows and 0 <= nc < cols:
                    i = nr * cols + nc
                    table[r * cols + c, i // 64] |= np.uint64(1 << (i % 64))
    return table


def _hot_near(masks: np.ndarray, cell: Cell, field: Field) -> tuple[np.ndarray, np.ndarray]:
    """Per network: is `cell` covered; is one of its orthogonal neighbours covered."""
    i = cell[0] * field.cols + cell[1]
    hot = ((masks[:, i // 64] >> np.uint64(i % 64)) & np.uint64(1)).astype(bool)
    near = np.zeros(masks.shape[0], bool)
    row = _neighbours(field.rows, field.cols, masks.shape[1])[i]
    for w in np.flatnonzero(row):  # only the words that hold a neighbour
        near |= (masks[:, w] & row[w]) != 0
    return hot, near


def cell_codes(masks: np.ndarray, cell: Cell, field: Field) -> np.ndarray:
    """The answer of every network (row of `masks`) at `cell`: 0 cold, 1 warm, 2 hot."""
    hot, near = _hot_near(masks, cell, field)
    return np.where(hot, np.uint8(2), near.astype(np.uint8))


def matches(masks: np.ndarray, observation: Observation, field: Field) -> np.ndarray:
    """Which networks give every answer of `observation` (boolean, one per row of `masks`)."""
    alive = np.arange(masks.shape[0])
    for cell, said in zip(observation.cells, observation.answers, strict=True):
        hot, near = _hot_near(masks[alive] if len(alive) < masks.shape[0] else masks, cell, field)
        ok = hot if said == "hot" else ~hot & (near if said == "warm" else ~near)
        alive = alive[ok]
    keep = np.zeros(masks.shape[0], bool)
    keep[alive] = True
    return keep


def apply(nets: Networks, index: np.ndarray, observation: Observation, field: Field) -> np.ndarray:
    """The indices among `index` of the networks consistent with `observation` too."""
    return index[matches(nets.masks[index], observation, field)]


def _bits(masks: np.ndarray, cells: int) -> np.ndarray:
    """(N, cells) uint8 0/1: the covered cells of each network."""
    raw = np.ascontiguousarray(masks.astype("<u8", copy=False)).view(np.uint8)
    return np.unpackbits(raw, axis=1, bitorder="little")[:, :cells]


def hot_counts(masks: np.ndarray, field: Field, chunk: int = 1 << 16) -> np.ndarray:
    """How many networks cover each cell, row-major."""
    total = np.zeros(field.rows * field.cols, np.int64)
    for lo in range(0, masks.shape[0], chunk):
        total += _bits(masks[lo : lo + chunk], field.rows * field.cols).sum(0, dtype=np.int64)
    return total


def answer_grid(masks: np.ndarray, field: Field) -> np.ndarray:
    """(rows, cols, N) uint8 answers at every cell of every network: 0 cold, 1 warm, 2 hot. The
    answers at one cell are one contiguous row, so that a cell's outcomes count in one pass."""
    hot = np.ascontiguousarray(_bits(masks, field.rows * field.cols).T)
    hot = hot.reshape(field.rows, field.cols, -1)
    near = np.zeros_like(hot)
    near[1:, :] |= hot[:-1, :]
    near[:-1, :] |= hot[1:, :]
    near[:, 1:] |= hot[:, :-1]
    near[:, :-1] |= hot[:, 1:]
    return np.maximum(hot * np.uint8(2), near)


def candidate_probes(field: Field, squares: Iterable[int]) -> list[tuple[Cell, ...]]:
    """Single cells, then every run of k cells in a row or column for each size k left."""
    found: list[tuple[Cell, ...]] = [(cell,) for cell in field.cells()]
    for k in sorted({k for k in squares if 2 <= k <= 5}):
        for r in range(field.rows):
            for c in range(field.cols - k + 1):
                found.append(tuple((r, c + j) for j in range(k)))
        for c in range(field.cols):
            for r in range(field.rows - k + 1):
                found.append(tuple((r + j, c) for j in range(k)))
    return found


def _score(counts: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Per row of outcome counts: information (bits), expected remaining, worst case."""
    counts = counts.astype(np.float64)
    total = counts.sum(1)
    with np.errstate(divide="ignore", invalid="ignore"):
        plogp = np.where(counts > 0, counts * np.log2(np.where(counts > 0, counts, 1)), 0.0)
    info = np.log2(total) - plogp.sum(1) / total
    return info, (counts**2).sum(1) / total, counts.max(1)


def _run_counts(lines: np.ndarray, sizes: Sequence[int]) -> dict[int, np.ndarray]:
    """Outcome counts of every run of k cells along the lines of `lines` ((lines, width, N)
    answers), for each size k: (lines * (width - k + 1), 3**k), positions line by line, outcome
    `sum(answer at the j-th cell * 3**j)`; (0, 3**k) when a run does not fit.

    Only the longest runs that fit are counted from the answers (one bincount per position);
    the shorter runs sum those counts over the cells they leave out."""
    n_lines, width, n = lines.shape
    out = {k: np.zeros((0, 3**k), np.int64) for k in sizes}
    fitting = [k for k in sizes if k <= width]
    if not fitting:
        return out
    longest = max(fitting)
    starts = width - longest + 1
    pattern = lines[:, :starts].copy()  # uint8: at most 2 * (1 + 3 + 9 + 27 + 81) = 242
    for j in range(1, longest):
        pattern += lines[:, j : starts + j] * np.uint8(3**j)
    full = np.empty((n_lines, starts, 3**longest), np.int64)
    for a in range(n_lines):
        for p in range(starts):
            full[a, p] = np.bincount(pattern[a, p], minlength=3**longest)
    for k in fitting:
        # runs starting at 0 .. starts - 1: the first k cells of the longest run there
        head = full.reshape(n_lines, starts, 3 ** (longest - k), 3**k).sum(axis=2)
        # runs starting after: cells o .. o + k - 1 of the last longest run
        last = full[:, starts - 1]
        tail = [
            last.reshape(n_lines, 3 ** (longest - o - k), 3**k, 3**o).sum(axis=(1, 3))[:, None]
            for o in range(1, longest - k + 1)
        ]
        counts = np.concatenate([head, *tail], axis=1)
        out[k] = np.ascontiguousarray(counts.reshape(-1, 3**k))
    return out


def _all_scores(masks: np.ndarray, field: Field, sizes: Sequence[int]) -> tuple[np.ndarray, ...]:
    grid = answer_grid(masks, field)
    singles = np.stack([(grid == v).sum(-1, dtype=np.int64).ravel() for v in range(3)], 1)
    parts = [_score(singles)]
    across = _run_counts(grid, sizes)  # runs in rows, positions row by row
    down = _run_counts(np.ascontiguousarray(grid.transpose(1, 0, 2)), sizes)  # in columns
    for k in sizes:
        parts.append(_score(across[k]))
        parts.append(_score(down[k]))
    return tuple(np.concatenate([p[i] for p in parts]) for i in range(3))


def _exact(masks: np.ndarray, cells: tuple[Cell, ...], field: Field, memo: dict) -> tuple:
    pattern = np.zeros(masks.shape[0], np.int32)
    for j, cell in enumerate(cells):
        if cell not in memo:
            memo[cell] = cell_codes(masks, cell, field)
        pattern += memo[cell].astype(np.int32) * 3**j
    info, expected, worst = _score(np.bincount(pattern, minlength=3 ** len(cells))[None, :])
    return float(info[0]), float(expected[0]), int(worst[0])


def _images(probe: tuple[Cell, ...], field: Field) -> list[tuple[Cell, ...]]:
    """`probe` turned and mirrored by every symmetry of the field (8 on a square field, 4 on
    another), each once, cells in row-major order."""
    last_r, last_c = field.rows - 1, field.cols - 1
    maps = [
        lambda r, c: (r, c),
        lambda r, c: (last_r - r, c),
        lambda r, c: (r, last_c - c),
        lambda r, c: (last_r - r, last_c - c),
    ]
    if field.rows == field.cols:
        maps += [
            lambda r, c: (c, r),
            lambda r, c: (last_c - c, r),
            lambda r, c: (c, last_r - r),
            lambda r, c: (last_c - c, last_r - r),
        ]
    found: list[tuple[Cell, ...]] = []
    for f in maps:
        image = tuple(sorted(f(r, c) for r, c in probe))
        if image not in found:
            found.append(image)
    return found


def _tied(a: tuple[float, float], b: tuple[float, float]) -> bool:
    return abs(a[0] - b[0]) < 1e-9 and abs(a[1] - b[1]) < 1e-9


def suggest(
    masks: np.ndarray,
    field: Field,
    squares: Iterable[int],
    rng: np.random.Generator | None = None,
) -> Suggestion | None:
    """The most informative allowed probe, or None when at most one network remains. Without
    `rng`, ties go as the module docstring says; with it, one of the probes exactly as good (the
    same information and expected number remaining, as many cells) is drawn from `rng`."""
    if masks.shape[0] <= 1:
        return None
    sizes = sorted({k for k in squares if 2 <= k <= 5})
    probes = candidate_probes(field, sizes)
    sampled = masks.shape[0] > SAMPLE
    if sampled:
        sample_rng = np.random.default_rng(20260101)
        scored_on = masks[np.sort(sample_rng.choice(masks.shape[0], SAMPLE, replace=False))]
    else:
        scored_on = masks
    info, expected, worst = _all_scores(scored_on, field, sizes)
    sizes_of = np.array([len(p) for p in probes])
    order = np.lexsort((np.arange(len(probes)), sizes_of, expected, -np.round(info, 9)))
    if not sampled:
        best = int(order[0])
        if rng is not None:
            equal = [
                int(p)
                for p in order[:64]
                if sizes_of[p] == sizes_of[best]
                and _tied((info[p], expected[p]), (info[best], expected[best]))
            ]
            best = equal[int(rng.integers(len(equal)))]
        return Suggestion(probes[best], float(info[best]), float(expected[best]), int(worst[best]))
    memo: dict = {}
    rescored = []
    for p in order[:RESCORE]:
        e_info, e_expected, e_worst = _exact(masks, probes[p], field, memo)
        rescored.append((-round(e_info, 9), e_expected, len(probes[p]), int(p), e_info, e_worst))
    _, e_expected, _, p, e_info, e_worst = min(rescored)
    chosen = Suggestion(probes[p], e_info, e_expected, e_worst)
    if rng is None:
        return chosen
    ties: dict[tuple[Cell, ...], Suggestion] = {probes[p]: chosen}
    for _, other_expected, size, q, other_info, other_worst in rescored:
        if size == len(probes[p]) and _tied((other_info, other_expected), (e_info, e_expected)):
            ties[probes[q]] = Suggestion(probes[q], other_info, other_expected, other_worst)
    for image in _images(probes[p], field):
        if image not in ties:
            i_info, i_expected, i_worst = _exact(masks, image, field, memo)
            if _tied((i_info, i_expected), (e_info, e_expected)):
                ties[image] = Suggestion(image, i_info, i_expected, i_worst)
    options = sorted(ties)
    return ties[options[int(rng.integers(len(options)))]]


def find_conflict(
    nets: Networks, observations: Sequence[Observation], field: Field
) -> tuple[tuple[Observation, ...], bool]:
    """A set of observations that no network satisfies together, and whether it is a smallest."""
    vectors = [np.packbits(matches(nets.masks, o, field)) for o in observations]

    def possible(subset: Sequence[int]) -> bool:
        acc = vectors[subset[0]].copy()
        for j in subset[1:]:
            acc &= vectors[j]
        return bool(acc.any())

    current = list(range(len(observations)))
    for j in list(current):
        trial = [x for x in current if x != j]
        if trial and not possible(trial):
            current = trial
    budget = CONFLICT_BUDGET
    smallest = True
    for k in range(1, len(current)):
        ways = math.comb(len(observations), k)
        if ways > budget:
            smallest = False
            break
        budget -= ways
        for subset in itertools.combinations(range(len(observations)), k):
            if not possible(subset):
                return tuple(observations[j] for j in subset), True
    return tuple(observations[j] for j in current), smallest


def deduce(
    field: Field,
    lengths: Iterable[int],
    observations: Sequence[Observation],
    squares: Iterable[int] = DEFAULT_SQUARES,
    want_suggestion: bool = True,
) -> Deduction:
    """Everything `deaddrop spy deduce` reports, for these observations."""
    nets = networks(field, lengths)
    if len(nets) == 0:
        fits = ",".join(str(n) for n in nets.lengths)
        raise InputError(f"no legal network of lengths {fits} fits the {field.describe()}")
    index = np.arange(len(nets))
    for observation in observations:
        index = apply(nets, index, observation, field)
    masks = nets.masks[index]
    conflict, smallest = None, True
    if len(index) == 0:
        conflict, smallest = find_conflict(nets, observations, field)
    return Deduction(
        field=field,
        consistent=len(index),
        hot_counts=tuple(hot_counts(masks, field).tolist()),
        suggestion=suggest(masks, field, squares) if want_suggestion else None,
        network=nets.vertices(int(index[0])) if len(index) == 1 else None,
        conflict=conflict,
        conflict_smallest=smallest,
    )
