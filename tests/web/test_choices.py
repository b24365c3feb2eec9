"""The values a seat may pick (deaddrop/web/choices.py, `state.choices` of the page): from the
recorded games, each seat is offered what the rules take and what it holds itself, never
another seat's secrets; spectators and games it does not know get nothing (their text fields
stay)."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "web_boards"))

from web_recorded import states  # noqa: E402

from assistant.engine import Json  # noqa: E402
from assistant.games.spies.tiles import playable  # noqa: E402
from deaddrop.web.choices import choices  # noqa: E402


def picked(game: Any, state: Json, seat: str | None) -> dict[str, dict[str, list[str]]]:
    return choices(game, state, game.seat_view(state, seat), seat)


def test_a_spies_seat_picks_tiles_from_its_own_powers_hands_only() -> None:
    game, played = states("two-players")
    state = played[15]  # 1933, Germany to play; Germany+Italy plays Russia this year
    axis, allies = picked(game, state, "Germany+Italy"), picked(game, state, "Britain+France")
    own = [t for p in ("Germany", "Italy", "Russia") for t in state["hands"][p]]
    theirs = [t for p in ("France", "Britain") for t in state["hands"][p]]
    assert axis["discard"]["tile"] == own and len(own) == 30
    assert allies["discard"]["tile"] == theirs
    # never a tile of another seat's hand, anywhere in what a seat is offered
    assert not [t for t in theirs if f'"{t}"' in json.dumps(axis)]
    assert not [t for t in own if f'"{t}"' in json.dumps(allies)]
    # the tiles it may play are those of its hands that this year allows
    year = {"year": state["year"], "played": state["played"]}
    playing = axis["play"]["tile"]
    assert playing and set(playing) < set(own)
    assert all(playable(year, game.data.tiles[t]) is None for t in playing)
    assert not [t for t in own if t not in playing and playable(year, game.data.tiles[t]) is None]
    # searches where its own police stand; the cities that exist for a chit
    assert axis["search"]["city"] == [
        c for p in ("Germany", "Italy", "Russia") for c in state["police"][p]
    ]
    assert "London" in allies["search"]["city"] and "London" not in axis["search"]["city"]
    assert axis["chit"]["city"] == sorted(game.data.cities) and len(game.data.cities) == 89
    assert axis["search"]["enemy"] == ["France", "Britain"]


def test_a_spy_vs_spy_spy_picks_the_rooms_next_door_and_his_own_pieces() -> None:
    game, played = states("terminal-game")
    state = played[7]  # round 2: black in A1, white in E1
    black, white = picked(game, state, "black"), picked(game, state, "white")
    assert black["move"]["to"] == ["A2", "B1"]  # the street door A0 is no way out
    assert white["move"]["to"] == ["D1", "E2"]
    # his own arsenal's pieces (each colour once), never the other spy's
    for seat, offered in (("black", black), ("white", white)):
        own = game.seat_view(state, seat)["secret"]["arsenal"]
        assert offered["change"]["weapon"] == [*dict.fromkeys(own["offensive"]), "none"]
        assert offered["change"]["defence"] == [*dict.fromkeys(own["defensive"]), "none"]
    assert black["change"] != white["change"]


def test_a_spy_player_picks_any_cell_of_the_field() -> None:
    game, played = states("spy-referee")
    red = picked(game, played[2], "red")
    cells = red["probe"]["cells"]
    assert len(cells) == 100 and cells[:3] == ["1A", "1B", "1C"] and cells[-1] == "10J"
    assert set(red) == {"probe"}


def test_spectators_unknown_games_and_odd_views_get_nothing() -> None:
    for name, at in (("two-players", 15), ("terminal-game", 7), ("spy-referee", 2)):
        game, played = states(name)
        assert picked(game, played[at], None) == {}
        assert choices(game, played[at], {"nothing": "here"}, "red") == {}  # no KeyError
    game, played = states("tally-void-undo")
    assert picked(game, played[-1], "ann") == {}


def test_only_declared_parameters_with_values_are_listed() -> None:
    for name, at in (("two-players", 15), ("terminal-game", 7), ("spy-referee", 2)):
        game, played = states(name)
        declared = {a.name: {p.name for p in a.params} for a in game.actions.actions}
        for seat in game.seats(played[at]):
            for action, params in picked(game, played[at], seat).items():
                assert set(params) <= declared[action], (name, action)
                for values in params.values():
                    assert values and all(isinstance(v, str) for v in values)
                    assert len(values) == len(set(values))


def test_the_state_of_a_seat_carries_its_choices(tmp_path: Path) -> None:
    from assistant import table as core
    from tests.web.conftest import running

    db = tmp_path / "tables.sqlite"
    core.new(db, "spy", "spy", {})
    with running(db) as server:
        red, spectator = server.seat("spy", "red"), server.seat("spy", None)
        cells = red.state()["choices"]["probe"]["cells"]
        assert len(cells) == 100 and cells[44] == "5E"
        assert spectator.state()["choices"] == {}
