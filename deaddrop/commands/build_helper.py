"""`deaddrop build` forks its second process as it starts (pnp.lanes.start_helper): imported by
deaddrop.commands.main before typer and the command line load, so that the helper imports the
engine (reportlab, the layout: ~50 ms) while this process reads the command line, and a build of
one lane (a deck) is drawn there meanwhile. Only for the console script's `deaddrop build`,
never for its help, `--images` or `--calibration`; `DEADDROP_BUILD_JOBS=1` keeps one process."""

from __future__ import annotations

import os
import sys


def wanted(argv: list[str]) -> bool:
    """Whether `argv` is the console script's `deaddrop build` that draws kits."""
    if len(argv) < 2 or os.path.basename(argv[0]) != "deaddrop" or argv[1] != "build":
        return False
    return not any(a.startswith(("--help", "--images", "--calibration")) for a in argv[2:])


if wanted(sys.argv):
    from pnp.lanes import start_helper

    start_helper()
