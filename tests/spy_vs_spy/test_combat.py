"""Combat between the spies: every weapon, the sword's duel, running away and the defender's
priority, death in combat. Each test quotes the rules text."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import yaml
from svs_table import KIT, Table, rule, started

from assistant.engine import Refusal
from assistant.games.spy_vs_spy.kit import load_kit
from assistant.games.spy_vs_spy.rules import SpyVsSpy
from assistant.games.spy_vs_spy.state import SPIES
from deaddrop.errors import InputError
from deaddrop.paths import templates_dir


def fighting(**black):
    """Black walks into white's room (C1): combat, black attacks."""
    t = started()
    t.put("black", "B1")
    t.put("white", "C1")
    t.arsenal("black").update(black)
    t.do("move", spy="black", to="C1")
    return t


def test_moving_in_on_the_other_spy_starts_combat_the_mover_attacks():
    rule(
        "If you move in to a room that contains the other spy or a cop you must immediately stop"
        " and initiate combat"
    )
    rule("The player/cop who moved in to the room is considered the attacker.")
    t = fighting()
    assert (
        t.last
        == "black walks from B1 to C1 (1 action point; 1 left); combat in C1: black attacks white"
    )
    assert t.view["fights"] == [
        {"attacker": "black", "defender": "white", "room": "C1", "exchanges": 0}
    ]
    assert t.view["phase"] == "fight"
    assert t.refused("search", spy="black", number=3) == Refusal(
        "Combat", "black and white fight in C1: exchange black=sword|weapon white=sword|weapon"
    )


@pytest.mark.parametrize(
    ("rolls", "black", "white"), [((2, 5), 7, 8), ((6, 1), 8, 7), ((4, 4), 7, 7)]
)
def test_sword_against_sword_the_lower_roll_takes_one_ties_hurt_both(rolls, black, white):
    rule(
        "If both players choose the sword then both players roll one 6-sided dice. Compare the"
        " results, whoever loses (rolls the lower number) takes 1 damage"
    )
    rule("If both players roll the same number they each take 1 damage")
    t = fighting()
    t.do("exchange", black="sword", white="sword", rolls={"black": rolls[0], "white": rolls[1]})
    assert t.last.startswith(f"swords: black rolls {rolls[0]}, white rolls {rolls[1]}")
    assert t.view["health"] == {"black": black, "white": white}
    assert t.last.endswith("attack again, or run")


def test_the_tracker_rolls_both_swords_from_the_seed():
    t = fighting()
    action = t.do("exchange", black="sword", white="sword")
    assert sorted(action["rolls"]) == ["black", "white"] and "seed" in action


def test_the_tracker_rolls_no_swords_when_a_spy_declared_his_weapon():
    """An exchange that names no weapon fights with the declared ones: the tracker draws the
    swords' dice only when both fight with the sword (the phones send no rival's weapon)."""
    t = fighting(weapon="orange")
    t.do("declare", spy="black", weapon="weapon")
    t.do("declare", spy="white", weapon="sword")
    action = t.do("exchange")
    assert "rolls" not in action
    assert t.last.startswith(
        "black's Flamethrower (orange) gets past white's white 2-pip; white's sword deals 1 to "
        "black"
    )
    t.do("exchange", white="sword")
    assert t.view["fights"][0]["exchanges"] == 2


def test_sword_against_weapon_the_sword_hits_the_weapon_checks_the_defence():
    rule(
        "If one person chooses their sword and the other chooses their offensive equipment then"
        " the spy wielding the sword will automatically deal 1 damage to the other spy."
    )
    t = fighting(weapon="orange")
    t.do("exchange", black="weapon", white="sword")
    assert "black's Flamethrower (orange) gets past white's white 2-pip" in t.last
    assert "white's sword deals 1 to black" in t.last
    assert t.view["health"] == {"black": 7, "white": 6}


@pytest.mark.parametrize("colour", [c.id for c in KIT.colours])
def test_each_weapon_deals_its_damage_unless_the_defence_is_its_colour(colour):
    weapon = KIT.colour(colour)
    rule(f"E) {weapon.weapon}. In combat, if the opponent does not have the")
    rule(f"2-pip equipped then deal {weapon.weapon_damage} damage to him.")
    rule("If the colors are the same then his attack fails and deals no damage.")
    t = fighting(weapon=colour)
    t.arsenal("black")["offensive"].append(colour)
    t.do("exchange", black="weapon", white="sword")
    assert t.view["health"]["white"] == 8 - weapon.weapon_damage * (colour != "white")
    t = fighting(weapon=colour)
    t.arsenal("black")["offensive"].append(colour)
    t.arsenal("white")["defence"] = colour
    t.do("exchange", black="weapon", white="sword")
    assert (
        f"black's {weapon.weapon} ({weapon.label}) fails against white's {colour} 2-pip" in t.last
    )
    assert t.view["health"]["white"] == 8


def test_weapon_against_weapon_each_checks_the_others_defence():
    rule(
        "Each spy checks the color of his weapon vs. the color of the defensive equipment his"
        " opponent is using."
    )
    t = fighting(weapon="yellow", defence="orange")
    t.arsenal("white")["weapon"] = "orange"
    t.do("exchange", black="weapon", white="weapon")
    assert "white's Flamethrower (orange) fails against black's orange 2-pip" in t.last
    assert t.view["health"] == {"black": 8, "white": 6}


def test_no_weapon_equipped_means_the_sword():
    rule("Each spy comes equipped with a sword by default which deals 1 damage.")
    t = fighting()
    assert t.refused("exchange", black="weapon", white="sword") == Refusal(
        "Combat", "black has no offensive equipment equipped: he fights with his sword"
    )


def test_a_spy_with_the_whole_thingamajig_fights_with_his_sword_only():
    rule("may only use his sword and defensive equipment")
    t = fighting(weapon="orange")
    t.give_pieces("black", [4, 11, 19])
    assert t.refused("exchange", black="weapon", white="sword") == Refusal(
        "Thingamajig",
        "black carries all 3 pieces: he may only use his sword and defensive equipment",
    )


def test_run_away_after_an_exchange_a_free_move_that_ends_the_fight():
    rule(
        "After damage is dealt, both the attacker and defender have the option to run away or to"
        " attack again."
    )
    t = fighting()
    assert t.refused("run", spy="white", to="D1") == Refusal(
        "Combat", "after damage is dealt you may run away: fight one exchange first"
    )
    t.do("exchange", black="sword", white="sword", rolls={"black": 3, "white": 3})
    t.do("run", spy="white", to="D1")
    assert t.last.startswith("white runs from C1 to D1 (a free move)")
    assert t.view["fights"] == [] and t.view["phase"] == "turn" and t.view["ap_left"] == 1


def test_when_both_wish_to_flee_only_the_defender_moves():
    rule(
        "If both players wish to flee then priority is given to the defender and only the defender"
        " will move."
    )
    t = fighting()
    t.do("exchange", black="sword", white="sword", rolls={"black": 3, "white": 1})
    assert t.refused("run", spy="black", to="B1", both=True) == Refusal(
        "Combat",
        "if both players wish to flee then priority is given to the defender and only the"
        " defender will move: white runs",
    )
    t.do("run", spy="white", to="D1", both=True)
    assert t.view["positions"] == {"black": "C1", "white": "D1"}


def test_running_into_another_occupied_room_starts_a_new_combat():
    rule(
        "If a retreating spy moves in to a square with a spy or cop in it a new round of combat is"
        " automatically initiated."
    )
    t = fighting()
    t.put("deputy", "D1")
    t.do("exchange", black="sword", white="sword", rolls={"black": 3, "white": 1})
    t.do("run", spy="white", to="D1")
    assert t.last.endswith("combat in D1: white attacks the Deputy")
    assert t.view["fights"][0]["attacker"] == "white"


def test_a_spy_killed_in_combat_drops_his_pieces_and_weapon_the_other_goes_on():
    rule(
        "If a spy carrying some or all pieces of the Thingamajig is killed then all pieces drop in"
        " that room"
    )
    t = fighting()
    t.state["health"]["white"] = 1
    t.arsenal("white")["weapon"] = "black"
    t.give_pieces("white", [11])
    t.do("exchange", black="sword", white="sword", rolls={"black": 5, "white": 2})
    assert "white dies in C1 (2 lives left); 1 piece of the Thingamajig drops in C1" in t.last
    assert "his Tar Gun (black 1-pip) drops in C1" in t.last
    assert t.view["phase"] == "restart"
    t.do("restart", spy="white", at="E0")
    assert (t.view["phase"], t.view["turn"], t.view["ap_left"]) == ("turn", "black", 1)
    rule(
        "If you already have five pieces of offensive equipment you will need to drop one to make"
        " room for the piece you are picking up."
    )
    assert t.refused("search", spy="black", number=3, take=["black"]) == Refusal(
        "Arsenal",
        "black would hold 6 pieces of offensive equipment, more than 5: he drops one to make"
        " room (give=[COLOUR])",
    )
    t.do("search", spy="black", number=3, take=["black"], give=["white"])
    assert "black finds 1 piece of the Thingamajig" in t.last
    assert "black picks up the black 1-pip lying in C1" in t.last
    assert "black drops a white 1-pip in C1" in t.last
    assert t.view["loose"] == {"C1": ["white"]}
    assert t.view["pieces"] == {"black": 1, "white": 0} and t.view["dropped"] == {}


def test_the_first_exchange_of_a_fight_needs_each_spys_declared_weapon():
    """Issue 35: an exchange that named no weapon fought with the sword. "At the start of combat
    each player must declare which weapon they will be using": the first exchange is refused
    until each spy in the fight has declared (with `declare`, or named in the exchange)."""
    rule(
        "At the start of combat each player must declare which weapon they will be using, their"
        " currently equipped offensive equipment or the sword."
    )
    t = fighting(weapon="orange")
    assert str(t.refused("exchange")) == (
        "Combat: at the start of combat each player must declare which weapon they will be"
        " using: black and white have not (black=sword or black=weapon in the exchange, or"
        " declare spy=black weapon=...)"
    )
    assert str(t.refused("exchange", black="weapon", rolls={})) == (
        "Combat: at the start of combat each player must declare which weapon they will be"
        " using: white has not (white=sword or white=weapon in the exchange, or declare"
        " spy=white weapon=...)"
    )
    assert t.view["next"] == (
        "combat in C1, black against white: exchange black=sword|weapon white=sword|weapon"
    )
    t.do("declare", spy="white", weapon="sword")
    assert t.view["next"] == "combat in C1, black against white: exchange black=sword|weapon"
    t.do("exchange", black="weapon")
    assert t.last.startswith("black's Flamethrower (orange) gets past white's white 2-pip")
    # against a cop too: the spy declares (the cop has no choice to make)
    t = started()
    t.put("black", "A1")
    t.put("deputy", "B1")
    t.do("move", spy="black", to="B1")
    assert str(t.refused("exchange")).startswith(
        "Combat: at the start of combat each player must declare which weapon they will be"
        " using: black has not"
    )
    t.do("exchange", black="sword")
    assert "black's sword hits the Deputy" in t.last


def test_when_both_attack_again_a_spy_keeps_his_weapon_or_declares_anew():
    """Issue 23, item 8: a bare exchange after one where black used his weapon does not switch
    him to the sword. This edition (the kit's `weapon_declared: before each exchange`): "If both
    attack again then repeat this process", declaring included: before each exchange a spy may
    declare anew, once."""
    rule("If both attack again then repeat this process.")
    t = fighting(weapon="orange")
    t.do("exchange", black="weapon", white="sword")
    t.do("exchange")  # both attack again with the same weapons: no swords rolled
    assert "black's Flamethrower (orange) gets past white" in t.last and "swords" not in t.last
    t.do("declare", spy="black", weapon="sword")  # refused before issue 35
    assert t.last == "black declares his sword"
    assert str(t.refused("declare", spy="black", weapon="weapon")) == (
        "Combat: black declared his sword for this exchange: it stays declared"
    )
    assert str(t.refused("exchange", black="weapon")) == (
        "Combat: black declared his sword for this exchange: it stays declared"
    )
    action = t.do("exchange")
    assert t.last.startswith("swords: black rolls") and sorted(action["rolls"]) == list(SPIES)
    t.do("exchange", black="weapon")  # and back: named in the exchange
    assert t.last.startswith("black's Flamethrower (orange) gets past white")


def whole_fight_game(tmp_path: Path) -> SpyVsSpy:
    """The tracker on a copy of the kit whose player aid prints `weapon_declared: for the whole
    fight` (the other reading of "At the start of combat")."""
    folder = tmp_path / "spy-vs-spy"
    shutil.copytree(templates_dir() / "spy-vs-spy", folder)
    aid = folder / "aid.yaml"
    text = aid.read_text(encoding="utf-8")
    assert "weapon_declared: before each exchange" in text
    aid.write_text(text.replace("before each exchange", "for the whole fight"), encoding="utf-8")
    kit = load_kit(folder)
    assert not kit.declare_each_exchange
    return SpyVsSpy(kit)


def test_a_kit_that_declares_for_the_whole_fight_holds_the_first_declaration(tmp_path):
    rule("At the start of combat each player must declare which weapon they will be using")
    t = Table(game=whole_fight_game(tmp_path)).setup()
    t.put("black", "B1")
    t.put("white", "C1")
    t.arsenal("black")["weapon"] = "orange"
    t.do("move", spy="black", to="C1")
    assert t.refused("exchange").why.startswith("at the start of combat each player must declare")
    t.do("declare", spy="black", weapon="weapon")
    t.do("exchange", white="sword")
    assert str(t.refused("declare", spy="white", weapon="weapon")) == (
        "Combat: white declared his sword at the start of combat (declared for the whole fight in"
        " this edition): it stays declared"
    )
    assert str(t.refused("exchange", black="sword")) == (
        "Combat: black declared his weapon at the start of combat (declared for the whole fight"
        " in this edition): it stays declared"
    )
    t.do("exchange", black="weapon")  # the same weapon named again is no change
    t.do("exchange")
    assert t.view["fights"][0]["exchanges"] == 3 and "swords" not in t.last
    t.do("run", spy="white", to="D1")
    assert t.view["fights"] == [] and t.view["ap_left"] == 1
    t.do("move", spy="black", to="D1")  # a new fight: declared anew
    assert t.refused("exchange").why.endswith(
        "black and white have not (black=sword or"
        " black=weapon in the exchange, or declare spy=black weapon=...)"
    )


def test_a_kit_with_another_weapon_declared_is_unusable_input(tmp_path):
    folder = tmp_path / "spy-vs-spy"
    shutil.copytree(templates_dir() / "spy-vs-spy", folder)
    aid = folder / "aid.yaml"
    text = aid.read_text(encoding="utf-8")
    aid.write_text(text.replace("before each exchange", "when it suits"), encoding="utf-8")
    with pytest.raises(InputError) as error:
        load_kit(folder)
    assert str(error.value) == (
        f"{aid}: components.player_aid.rows[0].weapon_declared: expected 'before each exchange'"
        " or 'for the whole fight' (got 'when it suits')"
    )


def test_a_runners_new_fight_comes_before_the_fights_waiting():
    """A runner who runs into a cop's room fights him at once: "If a retreating spy moves in to
    a square with a spy or cop in it a new round of combat is automatically initiated", before
    the fights already waiting (issue 23: a runner's new fight was not noticed queued last)."""
    rule("If a retreating spy moves in to a square with a spy or cop in it a new round of combat")
    t = started()
    t.put("black", "B1")
    t.put("deputy", "B1")
    t.put("white", "D1")
    t.put("sheriff", "D1")
    t.put("swat", "C1")
    t.state["fights"] = [
        {"attacker": "deputy", "defender": "black", "room": "B1", "exchanges": 1},
        {"attacker": "sheriff", "defender": "white", "room": "D1", "exchanges": 0},
    ]
    t.state["phase"] = "fight"
    t.do("run", spy="black", to="C1")
    assert [(f["attacker"], f["defender"], f["room"]) for f in t.view["fights"]] == [
        ("black", "swat", "C1"),
        ("sheriff", "white", "D1"),
    ]


def test_the_edition_page_says_when_weapons_are_declared_as_the_aid_prints_it():
    """The choice is the aid's data (the tracker enforces it, the Combat text prints it); the
    About this edition page says it in the players' words."""
    game = yaml.safe_load((templates_dir() / "spy-vs-spy" / "game.yaml").read_text("utf-8"))
    choices = [entry["choice"] for entry in game["edition"]]
    assert KIT.declare_each_exchange
    assert "In combat each side declares a weapon before each exchange." in choices
