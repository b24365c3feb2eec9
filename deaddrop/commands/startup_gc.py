"""The garbage collector paused while the console script starts: imported first by
deaddrop.commands.main, which calls `resume()` once its imports are done. Start-up makes
modules, classes and functions that live as long as the process; the collector's passes over
them were about a twentieth of `deaddrop table list` (start-up, issue 37). Only main imports it:
any other import of deaddrop leaves the collector alone."""

from __future__ import annotations

import gc

_collecting = gc.isenabled()
gc.disable()


def resume() -> None:
    """The collector running again as it was, what start-up made moved to its oldest
    generation at once (not through passes of the young ones)."""
    if _collecting and not gc.isenabled():
        if not gc.get_freeze_count():  # (nobody froze objects for a reason of their own)
            gc.freeze()
            gc.unfreeze()
        gc.enable()
