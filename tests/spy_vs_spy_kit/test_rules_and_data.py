"""The kit's data against the rules' figures (rules_excerpt.txt, the copied rules lines), and the
shape a table tracker will read: one place for each fact, in templates/spy-vs-spy/."""

from __future__ import annotations

import re
from collections import deque

from svs_kit import (
    bag_excluded,
    components,
    copies,
    cops,
    equipment,
    figure,
    row,
    rules_text,
)


def test_the_copied_rules_lines_give_six_colours_and_three_cops():
    assert [e.colour for e in equipment()] == [
        "green", "orange", "yellow", "black", "white", "light blue"
    ]  # fmt: skip
    assert [(c.name, c.pips) for c in cops()] == [("Deputy", 1), ("Sheriff", 2), ("SWAT Team", 3)]


def test_equipment_rows_are_the_rules_special_equipment_word_for_word():
    rows = components()["equipment_tokens"]["rows"]
    got = [(r["colour"].lower(), r["weapon"], r["weapon_text"], r["trap"], r["trap_text"])
           for r in rows]  # fmt: skip
    assert got == [(e.colour, e.weapon, e.weapon_text, e.trap, e.trap_text) for e in equipment()]
    for r in rows:  # the damage figures a tracker reads are the texts' own
        assert f"deal {r['weapon_damage']} damage" in r["weapon_text"]
        assert re.search(rf"\b{r['trap_damage']} damage", r["trap_text"])
        assert r["weapon_effect"] == f"Combat: {r['weapon_damage']} damage"
        assert r["trap_effect"].startswith(f"{r['trap_damage']} damage")


def test_one_equipment_token_for_each_one_pip_piece_in_the_bag():
    """The 1-pip bag holds every colour but blue, purple, red and clear; each of the ten colours
    has 'Trios per color' trios: one 1-pip piece, so one token, per trio."""
    trios = figure(r"Trios per color: \| (\d+)")
    colours = figure(r"Number of colors: \| (\d+)")
    excluded = bag_excluded()
    assert excluded == ["blue", "purple", "red", "clear"]
    assert colours - len(excluded) == len(equipment()) == 6
    assert not set(excluded) & {e.colour for e in equipment()}
    tokens = components()["equipment_tokens"]
    assert [int(r["count"]) for r in tokens["rows"]] == [trios] * 6
    assert copies(tokens) == 18


def test_decoys_number_tokens_and_the_rest():
    players = figure(r"Players: \| (\d+)")
    each = figure(r"take around (\d+) Decoy tokens")
    kit = components()
    assert copies(kit["decoy_tokens"]) == players * each == 40
    assert copies(kit["number_tokens"]) == figure(r"Take the (\d+) paper tokens") == 25
    assert [int(r["num"]) for r in kit["number_tokens"]["rows"]] == list(range(1, 26))
    assert copies(kit["player_aid"]) == copies(kit["equipment_reference"]) == players
    assert copies(kit["cop_cards"]) == len(cops()) == 3
    assert copies(kit["thingamajig_sheet"]) == copies(kit["board"]) == 1


def test_decoys_and_traps_cannot_be_told_apart_face_down():
    kit = components()
    decoy, trap = kit["decoy_tokens"], kit["equipment_tokens"]
    assert decoy["size"] == trap["size"] and decoy["kind"] == trap["kind"]
    assert decoy["back"] == trap["back"]
    values = [v for element in trap["back"] for v in element.values() if isinstance(v, str)]
    assert not any("{" in v for v in values)  # no data field: the same back on every token
    # and the number tokens' back is another, darker one
    assert kit["number_tokens"]["back"] != trap["back"]


def test_the_cops_are_the_rules_law_enforcement():
    rows = components()["cop_cards"]["rows"]
    got = [(r["cop"], int(r["pips"]), r["piece"], int(r["speed"]), r["damage"],
            int(r["toughness"])) for r in rows]  # fmt: skip
    want = [(c.name, c.pips, f"blue {c.pips}-pip piece", c.speed, c.damage_text, c.toughness)
            for c in cops()]  # fmt: skip
    assert got == want
    assert [r["arrives"] for r in rows] == ["1st", "2nd", "3rd"]
    assert [(r["mark2"], r["mark3"]) != ("#f4f6fb", "#f4f6fb") for r in rows] == [False, True, True]


def test_the_player_aid_numbers_are_the_rules():
    aid = row("player_aid")
    want = {
        "action_points": figure(r"Spies get (\d+) action points"),
        "move": figure(r"can move (\d+) square per action point"),
        "move_loaded": figure(r"it takes (\d+) action points to move 1 square"),
        "lift": figure(r"Elevators can move up or down (\d+) floor per action point"),
        "change": figure(r"may spend (\d+) action point to change the equipment"),
        "room": figure(r"move in to the room and then expend (\d+) action point"),
        "health": figure(r"cannot have more than (\d+) health points"),
        "lives": figure(r"If your spy dies (\w+) times you lose"),
        "carry_defensive": figure(r"If you already have (\w+) pieces of defensive equipment"),
        "carry_offensive": figure(r"If you already have (\w+) pieces of offensive equipment"),
        "draw_offensive": figure(r"drawing (\d+) random pieces from the 1-pip bag"),
        "draw_defensive": figure(r"drawing (\d+) random pieces from the 2-pip bag"),
        "sword": figure(r"sword by default which deals (\d+) damage"),
    }
    assert {key: int(aid[key]) for key in want} == want
    assert int(aid["search"]) == 1  # ours: the rules give no cost (docs, "Readings and choices")
    assert "searching a room" in rules_text()  # an action the rules name without a cost


def _runs(text: str) -> list[tuple[str, str]]:
    """'A1-E1, A2-E2' -> [('A1', 'E1'), ('A2', 'E2')]."""
    return [tuple(run.split("-")) for run in text.split(", ")]


def _between(a: str, b: str) -> list[str]:
    """The rooms of a straight run a..b (same floor, or same column)."""
    (ca, fa), (cb, fb) = (a[0], int(a[1])), (b[0], int(b[1]))
    if fa == fb:
        return [f"{chr(c)}{fa}" for c in range(ord(ca), ord(cb) + 1)]
    assert ca == cb, (a, b)
    return [f"{ca}{f}" for f in range(fa, fb + 1)]


def board_graph() -> dict[str, set[str]]:
    """The moves the board's data row allows: walking, elevators, the roof elevator."""
    data = row("board")
    links: dict[str, set[str]] = {}
    for field in ("walk", "lifts"):
        for a, b in _runs(data[field]):
            rooms = _between(a, b)
            for x, y in zip(rooms, rooms[1:], strict=False):
                links.setdefault(x, set()).add(y)
                links.setdefault(y, set()).add(x)
    (roof,) = _runs(data["roof_lift"])
    links.setdefault(roof[0], set()).add(roof[1])
    links.setdefault(roof[1], set()).add(roof[0])
    return links


def test_the_board_reading_joins_every_room_and_follows_the_setup():
    data = row("board")
    rooms = {f"{c}{f}" for c in "ABCDE" for f in range(1, 6)}
    links = board_graph()
    assert set(links) == rooms | {"Helipad"}
    entrances = data["entrances"].split(", ")
    assert entrances == ["A1", "E1"]  # the two ends of the bottom row (the ground floor)
    seen, todo = set(entrances), deque(entrances)
    while todo:
        for nxt in links[todo.popleft()] - seen:
            seen.add(nxt)
            todo.append(nxt)
    assert seen == rooms | {"Helipad"}
    # elevators at either end of the building, floor by floor; no stairs elsewhere
    assert data["lifts"] == "A1-A5, E1-E5"
    for room, near in links.items():
        for other in near - {"Helipad"}:
            if room != "Helipad" and room[1] != other[1]:
                assert room[0] == other[0] and room[0] in "AE", (room, other)
    # the roof elevator: from the middle of the top floor, below the helipad
    assert "Clear 3-pip piece just above the middle square on the top" in rules_text()
    assert links["Helipad"] == {"C5"}
    # the special rooms where the setup puts their pyramids (floors counted from the bottom)
    setup = rules_text()
    assert "Light Blue 3-pip piece in the middle square on the 2nd row from the bottom" in setup
    assert "Green 3-pip piece in the middle square in the middle row" in setup
    assert "Yellow 3-pip piece from the 2nd from top row" in setup
    assert (data["defensive"], data["first_aid"], data["offensive"]) == ("C2", "C3", "C4")
