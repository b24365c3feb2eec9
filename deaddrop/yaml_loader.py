"""The YAML loader every reader uses: libyaml's when PyYAML was built with it (10x faster)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def read_game_file(path: Path, reader: str) -> Any:
    """The YAML tree of a game's data file, or an InputError naming the file: missing (`reader`
    says who needs it, e.g. "the Spies! tracker") or not valid YAML."""
    from deaddrop.errors import InputError

    try:
        with path.open(encoding="utf-8") as handle:
            return yaml.load(handle, Loader=LOADER)
    except FileNotFoundError:
        raise InputError(f"{path}: missing ({reader} reads it)") from None
    except yaml.YAMLError as error:
        raise InputError(f"{path}: not valid YAML ({error})".replace("\n", " ")) from None
