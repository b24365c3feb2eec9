"""The cops: when each arrives, how each moves (checked against a breadth-first search written
here), their combat tables and toughness, their healing, their return, the pieces they carry.
Each test quotes the rules text."""

from __future__ import annotations

from collections import deque

from hypothesis import given, settings
from hypothesis import strategies as st
from svs_table import GAME, KIT, rule, started

from assistant.engine import Refusal

# ---- the building, as this test reads the kit's legend ------------------------------------------
# "Walk through a door to the next room on the same floor ... Elevators A1-A5, E1-E5: up or down
# one floor ... Entrances: the street doors of A1, E1." Cops never take the roof elevator.
COLUMNS, FLOORS = "ABCDE", range(1, 6)
ROOMS = [f"{c}{f}" for c in COLUMNS for f in FLOORS]
STREET = ["A0", "E0"]


def neighbours(node: str) -> list[str]:
    col, fl = COLUMNS.index(node[0]), int(node[1])
    out = []
    if fl == 0:
        return [f"{node[0]}1"]
    for dc in (-1, 1):
        if 0 <= col + dc < len(COLUMNS):
            out.append(f"{COLUMNS[col + dc]}{fl}")
    if node[0] in "AE":
        out += [f"{node[0]}{f}" for f in (fl - 1, fl + 1) if 1 <= f <= 5]
    if node in ("A1", "E1"):
        out.append(f"{node[0]}0")
    return sorted(out)


def bfs(start: str) -> dict[str, int]:
    dist = {start: 0}
    queue = deque([start])
    while queue:
        node = queue.popleft()
        for other in neighbours(node):
            if other not in dist:
                dist[other] = dist[node] + 1
                queue.append(other)
    return dist


def expected_move(spies: dict[str, str], shown: dict[str, int], cop: str, speed: int):
    """(target, path) by the rules as this test reads them, our ties included."""
    from_cop = bfs(cop)
    pool = [s for s in ("black", "white") if shown[s] > 0] or ["black", "white"]
    target = min(pool, key=lambda s: (from_cop[spies[s]], -shown[s], s != "black"))
    to_target = bfs(spies[target])
    path, here = [], cop
    while here != spies[target] and len(path) < speed:
        step = next(n for n in neighbours(here) if to_target[n] == to_target[here] - 1)
        if step in STREET:
            break
        path.append(step)
        here = step
        if step in spies.values():
            break
    return target, path


def cops_turn(t, cop: str = "deputy"):
    """The cops' turn with `cop` on the board, the other cops dead (not back yet)."""
    for other in t.state["cops"]:
        if other["cop"] != cop:
            other.update(status="dead", killed=t.state["turn_no"])
    t.state.update(turn="cops", phase="cops", cops_moved=False, ap_left=0)


@settings(max_examples=300, deadline=None)
@given(
    st.permutations(ROOMS + STREET),
    st.integers(0, 2),
    st.integers(0, 2),
    st.sampled_from(["deputy", "sheriff", "swat"]),
)
def test_each_cop_moves_at_his_speed_toward_the_nearest_spy_with_pieces(order, b, w, cop):
    rule(
        "All cops currently on the board will move at their best speed towards the closest spy"
        " carrying a piece of the Thingamajig (counting the number of legal-move squares to each"
        " spy)."
    )
    rule(
        "If neither spy has any pieces of the Thingamajig then the cops will each purse whichever"
        " spy is closest to them."
    )
    black, white = order[0], order[1]
    start = next(n for n in order[2:] if n in ROOMS)
    t = started()
    t.put("black", black)
    t.put("white", white)
    t.put(cop, start)
    t.state["pieces"].update(black=b, white=w)
    cops_turn(t, cop)
    speed = KIT.cop(cop).speed
    target, path = expected_move(
        {"black": black, "white": white}, {"black": b, "white": w}, start, speed
    )
    plan = t.view["cops_next"]
    assert [p["path"] for p in plan] == [path]
    assert plan[0]["why"].startswith(f"toward {target}")
    t.do("cops")
    end = path[-1] if path else start
    assert t.view["cops"][[c["cop"] for c in t.view["cops"]].index(cop)]["at"] == end
    caught = [s for s, at in (("black", black), ("white", white)) if at == end]
    fights = [{"attacker": cop, "defender": s, "room": end, "exchanges": 0} for s in caught]
    assert t.view["fights"] == fights


def test_the_cops_pursue_a_spy_who_hid_his_pieces_as_if_he_had_them():
    rule(
        "If a spy had pieces of the Thingamajig but he stashed the pieces in a room to hide them"
        " and doesn’t actually have any pieces the cops will still pursue him as if he had it."
    )
    t = started()
    t.put("black", "E5")
    t.put("white", "B1")
    t.put("deputy", "C1")
    t.state["pieces"]["black"] = 1  # he shows a red pyramid
    t.secret["pieces"][0]["at"] = "hidden:D5:black"
    cops_turn(t)
    t.do("cops")
    assert t.last.startswith(
        "the Deputy moves C1 -> D1, toward black, who shows 1 piece (now 5 moves away)"
    )


def test_show_says_where_each_cop_goes_and_why():
    t = started()
    t.put("black", "C3")
    t.put("white", "E1")
    t.put("sheriff", "A3")
    t.state["pieces"]["black"] = 2
    text = GAME.render(t.state)
    assert (
        "  next cops' turn: the Sheriff A3 -> C3, toward black, who shows 2 pieces (2 moves away)"
        in text
    )
    assert t.view["cops_next"] == [
        {
            "cop": "sheriff",
            "from": "A3",
            "path": ["B3", "C3"],
            "to": "C3",
            "why": "toward black, who shows 2 pieces (2 moves away)",
        }
    ]


def test_the_deputy_arrives_after_both_spies_took_their_turn_at_a_random_entrance():
    rule(
        "When the first piece of the Thingamajig is found place the Blue 1-pip piece next to one"
        " of the ground floor entrances (choose at random) after both spies have taken their turn."
    )
    rule(
        "Once a cop is on the board, when both spies have taken their turn a new turn is now added"
        " to the round of play which will be for the cops."
    )
    t = started()
    t.do("move", spy="black", to="A1")
    t.do("search", spy="black", number=4)
    assert "black finds 1 piece of the Thingamajig" in t.last
    assert t.view["cops_arriving"] == ["deputy"]
    t.do("end", spy="white")
    assert t.last == "white ends his turn (2 action points lost); then the cops' turn"
    action = t.do("cops")
    assert action["arrive"]["deputy"] in ("A0", "E0") and "seed" in action
    assert t.last.startswith(f"the alarm: the Deputy arrives at {action['arrive']['deputy']}")
    assert (t.view["round"], t.view["turn"]) == (2, "black") or t.view["phase"] == "fight"


def test_no_cops_turn_before_a_piece_is_found():
    rule(
        "Initially at the start of the game a round of play is comprised of each spy taking 1 turn."
    )
    t = started()
    t.do("end", spy="black")
    t.do("end", spy="white")
    assert (t.view["round"], t.view["turn"]) == (2, "black")
    assert t.last.endswith("round 2; then black's turn")


def test_the_sheriff_comes_with_the_second_piece_swat_with_the_third():
    rule(
        "On the turn when the 2nd Thingamajig piece is found place the Blue 2-pip piece next to"
        " one of the ground floor entrances"
    )
    rule("When the 3rd Thingamajig piece is found place the Blue 3-pip piece")
    t = started()
    t.state["found"] = 3
    cops_turn(t, "none")
    for cop in t.state["cops"]:
        cop.update(status="waiting", killed=None)
    assert t.refused("cops", arrive={"deputy": "A0"}) == Refusal(
        "Cops",
        "the Sheriff arrives at a ground floor entrance chosen at random: give"
        " arrive={sheriff: A0} (or let the tracker draw it)",
    )
    t.do("cops", arrive={"deputy": "A0", "sheriff": "E0", "swat": "E0"})
    assert [c["at"] for c in t.view["cops"]] != [None, None, None]
    assert [c["status"] for c in t.view["cops"]] == ["on", "on", "on"]


def cop_fight(cop: str, health: int = 8):
    """The cop walks in on black in B1."""
    t = started()
    t.put("black", "B1")
    t.put("white", "E5")
    t.put(cop, "A1")
    t.state["health"]["black"] = health
    cops_turn(t, cop)
    t.do("cops")
    assert t.view["fights"][0]["attacker"] == cop
    return t


def test_the_deputy_deals_one_no_defence_helps_one_damage_kills_him():
    rule(
        "Blue 1-pip: The deputy. He moves 1 square per turn. When in combat he will deal 1 damage"
        " to the opposing spy (no defensive equipment works against this damage). 1 damage to"
        " this piece kills it."
    )
    t = cop_fight("deputy")
    action = t.do("exchange", black="sword")
    assert "rolls" not in action
    assert "the Deputy deals 1 damage" in t.last
    assert "the Deputy is killed in B1" in t.last
    assert t.view["health"]["black"] == 7


def test_the_sheriff_rolls_for_one_or_two_two_damage_kill_him():
    rule(
        "Blue 2-pip: The Sheriff. He moves 2 squares per turn. When in combat roll one 6-sided"
        " dice. On a 1-3 he will deal 1 damage to the opposing spy. On a 4-6 he deals 2 damage"
        " (no defensive equipment works against this damage). 2 damage to this piece kills it."
    )
    t = cop_fight("sheriff")
    t.do("exchange", black="sword", rolls={"sheriff": 3})
    assert "the Sheriff rolls 3 and deals 1 damage" in t.last
    assert "the Sheriff takes 1 damage (1 of the 2 that kill him)" in t.last
    t.do("exchange", rolls={"sheriff": 4})
    assert "the Sheriff rolls 4 and deals 2 damage" in t.last
    assert "the Sheriff is killed in B1" in t.last
    assert t.view["health"]["black"] == 5


def test_swat_rolls_for_one_two_or_three_and_takes_two_exchanges():
    rule(
        "On a 1-2 he will deal 1 damage to the opposing spy. On a 3-4 he deals 2 damage. On a 5-6"
        " he deals 3 damage (no defensive equipment works against this damage)! 3 damage to this"
        " piece kills it. Note: This means that you can’t kill the SWAT Team in one combat, it"
        " will be necessary to fight in two or more consecutive rounds of combat."
    )
    t = cop_fight("swat")
    t.arsenal("black")["weapon"] = "orange"
    t.do("exchange", black="weapon", rolls={"swat": 5})
    assert "black's Flamethrower (orange) hits the SWAT Team" in t.last
    assert "the SWAT Team rolls 5 and deals 3 damage" in t.last
    assert (
        "the SWAT Team takes 2 damage (2 of the 3 that kill him)" in t.last
        and "killed" not in t.last
    )
    t.do("exchange", rolls={"swat": 2})
    assert "the SWAT Team is killed in B1" in t.last
    assert t.view["health"]["black"] == 4


def test_cops_never_retreat():
    rule("Cops never attempt to retreat from combat.")
    t = cop_fight("sheriff")
    t.do("exchange", black="sword", rolls={"sheriff": 1})
    assert t.refused("run", spy="sheriff", to="C1") == Refusal(
        "Combat", "Cops never attempt to retreat from combat"
    )


def test_breaking_off_heals_the_sheriff():
    rule(
        "If a spy breaks off an attack against the Sheriff before killing it then all damage dealt"
        " to the Sheriff is healed"
    )
    t = cop_fight("sheriff")
    t.do("exchange", black="sword", rolls={"sheriff": 1})
    t.do("run", spy="black", to="C1")
    assert t.last.startswith("black runs from B1 to C1 (a free move); the Sheriff's damage heals")
    assert t.view["cops"][1]["damage"] == 0


def test_a_killed_cop_comes_back_at_the_end_of_the_next_turn():
    rule("Any cops who are killed come back at the end of next turn.")
    t = started()
    t.put("black", "A2")
    t.put("white", "E5")
    t.put("deputy", "A1")
    t.turn_of("black")
    t.do("move", spy="black", to="A1")
    t.do("exchange", black="sword")
    assert "the Deputy is killed in A1" in t.last
    assert t.view["cops_arriving"] == []  # not at the end of this turn
    t.do("end", spy="black")  # white's turn is the next turn: he is back at its end
    assert t.view["cops_arriving"] == ["deputy"]
    t.do("end", spy="white")
    assert t.view["turn"] == "cops" and t.view["cops_arriving"] == ["deputy"]
    t.do("cops", arrive={"deputy": "E0"})
    assert t.last.startswith("the Deputy comes back at E0; the Deputy moves E0 -> E1")


def test_a_cop_who_kills_a_spy_picks_up_his_pieces():
    rule("If a cop kills a spy with any Thingamajig pieces he immediately picks them up.")
    t = cop_fight("sheriff", health=1)
    t.give_pieces("black", [4, 19])
    t.do("exchange", black="sword", rolls={"sheriff": 2})
    assert "black dies in B1 (2 lives left); the Sheriff picks up 2 pieces" in t.last
    assert t.view["cops"][1]["carrying"] == 2 and t.view["pieces"]["black"] == 0
    t.do("restart", spy="black", at="A0")
    assert t.last == "black re-enters at A0 with 8 health; round 2; then black's turn"


def test_cops_with_all_three_pieces_meet_then_leave_with_the_thingamajig():
    rule(
        "If the cops currently carry all three pieces of the Thingamajig, the cops carrying pieces"
        " of it will immediately start moving towards each other at their best speed until they"
        " move in to the same square at which point they will combine the Thingamajig pieces and"
        " the largest cop will continue to carry the piece."
    )
    rule(
        "If one cop has all three pieces of the Thingamajig then he will suffer the same"
        " restriction of needing to spend 2 action points to move 1 square."
    )
    t = started()
    t.put("black", "E5")
    t.put("white", "D5")
    t.put("deputy", "B1")
    t.put("sheriff", "B3")
    t.secret["pieces"][0]["at"] = "cop:deputy"
    t.secret["pieces"][1]["at"] = "cop:sheriff"
    t.secret["pieces"][2]["at"] = "cop:sheriff"
    t.state.update(turn="cops", phase="cops", cops_moved=False, found=3)
    t.state["cops"][2].update(status="dead", killed=t.state["turn_no"])
    t.do("cops")
    assert "the Deputy moves B1 -> A1, to meet the Sheriff" in t.last
    assert "the Sheriff moves B3 -> A3 -> A2, to meet the Deputy" in t.last
    t.state.update(turn="cops", phase="cops", cops_moved=False)
    t.do("cops")
    assert "the cops put the Thingamajig together: the Sheriff carries it" in t.last
    t.state.update(turn="cops", phase="cops", cops_moved=False)
    t.do("cops")
    assert "the Sheriff moves A1 -> A0, to the street at A0 with the Thingamajig" in t.last
    assert t.view["winner"] == "cops"


def test_the_board_says_a_found_piece_brings_the_deputy_in_the_cops_turn():
    """Issue 23, item 13: once the 1st piece is found, the Deputy no longer 'arrives when the 1st
    piece is found': he arrives in the cops' turn."""
    t = started()
    assert "Deputy: arrives when the 1st piece is found" in GAME.render(t.state)
    t.do("move", spy="black", to="A1")
    t.do("search", spy="black", number=4)
    board = GAME.render(t.state)
    assert "Deputy: the 1st piece is found, he arrives in the cops' turn" in board
    assert "arrives when the 1st piece is found" not in board


# ---- pinned where a mutation run of cops.py found them loose (issue 23) ----------------------


def test_once_a_cop_carries_the_thingamajig_out_the_other_cops_do_not_move():
    """The game is over when the Sheriff leaves with the Thingamajig: the SWAT Team, who moves
    after him, stays where he is and attacks no one."""
    t = started()
    t.put("black", "E5")
    t.put("white", "D3")
    t.put("sheriff", "A1")
    t.put("swat", "B3")
    for record in t.secret["pieces"]:
        record["at"] = "cop:sheriff"
    t.state.update(turn="cops", phase="cops", cops_moved=False, found=3)
    t.state["cops"][0].update(status="dead", killed=t.state["turn_no"])
    t.do("cops")
    assert t.last == (
        "the Sheriff moves A1 -> A0, to the street at A0 with the Thingamajig;"
        " the Sheriff carries the Thingamajig out of the building: the cops win, both spies lose"
    )
    assert t.view["winner"] == "cops"
    assert [c["at"] for c in t.state["cops"]][1:] == ["A0", "B3"]
    assert t.view["fights"] == []


def test_cops_who_meet_do_not_pool_pieces_while_a_spy_still_holds_one():
    """The cops combine the Thingamajig only when they carry all three pieces: with one still on
    black, the Deputy and the Sheriff meeting in C3 each keep their own piece."""
    t = started()
    t.put("black", "E3")
    t.put("white", "A5")
    t.put("deputy", "B3")
    t.put("sheriff", "C3")
    t.give_pieces("black", [19])
    t.secret["pieces"][0]["at"] = "cop:deputy"
    t.secret["pieces"][1]["at"] = "cop:sheriff"
    t.state.update(turn="cops", phase="cops", cops_moved=False, found=3)
    t.state["cops"][2].update(status="dead", killed=t.state["turn_no"])
    t.do("cops")
    assert "together" not in t.last
    assert t.last.startswith(
        "the Deputy moves B3 -> C3, toward black, who shows 1 piece (now 2 moves away);"
        " the Sheriff moves C3 -> D3 -> E3, toward black, who shows 1 piece (now in his room)"
    )
    assert [c["carrying"] for c in t.view["cops"][:2]] == [1, 1]


def test_the_log_gives_the_distance_after_the_move_and_the_plan_the_distance_now():
    """Issue 23, item 15: 'Deputy moves A1 -> B1 (3 moves away)' gave the distance before."""
    t = started()
    t.put("black", "E1")
    t.put("white", "A5")
    t.put("deputy", "A1")
    t.state["pieces"]["black"] = 1
    cops_turn(t)
    assert t.view["cops_next"][0]["why"] == "toward black, who shows 1 piece (4 moves away)"
    t.do("cops")
    assert t.last.startswith(
        "the Deputy moves A1 -> B1, toward black, who shows 1 piece (now 3 moves away)"
    )
    t.state.update(pieces={"black": 0, "white": 0}, turn="cops", phase="cops", cops_moved=False)
    t.do("cops")
    assert t.last.startswith(
        "the Deputy moves B1 -> C1, toward black, the nearest spy (now 2 moves away;"
        " no spy shows a piece)"
    )
