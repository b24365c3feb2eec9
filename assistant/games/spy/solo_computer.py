"""The computer's play in Spy! solo (`deaddrop spy solo`): where it probes and when it claims.

Pure: numpy on the enumerated networks (assistant.games.spy.enumerate), no I/O besides the
enumeration cache, randomness only from the generator it is given. What it knows of the player's
network is only the answers the player gave (`Observation`s); it never looks at its own network.

Levels:

- easy: a random single cell it has not probed yet, drawn from the generator;
- fair: the best single probe (the most informative one, `deduce.suggest` without squares);
- best: the best probe among single cells and the multiple probes its numbered squares still
  allow (`deduce.suggest` with them), so it spends its squares when they tell the most.

Fair and best draw one of the probes exactly as good as the best (on an opening, its turned and
mirrored images) from the generator, so that the opening is not the same in every game.

Claims: a claim is right with probability p = 1 / n when n networks fit the answers (they are
equally likely), and scores p * 1 - (1 - p) * 2 victories (a wrong claim is a double victory for
the other side). Probing on is worth at least 0: the computer can still claim later, and it is
asked in every round the player claims. So a claim beats probing on only when 3p - 2 > 0, that
is when one network remains; every level claims then. When no network fits the answers, one of
them is false: the computer calls for the reveal at once (`claim_or_challenge` says "challenge").
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import numpy as np

from assistant.games.spy.deduce import apply, suggest
from assistant.games.spy.enumerate import Networks, networks
from assistant.games.spy.model import Cell, Field
from assistant.games.spy.observations import Observation

LEVELS = ("easy", "fair", "best")


def draw_network(field: Field, lengths: Iterable[int], seed: int) -> tuple[Cell, ...]:
    """A network drawn uniformly over the distinct legal networks, from `seed`: its corners."""
    nets = networks(field, lengths)
    rng = np.random.default_rng(seed)
    return nets.vertices(int(rng.integers(len(nets))))


def consistent(nets: Networks, field: Field, observations: Sequence[Observation]) -> np.ndarray:
    """Indices of the networks that give every answer of `observations`."""
    index = np.arange(len(nets))
    for observation in observations:
        index = apply(nets, index, observation, field)
    return index


def claim_pays(remaining: int) -> bool:
    """Whether claiming now scores more on average than probing on (see the module docstring)."""
    if remaining < 1:
        return False
    p = 1.0 / remaining
    return p * 1 - (1 - p) * 2 > 0


def choose_probe(
    level: str,
    nets: Networks,
    field: Field,
    index: np.ndarray,
    probed: Iterable[Cell],
    squares: Sequence[int],
    rng: np.random.Generator,
) -> tuple[Cell, ...]:
    """The cells the computer probes next at `level`, given the networks still possible."""
    done = set(probed)
    fresh = [cell for cell in field.cells() if cell not in done] or field.cells()
    if level == "easy" or len(index) <= 1:
        return (fresh[int(rng.integers(len(fresh)))],)
    sizes = tuple(squares) if level == "best" else ()
    found = suggest(nets.masks[index], field, sizes, rng)
    if found is None:
        return (fresh[0],)
    return tuple(found.cells)


def claim_or_challenge(nets: Networks, index: np.ndarray) -> tuple[Cell, ...] | str | None:
    """The network the computer claims (its corners), "challenge" when no network fits the
    answers, or None to probe on."""
    if len(index) == 0:
        return "challenge"
    if claim_pays(len(index)):
        return nets.vertices(int(index[0]))
    return None


def probes_to_find(
    level: str,
    field: Field,
    lengths: Iterable[int],
    squares: Sequence[int],
    secret: int,
    seed: int,
    first: dict[str, tuple[Cell, ...]] | None = None,
) -> int:
    """How many probes the computer makes at `level` before it claims the network of index
    `secret` (answered truly); `seed` drives easy's draws. `first`: the opening probe of each
    level, kept between games (it depends on nothing but the field). For the benchmark."""
    from assistant.games.spy.model import answer

    nets = networks(field, lengths)
    truth = nets.mask(secret)
    rng = np.random.default_rng(seed)
    index = np.arange(len(nets))
    left = list(squares)
    probed: list[Cell] = []
    count = 0
    while claim_or_challenge(nets, index) is None:
        if count == 0 and first is not None and level in first:
            cells = first[level]
        else:
            cells = choose_probe(level, nets, field, index, probed, left, rng)
            if count == 0 and first is not None and level != "easy":
                first[level] = cells
        if len(cells) > 1:
            left.remove(len(cells))
        probed += cells
        said = tuple(answer(truth, cell, field) for cell in cells)
        index = apply(nets, index, Observation(cells, said), field)
        count += 1
    return count
