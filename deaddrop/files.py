"""Atomic file writes: a killed process never leaves a half-written file behind."""

from __future__ import annotations

import errno
import os
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO


@contextmanager
def atomic_writer(
    path: str | os.PathLike[str], mode: str = "wb", *, sync: bool = True
) -> Iterator[IO]:
    """Open a temporary file beside `path`; on success fsync it (unless `sync` is false) and rename
    it over `path`. A failure to create or rename the file is an OSError that names `path`, not
    the temporary. Without `sync` a killed process still never leaves half a file (the rename is
    atomic); only a crash of the machine itself may lose the newest write: fine for what can be
    made again, such as a build's PDFs (47 fsyncs were a sixth of a full build)."""
    target = Path(path)
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
    except FileExistsError:  # a part of the path is a file: say so, not "file exists"
        raise NotADirectoryError(errno.ENOTDIR, os.strerror(errno.ENOTDIR), str(target)) from None
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    except OSError as error:
        raise OSError(error.errno, error.strerror, str(target)) from None
    try:
        os.chmod(tmp, 0o666 & ~_umask())  # mkstemp makes 0600; give the file the usual mode
        with os.fdopen(fd, mode, encoding=None if "b" in mode else "utf-8") as handle:
            yield handle
            handle.flush()
            if sync:
                os.fsync(handle.fileno())
        try:
            os.replace(tmp, target)
        except OSError as error:
            raise OSError(error.errno, error.strerror, str(target)) from None
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def write_atomic(path: str | os.PathLike[str], data: bytes | str, *, sync: bool = True) -> None:
    """Write `data` to `path` atomically (see `atomic_writer` for `sync`)."""
    with atomic_writer(path, "wb" if isinstance(data, bytes) else "w", sync=sync) as handle:
        handle.write(data)
