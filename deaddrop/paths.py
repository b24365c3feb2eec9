"""Where things live: templates, the table database, the cache. Environment variables override."""

from __future__ import annotations

import os
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent


def templates_dir() -> Path:
    """`DEADDROP_TEMPLATES`, else the `templates/` folder beside the packages."""
    env = os.environ.get("DEADDROP_TEMPLATES")
    return Path(env) if env else REPO_ROOT / "templates"


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
    import platformdirs

    return Path(platformdirs.user_cache_dir("deaddrop", appauthor=False))
