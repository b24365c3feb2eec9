"""A Spy! solo game as a table: the whole game through the store, its log, undo, export and
replay, and what the player may see of the computer's network before the end (nothing)."""

from __future__ import annotations

import json

import pytest

from assistant import table as core
from assistant import table_io
from assistant.games.spy.enumerate import networks
from assistant.games.spy.model import Field, answer, format_cell, parse_cell
from assistant.games.spy.seal import parse_vertices
from deaddrop.errors import Refused

FIELD = Field(10, 10)
MINE = "2B 2D 5D 5H 10H 10B 9B"
MASK = parse_vertices(MINE).mask(FIELD)


def _truth(cells: list[str]) -> str:
    return ",".join(answer(MASK, parse_cell(c, FIELD), FIELD) for c in cells)


def _play(db, seed: int, probes: list[str], level: str = "best", *, name: str = "g") -> list:
    """A game where you answer truly; stops at the computer's claim. The outcomes."""
    core.new(db, "spy-solo", name, {"level": level})
    out = [core.do(db, name, {"type": "seal", "seed": seed, "salt": f"salt-{seed}"})]
    for cells in probes:
        out.append(core.do(db, name, {"type": "probe", "cells": cells, "seed": 1}))
        asked = out[-1].state["probes"][-1]["cells"]
        out.append(core.do(db, name, {"type": "answer", "answers": _truth(asked)}))
        if out[-1].state["phase"] != "play":
            break
    return out


def test_a_whole_game_reads_well_and_scores(tmp_path):
    db = tmp_path / "t.db"
    outcomes = _play(db, 11, ["5E", "3C-3F", "7B"] + ["1A"] * 12)
    state = outcomes[-1].state
    assert state["phase"] == "claims" and state["claims"][-1]["by"] == "computer"
    secret = outcomes[0].state["secret"]["network"]
    done = core.do(db, "g", {"type": "reveal", "network": MINE})
    result = done.state["result"]
    assert result["winner"] == "computer" and result["how"] == "single victory"
    assert f"the computer's network was {secret}" in done.text
    assert "the sealed hash matches" in done.text
    lines = [line.text for line in core.log(db, "g")]
    assert lines[0].startswith("the computer (best level) draws its network and seals it: sha256")
    assert lines[1].startswith("you probe 5E: ")
    assert "; the computer probes " in lines[1] and "on your field" in lines[1]
    assert lines[2].startswith("you answer ") and lines[2].endswith(
        "the computer makes no claim yet"
    )
    assert "the computer claims your network is" in lines[-2]
    assert lines[-1].startswith(
        "you reveal 2B 2D 5D 5H 10H 10B 9B; game over: the computer wins, a single victory: "
        "you made no claim, the computer's claim was right; victories: you 0, the computer 1; "
        f"the computer's network was {secret} (salt "
    )


def test_the_secret_stays_out_of_view_log_and_refusals_until_the_end(tmp_path):
    db = tmp_path / "t.db"
    outcomes = _play(db, 5, ["5E", "6E"], level="fair")
    secret = outcomes[0].state["secret"]
    shown = core.show(db, "g")
    seen = [
        json.dumps(shown.game.view(shown.state)),
        shown.game.render(shown.state),
        json.dumps(shown.game.seat_view(shown.state, "you")),
        *(line.text for line in core.log(db, "g")),
        *(json.dumps(shown.game.public_action(line.action)) for line in core.log(db, "g")),
    ]
    for attempt in (
        {"type": "reveal", "network": MINE},
        {"type": "seal", "seed": 1},
        {"type": "claim", "network": "1A 1B"},
        {"type": "probe", "cells": "5E-5K"},
        {"type": "probe", "cells": "99Z"},
    ):
        with pytest.raises(Refused) as refused:
            core.do(db, "g", attempt)
        seen.append(str(refused.value))
    cells = " ".join(format_cell(c) for c in sorted(parse_vertices(secret["network"]).cells()))
    for text in seen:
        assert secret["network"] not in text and secret["salt"] not in text
        assert cells not in text


def test_the_public_side_does_not_depend_on_the_computers_network(tmp_path):
    """Two games whose computers hold different networks that answer your probes alike: what
    you see differs only in the sealed hash (and the reveal)."""
    nets = networks(FIELD, (1, 2, 3, 4, 5, 6))
    probes = ["1A", "10J", "1J"]
    probe_cells = [parse_cell(c, FIELD) for c in probes]

    def answers(i: int) -> list[str]:
        return [answer(nets.mask(i), c, FIELD) for c in probe_cells]

    first = 0
    second = next(i for i in range(1, len(nets)) if answers(i) == answers(first))
    seen = []
    for k, index in enumerate((first, second)):
        db = tmp_path / f"t{k}.db"
        network = " ".join(format_cell(v) for v in nets.vertices(index))
        core.new(db, "spy-solo", "g", {"level": "fair"})
        sealed = core.do(db, "g", {"type": "seal", "seed": 1, "salt": f"s{k}", "network": network})
        digest = sealed.state["sealed"]
        texts = []
        for cells in probes:
            done = core.do(db, "g", {"type": "probe", "cells": cells, "seed": 1})
            asked = done.state["probes"][-1]["cells"]
            core.do(db, "g", {"type": "answer", "answers": _truth(asked)})
        shown = core.show(db, "g")
        texts.append(json.dumps(shown.game.view(shown.state), sort_keys=True))
        texts.append(shown.game.render(shown.state))
        texts += [line.text for line in core.log(db, "g")]
        texts += [json.dumps(shown.game.public_action(line.action)) for line in core.log(db, "g")]
        seen.append([text.replace(digest, "HASH") for text in texts])
    assert seen[0] == seen[1]


def test_undo_export_and_replay(tmp_path):
    db = tmp_path / "t.db"
    outcomes = _play(db, 8, ["5E", "4D"], level="easy")
    before = outcomes[-1].state
    core.undo(db, "g")
    assert core.show(db, "g").state == outcomes[-2].state
    core.redo(db, "g")
    assert core.show(db, "g").state == before
    exported = table_io.export(db, "g")
    path = tmp_path / "game.yaml"
    path.write_text(exported, encoding="utf-8")
    replayed = table_io.replay_file("spy-solo", path)
    assert replayed.state == before
    probes = [p["cells"] for p in before["probes"] if p["by"] == "computer"]
    assert [p["cells"] for p in replayed.state["probes"] if p["by"] == "computer"] == probes


def test_a_recorded_computer_move_must_be_legal(tmp_path):
    db = tmp_path / "t.db"
    _play(db, 8, [], level="fair")
    for bad, why in (
        ({"type": "probe", "cells": "5E", "reply": "1A-1F"}, "cells"),
        ({"type": "probe", "cells": "5E", "reply": "1A-1B", "seed": 1}, None),
    ):
        if why:
            with pytest.raises(Refused, match=why):
                core.do(db, "g", bad)
        else:
            core.do(db, "g", bad)
    with pytest.raises(Refused, match="not a decision of the computer"):
        core.do(db, "g", {"type": "answer", "answers": "c,c", "computer": "give up"})
    state = core.do(db, "g", {"type": "answer", "answers": "c,c"}).state
    assert state["squares"]["computer"] == [2, 3, 3, 4, 5]


def test_both_claim_in_the_same_round_a_tie_and_a_wrong_claim(tmp_path):
    db = tmp_path / "t.db"
    outcomes = _play(db, 11, ["5E", "3C-3F", "7B"] + ["1A"] * 12)
    secret = outcomes[0].state["secret"]["network"]
    assert outcomes[-1].state["claims"][-1]["by"] == "computer"
    claimed = core.do(db, "g", {"type": "claim", "network": secret})
    assert claimed.text == f"you claim the computer's network is {secret}"
    assert "computer" not in core.log(db, "g")[-1].action  # it had claimed already
    with pytest.raises(Refused, match="you have claimed already"):
        core.do(db, "g", {"type": "claim", "network": secret})
    result = core.do(db, "g", {"type": "reveal", "network": MINE}).state["result"]
    assert result["winner"] is None and result["how"] == "tie"
    assert result["points"] == {"you": 1, "computer": 1}
    core.undo(db, "g")
    core.undo(db, "g")
    wrong = "1A 1C 4C 4G 9G 9A 10A"
    assert core.do(db, "g", {"type": "claim", "network": wrong}).text.startswith("you claim")
    result = core.do(db, "g", {"type": "reveal", "network": MINE}).state["result"]
    assert result["winner"] == "computer" and result["how"] == "triple victory"
    assert result["points"] == {"you": 0, "computer": 3}
