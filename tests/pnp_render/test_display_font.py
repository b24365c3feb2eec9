"""The display face (Red Hat Display, SIL OFL, shipped in pnp/fonts/): chosen by `font:`, fitted
with its own glyph widths, embedded in the PDF."""

from __future__ import annotations

import subprocess

import pytest

from pnp.definitions import load_game
from pnp.definitions.format_keys import FONTS
from pnp.draw.textfit import FACE_NAMES, FAMILIES, text_width
from pnp.draw.textfit import FONTS as FONT_FOLDER

CARD = """\
components:
  c:
    kind: card
    size: [63mm, 88mm]
    front:
      - {text: "WANTED", box: {x: 3mm, y: 3mm, w: 57mm, h: 20mm}, font: Red Hat Display,
         bold: true, size: 30pt, min_size: 8pt}
      - {text: "Agent Ąśź", box: {x: 3mm, y: 30mm, w: 57mm, h: 10mm}, font: Red Hat Display,
         italic: true, size: 12pt}
      - {text: "Vera body text", box: {x: 3mm, y: 50mm, w: 57mm, h: 10mm}, size: 9pt}
"""


def test_the_loader_the_metrics_and_the_backend_know_the_same_families():
    assert FONTS == FAMILIES
    for name in FACE_NAMES.values():
        assert text_width("Hamburgefonstiv", "Vera", 10) > 0  # metrics load
        assert name
    assert (FONT_FOLDER / "RedHatDisplay-OFL.txt").is_file()  # the licence travels with it
    wide = text_width("WANTED", "Red Hat Display", 10, bold=True)
    assert wide != pytest.approx(text_width("WANTED", "Vera", 10, bold=True))


def test_display_text_is_fitted_with_its_own_widths_and_embedded(make_game, tmp_path):
    from pnp import ops
    from pnp.build import build_kits
    from pnp.draw import face_ops
    from pnp.imposition import Settings

    kit = load_game(make_game({"cards.yaml": CARD}))
    texts = [op for op in face_ops(kit.components[0], 0) if isinstance(op, ops.Text)]
    title = texts[0]
    assert title.font == "Red Hat Display" and title.bold
    width = text_width(title.text, "Red Hat Display", title.size, bold=True)
    assert width <= 57 * 72 / 25.4 + 1e-6
    build_kits([kit], tmp_path / "out", Settings())
    fonts = subprocess.run(
        ["pdffonts", str(tmp_path / "out" / "bad.pdf")], capture_output=True, text=True, check=True
    ).stdout
    rows = fonts.splitlines()[2:]
    names = {row.split()[0].split("+")[-1] for row in rows}
    assert {"RedHatDisplay-Bold", "RedHatDisplay-Italic", "BitstreamVeraSans-Roman"} <= names
    assert all(row.split()[-5] == "yes" for row in rows)  # embedded


@pytest.fixture
def make_game(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)

    def make(files):
        folder = tmp_path / "bad"
        folder.mkdir(exist_ok=True)
        game = "game: bad\nboxes:\n  full: {x: 0mm, y: 0mm, w: 100%, h: 100%}\n"
        (folder / "game.yaml").write_text(game, encoding="utf-8")
        for name, text in files.items():
            (folder / name).write_text(text, encoding="utf-8")
        return folder

    return make
