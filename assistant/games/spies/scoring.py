"""Victory Points (6.0): "Each secret, captured spy, and sanctioned marker is worth a number of
Victory Points equal to its value times the multiple found in the box it occupies on your Time
and Victory Record. The player with the highest total of Victory Points is the winner. In a tie,
the richest player wins." The multiples are the table's option (ours by default)."""

from __future__ import annotations

from typing import Any

from assistant.engine import Json

WIN_RULE = "6.0 How to Win the Game"
KINDS = {
    "secret": "secret",
    "spy": "captured spy",
    "sanction": "Sanctioned Spy marker",
    "original": "original secret",
}


def multiple(state: Json, year: int) -> int:
    return int(state["multiples"][str(year)])


def points_of(state: Json, entry: Json) -> int:
    return int(entry["value"]) * multiple(state, entry["year"])


def points(state: Json) -> dict[str, int]:
    """Each power's Victory Points so far."""
    return {
        power: sum(points_of(state, entry) for entry in entries)
        for power, entries in state["record"].items()
    }


def holder(state: Json, secret: str) -> str | None:
    """Whose record holds this secret already (cashed in, or an original at the end)."""
    for power, entries in state["record"].items():
        if any(e["kind"] in ("secret", "original") and e["name"] == secret for e in entries):
            return str(power)
    return None


def entry_text(entry: Json) -> str:
    """'Enigma Code (secret 4)', "Britain's Willy (captured spy 2)"."""
    name = (
        entry["name"]
        if entry["kind"] in ("secret", "original")
        else (f"{entry['power']}'s {entry['name']}")
    )
    return f"{name} ({KINDS[entry['kind']]} {entry['value']})"


def standings(state: Json) -> list[tuple[str, int, int]]:
    """(power, points, bank), best first: most points, then the richest (6.0)."""
    scored = points(state)
    order = list(state["record"])
    return sorted(
        ((p, scored[p], int(state["bank"][p])) for p in order),
        key=lambda row: (-row[1], -row[2], order.index(row[0])),
    )


def finish(state: Json, turn: Any) -> None:
    """The game is over: the winner (or a tie nobody breaks)."""
    state["phase"] = "over"
    ranked = standings(state)
    best = ranked[0]
    tied = [row for row in ranked if row[1] == best[1]]
    richest = [row for row in tied if row[2] == best[2]]
    if len(richest) > 1:
        state["winner"] = None
        names = " and ".join(row[0] for row in richest)
        state["result"] = f"a tie: {names}, {best[1]} points and {best[2]}£ each"
    else:
        state["winner"] = best[0]
        tie = f", the richest of {len(tied)} on {best[1]} points" if len(tied) > 1 else ""
        state["result"] = f"{best[0]} wins with {best[1]} Victory Points ({best[2]}£){tie}"
    board = "; ".join(f"{p} {pts} ({bank}£)" for p, pts, bank in ranked)
    turn.note(f"the game is over: {state['result']}. Victory Points: {board}")
