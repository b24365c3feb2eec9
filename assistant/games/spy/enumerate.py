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

import itertools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

import numpy as np

from deaddrop.errors import InputError

FORMAT_VERSION = 1
_DR = np.array([0, 1, 0, -1], dtype=np.int16)  # right, down, left, up
_DC = np.array([1, 0, -1, 0], dtype=np.int16)
_CHUNK = 1 << 18
MAX_BYTES = 400_000_000  # the masks and indexes of every network, in memory
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


def _chains(lengths: tuple[int, ...]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Every ordering x turn pattern laid out from (0, 0): rows, cols (M, S+1) and vertex index."""
    n, total = len(lengths), sum(lengths)
    perms = np.array(sorted(set(itertools.permutations(lengths))), dtype=np.int64)
    turns_n = 4 * 2 ** (n - 1)
    t = np.arange(turns_n)
    flips = np.where(((t[:, None] // 4) >> np.arange(n - 1)) & 1, 1, -1)
    dirs = (t[:, None] % 4 + np.concatenate([np.zeros((turns_n, 1), int), flips.cumsum(1)], 1)) % 4
    line_of_step = np.stack([np.repeat(np.arange(n), p) for p in perms])  # (P, S)
    step = dirs[:, line_of_step].reshape(-1, total)  # (T*P, S), turn-major
    zero = np.zeros((step.shape[0], 1), np.int16)
    rows = np.concatenate([zero, _DR[step].cumsum(1, dtype=np.int16)], 1)
    cols = np.concatenate([zero, _DC[step].cumsum(1, dtype=np.int16)], 1)
    corners = np.concatenate([np.zeros((len(perms), 1), np.int64), perms.cumsum(1)], 1)
    corner_index = np.tile(corners, (turns_n, 1))  # (T*P, n+1), matches the row order of step
    return rows, cols, corner_index


def _shapes(lengths: tuple[int, ...]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Distinct legal shapes: sorted normalised cells (U, S+1) as (row, col), and vertices."""
    rows, cols, corner_index = _chains(lengths)
    span = sum(lengths) + 1
    rows -= rows.min(1, keepdims=True)
    cols -= cols.min(1, keepdims=True)
    code = rows.astype(np.int32) * span + cols
    order = np.sort(code, 1)
    legal = (np.diff(order, axis=1) != 0).all(1)
    order, rows, cols, corner_index = order[legal], rows[legal], cols[legal], corner_index[legal]
    rows_as_bytes = np.ascontiguousarray(order).view(np.dtype((np.void, order.shape[1] * 4)))
    _, first = np.unique(rows_as_bytes.ravel(), return_index=True)
    first.sort()
    cells = order[first]
    pick = np.arange(len(first))[:, None]
    vertices = np.stack(
        [rows[first][pick, corner_index[first]], cols[first][pick, corner_index[first]]], -1
    ).astype(np.int16)
    return cells // span, cells % span, vertices


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
    base = (srows * cols + scols).astype(np.int32)  # bit index of each cell at origin (0, 0)
    n_words = word_count(rows, cols)
    masks = np.zeros((len(shape_id), n_words), np.uint64)
    one = np.uint64(1)
    for lo in range(0, len(shape_id), _CHUNK):
        hi = min(lo + _CHUNK, len(shape_id))
        idx = base[shape_id[lo:hi]] + (prow[lo:hi].astype(np.int32) * cols + pcol[lo:hi])[:, None]
        bits = np.left_shift(one, (idx & 63).astype(np.uint64))
        word = idx >> 6
        for w in range(n_words):
            masks[lo:hi, w] = np.where(word == w, bits, np.uint64(0)).sum(1, dtype=np.uint64)
    return Networks(
        rows, cols, lengths, masks, shape_id, np.stack([prow, pcol], 1), vertices.astype(np.int16)
    )


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
    from deaddrop.files import atomic_writer

    try:
        with atomic_writer(path, "wb") as handle:
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
