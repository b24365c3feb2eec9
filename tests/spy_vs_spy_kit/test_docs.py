"""docs/spy-vs-spy.md stays true: its counts are the templates', every House choice the kit
prints is explained there, and nothing names files a clone does not have."""

from __future__ import annotations

import re

from svs_kit import DOC, FOLDER, HERE, components, copies

TEXT = DOC.read_text(encoding="utf-8")


def test_the_counts_table_is_the_kit():
    table = TEXT.split("## What the kit holds")[1].split("\n\n")[1]
    listed = {
        name: int(count) for name, count in re.findall(r"^\| `(\w+)` \| (\d+) \|", table, re.M)
    }
    assert listed == {name: copies(spec) for name, spec in components().items()}


def _printed_texts() -> list[str]:
    """Every text element of every component (front and back), as written in the templates."""
    out = []
    for spec in components().values():
        for face in ("front", "back"):
            out += [str(e["text"]) for e in spec.get(face) or () if "text" in e]
    return out


def test_the_pieces_state_rules_plainly():
    """No printed word about the rules text, what it lacks, or who chose (docs and notes hold
    the reasons)."""
    for text in _printed_texts():
        for words in ("House choice", "the rules", "rules'", "missing", "our reading", "OURS"):
            assert words not in text, (words, text)


def test_every_reading_the_docs_quote_is_printed_as_quoted():
    """The readings table quotes each rule as the kit prints it: every quoted sentence is a
    printed text (its fields filled from the player aid's row)."""
    table = TEXT.split("## Readings and choices")[1].split("\n\n")[2]
    quoted = re.findall(r'"([A-Z][^"]+[.:])"', table.split("| the rules |")[1])
    assert len(quoted) >= 9
    aid = components()["player_aid"]["rows"][0]
    printed = set()
    for text in _printed_texts():
        for key, value in aid.items():
            text = text.replace("{" + key + "}", str(value))
        printed.add(text)
    for sentence in quoted:
        assert any(sentence in text for text in printed), sentence


def test_the_notes_say_what_you_need_and_the_edition_page_why_the_board_reads_as_it_does():
    import yaml

    game = yaml.safe_load((FOLDER / "game.yaml").read_text(encoding="utf-8"))
    notes = game["notes"]
    first = notes.split("\n")[0]
    assert first.startswith("What you need: this printed kit, scissors")
    assert "glue" in first and "two six-sided dice" in first
    assert "About this edition" not in notes and "the rules" not in notes  # how to print only
    edition = {entry["choice"]: entry["why"] for entry in game["edition"]}
    moves = next(why for choice, why in edition.items() if choice.startswith("How a spy moves"))
    assert "drawing that did not survive" in moves
    assert any("costs 1 action point" in choice for choice in edition)


def test_nothing_names_the_rules_file_outside_the_repository():
    files = [DOC, *FOLDER.glob("*.yaml"), *HERE.glob("*.py"), *HERE.glob("*.txt")]
    for path in files:
        text = path.read_text(encoding="utf-8")
        for outside in ("../" + "shared", "/" + "work/"):  # spelt so that this file passes too
            assert outside not in text, (path, outside)
