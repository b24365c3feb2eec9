"""The kit's templates (what issue 6 lists, in card size with backs) and the tracker's reading of
the facts from them (one place for each fact)."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from sl_table import DATA

from assistant.games.spies_and_lies.data import load_data
from assistant.games.spies_and_lies.rules import SpiesAndLies
from deaddrop.errors import InputError
from deaddrop.paths import REPO_ROOT
from pnp.definitions import load_game
from pnp.units import mm

FOLDER = REPO_ROOT / "templates" / "spies-and-lies"


def test_kit_holds_every_component_of_the_issue():
    kit = {c.name: c for c in load_game(FOLDER).components}
    copies = {name: component.copies for name, component in kit.items()}
    assert copies["red_soldiers"] == copies["blue_soldiers"] == 10
    assert copies["red_missions"] == copies["blue_missions"] == 4
    assert copies["intel_cards"] == 6
    assert copies["starting_player"] == 1
    assert copies["reference_low"] + copies["reference_high"] == 8  # two per language
    assert copies["intel_tokens_red"] + copies["intel_tokens_blue"] == 8
    assert copies["deception_tokens"] >= 4
    assert copies["day_marker"] == 1
    assert kit["board"].split and kit["board"].kind == "board"
    for component in kit.values():
        if component.kind == "card":
            assert (round(component.width, 1), round(component.height, 1)) == (
                round(mm(63), 1),
                round(mm(88), 1),
            )
            assert component.back is not None, component.name


def test_reference_cards_cover_every_rank_in_four_languages():
    kit = {c.name: c for c in load_game(FOLDER).components}
    low, high = kit["reference_low"].faces, kit["reference_high"].faces
    assert len(low) == len(high) == 4
    for first, second in zip(low, high, strict=True):
        names = [first.data[f"n{i}"] for i in range(1, 7)]
        names += [second.data[f"n{i}"] for i in range(1, 5)]
        assert [int(name.split()[0]) for name in names] == list(range(1, 11))
        assert all(first.data[f"t{i}"] for i in range(1, 7))
    titles = {face.data["n1"] for face in low}
    assert titles == {"1 Spy", "1 Spionne", "1 Espion", "1 Spionin"}
    assert low[0].data["t1"] == kit["red_soldiers"].faces[0].data["ability"]  # one text


def test_tracker_reads_ranks_intel_and_tracks_from_the_templates():
    assert DATA.titles[1] == "Spy" and DATA.titles[10] == "Marshal"
    assert len(DATA.intel) == 6 and all(len(ranks) == 4 for ranks in DATA.intel.values())
    assert (DATA.infiltration_top, DATA.wall, DATA.flag) == (10, 4, 5)


def copy_templates(tmp_path: Path) -> Path:
    folder = tmp_path / "spies-and-lies"
    shutil.copytree(FOLDER, folder)
    return folder


def test_a_longer_double_agent_track_changes_the_rules(tmp_path):
    folder = copy_templates(tmp_path)
    board = folder / "board.yaml"
    text = board.read_text(encoding="utf-8")
    text = text.replace("from: -5\n        to: 5", "from: -6\n        to: 6")
    text = text.replace('labels: ["BLUE FLAG", "WALL",', 'labels: ["BLUE FLAG", "WALL", "4",')
    text = text.replace('"WALL", "RED FLAG"]', '"4", "WALL", "RED FLAG"]')
    board.write_text(text, encoding="utf-8")
    data = load_data(folder)
    assert (data.wall, data.flag) == (5, 6)
    load_game(folder)  # the kit still renders from the same file
    game = SpiesAndLies(data)
    state = game.setup({})
    assert game.view(state)["tracks"] == {"infiltration_top": 10, "wall": 5, "flag": 6}


def test_house_rules_file_is_checked(tmp_path):
    folder = copy_templates(tmp_path)
    rules = folder / "tracker" / "house-rules.yaml"
    rules.write_text("house_rules:\n  deception_spare: 3\n", encoding="utf-8")
    with pytest.raises(InputError) as error:
        load_data(folder)
    assert "house_rules.deception_spare: unknown" in error.value.message
    rules.write_text("house_rules:\n  deception_spares: 0\n", encoding="utf-8")
    assert load_data(folder).house["deception_spares"] == 0


def test_missing_soldier_rows_name_the_file(tmp_path):
    folder = copy_templates(tmp_path)
    (folder / "intel.yaml").write_text("components: {}\n", encoding="utf-8")
    with pytest.raises(InputError) as error:
        load_data(folder)
    assert error.value.message.endswith(
        "intel.yaml: components.intel_cards: missing (the tracker reads it)"
    )


@pytest.mark.parametrize(
    ("file", "text", "expected"),
    [
        ("intel.yaml", "components:\n  intel_cards:\n    rows: [[1, 2]]\n", "rows[0]: expected"),
        ("intel.yaml", "components:\n  intel_cards:\n    rows: {a: 1}\n", "rows: expected a list"),
        ("soldiers.yaml", "components:\n  red_soldiers:\n    rows: [7]\n", "rows[0]: expected"),
        (
            "intel.yaml",
            "components:\n  intel_cards:\n    rows: [{card: 1, r1: 2}, {card: 1, r1: 3}]\n",
            "rows[1].card: card 1 is listed twice",
        ),
        ("tracker/house-rules.yaml", "- a\n", "expected a mapping house_rules"),
        ("tracker/house-rules.yaml", "house_rules: [1]\n", "expected a mapping house_rules"),
        (
            "tracker/house-rules.yaml",
            "house_rules: {deception_spares: x}\n",
            "house_rules.deception_spares: expected a whole number >= 0 (got 'x')",
        ),
        (
            "tracker/house-rules.yaml",
            "house_rules: {wall_stops_whole_action: 1}\n",
            "house_rules.wall_stops_whole_action: expected true or false (got 1)",
        ),
        (
            "tracker/house-rules.yaml",
            "house_rules: {exposed_sergeant_counts_as_identified: 'no'}\n",
            "house_rules.exposed_sergeant_counts_as_identified: expected true or false (got 'no')",
        ),
    ],
)
def test_malformed_tracker_files_name_the_file_and_what_is_expected(tmp_path, file, text, expected):
    folder = copy_templates(tmp_path)
    (folder / file).write_text(text, encoding="utf-8")
    with pytest.raises(InputError) as error:
        load_data(folder)
    assert error.value.message.startswith(str(folder / file) + ": ")
    assert expected in error.value.message


RULES_TEXT = Path(__file__).with_name("rules_abilities.txt")  # the rules' ability lines
# What the reference cards change in the rules' own ability texts (docs/spies-and-lies.md lists
# the same): misprints corrected, and a few words dropped where the card has no room.
REFERENCE_EDITS = {
    "4 Sergeant": [("About the Sergeant: during", "During"), ("2- 7- 4- 10", "2-7-4-10")],
    "6 Captain": [("2 exhausted Soldier's,", "2 exhausted Soldiers,")],
    "7 Bomb": [("Double damage: If", "Double damage: if")],
    "8 Colonel": [
        ("move 3 Infiltration spaces", "move 3 spaces"),
        ("your Infiltration marker the remaining", "your marker the remaining"),
        ("5 spaces on the next run along the numbered track.", "5 spaces."),
    ],
    "10 Marshal": [
        ("points*,", "points,"),
        ("their Infiltration marker", "their marker"),
        ("*Remember excess", "Excess"),
    ],
    "4 Sergeant NL": [("Over de Sergeant: tijdens", "Tijdens")],
    "6 Kapitein": [("gekozen kaart)", "gekozen kaart.)")],
    "8 Kolonel": [("naar voren op de Infiltratiepunterteller.", "naar voren.")],
    "1 Espion": [("l'avez", "l'ayez")],
    "3 Démineur": [("l'avez", "l'ayez")],
    "4 Sergent": [
        ("À propos du sergent : pendant", "Pendant"),
        ("n'importe où sur le champ de bataille.", "n'importe où."),
        ("2- 7- 4- 4- 10", "2-7-4-10"),
        ("renseignements, que ce soit en ne", "renseignements, en ne"),
        ("aucunes informations", "aucune information"),
    ],
    "5 Lieutenant FR": [("aucun des points", "aucun point")],
    "7 Bombe FR": [("aucun des points", "aucun point")],
    "8 Colonel FR": [
        ("votre tour d'infiltration de 3", "votre tour de 3"),
        ("votre tour d'infiltration sur", "votre tour sur"),
    ],
    "9 Général": [("aucun des points", "aucun point")],
    "10 Maréchal": [("*Souvenez-vous que les points", "*Les points")],
    "4 Feldwebel": [("Feldweibel", "Feldwebel"), ("(mit eine ", "(mit einer ")],
    "6 Kapitän": [("erschöpfter Soldaten, können Sie 1", "erschöpften Soldaten kann er 1")],
    "7 Bombe DE": [("(von Dein Gegner)", "(des Gegners)")],
    "8 Oberst": [
        ("Der Spieler zieht seinen Infiltrationsturm", "Der Spieler zieht seinen Turm"),
        ("kehrt sein Infiltrationsturm", "kehrt sein Turm"),
        ("5 Felder auf dem Punktezähler vorwärts", "5 Felder vorwärts"),
    ],
}
# the card's heading word -> (its language's key suffix above, where that language starts)
LANGUAGE = {
    "Als": (" NL", "SPIES & LIES: EEN STRATEGO-VERHAAL"),
    "Si": (" FR", "SPIES & LIES :"),
    "Wenn": (" DE", "SPIES & LIES: EINE STRATEGO-GESCHICHTE"),
    "If": ("", "A STRATEGO STORY\n"),
}


def rules_ability(name: str, start: str) -> str:
    """The rules' ability text of the soldier `name` ('1 Spy', '4 Feldwebel') in the part of the
    rules text that begins at `start`, without its leading '...' (a line 'N Title<tab>... text',
    or '- N Title ... text' in English, whose Bomb and Marshal go on over a second line)."""
    rules = RULES_TEXT.read_text(encoding="utf-8").replace("**", "")
    rules = rules.replace("<i>", "").replace("</i>", "")
    starts = sorted(rules.index(s) for _, s in LANGUAGE.values())
    begin = rules.index(start)
    part = rules[begin : next((s for s in starts if s > begin), len(rules))]
    lines = part.splitlines()
    title = name.replace("Feldwebel", "Feldweibel")
    for index, line in enumerate(lines):
        found = re.match(rf"(- )?{re.escape(title)}\s*\.\.\. (.*)$", line)
        if found:
            body = found.group(2)
            if found.group(1) and lines[index + 1][:1] in ("D", "*"):
                body += " " + lines[index + 1]
            return body[0].upper() + body[1:] if found.group(1) else body
    raise AssertionError(f"{name} not found in the rules text")


def test_reference_cards_are_the_rules_texts_with_the_documented_edits():
    kit = {c.name: c for c in load_game(FOLDER).components}
    checked = 0
    for component in ("reference_low", "reference_high"):
        for face in kit[component].faces:
            language, start = LANGUAGE[face.data["heading"].split()[0]]
            for i in range(1, 7 if component == "reference_low" else 5):
                name, text = face.data[f"n{i}"], face.data[f"t{i}"]
                expected = rules_ability(name, start)
                edits = REFERENCE_EDITS.get(name + language, REFERENCE_EDITS.get(name, []))
                for old, new in edits:
                    assert old in expected, (name, old)
                    expected = expected.replace(old, new)
                assert text == expected, name
                checked += 1
    assert checked == 40


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_board_prints_in_two_tiles_joined_across_the_middle_space(paper):
    """The seam of the glued board runs across the board (through the middle space), never along
    the Double Agent track: two full-width tiles on A4 and on Letter."""
    from pnp.imposition import Settings
    from pnp.imposition.paper import Paper
    from pnp.imposition.tiles import board_tiles

    board = {c.name: c for c in load_game(FOLDER).components}["board"]
    tiles = board_tiles(board.width, board.height, Paper.of(Settings(paper=paper)), board.overlap)
    assert len(tiles) == 2
    for tile in tiles:
        assert (tile.region.x, round(tile.region.w, 3)) == (0, round(board.width, 3))
    seam_top, seam_bottom = tiles[1].region.y, tiles[0].region.y + tiles[0].region.h
    middle = (mm(45) + 5 * mm(290) / 11, mm(45) + 6 * mm(290) / 11)  # the middle space
    assert middle[0] < seam_top < seam_bottom < middle[1]
