"""`deaddrop table new spies --bots ...` and the bots' answers to `table do`: the exact
messages, the instructions on the host's screen, a table of bots that plays itself."""

from __future__ import annotations

import json
import re

import pytest
from typer.testing import CliRunner

from deaddrop.commands.main import app


@pytest.fixture
def run(tmp_path, monkeypatch):
    monkeypatch.setenv("DEADDROP_DB", str(tmp_path / "tables.sqlite"))
    monkeypatch.setenv("DEADDROP_CACHE", str(tmp_path / "cache"))
    runner = CliRunner()

    def invoke(*args: str):
        return runner.invoke(app, list(args))

    return invoke


def test_bots_set_up_their_powers_and_say_what_to_do_with_their_pieces(run):
    result = run("table", "new", "spies", "--players", "5", "--bots", "Italy,France", "--seed", "3")
    assert result.exit_code == 0, result.output
    out = result.output
    assert "1. Italy takes its 7 Event Tiles and 3 random ones" in out
    assert re.search(r"  > Italy: spies face down \(any of Italy's: .*\): .*#1", out)
    assert "  > France: put 6 secrets face down, one in each of Paris, " in out
    assert "Germany" not in out.split("Spies! (SPI 1981)")[0]  # no bot acts for a person
    shown = json.loads(run("table", "show", "--json").output)
    assert shown["bots"] == {"Italy": "fair", "France": "fair"}
    assert shown["phase"] == "setup"
    # the person's seat sees its own dealt facts, never a bot's
    mine = run("table", "show", "--as", "Germany").output.split("only Germany sees:")[1]
    dealt = mine.split("  dealt:\n")[1].split("\n  spies:")[0]
    assert dealt.startswith("    Germany: chits ")
    assert "Italy" not in dealt and "France" not in dealt


def test_after_a_persons_turn_the_bots_play_theirs_until_the_person_must_act(run):
    run(
        "table",
        "new",
        "spies",
        "--players",
        "5",
        "--bots",
        "Italy,Russia,France,Britain",
        "--bot-level",
        "best",
        "--seed",
        "5",
    )
    run("table", "do", "hand", "power=Germany")
    run(
        "table",
        "do",
        "secrets",
        "power=Germany",
        "cities=[Berlin, Munich, Hamburg, Essen, Leipzig, Stettin, Frankfurt]",
    )
    placed = run(
        "table",
        "do",
        "place",
        "power=Germany",
        "spies={Erik: Warsaw, Heidi: Prague, Ernst: Vienna, Gunther: Budapest, "
        "Kurt: Paris, Cousin: London}",
        "police={Berlin: 2, Hamburg: 2, Munich: 2, Essen: 1}",
    )
    assert placed.exit_code == 0, placed.output
    assert "the set up is done: 1933 begins; Germany's turn" in placed.output
    assert run("table", "do", "discard", "power=Germany", "tile=ge2").exit_code == 0
    ended = run("table", "do", "end_turn", "power=Germany", "--debug")
    assert ended.exit_code == 0, ended.output
    out = ended.output
    for power in ("Italy", "Russia", "France", "Britain"):
        assert f"> {power} ends its turn" in out
    assert "(why: " in out
    assert "1933 ends. 1934 begins" in out
    shown = json.loads(run("table", "show", "--json").output)
    assert (shown["year"], shown["turn"], shown["phase"]) == (1934, "Germany", "play")
    log = run("table", "log").output
    assert "[by Italy (bot)]" in log and "[by Germany (bot)]" not in log


def test_a_table_of_bots_plays_itself_to_the_end(run):
    result = run("table", "new", "spies", "--players", "5", "--bots", "all", "--seed", "7")
    assert result.exit_code == 0, result.output
    assert "the bots made" in result.output
    shown = json.loads(run("table", "show", "--json").output)
    assert shown["phase"] == "over"
    assert shown["result"]
    assert shown["winner"] in (None, *shown["bank"])


@pytest.mark.parametrize(
    ("words", "message"),
    [
        (
            ["--bots", "Prussia"],
            "option bots: no power 'Prussia' (powers: Germany, Italy, "
            "Russia, France, Britain, all)",
        ),
        (
            ["--bots", "all", "--players", "4"],
            "option bots: a bot plays one power's seat: give "
            "--players 5 (the people and the bots together)",
        ),
        (
            ["--bots", "Italy", "--bot-level", "hard"],
            "option bot_level: expected easy, fair, best (got 'hard')",
        ),
        (["--bots", "Italy", "--seed", "-1"], "option seed: expected a whole number >= 0 (got -1)"),
    ],
)
def test_bad_bot_options_are_refused_in_one_line(run, words, message):
    result = run("table", "new", "spies", *words)
    assert result.exit_code == 2
    assert result.output.strip() == f"deaddrop: {message}"


def test_a_police_strength_that_is_not_a_number_names_its_file_and_row(run, tmp_path, monkeypatch):
    """The strengths the bots read come through the tracker's checked reader: a broken edit of
    kit.yaml is unusable input (exit 2) named at its row, never a refusal or a traceback."""
    import shutil

    from deaddrop.paths import templates_dir

    copy = tmp_path / "templates"
    shutil.copytree(templates_dir(), copy)
    kit = copy / "spies" / "kit.yaml"
    text = kit.read_text(encoding="utf-8")
    broken = "{power: Germany, name: Gestapo, strength: four, colour: *ge, count: 3}"
    kit.write_text(
        text.replace("{power: Germany, name: Gestapo, strength: 2, colour: *ge, count: 3}", broken),
        encoding="utf-8",
    )
    assert broken in kit.read_text(encoding="utf-8")
    monkeypatch.setenv("DEADDROP_TEMPLATES", str(copy))
    result = run("table", "new", "spies", "--players", "5", "--bots", "Italy", "--seed", "3")
    assert result.exit_code == 2, result.output
    assert "kit.yaml: components.police.rows[0].strength: expected a whole number" in result.output
    assert "Traceback" not in result.output
