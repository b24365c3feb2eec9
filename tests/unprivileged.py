"""Run the `deaddrop` command line in a child process that file modes hold, even as root.

A test of "permission denied" cannot be run as root the plain way (root reads and writes any
folder), and CI runs as root. The child drops CAP_DAC_OVERRIDE and CAP_DAC_READ_SEARCH from its
capability bounding set before it starts Python (prctl PR_CAPBSET_DROP), so a folder of mode 0
refuses it as it refuses any user; for a user who is not root nothing changes."""

from __future__ import annotations

import ctypes
import os
import subprocess
import sys

PR_CAPBSET_DROP = 24
CAP_DAC_OVERRIDE = 1
CAP_DAC_READ_SEARCH = 2


def _drop_override() -> None:
    if os.geteuid() != 0:
        return
    libc = ctypes.CDLL(None, use_errno=True)
    for cap in (CAP_DAC_OVERRIDE, CAP_DAC_READ_SEARCH):
        if libc.prctl(PR_CAPBSET_DROP, cap, 0, 0, 0) != 0:
            raise OSError(ctypes.get_errno(), "prctl(PR_CAPBSET_DROP) failed")


def deaddrop(*args: str, cwd: str | os.PathLike[str]) -> subprocess.CompletedProcess[str]:
    """`deaddrop ARGS` in `cwd`, held to file modes; its exit code, stdout and stderr."""
    code = "from deaddrop.commands.main import main; main()"
    return subprocess.run(
        [sys.executable, "-c", code, *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=120,
        preexec_fn=_drop_override,
    )
