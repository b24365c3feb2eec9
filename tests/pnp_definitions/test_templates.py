"""Every game under templates/ loads; the sample game holds what the README shows."""

from __future__ import annotations

import pytest

from deaddrop.paths import REPO_ROOT
from pnp.definitions import game_names, load_game, load_kits
from pnp.model import Grid, Image, Text, Track
from pnp.units import mm

TEMPLATES = REPO_ROOT / "templates"


@pytest.mark.parametrize("name", game_names(TEMPLATES))
def test_every_game_loads_without_error(name):
    kit = load_game(TEMPLATES / name)
    assert kit.name == name
    assert kit.components, f"{name} defines no components"


def test_game_names_are_the_folders_with_a_game_yaml(tmp_path):
    for name in ("zulu", "alpha", "no-game"):
        (tmp_path / name).mkdir()
    (tmp_path / "zulu" / "game.yaml").write_text("game: zulu\n")
    (tmp_path / "alpha" / "game.yaml").write_text("game: alpha\n")
    assert game_names(tmp_path) == ["alpha", "zulu"]
    assert [kit.name for kit in load_kits(tmp_path)] == ["alpha", "zulu"]
    assert [kit.name for kit in load_kits(tmp_path, ["zulu"])] == ["zulu"]


def test_the_sample_game():
    kit = load_game(TEMPLATES / "sample")
    assert kit.title == "Sample game"
    assert [c.name for c in kit.components] == ["agents", "counters", "map"]
    agents, counters, sheet = kit.components
    assert (agents.kind, agents.width, agents.height) == ("card", mm(63), mm(88))
    assert agents.corner == pytest.approx(mm(3))
    names = [face.data["name"] for face in agents.faces]
    assert "Müller" in names and "Français" in names
    assert agents.copies == sum(face.count for face in agents.faces) > len(agents.faces)
    assert agents.back is not None and counters.back is not None
    assert {type(e) for e in agents.front} >= {Text, Image}
    images = [e for e in agents.front + agents.back if isinstance(e, Image)]
    assert {i.path.rsplit(".", 1)[1] for i in images} == {"png", "svg"}
    assert (counters.width, counters.height) == (mm(15), mm(15))
    grid = next(e for e in sheet.front if isinstance(e, Grid))
    assert (grid.row_labels, grid.col_labels) == ("numbers", "letters")
    assert any(isinstance(e, Track) for e in sheet.front)


def test_head_box_extends_safe_which_insets_full():
    kit = load_game(TEMPLATES / "sample")
    name_text = kit.components[0].front[1]
    assert isinstance(name_text, Text) and name_text.text == "{name}"
    box = name_text.box
    assert (box.x, box.y) == pytest.approx((mm(3), mm(3)))
    assert (box.w, box.h) == pytest.approx((mm(63 - 6), mm(10)))
    assert name_text.style.bold and name_text.style.size == 14


def test_the_examples_in_the_format_document_load(tmp_path):
    import re
    import shutil

    doc = (REPO_ROOT / "docs" / "pnp-format.md").read_text("utf-8")
    blocks = re.findall(r"```yaml\n# templates/sample/(\w+\.yaml).*?\n(.*?)```", doc, re.S)
    assert [name for name, _ in blocks] == ["game.yaml", "cards.yaml"]
    folder = tmp_path / "sample"
    (folder / "art").mkdir(parents=True)
    for name, text in blocks:
        (folder / name).write_text(text, encoding="utf-8")
    for person in ("Müller", "Français"):
        shutil.copy(TEMPLATES / "sample" / "art" / "agent.png", folder / "art" / f"{person}.png")
    kit = load_game(folder)
    assert [c.name for c in kit.components] == ["agents"]
    assert kit.components[0].copies == 3
    assert [c.why for c in kit.edition] == ["The game leaves strengths open."]


def test_loading_imports_neither_reportlab_nor_svgwrite():
    import subprocess
    import sys

    code = (
        "import sys; from pathlib import Path; from pnp.definitions import load_kits;"
        f"load_kits(Path({str(TEMPLATES)!r}));"
        "print('reportlab' in sys.modules, 'svgwrite' in sys.modules, 'typer' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["False", "False", "False"]
