"""`deaddrop build` skips a build whose inputs have not changed, like make.

A build into DIR records, in the cache (`deaddrop.paths.cache_dir()/builds/<DIR's hash>.json`,
written atomically, so the output folder holds only the kit's files):

- its settings (games, templates folder, paper, flip, back offset, bleed, gutter, svg) and the
  Python that ran it;
- every input by size, mtime_ns, ctime_ns and inode: each file the build opened for reading
  and each folder it listed (seen through an audit hook while it ran: templates, images, fonts,
  the modules it imported), the engine's files (everything under pnp/ and the deaddrop modules
  `build` uses);
- every file it wrote, by the same stat, and the lines it printed.

A later build with the same settings whose inputs and outputs all still have their recorded stats
prints the same lines (marked "(up to date)") and writes nothing. Any difference (a template
touched, an output deleted or edited, another setting, an engine file edited) builds again;
`--force` always does. The record is removed before a build starts and written when it succeeds.
This module imports nothing heavy: the check runs before pnp's engine and reportlab load.
"""

from __future__ import annotations

import json
import os
import sys
import zlib
from pathlib import Path
from typing import Any

VERSION = 1
ENGINE = Path(__file__).resolve().parent  # pnp/
_DEADDROP = ENGINE.parent / "deaddrop"
ENGINE_FILES = [
    _DEADDROP / "commands" / "build.py",
    _DEADDROP / "errors.py",
    _DEADDROP / "paths.py",
    _DEADDROP / "printer_config.py",
    _DEADDROP / "yaml_loader.py",
]
_SKIP = ("/proc/", "/dev/", "/sys/")
_WRITE_FLAGS = os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_APPEND | os.O_TRUNC

Stat = list[int]


def stat_of(path: str) -> Stat | None:
    """The stat of `path` as a record keeps it; None when it cannot be read."""
    try:
        st = os.stat(path)
    except OSError:
        return None
    return [st.st_size, st.st_mtime_ns, st.st_ctime_ns, st.st_ino]


def record_path(out: Path) -> Path:
    """Where the record of builds into `out` is kept."""
    from deaddrop.paths import cache_dir

    data = os.fsencode(os.path.abspath(out))
    name = f"{zlib.crc32(data):08x}{zlib.adler32(data):08x}"  # the record names its folder too
    return cache_dir() / "builds" / f"{name}.json"


def settings_key(**settings: Any) -> str:
    """The settings of a build, and the Python running it, as one string."""
    settings["python"] = [sys.version, sys.executable]
    settings["version"] = VERSION
    return json.dumps(settings, sort_keys=True, default=str)


def up_to_date(out: Path, key: str) -> list[str] | None:
    """The lines the last build into `out` printed, when it had the settings `key` and none of its
    inputs and outputs changed since; else None."""
    try:
        with open(record_path(out), encoding="utf-8") as handle:
            record = json.load(handle)
        if record.get("key") != key or record.get("out") != os.path.abspath(out):
            return None
        for stats in (record["inputs"], record["outputs"]):
            for path, stat in stats.items():
                if stat_of(path) != stat:
                    return None
        lines = record["lines"]
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return None
    if not isinstance(lines, list) or not all(isinstance(line, str) for line in lines):
        return None
    return lines


def forget(out: Path) -> None:
    """Remove the record of builds into `out` (before a build that may fail half way)."""
    try:
        os.unlink(record_path(out))
    except OSError:
        pass


class Recorder:
    """Notes the files and folders read while it is active (one inside another too: each notes
    what is read while it is active). Nothing under `out` (what a build writes) is an input."""

    def __init__(self, out: Path | None = None) -> None:
        self.out = os.path.abspath(out) + os.sep if out is not None else None
        self.paths: set[str] = set()
        self.modules: set[str] = set()
        self.ahead: dict[str, Stat | None] = {}  # stats taken early (stat_ahead)
        self.engine: set[str] | None = None  # the engine's files, when listed early

    def __enter__(self) -> Recorder:
        _install()
        self.modules = set(sys.modules)
        _active.append(self)
        return self

    def __exit__(self, *exc: object) -> None:
        _active.remove(self)

    def note(self, path: Any) -> None:
        if isinstance(path, int):
            return
        self.paths.add(os.path.abspath(os.fsdecode(path)))

    def seen(self) -> set[str]:
        """The paths noted (compiled modules by their source) and the sources of the modules
        imported meanwhile: what another process's recorder is handed (note_read)."""
        paths = {p for p in self.paths if not p.endswith(".pyc")}
        for name in set(sys.modules) - self.modules:
            source = _source(sys.modules.get(name))
            if isinstance(source, str):
                paths.add(os.path.abspath(source))
        return paths

    def inputs(self) -> dict[str, Stat]:
        """Every input's stat: what it saw (seen) and the engine's files (those stat'ed ahead
        as they were then)."""
        return inputs_of(self.seen(), self.out, self.ahead, self.engine)


def _source(module: object) -> object:
    """A module's file, read from its namespace: a module imported lazily (LazyLoader:
    pnp.backends.pillow_on_demand) is not loaded by it, as reading its attribute would."""
    try:
        return object.__getattribute__(module, "__dict__").get("__file__")
    except AttributeError:  # (not a module: no namespace)
        return None


def inputs_of(
    seen: set[str],
    out: str | None = None,
    ahead: dict[str, Stat | None] | None = None,
    engine: set[str] | None = None,
) -> dict[str, Stat]:
    """The stat of every path in `seen` and of the engine's files (`engine`: as listed early),
    but none under `out` (a folder's absolute name ending in a separator) or in /proc, /dev,
    /sys; a path in `ahead` with the stat it had then (stat_ahead)."""
    early = ahead or {}
    stats = {}
    for path in _input_paths(seen, out, engine):
        stat = early[path] if path in early else stat_of(path)
        if stat is not None:
            stats[path] = stat
    return stats


def _input_paths(seen: set[str], out: str | None, engine: set[str] | None = None) -> list[str]:
    """What inputs_of stats, in order."""
    paths = seen | (_engine() if engine is None else engine)
    return [
        path
        for path in sorted(paths)
        if not path.startswith(_SKIP) and (out is None or not (path + os.sep).startswith(out))
    ]


def _engine() -> set[str]:
    """The engine's files and folders: everything under pnp/ and ENGINE_FILES."""
    paths = {str(p) for p in ENGINE_FILES}
    for folder, dirs, files in os.walk(ENGINE):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__")
        paths.add(folder)
        paths.update(os.path.join(folder, f) for f in files if not f.endswith(".pyc"))
    return paths


def stat_ahead() -> None:
    """Stat now the inputs the active recorders know so far (and the engine's files), for their
    `inputs`: a build does it while it waits for its other process (pnp.lanes), rather than after.
    An input that changes after this was read before: its earlier stat makes the next build
    build again, as it should."""
    for recorder in _active:
        if recorder.engine is None:
            recorder.engine = _engine()
        for path in _input_paths(recorder.seen(), recorder.out, recorder.engine):
            if path not in recorder.ahead:
                recorder.ahead[path] = stat_of(path)


_active: list[Recorder] = []  # the recorders active now, innermost last
_installed = False


def note_read(paths: Any) -> None:
    """Note `paths` as read in every active recorder (inputs read earlier and kept, such as the
    definitions pnp.kit_cache gives back without reading them again)."""
    for recorder in _active:
        for path in paths:
            recorder.note(path)


def _hook(event: str, args: tuple[Any, ...]) -> None:
    if not _active:
        return
    try:
        if event == "open":
            path, mode, flags = args
            if mode is None:
                if flags & _WRITE_FLAGS:
                    return
            elif any(c in mode for c in "wax+"):
                return
            note_read((path,))
        elif event in ("os.listdir", "os.scandir"):
            note_read((args[0] if args[0] is not None else ".",))
    except Exception:  # an audit hook that raises would fail the operation it watches
        pass


def _install() -> None:
    global _installed
    if not _installed:
        sys.addaudithook(_hook)
        _installed = True


def remember(
    out: Path, key: str, recorder: Recorder, written: list[Path], lines: list[str]
) -> None:
    """Keep the record of a build that succeeded (nothing when the cache cannot be written)."""
    from deaddrop.paths import cache_writer

    outputs: dict[str, Stat] = {}
    for path in written:
        stat = stat_of(os.path.abspath(path))
        if stat is None:
            return
        outputs[os.path.abspath(path)] = stat
    record = {
        "key": key,
        "out": os.path.abspath(out),
        "inputs": recorder.inputs(),
        "outputs": outputs,
        "lines": lines,
    }
    try:
        with cache_writer(record_path(out)) as handle:
            handle.write(json.dumps(record).encode("utf-8"))
    except OSError:
        pass
