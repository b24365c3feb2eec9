"""Where things live: templates, the table database, the cache. Environment variables override."""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from pathlib import Path
from typing import BinaryIO

# The folder above the packages: a source checkout's root (in an installed copy, site-packages).
REPO_ROOT = Path(__file__).resolve().parent.parent


def templates_dir() -> Path:
    """`DEADDROP_TEMPLATES`, else the game definitions installed with the package
    (`deaddrop/templates/` in a wheel: the repository's `templates/`, setup.py), else the
    `templates/` folder of a source checkout (an editable install, or none)."""
    env = os.environ.get("DEADDROP_TEMPLATES")
    return Path(env) if env else _installed_templates()


@cache
def _installed_templates() -> Path:
    # importlib.resources.files("deaddrop") / "templates", as that names it for a package installed
    # as files (pip never installs one zipped), without importing importlib.resources and zipfile
    # on every start of a table command (3-4 ms); tests/test_install.py checks they agree.
    installed = REPO_ROOT / "deaddrop" / "templates"
    return installed if installed.is_dir() else REPO_ROOT / "templates"


def default_db() -> Path:
    """`DEADDROP_DB`, else `deaddrop.sqlite` in the user's data directory."""
    env = os.environ.get("DEADDROP_DB")
    if env:
        return Path(env)
    import platformdirs

    return Path(platformdirs.user_data_dir("deaddrop", appauthor=False)) / "deaddrop.sqlite"


def cache_dir() -> Path:
    """`DEADDROP_CACHE`, else the user's cache directory."""
    env = os.environ.get("DEADDROP_CACHE")
    if env:
        return Path(env)
    if sys.platform == "linux":  # platformdirs' answer there, without importing it (5 ms)
        xdg = os.environ.get("XDG_CACHE_HOME", "").strip()
        return Path(xdg or os.path.expanduser("~/.cache")) / "deaddrop"
    import platformdirs

    return Path(platformdirs.user_cache_dir("deaddrop", appauthor=False))


@contextmanager
def cache_writer(path: Path, mode: int = 0o666) -> Iterator[BinaryIO]:
    """Write a cache file: into a temporary file beside `path` (created with `mode`, less the
    umask), renamed over it when done, so a reader never sees half a file. No fsync
    (deaddrop.files.atomic_writer's, 5-10 ms a file): every cache is checked when read and
    rebuilt when damaged. OSError when it cannot be written."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.{time.monotonic_ns()}.tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, mode)
    try:
        with os.fdopen(fd, "wb") as handle:
            yield handle
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
