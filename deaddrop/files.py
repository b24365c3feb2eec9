"""Atomic file writes: a killed process never leaves a half-written file behind."""

from __future__ import annotations

import contextlib
import errno
import os
import tempfile
from collections.abc import Callable, Iterator
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
    stage = _stages[-1] if _stages else None
    try:
        made = _make_parents(target.parent)
    except FileExistsError:  # a part of the path is a file: say so, not "file exists"
        raise NotADirectoryError(errno.ENOTDIR, os.strerror(errno.ENOTDIR), str(target)) from None
    if stage is not None:
        stage.made += made
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
        if stage is not None:  # renamed into place when the whole command has succeeded
            stage.renames.append((tmp, target))
            return
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


class _Stage:
    """The writes of an `all_or_nothing` block: temporary files and their targets, and the
    folders made for them (outermost first)."""

    def __init__(self) -> None:
        self.renames: list[tuple[str, Path]] = []
        self.made: list[Path] = []


_stages: list[_Stage] = []


@contextmanager
def all_or_nothing() -> Iterator[None]:
    """Every file atomic_writer writes inside the block is renamed into place only when the
    block ends without an error. On an error none is: the temporary files are removed, and the
    folders made for them, so a command that fails leaves no file it wrote (a build that fails
    at its fifth kit keeps none of the first four's files, and the files of an earlier build stay
    as they were)."""
    stage = _Stage()
    _stages.append(stage)
    try:
        yield
    except BaseException:
        _discard(stage)
        raise
    finally:
        _stages.remove(stage)
    with _signals_held():  # (an interrupt now comes once every file is in place)
        for tmp, target in stage.renames:
            try:
                os.replace(tmp, target)
            except OSError as error:
                _discard(stage)
                raise OSError(error.errno, error.strerror, str(target)) from None


_HELD = ("SIGINT", "SIGTERM", "SIGHUP")


@contextmanager
def _signals_held() -> Iterator[None]:
    """Ctrl-C, SIGTERM and SIGHUP held back (where the system can) while the files of a block
    that succeeded are renamed into place, and delivered after: an interrupt never leaves some of
    them renamed and the others not (the block succeeded: all of them go in)."""
    import signal
    import threading

    mask = getattr(signal, "pthread_sigmask", None)
    if mask is None or threading.current_thread() is not threading.main_thread():
        yield  # (other threads never run Python's signal handlers)
        return
    held = {getattr(signal, name) for name in _HELD if hasattr(signal, name)}
    before = mask(signal.SIG_BLOCK, held)
    try:
        yield
    finally:
        mask(signal.SIG_SETMASK, before)


@contextmanager
def staged() -> Iterator[_Stage]:
    """Every file atomic_writer writes inside the block is kept under its temporary name, for
    an all_or_nothing block to rename or remove (`adopt`), here or in another process; the
    block's stage holds them (renames, and the folders made, outermost first). Left by an
    exception, the block removes them itself."""
    stage = _Stage()
    _stages.append(stage)
    try:
        yield stage
    except BaseException:
        _discard(stage)
        raise
    finally:
        _stages.remove(stage)


def adopt(renames: list[tuple[str, Path]], made: list[Path]) -> None:
    """Hand the files of a `staged` block (its stage's renames and folders made) to the
    innermost all_or_nothing block: renamed into place with its own files, or removed with them
    (the folders made removed innermost first)."""
    stage = _stages[-1]
    stage.renames += renames
    stage.made = sorted([*stage.made, *made], key=lambda folder: len(folder.parts))


def discard(renames: list[tuple[str, Path]], made: list[Path]) -> None:
    """Remove the files of a `staged` block that no all_or_nothing block took (`adopt`)."""
    stage = _Stage()
    stage.renames, stage.made = renames, made
    _discard(stage)


def _discard(stage: _Stage) -> None:
    """Remove the temporary files of `stage` not renamed yet, and its folders left empty (the
    writes of `all_or_nothing` and of `write_all`)."""
    for tmp, _ in stage.renames:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
    for folder in reversed(stage.made):
        with contextlib.suppress(OSError):
            os.rmdir(folder)  # only when empty


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def write_atomic(path: str | os.PathLike[str], data: bytes | str, *, sync: bool = True) -> None:
    """Write `data` to `path` atomically (see `atomic_writer` for `sync`)."""
    with atomic_writer(path, "wb" if isinstance(data, bytes) else "w", sync=sync) as handle:
        handle.write(data)


# A file a command writes: (the path the user gave, a writer to a path, the option that named
# it, what it is: "PDF", "SVG").
Output = tuple[str, Callable[[Path], None], str, str]


def check_outputs(outputs: list[tuple[str | None, str, str]]) -> None:
    """Refuse, before any work, an output path that cannot be one: an empty name or a folder
    (`outputs`: the path given or None, its option, what it is: "PDF")."""
    from deaddrop.errors import InputError, empty_name, shown

    seen: dict[str, str] = {}
    for out, option, kind in outputs:
        if out is None:
            continue
        if not out:
            raise empty_name(option, f"the name of the {kind} file to write")
        if os.path.isdir(out):
            raise InputError(
                f"{shown(out)}: is a directory (expected the name of the file to write)"
            )
        same = os.path.normcase(os.path.abspath(out))
        if same in seen:
            raise InputError(
                f"{seen[same]} and {option}: both name {shown(out)} (expected a file for each)"
            )
        seen[same] = option


def write_all(outputs: list[Output]) -> None:
    """Write every output or none: each into a temporary file beside its target, all renamed into
    place once all are written; folders made for them are removed again on a failure. Every
    problem of a path is one InputError line naming it (deaddrop.errors.path_errors)."""
    from deaddrop.errors import path_errors

    check_outputs([(out, option, kind) for out, _, option, kind in outputs])
    stage = _Stage()
    try:
        for number, (out, write, _, kind) in enumerate(outputs):
            target = Path(out)
            with path_errors(out, f"write the {kind}"):
                stage.made += _make_parents(target.parent)
                temporary = target.with_name(f".{target.name}.{os.getpid()}.{number}.part")
                stage.renames.append((str(temporary), target))  # removed even if half written
                write(temporary)
        for (part, target), (out, _, _, kind) in zip(stage.renames, outputs, strict=True):
            with path_errors(out, f"write the {kind}"):
                os.replace(part, target)
    except BaseException:
        _discard(stage)
        raise


def _make_parents(folder: Path) -> list[Path]:
    """Make `folder` and its missing parents; the folders made, outermost first."""
    missing = []
    while not folder.exists() and folder != folder.parent:
        missing.append(folder)
        folder = folder.parent
    made = []
    for each in reversed(missing):
        try:
            each.mkdir()
        except FileExistsError:
            if each.is_dir():  # made meanwhile by another process: not ours to remove
                continue
            raise
        made.append(each)
    return made
