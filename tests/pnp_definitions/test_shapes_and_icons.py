"""Polygons, paths, icons and the component keys stock, role, new_page and bleed: read from YAML,
drawn, and refused with a located message when wrong."""

from __future__ import annotations

import pytest

from deaddrop.errors import InputError
from pnp import model, ops
from pnp.definitions import load_game
from pnp.draw import face_ops
from pnp.units import mm

ICONS = """\
game: bad
styles:
  body: {size: 9pt, min_size: 6pt}
boxes:
  full: {x: 0mm, y: 0mm, w: 100%, h: 100%}
icons:
  arrow:
    size: [10mm, 10mm]
    elements:
      - {polygon: [[0mm, 4mm], [6mm, 4mm], [6mm, 1mm], [10mm, 5mm], [6mm, 9mm], [6mm, 6mm],
                   [0mm, 6mm]], fill: "#222222", stroke: none}
  ring:
    size: [24mm, 24mm]
    elements:
      - {path: "M 0 12 Q 0 0 12 0 Q 24 0 24 12 Q 24 24 12 24 Q 0 24 0 12 Z
                M 6 12 L 12 6 L 18 12 L 12 18 Z", viewbox: [24, 24], fill: "#aa0000"}
"""


def _cards(front: str, extra: str = "") -> str:
    return f"""\
components:
  c:
    kind: card
    size: [40mm, 20mm]
{extra}    front:
{front}
"""


def test_a_polygon_is_a_closed_filled_polyline(make_game):
    front = "      - {polygon: [[0mm, 0mm], [40mm, 0mm], [20mm, 100%]], fill: '#123456'}"
    kit = load_game(make_game({"cards.yaml": _cards(front)}))
    (op,) = face_ops(kit.components[0], 0)
    assert isinstance(op, ops.Polyline) and op.closed and op.fill == "#123456"
    assert op.points == ((0, 0), (mm(40), 0), (mm(20), mm(20)))


def test_a_polygon_marked_cut_is_the_pieces_outline_once_on_its_front(make_game):
    triangle = "{polygon: [[0mm, 20mm], [20mm, 0mm], [40mm, 20mm]]"
    front = f"      - {triangle}, cut: true}}"
    kit = load_game(make_game({"cards.yaml": _cards(front)}))
    assert kit.components[0].outline == ((0, mm(20)), (mm(20), 0), (mm(40), mm(20)))
    plain = load_game(make_game({"cards.yaml": _cards(f"      - {triangle}}}")}))
    assert plain.components[0].outline is None
    twice = f"      - {triangle}, cut: true}}\n      - {triangle}, cut: true}}"
    back = f"    back:\n      - {triangle}, cut: true}}\n      - {triangle}, cut: 2}}"
    with pytest.raises(InputError) as caught:
        load_game(make_game({"cards.yaml": _cards(twice) + back}))
    assert caught.value.lines() == [
        "bad/cards.yaml:7: components.c.front[1].cut: a second cut line"
        " (cut: true on one polygon of a component's front)",
        "bad/cards.yaml:9: components.c.back[0].cut: a cut line outside a component's front"
        " (cut: true on one polygon of a component's front)",
        "bad/cards.yaml:10: components.c.back[1].cut: the number 2 is not true or false",
    ]


def test_a_path_in_millimetres_from_its_box_and_in_viewbox_units(make_game):
    front = (
        "      - {path: 'M 0 0 L 10 0 L 10 5 Z', box: {x: 5mm, y: 5mm, w: 20mm, h: 10mm},"
        " fill: '#000000'}\n"
        "      - {path: 'M 0 0 L 2 0 L 2 1 Z', viewbox: [2, 1], box: {x: 0mm, y: 0mm, w: 40mm,"
        " h: 20mm}, stroke: '#ff0000'}"
    )
    kit = load_game(make_game({"cards.yaml": _cards(front)}))
    first, second = face_ops(kit.components[0], 0)
    assert isinstance(first, ops.Path) and isinstance(second, ops.Path)
    assert first.subpaths == (((mm(5), mm(5)), (mm(15), mm(5)), (mm(15), mm(10)), (mm(5), mm(5))),)
    assert second.subpaths[0][1] == (mm(40), 0) and second.subpaths[0][2] == (mm(40), mm(20))


def test_an_icon_is_scaled_to_fit_its_box_and_centred(make_game):
    front = "      - {icon: arrow, box: {x: 0mm, y: 0mm, w: 40mm, h: 20mm}}"
    kit = load_game(make_game({"game.yaml": ICONS, "cards.yaml": _cards(front)}))
    (group,) = face_ops(kit.components[0], 0)
    assert isinstance(group, ops.Group)
    # a 10 mm icon in a 40 x 20 mm box: twice as large, centred across
    assert group.transform.rounded(4) == tuple(
        round(v, 4) for v in (2.0, 0.0, 0.0, 2.0, mm(10), 0.0)
    )
    (arrow,) = group.ops
    assert isinstance(arrow, ops.Polyline) and arrow.fill == "#222222" and arrow.stroke is None


def test_an_icon_named_by_a_data_field_and_a_path_with_a_hole(make_game):
    front = "      - {icon: '{mark}', box: full}"
    extra = "    rows:\n      - {mark: arrow}\n      - {mark: ring}\n"
    kit = load_game(make_game({"game.yaml": ICONS, "cards.yaml": _cards(front, extra)}))
    component = kit.components[0]
    (ring,) = face_ops(component, 1)
    assert isinstance(ring, ops.Group)
    (path,) = ring.ops
    assert isinstance(path, ops.Path) and len(path.subpaths) == 2  # the hole is a subpath


def test_unknown_icons_nested_icons_and_shapes_outside_the_component_are_refused(make_game):
    bad_icons = ICONS + (
        "  nest:\n    size: [5mm, 5mm]\n    elements:\n      - {icon: arrow, box: full}\n"
    )
    front = (
        "      - {icon: arow, box: full}\n"
        "      - {polygon: [[0mm, 0mm], [50mm, 0mm], [0mm, 5mm]]}\n"
        "      - {path: 'Q 1 2', fill: '#000000'}\n"
        "      - {icon: '{mark}', box: full}"
    )
    extra = "    rows:\n      - {mark: arrow}\n      - {mark: star}\n"
    with pytest.raises(InputError) as caught:
        load_game(make_game({"game.yaml": bad_icons, "cards.yaml": _cards(front, extra)}))
    lines = caught.value.lines()
    assert "bad/game.yaml:20: icons.nest.elements[0].icon: an icon cannot hold an icon" in lines
    assert (
        "bad/cards.yaml:9: components.c.front[0].icon: unknown icon 'arow'"
        " (did you mean 'arrow'?)" in lines
    )
    outside = "front[1].polygon: the point (50mm, 0mm) lies outside the component"
    assert any(outside in x for x in lines)
    assert any("front[2].path: draws nothing" in x for x in lines)
    assert any("front[3].icon: unknown icon 'star' in rows[1]" in x for x in lines)


def test_stock_role_new_page_and_bleed_are_read_and_checked(make_game):
    extra = "    stock: paper\n    role: reference\n    new_page: true\n    bleed: 2mm\n"
    front = "      - {rect: full, fill: '#ffffff'}"
    kit = load_game(make_game({"cards.yaml": _cards(front, extra)}))
    c = kit.components[0]
    assert (c.paper_stock, c.role, c.new_page, c.bleed) == ("paper", "reference", True, mm(2))
    assert model.Component("g", "s", "sheet", 1, 1, (), (), None).paper_stock == "paper"
    assert model.Component("g", "t", "token", 1, 1, (), (), None).paper_stock == "card"
    wrong = "    stock: cardboard\n    role: rules\n    new_page: 1\n    bleed: 12mm\n"
    with pytest.raises(InputError) as caught:
        load_game(make_game({"cards.yaml": _cards(front, wrong)}))
    text = "\n".join(caught.value.lines())
    assert "components.c.stock: unknown stock 'cardboard'" in text
    assert "components.c.role: unknown role 'rules'" in text
    assert "components.c.new_page: the number 1 is not true or false" in text
    assert "components.c.bleed: 12mm is too large (at most 10mm)" in text


def test_a_fill_of_none_from_a_data_field_draws_no_fill(make_game, tmp_path):
    from pnp.build import build_kits
    from pnp.imposition import Settings

    front = "      - {rect: full, fill: '{colour}', stroke: '{colour}'}"
    extra = "    rows:\n      - {colour: none}\n      - {colour: '#00ff00'}\n"
    kit = load_game(make_game({"cards.yaml": _cards(front, extra)}))
    (op,) = face_ops(kit.components[0], 0)
    assert isinstance(op, ops.Rect) and op.fill is None and op.stroke is None
    build_kits([kit], tmp_path / "out", Settings())  # the PDF backend draws it
    assert (tmp_path / "out" / "bad.pdf").stat().st_size > 0
