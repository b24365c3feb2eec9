"""Recorded games replayed to any point (the board widgets' and the page's tests)."""

from __future__ import annotations

from pathlib import Path

from assistant.engine import Game, Json
from assistant.games import load_game
from assistant.history import initial_state, resolve_options, steps
from assistant.history_file import read_history

TESTS = Path(__file__).resolve().parents[1]
GAMES = {
    "after-day-3": TESTS / "spies_and_lies/games/after-day-3.yaml",
    "draw": TESTS / "spies_and_lies/games/draw.yaml",
    "flag-win": TESTS / "spies_and_lies/games/flag-win.yaml",
    "spy-referee": TESTS / "table/games/spy-referee.yaml",
    "two-players": TESTS / "spies/games/two-players.yaml",
    "five-players": TESTS / "spies/games/five-players.yaml",
    "ge2-1938": TESTS / "spies/games/ge2-1938.yaml",
    "terminal-game": TESTS / "spy_vs_spy/games/terminal-game.yaml",
    "helipad-win": TESTS / "spy_vs_spy/games/helipad-win.yaml",
    "three-deaths": TESTS / "spy_vs_spy/games/three-deaths.yaml",
    "tally-void-undo": TESTS / "table/games/tally-void-undo.yaml",
}


def states(name: str) -> tuple[Game, list[Json]]:
    """The game and its state before any event, then after each event of a recorded game."""
    history = read_history(GAMES[name])
    game = load_game(history.game)
    start = initial_state(game, resolve_options(game, history.options))
    return game, [start, *(step.after for step in steps(game, start, history.events))]
