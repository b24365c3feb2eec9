"""The values a seat may pick for an action's parameters, so that the page of `deaddrop serve`
offers them as buttons or a list instead of a text field (docs/serve.md, "The page").

`choices(game, state, view, seat) -> {action: {param: [value, ...]}}`, each value a text as typed
after `KEY=` on the command line. Only what is known from the seat's own view (the public view
plus this seat's own secrets under `view["secret"]`) and the game's printed data (its kit) goes
in: a Spies! seat is offered the tiles of its own powers' hands, never another seat's; a Spy vs
Spy spy the rooms next to where he stands and the pieces of his own arsenal. `state` is taken
for the signature's sake (what the game's `seat_values` would read) and never read for a value.

A parameter that is not listed keeps its text field; a listed one keeps it as a fallback when
its values are not the only ones it takes (a Spies! spy's label, a Spy! line of cells).
A game this module does not know, a spectator, or a view it cannot read gets {}: the page
falls back to the text fields, it is never left without them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from assistant.engine import Game, Json

Choices = dict[str, dict[str, list[str]]]


def choices(game: Game, state: Json, view: Json, seat: str | None) -> Choices:
    """The values `seat` may pick for the parameters this module knows of `game`'s actions."""
    if seat is None or not isinstance(view, dict):
        return {}
    pick = PICKERS.get(game.name)
    if pick is None:
        return {}
    try:
        found = pick(game, view, seat)
    except (KeyError, TypeError, ValueError, AttributeError, IndexError):
        return {}  # a view this code does not understand: the text fields stay
    declared = {a.name: {p.name for p in a.params} for a in game.actions.actions}
    out: Choices = {}
    for action, params in found.items():
        kept = {
            param: _unique(values)
            for param, values in params.items()
            if param in declared.get(action, set()) and values
        }
        if kept:
            out[action] = kept
    return out


def _unique(values: list[str]) -> list[str]:
    return list(dict.fromkeys(str(v) for v in values))


def _own(view: Json) -> Json:
    secret = view.get("secret")
    return secret if isinstance(secret, dict) else {}


# ---- Spy! ---------------------------------------------------------------------------------------


def _spy(game: Game, view: Json, seat: str) -> Choices:
    from assistant.games.spy.model import column_letters

    players = list(view["players"])
    if seat not in players:
        return {}
    cells = [
        f"{row}{column_letters(col)}"
        for row in range(1, int(view["rows"]) + 1)
        for col in range(int(view["cols"]))
    ]
    return {"probe": {"cells": cells}}


# ---- Spy vs Spy ---------------------------------------------------------------------------------


def _spy_vs_spy(game: Game, view: Json, seat: str) -> Choices:
    board = game.kit.board  # type: ignore[attr-defined]
    if seat not in view["spies"]:
        return {}
    here = view["positions"].get(seat)
    secret = _own(view)
    carrying = secret.get("carrying") or []
    pieces = view.get("thingamajig") or []
    loaded = bool(pieces) and len(carrying) == len(pieces)
    near = [node for node, _ in board.neighbours(here)] if here else []
    rooms = [n for n in near if n in board.rooms]
    moves = [n for n in near if n in board.rooms or (n == board.helipad and loaded)]
    arsenal = secret.get("arsenal") or {}
    offensive = list(arsenal.get("offensive") or [])
    defensive = list(arsenal.get("defensive") or [])
    colours = [c.id for c in game.kit.colours]  # type: ignore[attr-defined]
    return {
        "move": {"to": moves},
        "run": {"to": rooms},
        "change": {
            "weapon": [*offensive, "none"] if offensive else [],
            "defence": [*defensive, "none"] if defensive else [],
        },
        "room": {"take": colours, "give": [*offensive, *defensive]},
        "search": {"set": [*defensive, "decoy"] if defensive else ["decoy"]},
    }


# ---- Spies! -------------------------------------------------------------------------------------


def _spies(game: Game, view: Json, seat: str) -> Choices:
    from assistant.games.spies.tiles import playable

    data = game.data  # type: ignore[attr-defined]
    powers = [power for power, player in view["seats"].items() if player == seat]
    if not powers:
        return {}
    hands = _own(view).get("hands") or {}
    held = [code for power in powers for code in hands.get(power) or []]
    now = {"year": view["year"], "played": view["played"]}
    play = [c for c in held if c in data.tiles and playable(now, data.tiles[c]) is None]
    police = [city for p in powers for city, n in (view["police"].get(p) or {}).items() if n]
    drops = [city for p in powers for city in view["drops"].get(p) or []]
    capitals = [
        name
        for name, city in data.cities.items()
        if city.kind == "capital" and city.owner in powers
    ]
    cities = sorted(data.cities)
    others = [p for p in data.powers if p not in powers]
    spies = [spy for p in powers for spy in data.spies.get(p, {})]
    chits = list(data.chits)
    return {
        "discard": {"tile": held},
        "play": {"tile": play},
        "search": {"city": police, "enemy": others},
        "drop_lost": {"city": drops},
        "cash": {"at": [*capitals, *drops]},
        "chit": {"chit": chits, "city": cities, "enemy": others, "spy": spies},
        "counterspy": {"city": cities, "enemy": others},
        "give": {"to": others},
        "move": {"spy": spies},
    }


PICKERS: dict[str, Callable[[Game, Json, str], Any]] = {
    "spy": _spy,
    "spy-vs-spy": _spy_vs_spy,
    "spies": _spies,
}
