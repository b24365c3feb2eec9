"""A templates folder's definitions read once: `deaddrop build` keeps the kits that
pnp.definitions.load_kits made, and reads them again only when an input changed.

The kits of a templates folder and a choice of games are kept in the cache
(`deaddrop.paths.cache_dir()/definitions/<hash>.pickle`, written atomically) with the stat
(size, mtime_ns, ctime_ns, inode) of every input, seen as pnp.uptodate sees a build's: each file
the loading opened and each folder it listed (the YAML files, the game folders, image headers),
the modules it imported and the engine's files. A later build of the same folder and games, none
of whose inputs changed, unpickles them (about 1 ms for the bench's 100-card deck) instead of
importing PyYAML and the loader and reading every file again (about 40 ms of that deck's build).

Definitions are kept only once their build succeeded, and never with a problem: its messages
come again on every build. A record that cannot be read (damaged, from another version) counts
as none, and so does one that is not the user's own or that others may write to (a pickle can
run code). `--force` reads everything again. This module imports nothing heavy.
"""

from __future__ import annotations

import json
import os
import pickle
import sys
import zlib
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pnp import uptodate

if TYPE_CHECKING:
    from pnp.model import GameKit

VERSION = 1


def record_path(templates: Path, games: list[str] | None) -> Path:
    """Where the kits of `templates` (the games `games`, all when None or empty) are kept."""
    from deaddrop.paths import cache_dir

    data = _key(templates, games).encode("utf-8")
    name = f"{zlib.crc32(data):08x}{zlib.adler32(data):08x}"
    return cache_dir() / "definitions" / f"{name}.pickle"


def _key(templates: Path, games: list[str] | None) -> str:
    return json.dumps(
        {
            "templates": os.path.abspath(templates),
            "games": list(games or []),
            "python": [sys.version, sys.executable],
            "version": VERSION,
        },
        sort_keys=True,
    )


def load_kits(
    templates: Path, games: list[str] | None, *, force: bool = False
) -> tuple[list[GameKit], Callable[[], None]]:
    """pnp.definitions.load_kits(templates, games), from the cache when none of its inputs
    changed since it was kept (never with `force`); and what keeps them for the next time, to be
    called once the build succeeded (a failed command leaves the cache as it was)."""
    if not force:
        kits = kept_kits(templates, games)
        if kits is not None:
            return kits, lambda: None
    from pnp.definitions import load_kits as read

    with uptodate.Recorder() as recorder:
        kits = read(templates, games)
    return kits, keeper(templates, games, recorder.inputs(), kits)


def kept_kits(templates: Path, games: list[str] | None) -> list[GameKit] | None:
    """The kits kept for `templates` and `games` when none of their inputs changed (their inputs
    noted as read, so a build's own record still names them); else None."""
    kept = _kept(record_path(templates, games), _key(templates, games))
    if kept is None:
        return None
    read_before, kits = kept
    uptodate.note_read(read_before)
    return kits


def keeper(
    templates: Path, games: list[str] | None, inputs: dict[str, Any], kits: list[GameKit]
) -> Callable[[], None]:
    """What keeps `kits`, read from `inputs` (uptodate.inputs_of), for the next build."""
    path, key = record_path(templates, games), _key(templates, games)
    return lambda: _keep(path, key, inputs, kits)


def _kept(path: Path, key: str) -> tuple[list[str], list[GameKit]] | None:
    """The inputs and kits kept at `path` when their key is `key` and no input changed."""
    try:
        with open(path, "rb") as handle:
            if not _own(os.fstat(handle.fileno())):
                return None
            record = pickle.load(handle)
        if record["key"] != key:
            return None
        inputs: dict[str, list[int]] = record["inputs"]
        for name, stat in inputs.items():
            if uptodate.stat_of(name) != stat:
                return None
        return list(inputs), record["kits"]
    except Exception:  # a damaged or foreign record (any error unpickling it) is no record
        return None


def _own(stat: os.stat_result) -> bool:
    """A record is unpickled only when it is the user's own and nobody else may write it (a
    pickle can run code: a cache folder others may write to must not hand them this process)."""
    getuid = getattr(os, "getuid", None)
    return (getuid is None or stat.st_uid == getuid()) and not stat.st_mode & 0o022


def _keep(path: Path, key: str, inputs: dict[str, Any], kits: list[GameKit]) -> None:
    """Keep `kits` and their inputs at `path` (nothing when the cache cannot be written)."""
    from deaddrop.paths import cache_writer

    try:
        data = pickle.dumps(
            {"key": key, "inputs": inputs, "kits": kits}, protocol=pickle.HIGHEST_PROTOCOL
        )
        with cache_writer(path, 0o600) as handle:  # the user's own, whatever the umask
            handle.write(data)
    except (OSError, pickle.PicklingError, TypeError, AttributeError, RecursionError):
        pass  # (a kit that cannot be pickled is read again next time)
