"""pnp.collector.collection_paused: the garbage collector paused while a build reads and draws, and
running again after it, whether the build succeeded or failed; nested, the outermost resumes."""

from __future__ import annotations

import gc

import pytest

from pnp.collector import collection_paused


def test_paused_inside_and_running_after():
    assert gc.isenabled()
    with collection_paused():
        assert not gc.isenabled()
        with collection_paused():
            assert not gc.isenabled()
        assert not gc.isenabled()  # (the inner one leaves it to the outer)
    assert gc.isenabled()


def test_running_again_after_a_failure():
    with pytest.raises(ValueError), collection_paused():
        raise ValueError("a kit that cannot be read")
    assert gc.isenabled()
    assert gc.get_freeze_count() == 0  # (nothing left frozen)


def test_left_paused_when_it_was_paused_before():
    gc.disable()
    try:
        with collection_paused():
            pass
        assert not gc.isenabled()
    finally:
        gc.enable()
