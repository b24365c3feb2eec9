"""The table's seed is a host-only fact (docs/spies.md "The seed stays with the host"): the bots'
deal is worked out from it, so no seat's view, log or phone reply holds it or anything drawn from
it, and `table list` leaves it out; `table export` (the host's backup) keeps it, and replays.

Twin tables: two tables that differ only in their seed (the second imported from the first's
export with another seed) give a person's seat the same public reply, before anything is turned
up; only the seat's own part (what the tracker dealt it) may differ."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml

from assistant import table as core
from assistant import table_io
from deaddrop.web.api import Snapshot, state_json

BOTS = {"players": 5, "bots": "Italy,Russia,France,Britain", "bot_level": "best"}
SEEDS = (918273645, 5647382910)


def reply(db: Path, name: str, seat: str | None) -> dict:
    with core.opened(db) as store, store.read():
        table = core.load(store, name)
        row = store.find(name)
        assert row is not None
        version, history = store.version(row.id), store.history(row.id)
    return state_json(Snapshot(version, row.id, table, core.log_lines(table), history, []), seat)


@pytest.fixture
def twins(tmp_path: Path) -> tuple[Path, Path]:
    one, two = tmp_path / "one.sqlite", tmp_path / "two.sqlite"
    core.new(one, "spies", "t", {**BOTS, "seed": SEEDS[0]})
    exported = yaml.safe_load(table_io.export(one, "t"))
    assert exported["options"]["seed"] == SEEDS[0]  # the host's backup keeps it: it replays
    exported["options"]["seed"] = SEEDS[1]
    text = yaml.safe_dump(exported, sort_keys=False, allow_unicode=True)  # the events' order
    (tmp_path / "twin.yaml").write_text(text, encoding="utf-8")
    table_io.import_file(two, tmp_path / "twin.yaml", "t")
    return one, two


def test_the_export_replays_to_the_same_table(tmp_path: Path) -> None:
    db = tmp_path / "t.sqlite"
    core.new(db, "spies", "t", {**BOTS, "seed": SEEDS[0]})
    (tmp_path / "t.yaml").write_text(table_io.export(db, "t"), encoding="utf-8")
    table_io.import_file(tmp_path / "again.sqlite", tmp_path / "t.yaml", "t")
    with core.opened(db) as a, a.read(), core.opened(tmp_path / "again.sqlite") as b, b.read():
        assert core.load(a, "t").state == core.load(b, "t").state


@pytest.mark.parametrize("seat", ["Germany", None])
def test_twin_tables_give_a_person_the_same_public_reply(twins, seat) -> None:
    one, two = (reply(db, "t", seat) for db in twins)
    assert one["log"] and one["log"] == two["log"]  # the bots' set up, as the seat reads it
    for reply_ in (one, two):
        text = json.dumps(reply_)
        assert "seed" not in text and "hidden" not in reply_["view"]
        assert not any(str(seed) in text for seed in SEEDS)
    mine = one["view"].pop("secret", None), two["view"].pop("secret", None)
    assert one == two
    if seat is not None:  # its own part is what the tracker dealt it: the seed's, and its own
        assert mine[0] is not None and mine[0] != mine[1]


def test_a_person_sees_neither_the_seed_nor_the_hidden_facts_before_and_after_its_set_up(
    tmp_path: Path,
) -> None:
    db = tmp_path / "t.sqlite"
    core.new(db, "spies", "t", {**BOTS, "seed": SEEDS[0]})
    hand = {"type": "hand", "power": "Germany"}
    core.do(db, "t", hand)
    text = json.dumps(reply(db, "t", "Germany"))
    assert str(SEEDS[0]) not in text and '"seed"' not in text


def test_table_list_leaves_the_seed_out(tmp_path: Path) -> None:
    db = tmp_path / "t.sqlite"
    core.new(db, "spies", "t", {**BOTS, "seed": SEEDS[0]})
    listed = core.tables(db)
    assert "seed" not in listed[0]["options"] and str(SEEDS[0]) not in json.dumps(listed)
    assert listed[0]["options"]["bots"]  # the rest of the options stay


def test_the_order_a_power_lists_its_police_in_is_not_public(tmp_path: Path) -> None:
    """The tracker deals police strengths strongest first in the cities listed first (2.5): at a
    table with bots the log and the views name the cities in name order, so two tables whose
    only difference is that order give the other seats the same reply (the strengths differ)."""
    from assistant.games.spies.bots.hidden import Hidden
    from assistant.games.spies.rules import GAME

    orders = [
        {"Berlin": 2, "Munich": 2, "Hamburg": 2, "Essen": 1},
        {"Essen": 1, "Hamburg": 2, "Munich": 2, "Berlin": 2},
    ]
    replies, strengths = [], []
    for n, order in enumerate(orders):
        db = tmp_path / f"{n}.sqlite"
        core.new(db, "spies", "t", {**BOTS, "seed": SEEDS[0]})
        core.do(db, "t", {"type": "hand", "power": "Germany", "seed": 7})
        cities = ["Berlin", "Munich", "Hamburg", "Essen", "Leipzig", "Stettin", "Frankfurt"]
        core.do(db, "t", {"type": "secrets", "power": "Germany", "cities": cities})
        core.do(db, "t", {"type": "police", "power": "Germany", "cities": order})
        replies.append([reply(db, "t", seat) for seat in ("Italy", None)])
        with core.opened(db) as store, store.read():
            state = core.load(store, "t").state
        strengths.append(Hidden.of(state, GAME.data).police["Germany"])
    assert replies[0] == replies[1]
    assert "Berlin 2, Essen, Hamburg 2, Munich 2" in json.dumps(replies[0][1]["log"])
    assert strengths[0] != strengths[1]
    assert strengths[0]["Berlin"] > strengths[1]["Berlin"]  # the two strongest went first
