"""Sealing a Spy! network: a salted hash that shows nothing of the network yet binds the player.

hash = sha256("deaddrop-spy:" + salt + ":" + covered cells in row-major order, e.g. "2B 2C 2D ...")

The hash is over the covered cells, so any chain covering the same cells (an equivalent network)
reveals against it. Anyone can recompute it by hand with `sha256sum`. Pure: no I/O.
"""

from __future__ import annotations

import hashlib
import re

from assistant.games.spy.legality import check_network
from assistant.games.spy.model import Field, Network, format_cell, parse_cell_anywhere

HASH = re.compile(r"^[0-9a-f]{64}$")


def seal_hash(network: Network, salt: str) -> str:
    """The salted hash of the cells `network` covers."""
    cells = " ".join(format_cell(cell) for cell in sorted(network.cells()))
    return hashlib.sha256(f"deaddrop-spy:{salt}:{cells}".encode()).hexdigest()


def parse_vertices(text: object) -> Network:
    """A network written as a vertex list, "2B 2D 5D 5H 10H 10B 9B" (or a list of cells).

    ValueError naming what is wrong."""
    if isinstance(text, list) and all(isinstance(item, str) for item in text):
        words = text
    elif isinstance(text, str):
        words = re.split(r"[\s,\-]+", text.strip())
    else:
        raise ValueError(
            f"a network is a vertex list such as '2B 2D 5D 5H 10H 10B 9B', not {text!r}"
        )
    words = [word for word in words if word]
    if len(words) < 2:
        raise ValueError("a network needs at least two corner cells (e.g. '2B 2D 5D 5H')")
    return Network(tuple(parse_cell_anywhere(word) for word in words))


def problems_of(network: Network, field: Field, lengths: tuple[int, ...]) -> list[str]:
    """What makes `network` illegal, one message each (empty when legal)."""
    return [problem.message for problem in check_network(network, field, lengths)]
