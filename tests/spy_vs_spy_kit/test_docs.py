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


def test_every_house_choice_the_kit_prints_is_in_the_docs():
    printed = set()
    for path in FOLDER.glob("*.yaml"):
        for text in re.findall(r"House choice: ([^\"]+)", path.read_text(encoding="utf-8")):
            printed.add(" ".join(text.split()[:6]).rstrip(".,;:"))
    assert len(printed) == 6
    for start in printed:
        filled = start.replace("{search}", "1").replace("{health}", "8")
        assert filled in TEXT, start


def test_nothing_names_the_rules_file_outside_the_repository():
    files = [DOC, *FOLDER.glob("*.yaml"), *HERE.glob("*.py"), *HERE.glob("*.txt")]
    for path in files:
        text = path.read_text(encoding="utf-8")
        for outside in ("../" + "shared", "/" + "work/"):  # spelt so that this file passes too
            assert outside not in text, (path, outside)
