"""Files a print shop takes (issue 40): `deaddrop build GAME --images DIR` writes one PNG per
component face at its true size plus bleed, read back here, fronts and backs paired by name and
in the manifest; every page of a kit's PDF carries its MediaBox, TrimBox and BleedBox."""

from __future__ import annotations

import csv
import struct
import sys
import zlib
from pathlib import Path

import pytest
from pypdf import PdfReader
from typer.testing import CliRunner

from deaddrop.commands.main import app
from deaddrop.paths import templates_dir
from pnp.backends.pdf import write_pdf
from pnp.definitions import load_game
from pnp.face_images import pixels, png_bytes, png_size
from pnp.geometry import outset, union
from pnp.imposition import component_document
from pnp.imposition.component_plan import plan_component
from pnp.imposition.paper import PAPERS, Paper, Settings
from pnp.model import Box
from pnp.printer_profile import Profile, apply
from pnp.units import mm

runner = CliRunner()

GAME = """\
game: poker
title: Poker deck
order: [deck]
"""
DECK = """\
components:
  deck:
    kind: card
    title: Poker cards
    size: [63.5mm, 88.9mm]
    columns: [name]
    rows:
      - {name: Ace, count: 3}
      - {name: King, count: 1}
    front:
      - rect: {x: 0mm, y: 0mm, w: 100%, h: 100%}
        fill: "#f4efe1"
      - text: "{name}"
        box: {x: 5mm, y: 5mm, w: 53.5mm, h: 20mm}
    back:
      - rect: {x: 0mm, y: 0mm, w: 100%, h: 100%}
        fill: "#12345a"
        stroke: none
"""


def _run(*args: str, code: int = 0):
    result = runner.invoke(app, list(args))
    assert result.exit_code == code, result.output
    return result


def _manifest(folder: Path) -> list[dict[str, str]]:
    with (folder / "manifest.csv").open(newline="", encoding="utf-8") as handle:
        return list(csv.DictReader(handle))


def _pixel(data: bytes, x: int, y: int) -> tuple[int, int, int]:
    """One pixel of an 8-bit RGB PNG without interlace whose rows are unfiltered (as written
    here: filter 0), read back from its IDAT."""
    width, _ = png_size(data)
    at, idat = 8, b""
    while at < len(data):
        (length,) = struct.unpack(">I", data[at : at + 4])
        if data[at + 4 : at + 8] == b"IDAT":
            idat += data[at + 8 : at + 8 + length]
        at += 12 + length
    raw = zlib.decompress(idat)
    row = raw[y * (1 + 3 * width) : (y + 1) * (1 + 3 * width)]
    assert row[0] == 0
    r, g, b = row[1 + 3 * x : 4 + 3 * x]
    return r, g, b


@pytest.fixture
def poker(tmp_path, monkeypatch):
    games = tmp_path / "games"
    (games / "poker").mkdir(parents=True)
    (games / "poker" / "game.yaml").write_text(GAME, encoding="utf-8")
    (games / "poker" / "deck.yaml").write_text(DECK, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    return games


def test_a_poker_card_at_300_dpi_with_an_eighth_inch_bleed_is_825_by_1125(poker):
    said = _run("build", "poker", "--templates", str(poker), "--images", "img").stdout
    assert said == "wrote 4 images and manifest.csv under img/poker/ (300 dpi, 3.175 mm bleed)\n"
    folder = Path("img") / "poker"
    assert sorted(p.name for p in folder.iterdir()) == [
        "deck-01-back.png",
        "deck-01-front.png",
        "deck-02-back.png",
        "deck-02-front.png",
        "manifest.csv",
    ]
    assert _manifest(folder) == [
        {"file": "deck-01-front.png", "component": "deck", "face": "1", "side": "front",
         "copies": "3"},
        {"file": "deck-01-back.png", "component": "deck", "face": "1", "side": "back",
         "copies": "3"},
        {"file": "deck-02-front.png", "component": "deck", "face": "2", "side": "front",
         "copies": "1"},
        {"file": "deck-02-back.png", "component": "deck", "face": "2", "side": "back",
         "copies": "1"},
    ]  # fmt: skip
    for png in folder.glob("*.png"):
        data = png.read_bytes()
        assert png_size(data) == (825, 1125)
        assert b"pHYs" + struct.pack(">IIB", 11811, 11811, 1) in data  # 300 dpi
    back = (folder / "deck-01-back.png").read_bytes()
    # the back's colour fills the bleed to the corner, and the middle
    assert _pixel(back, 1, 1) == _pixel(back, 412, 562) == (0x12, 0x34, 0x5A)
    again = _run("build", "poker", "--templates", str(poker), "--images", "more", "--dpi", "600",
                 "--bleed", "0")  # fmt: skip
    assert "600 dpi, 0 mm bleed" in again.stdout
    # 63.5 x 88.9 mm at 600 dpi: 1500 x 2100 px, the trim alone
    assert png_size((Path("more") / "poker" / "deck-02-front.png").read_bytes()) == (1500, 2100)


def test_images_options_and_a_missing_rasterizer_are_one_line(poker, monkeypatch):
    cases = [
        (("--dpi", "30"), "--dpi: 30 is out of range (expected 72 to 1200)"),
        (("--dpi", "high"), "--dpi: high is not a whole number (expected 72 to 1200, e.g. 300)"),
        (("--bleed", "1/8"), "--bleed: '1/8' is not a length (expected a number with mm, cm, "
         "in or pt)"),
        (("--bleed", "1in"), "--bleed: 1in is out of range (expected 0mm to 20mm)"),
    ]  # fmt: skip
    for args, message in cases:
        result = _run("build", "poker", "--templates", str(poker), "--images", "img", *args,
                      code=2)  # fmt: skip
        assert result.stderr == f"deaddrop: {message}\n"
    Path("afile").write_text("", encoding="utf-8")
    result = _run("build", "poker", "--templates", str(poker), "--images", "afile/img", code=2)
    assert result.stderr == "deaddrop: --images: afile is a file (expected a folder)\n"
    monkeypatch.setitem(sys.modules, "pypdfium2", None)  # as if it were not installed
    result = _run("build", "poker", "--templates", str(poker), "--images", "img", code=2)
    assert result.stderr == (
        "deaddrop: --images: PNG export needs pypdfium2 (install it with: pipx inject deaddrop "
        "pypdfium2, or pip install pypdfium2 into deaddrop's environment)\n"
    )
    assert not Path("img").exists()


@pytest.mark.parametrize(
    "given",
    [("--paper", "letter"), ("--flip", "short"), ("--back-offset", "1,0"), ("--printer", "x"),
     ("--gutter", "2mm"), ("--svg",), ("--calibration",), ("--paper", "a4", "--svg")],
)  # fmt: skip
def test_sheet_options_with_images_are_refused_not_ignored(poker, given):
    result = _run("build", "poker", "--templates", str(poker), "--images", "img", *given, code=2)
    named = ", ".join(word for word in given if word.startswith("--"))
    verb = "does" if named.count("--") == 1 else "do"
    assert result.stderr == (
        f"deaddrop: --images writes one PNG per face at its true size, on no sheet: {named} "
        f"{verb} not apply to it (build the kit's PDF without --images for sheets)\n"
    )
    assert not Path("img").exists()


def test_a_png_reads_back_as_written():
    rgb = bytes(range(2 * 3 * 3)) * 1  # 3 x 2 pixels
    data = png_bytes(3, 2, rgb[:18], 150)
    assert png_size(data) == (3, 2)
    assert _pixel(data, 2, 1) == (15, 16, 17)


@pytest.mark.slow
def test_spies_and_lies_gives_every_face_at_its_size_fronts_and_backs_paired(tmp_path):
    kit = load_game(templates_dir() / "spies-and-lies")
    _run("build", "spies-and-lies", "--images", str(tmp_path / "img"))
    folder = tmp_path / "img" / "spies-and-lies"
    rows = _manifest(folder)
    bleed = mm(3.175)
    for component in kit.components:
        mine = [r for r in rows if r["component"] == component.name]
        fronts = [r for r in mine if r["side"] == "front"]
        backs = [r for r in mine if r["side"] == "back"]
        assert len(fronts) == max(len(component.faces), 1)
        assert sum(int(r["copies"]) for r in fronts) == component.copies
        if component.back is not None:  # each front's back: the same face, name and copies
            assert [(r["face"], r["copies"]) for r in backs] == [
                (r["face"], r["copies"]) for r in fronts
            ]
            assert [r["file"] for r in backs] == [
                r["file"].replace("-front.png", "-back.png") for r in fronts
            ]
        else:
            assert not backs
        size = (pixels(component.width + 2 * bleed, 300), pixels(component.height + 2 * bleed, 300))
        for row in mine:
            assert png_size((folder / row["file"]).read_bytes()) == size, row["file"]
    assert sorted(p.name for p in folder.glob("*.png")) == sorted(r["file"] for r in rows)


def _pdf_box(box: Box, s: float, height: float) -> list[float]:
    """`box` (planned page, y down) on the paper as written (scaled by `s`), as PDF numbers."""
    x0, y0, x1, y1 = box.x * s, box.y * s, (box.x + box.w) * s, (box.y + box.h) * s
    return [x0, height - y1, x1, height - y0]


@pytest.mark.parametrize(("paper", "scale"), [("a4", 100.0), ("letter", 98.6)])
def test_every_pdf_page_carries_its_pieces_trim_and_bleed(tmp_path, paper, scale):
    """MediaBox the paper, TrimBox the pieces' trim boxes, BleedBox those grown by each piece's
    bleed, on the page as written (through a printer's scale), read back with pypdf."""
    kit = load_game(templates_dir() / "spies-and-lies")
    settings = apply(Profile("p", scale=scale, margin=5.0), Settings(paper=paper))
    width, height = PAPERS[paper]
    s = 100 / scale
    for name in ("red_soldiers", "intel_tokens_red", "reference"):
        component = next(c for c in kit.components if c.name == name)
        path = tmp_path / f"{name}.pdf"
        write_pdf(component_document(component, settings), path)
        reader = PdfReader(path)
        plan = plan_component(component, Paper.of(settings))
        planned = [p for sheet in plan.sheets for p in (sheet.front, sheet.back) if p]
        assert len(reader.pages) == len(planned) > 1
        for page, sheet_page in zip(reader.pages, planned, strict=True):
            places = sheet_page.places
            assert places
            boxes = [
                pl.transform.map_box(Box(0, 0, component.width, component.height)) for pl in places
            ]
            trim = union(boxes)
            bleed = union([outset(b, pl.bleed) for b, pl in zip(boxes, places, strict=True)])
            assert max(pl.bleed for pl in places) > 0  # a bleed to see
            assert [float(v) for v in page.mediabox] == pytest.approx(
                [0, 0, width, height], abs=0.01
            )
            assert [float(v) for v in page.trimbox] == pytest.approx(
                _pdf_box(trim, s, height), abs=0.01
            )
            assert [float(v) for v in page.bleedbox] == pytest.approx(
                _pdf_box(bleed, s, height), abs=0.01
            )


def test_every_page_of_a_kit_carries_its_boxes(tmp_path):
    """The cover and the guide, which hold no pieces, are trimmed as the whole page."""
    _run("build", "spies-and-lies", "--out", str(tmp_path))
    reader = PdfReader(tmp_path / "spies-and-lies.pdf")
    for page in reader.pages:
        assert "/TrimBox" in page and "/BleedBox" in page and "/MediaBox" in page
        media, trim, bleed = (
            [float(v) for v in box] for box in (page.mediabox, page.trimbox, page.bleedbox)
        )
        assert bleed[0] <= trim[0] and bleed[1] <= trim[1]
        assert bleed[2] >= trim[2] and bleed[3] >= trim[3]
        assert media[0] <= bleed[0] and media[2] >= bleed[2] and media[3] >= bleed[3]
    cover = reader.pages[0]
    assert list(cover.trimbox) == list(cover.mediabox) == list(cover.bleedbox)
