"""docs/spies-and-lies.md stays true: its example game is the recorded flag-win game, every action
type it lists is one the game knows, and the board it shows is what render prints."""

from __future__ import annotations

import re

import yaml
from sl_table import GAME

from assistant.games.spies_and_lies.rules import ACTIONS
from deaddrop.paths import REPO_ROOT

DOC = (REPO_ROOT / "docs" / "spies-and-lies.md").read_text(encoding="utf-8")
GAMES = REPO_ROOT / "tests" / "spies_and_lies" / "games"


def blocks(language: str) -> list[str]:
    return re.findall(rf"```{language}\n(.*?)```", DOC, flags=re.S)


def test_example_game_is_the_recorded_one():
    example = yaml.safe_load(blocks("yaml")[0])
    recorded = yaml.safe_load((GAMES / "flag-win.yaml").read_text(encoding="utf-8"))
    assert example == recorded


def test_documented_actions_are_the_games():
    table = DOC.split("## The action vocabulary")[1].split("##")[0]
    listed = re.findall(r"^\| `(\w+)` \|", table, flags=re.M)
    assert sorted(listed) == sorted(ACTIONS)


def test_documented_board_is_the_render():
    recorded = yaml.safe_load((GAMES / "flag-win.yaml").read_text(encoding="utf-8"))
    state = GAME.setup({})
    for event in recorded["events"][:26]:
        state = GAME.apply(state, event["action"])
    assert GAME.render(state).strip() in DOC
