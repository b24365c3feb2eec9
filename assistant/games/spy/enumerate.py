"""Every distinct legal Spy! network for a field and a set of line lengths, fast and cached.

API (used by `deaddrop spy random` and `deaddrop spy deduce`):

    from assistant.games.spy.enumerate import networks
    nets = networks(field, lengths)      # field: anything with .rows and .cols; lengths: ints
    len(nets)                            # the number of distinct networks
    nets.masks                           # (N, W) uint64: bit i = row * cols + col, word i // 64
    nets.vertices(i)                     # a chain for network i: ((row, col), ...) 0-based corners
    nets.mask(i)                         # network i as a Python int (same bits as model.cell_bit)

"Distinct" means distinct sets of covered cells (the fixed Spy! model of docs/spy.md): each network
appears once, with one representative chain (some line order and turn pattern covering exactly its
cells) so that a solved network can be printed in the vertex-list form. `spy random` draws
`i = rng.integers(len(nets))` for a uniform choice among distinct networks.

How: a network is a self-avoiding chain whose shape does not depend on where it sits. Every
ordering of the lengths and every turn pattern is laid out at once with numpy from the origin; the
chains that revisit a cell are dropped; the rest are normalised to their bounding box and
deduplicated (two placements cover the same cells exactly when their normalised shapes are equal and
they sit at the same place). Each distinct shape is then placed at every position where its box
fits. No deduplication over placements is needed.

The result is cached under `deaddrop.paths.cache_dir()/spy/` in an `.npz` file keyed by the format
version, rows, columns and the sorted lengths, written atomically. A cache that cannot be read, or
whose recorded key or array shapes do not match, is rebuilt; a cache that cannot be written is
skipped (the result is still returned).
"""

from __future__ import annotations

import collections
import itertools
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

import numpy as np

from deaddrop.errors import InputError

FORMAT_VERSION = 1
_DR = np.array([0, 1, 0, -1], dtype=np.int16)  # right, down, left, up
_DC = np.array([1, 0, -1, 0], dtype=np.int16)
MAX_BYTES = 400_000_000  # the masks and indexes of every network, in memory
# Every ordering x turn pattern of the lines is laid out cell by cell before the shapes are
# deduplicated: (orderings * 2**(n + 1)) chains of (sum + 1) cells. 1,1,2,3,4,5,6 lays out about
# 15 million cells (400 MB at the peak); 1,2,3,4,5,6,7 would lay out 37 million (a gigabyte).
MAX_CHAIN_CELLS = 20_000_000
_MEMO: dict[tuple[int, int, tuple[int, ...]], Networks] = {}


class FieldLike(Protocol):
    """Anything with a number of rows and columns (read-only, as on the frozen model.Field)."""

    @property
    def rows(self) -> int: ...

    @property
    def cols(self) -> int: ...


@dataclass(frozen=True, eq=False)
class Networks:
    """All distinct legal networks of one field and set of lengths."""

    rows: int
    cols: int
    lengths: tuple[int, ...]
    masks: np.ndarray  # (N, W) uint64
    shape_id: np.ndarray  # (N,) int32: which shape
    origin: np.ndarray  # (N, 2) int16: (row, col) of the shape's bounding box
    shape_vertices: np.ndarray  # (U, lines + 1, 2) int16: a chain of each shape, box-relative

    def __len__(self) -> int:
        return int(self.masks.shape[0])

    @property
    def words(self) -> int:
        """uint64 words per network mask."""
        return int(self.masks.shape[1])

    def vertices(self, i: int) -> tuple[tuple[int, int], ...]:
        """A chain covering network i: its corner cells, start to end, 0-based (row, col)."""
        chain = self.shape_vertices[self.shape_id[i]] + self.origin[i]
        return tuple((int(r), int(c)) for r, c in chain)

    def mask(self, i: int) -> int:
        """Network i as an int, bit row * cols + col set for each covered cell."""
        return words_to_int(self.masks[i])


def words_to_int(words: np.ndarray) -> int:
    """A row of uint64 words as one int (word 0 holds bits 0-63)."""
    return sum(int(w) << (64 * k) for k, w in enumerate(words))


def int_to_words(mask: int, words: int) -> np.ndarray:
    """An int as `words` uint64 words (word 0 holds bits 0-63)."""
    return np.array([(mask >> (64 * k)) & 0xFFFFFFFFFFFFFFFF for k in range(words)], np.uint64)


def word_count(rows: int, cols: int) -> int:
    """uint64 words needed for a rows x cols field."""
    return (rows * cols + 63) // 64


def _check(rows: int, cols: int, lengths: Sequence[int]) -> None:
    if rows < 1 or cols < 1 or rows > 64 or cols > 64:
        raise InputError(f"field {rows} x {cols}: rows and columns must be 1 to 64")
    if not lengths or any(length < 1 for length in lengths):
        raise InputError(f"lengths {list(lengths)}: each line must be at least 1 long")
    if len(lengths) > 7:
        raise InputError(f"lengths {list(lengths)}: at most 7 lines can be enumerated")
    orderings = math.factorial(len(lengths))
    for repeated in collections.Counter(lengths).values():
        orderings //= math.factorial(repeated)
    cells = orderings * 2 ** (len(lengths) + 1) * (sum(lengths) + 1)
    if cells > MAX_CHAIN_CELLS:
        raise InputError(
            f"--lengths: {','.join(map(str, lengths))}: too many long lines to enumerate "
            f"({cells:,} cells of chains to lay out, the limit is {MAX_CHAIN_CELLS:,}; "
            "expected lengths such as 1,1,2,3,4,5,6 or shorter)"
        )


def _chains(lengths: tuple[int, ...]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Every ordering x turn pattern laid out from (0, 0), turn-major: rows and cols (S+1, M) int16,
    one column per chain (so that sums and minima run over contiguous rows), and the index of
    each vertex among the chain's cells (M, n+1)."""
    n, total = len(lengths), sum(lengths)
    perms = np.array(sorted(set(itertools.permutations(lengths))), dtype=np.int64)
    turns_n = 4 * 2 ** (n - 1)
    t = np.arange(turns_n)
    flips = np.where(((t[:, None] // 4) >> np.arange(n - 1)) & 1, 1, -1)
    dirs = (t[:, None] % 4 + np.concatenate([np.zeros((turns_n, 1), int), flips.cumsum(1)], 1)) % 4
    line_of_step = np.stack([np.repeat(np.arange(n), p) for p in perms])  # (P, S)
    chains = turns_n * len(perms)
    out = []
    for unit in (_DR, _DC):
        along = unit[dirs].T  # (n, T): the step of each line under each turn pattern
        step = along[line_of_step.T[:, None, :], t[None, :, None]].reshape(total, chains)
        coords = np.zeros((total + 1, chains), np.int16)
        for s in range(total):  # a running sum, one row at a time (accumulate is not vectorised)
            np.add(coords[s], step[s], out=coords[s + 1])
        out.append(coords)
    corners = np.concatenate([np.zeros((len(perms), 1), np.int64), perms.cumsum(1)], 1)
    corner_index = np.tile(corners, (turns_n, 1))  # (T*P, n+1), matches the chain order
    return out[0], out[1], corner_index


def _first_of_each(order: np.ndarray) -> np.ndarray:
    """Index of the first occurrence of each distinct row of `order` (M, K) int32, in order."""
    weights = np.random.default_rng(0).integers(1, 2**63, order.shape[1], dtype=np.uint64) | 1
    key = (order.astype(np.uint64) * weights).sum(1, dtype=np.uint64)  # wraps: a 64-bit hash
    _, first, inverse = np.unique(key, return_index=True, return_inverse=True)
    if not np.array_equal(order, order[first[inverse.ravel()]]):  # two shapes share a hash
        rows_as_bytes = np.ascontiguousarray(order).view(np.dtype((np.void, order.shape[1] * 4)))
        _, first = np.unique(rows_as_bytes.ravel(), return_index=True)
    first.sort()
    return first


def _shapes(lengths: tuple[int, ...]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Distinct legal shapes: sorted normalised cells (U, S+1) as (row, col), and vertices."""
    rows, cols, corner_index = _chains(lengths)
    span = sum(lengths) + 1
    rows -= rows.min(0)
    cols -= cols.min(0)
    code = rows.astype(np.int32) * span + cols
    order = np.sort(np.ascontiguousarray(code.T), 1)
    legal = np.flatnonzero((order[:, 1:] != order[:, :-1]).all(1))
    order = order[legal]
    first = _first_of_each(order)
    cells = order[first]
    chosen = legal[first]
    pick = corner_index[chosen].T  # (n+1, U): which cell of each chain is a vertex
    u = np.arange(len(chosen))
    vertices = np.stack([rows[:, chosen][pick, u].T, cols[:, chosen][pick, u].T], -1)
    return cells // span, cells % span, vertices.astype(np.int16)


def enumerate_networks(rows: int, cols: int, lengths: Iterable[int]) -> Networks:
    """Build every distinct legal network (no cache)."""
    lengths = tuple(sorted(int(x) for x in lengths))
    _check(rows, cols, lengths)
    srows, scols, vertices = _shapes(lengths)
    height = srows.max(1) + 1
    width = scols.max(1) + 1
    across = np.maximum(cols - width + 1, 0)
    count = np.maximum(rows - height + 1, 0) * across
    total = int(count.sum())
    if total * (8 * word_count(rows, cols) + 8) > MAX_BYTES:
        raise InputError(
            f"a {rows} x {cols} field has {total:,} networks of lengths "
            f"{','.join(map(str, lengths))}: too many to hold in memory (20 x 20 fits)"
        )
    shape_id = np.repeat(np.arange(len(count), dtype=np.int32), count)
    start = np.concatenate([[0], count.cumsum()[:-1]])
    k = np.arange(len(shape_id), dtype=np.int64) - start[shape_id]
    prow = (k // across[shape_id]).astype(np.int16)
    pcol = (k % across[shape_id]).astype(np.int16)
    n_words = word_count(rows, cols)
    base = _shape_masks((srows * cols + scols).astype(np.int64), n_words)  # each shape at (0, 0)
    masks = np.zeros((len(shape_id), n_words), np.uint64)
    down = rows - height + 1  # how many rows each shape can start at
    for r in range(rows):
        for c in range(cols):
            fits = np.flatnonzero((down > r) & (across > c))  # the shapes placed at (r, c)
            if len(fits):
                where = start[fits] + r * across[fits] + c  # their rows in `masks`
                masks[where] = _shifted(base[fits], r * cols + c)
    return Networks(
        rows, cols, lengths, masks, shape_id, np.stack([prow, pcol], 1), vertices.astype(np.int16)
    )


def _shape_masks(bits: np.ndarray, n_words: int) -> np.ndarray:
    """(U, n_words) uint64 masks from (U, cells) bit indexes."""
    masks = np.zeros((bits.shape[0], n_words), np.uint64)
    word = bits >> 6
    one = np.left_shift(np.uint64(1), (bits & 63).astype(np.uint64))
    for w in range(n_words):
        masks[:, w] = np.where(word == w, one, np.uint64(0)).sum(1, dtype=np.uint64)
    return masks


def _shifted(masks: np.ndarray, shift: int) -> np.ndarray:
    """Multi-word masks (word 0 holds bits 0-63) shifted `shift` bits up; bits past the last
    word drop out (a shape placed where it fits has none)."""
    words, bits = divmod(shift, 64)
    out = np.zeros_like(masks)
    n = masks.shape[1]
    if words < n:
        out[:, words:] = masks[:, : n - words] << np.uint64(bits)
        if bits and words + 1 < n:
            out[:, words + 1 :] |= masks[:, : n - words - 1] >> np.uint64(64 - bits)
    return out


def cache_path(rows: int, cols: int, lengths: Iterable[int]) -> Path:
    """Where the networks of this field and these lengths are cached."""
    from deaddrop.paths import cache_dir

    key = "-".join(str(x) for x in sorted(lengths))
    return cache_dir() / "spy" / f"networks-v{FORMAT_VERSION}-{rows}x{cols}-{key}.npz"


def _meta(rows: int, cols: int, lengths: tuple[int, ...]) -> np.ndarray:
    return np.array([FORMAT_VERSION, rows, cols, *lengths], dtype=np.int64)


def _load(path: Path, rows: int, cols: int, lengths: tuple[int, ...]) -> Networks | None:
    try:
        with np.load(path, allow_pickle=False) as data:
            if not np.array_equal(data["meta"], _meta(rows, cols, lengths)):
                return None
            masks, shape_id = data["masks"], data["shape_id"]
            origin, vertices = data["origin"], data["shape_vertices"]
    except Exception:  # a missing, truncated or foreign file: rebuild it
        return None
    n = masks.shape[0]
    ok = (
        masks.dtype == np.uint64
        and masks.shape == (n, word_count(rows, cols))
        and shape_id.shape == (n,)
        and origin.shape == (n, 2)
        and vertices.ndim == 3
        and vertices.shape[1:] == (len(lengths) + 1, 2)
        and (n == 0 or 0 <= int(shape_id.min()) <= int(shape_id.max()) < len(vertices))
    )
    return Networks(rows, cols, lengths, masks, shape_id, origin, vertices) if ok else None


def _save(path: Path, nets: Networks) -> None:
    from deaddrop.paths import cache_writer

    try:
        with cache_writer(path) as handle:
            np.savez(
                handle,
                meta=_meta(nets.rows, nets.cols, nets.lengths),
                masks=nets.masks,
                shape_id=nets.shape_id,
                origin=nets.origin,
                shape_vertices=nets.shape_vertices,
            )
    except OSError:
        pass  # a read-only cache is not an error: the networks were computed anyway


def networks(field: FieldLike, lengths: Iterable[int] = (1, 2, 3, 4, 5, 6)) -> Networks:
    """Every distinct legal network of `field` with these lengths, from memory, disk or built."""
    rows, cols = int(field.rows), int(field.cols)
    key_lengths = tuple(sorted(int(x) for x in lengths))
    _check(rows, cols, key_lengths)
    key = (rows, cols, key_lengths)
    if key in _MEMO:
        return _MEMO[key]
    path = cache_path(rows, cols, key_lengths)
    nets = _load(path, rows, cols, key_lengths)
    if nets is None:
        nets = enumerate_networks(rows, cols, key_lengths)
        _save(path, nets)
    _MEMO[key] = nets
    return nets


def clear_memo() -> None:
    """Forget the networks held in memory (tests, benchmarks)."""
    _MEMO.clear()
