"""An SVG's `currentColor` is drawn in the colour its image element gives (`color:`, which may
name a data field), so one drawing serves every side; other colours stay as the file has them."""

from __future__ import annotations

from pnp import ops
from pnp.definitions import load_game
from pnp.draw import face_ops

SVG = (
    '<svg viewBox="0 0 10 10"><g fill="currentColor">'
    '<rect width="4" height="4"/><circle cx="7" cy="7" r="2" fill="#d9a521"/></g>'
    '<path d="M0 9 L9 9" stroke="currentColor" fill="none"/></svg>'
)
CARDS = (
    "components:\n  cards:\n    kind: card\n    size: [63mm, 88mm]\n    columns: [side]\n"
    '    rows: [{side: "#a3231f"}, {side: "#1f4e8c"}]\n    front:\n'
    "      - image: art/it.svg\n        box: {x: 5mm, y: 5mm, w: 50mm, h: 50mm}\n"
    '        color: "{side}"\n'
    "      - image: art/it.svg\n        box: {x: 5mm, y: 60mm, w: 20mm, h: 20mm}\n"
)


def _painted(drawn: tuple[ops.Op, ...]) -> list[tuple[str | None, str | None]]:
    out: list[tuple[str | None, str | None]] = []
    for op in drawn:
        if isinstance(op, ops.Group):
            out.extend(_painted(op.ops))
        elif isinstance(op, ops.Rect | ops.Ellipse | ops.Polyline):
            out.append((op.fill, op.stroke))
    return out


def test_current_colour_is_the_image_elements_colour_row_by_row(make_game):
    component = load_game(make_game({"art/it.svg": SVG, "cards.yaml": CARDS})).components[0]
    red, blue = (_painted(face_ops(component, row)) for row in (0, 1))
    assert red[:3] == [("#a3231f", None), ("#d9a521", None), (None, "#a3231f")]
    assert blue[:3] == [("#1f4e8c", None), ("#d9a521", None), (None, "#1f4e8c")]
    # without `color:` the drawing's currentColor is black, as in an SVG viewer
    assert red[3:] == [("#000000", None), ("#d9a521", None), (None, "#000000")]
