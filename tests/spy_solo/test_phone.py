"""Spy! solo on the phone page (`deaddrop serve`): one seat, you; the computer's parameters are
not yours to give; a probe and its answer from the phone; the view keeps the secret out."""

from __future__ import annotations

import json

from assistant import table as core
from deaddrop.web.api import Tables

KEY = bytes(range(32))


def test_a_round_from_the_phone(tmp_path):
    db = tmp_path / "t.db"
    core.new(db, "spy-solo", "t", {"level": "best"})
    sealed = core.do(db, "t", {"type": "seal", "seed": 9, "salt": "phone-salt"})
    secret = sealed.state["secret"]["network"]
    tables = Tables(db, None, KEY)
    served = tables.refresh(strict=True)[0]
    assert list(served.codes) == ["you"]
    code = served.codes["you"]
    page = tables.state(code).body
    assert page["seats"] == ["you"]
    assert page["not_yours"]["probe"] == ["reply", "seed"]
    assert page["not_yours"]["answer"] == ["computer"]
    reply = tables.act(code, "do", {"action": "probe", "params": {"cells": "5E"}}, key="k1")
    assert reply.status == 200, reply.body
    forged = {"action": "probe", "params": {"cells": "5F", "reply": "1A"}}
    assert tables.act(code, "do", forged, key="k2").status != 200
    asked = core.show(db, "t").state["probes"][-1]["cells"]
    answers = {"action": "answer", "params": {"answers": ",".join("c" * len(asked))}}
    assert tables.act(code, "do", answers, key="k3").status == 200
    body = json.dumps(tables.state(code).body)
    spectator = json.dumps(tables.state(served.spectator).body)
    assert "you answer" in body
    for text in (body, spectator):
        assert secret not in text and "phone-salt" not in text
