"""The kit's text fields parsed (grammar.py), and the tracker's facts read from the kit's rows
(data.py): one place for each fact, so a changed row changes the tracker."""

from __future__ import annotations

import shutil

import pytest
from spies_table import DATA, quote

from assistant.games.spies import grammar
from assistant.games.spies.data import load_data
from assistant.games.spies.grammar import Award, Special
from deaddrop.errors import InputError
from deaddrop.paths import templates_dir


def test_years():
    quote("a Tile marked 1934–35 can be played only in 1934 or 1935")
    assert grammar.years("ANY YEAR", 1933, 1939) == (1933, 1939)
    assert grammar.years("1937", 1933, 1939) == (1937, 1937)
    assert grammar.years("1934-35", 1933, 1939) == (1934, 1935)
    assert grammar.years("1937-39", 1933, 1939) == (1937, 1939)
    for bad in ("1932", "1939-38", "1937-40", "37-39", "any year", "1937–39"):
        with pytest.raises(ValueError):
            grammar.years(bad, 1933, 1939)


def test_awards():
    quote(
        "The codes 1c, (2c, etc.) and 1£ (2£, etc.), indicates awards of Action chits (c) or money "
        "(£)."
    )
    text = "3c: Berlin, Prague.\n2£: Budapest, Vienna, Bratislava."
    assert grammar.awards(text) == (
        Award(3, "c", ("Berlin", "Prague")),
        Award(2, "£", ("Budapest", "Vienna", "Bratislava")),
    )
    for bad in ("3c Berlin.", "3c: Berlin", "3E: Berlin.", "c: Berlin.", "2c: Berlin,Rome."):
        with pytest.raises(ValueError):
            grammar.awards(bad)


def test_specials():
    assert grammar.special("") is None
    assert grammar.special("annex Czechoslovakia") == Special("annex", country="Czechoslovakia")
    assert grammar.special("spy home Albania") == Special("spy home", country="Albania")
    assert grammar.special("ends game with year") == Special("ends game")
    assert grammar.special("not after Ge 2") == Special("not after", codes=("Ge 2",))
    assert grammar.special("after one of random 42, Fr 25") == Special(
        "after one of", codes=("random 42", "Fr 25")
    )
    for bad in ("annex", "not after Ge2", "after one of Fr 25", "ends game"):
        with pytest.raises(ValueError):
            grammar.special(bad)


def test_pounds_and_counters():
    assert grammar.pounds("20-30") == (20, 30)
    assert grammar.pounds("4") == (4, 4)
    assert grammar.countered_by("none") == ()
    assert grammar.countered_by("Escape, Double Cross") == ("Escape", "Double Cross")


def test_plain_names():
    assert grammar.plain("Königsberg") == grammar.plain("konigsberg")
    assert grammar.plain("Double Cross") == grammar.plain("double_cross")
    assert grammar.plain("Ge 1") == "ge1" != grammar.plain("Ge 10")


def test_every_tile_parses_with_its_owner_and_years():
    quote("Take the 7 Event Tiles coded for your country; mix the 15 tiles marked random")
    owners = [tile.power for tile in DATA.tiles.values()]
    assert {power: owners.count(power) for power in set(owners)} == {
        "Germany": 7,
        "Italy": 7,
        "Russia": 7,
        "France": 7,
        "Britain": 7,
        "random": 15,
    }
    assert [tile.number for tile in DATA.tiles.values()] == list(range(1, 51))
    assert (DATA.tiles["Ge 2"].first, DATA.tiles["Ge 2"].last) == (1938, 1939)
    assert (DATA.tiles["random 46"].first, DATA.tiles["random 46"].last) == (1937, 1937)
    starred = sorted(code for code, tile in DATA.tiles.items() if tile.special is not None)
    assert starred == sorted(
        ["Ge 1", "Ge 2", "Ge 5", "Ge 7", "It 14", "Rs 19", "Fr 24", "Br 29", "Br 30"]
    )
    # every award city is in the city table
    assert {city for tile in DATA.tiles.values() for city in tile.cities} == set(DATA.cities)


def test_the_facts_are_the_kits():
    quote("During each of your turns, you have 12 Action Points")
    assert DATA.ap == 12
    assert DATA.costs == {"tile": 1, "search": 1, "move": 1, "diplomacy": 1}
    assert (DATA.first_year, DATA.last_year) == (1933, 1939)
    assert DATA.powers == ("Germany", "Italy", "Russia", "France", "Britain")
    quote("Germany, Italy, Russia, France, Britain.")
    assert DATA.bank == dict.fromkeys(DATA.powers, 25)
    assert DATA.police == {"Germany": 7, "Italy": 7, "Russia": 7, "France": 6, "Britain": 5}
    assert DATA.cup == 120
    assert DATA.chits["Drop"].pounds == (20, 30)
    assert DATA.chits["Intercept"].ap == 0
    assert DATA.chits["Source"].pounds == (4, 4)
    assert {power: len(spies) for power, spies in DATA.spies.items()} == {
        "Germany": 6,
        "Italy": 5,
        "Russia": 5,
        "France": 5,
        "Britain": 6,
    }
    assert all(spies["Cousin"] == 4 for spies in DATA.spies.values())
    assert len(DATA.secrets) == 30


@pytest.fixture
def copied(tmp_path):
    """A copy of templates/spies/ to change."""
    folder = tmp_path / "spies"
    shutil.copytree(templates_dir() / "spies", folder)
    return folder


def test_one_place_for_each_fact(copied):
    """The row that prints the piece is the row the tracker enforces: change it, and the
    tracker changes (Source at 40£ as the counter list prints it; a tile's years)."""
    kit = copied / "kit.yaml"
    text = kit.read_text(encoding="utf-8")
    text = text.replace("pounds: &p_source 4", "pounds: &p_source 40")
    text = text.replace("        years: 1938-39\n", "        years: 1936-39\n", 1)
    kit.write_text(text, encoding="utf-8")
    data = load_data(copied)
    assert data.chits["Source"].pounds == (40, 40)
    assert (data.tiles["Ge 2"].first, data.tiles["Ge 2"].last) == (1936, 1939)


def test_the_allotment_the_bank_track_prints_is_the_trackers(copied):
    """2.4, 2.7 "draw your allotment": the Bank Track sheet prints each power's secrets and
    Action chits from its data row, and the tracker deals from the same row."""
    assert DATA.house["secrets"] == {
        "Germany": 7,
        "Italy": 6,
        "Russia": 7,
        "France": 6,
        "Britain": 6,
    }
    assert DATA.house["chits"] == 5
    kit = copied / "kit.yaml"
    text = kit.read_text(encoding="utf-8")
    old = "{secrets_ge: 7, secrets_it: 6, secrets_rs: 7, secrets_fr: 6, secrets_br: 6, chits: 5}"
    kit.write_text(text.replace(old, old.replace("secrets_it: 6", "secrets_it: 8")), "utf-8")
    assert load_data(copied).house["secrets"]["Italy"] == 8
    kit.write_text(text.replace(old, old.replace("chits: 5", "chits: many")), "utf-8")
    with pytest.raises(InputError, match=r"components.bank_track.rows\[0\].chits"):
        load_data(copied)


def test_a_broken_row_names_the_file_and_the_place(copied):
    kit = copied / "kit.yaml"
    text = kit.read_text(encoding="utf-8").replace(
        "        years: 1938-39\n", "        years: soon\n", 1
    )
    kit.write_text(text, encoding="utf-8")
    with pytest.raises(InputError, match=r"kit.yaml: components.event_tiles.rows\[1\].years"):
        load_data(copied)


def test_house_rules_file_is_checked(copied):
    (copied / "tracker" / "house-rules.yaml").write_text("house_rules: {chits: 5}\n")
    with pytest.raises(InputError, match="house_rules: expected the keys"):
        load_data(copied)


def test_the_facts_are_cached_and_a_changed_file_is_read_again(copied, tmp_path, monkeypatch):
    from assistant.games.spies import data as module

    monkeypatch.setenv("DEADDROP_CACHE", str(tmp_path / "cache"))
    first = module.build(module._facts(copied))
    cached = list((tmp_path / "cache" / "spies").glob("facts-*.json"))
    assert len(cached) == 1
    assert module.build(module._facts(copied)) == first  # from the cache
    cached[0].write_text("{}")  # a damaged cache is read again
    assert module.build(module._facts(copied)) == first
    kit = copied / "kit.yaml"
    kit.write_text(
        kit.read_text(encoding="utf-8").replace("pounds: &p_source 4", "pounds: &p_source 40"),
        encoding="utf-8",
    )
    assert module.build(module._facts(copied)).chits["Source"].pounds == (40, 40)
    assert len(list((tmp_path / "cache" / "spies").glob("facts-*.json"))) == 1


def test_an_unwritable_cache_is_skipped(copied, tmp_path, monkeypatch):
    from assistant.games.spies import data as module

    blocker = tmp_path / "cache"
    blocker.write_text("not a folder")
    monkeypatch.setenv("DEADDROP_CACHE", str(blocker))
    assert module.build(module._facts(copied)) == load_data(copied)
