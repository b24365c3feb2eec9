"""Three recorded games (tests/spies/games/, the export format) replayed through the table core
to their results, worked out by hand (the ledgers below): five players through 1939; two
players, Russia alternating; a three-player game ended by Ge 2 in 1938."""

from __future__ import annotations

import pytest
import yaml
from spies_table import GAMES, POWERS

from assistant.engine import Refusal
from assistant.games.spies.rules import GAME
from assistant.table_io import replay_file

# five-players.yaml. Banks (25£ each): Germany -5 (gives Italy) -20 (Sanction, 1934) +2 (It 13,
# Florence) = 2; Italy +5 +2 (Ge 4, Warsaw) -4 (Source) -20 (Drop, 1939) +20 (cashes Nerve Gas)
# = 28; Russia +2 (It 8, Geneva) -20 (Drop, intercepted) = 7; France -3 (Discovery) -10
# (Intercept) -4 (Recruit) +3 (Rs 19, London) +20 (Tank Production) = 31; Britain -1 (Cover)
# +20 (Atomic Bomb) +2 (Ge 6, Geneva) +20 (Radiobeam Navigation) -20 (Sanction, 1938) = 46.
# Chits (5 each): Germany +1 +1 -1 +1 +2 +3 +2 = 14; Italy +1 -1 -1 +1 = 5; Russia +1 -1 +2 +2
# = 9; France +3 -1 +1 -1 -1 +2 +1 +2 = 11; Britain +3 +2 -1 +1 +2 +2 +1 -1 = 14; the cup 120 -
# 53 held - 1 Drop standing = 66. Points (value x multiple): Germany Marthe 1x2 (1934) + Willy
# 2x6 (1938, 5.2) + Synthetic Fuel 4x7 = 42; Italy Nerve Gas 3x7 = 21; Russia Erik 1x1 +
# Primitive Radar 4x7 = 29; France Tank Production 3x3 + Mobile Doctrine 4x7 = 37; Britain
# Atomic Bomb 5x1 + Carla 3x2 + Radiobeam Navigation 1x6 + Photo Recon 3x7 = 38.
#
# two-players.yaml. Banks: Germany 25, Italy 25; Russia -5 (gives France, 1933) -20 (Sanction,
# 1935) +20 (Enigma Code) = 20; France +2 (Ge 3, London) +5 +3 +3 (Rs 21, Warsaw, Stockholm)
# -10 (Escape) +2 (Br 34, Geneva) +2 +2 (Rs 17) = 34; Britain +20 (RDF) +20 (Nerve Gas) = 65.
# Chits: Germany +2 +2 +2 +4 = 15; Italy +1 +1 +1 +2 +1 = 11; Russia +2 +1 -1 +1 +1 +2 = 11;
# France +3 -1 +1 +3 = 11; Britain +3 +2 +2 +1 +1 +1 = 15; cup 57. Points: Germany Primitive
# Jet 4x7 = 28; Italy Lump Mine 1x7 = 7; Russia Heidi 1x2 + Enigma Code 4x4 + Sloped Armor 2x7
# = 32; France Improved Tank 3x7 = 21; Britain RDF 3x2 + Nerve Gas 3x5 + Heavy Bomber 2x7 = 35.
#
# ge2-1938.yaml (30£ each, Source 40£). Banks: Germany +4 (It 10) +9 (Rs 21) -40 (Source,
# intercepted) = 3; Italy +4 (Fr 22) +8 (Ge 7) = 42; Russia +6 (Ge 3) +6 (It 8) = 42; France +2
# (Fr 24, Vienna: German since Ge 7) = 32; Britain -10 (Intercept) +3 (Rs 19, Vienna) +20 (Wide
# lens DRF) = 43. Chits: Germany +1 -1 +3 = 8; Italy +1 = 6; Russia +3 = 8; France +2 = 7;
# Britain -1 +1 +1 = 6; cup 85. Points, the originals at 1938's x6: Germany Georgi 1x4 +
# Primitive Sonar 2x6 = 16; Italy Acoustic Fuse 2x6 = 12; Russia Photo Recon 3x6 + Magnetic
# Mine 1x6 = 24; France 0; Britain Wide lens DRF 3x5 + Tactical Comm 3x6 = 33.
#
# map-1933-1935.yaml (on the printed map, 25£ and 5 chits each). 1933: Germany searches Essen for
# British #2 (Willy), nothing found; France moves Bruno (#1) Brussels - Dusseldorf - Essen -
# Hamburg and Germany's police in Essen, a city it passed through, capture it there (4.1; onto
# Germany's record), France's Escape (-10£, a chit) brings Bruno back in Paris (#6, off the
# record) with 3 of its 5 spaces moved: London and back to Paris make 5; Britain moves Willy to
# Hamburg, Germany captures it arriving, Britain's Papers (-2£, a chit) nullify the search
# (Willy stands in Hamburg, off the record). 1934: Germany's own search in Hamburg captures
# Willy (2 x2 = 4); Russia's in Moscow captures Erik (1 x2 = 2). 1935: Bruno to London, Britain's
# police search it arriving: nothing found. Banks: France 25 - 10 = 15, Britain 25 - 2 = 23, the
# others 25; chits: France 4, Britain 4, the others 5, the cup 120 - 25 + 2 = 97.
EXPECTED = {
    "map-1933-1935.yaml": {
        "year": 1936,
        "turn": "Germany",
        "over": False,
        "bank": {"Germany": 25, "Italy": 25, "Russia": 25, "France": 15, "Britain": 23},
        "chits": {"Germany": 5, "Italy": 5, "Russia": 5, "France": 4, "Britain": 4},
        "points": {"Germany": 4, "Italy": 0, "Russia": 2, "France": 0, "Britain": 0},
        "cup": 97,
        "out_of_play": {
            "Germany": {"Erik": "captured by Russia"},
            "Italy": {},
            "Russia": {},
            "France": {},
            "Britain": {"Willy": "captured by Germany"},
        },
    },
    "five-players.yaml": {
        "year": 1939,
        "over": True,
        "winner": "Germany",
        "bank": {"Germany": 2, "Italy": 28, "Russia": 7, "France": 31, "Britain": 46},
        "chits": {"Germany": 14, "Italy": 5, "Russia": 9, "France": 11, "Britain": 14},
        "points": {"Germany": 42, "Italy": 21, "Russia": 29, "France": 37, "Britain": 38},
        "cup": 66,
        "drops": {"Germany": [], "Italy": ["Warsaw"], "Russia": [], "France": [], "Britain": []},
        "territory": {"annexed": {"Czechoslovakia": "Germany"}, "spy_home": {}},
        "result": "Germany wins with 42 Victory Points (2£)",
    },
    "two-players.yaml": {
        "year": 1939,
        "over": True,
        "winner": "Britain",
        "bank": {"Germany": 25, "Italy": 25, "Russia": 20, "France": 34, "Britain": 65},
        "chits": {"Germany": 15, "Italy": 11, "Russia": 11, "France": 11, "Britain": 15},
        "points": {"Germany": 28, "Italy": 7, "Russia": 32, "France": 21, "Britain": 35},
        "cup": 57,
        "territory": {
            "annexed": {"Austria": "Germany", "Czechoslovakia": "Germany"},
            "spy_home": {"Italy": ["Albania"]},
        },
    },
    "ge2-1938.yaml": {
        "year": 1938,
        "ends": 1938,
        "over": True,
        "winner": "Britain",
        "bank": {"Germany": 3, "Italy": 42, "Russia": 42, "France": 32, "Britain": 43},
        "chits": {"Germany": 8, "Italy": 6, "Russia": 8, "France": 7, "Britain": 6},
        "points": {"Germany": 16, "Italy": 12, "Russia": 24, "France": 0, "Britain": 33},
        "cup": 85,
    },
}


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_recorded_game_replays_to_its_documented_result(name):
    view = GAME.view(replay_file("spies", GAMES / name).state)
    for key, value in EXPECTED[name].items():
        assert view[key] == value, key


def years(name: str) -> dict[int, dict]:
    """The view at the start of each year of a recorded game (after the set up)."""
    history = yaml.safe_load((GAMES / name).read_text(encoding="utf-8"))
    state = GAME.setup(history.get("options") or {})
    out = {}
    for event in history["events"]:
        state = GAME.apply(state, event["action"], force="force" in event)
        assert not isinstance(state, Refusal), (event, state)
        view = GAME.view(state)
        if view["phase"] == "play" and view["year"] not in out:
            out[view["year"]] = view
    return out


def test_two_players_russia_alternates_and_is_never_traded_with_its_own_player():
    for year, view in years("two-players.yaml").items():
        expected = "Germany+Italy" if year % 2 else "Britain+France"
        assert view["seats"]["Russia"] == expected, year
    history = yaml.safe_load((GAMES / "two-players.yaml").read_text(encoding="utf-8"))
    russian = [e for e in history["events"] if e["action"].get("power") == "Russia"]
    assert {e["by"] for e in russian} == {"Germany+Italy", "Britain+France"}
    gives = [e for e in russian if e["action"]["type"] == "give"]
    assert gives and all(e["by"] != "Britain+France" for e in gives)  # to France, in 1933


def test_five_players_year_by_year():
    starts = years("five-players.yaml")
    assert sorted(starts) == list(range(1933, 1940))
    # at the start of 1934 (after the 1933 Time and Victory entries)
    assert starts[1934]["points"] == {
        "Germany": 0,
        "Italy": 0,
        "Russia": 1,
        "France": 0,
        "Britain": 5,
    }
    assert starts[1934]["bank"] == {
        "Germany": 20,
        "Italy": 30,
        "Russia": 25,
        "France": 22,
        "Britain": 44,
    }
    assert starts[1938]["tiles_played"] == [
        "Ge 3", "It 10", "Rs 18", "Br 31", "Ge 6", "It 8", "Fr 22", "It 13", "Rs 19", "Ge 4",
        "Fr 25", "Ge 1", "Rs 16", "Fr 24",
    ]  # fmt: skip


def test_ge2_ends_the_game_after_britains_1938_turn():
    view = GAME.view(replay_file("spies", GAMES / "ge2-1938.yaml").state)
    originals = [e for p in POWERS for e in view["record"][p] if e["kind"] == "original"]
    assert originals and all((e["year"], e["multiple"]) == (1938, 6) for e in originals)
    assert 1939 not in years("ge2-1938.yaml")


def test_every_event_has_a_story_line():
    for name in EXPECTED:
        history = yaml.safe_load((GAMES / name).read_text(encoding="utf-8"))
        state = GAME.setup(history.get("options") or {})
        for event in history["events"]:
            after = GAME.apply(state, event["action"])
            line = GAME.describe(event["action"], state, after)
            assert line and line != event["action"]["type"], event
            state = after


def test_show_prints_the_year_the_turn_the_track_the_banks_the_tiles_and_the_record():
    state = replay_file("spies", GAMES / "five-players.yaml").state
    text = GAME.render(state)
    assert text.splitlines()[0] == (
        "Spies! (SPI 1981), long game - 5 players - 1939 ended: the end of the game"
    )
    assert "Action Points" not in text  # a finished game: no turn, no track (issue 23)
    assert "Germany  Germany    2£     14     3      42" in text
    assert "1939: Ge 2" in text and "territory: Czechoslovakia is German territory" in text
    assert "           1939 Synthetic Fuel (original secret 4) x7 = 28; running 42" in text
    assert text.splitlines()[-1] == "RESULT: Germany wins with 42 Victory Points (2£)"


def test_the_map_game_captures_in_a_city_passed_through_and_counts_spaces_across_an_escape():
    history = yaml.safe_load((GAMES / "map-1933-1935.yaml").read_text(encoding="utf-8"))
    state = GAME.setup(history["options"])
    notes = []
    for event in history["events"]:
        after = GAME.apply(state, event["action"])
        assert not isinstance(after, Refusal), (event, after)
        notes.append(GAME.describe(event["action"], state, after))
        if event["action"].get("to") == "Paris":  # Bruno's fifth space of 1933
            extra = {"type": "move", "power": "France", "spy": "#6", "to": "London"}
            refused = GAME.apply(after, extra)
            assert isinstance(refused, Refusal) and "#6 has moved 5" in refused.why
        state = after
    assert any("it had moved on to Hamburg: it stops in Essen" in note for note in notes)
    assert any("Bruno escapes and returns to play in Paris (counter #6" in n for n in notes)
    assert any("Britain's counter #2 is not captured (it stands in Hamburg" in n for n in notes)
    assert state["positions"]["counters"]["France"]["#6"] == "London"
