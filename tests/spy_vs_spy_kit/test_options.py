"""The facts that are ours can be changed in the templates: the number of stashes, the size of
the number tokens."""

from __future__ import annotations

import shutil

from pypdf import PdfReader
from svs_kit import FOLDER, build, guide_text


def copy_kit(tmp_path):
    templates = tmp_path / "templates"
    shutil.copytree(FOLDER, templates / FOLDER.name)
    return templates


def edit(templates, file, old, new):
    path = templates / FOLDER.name / file
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    path.write_text(text.replace(old, new), encoding="utf-8")


def test_four_stashes_print_four_tokens_of_each_colour(tmp_path):
    templates = copy_kit(tmp_path)
    edit(templates, "equipment.yaml", "count: &stashes 3", "count: &stashes 4")
    guide = guide_text(PdfReader(build(tmp_path / "out", templates=templates)))
    assert "Equipment tokens (weapon and trap): 24 counters, 28 x 28 mm, with backs" in guide


def test_bigger_number_tokens_still_fit_their_art(tmp_path):
    templates = copy_kit(tmp_path)
    edit(templates, "numbers.yaml", "size: [22mm, 22mm]", "size: [25mm, 25mm]")
    guide = guide_text(PdfReader(build(tmp_path / "out", templates=templates)))
    assert "Number tokens 1-25: 25 counters, 25 x 25 mm, with backs" in guide
