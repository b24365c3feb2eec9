"""docs/spies.md stays true: its example year is the recorded five-player game's 1933, its log
is what the log prints, its board what `show` prints, its JSON what `show --json` gives; the
vocabulary table is held to the declaration by tests/table/test_vocabulary.py."""

from __future__ import annotations

import json
import re

import yaml
from spies_table import GAMES

from assistant.games.spies.rules import GAME
from deaddrop.paths import REPO_ROOT

DOC = (REPO_ROOT / "docs" / "spies.md").read_text(encoding="utf-8")
EXAMPLE = DOC.split("## A complete example year", 1)[1].split("\n## ", 1)[0]
RECORDED = yaml.safe_load((GAMES / "five-players.yaml").read_text(encoding="utf-8"))


def blocks(language: str = "") -> list[str]:
    """The example's fenced blocks of this language (none: plain ``` blocks)."""
    found = re.findall(r"^```(\w*)\n(.*?)^```$", EXAMPLE, flags=re.S | re.M)
    return [text for lang, text in found if lang == language]


def replayed() -> tuple[dict, list[str]]:
    """The state after the example's events and the log lines they make."""
    events = yaml.safe_load(blocks("yaml")[0])["events"]
    state = GAME.setup(RECORDED["options"])
    lines = []
    for number, event in enumerate(events, start=1):
        after = GAME.apply(state, event["action"])
        by = f" [by {event['by']}]" if event.get("by") else ""
        lines.append(f"{number}. {GAME.describe(event['action'], state, after)}{by}")
        state = after
    return state, lines


def test_the_example_year_is_the_recorded_games_1933():
    example = yaml.safe_load(blocks("yaml")[0])
    assert example["options"] == RECORDED["options"]
    assert example["events"] == RECORDED["events"][: len(example["events"])]
    state, _ = replayed()
    assert (state["year"], state["turn"]) == (1934, "Germany")


def test_the_documented_log_is_the_log():
    _, lines = replayed()
    assert blocks()[0].rstrip("\n") == "\n".join(lines[15:])


def test_the_documented_board_is_the_render():
    state, _ = replayed()
    assert blocks()[1].rstrip("\n") == GAME.render(state)


def test_the_documented_json_is_the_view():
    state, _ = replayed()
    shown = json.loads(blocks("json")[0])
    view = GAME.view(state)
    assert shown == {key: view[key] for key in shown}
    required = {"year", "turn", "ap_left", "bank", "tiles_played", "record", "over", "winner"}
    assert required <= set(shown)


def test_the_documented_state_keys_are_the_views():
    section = DOC.split("## State JSON (`show --json`)", 1)[1].split("\n## ", 1)[0]
    words = section.split("A record\nentry")[0]
    named = set(re.findall(r"`(\w+)`", words)) | set(re.findall(r'"(\w+)":', words))
    from map_fixture import tracked_table

    view = GAME.view(replayed()[0])
    view.update(tracked_table().view)  # and a table that tracks positions: `positions`
    view.update(GAME.view(GAME.setup({"players": 5, "bots": "Italy"})))  # with bots: `bots`
    assert set(view) - {"game"} <= named | {"players"}, set(view) - named
    inner = {"annexed", "spy_home", "number", "stands", "setup", "play", "final", "null"}
    inner |= set(view["positions"])
    assert named - set(view) <= inner, named - set(view)


def test_the_rules_table_names_tests_that_exist():
    """docs/spies.md's "The rules line by line": every test it names is a test of tests/spies/."""
    from pathlib import Path

    section = DOC.split("## The rules line by line", 1)[1].split("\n## ", 1)[0]
    here = Path(__file__).parent
    sources = {path.name: path.read_text(encoding="utf-8") for path in here.glob("test_*.py")}
    named = re.findall(r"`(test_\w+\.py)::(test_\w+)`", section)
    assert len(named) > 20
    for file, test in named:
        assert f"def {test}(" in sources.get(file, ""), (file, test)
    for rule in ("3.4", "3.5", "3.6", "3.7", "3.9", "4.1", "4.2", "4.3", "5.1", "5.2"):
        assert f"\n| {rule} " in section, rule
