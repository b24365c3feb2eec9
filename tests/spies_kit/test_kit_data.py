"""The kit's data (templates/spies/*.yaml, as the Spies! tracker will read it) against our own
reading of the rules text copied beside these tests: the 50 Event Tiles, Counter Section Nr. 2,
the special effects untangled from the display's two columns, and the cities of the tiles (the
map's cities: the map's network is tested in tests/spies_map)."""

from __future__ import annotations

import re
from collections import Counter

import pytest
from spies_kit_helpers import POWERS, load_map, parse_counter_cells, rows, rules_text

# ---------------------------------------------------------------- Event Tiles


def data_awards(text: str) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """The `awards` field: one line per award, '2c: City, City.' or '3£: City.'"""
    out = []
    for line in text.splitlines():
        found = re.fullmatch(r"(\d+[c£]): (.+)\.", line)
        assert found, f"award line {line!r}"
        out.append((found[1], tuple(found[2].split(", "))))
    return tuple(out)


def test_the_tile_rows_are_the_rules_tiles(components, rules_tiles):
    tiles = rows(components["event_tiles"])
    assert len(rules_tiles) == len(tiles) == 50
    for rules, data in zip(rules_tiles, tiles, strict=True):
        assert data["code"] == rules.code
        assert data["years"] == rules.years, rules.code
        assert data["headline"] == rules.headline, rules.code
        assert data_awards(data["awards"]) == rules.awards, rules.code
        assert (data["star"] == "*") == rules.star, rules.code
        assert data.get("count", 1) == 1


def test_tile_owners_years_and_counts():
    tiles = parse_rules_tiles_by_owner()
    assert {owner: len(codes) for owner, codes in tiles.items()} == {
        "Germany": 7,
        "Italy": 7,
        "Russia": 7,
        "France": 7,
        "Britain": 7,
        "random": 15,  # rule 2.3: 7 tiles coded for each country, 15 marked random
    }


def parse_rules_tiles_by_owner() -> dict[str, list[str]]:
    from spies_kit_helpers import OWNERS, parse_rules_tiles

    out: dict[str, list[str]] = {}
    for tile in parse_rules_tiles():
        prefix = tile.code.split()[0]
        out.setdefault(OWNERS.get(prefix, prefix), []).append(tile.code)
    return out


def test_each_tile_row_names_its_owner_and_its_colour(components):
    bank = {row["power"]: row["colour"] for row in rows(components["bank_markers"])}
    owners = {"Ge": "Germany", "It": "Italy", "Rs": "Russia", "Fr": "France", "Br": "Britain"}
    for tile in rows(components["event_tiles"]):
        prefix, number = tile["code"].split()
        assert tile["power"] == owners.get(prefix, "random")
        if prefix != "random":
            assert tile["colour"] == bank[tile["power"]]
        years = tile["years"]
        assert years == "ANY YEAR" or re.fullmatch(r"193[3-9](-3[4-9])?", years), years


SPECIAL = re.compile(
    r"annex (Czechoslovakia|Austria)|spy home Albania|ends game with year"
    r"|not after (?:Ge|It|Rs|Fr|Br|random) \d+"
    r"|after one of (?:Ge|It|Rs|Fr|Br|random) \d+(?:, (?:Ge|It|Rs|Fr|Br|random) \d+)+"
)


def untangled_effects() -> dict[str, str]:
    """The display's special effect summary, its two columns untangled: the left column's tiles
    carry their effect on their own row; the right column's tiles (the last cell of each row) take
    the paragraphs after 'SPECIAL ADDITIONAL EFFECT', in order."""
    text = rules_text("rules_special_effects.txt")
    table, _, after = text.partition("**SPECIAL ADDITIONAL EFFECT**")
    effects: dict[str, str] = {}
    right: list[str] = []
    for line in table.splitlines():
        cells = [c.strip() for c in line.split("\t")]
        if len(cells) < 3 or not re.fullmatch(r"((Ge|It|Rs|Fr|Br)\d+)?", cells[0]):
            continue  # the title and the column headings
        if cells[0]:
            effects[cells[0]] = cells[1]
        if cells[2]:
            right.append(cells[2])
    paragraphs = [p.strip() for p in after.split("\n\n") if p.strip()]
    assert len(paragraphs) == len(right) == 6
    effects.update(zip(right, paragraphs, strict=True))
    return effects


# Our one edit of the summary's words: its '(see 5.0)' points at the standard rules' numbering.
EFFECT_EDITS = {"Ge2": [("(see 5.0)", "(see How to Win the Game)")]}


def test_special_effects_are_the_untangled_summary_and_their_tracker_fields(components):
    effects = untangled_effects()
    assert sorted(effects) == sorted(
        ["Ge1", "Ge2", "Ge5", "Ge7", "It14", "Rs19", "Fr24", "Br29", "Br30"]
    )
    # the untangled pairs make sense: each prerequisite names the tile it is about
    assert "Austria" in effects["Ge7"] and "Tirane" in effects["It14"]
    assert "Ge1 (Czech Crisis)" in effects["Rs19"] and "random 42 or Fr25" in effects["Fr24"]
    assert "Ge7 (Anschluss)" in effects["Br29"] and "Ge1 (Czech Crisis)" in effects["Br30"]
    for tile in rows(components["event_tiles"]):
        key = tile["code"].replace(" ", "")
        if key not in effects:
            assert tile["star"] == tile["special"] == tile["effect"] == "", key
            continue
        expected = effects[key]
        for old, new in EFFECT_EDITS.get(key, []):
            expected = expected.replace(old, new)
        assert tile["effect"] == expected, key
        assert tile["star"] == "*" and SPECIAL.fullmatch(tile["special"]), key
        # the tracker's field says what the words say: the codes it names are the effect's
        named = re.findall(r"(?:Ge|It|Rs|Fr|Br)\d+|random \d+", expected)
        codes = re.findall(r"(?:Ge|It|Rs|Fr|Br|random) \d+", tile["special"])
        assert [c.replace("random ", "random@").replace(" ", "") for c in codes] == [
            n.replace("random ", "random@") for n in named if n != "Ge1" or key != "Ge7"
        ], key


# ---------------------------------------------------------------- Counter Section Nr. 2


def reading(cell) -> tuple[str, str, str, str]:
    """(kind, power, name, value) of a cell of the counter list, by our readings (docs/spies.md):
    the 8th and 9th columns of the right half in the German, Italian and British rows are the
    French pieces (no heading); 'Ger' is the German Bank marker; a police piece is named after its
    force; Source's '40£' is kept as printed here (the kit follows the summary: 4)."""
    group, label, value = cell.group, cell.label, cell.value
    french = group in ("GERMANS", "ITALIANS", "BRITISH") and cell.column in (17, 18)
    power = {"RUSSIANS": "Russia", "GERMANS": "Germany", "ITALIANS": "Italy"}.get(group, "")
    power = "Britain" if group == "BRITISH" else power
    power = "France" if french else power
    if group == "CHITS":
        return ("chit", "", label, value)
    if group == "SECRETS":
        return ("counterspy" if label == "Counter Spy" else "secret", "", label, value)
    if label == "Game Year":
        return ("game year", "", label, value)
    if value == "£":
        return ("bank", power, label, value)
    if label in ("NKVD", "Gestapo", "RRCC", "Scotland Yard", "Police"):
        return ("police", power, label, value)
    return ("spy", power, label, value)


def test_the_counter_list_holds_215_labelled_cells(counter_cells):
    kinds = Counter(reading(c)[0] for c in counter_cells)
    assert kinds == {
        "spy": 27,
        "police": 32,
        "bank": 5,
        "game year": 1,
        "secret": 30,
        "counterspy": 10,
        "chit": 110,
    }
    assert sum(kinds.values()) == 215  # the heading says 200 pieces: docs/spies.md
    cousins = [reading(c)[1] for c in counter_cells if c.label == "Cousin"]
    assert sorted(cousins) == sorted(POWERS)  # one Cousin per power (rule 5.2)
    banks = [reading(c)[1] for c in counter_cells if c.value == "£"]
    assert sorted(banks) == sorted(POWERS)


def test_the_counter_rows_are_the_counter_list(components, counter_cells):
    expected = Counter()
    for cell in counter_cells:
        kind, power, name, value = reading(cell)
        if kind == "bank":
            name = power
        if name == "Source":
            value = "4£"  # House choice: the Action Chit Summary's 4, not the list's 40
        expected[(kind, power, name, value)] += 1
    found = Counter()
    kit = {
        "spies": "spy",
        "police": "police",
        "bank_markers": "bank",
        "secrets": "secret",
        "counterspies": "counterspy",
        "action_chits": "chit",
    }
    for component, kind in kit.items():
        for row in rows(components[component]):
            power = row.get("power", "") if kind in ("spy", "police", "bank") else ""
            name = row.get("name", power)
            value = row.get("strength") or row.get("value") or ""
            if kind == "chit":
                value = row["pounds"] + "£"
            if kind == "bank":
                value = "£"
            found[(kind, power, name, value)] += row.get("count", 1)
    found[("game year", "", "Game Year", "")] += components["game_year_marker"]["count"]
    assert found == expected


def test_chits_hold_what_the_summary_gives(components):
    chits = {r["name"]: r for r in rows(components["action_chits"])}
    chits.update({r["name"]: r for r in rows(components["double_cross_chits"])})
    summary = {  # Action Chit Summary: pounds, Action Points, when
        "Discovery": ("3", "1", "your turn only"),
        "Recruit": ("4", "1", "your turn only"),
        "Escape": ("10", "1", "anyone's turn"),
        "Cover": ("1", "1", "anyone's turn"),
        "Sanction": ("20", "1", "your turn only"),
        "Double Cross": ("1", "1", "anyone's turn"),
        "Source": ("4", "2", "your turn only"),
        "Papers": ("2", "1", "anyone's turn"),
        "Drop": ("20-30", "2", "your turn only"),
        "Intercept": ("10", "0", "an opponent's turn"),
    }
    assert {n: (c["pounds"], c["ap"], c["when"]) for n, c in chits.items()} == summary
    for chit in chits.values():
        counters = chit["countered_by"]
        assert counters == "none" or set(counters.split(", ")) <= set(chits), chit["name"]
    # what the entries say counters what
    assert chits["Sanction"]["countered_by"] == "Escape, Double Cross"
    assert chits["Source"]["countered_by"] == chits["Drop"]["countered_by"] == "Intercept"


# ---------------------------------------------------------------- cities


def test_the_map_has_every_tile_city_once(rules_tiles):
    named = {city for tile in rules_tiles for _, cities in tile.awards for city in cities}
    cities = rows({"rows": load_map()["cities"]})
    assert sorted(c["city"] for c in cities) == sorted(named)
    by_name = {c["city"]: c for c in cities}
    assert {c for c, row in by_name.items() if row["kind"] == "spy haven"} == {
        "Istanbul",
        "Tangiers",
        "Geneva",
    }
    assert {row["owner"] for row in cities if row["kind"] == "capital"} == set(POWERS)
    assert sum(row["kind"] == "SECRET city" for row in cities) == 8  # rule 2.4
    for row in cities:
        assert row["kind"] in ("capital", "police city", "SECRET city", "spy haven", "city")
        assert row["owner"] in (*POWERS, "neutral")
        assert row["ours"] in ("owner", "owner, kind")
        if row["kind"] in ("capital", "police city"):
            assert row["owner"] != "neutral"
        if row["kind"] in ("SECRET city", "spy haven"):
            assert row["owner"] == "neutral"
    # the long-game notes: Egypt British; Albania, Czechoslovakia and Austria neutral in 1933
    assert by_name["Cairo"]["owner"] == by_name["Port Said"]["owner"] == "Britain"
    for city, country in (
        ("Tirane", "Albania"),
        ("Prague", "Czechoslovakia"),
        ("Vienna", "Austria"),
    ):
        assert (by_name[city]["country"], by_name[city]["owner"]) == (country, "neutral")


def test_annexed_countries_have_cities(components):
    countries = {row["country"] for row in load_map()["cities"]}
    for tile in rows(components["event_tiles"]):
        found = re.fullmatch(r"(?:annex|spy home) (.+)", tile["special"])
        if found:
            assert found[1] in countries, tile["code"]


def test_power_colours_are_the_same_in_every_file(components):
    colours = {row["power"]: row["colour"] for row in rows(components["bank_markers"])}
    for component in ("spies", "police"):
        for row in rows(components[component]):
            assert row["colour"] == colours[row["power"]], row
    owners = load_map()["owners"]  # the map's territories
    assert {owner: owners[owner] for owner in colours} == colours
    assert set(owners) == {*colours, "neutral"}


@pytest.mark.parametrize(
    "name", ["rules_event_tiles.txt", "rules_counter_section.txt", "rules_special_effects.txt"]
)
def test_copied_rules_text_names_its_source(name):
    from spies_kit_helpers import HERE

    assert "Source: Spies! (SPI 1981) long-game rules" in (HERE / name).read_text(encoding="utf-8")
    assert rules_text(name).strip()
    assert parse_counter_cells()


def test_the_edition_page_says_what_the_data_holds():
    """The "About this edition" page (game.yaml's `edition`) names the numbers the kit prints and
    the tracker plays with: change one, and this test asks for the other."""
    from assistant.games.spies.data import load_data
    from deaddrop.paths import REPO_ROOT
    from pnp.definitions import load_game

    folder = REPO_ROOT / "templates" / "spies"
    data = load_data(folder)
    choices = " ".join(choice.choice for choice in load_game(folder).edition)
    (start,) = set(data.bank.values())  # every power alike
    assert f"Every power starts with {start} thousand pounds." in choices
    low, high = data.chits["Source"].pounds
    assert low == high and f"Source costs {low} thousand pounds." in choices
    multiples = data.house["multiples"]
    first, last = min(multiples), max(multiples)
    steps = {
        multiples[str(y)] - multiples[str(y - 1)] for y in range(int(first) + 1, int(last) + 1)
    }
    assert steps == {1}  # "rising by one a year"
    assert (
        f"{multiples[first]} in {first}, rising by one a year to {multiples[last]} in {last}"
        in choices
    )
