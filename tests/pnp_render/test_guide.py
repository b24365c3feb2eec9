"""The print guide and the calibration sheet, checked on their ops."""

from __future__ import annotations

from dataclasses import replace

import pytest

from deaddrop.errors import InputError
from pnp import ops
from pnp.build import build_kits
from pnp.imposition import Settings, calibration_document, kit_document
from pnp.units import mm


def _flat(items):
    for op in items:
        if isinstance(op, ops.Group):
            yield from _flat(op.ops)  # calibration and guide pages use no transforms
        else:
            yield op


@pytest.mark.parametrize("flip", ["long", "short"])
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_calibration_scales_sit_behind_the_front_crosses(flip, paper):
    s = Settings(paper=paper, flip=flip, back_offset=(mm(1), mm(-2)))
    front, back = calibration_document(s).pages
    page_mm = {"a4": (210, 297), "letter": (215.9, 279.4)}[paper]
    w, h = (v * 72 / 25.4 for v in page_mm)
    arms = [
        op
        for op in _flat(front.ops)
        if isinstance(op, ops.Polyline)
        and op.points[0][1] == op.points[1][1]
        and abs(op.points[1][0] - op.points[0][0] - mm(30)) < 1e-6
    ]
    centres = [((a.points[0][0] + a.points[1][0]) / 2, a.points[0][1]) for a in arms]
    assert len(centres) == 5
    zeros = [op for op in _flat(back.ops) if isinstance(op, ops.Text) and op.text == "0"]
    for cx, cy in centres:
        bx, by = (w - cx, cy) if flip == "long" else (cx, h - cy)
        bx, by = bx + mm(1), by - mm(2)
        # the zero of the horizontal scale is straight below the cross, the vertical one beside
        assert any(abs(z.x - bx) < 1e-6 and z.anchor == "middle" for z in zeros)
        assert any(abs(z.y - 1.6 - by) < 1e-6 and z.anchor == "start" for z in zeros)


def test_guide_lists_what_is_on_each_page_and_each_component(parts):
    document = kit_document(parts.kit(), Settings())
    text = " ".join(op.text for op in _flat(document.pages[0].ops) if isinstance(op, ops.Text))
    # the cards and the counters share the first sheet; the city map (a sheet) has its own
    assert "pages 3-4: Agent cards ×3; Spy counters ×12 (no back)" in text
    assert "pages 5-6: City map ×1 (no back)" in text
    assert "Agent cards: card, 63 x 88 mm, 3 pieces; fronts and backs; pages 3-4." in text
    assert "Spy counters: counter, 15 x 15 mm, 12 pieces; fronts only; pages 3-4." in text
    assert "flip on long edge" in text
    # the board's four tiles follow the city map, one per sheet
    assert "pages 7-14: Big board: tiles A1 to B2 of 2x2" in text
    assert len(document.pages) == 14
    assert document.outline[0] == ("Print guide", 0)
    assert all(index % 2 == 0 for _, index in document.outline)


def test_guide_merges_sheets_holding_the_same_component(parts):
    many = parts.card(names=[f"n{i}" for i in range(20)])  # 9 + 9 + 2 cards
    kit = replace(parts.kit(), components=(many, parts.counter()))
    document = kit_document(kit, Settings())
    text = " ".join(op.text for op in _flat(document.pages[0].ops) if isinstance(op, ops.Text))
    assert "pages 3-6: Agent cards ×18" in text
    assert "pages 7-8: Agent cards ×2; Spy counters ×12 (no back)" in text
    assert "Agent cards: card, 63 x 88 mm, 20 pieces; fronts and backs; pages 3-8." in text


def test_a_kit_that_cannot_be_laid_out_writes_nothing(parts, tmp_path):
    too_big = replace(parts.sheet(), name="huge", width=mm(300), height=mm(300))
    kit = replace(parts.kit(), components=(parts.card(), too_big))
    with pytest.raises(InputError, match="huge: 300x300 mm does not fit"):
        build_kits([kit], tmp_path, Settings())
    assert list(tmp_path.rglob("*")) == []


@pytest.mark.parametrize("flip", ["long", "short"])
def test_guide_says_how_a_piece_turns_over_and_why_short_edge_backs_stand_upside_down(parts, flip):
    def words(kit) -> str:
        document = kit_document(kit, Settings(flip=flip))
        page = document.pages[0]
        return " ".join(op.text for op in _flat(page.ops) if isinstance(op, ops.Text))

    text = words(parts.kit())
    assert "turned over sideways, like the page of a book, shows its back upright" in text
    upright = "the backs of upright pieces stand upside down on purpose (short-edge flip)"
    assert (upright in text) == (flip == "short")
    sideways = "the backs of pieces lying sideways stand upside down on purpose"
    assert (sideways in text) == (flip == "long")
    no_backs = replace(parts.kit(), components=(parts.counter(),))
    assert "turned over sideways" not in words(no_backs)  # no backs: nothing to say
