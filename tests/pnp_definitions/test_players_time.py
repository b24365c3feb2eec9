"""game.yaml's `players:` and `time:` (printed on the kit's cover), as the loader reads them."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from deaddrop.errors import InputError
from pnp.definitions import load_game
from pnp.definitions.loader import PLAYERS, TIME


def test_the_loader_reads_players_and_time(make_game):
    game = "game: bad\ntitle: Bad\nplayers: 2-5\ntime: 3-4 hours\n"
    kit = load_game(make_game({"game.yaml": game}))
    assert (kit.players, kit.time) == ("2-5", "3-4 hours")
    kit = load_game(make_game({"game.yaml": "game: bad\nplayers: 2\ntime: 60 minutes\n"}))
    assert (kit.players, kit.time) == ("2", "60 minutes")  # a bare number is read as text
    assert load_game(make_game({"game.yaml": "game: bad\n"})).players == ""  # optional


def test_a_bad_count_or_time_names_its_line_and_what_is_expected(make_game):
    bad = "game: bad\nplayers: 5-2\ntime: an hour\n"
    with pytest.raises(InputError) as caught:
        load_game(make_game({"game.yaml": bad}))
    assert caught.value.lines() == [
        "bad/game.yaml:2: players: '5-2' is not a number of players (expected such as 2 or 2-5)",
        "bad/game.yaml:3: time: 'an hour' is not a playing time"
        " (expected such as 60 minutes, 1 hour or 3-4 hours)",
    ]
    with pytest.raises(InputError, match=r"game.yaml:2: players: a list is not a text"):
        load_game(make_game({"game.yaml": "game: bad\nplayers: [2]\n"}))


@given(st.integers(1, 99), st.integers(1, 99))
def test_a_range_of_players_is_read_only_when_it_rises(low, high):
    text = f"{low}-{high}"
    found = PLAYERS.fullmatch(text)
    assert found is not None
    assert (int(found[2]) > int(found[1])) == (high > low)


@given(st.integers(0, 2000), st.sampled_from(["minutes", "hours", "mins", "h", "Minutes"]))
def test_a_time_is_a_whole_number_and_minutes_or_hours(n, unit):
    ok = 1 <= n <= 999 and unit in ("minutes", "hours")
    assert (TIME.fullmatch(f"{n} {unit}") is not None) == ok


@pytest.mark.parametrize(
    ("time", "ok"),
    [
        ("1 hour", True),
        ("1 minute", True),
        ("1 hours", False),
        ("2 hour", False),
        ("1-2 hour", False),
        ("1-2 hours", True),
    ],
)
def test_the_unit_is_singular_exactly_after_a_lone_1(make_game, time, ok):
    game = make_game({"game.yaml": f"game: bad\ntime: {time}\n"})
    if ok:
        assert load_game(game).time == time
    else:
        with pytest.raises(InputError, match=f"'{time}' is not a playing time"):
            load_game(game)
