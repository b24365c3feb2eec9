"""Golden logs of drawing ops: a change in what a component draws shows up as a diff here.

Regenerate on purpose with `pytest tests/pnp_render --update-golden` and review the diff."""

from __future__ import annotations

from pathlib import Path

import pytest

from pnp import ops
from pnp.draw import face_ops
from pnp.imposition import Settings, component_document
from pnp.imposition.kit_plan import plan_kit
from pnp.imposition.paper import Paper
from pnp.imposition.sheet_ops import sheet_pages
from pnp.units import mm

GOLDEN = Path(__file__).resolve().parent.parent / "golden"


def _check(request, name: str, text: str) -> None:
    path = GOLDEN / f"{name}.log"
    if request.config.getoption("--update-golden"):
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text + "\n", encoding="utf-8")
    assert path.exists(), f"{path} missing: run pytest --update-golden"
    assert path.read_text(encoding="utf-8") == text + "\n"


@pytest.mark.parametrize(
    ("name", "make", "face", "back"),
    [
        ("card-front", "card", 0, False),
        ("card-front-2", "card", 2, False),
        ("card-back", "card", 1, True),
        ("counter-front", "counter", 0, False),
        ("sheet-front", "sheet", 0, False),
    ],
)
def test_face_ops_match_golden(request, parts, name, make, face, back):
    component = getattr(parts, make)()
    _check(request, name, ops.log(face_ops(component, face, back=back)))


def test_imposed_card_pages_match_golden(request, parts):
    document = component_document(parts.card(count=4), Settings(back_offset=(mm(1), 0.0)))
    text = "\n".join(
        f"page {i + 1} trim={ops._fmt(p.trim)}\n{ops.log(p.ops, 1)}"
        for i, p in enumerate(document.pages)
    )
    _check(request, "card-pages-a4", text)


def test_shared_kit_sheet_matches_golden(request, parts):
    # cards (with backs) and counters (without) sharing one sheet: its front and back page
    paper = Paper.of(Settings(back_offset=(mm(1), 0.0)))
    plan = plan_kit((parts.card(), parts.counter()), paper)
    pages = [page for sheet in plan.sheets for page in sheet_pages(sheet)]
    text = "\n".join(
        f"page {i + 1} trim={ops._fmt(p.trim)}\n{ops.log(p.ops, 1)}" for i, p in enumerate(pages)
    )
    _check(request, "kit-sheet-a4", text)


def test_log_names_every_field_and_rounds():
    text = ops.log([ops.Group((ops.Rect(1.234567, 2, 3, 4),), clip=None)])
    assert text.splitlines()[1].startswith(
        "  rect x=1.23, y=2, w=3, h=4, radius=0, stroke='#000000'"
    )
