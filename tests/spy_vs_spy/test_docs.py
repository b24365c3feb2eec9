"""docs/spy-vs-spy.md stays true for the tracker: its example game is the recorded one, its state
JSON is `show --json` and its board is `show` at the moment it names, the log lines it quotes
are the replay's, and every action it lists is one the game knows (tests/table/test_vocabulary.py
holds the vocabulary table to the declaration)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import yaml
from svs_table import GAME

from assistant.games.spy_vs_spy.rules import ACTIONS
from deaddrop.paths import REPO_ROOT

DOC = (REPO_ROOT / "docs" / "spy-vs-spy.md").read_text(encoding="utf-8")
TRACKER = DOC.split("# The table tracker", 1)[1]
GAME_FILE = Path(__file__).parent / "games" / "helipad-win.yaml"
RECORDED = yaml.safe_load(GAME_FILE.read_text(encoding="utf-8"))


def blocks(language: str) -> list[str]:
    return re.findall(rf"```{language}\n(.*?)```", TRACKER, flags=re.S)


def replay(events: int | None = None) -> tuple[dict, list[str]]:
    state = GAME.setup(RECORDED["options"])
    log = []
    for number, event in enumerate(RECORDED["events"][:events], 1):
        after = GAME.apply(state, event["action"])
        log.append(f"{number}. {GAME.describe(event['action'], state, after)}")
        state = after
    return state, log


def test_the_example_game_is_the_recorded_one():
    assert yaml.safe_load(blocks("yaml")[0]) == RECORDED


def test_the_state_json_is_the_view_after_event_35():
    assert "after its 35th event" in TRACKER
    state, _ = replay(35)
    assert json.loads(blocks("json")[0]) == GAME.view(state)


def test_the_board_is_show_after_event_35():
    state, _ = replay(35)
    assert blocks("text")[0].rstrip("\n") == GAME.render(state)


def test_the_quoted_log_lines_are_the_replays():
    _, log = replay()
    quoted = blocks("text")[1].strip().splitlines()
    assert quoted and all(line in log for line in quoted)


def test_the_vocabulary_lists_every_action():
    table = TRACKER.split("## The action vocabulary")[1].split("\n## ")[0]
    assert re.findall(r"^\| `(\w+)` \|", table, flags=re.M) == list(ACTIONS.named)


def test_the_state_json_has_the_issues_keys():
    view = GAME.view(replay(10)[0])
    for key in ("round", "turn", "ap_left", "positions", "health", "lives", "pieces", "cops"):
        assert key in view and f'"{key}"' in TRACKER
    assert "winner" in view
