"""Enumeration: exact counts against the brute force (tests/spy/bruteforce.py), pinned totals, the
cache."""

from __future__ import annotations

import numpy as np
import pytest
from bruteforce import distinct_networks

from assistant.games.spy import enumerate as en
from assistant.games.spy.model import Field, Network, cells_of_mask

# Pinned like perft counts. 8x8 is recomputed by the brute force (tests/spy/bruteforce.py) below;
# the 10x10 figure comes from a one-off run of it (`python tests/spy/bruteforce.py 10 10`, 6 s) and
# is recomputed by the slow test further down as well.
PINNED = {(7, 7): 4_376, (8, 8): 20_640, (10, 10): 141_528}


def _cell_sets(nets: en.Networks) -> set[frozenset]:
    field = Field(nets.rows, nets.cols)
    return {frozenset(cells_of_mask(nets.mask(i), field)) for i in range(len(nets))}


@pytest.mark.parametrize(
    "rows, cols, lengths",
    [
        (4, 5, (1, 2, 3)),
        (5, 5, (1, 2, 3, 4)),
        (3, 8, (1, 2, 3, 4)),
        (6, 6, (1, 1, 2, 3, 4)),
        (7, 7, (1, 2, 3, 4, 5, 6)),
        (1, 6, (1,)),
        (2, 2, (1, 1, 1)),
    ],
)
def test_same_networks_as_the_brute_force(rows, cols, lengths):
    nets = en.enumerate_networks(rows, cols, lengths)
    assert len(nets) == len(_cell_sets(nets))  # every network once
    assert _cell_sets(nets) == distinct_networks(rows, cols, lengths)


def test_pinned_totals_8x8_and_10x10():
    assert len(distinct_networks(8, 8, (1, 2, 3, 4, 5, 6))) == PINNED[(8, 8)]
    for rows, cols in PINNED:
        assert len(en.networks(Field(rows, cols))) == PINNED[(rows, cols)]


@pytest.mark.parametrize(("rows", "cols"), [(8, 8), (10, 10)])
def test_deduce_with_no_observations_counts_the_pinned_totals(rows, cols):
    from assistant.games.spy.deduce import deduce

    field = Field(rows, cols)
    result = deduce(field, (1, 2, 3, 4, 5, 6), [], want_suggestion=False)
    assert result.consistent == PINNED[(rows, cols)]
    # every network covers 22 cells, so the chances that cells are hot add up to 22
    assert sum(result.hot_probability(cell) for cell in field.cells()) == pytest.approx(22)


def test_10x10_equals_the_brute_force():
    nets = en.networks(Field(10, 10))
    assert _cell_sets(nets) == distinct_networks(10, 10, (1, 2, 3, 4, 5, 6))


def test_each_representative_chain_covers_its_network():
    nets = en.networks(Field(10, 10))
    field = Field(10, 10)
    rng = np.random.default_rng(5)
    for i in rng.choice(len(nets), 300, replace=False):
        network = Network(nets.vertices(int(i)))
        assert sorted(line.length for line in network.lines) == [1, 2, 3, 4, 5, 6]
        assert network.mask(field) == nets.mask(int(i))


def test_16x16_works():
    nets = en.enumerate_networks(16, 16, (1, 2, 3, 4, 5, 6))
    # a one-off run of the brute force, `python tests/spy/bruteforce.py 16 16`, 69 s: too slow here
    assert len(nets) == 2_121_944
    assert nets.words == 4
    field = Field(16, 16)
    last = len(nets) - 1
    assert Network(nets.vertices(last)).mask(field) == nets.mask(last)


def test_cache_round_trip_and_corrupt_cache_rebuilt(tmp_path, monkeypatch):
    monkeypatch.setenv("DEADDROP_CACHE", str(tmp_path))
    en.clear_memo()
    built = en.networks(Field(7, 7))
    path = en.cache_path(7, 7, (1, 2, 3, 4, 5, 6))
    assert path.parent == tmp_path / "spy" and path.exists()
    en.clear_memo()
    loaded = en.networks(Field(7, 7), (6, 5, 4, 3, 2, 1))  # same key in any order
    assert np.array_equal(loaded.masks, built.masks)
    assert loaded.vertices(3) == built.vertices(3)
    for garbage in (b"", b"not a zip file", path.read_bytes()[:500]):
        path.write_bytes(garbage)
        en.clear_memo()
        assert np.array_equal(en.networks(Field(7, 7)).masks, built.masks)
        assert path.read_bytes()[:2] == b"PK"  # rebuilt and written again
    en.clear_memo()


def test_foreign_cache_content_is_not_trusted(tmp_path, monkeypatch):
    monkeypatch.setenv("DEADDROP_CACHE", str(tmp_path))
    en.clear_memo()
    other = en.enumerate_networks(5, 5, (1, 2, 3, 4))
    path = en.cache_path(7, 7, (1, 2, 3, 4, 5, 6))
    en._save(path, other)  # a file whose recorded key is 5x5
    en.clear_memo()
    assert len(en.networks(Field(7, 7))) == PINNED[(7, 7)]
    en.clear_memo()


def test_bad_sizes_are_input_errors():
    from deaddrop.errors import InputError

    with pytest.raises(InputError, match="at least 1 long"):
        en.enumerate_networks(5, 5, (0, 1))
    with pytest.raises(InputError, match="rows and columns must be 1 to 64"):
        en.enumerate_networks(65, 5, (1,))


def test_words_round_trip():
    value = (1 << 255) | (1 << 64) | 5
    assert en.words_to_int(en.int_to_words(value, 4)) == value


def _fingerprint(nets: en.Networks) -> str:
    """A checksum of everything the networks hold, in order: masks, shapes, origins, chains."""
    import hashlib

    digest = hashlib.sha256()
    for part in (nets.masks, nets.shape_id, nets.origin, nets.shape_vertices):
        digest.update(part.dtype.str.encode())
        digest.update(str(part.shape).encode())
        digest.update(np.ascontiguousarray(part).tobytes())
    return digest.hexdigest()[:16]


# The networks as the enumerator before issue 37 made them (every chain laid out, each shape kept
# with its first chain), checksummed by _fingerprint: the same networks in the same order with the
# same chains, so that `spy random --seed` draws the same network and the cache format holds.
BEFORE = {
    (10, 10, (1, 2, 3, 4, 5, 6)): (141_528, "72bfa53938714ab0"),
    (7, 7, (1, 2, 3)): (856, "c1b3ec4a564c0369"),
    (7, 7, (1, 1, 2, 3)): (2_576, "96b05ec0c436b25b"),
    (6, 6, (1, 1, 2, 3, 4)): (3_136, "244780da4499cee1"),
    (1, 6, (1,)): (5, "a5d106c2ed2d0714"),
    (2, 2, (1, 1, 1)): (1, "633b6c75789d0a0d"),
    (3, 8, (1, 2, 3, 4)): (64, "e9dd46a1faa4942c"),
    (5, 9, (2, 3, 4, 5)): (240, "31744c25bce9cb01"),
    (16, 16, (1, 2, 3, 4, 5, 6)): (2_121_944, "f3ebe7ed77fdeea2"),
    (10, 10, (1, 1, 2, 3, 4, 5, 6)): (733_896, "ec7ce9d63f33a100"),
    (4, 4, (2, 2)): (16, "7c7bd0489aa852ad"),
    (1, 1, (1,)): (0, "a1ac846bd0f55f00"),
    (12, 5, (1, 2, 3, 4, 5, 6)): (4_040, "2cc10bf90f2e42fb"),
    (9, 9, (1, 1, 1, 2, 2)): (7_980, "551a7fe38d70bbb8"),
}


@pytest.mark.parametrize("key", list(BEFORE), ids=lambda k: f"{k[0]}x{k[1]}-{k[2]}")
def test_the_same_networks_in_the_same_order_as_before(key):
    nets = en.enumerate_networks(*key)
    assert (len(nets), _fingerprint(nets)) == BEFORE[key]


@pytest.mark.parametrize("lengths", [(1,), (1, 2, 3), (1, 1, 2, 3), (1, 2, 3, 4, 5), (2, 2, 2)])
def test_a_shared_hash_gives_the_same_networks(lengths, monkeypatch):
    """The images of the laid-out chains are grouped by a hash of their cells; with every hash
    the same (every image looks like every other), the check cell by cell finds the clash and
    the exact deduplication takes over: the same networks, in the same order, with the same
    chains."""
    hashed = en.enumerate_networks(7, 7, lengths)
    monkeypatch.setattr(en, "_cell_weights", lambda span: np.zeros(span * span, np.uint64))
    clashing = en.enumerate_networks(7, 7, lengths)
    assert _fingerprint(hashed) == _fingerprint(clashing)
    assert _cell_sets(hashed) == distinct_networks(7, 7, lengths)


@pytest.mark.parametrize("rows, cols", [(3, 23), (9, 8), (8, 9), (16, 16), (2, 64)])
def test_placement_across_words(rows, cols):
    """Every network's mask is its chain's cells, whatever word of the mask a cell falls in."""
    nets = en.enumerate_networks(rows, cols, (1, 2, 3))
    field = Field(rows, cols)
    for i in np.random.default_rng(1).choice(len(nets), min(len(nets), 400), replace=False):
        assert Network(nets.vertices(int(i))).mask(field) == nets.mask(int(i))


def test_the_seven_line_variant_fits_in_little_memory():
    """1,1,2,3,4,5,6 on the sheet's field (733,896 networks): under 100 MB at the peak besides
    the interpreter (it was 400 MB when every chain was laid out at once)."""
    import tracemalloc

    tracemalloc.start()
    try:
        nets = en.enumerate_networks(10, 10, (1, 1, 2, 3, 4, 5, 6))
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert len(nets) == 733_896
    assert peak < 100_000_000, peak
