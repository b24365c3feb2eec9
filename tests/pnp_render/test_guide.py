"""The print guide and the calibration sheet, checked on their ops."""

from __future__ import annotations

from dataclasses import replace

import pytest

from deaddrop.errors import InputError
from pnp import ops
from pnp.build import build_kits, plan_kit
from pnp.guide import calibration_pages
from pnp.layout import Settings
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
    front, back = calibration_pages(s)
    w, h = s.page
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


def test_guide_lists_each_component_with_its_pages(parts):
    plan = plan_kit(parts.kit(), Settings())
    text = " ".join(op.text for op in _flat(plan.document.pages[0].ops) if isinstance(op, ops.Text))
    assert "pages 3-4: Agent cards" in text
    assert "pages 5-6: Spy counters" in text
    assert "fronts only (back pages blank)" in text
    assert "flip on long edge" in text
    # the board follows the city map: the map is one sheet, front and its blank back
    assert "pages 9-" in text and "Big board" in text
    assert plan.document.outline[0] == ("Print guide", 0)
    assert all(index % 2 == 0 for _, index in plan.document.outline)


def test_a_kit_that_cannot_be_laid_out_writes_nothing(parts, tmp_path):
    too_big = replace(parts.sheet(), name="huge", width=mm(300), height=mm(300))
    kit = replace(parts.kit(), components=(parts.card(), too_big))
    with pytest.raises(InputError, match="huge: 300x300 mm does not fit"):
        build_kits([kit], tmp_path, Settings())
    assert list(tmp_path.rglob("*")) == []
