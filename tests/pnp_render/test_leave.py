"""deaddrop.commands.build_helper.leave: the console script's `deaddrop build` leaves at once when
it is done (no teardown of the interpreter's modules), its lines flushed, its exit handlers run
and its exit status kept; any other command, and a status that is a message, leave as usual."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys

from deaddrop.paths import templates_dir

# As the console script runs it; an object torn down with the interpreter says so (on stderr),
# and an exit handler says it ran.
SCRIPT = (
    "import atexit, sys\n"
    "sys.argv = ['deaddrop', *sys.argv[1:]]\n"
    "class Torn:\n"
    "    def __del__(self):\n"
    "        sys.stderr.write('torn down\\n')\n"
    "kept = Torn()\n"
    "atexit.register(lambda: sys.stderr.write('exit handlers run\\n'))\n"
    "from deaddrop.commands.main import main\n"
    "main()\n"
)


def _run(tmp_path, *args):
    env = {**os.environ, "DEADDROP_CACHE": str(tmp_path / "cache"), "DEADDROP_BUILD_JOBS": "2"}
    return subprocess.run(
        [sys.executable, "-c", SCRIPT, *args], env=env, capture_output=True, text=True
    )


def test_a_build_leaves_at_once_with_its_lines_and_exit_handlers(tmp_path):
    templates = tmp_path / "templates"
    shutil.copytree(templates_dir() / "sample", templates / "sample")
    done = _run(tmp_path, "build", "--templates", str(templates), "--out", str(tmp_path / "o"))
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith(f"wrote {tmp_path / 'o' / 'sample.pdf'} and ")  # (a pipe)
    assert done.stderr == "exit handlers run\n"  # ... and no teardown
    assert (tmp_path / "o" / "sample.pdf").stat().st_size > 1000


def test_a_build_that_fails_leaves_with_its_status_and_message(tmp_path):
    done = _run(tmp_path, "build", "--templates", str(tmp_path / "none"), "--out", str(tmp_path))
    assert done.returncode == 2
    assert done.stderr.splitlines() == [
        f"deaddrop: {tmp_path / 'none'}: templates folder not found",
        "exit handlers run",
    ]


def test_other_commands_leave_as_usual(tmp_path):
    done = _run(tmp_path, "list", "--templates", str(templates_dir()))
    assert done.returncode == 0 and "sample" in done.stdout
    assert done.stderr.splitlines() == ["exit handlers run", "torn down"]
