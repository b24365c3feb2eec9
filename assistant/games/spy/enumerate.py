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

How: a network is a self-avoiding chain whose shape does not depend on where it sits. The chains
are laid out from the origin with numpy, every ordering of the lengths under every turn pattern:
in fact only a sixteenth of them, the others being their images under the symmetries of the square
and their reverses, found by arithmetic (`_shapes`). The chains that revisit a cell are dropped;
the rest are normalised to their bounding box and deduplicated (two placements cover the same
cells exactly when their normalised shapes are equal and they sit at the same place). Each
distinct shape is then placed at every position where its box fits. No deduplication over
placements is needed.

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
# The shapes are deduplicated among (orderings * 2**(n + 1)) chains of (sum + 1) cells, a
# sixteenth of them laid out, the others found as their images: 1,1,2,3,4,5,6 stands for about
# 15 million cells (under 1 million laid out); 1,2,3,4,5,6,7 would stand for 37 million.
MAX_CHAIN_CELLS = 20_000_000
PLACE_BLOCK = 1 << 18  # networks placed at once: bounds the memory of the placement
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
    line_of_step = np.stack([np.repeat(np.arange(n), p) for p in perms])  # (P, S)
    chains = len(turns) * len(perms)
    out = []
    for unit in (_DR, _DC):
        along = unit[dirs]  # (T, n): the step of each line under each turn pattern
        step = along[:, line_of_step.T].transpose(1, 0, 2).reshape(total, chains)
        coords = np.zeros((total + 1, chains), np.int16)
        np.cumsum(step, axis=0, dtype=np.int16, out=coords[1:])
        out.append(coords)
    corners = np.concatenate([np.zeros((len(perms), 1), np.int64), perms.cumsum(1)], 1)
    corner_index = np.tile(corners, (len(turns), 1))  # (T*P, n+1), matches the chain order
    return out[0], out[1], corner_index


# The symmetries of the square, as (mirrored, quarter turns): a chain's image under one is the
# chain of the same ordering whose turns all go the other way (mirrored), its first line's
# direction then turned `quarter turns` times.
SYMMETRIES = tuple((m, k) for m in (False, True) for k in range(4))


def _image(
    rows: np.ndarray,
    cols: np.ndarray,
    height: np.ndarray,
    width: np.ndarray,
    mirrored: bool,
    turns: int,
) -> tuple[np.ndarray, np.ndarray]:
    """Cells (rows, cols) of shapes in their boxes (`height` x `width`; a row per cell, a column
    per shape) mirrored top to bottom when `mirrored`, then turned a quarter `turns` times the
    way the directions go (right to down: (r, c) -> (c, height - 1 - r)), in the images' boxes."""
    if mirrored:
        rows = height - 1 - rows
    for _ in range(turns):
        rows, cols, height, width = cols, height - 1 - rows, width, height
    return rows, cols


@dataclass(frozen=True)
class _Laid:
    """The legal chains laid out (a column each, normalised to their boxes) and their images:
    image e is symmetry e // L of chain e % L."""

    rows: np.ndarray  # (S+1, L)
    cols: np.ndarray
    height: np.ndarray  # (L,)
    width: np.ndarray
    span: int

    def cells(self, which: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Rows and cols (S+1, len) of the cells of the images `which`."""
        return self.part(which, self.rows, self.cols)

    def part(
        self, which: np.ndarray, rows: np.ndarray, cols: np.ndarray
    ) -> tuple[np.ndarray, np.ndarray]:
        """Some cells (`rows`, `cols`: (K, L) of the chains) of the images `which`: (K, len)."""
        out_r = np.empty((rows.shape[0], len(which)), np.int16)
        out_c = np.empty_like(out_r)
        symmetry, chain = np.divmod(which, rows.shape[1])
        for s, (mirrored, k) in enumerate(SYMMETRIES):
            at = np.flatnonzero(symmetry == s)
            if len(at):
                i = chain[at]
                r, c = _image(rows[:, i], cols[:, i], self.height[i], self.width[i], mirrored, k)
                out_r[:, at], out_c[:, at] = r, c
        return out_r, out_c

    def sorted_codes(self, which: np.ndarray) -> np.ndarray:
        """The cells of the images `which` as codes row * span + col, sorted: (len, S+1)."""
        r, c = self.cells(which)
        codes = np.ascontiguousarray((r.astype(np.int32) * self.span + c).T)
        codes.sort(1)
        return codes


def _shapes(lengths: tuple[int, ...]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Distinct legal shapes in chain order (each kept with the first chain that draws it): the
    rows and the cols of their cells (S+1, U) int16 (a shape's cells in no particular order),
    and the vertices of that chain (U, n+1, 2) int16, all relative to the shape's box.

    Chain order is turn-major (chain t * P + p: turn pattern t, ordering p of the P), a turn
    pattern t being the first line's direction t % 4 and the turns t // 4 (bit j: the turn
    after line j goes the way the directions go). Only a sixteenth of the chains are laid out:
    those whose first line goes right, whose last turn goes against the directions' way (every
    pattern for a single line) and whose ordering comes no later than its reverse. Every chain
    is, with the same ordering, the image of one of them under one of the eight symmetries of
    the square, or the reverse of such an image (the same cells; its ordering reversed, its
    turns reversed and each the other way, its first line the other way along the image's
    last), so each legal chain is found with its number by arithmetic, and an image stands for
    its reverse too (the smaller number of the two). The images are grouped by a hash of their
    cell sets that does not depend on the cells' order (a sum of a random word per cell), each
    group keeping the image of the smallest chain number; images that share a hash are checked
    cell by cell, and should two different shapes share one, every image is deduplicated
    exactly instead (`_exactly`)."""
    span, bits = sum(lengths) + 1, len(lengths) - 1
    perms = sorted(set(itertools.permutations(lengths)))
    position = {p: i for i, p in enumerate(perms)}
    reverse = np.array([position[p[::-1]] for p in perms])
    kept = np.flatnonzero(np.arange(len(perms)) <= reverse)  # an ordering or its reverse
    base = 4 * np.arange(2 ** max(bits - 1, 0), dtype=np.int64)  # right first, last bit 0
    rows, cols, corner_index = _chains(lengths, np.array(perms, np.int64)[kept], base)
    rows -= rows.min(0)
    cols -= cols.min(0)
    order = np.sort(np.ascontiguousarray((rows.astype(np.int32) * span + cols).T), 1)
    legal = np.flatnonzero((order[:, 1:] != order[:, :-1]).all(1))
    del order
    rows, cols = rows[:, legal], cols[:, legal]  # (S+1, L)
    laid = _Laid(rows, cols, rows.max(0) + 1, cols.max(0) + 1, span)
    corners = corner_index[legal].T  # (n+1, L): which cell of each chain is a vertex
    v_rows, v_cols = rows[corners, np.arange(len(legal))], cols[corners, np.arange(len(legal))]
    first_turns, p = base[legal // len(kept)] // 4, kept[legal % len(kept)]
    everything = (1 << bits) - 1
    ones = np.array([bin(x).count("1") for x in range(everything + 1)])
    backwards = np.array(
        [int(format(x, f"0{bits}b")[::-1] or "0", 2) for x in range(everything + 1)]
    )
    weights = _cell_weights(span)
    keys, numbers, flipped = [], [], []
    for mirrored, k in SYMMETRIES:
        r, c = _image(rows, cols, laid.height, laid.width, mirrored, k)
        keys.append(weights[r.astype(np.int32) * span + c].sum(0))  # wraps: a 64-bit hash
        turns = (~first_turns & everything) if mirrored else first_turns
        number = (k + 4 * turns) * len(perms) + p
        last = (k + 2 * ones[turns] - bits) % 4  # the direction of the image's last line
        back = ((last + 2) % 4 + 4 * backwards[~turns & everything]) * len(perms) + reverse[p]
        numbers.append(np.minimum(number, back))
        flipped.append(back < number)
    key, number, backward = np.concatenate(keys), np.concatenate(numbers), np.concatenate(flipped)
    del keys, numbers, flipped
    count = len(key)
    grouped = np.argsort(key)
    heads = np.ones(count, bool)
    heads[1:] = key[grouped[1:]] != key[grouped[:-1]]
    starts = np.flatnonzero(heads)
    best = np.minimum.reduceat(number[grouped] * count + grouped, starts)  # number, then image
    leader = (best % count)[np.cumsum(heads) - 1]  # of the image at each place of `grouped`
    others = grouped != leader
    if others.any() and not np.array_equal(
        laid.sorted_codes(grouped[others]), laid.sorted_codes(leader[others])
    ):
        chosen = _exactly(laid, number)
    else:
        chosen = np.sort(best) % count
    cell_rows, cell_cols = laid.cells(chosen)
    vertex_rows, vertex_cols = laid.part(chosen, v_rows, v_cols)
    vertices = np.stack([vertex_rows.T, vertex_cols.T], -1)  # (U, n+1, 2)
    back = backward[chosen]  # the chain is the image's reverse: its vertices the other way
    vertices[back] = vertices[back, ::-1]
    return cell_rows, cell_cols, vertices


@lru_cache(maxsize=4)
def _cell_weights(span: int) -> np.ndarray:
    """A pseudo-random 64-bit word for each cell code row * span + col of a box span x span
    (splitmix64 of the code: numpy's random module is not imported for it)."""
    with np.errstate(over="ignore"):
        z = np.arange(1, span * span + 1, dtype=np.uint64) * np.uint64(0x9E3779B97F4A7C15)
        z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
        z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
        return z ^ (z >> np.uint64(31))


def _exactly(laid: _Laid, number: np.ndarray) -> np.ndarray:
    """The image of the smallest chain number of each distinct cell set, in chain order,
    compared cell by cell (no hash): for the unlikely clash of two shapes on one hash."""
    by_number = np.argsort(number, kind="stable")
    codes = laid.sorted_codes(by_number)
    as_bytes = np.ascontiguousarray(codes).view(np.dtype((np.void, codes.shape[1] * 4)))
    _, first = np.unique(as_bytes.ravel(), return_index=True)
    return by_number[np.sort(first)]


def enumerate_networks(rows: int, cols: int, lengths: Iterable[int]) -> Networks:
    """Build every distinct legal network (no cache)."""
    lengths = tuple(sorted(int(x) for x in lengths))
    _check(rows, cols, lengths)
    cell_rows, cell_cols, vertices = _shapes(lengths)
    height = cell_rows.max(0).astype(np.int64) + 1
    width = cell_cols.max(0).astype(np.int64) + 1
    across = np.maximum(cols - width + 1, 0)
    count = np.maximum(rows - height + 1, 0) * across
    total = int(count.sum())
    if total * (8 * word_count(rows, cols) + 8) > MAX_BYTES:
        raise InputError(
            f"a {rows} x {cols} field has {total:,} networks of lengths "
            f"{','.join(map(str, lengths))}: too many to hold in memory (20 x 20 fits)"
        )
    shape_id = np.repeat(np.arange(len(count), dtype=np.int32), count)
    start = np.concatenate([[0], count.cumsum()[:-1]]).astype(np.int32)
    k = np.arange(len(shape_id), dtype=np.int32) - start[shape_id]  # 20 x 20: 5.8 million
    prow, pcol = np.divmod(k, across.astype(np.int32)[shape_id])
    n_words = word_count(rows, cols)
    base = _shape_masks(cell_rows, cell_cols, cols, n_words)  # each shape at (0, 0)
    del cell_rows, cell_cols
    masks = np.empty((len(shape_id), n_words), np.uint64)
    for lo in range(0, len(shape_id), PLACE_BLOCK):  # bounds the temporaries' memory
        at = slice(lo, lo + PLACE_BLOCK)
        masks[at] = _shifted(base[:, shape_id[at]], prow[at] * cols + pcol[at])
    origin = np.stack([prow, pcol], 1).astype(np.int16)
    return Networks(rows, cols, lengths, masks, shape_id, origin, vertices)


def _shape_masks(cell_rows: np.ndarray, cell_cols: np.ndarray, cols: int, words: int) -> np.ndarray:
    """(words, U) uint64: the masks of shapes at (0, 0) from their cells ((S+1, U) rows and
    cols), word by word; bits past the last word (a shape too big for the field, never placed)
    are left out."""
    masks = np.zeros((words, cell_rows.shape[1]), np.uint64)
    for r, c in zip(cell_rows, cell_cols, strict=True):  # a cell of every shape at a time
        bit = r.astype(np.int64) * cols + c
        one = np.left_shift(np.uint64(1), (bit & 63).astype(np.uint64))
        word = bit >> 6
        for w in range(words):
            np.bitwise_or(masks[w], one, out=masks[w], where=word == w)
    return masks


def _shifted(masks: np.ndarray, shift: np.ndarray) -> np.ndarray:
    """Multi-word masks ((words, K): word 0 holds bits 0-63) each shifted `shift` bits up (one
    amount each), as (K, words); bits past the last word drop out (a shape placed where it
    fits has none)."""
    n = masks.shape[0]
    whole = shift >> 6
    up = (shift & 63).astype(np.uint64)
    down = np.uint64(63) - up  # (x >> 1) >> down: x >> (64 - up), and 0 when up is 0
    out = np.empty((masks.shape[1], n), np.uint64)
    for o in range(n):
        word = masks[o] << up if n == 1 else np.zeros(masks.shape[1], np.uint64)
        for d in range(o + 1) if n > 1 else ():  # from the words d below
            moved = masks[o - d] << up
            if o - d > 0:
                moved |= (masks[o - d - 1] >> np.uint64(1)) >> down
            np.copyto(word, moved, where=whole == d)
        out[:, o] = word
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
