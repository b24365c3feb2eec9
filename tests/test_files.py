"""Atomic writes: the target is either the old file or the whole new one, never a torn file."""

from __future__ import annotations

import os

import pytest

from deaddrop.files import atomic_writer, write_atomic


def test_write_atomic_replaces_whole_file_with_usual_mode(tmp_path):
    target = tmp_path / "sub" / "out.txt"
    write_atomic(target, "first")
    write_atomic(target, b"second")
    assert target.read_bytes() == b"second"
    umask = os.umask(0)
    os.umask(umask)
    assert target.stat().st_mode & 0o777 == 0o666 & ~umask
    assert [p.name for p in target.parent.iterdir()] == ["out.txt"]


def test_failed_write_keeps_old_file_and_leaves_no_temporary(tmp_path):
    target = tmp_path / "out.pdf"
    target.write_bytes(b"old")
    with pytest.raises(RuntimeError):
        with atomic_writer(target) as handle:
            handle.write(b"half a PDF")
            raise RuntimeError("killed")
    assert target.read_bytes() == b"old"
    assert [p.name for p in tmp_path.iterdir()] == ["out.pdf"]


def test_write_all_leaves_nothing_when_a_writer_fails_half_way(tmp_path):
    """Both or neither: the first output is not renamed into place, the second's half-written
    temporary file is removed, and so is the folder made for them."""
    from deaddrop.errors import InputError
    from deaddrop.files import write_all

    def whole(path):
        path.write_bytes(b"whole")

    def half(path):
        path.write_bytes(b"half")
        raise OSError(28, "No space left on device", str(path))

    folder = tmp_path / "new"
    outputs = [
        (str(folder / "a.pdf"), whole, "--pdf", "PDF"),
        (str(folder / "b.svg"), half, "--svg", "SVG"),
    ]
    with pytest.raises(InputError):
        write_all(outputs)
    assert list(tmp_path.iterdir()) == []


_INTERRUPTED = """
import os, signal, sys
from pathlib import Path
from deaddrop import files

folder, name = Path(sys.argv[1]), sys.argv[2]
real, renamed = os.replace, []

def replace(tmp, target):
    real(tmp, target)
    renamed.append(target.name)
    if len(renamed) == 1:  # the interrupt, as the first file is renamed
        os.kill(os.getpid(), getattr(signal, name))

files.os.replace = replace
signal.signal(signal.SIGTERM, signal.default_int_handler)  # (raises KeyboardInterrupt too)
# and Ctrl-C raises it even when this process was started with SIGINT ignored (a background job)
signal.signal(signal.SIGINT, signal.default_int_handler)
try:
    with files.all_or_nothing():
        for n in range(5):
            files.write_atomic(folder / f"{n}.pdf", str(n))
except KeyboardInterrupt:
    print("interrupted after", ",".join(renamed))
"""


@pytest.mark.parametrize("signal_name", ["SIGINT", "SIGTERM"])
def test_an_interrupt_while_a_build_renames_its_files_comes_once_all_are_in_place(
    tmp_path, signal_name
):
    """Ctrl-C (or SIGTERM) as the files of a block that succeeded are renamed into place: every
    one of them goes in, then the interrupt is raised (never some renamed and the others not).
    (In a process of its own: the signal goes to the main thread.)"""
    import subprocess
    import sys

    done = subprocess.run(
        [sys.executable, "-c", _INTERRUPTED, str(tmp_path / "kit"), signal_name],
        capture_output=True,
        text=True,
        timeout=60,
    )
    names = [f"{n}.pdf" for n in range(5)]
    assert done.stdout.strip() == "interrupted after " + ",".join(names), done.stderr
    assert sorted(p.name for p in (tmp_path / "kit").iterdir()) == names
