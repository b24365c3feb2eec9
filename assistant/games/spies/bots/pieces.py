"""The face-down values the tracker itself never reads, from the kit that prints them
(templates/spies/kit.yaml): each power's police pieces' strengths and the counterspies'
strengths. The bots need them (a bot knows its own police; the table compares strengths)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from deaddrop.paths import templates_dir


@dataclass(frozen=True)
class Pieces:
    police: dict[str, tuple[int, ...]]  # power -> its police strengths, strongest first
    counterspies: tuple[int, ...]  # the counterspies' strengths


@lru_cache(maxsize=4)
def _pieces(folder: str) -> Pieces:
    from pathlib import Path

    from assistant.games.spies.data import read_pieces

    police, counterspies = read_pieces(Path(folder) / "spies")
    return Pieces(
        {power: tuple(sorted(values, reverse=True)) for power, values in police.items()},
        tuple(counterspies),
    )


def pieces() -> Pieces:
    """The pieces of the templates folder in use."""
    return _pieces(str(templates_dir()))
