"""The built kit, read back from its PDF: what it prints (every number, every equipment name of
the rules, the cops' figures), duplex backs behind their fronts, opaque number backs, text sizes,
qpdf and pdffonts."""

from __future__ import annotations

import subprocess

import pytest
from pypdf import PdfReader
from svs_kit import (
    MM,
    build,
    components,
    cops,
    equipment,
    front_pages,
    grey_image,
    guide_text,
    hex_rgb,
    pieces,
    sheets,
)

PAPER = {"a4": (595.276, 841.890), "letter": (612.0, 792.0)}
NUMBER_BACK = hex_rgb(components()["number_tokens"]["back"][0]["fill"])
HIDDEN_BACK = hex_rgb(components()["equipment_tokens"]["back"][0]["fill"])


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """The kit as `deaddrop build spy-vs-spy` makes it by default (A4, long-edge flip)."""
    return build(tmp_path_factory.mktemp("a4"))


@pytest.fixture(scope="module")
def kit(built):
    return PdfReader(built)


def drawn_strings(reader) -> list[str]:
    """Every string the kit draws, one line of text each, after the guide."""
    out: list[str] = []
    for page in reader.pages[front_pages(reader) :]:
        page.extract_text(visitor_text=lambda text, *_: out.append(text.strip()))
    return [text for text in out if text]


def test_every_number_equipment_name_and_cop_figure_is_printed(kit):
    drawn = drawn_strings(kit)
    assert {str(n) for n in range(1, 26)} <= set(drawn)
    for item in equipment():
        assert item.weapon in drawn and item.trap in drawn, item
    for cop in cops():
        assert cop.name in drawn, cop
        assert f"blue {cop.pips}-pip piece" in drawn, cop
        assert cop.damage_text in drawn, cop  # on his card, on one line
    order = {"1st": 0, "2nd": 1, "3rd": 2}
    for nth, index in order.items():
        assert f"Arrives when the {nth} piece is found" in drawn
        assert components()["cop_cards"]["rows"][index]["cop"] == cops()[index].name
    text = "\n".join(page.extract_text() for page in kit.pages[front_pages(kit) :])
    for cop in cops():  # speed and toughness under their headings on each card
        card = text.split(cop.name, 1)[1]
        assert f"SPEED\n{cop.speed}\n" in card or f"SPEED {cop.speed}" in card
    for words in ("House choice", "the rules", "rules'", "missing"):  # rules stated plainly
        assert words not in text, words


def _box(piece):
    x0, y0, x1, y1 = piece.first
    return (x0, y0, x1 - x0, y1 - y0)


def _mirror(box, paper, flip, offset):
    page_w, page_h = PAPER[paper]
    x, y, w, h = box
    dx, dy = offset[0] * MM, offset[1] * MM
    if flip == "long":
        return (page_w - x - w + dx, y - dy, w, h)  # PDF y is up: an offset down is -dy
    return (x + dx, page_h - y - h - dy, w, h)


@pytest.mark.parametrize(
    ("paper", "flip", "offset"), [("a4", "long", (0, 0)), ("letter", "short", (1.5, -0.5))]
)
def test_every_back_lies_behind_its_front(tmp_path, paper, flip, offset):
    options = ["--paper", paper, "--flip", flip, "--back-offset", f"{offset[0]},{offset[1]}"]
    reader = PdfReader(build(tmp_path, *options))
    pages = reader.pages
    paired = numbers = hidden = 0
    for index, behind in sheets(paper):
        if behind is None:  # the board's tiles have no back: single-sided
            continue
        fronts = pieces(pages[index], reader)  # die-cut counters clip their bleed: pieces too
        backs = pieces(pages[behind], reader)
        behind_fronts = 0
        for front in fronts:
            want = _mirror(_box(front), paper, flip, offset)
            match = [
                b
                for b in backs
                if all(abs(u - v) < 0.05 for u, v in zip(_box(b), want, strict=True))
            ]
            assert len(match) <= 1, (index + 1, _box(front))
            if not match:  # a piece without a back sharing the sheet: its place stays blank
                continue
            (back,) = match
            behind_fronts += 1
            if front.first_fill == hex_rgb("#b3261e"):  # a number token
                assert back.first_fill == NUMBER_BACK
                numbers += 1
            if back.first_fill == HIDDEN_BACK:  # a trap or a decoy: 28 mm, 3 mm bleed round
                assert abs(_box(front)[2] - 34 * MM) < 0.05
                hidden += 1
            paired += 1
        assert behind_fronts == len(backs), index + 1  # every back behind a front
    assert numbers == 25 and hidden == 18 + 40
    # the tokens, the health markers, the cards, the screens, the sheet
    assert paired == 25 + 18 + 40 + 2 + 2 + 2 + 3 + 2 + 1


def test_number_backs_are_dark_over_the_whole_token_and_its_bleed(tmp_path):
    pdf = build(tmp_path, "--bleed", "3mm")
    reader = PdfReader(pdf)
    bleed = 3 * MM
    size = 22 * MM
    found = 0
    for front_page, behind in sheets("a4", 3 * MM):
        if behind is None:
            continue
        number = front_page + 1  # 1-based: the back is page number + 1
        fronts = [p for p in pieces(reader.pages[front_page], reader)
                  if p.first_fill == hex_rgb("#b3261e")]  # fmt: skip
        if not fronts:
            continue
        backs = [p for p in pieces(reader.pages[behind], reader) if p.first_fill == NUMBER_BACK]
        assert len(backs) == len(fronts)
        width, height, grey = grey_image(pdf, number + 1, 50, tmp_path)
        page_w, page_h = PAPER["a4"]
        for back in backs:
            x, y, w, h = _box(back)
            # the first thing painted is the dark fill: the token and its bleed all round
            assert abs(w - (size + 2 * bleed)) < 0.05 and abs(h - (size + 2 * bleed)) < 0.05
            # and on the rendered page nothing light shows anywhere on the token
            scale = 50 / 72
            left, right = int((x + bleed) * scale) + 1, int((x + w - bleed) * scale) - 1
            top = int((page_h - (y + h - bleed)) * scale) + 1
            bottom = int((page_h - (y + bleed)) * scale) - 1
            lightest = max(
                grey[r * width + c] for r in range(top, bottom + 1) for c in range(left, right + 1)
            )
            assert lightest < 70, (number + 1, lightest)
            found += 1
    assert found == 25


def test_text_is_at_least_6pt_on_pieces_and_7pt_on_cards(kit):
    sizes = {"piece": [], "card": []}
    for page in kit.pages[front_pages(kit) :]:
        for piece in pieces(page, kit):
            x0, y0, x1, y1 = piece.first
            small = max(x1 - x0, y1 - y0) < 40 * MM  # a piece, not a card (the flat pyramids)
            card = not piece.clipped and not small and piece.first_fill in (
                hex_rgb("#fbf8f1"), hex_rgb("#f4f6fb"), hex_rgb("#1f4e9c"))  # fmt: skip
            sizes["card" if card else "piece"] += piece.sizes
    assert sizes["piece"] and sizes["card"]
    assert min(sizes["piece"]) >= 6
    assert min(sizes["card"]) >= 7


def test_qpdf_checks_the_kit_and_every_font_is_embedded(built):
    subprocess.run(["qpdf", "--check", str(built)], check=True, capture_output=True)
    fonts = subprocess.run(["pdffonts", str(built)], check=True, capture_output=True, text=True)
    rows = fonts.stdout.splitlines()[2:]
    assert rows
    for line in rows:
        assert line.split()[-5] == "yes", line  # the emb column


def _mm(value: str, whole: float) -> float:
    return float(value[:-2]) if value.endswith("mm") else float(value[:-1]) * whole / 100


def test_the_board_prints_in_two_tiles_glued_across_no_text(kit):
    """Two tiles on A4 (and Letter, below), each as tall as half the board and the 10 mm
    overlap: the glued band lies across the middle of the board, which no text crosses."""
    assert "parts 1-2 of 2" in guide_text(kit)
    board = components()["board"]
    width, height = (_mm(v, 0) for v in board["size"])
    band = (height / 2 - 5, height / 2 + 5)
    texts = [e for e in board["front"] if "text" in e]
    assert len(texts) > 40
    for element in texts:
        box = element["box"]
        top, tall = _mm(box["y"], height), _mm(box["h"], height)
        assert top + tall <= band[0] or top >= band[1], element["text"]


def test_on_letter_too_the_board_is_two_tiles(tmp_path):
    reader = PdfReader(build(tmp_path, "--paper", "letter", "--bleed", "3mm"))
    assert "parts 1-2 of 2" in guide_text(reader)


def test_the_pdf_prints_every_pyramid_by_name_and_the_guide_says_what_you_need(kit):
    drawn = drawn_strings(kit)
    names = {r["colour"] for r in components()["flat_pyramids_large"]["rows"]}
    assert len(names) == 10
    for name in names:  # each colour by name, flat and folded: readable on a greyscale print
        assert drawn.count(name) >= 2, name
    for cop in cops():
        assert cop.name in drawn  # on his card and on his blue pieces
    guide = guide_text(kit)
    assert "What you need: this printed kit, scissors" in guide
    assert "glue, and if you like two six-sided dice" in guide
    for part in ("Flat 3-pip pyramids", "Fold-up 1-pip pyramids", "Player screens"):
        assert part in guide
