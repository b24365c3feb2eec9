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
from functools import lru_cache
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
# 15 million cells (a block of TURN_BLOCK turn patterns at a time: 61 MB at the peak, about 1 s);
# 1,2,3,4,5,6,7 would lay out 37 million.
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


TURN_BLOCK = 16  # turn patterns laid out at once: bounds the memory of the layout


def _chains(
    lengths: tuple[int, ...], perms: np.ndarray, turns: np.ndarray
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Every ordering (`perms`, (P, n)) under the turn patterns `turns` laid out from (0, 0),
    turn-major: rows and cols (S+1, M) int16, one column per chain (so that sums and minima run
    over contiguous rows), and the index of each vertex among the chain's cells (M, n+1)."""
    n, total = len(lengths), sum(lengths)
    flips = np.where(((turns[:, None] // 4) >> np.arange(n - 1)) & 1, 1, -1)
    start = np.zeros((len(turns), 1), np.int64)
    dirs = (turns[:, None] % 4 + np.concatenate([start, flips.cumsum(1)], 1)) % 4  # (T, n)
    line_of_step = _line_of_step(n, perms)
    chains = len(turns) * len(perms)
    out = []
    for unit in (_DR, _DC):
        along = unit[dirs]  # (T, n): the step of each line under each turn pattern
        step = along[:, line_of_step.T].transpose(1, 0, 2).reshape(total, chains)
        coords = np.zeros((total + 1, chains), np.int16)
        for s in range(total):  # a running sum, one row at a time (accumulate is not vectorised)
            np.add(coords[s], step[s], out=coords[s + 1])
        out.append(coords)
    corners = np.concatenate([np.zeros((len(perms), 1), np.int64), perms.cumsum(1)], 1)
    corner_index = np.tile(corners, (len(turns), 1))  # (T*P, n+1), matches the chain order
    return out[0], out[1], corner_index


def _row_keys(order: np.ndarray) -> np.ndarray:
    """A 64-bit hash of each row of `order` (M, K) int32, a column at a time (so that no (M, K)
    temporary of 64-bit words is made)."""
    drawn = np.random.default_rng(0).integers(1, 2**63, order.shape[1], dtype=np.uint64)
    weights = np.bitwise_or(np.asarray(drawn, np.uint64), np.uint64(1))
    key = np.zeros(order.shape[0], np.uint64)
    for j in range(order.shape[1]):  # wraps: a 64-bit hash
        key += order[:, j].astype(np.uint64) * weights[j]
    return key


def _rows_equal(a: np.ndarray, b: np.ndarray) -> bool:
    return all(np.array_equal(a[:, j], b[:, j]) for j in range(a.shape[1]))


@lru_cache(maxsize=4)
def _steps_of(n: int, perms_bytes: bytes) -> np.ndarray:
    perms = np.frombuffer(perms_bytes, np.int64).reshape(-1, n)
    return np.stack([np.repeat(np.arange(n), p) for p in perms])


def _line_of_step(n: int, perms: np.ndarray) -> np.ndarray:
    """(P, S): which line each step of each ordering is on (the same for every block)."""
    return _steps_of(n, np.ascontiguousarray(perms).tobytes())


def _first_of_each(order: np.ndarray) -> np.ndarray:
    """Index of the first occurrence of each distinct row of `order` (M, K) int32, in order."""
    _, first, inverse = np.unique(_row_keys(order), return_index=True, return_inverse=True)
    if not _rows_equal(order, order[first[inverse.ravel()]]):  # two shapes share a hash
        rows_as_bytes = np.ascontiguousarray(order).view(np.dtype((np.void, order.shape[1] * 4)))
        _, first = np.unique(rows_as_bytes.ravel(), return_index=True)
    first.sort()
    return first


def _block_shapes(
    lengths: tuple[int, ...], perms: np.ndarray, turns: np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    """The distinct legal shapes of one block of turn patterns, in chain order: sorted
    normalised cell codes (U, S+1) int32 and the vertices (U, n+1, 2)."""
    rows, cols, corner_index = _chains(lengths, perms, turns)
    span = sum(lengths) + 1
    rows -= rows.min(0)
    cols -= cols.min(0)
    code = rows.astype(np.int32) * span + cols
    order = np.sort(np.ascontiguousarray(code.T), 1)
    legal = np.flatnonzero((order[:, 1:] != order[:, :-1]).all(1))
    order = order[legal]
    first = _first_of_each(order)
    chosen = legal[first]
    pick = corner_index[chosen].T  # (n+1, U): which cell of each chain is a vertex
    u = np.arange(len(chosen))
    vertices = np.stack([rows[:, chosen][pick, u].T, cols[:, chosen][pick, u].T], -1)
    return order[first], vertices.astype(np.int16)


def _shapes(lengths: tuple[int, ...]) -> tuple[np.ndarray, np.ndarray]:
    """Distinct legal shapes: sorted normalised cells (U, S+1, 2) int16 as (row, col), and
    vertices (U, n+1, 2).

    The chains are laid out a block of turn patterns at a time (the chain order is turn-major,
    so the blocks come in chain order and each shape keeps the first chain that draws it); a
    block's shapes already drawn by an earlier block are dropped at once (by their hash, checked
    cell by cell), so that memory holds little more than the distinct shapes."""
    n = len(lengths)
    span = sum(lengths) + 1
    perms = np.array(sorted(set(itertools.permutations(lengths))), dtype=np.int64)
    turns_n = 4 * 2 ** (n - 1)
    cells: list[np.ndarray] = []
    vertices: list[np.ndarray] = []
    seen = np.zeros(0, np.uint64)  # the hashes of the shapes kept so far, sorted
    seen_at = np.zeros(0, np.int64)  # where each is among the shapes kept
    kept = 0
    for lo in range(0, turns_n, TURN_BLOCK):
        block = np.arange(lo, min(lo + TURN_BLOCK, turns_n))
        c, v = _block_shapes(lengths, perms, block)
        keys = _row_keys(c)
        where = np.minimum(np.searchsorted(seen, keys), max(len(seen) - 1, 0))
        old = (seen[where] == keys) if len(seen) else np.zeros(len(keys), bool)
        if old.any() and not _rows_equal(c[old], _gather(cells, seen_at[where[old]])):
            return _shapes_at_once(lengths, perms, turns_n)  # two shapes share a hash
        c, v, keys = c[~old], v[~old], keys[~old]
        cells.append(c)
        vertices.append(v)
        new_order = np.argsort(keys)
        at = np.searchsorted(seen, keys[new_order])
        seen = np.insert(seen, at, keys[new_order])
        seen_at = np.insert(seen_at, at, kept + new_order)
        kept += len(keys)
    all_cells = np.concatenate(cells)
    del cells
    return _split(all_cells, span), np.concatenate(vertices)


def _gather(parts: list[np.ndarray], index: np.ndarray) -> np.ndarray:
    """Rows `index` of the rows of `parts` one after another (without joining them)."""
    starts = np.cumsum([0] + [len(p) for p in parts])
    part = np.searchsorted(starts, index, side="right") - 1
    out = np.empty((len(index), parts[0].shape[1]), parts[0].dtype)
    for k in np.unique(part):
        at = np.flatnonzero(part == k)
        out[at] = parts[k][index[at] - starts[k]]
    return out


def _split(codes: np.ndarray, span: int) -> np.ndarray:
    """Cell codes row * span + col (U, S+1) as (row, col) pairs (U, S+1, 2) int16."""
    out = np.empty((*codes.shape, 2), np.int16)
    np.floor_divide(codes, span, out=out[..., 0], casting="unsafe")
    np.remainder(codes, span, out=out[..., 1], casting="unsafe")
    return out


def _shapes_at_once(
    lengths: tuple[int, ...], perms: np.ndarray, turns_n: int
) -> tuple[np.ndarray, np.ndarray]:
    """`_shapes` for the unlikely case of two shapes of two blocks sharing a hash: every block,
    then one deduplication that checks every row."""
    span = sum(lengths) + 1
    parts = [
        _block_shapes(lengths, perms, np.arange(lo, min(lo + TURN_BLOCK, turns_n)))
        for lo in range(0, turns_n, TURN_BLOCK)
    ]
    all_cells = np.concatenate([c for c, _ in parts])
    first = _first_of_each(all_cells)
    return _split(all_cells[first], span), np.concatenate([v for _, v in parts])[first]


def enumerate_networks(rows: int, cols: int, lengths: Iterable[int]) -> Networks:
    """Build every distinct legal network (no cache)."""
    lengths = tuple(sorted(int(x) for x in lengths))
    _check(rows, cols, lengths)
    cells, vertices = _shapes(lengths)
    height = cells[..., 0].max(1).astype(np.int64) + 1
    width = cells[..., 1].max(1).astype(np.int64) + 1
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
    base = _shape_masks(cells, cols, n_words)  # each shape at (0, 0)
    del cells
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


def _shape_masks(cells: np.ndarray, cols: int, n_words: int) -> np.ndarray:
    """(U, n_words) uint64 masks of shapes at (0, 0) from their (U, S+1, 2) (row, col) cells, a
    cell at a time; bits past the last word (a shape too big for the field, never placed) are
    left out."""
    masks = np.zeros((cells.shape[0], n_words), np.uint64)
    for j in range(cells.shape[1]):
        bit = cells[:, j, 0].astype(np.int64) * cols + cells[:, j, 1]
        inside = np.flatnonzero(bit >> 6 < n_words)
        one = np.left_shift(np.uint64(1), (bit[inside] & 63).astype(np.uint64))
        masks[inside, bit[inside] >> 6] |= one
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
