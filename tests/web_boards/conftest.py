"""Recorded games replayed to any point, for the board widgets' tests."""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from web_recorded import states  # noqa: E402

from assistant.engine import Game, Json  # noqa: E402


@pytest.fixture
def at() -> Callable[[str, int | None], tuple[Game, Json]]:
    """at(game, n): the game and its state after the first n events (None: all of them)."""

    def after(name: str, n: int | None = None) -> tuple[Game, Json]:
        game, all_states = states(name)
        return game, all_states[-1 if n is None else n]

    return after
