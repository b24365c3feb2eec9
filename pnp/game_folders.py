"""The games of a templates folder, found without reading them: this module imports nothing
heavy (`deaddrop build` asks it before it knows whether the definitions must be read at all:
pnp.kit_cache, pnp.lanes)."""

from __future__ import annotations

from pathlib import Path

from deaddrop.errors import path_errors


def game_names(templates: Path) -> list[str]:
    """The games under `templates`: its folders that hold a game.yaml, sorted."""
    templates = Path(templates)
    with path_errors(templates, "read the templates"):  # a name too long, no permission ...
        if not templates.is_dir():
            return []
        return sorted(p.name for p in templates.iterdir() if (p / "game.yaml").is_file())
