"""Property tests: the length parser and box resolution."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pnp.definitions.boxes import BoxSpec, Coord, fit_problem, parse_coord, resolve
from pnp.definitions.styles import StyleSpec
from pnp.definitions.values import chain_problem
from pnp.units import parse_length

FACTORS = {"mm": 72 / 25.4, "cm": 72 / 2.54, "in": 72.0, "pt": 1.0}
NUMBERS = st.decimals(min_value=-10000, max_value=10000, places=3, allow_nan=False)


@settings(max_examples=300)
@given(number=NUMBERS, unit=st.sampled_from(sorted(FACTORS)), space=st.sampled_from(["", " "]))
def test_a_number_with_a_unit_is_that_many_units_in_points(number, unit, space):
    text = f"{number}{space}{unit}"
    assert parse_length(text) == pytest.approx(float(number) * FACTORS[unit], abs=1e-9)


@settings(max_examples=300)
@given(number=NUMBERS)
def test_a_bare_number_is_an_error(number):
    for value in (float(number), int(number), str(number)):
        with pytest.raises(ValueError):
            parse_length(value)


@settings(max_examples=300)
@given(text=st.text(max_size=12))
def test_anything_else_is_an_error_or_a_real_length(text):
    try:
        value = parse_length(text)
    except ValueError as error:
        assert "expected" in str(error)
    else:
        assert text.strip()[-2:] in FACTORS
        assert value == value  # not NaN


def test_percentages_and_lengths_as_coordinates():
    assert parse_coord("50%") == Coord(50.0, True)
    assert parse_coord("50%").points(200) == 100
    assert parse_coord("1in") == Coord(72.0)
    with pytest.raises(ValueError):
        parse_coord("50")


PERCENT = st.floats(min_value=0, max_value=100, allow_nan=False)
SIDE = st.floats(min_value=10, max_value=600, allow_nan=False)


@st.composite
def inside_specs(draw):
    """A spec whose x+w and y+h stay within 0..100%, maybe extending another such box."""
    x, y = draw(PERCENT), draw(PERCENT)
    w = draw(st.floats(min_value=0, max_value=100 - x))
    h = draw(st.floats(min_value=0, max_value=100 - y))
    spec = BoxSpec(
        x=Coord(x, True) if draw(st.booleans()) else None,
        y=Coord(y, True) if draw(st.booleans()) else None,
        w=Coord(w, True) if draw(st.booleans()) else None,
        h=Coord(h, True) if draw(st.booleans()) else None,
    )
    return spec


@settings(max_examples=300)
@given(outer=inside_specs(), inner=inside_specs(), width=SIDE, height=SIDE, chain=st.booleans())
def test_a_box_within_0_to_100_percent_lies_inside_its_component(
    outer, inner, width, height, chain
):
    named = {"outer": outer}
    spec = BoxSpec(inner.x, inner.y, inner.w, inner.h, extends="outer" if chain else None)
    box = resolve(spec, named, width, height)
    # unset x/w come from the extended box or default to the rest of the component, so the
    # box is inside whenever the coordinates given along each axis are consistent
    tol = 1e-6
    if not (chain and (spec.x is None) != (spec.w is None)) and not (
        chain and (spec.y is None) != (spec.h is None)
    ):
        assert -tol <= box.x and box.x + box.w <= width + tol
        assert -tol <= box.y and box.y + box.h <= height + tol
        assert fit_problem(box, width, height) is None or box.w <= 0.01 or box.h <= 0.01


@settings(max_examples=200)
@given(width=SIDE, height=SIDE, inset=st.floats(min_value=0, max_value=5))
def test_inset_shrinks_every_side_and_extends_starts_from_the_parent(width, height, inset):
    named = {"full": BoxSpec(), "safe": BoxSpec(extends="full", inset=inset)}
    safe = resolve(BoxSpec(extends="safe"), named, width, height)
    assert safe.x == pytest.approx(inset) and safe.y == pytest.approx(inset)
    assert safe.w == pytest.approx(width - 2 * inset)
    assert safe.h == pytest.approx(height - 2 * inset)
    head = resolve(BoxSpec(extends="safe", h=Coord(20.0)), named, width, height)
    assert (head.x, head.y, head.w) == (safe.x, safe.y, safe.w)
    assert head.h == pytest.approx(20.0)


def test_chain_problems_name_the_unknown_box_and_the_cycle():
    named = {"a": BoxSpec(extends="b"), "b": BoxSpec(extends="a"), "c": BoxSpec(extends="zz")}
    assert chain_problem("a", named, "box") == "circular extends: a -> b -> a"
    assert chain_problem("c", named, "box").startswith("unknown box 'zz'")
    assert chain_problem("full", {"full": BoxSpec()}, "box") is None


def test_chain_problems_of_styles_name_the_unknown_ancestor_and_the_cycle():
    named = {
        "a": StyleSpec(extends="b"),
        "b": StyleSpec(extends="c"),
        "c": StyleSpec(extends="b"),
        "d": StyleSpec(extends="e"),
        "e": StyleSpec(extends="titel"),
        "title": StyleSpec(),
    }
    assert chain_problem("a", named, "style") == "circular extends: b -> c -> b"
    assert chain_problem("d", named, "style") == "unknown style 'titel' (did you mean 'title'?)"
    assert chain_problem("title", named, "style") is None


PAPERS_MM = [(210.0, 297.0), (215.9, 279.4)]  # A4, Letter


@settings(max_examples=300)
@given(w=st.floats(min_value=5, max_value=320), h=st.floats(min_value=5, max_value=320))
def test_a_piece_fits_when_it_fits_both_papers_inside_6mm_margins(w, h):
    from pnp.imposition import fits_every_paper
    from pnp.units import mm

    def fits(pw: float, ph: float) -> bool:
        room_w, room_h = pw - 12, ph - 12
        return (w <= room_w and h <= room_h) or (h <= room_w and w <= room_h)

    near_edge = any(
        abs(a - b) < 1e-3 for pw, ph in PAPERS_MM for a in (w, h) for b in (pw - 12, ph - 12)
    )
    if not near_edge:
        assert fits_every_paper(mm(w), mm(h)) == all(fits(pw, ph) for pw, ph in PAPERS_MM)
