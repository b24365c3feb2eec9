"""A value the vocabulary lists is a value the tracker takes (issue 23, item 17: `run` listed
`black|white|cop`, and `run spy=cop` was refused). For every game, every parameter whose kind is
a list of literal values (`red|blue`, `sword|weapon`): each value passes the kind's own check."""

from __future__ import annotations

import re

import pytest
import yaml

from assistant.games import known_games, load_game
from assistant.history import initial_state, resolve_options

LITERAL = re.compile(r"^[a-z0-9-]+(\|[a-z0-9-]+)+$")
PLACEHOLDERS = {"colour", "color", "number", "room", "power", "city", "spy", "text", "tile", "none"}


@pytest.mark.parametrize("name", sorted(known_games()))
def test_every_listed_value_is_taken(name):
    game = load_game(name)
    state = initial_state(game, resolve_options(game, {}))
    checked = 0
    for action in game.actions.actions:
        for param in action.params:
            kind = param.kind
            if not LITERAL.match(kind.name) or kind.problem is None:
                continue
            values = kind.name.split("|")
            if set(values) & PLACEHOLDERS:
                continue
            for text in values:
                value = yaml.safe_load(text)  # as `deaddrop table do KEY=VALUE` reads it
                problem = kind.problem(value, state, action.name)
                assert problem is None, (action.name, param.name, text, problem)
                checked += 1
    assert checked > 0 or name in ("tally", "spy", "spy-solo", "spies")
