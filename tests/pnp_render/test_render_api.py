"""pnp.render: the API other engineers call for components built in code."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest
from pypdf import PdfReader

from deaddrop.errors import InputError
from pnp.render import write_component_pdf, write_face_svg
from pnp.units import mm

SVG = "{http://www.w3.org/2000/svg}"


def test_component_without_back_prints_fronts_only(parts, tmp_path):
    write_component_pdf(parts.counter(), tmp_path / "c.pdf", paper="letter")
    reader = PdfReader(tmp_path / "c.pdf")
    assert len(reader.pages) == 1
    assert abs(float(reader.pages[0].mediabox.width) - 612) < 0.5
    assert reader.pages[0].extract_text().count("SPY") == 12


def test_component_with_back_alternates_fronts_and_backs(parts, tmp_path):
    write_component_pdf(parts.card(names=[f"n{i}" for i in range(10)]), tmp_path / "a.pdf")
    reader = PdfReader(tmp_path / "a.pdf")
    assert len(reader.pages) == 4  # 9 + 1 cards: two sheets, each front then back
    assert "F00" in reader.pages[0].extract_text() and "B00" in reader.pages[1].extract_text()
    assert "F09" in reader.pages[2].extract_text() and "B09" in reader.pages[3].extract_text()


def test_a_board_larger_than_the_page_is_tiled(parts, tmp_path):
    write_component_pdf(parts.board(), tmp_path / "b.pdf")
    reader = PdfReader(tmp_path / "b.pdf")
    labels = [p.extract_text() for p in reader.pages[::2]]
    assert len(reader.pages) == 2 * len(labels)
    parts = int(labels[0].split("part 1 of ")[1].split(",")[0])
    assert parts == len(labels) > 1
    assert any("glue here" in text for text in labels)


def test_a_component_too_big_and_not_split_is_an_input_error(parts, tmp_path):
    from dataclasses import replace

    big = replace(parts.sheet(), width=mm(300), height=mm(300))
    with pytest.raises(InputError, match="does not fit the printable area of a4"):
        write_component_pdf(big, tmp_path / "x.pdf")
    assert not (tmp_path / "x.pdf").exists()


def test_unknown_paper_is_an_input_error(parts, tmp_path):
    with pytest.raises(InputError, match="unknown paper 'a5'"):
        write_component_pdf(parts.counter(), tmp_path / "x.pdf", paper="a5")


def test_face_svg_is_the_size_of_the_piece_and_holds_its_text(parts, tmp_path):
    write_face_svg(parts.card(), 1, tmp_path / "f.svg")
    root = ET.parse(tmp_path / "f.svg").getroot()
    assert root.get("width") == "63mm" and root.get("height") == "88mm"
    texts = [t.text for t in root.iter(f"{SVG}text")]
    assert "Français" in texts and "F01" in texts
    write_face_svg(parts.card(), 1, tmp_path / "b.svg", back=True)
    backs = [t.text for t in ET.parse(tmp_path / "b.svg").getroot().iter(f"{SVG}text")]
    assert backs == ["B01"]


def test_svg_clips_and_transforms_groups(parts, tmp_path):
    from pnp import ops
    from pnp.backends.svg import svg_text
    from pnp.geometry import translate
    from pnp.model import Box

    group = ops.Group((ops.Rect(0, 0, 10, 10),), translate(5, 6), Box(0, 0, 4, 4))
    root = ET.fromstring(svg_text((group,), 20, 20))
    g = root.find(f"{SVG}g")
    assert g.get("transform") == "matrix(1 0 0 1 5 6)"
    clip = root.find(f"{SVG}defs/{SVG}clipPath")
    assert clip is not None and g.find(f"{SVG}g").get("clip-path") == f"url(#{clip.get('id')})"
