"""A day's phases: deployment, intel, and the mission phase's guesses (scoring, retreats,
activations, Deception tokens, special rules 1 and 2)."""

from __future__ import annotations

from typing import Any

from assistant.engine import Json
from assistant.games.actions import Refuse, whole
from assistant.games.spies_and_lies import abilities
from assistant.games.spies_and_lies.data import MISSIONS, SERGEANT, SIDES
from assistant.games.spies_and_lies.deploy import deployment_problem, out_of_order
from assistant.games.spies_and_lies.state import Turn, describe_agent, gain, other

SEAL_HEX = set("0123456789abcdef")


def line_of(side_state: Json) -> list[int | None]:
    """The side's ranks left to right as far as known (revealed or entered open)."""
    known: list[int | None] = [m["rank"] for m in side_state["missions"]]
    for group in side_state["groups"]:
        if group["soldiers"] is not None:
            for mission, rank in zip(group["missions"], group["soldiers"], strict=True):
                known[mission - 1] = rank
    return known


def deployed_missions(side_state: Json) -> list[int]:
    return sorted(m for group in side_state["groups"] for m in group["missions"])


def deploy(state: Json, action: Json, turn: Turn) -> None:
    side = action["side"]
    me = state["sides"][side]
    default = list(range(1, MISSIONS + 1))
    missions = action.get("missions", default)
    halves = ([1, 2], [3, 4])
    if not isinstance(missions, list) or (missions != default and missions not in halves):
        raise Refuse(
            "Deployment",
            "missions: expected [1, 2, 3, 4] or, in team play, [1, 2] or [3, 4]"
            f" (got {missions!r})",
        )
    turn.rule(
        state["teams"] or missions == default,
        "Deployment",
        "one player deploys all four missions (team play splits them 1-2 and 3-4)",
    )
    taken = set(deployed_missions(me))
    if taken & set(missions):
        raise Refuse("Deployment", f"{side} has already deployed on missions {sorted(taken)}")
    soldiers, sealed = action.get("soldiers"), action.get("seal")
    if soldiers is not None and sealed is not None:
        raise Refuse("Deployment", "give soldiers (open) or a seal (hidden), not both")
    if sealed is not None and (
        not isinstance(sealed, str) or len(sealed) != 64 or set(sealed) - SEAL_HEX
    ):
        raise Refuse(
            "Deployment", "seal: expected 64 lowercase hex digits (SHA-256 of 'salt:ranks')"
        )
    if soldiers is not None:
        if not isinstance(soldiers, list) or not all(whole(r) for r in soldiers):
            raise Refuse("Deployment", f"soldiers: expected a list of ranks (got {soldiers!r})")
        if len(soldiers) != len(missions):
            raise Refuse("Deployment", f"soldiers: {len(missions)} ranks, one per mission")
        if not all(rank in turn.data.titles for rank in soldiers):
            raise Refuse("Deployment", f"soldiers: ranks are 1 to 10 (got {soldiers!r})")
        line = line_of(me)
        for mission, rank in zip(missions, soldiers, strict=True):
            line[mission - 1] = rank
        known = [r for r in line if r is not None]
        problem = deployment_problem(known, state["exhausted"][side], turn.data, size=len(known))
        if problem is not None:
            turn.rule(False, "Deployment", problem)
    mode = "open" if soldiers is not None else "sealed" if sealed is not None else "hidden"
    me["groups"].append(
        {
            "missions": missions,
            "mode": mode,
            "soldiers": soldiers,
            "seal": sealed,
            "checked": mode != "sealed",
        }
    )
    what = {"open": "face down (entered)", "sealed": "sealed", "hidden": "face down"}[mode]
    turn.note(f"{side} deploys missions {missions[0]}-{missions[-1]} {what}")
    if all(len(deployed_missions(state["sides"][s])) == MISSIONS for s in SIDES):
        state["phase"] = "intel"


def intel(state: Json, action: Json, turn: Turn) -> None:
    card = action.get("card")
    if not whole(card) or card not in turn.data.intel:
        known = ", ".join(str(c) for c in sorted(turn.data.intel))
        raise Refuse("Intel", f"there is no intel card {card!r} (cards: {known})")
    turn.rule(
        card not in state["intel"]["old"], "Intel", f"intel card {card} is in the old intel pile"
    )
    state["intel"]["current"] = card
    state["phase"] = "tokens"
    ranks = ", ".join(str(r) for r in turn.data.intel[card])
    turn.note(f"intel card {card} shows {ranks}")


def tokens(state: Json, action: Json, turn: Turn) -> None:
    side, missions = action["side"], action.get("missions")
    me = state["sides"][side]
    if not isinstance(missions, list) or not all(m in range(1, MISSIONS + 1) for m in missions):
        raise Refuse(
            "Intel", f"missions: expected a list of missions 1-4 with a token (got {missions!r})"
        )
    if state["turn"] > 0 or state["pending"] is not None:
        raise Refuse("Intel", "Intel tokens are placed before the first guess of the day")
    turn.rule(not me["tokens_placed"], "Intel", f"{side} has placed its Intel tokens this day")
    for index, card in enumerate(me["missions"]):
        card["token"] = index + 1 in missions
    me["tokens_placed"] = True
    listed = ", ".join(str(m) for m in sorted(set(missions))) or "none"
    turn.note(f"{side} places Intel tokens on missions: {listed}")
    if all(state["sides"][s]["tokens_placed"] for s in SIDES):
        state["phase"] = "missions"


def expected(state: Json) -> tuple[str, int]:
    """(guesser, mission of the other side) for the next guess: the first still face down in turn
    order (the starter on mission 1, the other player on mission 1, then mission 2, ...)."""
    starter = state["starter"]
    for t in range(2 * MISSIONS):
        guesser = starter if t % 2 == 0 else other(starter)
        mission = t // 2 + 1
        if state["sides"][other(guesser)]["missions"][mission - 1]["state"] == "down":
            return guesser, mission
    return starter, MISSIONS


def deceive(state: Json, action: Json, turn: Turn) -> None:
    side = action["side"]
    mission: Any = action.get("mission")  # checked below
    guesser, target = expected(state)
    turn.rule(
        side == other(guesser) and mission == target,
        "Deception",
        f"a token goes on the soldier about to be guessed: {other(guesser)}'s mission {target}",
    )
    if mission not in range(1, MISSIONS + 1):
        raise Refuse("Deception", f"mission: expected 1-4 (got {mission!r})")
    card = state["sides"][side]["missions"][mission - 1]
    if card["deception"] or card["state"] != "down":
        raise Refuse("Deception", f"{side}'s mission {mission} already has a token or is revealed")
    turn.rule(state["deception"][side] > 0, "Deception", f"{side} holds no Deception token")
    state["deception"][side] = max(0, state["deception"][side] - 1)
    card["deception"] = True
    turn.note(f"{side} plays a Deception token on mission {mission}")


def _revealed_rank(state: Json, side: str, mission: int, action: Json, turn: Turn) -> int:
    me = state["sides"][side]
    entered = line_of(me)[mission - 1]
    shown = action.get("reveal")
    if shown is None and entered is not None:  # a card the tracker knows: turned up from it
        rank = entered
    else:
        if not whole(shown) or shown not in turn.data.titles:
            raise Refuse("Reveal", f"reveal: expected a rank 1-10 (got {shown!r})")
        if entered is not None and shown != entered:
            name = turn.data.name(entered)
            raise Refuse(
                "Reveal", f"{side} deployed the {name} on mission {mission}, not rank {shown}"
            )
        rank = shown
    others = [m["rank"] for i, m in enumerate(me["missions"]) if i != mission - 1]
    turn.rule(
        rank not in others,
        "Deployment",
        f"{side}'s {turn.data.name(rank)} is already on another mission",
    )
    turn.rule(
        rank not in state["exhausted"][side],
        "Deployment",
        f"{side}'s {turn.data.name(rank)} is exhausted this day and cannot be on a mission",
    )
    return rank


def guess(state: Json, action: Json, turn: Turn) -> None:
    side = action["side"]
    mission: Any = action.get("mission")  # checked below, and so is the guessed rank
    guessed: Any = action.get("rank")
    enemy = other(side)
    want_side, want_mission = expected(state)
    if mission not in range(1, MISSIONS + 1):
        raise Refuse("Mission", f"mission: expected 1-4 (got {mission!r})")
    turn.rule(
        side == want_side and mission == want_mission,
        "Mission",
        f"it is {want_side}'s turn to identify {other(want_side)}'s mission {want_mission}",
    )
    target = state["sides"][enemy]
    card = target["missions"][mission - 1]
    if card["state"] != "down":
        raise Refuse("Mission", f"{enemy}'s mission {mission} is already revealed")
    exposed = target["exposed"]
    data, house = turn.data, turn.data.house
    # An exposed side's Sergeant counts as identified (house rule), or else a rank is named while
    # he may still be on this card: he is neither revealed nor exhausted (what the guesser knows).
    sergeant_counts = house["exposed_sergeant_counts_as_identified"]
    sergeant_out = SERGEANT in state["exhausted"][enemy] or any(
        m["rank"] == SERGEANT for m in target["missions"]
    )
    if guessed is not None and (not whole(guessed) or guessed not in data.titles):
        raise Refuse("Mission", f"rank: expected the guessed rank 1-10 (got {guessed!r})")
    if guessed is None and not exposed:
        raise Refuse("Mission", f"{side} names a rank for {enemy}'s mission {mission} (rank: 1-10)")
    if guessed is None and not (sergeant_counts or sergeant_out):
        raise Refuse(
            "Mission",
            f"{side} names a rank for {enemy}'s mission {mission} (rank: 1-10): {enemy}'s"
            " Sergeant may be there and does not count as identified (special rule 2, house rule"
            " exposed_sergeant_counts_as_identified)",
        )
    if action.get("reveal") is None and line_of(target)[mission - 1] is None:
        # The tracker does not know the card: its owner turns it up (`reveal`), as at the table.
        state["awaiting"] = {"side": enemy, "mission": mission, "guesser": side, "rank": guessed}
        said = f"guesses {data.titles[guessed]} on" if guessed is not None else "identifies"
        turn.note(f"{side} {said} {enemy} mission {mission}: {enemy} turns the card up")
        return
    resolve(state, side, mission, guessed, action.get("reveal"), turn)


def reveal(state: Json, action: Json, turn: Turn) -> None:
    """The defender turns up the card a guess named: the guess is scored as if entered whole."""
    awaiting = state["awaiting"]
    side = action.get("side")
    if side is None or action.get("rank") is None:  # parameters checked here, not as a KeyError
        raise Refuse("action", "reveal needs side=... and rank=... (the rank on the card)")
    if awaiting is None:
        raise Refuse("Reveal", "no guess is waiting for a card to be turned up")
    turn.rule(
        side == awaiting["side"],
        "Reveal",
        f"{awaiting['side']} turns up its own mission {awaiting['mission']}",
    )
    state["awaiting"] = None
    resolve(state, awaiting["guesser"], awaiting["mission"], awaiting["rank"], action["rank"], turn)


def resolve(state: Json, side: str, mission: int, guessed: Any, shown: Any, turn: Turn) -> None:
    """A guess with its card turned up (`shown`: the rank turned up; None: the rank entered)."""
    enemy = other(side)
    target = state["sides"][enemy]
    card = target["missions"][mission - 1]
    exposed = target["exposed"]
    data, house = turn.data, turn.data.house
    sergeant_counts = house["exposed_sergeant_counts_as_identified"]
    rank = _revealed_rank(state, enemy, mission, {"reveal": shown}, turn)
    card["rank"], card["guess"] = rank, guessed
    said = f"guesses {data.titles[guessed]} on" if guessed is not None else "reveals"
    who = f"{side} ({'1-2' if mission <= 2 else '3-4'})" if state["teams"] else side
    turn.note(f"{who} {said} {enemy} mission {mission}: it is the {data.name(rank)}")
    counted = None
    if exposed and (rank != SERGEANT or sergeant_counts):
        counted = "it counts as identified (special rule 2)"
    elif exposed:
        turn.note("the Sergeant is excluded from special rule 2: the guess counts")
    elif out_of_order([m["rank"] for m in target["missions"]], mission - 1):
        counted = "incorrect order (special rule 2)"
        undo = target["da_moved"]
        wall = data.wall
        state["double_agent"] = max(-wall, min(wall, state["double_agent"] - undo))
        target["da_moved"] = 0
        target["exposed"] = True
        state["infiltration"][enemy] = 0
        where = describe_agent(state["double_agent"], data)
        counted += (
            f": {enemy}'s Double Agent moves this round undone (now {where}), {enemy} back to 0,"
            " its cards count as identified"
        )
    elif card["token"] is not None and rank != SERGEANT and state["intel"]["current"]:
        shown = rank in data.intel[state["intel"]["current"]]
        if shown != card["token"]:
            counted = "incorrect intel (special rule 1): it counts as identified"
    correct = counted is not None or guessed == rank
    effects = state["sides"][side]["effects"]
    bomb = effects["bomb"]
    effects["bomb"] = False
    why_retreat = None
    if counted is not None:
        turn.note(counted)
    if bomb:
        why_retreat = f"{side}'s Bomb"
        if correct and (counted is None or house["bomb_double_damage_on_counted_identifications"]):
            state["sides"][side]["double_damage"] = True
            turn.note(f"{side}'s Bomb: double damage, {enemy} exhausts two soldiers next day")
    elif effects["spy"] and rank == 10:
        why_retreat = f"{side}'s Spy finds the Marshal"
    elif effects["miner"] and rank == 7:
        why_retreat = f"{side}'s Miner finds the Bomb"
    if correct:
        bonus = effects["scout"] and (
            counted is None or house["scout_bonus_on_counted_identifications"]
        )
        points = 4 if bonus else 2
        turn.note(
            ("correct" if counted is None else "identified") + f": {side} +{points}, it retreats"
        )
        card["state"] = "retreated"
        gain(state, side, points, turn)
    elif why_retreat is not None:
        turn.note(f"wrong, but {why_retreat}: it retreats")
        card["state"] = "retreated"
    else:
        turn.note("wrong")
        card["state"] = "activated"
    if state["claim"] is not None:
        return
    deception = card["deception"]
    if deception:
        pays = not correct and (
            card["state"] == "activated" or not house["deception_needs_activation"]
        )
        if not pays:
            turn.note("the Deception token has no effect")
        deception = pays
    if card["state"] == "activated":
        abilities.activate(state, enemy, rank, turn, deception=deception)
        if state["pending"] is not None or state["claim"] is not None:
            return
    finish(state, turn, enemy if deception else None)


def finish(state: Json, turn: Turn, deceiver: str | None) -> None:
    """After a reveal and its activation: the Deception bonus, then the next turn."""
    if deceiver is not None and state["claim"] is None:
        turn.note(f"{deceiver}'s Deception token: +4")
        gain(state, deceiver, 4, turn)
    if state["claim"] is not None:
        return
    state["turn"] += 1
    cards = [card for side in SIDES for card in state["sides"][side]["missions"]]
    if all(card["state"] != "down" for card in cards):
        state["phase"] = "day_end"
        turn.note(f"every soldier is revealed: day {state['day']} is over")


def choose(state: Json, action: Json, turn: Turn) -> None:
    pending = state["pending"]
    deception = abilities.choose(state, action, turn)
    if state["pending"] is None and state["claim"] is None:
        finish(state, turn, pending["side"] if deception else None)
