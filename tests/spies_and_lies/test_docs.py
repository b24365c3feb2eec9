"""docs/spies-and-lies.md stays true: its example game is the recorded flag-win game, every action
type it lists is one the game knows, and the board it shows is what render prints."""

from __future__ import annotations

import json
import re

import yaml
from sl_table import GAME

from assistant.games.spies_and_lies.rules import ACTIONS
from deaddrop.paths import REPO_ROOT

DOC = (REPO_ROOT / "docs" / "spies-and-lies.md").read_text(encoding="utf-8")
GAMES = REPO_ROOT / "tests" / "spies_and_lies" / "games"


def blocks(language: str) -> list[str]:
    return re.findall(rf"```{language}\n(.*?)```", DOC, flags=re.S)


def example_after(events: int) -> dict:
    """The state of the documented example game after its first `events` events."""
    recorded = yaml.safe_load((GAMES / "flag-win.yaml").read_text(encoding="utf-8"))
    state = GAME.setup({})
    for event in recorded["events"][:events]:
        state = GAME.apply(state, event["action"])
    return state


def test_example_game_is_the_recorded_one():
    example = yaml.safe_load(blocks("yaml")[0])
    recorded = yaml.safe_load((GAMES / "flag-win.yaml").read_text(encoding="utf-8"))
    assert example == recorded


def test_documented_actions_are_the_games():
    table = DOC.split("## The action vocabulary")[1].split("##")[0]
    listed = re.findall(r"^\| `(\w+)` \|", table, flags=re.M)
    assert sorted(listed) == sorted(ACTIONS.named)


def test_documented_board_is_the_render():
    state = example_after(26)
    assert GAME.render(state).strip() in DOC


def test_documented_state_json_is_the_view():
    """The JSON shown (lists of missions shortened with "...") is `show --json` after event 26."""
    shown = json.loads(blocks("json")[0])
    state = example_after(26)
    view = GAME.view(state)
    assert sorted(shown) == sorted(view)
    for side, cards in shown.pop("missions").items():
        listed = [card for card in cards if card != "..."]
        assert listed == view["missions"][side][: len(listed)]
    assert shown == {key: value for key, value in view.items() if key != "missions"}
