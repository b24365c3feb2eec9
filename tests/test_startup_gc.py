"""deaddrop.commands.startup_gc: the collector pauses while the console script's module imports
and runs again, as it was, once they are done; nothing else that imports deaddrop pauses it."""

from __future__ import annotations

import subprocess
import sys


def _after(code: str) -> list[str]:
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return out.stdout.split()


def test_running_again_after_main_is_imported():
    code = (
        "import gc, deaddrop.commands.main as m;"
        "print(gc.isenabled(), gc.get_freeze_count(), 'typer' in __import__('sys').modules)"
    )
    assert _after(code) == ["True", "0", "True"]


def test_left_off_when_it_was_off():
    code = "import gc; gc.disable(); import deaddrop.commands.main; print(gc.isenabled())"
    assert _after(code) == ["False"]


def test_other_imports_leave_it_alone():
    code = "import gc, deaddrop.commands.build, assistant.table; print(gc.isenabled())"
    assert _after(code) == ["True"]
