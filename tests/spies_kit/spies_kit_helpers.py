"""Helpers of the Spies! (SPI 1981) kit tests: building the kit through the command line, the
templates' data as the tracker will read it (plain YAML, anchors resolved), and our own small
parsers of the rules text copied beside these tests (rules_*.txt: each names its source). The
parsers read the rules text, never the templates, so that the tests compare two readings."""

from __future__ import annotations

import re
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import yaml

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
KIT = REPO / "templates" / "spies"
DOC = REPO / "docs" / "spies.md"
POWERS = ("Germany", "Italy", "Russia", "France", "Britain")


def rules_text(name: str) -> str:
    """A copied part of the rules text, without our header (the lines above the dashes)."""
    text = (HERE / name).read_text(encoding="utf-8")
    return text.split("-" * 72 + "\n", 1)[1]


# ---------------------------------------------------------------- the templates' data


def load_components() -> dict:
    """Every component of the kit by name, anchors resolved, as a tracker reads the files."""
    found: dict = {}
    for path in sorted(KIT.glob("*.yaml")):
        tree = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
        found.update(tree.get("components") or {})
    return found


def load_map() -> dict:
    """The `map:` section of templates/spies/map.yaml (cities, sea zones, lines), plain YAML."""
    return yaml.safe_load((KIT / "map.yaml").read_text(encoding="utf-8"))["map"]


def rows(component: dict) -> list[dict]:
    """A component's rows with every value as text (as the kit prints it), `count` as a number."""
    out = []
    for row in component["rows"]:
        out.append(
            {k: (v if k == "count" else ("" if v is None else str(v))) for k, v in row.items()}
        )
    return out


# ---------------------------------------------------------------- the built kit


@dataclass(frozen=True)
class Built:
    pdf: Path
    paper: str
    flip: str


@dataclass(frozen=True)
class SheetPages:
    """One printed sheet of the kit PDF: its front page, its back page (0-based; None when it
    prints single-sided) and the components on it."""

    front: int
    back: int | None
    names: frozenset[str]


def sheets(paper: str = "a4", flip: str = "long") -> list[SheetPages]:
    """The kit's sheets as the build plans them (the guide first, then each sheet's pages)."""
    from pnp.definitions import load_game
    from pnp.imposition import Settings, kit_document
    from pnp.imposition.kit_plan import plan_kit
    from pnp.imposition.paper import Paper

    kit = load_game(KIT)
    settings = Settings(paper=paper, flip=flip)
    total = len(kit_document(kit, settings).pages)
    plan = plan_kit(kit.components, Paper.of(settings), 1)
    guide = total - plan.last_page
    out = []
    for page, sheet in zip(plan.pages, plan.sheets, strict=True):
        index = guide + page - 1
        back = index + 1 if sheet.back is not None else None
        names = frozenset(kit.components[i].name for i, _ in sheet.holds)
        out.append(SheetPages(index, back, names))
    return out


def build(out: Path, paper: str = "a4", flip: str = "long") -> Built:
    """`deaddrop build spies` as a player runs it; the kit PDF it wrote."""
    deaddrop = Path(sys.executable).with_name("deaddrop")
    command = [str(deaddrop), "build", "spies", "--out", str(out), "--paper", paper]
    subprocess.run([*command, "--flip", flip], check=True, capture_output=True, cwd=REPO)
    return Built(out / "spies.pdf", paper, flip)


# ---------------------------------------------------------------- the rules text, our parsers

OWNERS = {"Ge": "Germany", "It": "Italy", "Rs": "Russia", "Fr": "France", "Br": "Britain"}


@dataclass(frozen=True)
class RulesTile:
    code: str  # "Ge 1", "random 36"
    star: bool
    years: str  # "ANY YEAR", "1937", "1937-39"
    headline: str
    awards: tuple[tuple[str, tuple[str, ...]], ...]  # ("2c", ("Helsinki", "Moscow")), ("3£", ...)


def parse_rules_tiles() -> list[RulesTile]:
    """The 50 Event Tiles of the rules' tile list, in number order. Readings (docs/spies.md):
    an award 'NE' is OCR for 'N£'; the '## RUSSIAN' ... headings are the OCR's page headings,
    not owners (a tile's owner is its code); a line of cities without an award code (random 39)
    goes on with the award above it."""
    tiles: list[dict] = []
    head = re.compile(
        r"^\*\*(ANY YEAR|\d{4}(?:-\d{2})?)\*\* ((?:Ge|It|Rs|Fr|Br|random) \d+)(\\\*)?$"
    )
    award = re.compile(r"^(\d+)([cE£]): (.+)\.$")
    for line in (raw.strip() for raw in rules_text("rules_event_tiles.txt").splitlines()):
        if not line or line.startswith("## "):
            continue
        found = head.match(line)
        if found:
            tiles.append(
                {"code": found[2], "star": bool(found[3]), "years": found[1], "awards": []}
            )
        elif line.startswith("*") and line.endswith("*") and "headline" not in tiles[-1]:
            tiles[-1]["headline"] = line[1:-1]
        elif award.match(line):
            count, kind, cities = award.match(line).groups()
            unit = "c" if kind == "c" else "£"
            tiles[-1]["awards"].append((count + unit, tuple(cities.split(", "))))
        else:  # a wrapped line of cities
            amount, cities = tiles[-1]["awards"][-1]
            more = tuple(line.rstrip(".").split(", "))
            tiles[-1]["awards"][-1] = (amount, cities + more)
    out = [
        RulesTile(t["code"], t["star"], t["years"], t["headline"], tuple(t["awards"]))
        for t in tiles
    ]
    return sorted(out, key=lambda t: int(t.code.split()[1]))


@dataclass(frozen=True)
class Cell:
    group: str  # the counter list's heading over the cell: RUSSIANS, SECRETS, GERMANS ...
    column: int  # 0-19 across both halves of the sheet
    label: str
    value: str


def parse_counter_cells() -> list[Cell]:
    """Every labelled cell of the counter list. The list is a table of 20 tab-separated columns,
    two halves of 10: a row of labels followed by its row of values. A half holding only a
    heading (RUSSIANS, SECRETS, GERMANS, ITALIANS, BRITISH) names the group of the cells below it
    in that half; a row of headings alone has no row of values. The left half's chits have no
    heading: they are 'CHITS' here."""
    lines = rules_text("rules_counter_section.txt").splitlines()
    table = [[w.strip() for w in line.split("\t")] + [""] * 20 for line in lines if "\t" in line]
    groups = ["", ""]
    cells: list[Cell] = []
    index = 0

    def heading(words: list[str]) -> str | None:
        named = [w for w in words if w]
        return named[0] if len(named) == 1 and named[0] in HEADINGS else None

    while index < len(table):
        words = table[index]
        halves = [words[0:10], words[10:20]]
        if all(heading(h) or not any(h) for h in halves):
            for half, part in enumerate(halves):
                groups[half] = heading(part) or groups[half]
            index += 1
            continue
        values = table[index + 1]
        for half, part in enumerate(halves):
            if heading(part):
                groups[half] = heading(part)
                continue
            for offset, label in enumerate(part):
                if not label:
                    continue
                if half == 0 and label in CHIT_NAMES:
                    groups[0] = "CHITS"
                column = half * 10 + offset
                cells.append(Cell(groups[half], column, label, values[column]))
        index += 2
    return cells


HEADINGS = ("RUSSIANS", "SECRETS", "GERMANS", "ITALIANS", "BRITISH")
CHIT_NAMES = ("Papers", "Discovery", "Sanction", "Recruit", "Escape", "Cover", "Intercept")
CHIT_NAMES += ("Source", "Drop")
