"""The deployment rules and sealed deployments.

"Your soldiers' ranks (1-10) must always increase from left to right, with the exception of the
Sergeant (4) who can be placed in any position." Four distinct soldiers from the hand (ten less the
exhausted ones), one below each mission card.

A sealed deployment is the SHA-256 of "<salt>:<ranks left to right, comma separated>", e.g.
`printf '%s' 'k3x9:2,5,4,9' | sha256sum`; the salt is given when the deployment is checked.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence

from assistant.games.spies_and_lies.data import SERGEANT, GameData

ORDER_RULE = "ranks must rise left to right, the Sergeant excepted"


def seal(salt: str, ranks: Sequence[int]) -> str:
    """The seal of a deployment: hex SHA-256 of 'salt:r1,r2,...'."""
    text = f"{salt}:{','.join(str(rank) for rank in ranks)}"
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def order_problem(line: Sequence[int | None], data: GameData) -> str | None:
    """Why a left-to-right line of ranks (None: not known) breaks the order rule, or None.

    Names the first card (from the left) standing right of a higher-ranked card."""
    for right, rank in enumerate(line):
        if rank is None or rank == SERGEANT:
            continue
        for left in range(right):
            higher = line[left]
            if higher is not None and higher != SERGEANT and higher > rank:
                return f"the {data.name(rank)} is right of the {data.name(higher)}; {ORDER_RULE}"
    return None


def out_of_order(line: Sequence[int | None], position: int) -> bool:
    """Whether the card at `position` breaks the order with the other known cards (special rule 2:
    "in the wrong order compared to your already revealed cards"; the Sergeant is excluded)."""
    rank = line[position]
    if rank is None or rank == SERGEANT:
        return False
    for index, other in enumerate(line):
        if index == position or other is None or other == SERGEANT:
            continue
        if (index < position and other > rank) or (index > position and other < rank):
            return True
    return False


def deployment_problem(
    line: Sequence[int], exhausted: Sequence[int], data: GameData, size: int = 4
) -> str | None:
    """Why this deployment (ranks left to right) is illegal, or None: the whole deployment check."""
    if len(line) != size:
        return f"{size} soldiers are deployed, one per mission (got {len(line)})"
    for rank in line:
        if rank not in data.titles:
            return f"there is no soldier of rank {rank} (ranks are 1 to 10)"
    for index, rank in enumerate(line):
        if rank in line[:index]:
            return f"the {data.name(rank)} is deployed twice (each soldier once)"
    for rank in line:
        if rank in exhausted:
            return f"the {data.name(rank)} is exhausted this day (it stays out of the missions)"
    return order_problem(line, data)
