"""What Spy! solo says to the player (`deaddrop spy solo`, assistant/games/spy/solo.py): answers
named cell by cell, the state of the game in a few words, the result. Pure.

The result is worded for one player against the computer: who won and why, first; then the
claims (right, wrong, none) and the victories; or, when a broken rule decides the game, the rule
and the false answers, round by round, and that the claims do not count. The stored result
(assistant/games/spy/scoring.py) is the refereed game's; only the words differ.
"""

from __future__ import annotations

from assistant.engine import Json
from assistant.games.spy.model import Field, answer, parse_cell
from assistant.games.spy.scoring import network_cells_mask
from assistant.games.spy.seal import parse_vertices, problems_of

YOU, COMPUTER = "you", "computer"
NAMES = {YOU: "you", COMPUTER: "the computer"}


def said(cells: list[str], answers: list[str]) -> str:
    """`warm` for one cell; `5C cold, 5D warm, 5E hot` for several (so that nobody counts)."""
    if len(cells) == 1:
        return answers[0]
    return ", ".join(f"{cell} {word}" for cell, word in zip(cells, answers, strict=True))


def status(state: Json) -> str:
    """Where the game stands, in a few words (the first line of `show`)."""
    phase = state["phase"]
    if phase == "setup":
        return "the computer has not sealed its network yet"
    if phase == "over":
        winner = state["result"]["winner"]
        return f"game over: {_wins(winner) if winner else 'nobody wins'}"
    if phase == "claims":
        if state["challenge"] is not None:
            return "the computer has called for the reveal"
        claimed = {claim["by"] for claim in state["claims"]}
        if claimed == {YOU, COMPUTER}:
            return "both have claimed"
        return "you have claimed" if YOU in claimed else "the computer has claimed your network"
    probes = state["probes"]
    waiting = bool(probes) and probes[-1]["answers"] is None
    return f"round {len(probes) // 2 + (0 if waiting else 1)}"


def _wins(who: str) -> str:
    return "you win" if who == YOU else f"{NAMES[who]} wins"


def false_answers(state: Json) -> list[tuple[int, str, str, str]]:
    """Your answers that your revealed network contradicts: (round, cell, said, true)."""
    field = Field(state["rows"], state["cols"])
    mask = network_cells_mask(parse_vertices(state["revealed"][YOU]), field)
    found = []
    for number, probe in enumerate(state["probes"]):
        if probe["target"] != YOU or probe["answers"] is None:
            continue
        for cell, word in zip(probe["cells"], probe["answers"], strict=True):
            true = answer(mask, parse_cell(cell, field), field)
            if word != true:
                found.append((number // 2 + 1, cell, word, true))
    return found


def _claims(state: Json) -> str:
    verdicts = {v["by"]: v["correct"] for v in state["result"]["claims"]}
    parts = []
    for who, whose in ((YOU, "your"), (COMPUTER, "the computer's")):
        if who in verdicts:
            parts.append(f"{whose} claim was {'right' if verdicts[who] else 'wrong'}")
        elif who == COMPUTER and state["challenge"] is not None:
            parts.append("the computer called for the reveal")
        else:
            parts.append(f"{NAMES[who]} made no claim")
    return ", ".join(parts)


def _victories(points: Json) -> str:
    return f"you {points[YOU]}, the computer {points[COMPUTER]}"


def result(state: Json) -> str:
    """The result in one line, the winner first (see the module docstring)."""
    outcome = state["result"]
    winner, points = outcome["winner"], outcome["points"]
    if not any(outcome["faults"].values()):
        head = f"{_wins(winner)}, a {outcome['how']}" if winner else "a tie"
        return f"{head}: {_claims(state)}; victories: {_victories(points)}"
    why = []
    field = Field(state["rows"], state["cols"])
    illegal = problems_of(parse_vertices(state["revealed"][YOU]), field, tuple(state["lengths"]))
    if illegal:
        why.append(f"your network is illegal ({'; '.join(illegal)})")
    rounds: dict[int, list[str]] = {}
    for number, cell, word, true in false_answers(state):
        rounds.setdefault(number, []).append(f"{cell} {word} (it is {true})")
    if rounds:
        told = "; ".join(f"round {n}: {', '.join(cells)}" for n, cells in rounds.items())
        why.append(f"you gave a false answer: {told}")
    head = f"{_wins(winner)} outright" if winner else "nobody wins"
    text = f"{head}: {', and '.join(why)}"
    if any(points.values()):
        text += f"; the claims do not count (they would have scored {_victories(points)})"
    return text
