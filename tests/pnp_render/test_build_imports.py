"""A build imports what its kit draws with: a deck of text cards reads no XML (pnp.draw.images
reads an SVG's XML only for an SVG), loads no numpy (only the map draws with it) and does not run
Pillow's Image module (pnp.backends.pillow_on_demand: only a raster image needs it); a build
whose definitions are kept (pnp.kit_cache) imports neither PyYAML nor the loader."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

RUN = (
    "import sys; from deaddrop.commands.main import main; sys.argv = ['deaddrop', *sys.argv[1:]]\n"
    "try:\n    main()\nexcept SystemExit as done:\n    assert not done.code, done.code\n"
    "looked = ('xml.etree', 'numpy', 'yaml', 'pnp.definitions', 'PIL._imaging')\n"
    "print(sorted(m for m in looked if m in sys.modules))"
)

DECK = """components:
  cards:
    kind: card
    size: [63mm, 88mm]
    rows:
      - {title: 'Agent 1'}
      - {title: 'Agent 2'}
    front:
      - rect: {x: 0mm, y: 0mm, w: 100%, h: 100%}
        radius: 3mm
        stroke: "#222222"
      - text: "{title}"
        box: {x: 4mm, y: 30mm, w: 55mm, h: 12mm}
"""


def _build(tmp_path: Path, templates: Path, into: str = "out") -> str:
    env = {**os.environ, "DEADDROP_CACHE": str(tmp_path / "cache")}
    args = ["build", "--templates", str(templates), "--out", str(tmp_path / into)]
    out = subprocess.run(
        [sys.executable, "-c", RUN, *args], env=env, capture_output=True, text=True, check=True
    )
    return out.stdout.splitlines()[-1]


def test_a_deck_of_text_cards_reads_no_xml_and_loads_no_numpy(tmp_path):
    game = tmp_path / "templates" / "deck"
    game.mkdir(parents=True)
    (game / "game.yaml").write_text("game: deck\ntitle: Deck\n", encoding="utf-8")
    (game / "cards.yaml").write_text(DECK, encoding="utf-8")
    assert _build(tmp_path, tmp_path / "templates") == "['pnp.definitions', 'yaml']"
    assert (tmp_path / "out" / "deck.pdf").stat().st_size > 1000
    assert _build(tmp_path, tmp_path / "templates", "again") == "[]"  # definitions kept
    assert (tmp_path / "again" / "deck.pdf").read_bytes() == (
        tmp_path / "out" / "deck.pdf"
    ).read_bytes()


def test_a_raster_image_loads_pillow_when_it_is_drawn(tmp_path):
    import shutil

    from pypdf import PdfReader

    game = tmp_path / "templates" / "deck"
    game.mkdir(parents=True)
    shutil.copy(Path(__file__).parents[2] / "templates" / "sample" / "art" / "agent.png", game)
    (game / "game.yaml").write_text("game: deck\ntitle: Deck\n", encoding="utf-8")
    image = "      - image: agent.png\n        box: {x: 4mm, y: 4mm, w: 20mm, h: 20mm}\n"
    (game / "cards.yaml").write_text(DECK + image, encoding="utf-8")
    loaded = _build(tmp_path, tmp_path / "templates")  # (Pillow reads XML: an image's XMP)
    assert loaded == "['PIL._imaging', 'pnp.definitions', 'xml.etree', 'yaml']"
    page = PdfReader(tmp_path / "out" / "deck" / "cards.pdf").pages[0]
    images = [x for x in page["/Resources"]["/XObject"].values() if x["/Subtype"] == "/Image"]
    assert len(images) == 1 and images[0]["/Width"] == 236
