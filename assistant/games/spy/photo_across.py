"""Each step of a line measured where the line lies across it: the second look of photo_prior.

Pure: no image, no I/O. photo_field measures every edge twice. Its first measure (`Scores.edges`)
lets each of four short windows along a step find its own darkest place across the path: quick
to find a stroke drawn off the centres, but on faint pencil each window also finds the grain's
darkest speck, and a step broken by the paper's tooth or dimmed in one place reads as a gap.
The second measure (`Scores.across`) is a profile: the darkness at each place across the step
(photo_geometry.ACROSS either side of the path), averaged along the step's middle (`MIDDLE`),
and along each half of it, each profile less its own median (the paper beside the stroke, so
that a shadow or uneven light leaves it near zero).

A line is drawn in one stroke: its steps lie at one place across. Summed over a whole line, the
profiles find that place even where one step's pencil is too faint to find it alone; each step
is then measured there, within `TOLERANCE` pixels (a stroke bowed a little), and so is each
half of it (a line's end drawn past its last centre darkens one half of the next step only).
A step measured so is not the grain's darkest speck: on paper it reads near zero, in grains.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

import numpy as np

from assistant.games.spy.model import Cell
from assistant.games.spy.photo_geometry import Edge

MIDDLE = (0.15, 0.85)  # of the way from a step's first centre to its second: what is averaged
TOLERANCE = 1  # pixels either side of the line's place where a step's own stroke may lie
MIN_GRAIN = 0.001  # levels: the profiles' grain, at least
Across = Mapping[Edge, np.ndarray]  # edge -> (3, places): whole step, first half, second half


def in_grains(profiles: Mapping[Edge, np.ndarray]) -> dict[Edge, np.ndarray]:
    """The profiles in grains: over the robust spread of every whole-step value (the pencil
    lies at a few places of a few steps: nearly all of them are paper)."""
    if not profiles:
        return {}
    whole = np.concatenate([p[0] for p in profiles.values()])
    spread = 1.4826 * float(np.median(np.abs(whole - np.median(whole))))
    grain = max(MIN_GRAIN, spread)
    return {e: p / grain for e, p in profiles.items()}


def _place(across: Across, run: Sequence[Edge]) -> slice:
    """The places across a straight run where its stroke lies: the darkest of the summed whole
    profiles, with TOLERANCE either side."""
    at = int(np.argmax(sum(across[e][0] for e in run)))
    return slice(max(0, at - TOLERANCE), at + TOLERANCE + 1)


def line_steps(
    across: Across, line: Sequence[Edge], hidden: frozenset[Cell] = frozenset()
) -> list[tuple[float, float, float]]:
    """Each step of a straight line measured at the line's place (found from its steps clear of
    the `hidden` cells, where any are): (the whole step, its first half, its second half), in
    grains."""
    where = _place(across, [e for e in line if not set(e) & hidden] or line)
    out = []
    for e in line:
        p = across[e][:, where].max(axis=1)
        out.append((float(p[0]), float(p[1]), float(p[2])))
    return out


def run_mean(across: Across, run: Sequence[Edge]) -> float:
    """A straight run's steps on average, at the run's own place, in grains."""
    return float(sum(across[e][0] for e in run).max()) / len(run)


def own(across: Across, edge: Edge) -> float:
    """A step at its own darkest place (a step off every line: where would its stroke be?)."""
    return float(across[edge][0].max())


def lines_of(
    runs: Iterable[Sequence[Edge]], across: Across, hidden: frozenset[Cell] = frozenset()
) -> dict[Edge, tuple[float, float, float]]:
    """Every step of the lines `runs`, measured at its line's place (see line_steps)."""
    out: dict[Edge, tuple[float, float, float]] = {}
    for line in runs:
        out.update(zip(line, line_steps(across, line, hidden), strict=True))
    return out
