"""`deaddrop build` forks its second process as it starts (pnp.lanes.start_helper): imported by
deaddrop.commands.main before typer and the command line load, so that the helper imports the
engine (reportlab, the layout: ~50 ms) while this process reads the command line, and a build of
one lane (a deck) is drawn there meanwhile. Only for the console script's `deaddrop build`,
never for its help, `--images` or `--calibration`; `DEADDROP_BUILD_JOBS=1` keeps one process.

Such a build also leaves at once when it is done (`leave`): its files written and closed, the
cache written, its lines flushed and the exit handlers run, it leaves every object to the
operating system rather than have the interpreter tear down each module (~3 ms of a 100-card
deck's build of ~100 ms)."""

from __future__ import annotations

import os
import sys
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Callable


def wanted(argv: list[str]) -> bool:
    """Whether `argv` is the console script's `deaddrop build` that draws kits."""
    if len(argv) < 2 or os.path.basename(argv[0]) != "deaddrop" or argv[1] != "build":
        return False
    return not any(a.startswith(("--help", "--images", "--calibration")) for a in argv[2:])


def leave(command: Callable[[], object]) -> None:
    """Run `command` (the console script's app), then leave with its exit status without the
    interpreter's teardown: the streams flushed and the exit handlers (atexit) run first, as the
    interpreter would. Left to the interpreter when the status is a message, a thread still runs
    or a stream cannot be flushed (it reports that as it would)."""
    import atexit
    import threading

    try:
        command()
    except SystemExit as done:
        code = done.code
    else:
        code = 0
    if not (code is None or isinstance(code, int)) or threading.active_count() > 1:
        raise SystemExit(code)
    try:
        _flush()
        atexit._run_exitfuncs()
        _flush()
    except Exception:
        raise SystemExit(code) from None
    os._exit(code or 0)


def _flush() -> None:
    for stream in (sys.stdout, sys.stderr):
        if stream is not None:
            stream.flush()


building = wanted(sys.argv)  # the console script's `deaddrop build` (main: leave)
if building:
    from pnp.lanes import start_helper

    start_helper()
