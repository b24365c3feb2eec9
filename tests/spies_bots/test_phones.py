"""A table with bots on phones: the powers the tracker plays get no phone link (their secrets
stay in no seat's view, no yes is asked of them), and a seat's log marks the bots' actions."""

from __future__ import annotations

from pathlib import Path

from assistant import table as core
from deaddrop.web.api import Tables
from tests.web.noninterference import KEY

BOTS = "Italy,Russia,France,Britain"


def _served(tmp_path: Path):
    db = tmp_path / "t.db"
    core.new(db, "spies", "t", {"players": 5, "bots": BOTS, "seed": 1933})
    tables = Tables(db, None, KEY)
    return db, tables, tables.refresh(strict=True)[0]


def test_only_the_person_gets_a_phone_link(tmp_path: Path) -> None:
    _db, tables, served = _served(tmp_path)
    assert sorted(served.codes) == ["Germany"]
    state = tables.state(served.codes["Germany"]).body["view"]
    assert set(state["secret"]["dealt"]) == {"Germany"}
    for bot in BOTS.split(","):
        assert bot not in state["secret"]["hands"]


def test_a_seats_log_marks_the_bots_actions(tmp_path: Path) -> None:
    _db, tables, served = _served(tmp_path)
    log = tables.state(served.codes["Germany"]).body["log"]
    bys = {line["by"] for line in log}
    assert "Italy (bot)" in bys and "Britain (bot)" in bys
    assert "Germany" not in bys  # nothing entered from Germany's phone yet
