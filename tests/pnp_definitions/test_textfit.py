"""textfit: widths equal reportlab's, wrapping and shrinking obey their contract."""

from __future__ import annotations

import os
import unicodedata

import pytest
import reportlab
from hypothesis import given, settings
from hypothesis import strategies as st
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from pnp.draw.textfit import face_name, fit_text, missing_glyphs, sizes, text_width
from pnp.model import Style

FONTS = os.path.join(os.path.dirname(reportlab.__file__), "fonts")
FACES = {"Vera": "Vera.ttf", "VeraBd": "VeraBd.ttf", "VeraIt": "VeraIt.ttf", "VeraBI": "VeraBI.ttf"}
for _name, _file in FACES.items():
    pdfmetrics.registerFont(TTFont(_name, os.path.join(FONTS, _file)))
CMAP = set(pdfmetrics.getFont("Vera").face.charWidths)
DRAWN = sorted(chr(c) for c in CMAP if 0x20 <= c < 0x250)
WEIGHTS = [(False, False), (True, False), (False, True), (True, True)]


@settings(max_examples=300, deadline=None)
@given(
    text=st.text(alphabet=st.sampled_from(DRAWN), max_size=60),
    size=st.floats(min_value=4, max_value=72, allow_nan=False),
    weight=st.sampled_from(WEIGHTS),
)
def test_width_equals_reportlab_string_width(text, size, weight):
    bold, italic = weight
    expected = pdfmetrics.stringWidth(text, face_name("Vera", bold, italic), size)
    assert abs(text_width(text, "Vera", size, bold, italic) - expected) < 0.01


def test_latin1_and_the_sample_names_have_every_glyph():
    latin1 = "".join(chr(c) for c in range(0x20, 0x7F)) + "".join(
        chr(c) for c in range(0xA0, 0x100)
    )
    assert missing_glyphs(latin1) == ""
    for bold, italic in WEIGHTS:
        assert missing_glyphs("Königsberg Müller Français Łódź", "Vera", bold, italic) == ""


def test_composed_letters_take_their_base_letters_width():
    for char in "źąęśńżĀ":
        assert ord(char) not in CMAP  # drawn as base letter + accent by the backends
        base = unicodedata.normalize("NFD", char)[0]
        assert text_width(char, "Vera", 10) == pdfmetrics.stringWidth(base, "Vera", 10)


def test_latin_extended_a_is_mostly_drawable():
    block = [chr(c) for c in range(0x100, 0x180)]
    missing = missing_glyphs("".join(block))
    # only letters with no accent decomposition remain (ĸ, ŉ, Ŋ, ŋ, Ħ, ħ, Ŧ, ŧ, ...)
    assert all(len(unicodedata.normalize("NFD", c)) == 1 for c in missing)
    assert len(missing) < 20


WORDS = st.text(alphabet="abcdefghijklmnopqrstuvwxyzÄÖÜäöüßéèçŁłó ", min_size=1, max_size=12)


@settings(max_examples=200, deadline=None)
@given(
    paragraphs=st.lists(WORDS, min_size=1, max_size=4),
    width=st.floats(min_value=20, max_value=300),
    height=st.floats(min_value=8, max_value=200),
    size=st.sampled_from([6.0, 9.0, 12.5, 18.0]),
    bold=st.booleans(),
)
def test_fitted_text_fits_keeps_every_word_and_is_the_largest_size(
    paragraphs, width, height, size, bold
):
    text = "\n".join(paragraphs)
    style = Style(size=size, min_size=4.0, bold=bold, leading=1.2)
    fitted = fit_text(text, width, height, style)
    if fitted is None:
        return
    assert style.min_size <= fitted.size <= style.size
    assert len(fitted.lines) * fitted.size * style.leading <= height + 1e-6
    for line, line_width in zip(fitted.lines, fitted.widths, strict=True):
        assert line_width <= width + 1e-6
        assert (
            abs(line_width - pdfmetrics.stringWidth(line, face_name("Vera", bold), fitted.size))
            < 0.01
        )
    assert " ".join(fitted.lines).split() == text.split()
    assert len(fitted.lines) >= len(paragraphs)
    bigger = [s for s in sizes(style) if s > fitted.size]
    for s in bigger:
        assert fit_text(text, width, height, Style(size=s, min_size=s, bold=bold)) is None


def test_shrinks_in_half_point_steps_down_to_min_size():
    assert sizes(Style(size=10, min_size=8.2)) == [10, 9.5, 9, 8.5, 8.2]
    assert sizes(Style(size=9, min_size=9)) == [9]


def test_nothing_fits_gives_none():
    style = Style(size=12, min_size=8)
    word_at_8pt = text_width("Featherstonehaugh", "Vera", 8)
    assert fit_text("Featherstonehaugh", word_at_8pt - 0.1, 100, style) is None
    assert fit_text("Featherstonehaugh", word_at_8pt + 0.1, 100, style).size == pytest.approx(8)
    assert fit_text("a\nb\nc", 100, 3 * 8 * 1.2 - 0.1, style) is None


def test_explicit_newlines_and_empty_lines_are_kept():
    fitted = fit_text("One\n\nTwo words", 500, 500, Style(size=10))
    assert fitted.lines == ("One", "", "Two words")
    assert fitted.height == pytest.approx(3 * 12)
