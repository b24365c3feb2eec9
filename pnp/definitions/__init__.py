"""YAML definitions -> the checked component model (pnp.model), every problem located.

    templates/<game>/*.yaml --yaml_lines--> Y tree --loader--> boxes, styles (named)
        --component_spec--> size, data rows --element_spec, grid_spec--> faces --> GameKit

The way in is `load_kits` / `load_game` (and `game_names`); every problem of a game is raised at
once as one InputError, a `file:line: key.path: what (expected)` line each.
"""

from pnp.definitions.loader import game_names, load_game, load_kits

__all__ = ["game_names", "load_game", "load_kits"]
