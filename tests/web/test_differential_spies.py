"""Spies!, the differential sweep (tests/web/differential.py): Germany (A, the first to play in
1933) tries every action with every value of every parameter (every tile, city, power, chit,
...), and undo, redo and the void of each of its own events, at two tables alike but for
France's (B's) Event Tiles: its random tiles trade places with Italy's (so Italy's differ too:
no more than France's may they reach Germany), or with those left in the cup.

The history: Germany's phone draws its hand first (the tracker draws its random tiles from the
full cup: the same at both tables); the host deals the other hands, every power's secrets and
police; it is Germany's turn. Or (`last`) the host deals every hand but Germany's: Germany's
phone tries to name its random tiles (each of the 15; a refusal would tell which another power
holds) and has the tracker draw them (from the cup: what it draws shows, the decision compared).
"""

from __future__ import annotations

import random
import tempfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from assistant.games.spies.data import default_data
from tests.spies.spies_table import POLICE, SECRETS
from tests.web.differential import Step, Table, compare, host, phone, probes

pytestmark = pytest.mark.slow

DATA = default_data()
POWERS = list(DATA.powers)
TILES = list(DATA.tiles)
RANDOM = [t.code for t in DATA.tiles.values() if t.power == "random"]
CITIES = sorted(DATA.cities)
CHITS = sorted(DATA.chits)
SPIES = sorted({name for spies in DATA.spies.values() for name in spies})


def listed(values: list[str]) -> str:
    return "[" + ", ".join(values) + "]"


DOMAINS = {
    "power": POWERS,
    "random": [*(listed(RANDOM[i : i + 3]) for i in range(0, 15, 3)), "[]", "[random 36]"],
    "seed": ["0", "5"],
    "cities": [listed(SECRETS["Germany"]), listed(SECRETS["France"]), "[Berlin]"],
    "police.cities": ["{Berlin: 2}", "{Paris: 1}", "{Berlin: 3}"],
    "place.police": ["{Berlin: 2}"],
    "spies": ["{Erik: Berlin}", "{Erik: Paris, Heidi: Rome}"],
    "play.spies": ["{France: [Paris]}", "{Germany: [Berlin]}"],
    "tile": [*TILES, "99"],
    "city": CITIES,
    "enemy": POWERS,
    "target": ["#1", "#2", "Erik", "Pierre"],
    "captured": ["yes", "no", "maybe"],
    "spy": [*SPIES, "#1"],
    "spaces": ["0", "1", "5", "6"],
    "to": CITIES,
    "give.to": POWERS,
    "path": ["Berlin,Hamburg", "Paris"],
    "with": ["[France]", "[France, Italy]", "[Germany]"],
    "pounds": ["0", "5", "999"],
    "chits": ["0", "1", "9"],
    "chit": CHITS,
    "owner": [*POWERS, "neutral"],
    "against": ["1", "2"],
    "secret": [*sorted(DATA.secrets)[:6], "Nothing"],
    "at": ["Berlin", "Paris", "Rome"],
    "secrets": ["{Berlin: Atomic Bomb}", "[Atomic Bomb]"],
}


def drawn() -> list[str]:
    """Germany's random tiles as the tracker draws them for its phone, the cup full."""
    with tempfile.TemporaryDirectory() as folder:
        table = Table(Path(folder) / "draw.sqlite", "spies", "Germany", 7)
        table.build({}, [phone("Germany", "hand")])
        return [t for t in table.state()["view"]["secret"]["hands"]["Germany"] if t in RANDOM]


def history(random_tiles: dict[str, list[str]], last: bool) -> list[Step]:
    return [
        *([] if last else [phone("Germany", "hand")]),
        *(host({"type": "hand", "power": p, "random": random_tiles[p]}) for p in POWERS[1:]),
        *(host({"type": "secrets", "power": p, "cities": SECRETS[p]}) for p in POWERS),
        *(host({"type": "police", "power": p, "cities": POLICE[p]}) for p in POWERS),
    ]


def dealt(order: list[str]) -> tuple[dict[str, list[str]], dict[str, list[str]]]:
    """The other powers' random tiles (`order`: the cup left after Germany's draw), and the same
    with France's traded: with Italy's, or with the 3 left in the cup when Germany has drawn
    none."""
    others = POWERS[1:]
    one = {p: order[3 * i : 3 * i + 3] for i, p in enumerate(others)}
    cup = order[3 * len(others) :]
    two = {**one, "France": one["Italy"], "Italy": one["France"]}
    if cup:
        two = {**one, "France": cup}
    return one, two


def sweep(tmp_path: Any, rng: random.Random, shuffle: random.Random, last: bool):
    mine = [] if last else drawn()
    left = [t for t in RANDOM if t not in mine]
    shuffle.shuffle(left)
    one, two = dealt(left)
    return compare(
        tmp_path,
        "spies",
        {},
        (history(one, last), history(two, last)),
        "Germany",
        "France",
        probes("spies", DOMAINS, rng, seat="Germany", other="France"),
    )


@settings(
    max_examples=1,
    deadline=None,
    suppress_health_check=[
        HealthCheck.function_scoped_fixture,
        HealthCheck.too_slow,
        HealthCheck.large_base_example,
    ],
)
@example(rng=random.Random(1), shuffle=random.Random(2), last=True)
@given(
    rng=st.integers(0, 2**32).map(random.Random),
    shuffle=st.integers(0, 2**32).map(random.Random),
    last=st.booleans(),
)
def test_germany_receives_the_same_whatever_france_holds(tmp_path_factory, rng, shuffle, last):
    compared = sweep(tmp_path_factory.mktemp("spies"), rng, shuffle, last)
    assert not compared.differences, compared.message()
