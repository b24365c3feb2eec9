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


def test_kit_holds_every_component_of_the_game():
    """The boxed game's contents (rules: 'CONTENTS'), a rules summary, and a reference card for
    every player in every language."""
    kit = {c.name: c for c in load_game(FOLDER).components}
    copies = {name: component.copies for name, component in kit.items()}
    assert copies["red_soldiers"] == copies["blue_soldiers"] == 10
    assert copies["red_missions"] == copies["blue_missions"] == 4
    assert copies["intel_cards"] == 6
    assert copies["starting_player"] == 1
    assert copies["intel_tokens_red"] == copies["intel_tokens_blue"] == 4
    assert copies["deception_tokens"] == 4  # one each to start, 2 spares
    assert copies["day_marker"] == copies["double_agent"] == 1
    assert copies["infiltration_markers"] == 2
    assert kit["board"].split and kit["board"].kind == "board"
    rules = kit["rules"]
    assert rules.kind == "sheet" and rules.back is not None  # two pages: one sheet, both sides
    assert rules.paper_stock == "paper" and rules.role == "reference"
    reference = kit["reference"]
    assert reference.role == "reference" and reference.new_page
    assert [face.count for face in reference.faces] == [2, 2, 2, 2]  # one per player
    for component in kit.values():
        if component.kind == "card" and component is not reference:
            assert (round(component.width, 1), round(component.height, 1)) == (
                round(mm(63), 1),
                round(mm(88), 1),
            )
        if component.kind in ("card", "token"):
            assert component.back is not None, component.name


def test_reference_cards_cover_every_rank_in_four_languages():
    kit = {c.name: c for c in load_game(FOLDER).components}
    faces = kit["reference"].faces
    assert [face.data["language"] for face in faces] == [
        "English",
        "Nederlands",
        "Français",
        "Deutsch",
    ]
    for face in faces:
        assert all(face.data[f"n{i}"] and face.data[f"t{i}"] for i in range(1, 11))
    assert {face.data["n1"] for face in faces} == {"Spy", "Spionne", "Espion", "Spionin"}
    english, soldiers = faces[0].data, kit["red_soldiers"].faces
    for i, soldier in enumerate(soldiers, start=1):  # one text: the soldier rows' ability
        assert english[f"n{i}"] == soldier.data["title"]
        assert english[f"t{i}"] == soldier.data["ability"]


def test_every_reference_card_shows_its_language_on_both_sides():
    from pnp.model import Text

    reference = {c.name: c for c in load_game(FOLDER).components}["reference"]
    for side in (reference.front, reference.back):
        texts = [el.text for el in side if isinstance(el, Text)]
        assert any("{language}" in text or "{heading}" in text for text in texts)
    assert any("{language}" in el.text for el in reference.back if isinstance(el, Text))


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
    text = text.replace('labels: ["", "", "", ', 'labels: ["", "", "", "", "", ')
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
    reference = {c.name: c for c in load_game(FOLDER).components}["reference"]
    checked = 0
    for face in reference.faces:
        language, start = LANGUAGE[face.data["heading"].split()[0]]
        for i in range(1, 11):
            name, text = f"{i} {face.data[f'n{i}']}", face.data[f"t{i}"]
            expected = rules_ability(name, start)
            edits = REFERENCE_EDITS.get(name + language, REFERENCE_EDITS.get(name, []))
            for old, new in edits:
                assert old in expected, (name, old)
                expected = expected.replace(old, new)
            assert text == expected, name
            checked += 1
    assert checked == 40


def _x_span(el) -> tuple[float, float]:
    """The left and right edge of an element of the board (points)."""
    from pnp.model import Line, Polygon

    if isinstance(el, (Polygon, Line)):
        xs = [x for x, _ in el.points]
        return min(xs), max(xs)
    return el.box.x, el.box.x + el.box.w


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("bleed", [0.0, 3.0])
def test_board_prints_in_two_tiles_whose_seam_crosses_only_the_background(paper, bleed):
    """The glued seam runs down the board between the front line (the Double Agent track, the
    forts, the start) and headquarters (the Infiltration tracks, the days): two tiles on A4 and
    Letter, with bleed too, and nothing but the background within 3 mm of the overlap."""
    from pnp.imposition import Settings
    from pnp.imposition.paper import Paper
    from pnp.imposition.tiles import board_tiles
    from pnp.model import Rect

    board = {c.name: c for c in load_game(FOLDER).components}["board"]
    settings = Settings(paper=paper, bleed=mm(bleed))
    tiles = board_tiles(board.width, board.height, Paper.of(settings), board.overlap)
    assert len(tiles) == 2
    left, right = (tile.region for tile in tiles)
    assert (left.y, right.y, round(left.h, 3)) == (0, 0, round(board.height, 3))
    band = (right.x - mm(3), left.x + left.w + mm(3))
    background = board.front[0]
    assert isinstance(background, Rect) and background.box.w == board.width
    crossing = [
        el for el in board.front[1:] if _x_span(el)[1] > band[0] and _x_span(el)[0] < band[1]
    ]
    assert crossing == []


def test_board_forts_start_and_tracks():
    """The forts hold the flag and the wall and stay clear of the '3' spaces; the start space is
    marked; the track the tracker reads has 11 spaces."""
    from pnp.draw.shapes import track_cells
    from pnp.model import Rect, Text, Track

    board = {c.name: c for c in load_game(FOLDER).components}["board"]
    (agent,) = [el for el in board.front if isinstance(el, Track) and el.start < 0]
    cells = [cell for cell, _, _ in track_cells(agent)]
    assert len(cells) == 11
    forts = [
        el
        for el in board.front
        if isinstance(el, Rect)
        and el.box.w > agent.box.w
        and el.box.h < board.height / 3
        and el.stroke is not None
        and el.box.x < agent.box.x
        and el.box.x + el.box.w > agent.box.x + agent.box.w
    ]
    assert len(forts) == 2
    for fort, inside in zip(sorted(forts, key=lambda r: r.box.y), ((0, 1), (9, 10)), strict=True):
        top, bottom = fort.box.y - fort.width / 2, fort.box.y + fort.box.h + fort.width / 2
        for i, cell in enumerate(cells):
            if i in inside:
                assert top < cell.y and cell.y + cell.h < bottom, i
            else:  # clear of the outline, stroke included
                assert cell.y + cell.h < top or cell.y > bottom, i
    start = cells[5]
    marks = [el for el in board.front if isinstance(el, Text) and el.text == "START"]
    assert len(marks) == 2 and all(
        start.y <= m.box.y and m.box.y + m.box.h <= start.y + start.h for m in marks
    )


def _printed(component):
    """(text, size) of every line of text the component prints, on every face and side."""
    from pnp import ops
    from pnp.draw import face_ops

    def walk(items):
        for op in items:
            if isinstance(op, ops.Group):
                yield from walk(op.ops)
            elif isinstance(op, ops.Text):
                yield op.text, op.size

    for index in range(max(len(component.faces), 1)):
        for back in (False, True):
            yield from walk(face_ops(component, index, back=back))


# words for developers, not players
DEVELOPER_WORDS = re.compile(r"deaddrop|\.yaml|templates/|rules text|are ours|\bcheck\b", re.I)


def test_every_printed_word_is_for_players_and_large_enough():
    """No command lines or notes to developers on any piece or in the print guide's notes; no text
    under 6 pt, 7 pt on the reference cards, 9 pt in the rules summary."""
    kit = load_game(FOLDER)
    assert not DEVELOPER_WORDS.search(kit.notes)
    assert "You supply" in kit.notes and "House" not in kit.notes
    # the choices and their reasons: the edition page (game.yaml's `edition`)
    assert [c.choice.split(",")[0] for c in kit.edition][:2] == [
        "The ranks on the six Intel cards",
        "The Double Agent's track has three spaces",
    ]
    for component in kit.components:
        least = {"rules": 9.0, "reference": 7.0}.get(component.name, 6.0)
        for text, size in _printed(component):
            assert size >= least - 1e-6, (component.name, text, size)
            assert not DEVELOPER_WORDS.search(text), (component.name, text)
            assert not re.search(r"house|the original", text, re.I), (component.name, text)


def test_the_rules_summary_covers_a_whole_game():
    """Setup, the day's three phases, scoring, the Double Agent, Deception, the end of a day,
    winning, the special rules and teams, on two pages; the fine points (this edition's choices)
    stated as rules."""
    rules = {c.name: c for c in load_game(FOLDER).components}["rules"]
    front = " ".join(text for text, _ in _printed(rules))
    for heading in (
        "SETTING UP",
        "1 · DEPLOY",
        "2 · INTEL",
        "3 · MISSIONS",
        "SCORING A GUESS",
        "THE DOUBLE AGENT",
        "DECEPTION",
        "END OF A DAY",
        "WINNING",
        "SPECIAL RULES",
        "PLAYING IN TEAMS",
        "FINE POINTS",
    ):
        assert heading in front, heading
    assert "The six Intel cards show four ranks each" in front
    assert "The Double Agent's track: three spaces, then the wall and the flag" in front


def test_the_house_readings_printed_are_the_trackers():
    """The rules summary prints three of the tracker's readings: they hold while the house rules
    file says so (change both together)."""
    rules = {c.name: c for c in load_game(FOLDER).components}["rules"]
    printed = " ".join(text for text, _ in _printed(rules))
    house = load_data(FOLDER).house
    readings = {
        "deception_needs_activation": "scores its 4 only when the soldier is activated",
        "wall_stops_whole_action": "stays there for everything the same",
        "captain_pick_hit_by_spy_or_miner": "retreats without effect",
    }
    for rule, words in readings.items():
        assert house[rule] is True and words in printed, rule
    assert house["deception_spares"] == 2 and "the other 2 Deception tokens" in printed


def test_the_pieces_agree_with_the_cover_and_carry_no_notes_about_other_pieces():
    """The rules summary gives the cover's players (2-4: two alone or two teams of two), and
    no piece sends its reader to another ("Full text: your reference card" once stood on every
    soldier card): each soldier card names its side in words."""
    kit = load_game(FOLDER)
    assert kit.players == "2-4"
    rules = next(c for c in kit.components if c.name == "rules")
    said = [t for t, _ in _printed(rules) if re.search(r"\bplayers?\b", t)]
    counts = [m for t in said for m in re.findall(r"(\d[-–]?\d?) players", t)]
    assert counts and set(counts) == {"2-4"}, said
    for component in kit.components:
        for text, _ in _printed(component):
            assert not re.search(r"full text|your reference card", text, re.I), (
                component.name,
                text,
            )
    for side in ("red", "blue"):
        soldiers = next(c for c in kit.components if c.name == f"{side}_soldiers")
        assert any(t == f"{side.upper()} SOLDIER" for t, _ in _printed(soldiers))
