"""The garbage collector paused while a build reads and draws (collection_paused): apart from
pnp.build, so that `deaddrop build` pauses it without loading the layout, which a build drawn by
the other process (pnp.lanes: a deck) never needs here."""

from __future__ import annotations

import atexit
import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def collection_paused() -> Iterator[None]:
    """The garbage collector paused inside (a build's definitions read, its kits drawn: many
    objects that live until it ends, little garbage; the collector's passes over them were a
    tenth of a 1,000-card build and a quarter of reading every kit's YAML), and what was made
    moved to the oldest generation at once when it ends, not through passes of the young ones.
    Nested, the outermost resumes it. The interpreter's exit leaves every object to the
    operating system (_no_collection_at_exit)."""
    _no_collection_at_exit()
    paused = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if paused:
            if not gc.get_freeze_count():  # (nobody froze objects for a reason of their own)
                gc.freeze()
                gc.unfreeze()
            gc.enable()


def _no_collection_at_exit() -> None:
    """At exit, leave every object to the operating system: the garbage collector's passes over
    all of them as the interpreter shuts down (everything reportlab, typer, PyYAML and the build
    made) took about a fifth of a small build's process (50 ms of 240). gc.freeze at exit keeps
    them out of those passes; files are closed and the cache written before."""
    global _freezing
    if not _freezing:
        atexit.register(gc.freeze)
        _freezing = True


_freezing = False
