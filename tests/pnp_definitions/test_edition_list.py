"""game.yaml's `edition:` list (the kit's "About this edition" page), as the loader reads it."""

from __future__ import annotations

import pytest

from deaddrop.errors import InputError
from pnp.definitions import load_game
from pnp.model import Choice


def test_the_loader_reads_the_edition_list_and_names_what_is_wrong(make_game):
    game = "game: bad\ntitle: Bad\nedition:\n  - choice: One.\n    why: Two.\n"
    kit = load_game(make_game({"game.yaml": game}))
    assert kit.edition == (Choice("One.", "Two."),)
    bad = "game: bad\nedition:\n  - choice: One.\n  - {choice: Two., why: [x], who: me}\n"
    with pytest.raises(InputError) as caught:
        load_game(make_game({"game.yaml": bad}))
    assert caught.value.lines() == [
        "bad/game.yaml:3: edition[0]: missing required field 'why'",
        "bad/game.yaml:4: edition[1].who: unknown field (did you mean 'why'?)",
        "bad/game.yaml:4: edition[1].why: a list is not a text",
    ]
