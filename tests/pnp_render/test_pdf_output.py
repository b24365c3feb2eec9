"""The real PDF output, read back with pypdf, qpdf, pdffonts and pdftoppm."""

from __future__ import annotations

import subprocess

import pytest
from pypdf import PdfReader

from pnp.build import build_calibration, build_kits
from pnp.draw.textfit import text_width
from pnp.imposition import Settings
from pnp.units import mm

PAPER_PT = {"a4": (595.276, 841.890), "letter": (612.0, 792.0)}


def _positions(page) -> dict[str, tuple[float, float]]:
    """The middle of every marker text (F01, B01, ...) on a page, PDF coordinates: the middle of
    its baseline, moved up (in the text's own frame, however it is turned) by `_marker_drop()`,
    which is the middle of its card: each marker is centred on its card."""
    import math

    found: dict[str, tuple[float, float]] = {}
    drop = _marker_drop()

    def visit(text, cm, tm, font, size):
        text = text.strip()
        if len(text) == 3 and text[0] in "FB" and text[1:].isdigit():
            a, b, c, d, e, f = tm
            A, B, C, D, E, F = cm
            x, y = e * A + f * C + E, e * B + f * D + F
            ux, uy = a * A + b * C, a * B + b * D  # the text's baseline direction on the page
            vx, vy = c * A + d * C, c * B + d * D  # and its upward direction
            scale = math.hypot(ux, uy)
            half = text_width(text, "Vera", size * scale) / 2
            up = math.hypot(vx, vy)
            found[text] = (
                x + ux / scale * half + vx / up * drop,
                y + uy / scale * half + vy / up * drop,
            )

    page.extract_text(visitor_text=visit)
    return found


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """The demo kit built on both papers, long and short flip, once for the module."""
    import importlib.util
    from pathlib import Path
    from types import SimpleNamespace

    here = Path(__file__).with_name("conftest.py")
    spec = importlib.util.spec_from_file_location("demo_parts", here)
    parts = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(parts)
    out = {}
    for paper in ("a4", "letter"):
        for flip in ("long", "short"):
            folder = tmp_path_factory.mktemp(f"{paper}-{flip}")
            offset = (mm(1.5), mm(-0.5)) if flip == "short" else (0.0, 0.0)
            settings = Settings(paper=paper, flip=flip, back_offset=offset)
            build_kits([parts.kit()], folder, settings)
            out[(paper, flip)] = SimpleNamespace(folder=folder, settings=settings)
    return out


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_every_page_is_the_paper_size_with_trim_and_bleed_boxes(built, paper):
    reader = PdfReader(built[(paper, "long")].folder / "demo.pdf")
    w, h = PAPER_PT[paper]
    for page in reader.pages:
        assert abs(float(page.mediabox.width) - w) < 0.5
        assert abs(float(page.mediabox.height) - h) < 0.5
        assert "/TrimBox" in page and "/BleedBox" in page
        trim, bleed = page.trimbox, page.bleedbox
        assert 0 <= float(trim.left) and float(trim.right) <= w
        assert 0 <= float(trim.bottom) and float(trim.top) <= h
        assert float(bleed.left) <= float(trim.left) and float(bleed.top) >= float(trim.top)


def test_text_holds_the_components_text_and_the_guide_follows_the_cover(built):
    reader = PdfReader(built[("a4", "long")].folder / "demo.pdf")
    cover = " ".join(reader.pages[0].extract_text().split())
    assert "Demo kit" in cover and "Agent cards" in cover and "3 cards" in cover
    first = " ".join(reader.pages[1].extract_text().split())
    assert "print-and-play kit" in first and "flip on long edge" in first
    assert "page 5-6: Agent cards" in first.replace("pages", "page")
    assert "Duplex test" in reader.pages[2].extract_text()
    fronts = reader.pages[4].extract_text()
    for name in ("Müller", "Français", "Königsberg", "Looks twice"):
        assert name in fronts
    everything = "".join(p.extract_text() for p in reader.pages)
    for text in ("SPY", "The city", "BOARD", "part 1 of 4"):
        assert text in everything


def test_the_outline_has_the_guide_and_a_bookmark_per_component(built):
    reader = PdfReader(built[("a4", "long")].folder / "demo.pdf")
    titles = [(item.title, reader.get_destination_page_number(item)) for item in reader.outline]
    assert titles[:3] == [("Cover", 0), ("Print guide", 1), ("Duplex test sheet", 2)]
    assert [t for t, _ in titles[3:]] == ["Agent cards", "Spy counters", "Big board", "City map"]
    # the duplex test sheet first, then the double-sided sheets on card stock (the cards and
    # counters, the board's four parts), their fronts on odd pages (0-based even); then those
    # on paper (the map)
    assert [page for _, page in titles] == [0, 1, 2, 4, 4, 6, 14]


def _marker_drop() -> float:
    """How far (points) a marker's baseline sits below the middle of its card: the markers of
    the demo cards are centred in a box centred on the card's middle, on both faces."""
    from pnp.draw.text import text_lines
    from pnp.model import Box, Style

    (line,) = text_lines("F00", Box(0, mm(40), mm(63), mm(8)), Style(size=10, min_size=10))
    return line.y - mm(44)


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("flip", ["long", "short"])
def test_each_front_has_its_back_behind_it(built, paper, flip):
    b = built[(paper, flip)]
    reader = PdfReader(b.folder / "demo.pdf")
    w, h = PAPER_PT[paper]
    dx, dy = b.settings.back_offset
    fronts, backs = _positions(reader.pages[4]), _positions(reader.pages[5])
    assert sorted(fronts) == ["F00", "F01", "F02"]
    assert sorted(backs) == ["B00", "B01", "B02"]
    # the counters share the cards' sheet; they have no back: nothing behind them, no note
    assert reader.pages[4].extract_text().count("SPY") == 12
    assert "SPY" not in reader.pages[5].extract_text()
    assert "no back" not in reader.pages[5].extract_text()
    for name, (fx, fy) in fronts.items():  # the middles of the cards
        bx, by = backs["B" + name[1:]]
        if flip == "long":  # x mirrored about the page's vertical axis, y unchanged
            ex, ey = w - fx, fy
        else:  # y mirrored about the page's horizontal axis
            ex, ey = fx, h - fy
        # PDF y is up: a back offset of dy (down) is -dy in PDF coordinates
        assert abs(bx - (ex + dx)) < 0.05, (name, bx, ex + dx)
        assert abs(by - (ey - dy)) < 0.05, (name, by, ey - dy)


def test_a_shared_page_lists_its_components_and_the_outline_points_to_it(built):
    reader = PdfReader(built[("a4", "long")].folder / "demo.pdf")
    pages = {item.title: reader.get_destination_page_number(item) for item in reader.outline}
    assert pages["Agent cards"] == pages["Spy counters"] == 4
    assert pages["Big board"] == 6 and pages["City map"] == 14
    assert len(reader.pages) == 15
    footer = reader.pages[4].extract_text()
    assert "Agent cards, Spy counters — fronts, page 5 of 15" in footer


def test_builds_are_byte_identical(parts, tmp_path):
    settings = Settings()
    build_kits([parts.kit()], tmp_path / "one", settings)
    build_kits([parts.kit()], tmp_path / "two", settings)
    files = sorted(p.relative_to(tmp_path / "one") for p in (tmp_path / "one").rglob("*.pdf"))
    assert len(files) == 5
    for rel in files:
        assert (tmp_path / "one" / rel).read_bytes() == (tmp_path / "two" / rel).read_bytes()


def test_bleed_sets_bleed_box_beyond_trim_box(parts, tmp_path):
    build_kits([parts.kit()], tmp_path, Settings(bleed=mm(3)))
    page = PdfReader(tmp_path / "demo" / "agents.pdf").pages[0]
    trim, bleed = page.trimbox, page.bleedbox
    assert abs(float(trim.left) - float(bleed.left) - mm(3)) < 0.01
    assert abs(float(bleed.top) - float(trim.top) - mm(3)) < 0.01


def test_every_pdf_checks_embeds_its_fonts_and_renders(built, tmp_path):
    pdfs = sorted(built[("letter", "short")].folder.rglob("*.pdf"))
    calibration = build_calibration(tmp_path, Settings(paper="letter"))
    for pdf in [*pdfs, calibration]:
        check = subprocess.run(["qpdf", "--check", str(pdf)], capture_output=True, text=True)
        assert check.returncode == 0, check.stdout + check.stderr
        fonts = subprocess.run(["pdffonts", str(pdf)], capture_output=True, text=True, check=True)
        rows = fonts.stdout.splitlines()[2:]
        assert rows, f"{pdf.name}: no fonts"
        for row in rows:
            assert row.split()[-5] == "yes", row  # the emb column
        subprocess.run(
            ["pdftoppm", "-r", "20", "-f", "1", "-l", "1", "-png", str(pdf), str(tmp_path / "p")],
            check=True,
            capture_output=True,
        )
    assert list(tmp_path.glob("p*.png"))
