"""Each game's declared vocabulary: `deaddrop table actions GAME [--json]`, and the docs tables
that must list exactly the declared actions and parameters (optional ones in brackets) with the
declared "when" (docs/table.md for tally, docs/spy-deduce.md for the Spy! referee,
docs/spies-and-lies.md for Spies & Lies, docs/spies.md for Spies!)."""

from __future__ import annotations

import json
import re

import pytest

from assistant.games import known_games, load_game
from deaddrop.paths import REPO_ROOT

# game -> (doc, the heading its table stands under)
DOCS = {
    "tally": ("table.md", "## The tally game"),
    "spy": ("spy-deduce.md", "## The referee"),
    "spy-solo": ("spy.md", "## Solo"),
    "spies-and-lies": ("spies-and-lies.md", "## The action vocabulary"),
    "spies": ("spies.md", "## The action vocabulary"),
    "spy-vs-spy": ("spy-vs-spy.md", "## The action vocabulary"),
}
ROW = re.compile(r"^\| `(\w+)` \| ([^|]*) \| ([^|]*) \|", flags=re.M)
PARAM = re.compile(r"`(\[?)(\w+)\]?`")


def documented(game: str) -> dict[str, tuple[list[tuple[str, bool]], str]]:
    """action -> ([(parameter, required)], when) from the game's docs table."""
    doc, heading = DOCS[game]
    text = (REPO_ROOT / "docs" / doc).read_text(encoding="utf-8")
    section = text.split(heading, 1)[1].split("\n## ", 1)[0]
    return {
        name: ([(p, not bracket) for bracket, p in PARAM.findall(params)], when.strip())
        for name, params, when in ROW.findall(section)
    }


def declared(game: str) -> dict[str, tuple[list[tuple[str, bool]], str]]:
    return {
        action.name: ([(p.name, p.required) for p in action.params], action.when.text)
        for action in load_game(game).actions.actions
    }


def test_every_game_is_documented():
    assert sorted(DOCS) == known_games()


@pytest.mark.parametrize("game", sorted(DOCS))
def test_the_docs_table_is_the_declaration(game):
    docs, code = documented(game), declared(game)
    assert list(docs) == list(code), "the actions differ (or their order)"
    for name in code:
        assert docs[name][0] == code[name][0], f"{name}: parameters (optional in brackets)"
        assert docs[name][1] == code[name][1], f"{name}: when"


def test_actions_prints_the_vocabulary(cli):
    result = cli("table", "actions", "tally")
    assert result.exit_code == 0
    assert result.stdout.splitlines()[:5] == [
        "tally: Tally: a counter game for trying out the table assistant",
        "",
        "add: add n points to a player",
        "  when: any time",
        "  player  player             required  whose points change",
    ]
    assert "  seed    whole number  optional  the seed the dice were drawn from" in result.stdout


@pytest.mark.parametrize("game", sorted(DOCS))
def test_actions_json_has_the_documented_shape(cli, game):
    result = cli("table", "actions", game, "--json")
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert sorted(data) == ["actions", "game", "title"]
    assert data["game"] == game
    for action in data["actions"]:
        assert sorted(action) == ["help", "name", "params", "when"]
        assert action["help"] and sorted(action["when"]) == ["phases", "text"]
        for param in action["params"]:
            assert sorted(param) == ["help", "name", "required", "type"]
            assert isinstance(param["required"], bool) and param["type"]
    names = [a["name"] for a in data["actions"]]
    assert names == list(declared(game))
    text = cli("table", "actions", game).stdout
    assert all(f"\n{name}: " in text for name in names)


def test_spies_and_lies_phases_are_listed():
    data = {a["name"]: a for a in load_game("spies-and-lies").actions.as_json()}
    assert data["audit"]["when"]["phases"] == ["day_end", "audit"]
    assert data["guess"]["when"]["phases"] == ["missions"]


def test_actions_of_an_unknown_game_is_exit_2(cli):
    result = cli("table", "actions", "chess")
    assert result.exit_code == 2
    known = "spies, spies-and-lies, spy, spy-solo, spy-vs-spy, tally"
    assert result.stderr == f"deaddrop: unknown game 'chess' (known: {known})\n"
