"""What a Spies! player reads: articles and plurals from one place (assistant/words.py; issue 23,
item 11): "an Escape chit", "diplomacy with 1 opponent"."""

from __future__ import annotations

import pytest
from spies_table import Table


@pytest.fixture
def table() -> Table:
    return Table().set_up()


def test_diplomacy_with_one_opponent_is_one(table):
    table.discard()
    table.state["ap_left"] = 0
    refusal = table.refused("diplomacy", power="Germany", **{"with": ["Italy"]})
    assert str(refusal).endswith(
        "Germany has 0 action points left; diplomacy with 1 opponent costs 1"
    )


def test_an_escape_chit(table):
    table.discard()
    table.state["bank"]["Germany"] = 0
    table.do("search", power="Britain", city="London")  # an Escape evades a search (3.4)
    refusal = table.refused("chit", power="Germany", chit="Escape")
    assert "an Escape chit costs" in str(refusal), str(refusal)
