"""The setup: the kit checked against the rules' setup (25 number tokens for 25 rooms, the
special rooms and the helipad where the text puts them), the three circled numbers, arsenals of
5 + 5 from the bags; the kit's facts read once. Each test quotes the rules text."""

from __future__ import annotations

import dataclasses
import json
import shutil

import pytest
from svs_table import GAME, KIT, OFFENSIVE, Table, rule

from assistant.engine import Refusal
from assistant.games.spy_vs_spy import kit as kit_module
from assistant.games.spy_vs_spy.board import parse_board
from assistant.games.spy_vs_spy.rules import SpyVsSpy
from assistant.games.spy_vs_spy.setup import kit_problems
from deaddrop.errors import InputError
from deaddrop.paths import REPO_ROOT

ROW = {
    "walk": "A1-E1, A2-E2, A3-E3, A4-E4, A5-E5",
    "lifts": "A1-A5, E1-E5",
    "roof_lift": "C5-Helipad",
    "entrances": "A1, E1",
    "defensive": "C2",
    "first_aid": "C3",
    "offensive": "C4",
}


def test_the_kit_passes_the_setup_check():
    rule("Take the 25 paper tokens provided")
    rule(
        "place a Clear 3-pip piece just above the middle square on the top of the building to"
        " represent the helicopter pad"
    )
    rule(
        "Put a Light Blue 3-pip piece in the middle square on the 2nd row from the bottom, a Green"
        " 3-pip piece in the middle square in the middle row, and a Yellow 3-pip piece from the"
        " 2nd from top row."
    )
    assert kit_problems(KIT) == []
    assert len(KIT.tokens) == len(KIT.board.rooms) == 25
    assert KIT.board.special == {"defensive": "C2", "first_aid": "C3", "offensive": "C4"}
    assert (KIT.board.roof, KIT.board.helipad) == ("C5", "Helipad")


@pytest.mark.parametrize(
    ("change", "problem"),
    [
        ({"first_aid": "B3"}, "the first aid room is B3, the setup puts it in C3"),
        (
            {"defensive": "C4", "offensive": "C2"},
            "the defensive room is C4, the setup puts it in C2",
        ),
        ({"roof_lift": "A5-Helipad"}, "the roof elevator leaves from A5: the helipad is above C5"),
        ({"entrances": "A1, B1"}, "the entrances open into A1, B1, not the ground floor's ends"),
    ],
)
def test_a_board_against_the_setup_is_refused(change, problem):
    board = parse_board({**ROW, **change})
    bad = dataclasses.replace(KIT, board=board)
    assert problem in kit_problems(bad)
    refusal = SpyVsSpy(bad).setup({"first": "black"})
    assert isinstance(refusal, Refusal) and refusal.rule == "Setup" and problem in refusal.why


def test_entrances_are_ground_floor_rooms():
    with pytest.raises(ValueError, match="entrances: A5 is not one of the ground floor's rooms"):
        parse_board({**ROW, "entrances": "A1, A5"})


def test_number_tokens_must_be_one_a_room():
    bad = dataclasses.replace(KIT, tokens=KIT.tokens[:-1])
    assert kit_problems(bad) == [
        "24 number tokens (1-24, once each) for 25 rooms: one token a room"
    ]
    bad = dataclasses.replace(KIT, tokens=(*KIT.tokens[:-1], 3))
    assert kit_problems(bad) == [
        "25 number tokens (1-25, once each) for 25 rooms: one token a room"
    ]


def test_three_distinct_numbers_are_circled():
    rule(
        "On the Thingamajig sheet players take turns circling a random number on the sheet until"
        " three numbers have been selected."
    )
    t = Table()
    for numbers in ([4, 4, 19], [4, 11], [0, 11, 19], [4, 11, 26]):
        assert t.refused("circle", numbers=numbers) == Refusal(
            "Thingamajig sheet",
            f"three different numbers from 1 to 25 are circled (got {numbers!r})",
        )
    action = t.do("circle")
    assert len(set(action["numbers"])) == 3 and "seed" in action
    assert t.view["thingamajig"] == action["numbers"]
    assert t.refused("circle", numbers=[1, 2, 3]) == Refusal(
        "Thingamajig sheet", "three numbers are circled already"
    )


def test_arsenals_of_five_and_five_from_the_bags():
    rule("Each player takes turns drawing 5 random pieces from the 1-pip bag")
    rule("Each player then takes turns drawing 5 random pieces from the 2-pip bag.")
    t = Table()
    t.do("circle", numbers=[4, 11, 19])
    kit = {"defensive": OFFENSIVE, "defence": "white"}
    assert t.refused("arsenal", spy="black", offensive=OFFENSIVE[:4], **kit) == Refusal(
        "Arsenal", "each player draws 5 offensive pieces (4 entered)"
    )
    assert t.refused("arsenal", spy="black", offensive=["green"] * 4 + ["white"], **kit) == Refusal(
        "Arsenal", "the 1-pip bag holds no more green pieces"
    )
    assert t.refused(
        "arsenal", spy="black", offensive=OFFENSIVE, defensive=OFFENSIVE, defence="light-blue"
    ) == Refusal("Arsenal", "the 2-pip under black comes from his arsenal (no light-blue in it)")
    t.do("arsenal", spy="black", offensive=OFFENSIVE, weapon="Orange", **kit)
    assert t.view["phase"] == "setup"
    assert t.refused("move", spy="black", to="A1") == Refusal(
        "Setup", "circle the three numbers and enter both arsenals first"
    )
    t.do("arsenal", spy="white", offensive=["Light blue"] * 3 + ["green", "orange"], **kit)
    assert t.arsenal("white")["offensive"][0] == "light-blue"
    assert t.view["bags"] == {"offensive": 8, "defensive": 8}
    assert (t.view["phase"], t.view["round"], t.view["turn"], t.view["ap_left"]) == (
        "turn",
        1,
        "black",
        2,
    )
    assert t.refused("arsenal", spy="white", offensive=OFFENSIVE, **kit) == Refusal(
        "Setup", "the game has begun"
    )


def test_the_spies_start_off_the_board_at_both_ends_of_the_bottom_row():
    rule(
        "Place the Black 3-pip piece off the board at one end of the bottom row and the 3-pip"
        " White piece at the other end."
    )
    rule("Each player sets their 8-sided dice with the 8 showing next to their divider.")
    view = GAME.view(Table().state)
    assert view["positions"] == {"black": "A0", "white": "E0"}
    assert view["health"] == {"black": 8, "white": 8} and view["lives"] == {"black": 3, "white": 3}
    white_first = GAME.view(Table(first="white").setup().state)
    assert white_first["turn"] == "white"


def test_the_kit_is_read_once_then_from_the_cache(tmp_path, monkeypatch):
    folder = tmp_path / "spy-vs-spy"
    shutil.copytree(REPO_ROOT / "templates" / "spy-vs-spy", folder)
    monkeypatch.setenv("DEADDROP_CACHE", str(tmp_path / "cache"))
    monkeypatch.setattr(kit_module, "SETTLE_NS", -1)
    first = kit_module.load_kit(folder)
    cached = json.loads((tmp_path / "cache" / "spy-vs-spy" / "kit.json").read_text())
    assert cached["extract"]["board"]["first_aid"] == "C3"
    monkeypatch.setattr(kit_module, "extract", lambda folder: pytest.fail("read the YAML again"))
    assert kit_module.load_kit(folder) == first == KIT


def test_a_changed_kit_file_is_read_again_and_checked(tmp_path, monkeypatch):
    folder = tmp_path / "spy-vs-spy"
    shutil.copytree(REPO_ROOT / "templates" / "spy-vs-spy", folder)
    monkeypatch.setenv("DEADDROP_CACHE", str(tmp_path / "cache"))
    monkeypatch.setattr(kit_module, "SETTLE_NS", -1)
    kit_module.load_kit(folder)
    aid = folder / "aid.yaml"
    aid.write_text(
        aid.read_text().replace(
            'damage: &sheriff_damage "1-3: 1, 4-6: 2"', 'damage: &sheriff_damage "1-3: 1"'
        )
    )
    with pytest.raises(InputError, match=r"aid.yaml: components.cop_cards.rows\[1\].damage"):
        kit_module.load_kit(folder)
