"""Components -> ops: text placement, fields, grids, tracks, images, bleed."""

from __future__ import annotations

import struct
import zlib

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from pnp import model, ops
from pnp.draw import element_ops, face_ops
from pnp.draw.shapes import label
from pnp.draw.text import text_lines
from pnp.draw.textfit import fit_text, font_extent, text_width
from pnp.geometry import Affine
from pnp.model import Box, Style, fill_fields
from pnp.units import mm


def _texts(items, transform: Affine | None = None):
    """Every Text op with the transform of its groups."""
    for op in items:
        if isinstance(op, ops.Group):
            yield from _texts(op.ops, op.transform)
        elif isinstance(op, ops.Text):
            yield op, transform


def test_fields_come_from_the_row_and_unknown_ones_stay():
    assert fill_fields("{name} ({strength}) {other}", {"name": "Müller", "strength": 2}) == (
        "Müller (2) {other}"
    )


def test_letters_after_z_go_on_with_aa():
    assert [label(i, "letters") for i in (0, 25, 26, 27, 51, 52)] == [
        "A",
        "Z",
        "AA",
        "AB",
        "AZ",
        "BA",
    ]
    assert label(9, "numbers") == "10"


words = st.text(alphabet="abcdefghij KLMNOP éüß", min_size=1, max_size=60).filter(str.strip)


@settings(max_examples=60, deadline=None)
@given(
    words,
    st.floats(mm(20), mm(80)),
    st.floats(mm(8), mm(60)),
    st.sampled_from(["left", "center", "right"]),
    st.sampled_from(["top", "middle", "bottom"]),
)
def test_fitted_text_stays_inside_its_box(text, w, h, align, valign):
    box = Box(mm(5), mm(7), w, h)
    style = Style(size=12, min_size=5, align=align, valign=valign)
    assume(fit_text(text, w, h, style) is not None)  # the loader rejects text that cannot fit
    lines = list(_texts(text_lines(text, box, style)))
    for op, _ in lines:
        width = text_width(op.text, op.font, op.size, op.bold, op.italic)
        start = {"start": op.x, "middle": op.x - width / 2, "end": op.x - width}[op.anchor]
        assert start >= box.x - 1e-6 and start + width <= box.x + box.w + 1e-6
        # ascenders and descenders stay inside the box
        assert op.y - font_extent()[0] / 1000 * op.size >= box.y - 1e-6
        assert op.y - font_extent()[1] / 1000 * op.size <= box.y + box.h + 1e-6
    ys = [op.y for op, _ in lines]
    assert ys == sorted(ys)


def test_a_letter_vera_lacks_is_drawn_as_base_and_accent():
    items = text_lines("Łódź", Box(0, 0, mm(40), mm(10)), Style(size=10))
    texts = [op.text for op, _ in _texts(items)]
    assert texts[0] == "Łódz" and "\u00b4" in texts[1:]
    accent = next(op for op, _ in _texts(items) if op.text == "\u00b4")
    assert items[0].anchor == "start"  # drawn from its left end, centred in the box
    left = items[0].x
    assert abs(left + text_width("Łódz", "Vera", 10) / 2 - mm(20)) < 1e-6
    z_centre = left + text_width("Łód", "Vera", 10) + text_width("z", "Vera", 10) / 2
    assert abs(accent.x - z_centre) < 1e-6


def test_text_turned_a_quarter_is_fitted_to_the_turned_box():
    tall = Box(0, 0, mm(10), mm(60))
    items = text_lines("A long title", tall, Style(size=14, min_size=5), rotate=90)
    assert len(items) == 1 and isinstance(items[0], ops.Group)
    ((op, _),) = list(_texts(items))
    assert op.size == 14  # fits at full size along the 60 mm side
    cx, cy = items[0].transform.apply(op.x, op.y)
    assert abs(cx - mm(5) - CAP_SHIFT(op.size)) < 1e-6 or abs(cy - mm(30)) < 1e-6


def CAP_SHIFT(size):  # noqa: N802
    from pnp.draw.text import CAP_MIDDLE

    return CAP_MIDDLE * size


def test_grid_draws_rows_plus_one_and_cols_plus_one_lines_and_labels():
    grid = model.Grid(Box(0, 0, mm(100), mm(80)), 4, 6, "numbers", "letters")
    items = element_ops(grid, {})
    lines = [op for op in items if isinstance(op, ops.Polyline)]
    assert len(lines) == (4 + 1) + (6 + 1)
    labels = [op.text for op in items if isinstance(op, ops.Text)]
    assert labels == ["A", "B", "C", "D", "E", "F", "1", "2", "3", "4"]
    # every line lies inside the box
    for line in lines:
        for x, y in line.points:
            assert -1e-6 <= x <= mm(100) + 1e-6 and -1e-6 <= y <= mm(80) + 1e-6


def test_track_boxes_split_the_box_with_their_gaps():
    track = model.Track(Box(0, 0, mm(100), mm(10)), 3, 7, gap=mm(2.5))
    rects = [op for op in element_ops(track, {}) if isinstance(op, ops.Rect)]
    assert len(rects) == 5
    assert abs(rects[-1].x + rects[-1].w - mm(100)) < 1e-6
    assert abs(rects[1].x - (rects[0].x + rects[0].w) - mm(2.5)) < 1e-6
    labels = [op.text for op in element_ops(track, {}) if isinstance(op, ops.Text)]
    assert labels == ["3", "4", "5", "6", "7"]


def test_full_rect_extends_into_the_bleed_only_when_asked(parts):
    card = parts.card()
    plain = face_ops(card, 0)
    bled = face_ops(card, 0, bleed=mm(3))
    # no bleed: drawn as designed (rounded), but the frame on the cut line is not drawn
    assert plain[0].x == 0 and plain[0].fill == "#f4efe1" and plain[0].radius == mm(3)
    assert plain[0].stroke is None
    # bleed: square corners, 3 mm past the cut on every side, no frame on the cut line
    assert abs(bled[0].x + mm(3)) < 1e-9 and abs(bled[0].w - card.width - mm(6)) < 1e-9
    assert bled[0].radius == 0 and bled[0].stroke is None
    assert not any(isinstance(op, ops.Rect) and op.stroke for op in bled[:2])


def test_a_round_token_bleeds_as_a_larger_disc_and_a_band_at_an_edge_grows_outwards():
    d = mm(20)
    token = model.Component(
        "t",
        "tok",
        "token",
        d,
        d,
        (model.Face({}, 1),),
        (
            model.Circle(Box(0, 0, d, d), stroke="#000000", fill="#8e1b1b"),
            model.Rect(Box(0, 0, d, mm(5)), stroke=None, fill="#222222"),
            model.Polygon(((0, 0), (d, 0), (d / 2, d / 2)), None, "#00ff00"),
        ),
        None,
    )
    disc, band, triangle = face_ops(token, 0, bleed=mm(3))
    assert isinstance(disc, ops.Ellipse) and disc.stroke is None
    assert (disc.x, disc.w) == (pytest.approx(-mm(3)), pytest.approx(d + mm(6)))
    assert isinstance(band, ops.Rect)
    assert (band.x, band.y, band.w, band.h) == pytest.approx((-mm(3), -mm(3), d + mm(6), mm(8)))
    assert isinstance(triangle, ops.Polyline)
    flat = [v for point in triangle.points for v in point]
    assert flat == pytest.approx([-mm(3), -mm(3), d + mm(3), -mm(3), d / 2, d / 2])


def _png(path, w, h):
    raw = b"".join(b"\x00" + b"\xff\x00\x00" * w for _ in range(h))

    def chunk(kind, data):
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    header = struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0)
    path.write_bytes(
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(raw))
        + chunk(b"IEND", b"")
    )


def test_png_is_fitted_inside_its_box_keeping_its_shape(tmp_path):
    _png(tmp_path / "art.png", 20, 10)
    el = model.Image("art.png", Box(0, 0, 100, 100), tmp_path)
    (img,) = element_ops(el, {})
    assert (img.x, img.y, img.w, img.h) == (0, 25, 100, 50)
    stretched = element_ops(model.Image("art.png", Box(0, 0, 100, 100), tmp_path, "stretch"), {})
    assert (stretched[0].w, stretched[0].h) == (100, 100)


def test_svg_becomes_vector_ops_scaled_into_the_box(tmp_path):
    (tmp_path / "a.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 20">'
        '<rect x="1" y="2" width="3" height="4" fill="#f00"/>'
        '<g transform="translate(5,5)">'
        '<circle cx="0" cy="0" r="2" style="fill:none;stroke:blue"/></g>'
        '<path d="M0 0 L10 0 L10 10 Z" fill="black"/></svg>'
    )
    (group,) = element_ops(model.Image("a.svg", Box(0, 0, 100, 100), tmp_path), {})
    assert isinstance(group, ops.Group) and group.clip == Box(0, 0, 10, 20)
    assert group.transform.apply(0, 0) == (25.0, 0.0) and group.transform.apply(10, 20) == (
        75.0,
        100.0,
    )
    rect, circle, path = group.ops
    assert (rect.x, rect.y, rect.w, rect.h, rect.fill) == (1, 2, 3, 4, "#ff0000")
    assert isinstance(circle, ops.Group) and circle.ops[0].stroke == "#0000ff"
    assert path.closed and path.points[:3] == ((0, 0), (10, 0), (10, 10))
