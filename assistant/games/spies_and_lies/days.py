"""Setup, the end of a day, the deployment audit and winning."""

from __future__ import annotations

from assistant.engine import Json
from assistant.games.actions import Refuse, whole
from assistant.games.spies_and_lies.data import DAYS, MISSIONS, SIDES
from assistant.games.spies_and_lies.deploy import deployment_problem, seal
from assistant.games.spies_and_lies.missions import line_of
from assistant.games.spies_and_lies.state import Turn, new_side, other


def setup(state: Json, action: Json, turn: Turn) -> None:
    """The chance results of the set up: the first old intel card and each side's exhausted
    soldier (picked at random by the opponent)."""
    card, exhausted = action.get("old_intel"), action.get("exhausted")
    if not whole(card) or card not in turn.data.intel:
        raise Refuse("Setup", f"old_intel: expected an intel card number (got {card!r})")
    if not isinstance(exhausted, dict) or set(exhausted) != set(SIDES):
        raise Refuse("Setup", "exhausted: expected {red: rank, blue: rank}")
    for side in SIDES:
        rank = exhausted[side]
        if not whole(rank) or rank not in turn.data.titles:
            raise Refuse("Setup", f"exhausted.{side}: expected a rank 1-10 (got {rank!r})")
        state["exhausted"][side] = [rank]
    state["intel"]["old"] = [card]
    state["phase"] = "deploy"
    red, blue = (turn.data.name(exhausted[s]) for s in SIDES)
    turn.note(f"set up: old intel card {card}; exhausted: red's {red}, blue's {blue}")


def first(state: Json, action: Json, turn: Turn) -> None:
    side = action["side"]
    if state["day"] != 1 or state["turn"] > 0:
        raise Refuse("Starting player", "the card is flipped once, before the first guess of day 1")
    state["first"] = state["starter"] = side
    turn.note(f"{side} starts day 1")


def unchecked(state: Json) -> list[str]:
    """Sides with a sealed deployment not yet checked this day."""
    return [
        side
        for side in SIDES
        if any(not group["checked"] for group in state["sides"][side]["groups"])
    ]


def audit(state: Json, action: Json, turn: Turn) -> None:
    """Reveal a side's deployment: check it against its seal(s) and, after a flag win, against
    the deployment rules ("reveal all your remaining cards ...")."""
    side = action["side"]
    me = state["sides"][side]
    line = line_of(me)
    given = action.get("soldiers")
    if given is not None:
        if (
            not isinstance(given, list)
            or len(given) != MISSIONS
            or not all(whole(r) and r in turn.data.titles for r in given)
        ):
            raise Refuse("Audit", f"soldiers: expected {MISSIONS} ranks, mission 1 to 4")
        for index, (known, rank) in enumerate(zip(line, given, strict=True)):
            if known is not None and known != rank:
                name = turn.data.name(known)
                raise Refuse(
                    "Audit", f"{side}'s mission {index + 1} holds the {name}, not rank {rank}"
                )
        line = list(given)
    sealed = [group for group in me["groups"] if group["mode"] == "sealed"]
    if not sealed and state["claim"] != side:
        raise Refuse("Audit", f"{side} has no sealed deployment to check and no flag to confirm")
    salts = action.get("salt")
    salts = [salts] if isinstance(salts, str) else salts
    if not isinstance(salts, list | None) or not all(isinstance(s, str) for s in salts or []):
        raise Refuse("Audit", "salt: expected text (quote a salt of digits: salt=\"'1234'\")")
    if sealed:
        if not isinstance(salts, list) or len(salts) != len(sealed):
            why = f"salt: {side} sealed {len(sealed)} deployment(s); give each salt"
            raise Refuse("Audit", why)
        for group, salt in zip(sealed, salts, strict=True):
            ranks = [line[m - 1] for m in group["missions"]]
            if None in ranks:
                raise Refuse("Audit", f"soldiers: give {side}'s {MISSIONS} ranks to check the seal")
            if seal(salt, ranks) != group["seal"]:
                turn.rule(False, "Audit", f"the salt and soldiers do not match {side}'s seal")
            group["checked"] = True
            group["soldiers"] = ranks
        turn.note(f"{side}'s seal checks out")
    if state["claim"] == side:
        if None in line:
            raise Refuse("Audit", f"soldiers: {side} reveals all {MISSIONS} soldiers")
        for group in me["groups"]:
            if group["soldiers"] is None:
                group["soldiers"] = [line[m - 1] for m in group["missions"]]
        settle_claim(state, turn)


def settle_claim(state: Json, turn: Turn) -> None:
    """A side took the flag: once its whole deployment is known (and its seals checked), the
    deployment audit confirms the win or hands it to the opponent."""
    side = state["claim"]
    state["phase"] = "audit"
    line = line_of(state["sides"][side])
    known = [rank for rank in line if rank is not None]
    if len(known) < len(line) or side in unchecked(state):
        return
    problem = deployment_problem(known, state["exhausted"][side], turn.data)
    if problem is None:
        end(state, side, f"{side} takes {other(side)}'s flag; the deployment audit is clean")
    else:
        end(
            state,
            other(side),
            f"{side} took the flag but its deployment fails ({problem}): the win is cancelled",
        )
    turn.note(state["result"])


def end(state: Json, winner: str, why: str) -> None:
    state["winner"], state["result"], state["phase"] = winner, why, "over"


def end_day(state: Json, action: Json, turn: Turn) -> None:
    """Exhaust one deployed soldier per side (two after the enemy's Bomb's double damage), return
    the previous ones, old intel, next day, the other player starts."""
    if state["day"] >= DAYS:
        sides = " and ".join(unchecked(state)) or "each side"
        raise Refuse(
            "End of day",
            f"day {DAYS} is the last: the game is scored once {sides}'s sealed deployment is"
            " checked (audit with the salt)",
        )
    turn.rule(
        not unchecked(state),
        "End of day",
        f"{' and '.join(unchecked(state))}'s sealed deployment is not checked"
        " (audit with the salt)",
    )
    picks = action.get("exhausted")
    if not isinstance(picks, dict) or set(picks) != set(SIDES):
        raise Refuse("End of day", "exhausted: expected {red: [ranks], blue: [ranks]}")
    chosen: dict[str, list[int]] = {}
    for side in SIDES:
        ranks = picks[side]
        ranks = [ranks] if whole(ranks) else ranks
        if not isinstance(ranks, list) or not all(
            whole(r) and r in turn.data.titles for r in ranks
        ):
            raise Refuse("End of day", f"exhausted.{side}: expected a list of ranks 1-10")
        count = 2 if state["sides"][other(side)]["double_damage"] else 1
        why = " (double damage)" if count == 2 else ""
        turn.rule(len(ranks) == count, "End of day", f"{side} exhausts {count} soldier(s){why}")
        listed = ", ".join(str(r) for r in ranks)
        turn.rule(
            len(set(ranks)) == len(ranks),
            "End of day",
            f"{side} exhausts {len(ranks)} different soldiers (got {listed})",
        )
        deployed = line_of(state["sides"][side])
        for rank in ranks:
            turn.rule(
                rank in deployed, "End of day", f"{side}'s rank {rank} was not deployed today"
            )
        chosen[side] = sorted(set(ranks))
    for side in SIDES:
        state["exhausted"][side] = chosen[side]
        state["sides"][side] = new_side()
    state["intel"]["old"].append(state["intel"]["current"])
    state["intel"]["current"] = None
    state["day"] += 1
    state["starter"] = other(state["starter"])
    state["turn"] = 0
    state["phase"] = "deploy"
    names = {s: ", ".join(turn.data.name(r) for r in chosen[s]) for s in SIDES}
    turn.note(f"exhausted: red's {names['red']}, blue's {names['blue']}")
    turn.note(f"day {state['day']} begins, {state['starter']} starts")


def final(state: Json, turn: Turn) -> None:
    """After the third day: the Double Agent's side, else infiltration points, else a draw."""
    da, points = state["double_agent"], state["infiltration"]
    if da > 0:
        end(state, "red", "after day 3 the Double Agent is in blue's territory: red wins")
    elif da < 0:
        end(state, "blue", "after day 3 the Double Agent is in red's territory: blue wins")
    elif points["red"] != points["blue"]:
        winner = "red" if points["red"] > points["blue"] else "blue"
        score = f"{points['red']} to {points['blue']}"
        end(
            state,
            winner,
            f"after day 3 the Double Agent is in the middle; {winner} has more"
            f" infiltration points ({score})",
        )
    else:
        end(
            state,
            "draw",
            "after day 3 the Double Agent is in the middle and infiltration is tied: a draw",
        )
    turn.note(state["result"])


def after_action(state: Json, turn: Turn) -> None:
    """What follows any action: a flag claim goes to the audit; the third day's end scores."""
    if state["winner"] is not None:
        return
    if state["claim"] is not None:
        settle_claim(state, turn)
    elif state["phase"] == "day_end" and state["day"] >= DAYS and not unchecked(state):
        final(state, turn)
