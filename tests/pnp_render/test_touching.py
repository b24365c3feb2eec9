"""pnp.imposition.plan's index of abutting slots finds every slot that abuts a box, as the
comparison of every pair does (the die-cut bleed stops where it finds one)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from pnp.imposition.plan import SIDES, _abuts, _touching
from pnp.model import Box

# boxes on a coarse grid, so that many edges meet (and some only within the tolerance)
at = st.integers(0, 12).map(lambda n: n * 36.0) | st.floats(0, 432, allow_nan=False)
size = st.sampled_from([36.0, 72.0, 0.005, 100.0, 36.004]) | st.floats(0.001, 300)
boxes = st.lists(st.builds(Box, at, at, size, size), min_size=1, max_size=30)


@settings(max_examples=80, deadline=None)
@given(trims=boxes, nudge=st.sampled_from([0.0, 0.004, -0.006, 0.01, 0.011, 0.02]))
def test_the_index_finds_every_abutting_slot(trims, nudge):
    trims = [*trims, *(Box(t.x + t.w + nudge, t.y, t.w, t.h) for t in trims[:5])]
    touching = _touching(trims)
    for box in trims:
        for side in SIDES:
            every = {j for j, t in enumerate(trims) if _abuts(box, t, side)}
            found = {j for j in touching(box, side) if _abuts(box, trims[j], side)}
            assert found == every, (box, side)


def test_a_row_of_counters_abuts_left_and_right():
    row = [Box(36.0 * i, 0.0, 36.0, 36.0) for i in range(4)]
    touching = _touching(row)
    assert [j for j in touching(row[1], "left") if _abuts(row[1], row[j], "left")] == [0]
    assert [j for j in touching(row[1], "right") if _abuts(row[1], row[j], "right")] == [2]
    assert touching(row[0], "top") == []
