"""The registry of games the table assistant knows, loaded lazily by name."""

from __future__ import annotations

from typing import TYPE_CHECKING

from deaddrop.errors import InputError

if TYPE_CHECKING:  # (the registry's names load nothing: `table list` reads them at start-up)
    from assistant.engine import Game

# name -> "module:attribute" of an object following assistant.engine.Game
GAMES: dict[str, str] = {
    "tally": "assistant.games.tally:GAME",
    "spies-and-lies": "assistant.games.spies_and_lies.rules:GAME",
    "spy": "assistant.games.spy.rules:GAME",
    "spies": "assistant.games.spies.rules:GAME",
    "spy-vs-spy": "assistant.games.spy_vs_spy.rules:GAME",
    "spy-solo": "assistant.games.spy.solo:GAME",
}


def known_games() -> list[str]:
    """Names of the games whose module is present."""
    import importlib.util

    names = []
    for name, target in GAMES.items():
        module = target.split(":")[0]
        if importlib.util.find_spec(module.rsplit(".", 1)[0]) is not None:
            try:
                if importlib.util.find_spec(module) is not None:
                    names.append(name)
            except ModuleNotFoundError:
                continue
    return sorted(names)


def load_game(name: str) -> Game:
    """The game object for `name`, or an InputError listing the known games."""
    target = GAMES.get(name)
    if target is None or name not in known_games():
        raise InputError(f"unknown game '{name}' (known: {', '.join(known_games())})")
    import importlib

    module, attribute = target.split(":")
    game: Game = getattr(importlib.import_module(module), attribute)
    return game
