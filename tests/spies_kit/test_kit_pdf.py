"""The built Spies! kit read back from its PDF (pypdf, qpdf, pdffonts): every Event Tile of the
rules text and every counter of Counter Section Nr. 2 printed with its values, the counts the
docs give, backs behind their fronts on A4 and Letter for both flip edges, the display's tiles,
type sizes, embedded fonts."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from collections import Counter
from functools import cache
from pathlib import Path

import pytest
from pypdf import PdfReader
from spies_kit_helpers import DOC, KIT, POWERS, parse_counter_cells, rows, sheets

DEADDROP = Path(sys.executable).with_name("deaddrop")

ENGINE_TEXT = re.compile(r"glue here|part \d+ of \d+|— fronts|— backs")


def normal(text: str) -> str:
    return " ".join(text.split())


def front_text(reader: PdfReader, paper: str = "a4") -> str:
    """The text of every front page (after the guide), whitespace made single."""
    return normal(" ".join(reader.pages[s.front].extract_text() for s in sheets(paper)))


@cache
def kit_text(pdf: Path, paper: str = "a4") -> str:
    """`front_text` of a kit the session built (kit_a4, kits): read once a process, as several
    tests read the same pages (pypdf's text extraction of the Spies! kit: about 5 s of CPU)."""
    return front_text(PdfReader(pdf), paper)


def runs(page) -> list[tuple[str, float, float, float]]:
    """Each text run of a page: (text, x, y, size); x, y is where its line is anchored (the middle
    of the box for centred text), in PDF points (y up)."""
    found = []

    def visit(text, cm, tm, font, size):
        if text.strip():
            scale = abs(cm[0]) or abs(cm[1]) or 1.0
            found.append((text.strip(), cm[4], cm[5], size * scale))

    page.extract_text(visitor_text=visit)
    return found


# ---------------------------------------------------------------- Event Tiles


def test_every_tile_is_printed_as_the_rules_give_it(kit_a4, rules_tiles):
    text = kit_text(kit_a4.pdf)
    for tile in rules_tiles:
        awards = " ".join(f"{amount}: {', '.join(cities)}." for amount, cities in tile.awards)
        printed = f"{tile.code}{'*' if tile.star else ''} {tile.years} {tile.headline} {awards}"
        assert printed in text, printed
    assert text.count(" ANY YEAR ") >= sum(t.years == "ANY YEAR" for t in rules_tiles)


def test_every_award_city_is_printed_on_its_tile(kit_a4, rules_tiles):
    """Each tile's printed text runs from its code to the next tile's code: every city of each of
    its awards is in it, after that award's amount."""
    text = kit_text(kit_a4.pdf)
    heads = [f"{t.code}{'*' if t.star else ''} {t.years} " for t in rules_tiles]
    starts = sorted((text.index(head), n) for n, head in enumerate(heads))
    for (start, n), (end, _) in zip(starts, [*starts[1:], (len(text), -1)], strict=True):
        printed = text[start:end]
        for amount, cities in rules_tiles[n].awards:
            award = printed[printed.index(f" {amount}: ") :]
            for city in cities:
                assert re.search(rf" {re.escape(city)}[.,]", award), (heads[n], amount, city)


# ---------------------------------------------------------------- counters


VALUE = re.compile(r"\d+|£|\d+(-\d+)?£")


def printed_counters(reader: PdfReader, names: set[str]) -> Counter:
    """(name, value) of every counter on the front pages before the display: a counter prints
    its name (on one or two lines) and then its value; the Game Year marker has no value."""
    found: Counter = Counter()
    prefixes = {" ".join(n.split()[:k]) for n in names for k in range(1, len(n.split()) + 1)}
    for index in range(2, outline(reader)["Long Game Display (tiles to glue)"], 2):
        name: list[str] = []
        for line in reader.pages[index].extract_text().splitlines():
            line = line.strip()
            joined = " ".join([*name, line])
            if name and VALUE.fullmatch(line) and " ".join(name) in names:
                found[(" ".join(name), line)] += 1
                name = []
            elif joined in prefixes:
                name.append(line)
                if joined == "GAME YEAR":
                    found[("GAME YEAR", "")] += 1
                    name = []
            else:
                name = [line] if line in prefixes else []
    return found


def outline(reader: PdfReader) -> dict[str, int]:
    """The first page (0-based) of each component, from the PDF's bookmarks."""
    return {item.title: reader.get_destination_page_number(item) for item in reader.outline}


def expected_counters() -> Counter:
    """Counter Section Nr. 2 by our reading of the list (tests/spies_kit/test_kit_data.py) as the
    kit prints it: the German Bank marker 'Germany', Source at 4£ (House choice), the Game Year
    marker in capitals; plus the house set."""
    out: Counter = Counter()
    banks = {"Ger": "Germany"}
    for cell in parse_counter_cells():
        name, value = banks.get(cell.label, cell.label), cell.value
        value = "4£" if name == "Source" else value
        name = "GAME YEAR" if name == "Game Year" else name
        out[(name, value)] += 1
    out[("Double Cross", "1£")] += 10
    for value in "1234":
        out[("Sanctioned", value)] += 3
    return out


KIND_OF = {
    "Spies": lambda n, v: n not in POLICE and v.isdigit() and n not in SECRET_LIKE,
    "Police": lambda n, v: n in POLICE,
    "Bank markers": lambda n, v: v == "£",
    "Game Year marker": lambda n, v: n == "GAME YEAR",
    "Counterspies": lambda n, v: n == "Counter Spy",
    "Double Cross chits": lambda n, v: n == "Double Cross",
    "Sanctioned Spy markers": lambda n, v: n == "Sanctioned",
}
POLICE = {"NKVD", "Gestapo", "RRCC", "Scotland Yard", "Police"}
SECRET_LIKE = {"Counter Spy", "Sanctioned"}


def documented_counts() -> dict[str, int]:
    """The 'kind | pieces' rows of the tables under 'Counts per kind' in docs/spies.md."""
    text = DOC.read_text(encoding="utf-8")
    part = text.split("## Counts per kind", 1)[1].split("\n## ", 1)[0]
    counts = {}
    for found in re.finditer(r"^\| ([A-Za-z0-9 .]+?) \| (\d+) \|", part, re.MULTILINE):
        counts[found[1]] = int(found[2])
    return counts


def test_every_counter_is_printed_with_its_value_and_the_docs_count_them(kit_a4, components):
    expected = expected_counters()
    printed = printed_counters(PdfReader(kit_a4.pdf), {name for name, _ in expected})
    assert printed == expected
    secrets = {row["name"] for row in rows(components["secrets"])}
    chits = {row["name"] for row in rows(components["action_chits"])}
    by_kind: Counter = Counter()
    for (name, value), count in printed.items():
        if name in secrets:
            kind = "Secrets"
        elif name in chits:
            kind = "Action chits"
        else:
            kind = next(k for k, test in KIND_OF.items() if test(name, value))
        by_kind[kind] += count
    documented = documented_counts()
    house = ("Double Cross chits", "Sanctioned Spy markers")
    section = sum(n for kind, n in by_kind.items() if kind not in house)
    assert documented.pop("Counter Section Nr. 2") == section == 215
    assert documented == dict(by_kind)


# ---------------------------------------------------------------- backs


def back_of(name: str, secrets: set[str], powers_of: dict[str, set[str]]) -> set[str] | None:
    """What the back of a counter whose front's first line is `name` shows (None: not a
    counter's first line we know)."""
    if name in powers_of:
        return powers_of[name]
    if name in ("Papers", "Discovery", "Sanction", "Recruit", "Escape", "Cover", "Intercept"):
        return {"ACTION"}
    if name in ("Source", "Drop", "Double"):
        return {"ACTION"}
    if set(name.split()) <= secrets or name == "Counter":
        return {"SECRET"}
    if name == "Sanctioned":
        return {"Sanctioned"}
    return None


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("flip", ["long", "short"])
def test_each_counter_back_lies_behind_its_front(kits, components, paper, flip):
    built = kits[(paper, flip)]
    reader = PdfReader(built.pdf)
    width, height = float(reader.pages[0].mediabox.width), float(reader.pages[0].mediabox.height)
    powers_of: dict[str, set[str]] = {}
    for component in ("spies", "police"):
        for row in rows(components[component]):
            first = row["name"].split()[0]
            powers_of.setdefault(first, set()).add(row["power"])
    for power in POWERS:
        powers_of[power] = {power, "+100£"}  # a Bank marker: its power, +100 on the back
    secret_words = {w for row in rows(components["secrets"]) for w in row["name"].split()}
    labels = {"ACTION", "SECRET", "Sanctioned", "+100£", *POWERS}
    checked = set()  # the back runs found: one per counter
    for sheet in sheets(paper, flip):
        if sheet.back is None:
            continue
        index = sheet.front
        # counters' first lines (at most 6.5pt), and the Action chits' names (7pt)
        fronts = [
            r
            for r in runs(reader.pages[index])
            if r[3] <= 6.5 or (r[3] <= 7.0 and back_of(r[0], set(), {}) == {"ACTION"})
        ]
        backs = runs(reader.pages[sheet.back])
        for text, x, y, _ in fronts:
            expected = back_of(text, secret_words, powers_of)
            if expected is None:
                continue
            if flip == "long":
                mirror = (width - x, y)
            else:
                mirror = (x, height - y)
            nearest = min(
                (b for b in backs if abs(b[1] - mirror[0]) < 0.5 and b[0] in labels),
                key=lambda b: abs(b[2] - mirror[1]),
                default=None,
            )
            assert nearest and abs(nearest[2] - mirror[1]) < mm_pt(12.7) / 2, (paper, text, x, y)
            assert nearest[0] in expected, (paper, flip, text, nearest)
            checked.add((index, nearest))
    assert len(checked) == 236  # the 237 counters of the kit but the Game Year marker


def mm_pt(length: float) -> float:
    return length / 25.4 * 72


# ---------------------------------------------------------------- the display and the sheets


@pytest.mark.parametrize(
    ("paper", "parts"),
    [
        ("a4", ("1 of 3, left", "2 of 3, middle", "3 of 3, right")),
        # Letter leaves 258.4 mm between full crop marks 5 mm from the edge: the display (258 mm
        # tall) prints in the same three parts, its seams between its columns
        ("letter", ("1 of 3, left", "2 of 3, middle", "3 of 3, right")),
    ],
)
def test_the_display_prints_in_parts_to_glue(kits, paper, parts):
    text = kit_text(kits[(paper, "long")].pdf, paper)
    for part in parts:
        assert f"part {part}" in text


def test_the_display_prints_every_chit_entry_and_special_effect(kit_a4, components):
    text = kit_text(kit_a4.pdf)
    chits = rows(components["action_chits"]) + rows(components["double_cross_chits"])
    for chit in chits:
        assert normal(chit["effect"]) in text, chit["name"]
        line = f"{chit['name']} {chit['when']} {chit['pounds']} {chit['ap']} {chit['countered_by']}"
        assert line in text, line
    for tile in rows(components["event_tiles"]):
        if tile["effect"]:
            label = tile["code"].replace(" ", "") + "*"
            assert f"{label} {normal(tile['effect'])}" in text, tile["code"]
    for column in ("Activity (on your turn) AP cost", "Play Source or Drop chit 2"):
        assert column in text
    assert "0 1 2 3 4 5 6 7 8 9 10 11 12" in text  # the Action Point track
    for power in POWERS:
        assert f"{power} 25" in text  # starting funds beside the Bank Track
        assert power.upper() in text  # its row of the Time and Victory Record


def test_type_is_never_under_6pt_on_pieces_nor_7pt_on_the_display_and_sheets(kit_a4):
    reader = PdfReader(kit_a4.pdf)
    large = {"display", "bank_track", "time_and_victory_record", "blank_section"}  # and sheets
    for sheet in sheets():
        least = 7.0 if sheet.names & large else 6.0
        for index in (sheet.front, sheet.back):
            if index is None:
                continue
            for text, _, _, size in runs(reader.pages[index]):
                if ENGINE_TEXT.search(text):
                    continue  # the build's own footers and glue marks
                assert size >= least - 1e-6, (index + 1, text, size)


def test_the_pdf_checks_and_embeds_its_fonts(kit_a4):
    check = subprocess.run(["qpdf", "--check", str(kit_a4.pdf)], capture_output=True, text=True)
    assert check.returncode == 0, check.stdout + check.stderr
    fonts = subprocess.run(["pdffonts", str(kit_a4.pdf)], capture_output=True, text=True)
    table = fonts.stdout.splitlines()[2:]
    assert table
    for row in table:
        assert row.split()[-5] == "yes", row  # the emb column


# ---------------------------------------------------------------- the template's choices


def copy_kit(tmp_path: Path) -> Path:
    templates = tmp_path / "templates"
    shutil.copytree(KIT, templates / "spies")
    return templates


def test_the_counter_size_is_one_setting(tmp_path):
    templates = copy_kit(tmp_path)
    kit = templates / "spies" / "kit.yaml"
    text = kit.read_text(encoding="utf-8")
    assert text.count("[12.7mm, 12.7mm]") == 1  # &counter: every counter uses it
    kit.write_text(text.replace("[12.7mm, 12.7mm]", "[16mm, 16mm]"), encoding="utf-8")
    listed = subprocess.run(
        [str(DEADDROP), "list", "--json", "--templates", str(templates)],
        capture_output=True,
        text=True,
        check=True,
    )
    (game,) = json.loads(listed.stdout)["games"]
    counters = [c for c in game["components"] if c["kind"] == "counter"]
    assert len(counters) == 9
    assert {(c["width_mm"], c["height_mm"]) for c in counters} == {(16.0, 16.0)}


def test_source_at_40_pounds_is_one_edit(tmp_path):
    """The House choice (4£, the summary) becomes the counter list's 40£ on the chits and the
    display by changing the one `pounds` of the Source row."""
    templates = copy_kit(tmp_path)
    kit = templates / "spies" / "kit.yaml"
    text = kit.read_text(encoding="utf-8")
    kit.write_text(
        text.replace("pounds: &p_source 4\n", "pounds: &p_source 40\n"), encoding="utf-8"
    )
    out = tmp_path / "out"
    command = [str(DEADDROP), "build", "spies", "--templates", str(templates), "--out", str(out)]
    subprocess.run(command, capture_output=True, check=True)
    text = front_text(PdfReader(out / "spies.pdf"))
    assert text.count("Source 40£") == 2 and "Source 4£" not in text
    assert "Source your turn only 40 2 Intercept" in text
