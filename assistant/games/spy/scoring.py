"""Scoring a finished game of Spy! (the referee): claims judged against the revealed networks,
false answers and illegal networks found, victories added. Pure."""

from __future__ import annotations

from assistant.engine import Json
from assistant.games.spy.model import Field, Network, answer, parse_cell
from assistant.games.spy.seal import parse_vertices, problems_of

VICTORY = {1: "single", 2: "double", 3: "triple"}


def opponent(state: Json, player: str) -> str:
    """The other player."""
    a, b = state["players"]
    return b if player == a else a


def score(state: Json) -> Json:
    """The result once both networks are revealed: winner, how, victories, claims, faults."""
    field = Field(state["rows"], state["cols"])
    faults: dict[str, list[str]] = {p: [] for p in state["players"]}
    masks = {}
    for p in state["players"]:
        network = parse_vertices(state["revealed"][p])
        for problem in problems_of(network, field, tuple(state["lengths"])):
            faults[p].append(f"illegal network: {problem}")
        masks[p] = network_cells_mask(network, field)
    for number, probe in enumerate(state["probes"], 1):
        target = probe["target"]
        if probe["answered_by"] != "player":
            continue
        for cell_text, said in zip(probe["cells"], probe["answers"], strict=True):
            true = answer(masks[target], parse_cell(cell_text, field), field)
            if said != true:
                faults[target].append(f"probe {number}: said {cell_text} {said}, it is {true}")
    points = {p: 0 for p in state["players"]}
    verdicts = []
    for claim in state["claims"]:
        claimant = claim["by"]
        other = opponent(state, claimant)
        correct = parse_vertices(claim["network"]).mask(field) == masks[other]
        points[claimant if correct else other] += 1 if correct else 2
        verdicts.append({"by": claimant, "correct": correct})
    losers = [p for p in state["players"] if faults[p]]
    if len(losers) == 1:
        winner = opponent(state, losers[0])
        how = f"outright: {losers[0]} {_fault_kind(faults[losers[0]])}"
    elif len(losers) == 2:
        winner, how = None, "both broke the rules"
    else:
        a, b = state["players"]
        margin = points[a] - points[b]
        winner = a if margin > 0 else b if margin < 0 else None
        how = f"{VICTORY.get(abs(margin), str(abs(margin)))} victory" if winner else "tie"
    return {
        "winner": winner,
        "how": how,
        "points": points,
        "claims": verdicts,
        "faults": faults,
    }


def network_cells_mask(network: Network, field: Field) -> int:
    """The mask of the cells of `network` inside the field (an illegal network may leave it)."""
    mask = 0
    for r, c in network.cells():
        if field.contains((r, c)):
            mask |= 1 << (r * field.cols + c)
    return mask


def _fault_kind(faults: list[str]) -> str:
    illegal = any(f.startswith("illegal network") for f in faults)
    false = any(f.startswith("probe") for f in faults)
    kinds = ["drew an illegal network"] * illegal + ["gave a false answer"] * false
    return " and ".join(kinds)


def result_text(result: Json) -> str:
    """The result in one line. When a broken rule decides the game, the claims' victories are
    shown as not counting, so that the line never names a winner with fewer victories."""
    points = ", ".join(f"{p} {n}" for p, n in result["points"].items())
    faults = [f"{p}: {'; '.join(f)}" for p, f in result["faults"].items() if f]
    tail = f"; faults: {' | '.join(faults)}" if faults else ""
    how = result["how"]
    if any(result["faults"].values()):
        head = (
            f"{result['winner']} wins outright: {how.removeprefix('outright: ')}"
            if result["winner"]
            else f"nobody wins: {how}"
        )
        if any(result["points"].values()):
            head += f" (the claims' victories, {points}, do not count)"
        return head + tail
    head = f"{result['winner']} wins ({how})" if result["winner"] else how
    return head + f"; victories: {points}" + tail
