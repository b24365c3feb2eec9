"""How each level chooses among its candidates (candidates.py), and what it answers when others
act. The levels a player can feel:

- easy: a legal, plausible move drawn at random (a tile it may play, a spy sent somewhere
  useful, a chit where it applies); no lookahead, and it reacts to others' chits one time in
  two.
- fair: greedy for this turn: the candidate that gains most now (awards, secrets taken and
  cashed, captures), ending its turn when nothing gains; it guards its secrets with its police
  only in the last year, when they score.
- best: looks ahead over the year and the game: a tile is weighed against what it would pay
  later (a tile held for the year its spies stand in its cities), spies go where the tiles in
  its hand will pay, its police guard the secrets enemy spies threaten, money is kept for the
  Discoveries and Escapes to come.
"""

from __future__ import annotations

import random

from assistant.games.spies.bots.candidates import Candidate

LEVELS = ("easy", "fair", "best")


def score(candidate: Candidate, level: str) -> float:
    if level == "best":
        return candidate.gain + candidate.later
    return candidate.gain


def choose(candidates: list[Candidate], level: str, source: random.Random) -> Candidate | None:
    """The candidate the level takes (None: nothing worth doing; the turn goes on to its end)."""
    if not candidates:
        return None
    if level == "easy":
        plausible = [c for c in candidates if c.plausible and c.gain > -1.0]
        return source.choice(plausible) if plausible else None
    ranked = sorted(candidates, key=lambda c: -score(c, level))
    top = ranked[0]
    if score(top, level) <= 0 and top.action["type"] not in ("play", "discard", "originals"):
        return None
    ties = [c for c in ranked if abs(score(c, level) - score(top, level)) < 1e-9]
    return source.choice(ties)


def reacts(level: str, source: random.Random) -> bool:
    """Whether a bot of this level answers another's chit it could answer."""
    return level != "easy" or source.random() < 0.5
