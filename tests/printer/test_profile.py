"""pnp.printer_profile (pure) and deaddrop.printer_config (the file): parsers, the file's round
trip, a damaged file as one line naming its line, and what a profile does to the layout."""

from __future__ import annotations

import math
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from deaddrop.errors import InputError
from deaddrop.printer_config import Printers, config_path, dumps, parse
from pnp.imposition import Settings
from pnp.imposition.paper import MARK_EDGE, Paper
from pnp.printer_profile import (
    Profile,
    ProfileError,
    apply,
    parse_margin,
    parse_name,
    parse_offset,
    parse_scale,
)
from pnp.units import mm, to_mm

offsets = st.floats(-20, 20, allow_nan=False).map(lambda v: round(v, 2))
scales = st.floats(90, 110, allow_nan=False).map(lambda v: round(v, 2))
margins = st.floats(0, 20, allow_nan=False).map(lambda v: round(v, 2))
names = st.from_regex(r"[A-Za-z0-9][A-Za-z0-9_-]{0,10}", fullmatch=True)
profiles = st.builds(
    Profile,
    names,
    st.tuples(offsets, offsets),
    scales,
    margins,
    st.sampled_from([None, "a4", "letter"]),
    st.sampled_from([None, "long", "short"]),
)


@given(offsets, offsets)
def test_an_offset_reads_back_as_written(dx, dy):
    assert parse_offset(f"{dx},{dy}") == (dx, dy)


@given(scales)
def test_a_scale_reads_the_same_as_a_percentage_in_mm_or_bare(value):
    assert parse_scale(f"{value}%") == parse_scale(f"{value}mm") == parse_scale(f"{value}") == value


@given(st.text(max_size=20))
def test_any_text_is_a_value_or_one_line_saying_what_is_expected(text):
    for parser in (parse_offset, parse_scale, parse_margin, parse_name):
        try:
            parser(text)
        except ProfileError as error:
            message = str(error)
            assert "\n" not in message and "(expected" in message


@pytest.mark.parametrize(
    ("parser", "text", "message"),
    [
        (parse_scale, "150%", "'150%' is out of range (expected 90% to 110%)"),
        (parse_scale, "nan", "'nan' is out of range (expected 90% to 110%)"),
        (parse_offset, "1;2", "'1;2' is not X,Y in mm (expected two numbers, e.g. 0.5,-1)"),
        (parse_margin, "25mm", "'25mm' is out of range (expected 0mm to 20mm)"),
        (
            parse_margin,
            "5",
            "'5' is not a length (expected a number with mm, cm, in or pt, e.g. 5mm)",
        ),
    ],
)
def test_bad_values_say_what_is_expected(parser, text, message):
    with pytest.raises(ProfileError) as caught:
        parser(text)
    assert str(caught.value) == message


@settings(max_examples=60)
@given(st.lists(profiles, max_size=4, unique_by=lambda p: p.name), st.data())
def test_the_file_reads_back_as_written(found, data):
    in_use = data.draw(st.sampled_from([None] + [p.name for p in found]))
    printers = Printers(Path("printers.toml"), {p.name: p for p in found}, in_use)
    again = parse(dumps(printers).encode(), Path("printers.toml"))
    assert again.profiles == printers.profiles and again.in_use == in_use
    assert list(again.profiles) == list(printers.profiles)


GOOD = """\
use = "office"

[printers.home]
scale = 100.0

[printers.office]
paper = "a4"
back_offset = [0.5, -1.0]
scale = 98.6
margin = 5.0
"""


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        (
            "scale = 98.6",
            "scale = 150",
            "printers.toml:9: printers.office.scale: '150%' is out of range (expected 90% to 110%)",
        ),
        (
            "back_offset = [0.5, -1.0]",
            "back_offset = [0.5]",
            "printers.toml:8: printers.office.back_offset: '[0.5]' is not [X, Y] "
            "(expected two numbers, mm)",
        ),
        (
            'paper = "a4"',
            'paper = "a3"',
            "printers.toml:7: printers.office.paper: unknown paper 'a3' (expected a4 or letter)",
        ),
        (
            "margin = 5.0",
            "margins = 5.0",
            "printers.toml:10: printers.office.margins: unknown setting "
            "(expected one of paper, flip, back_offset, scale, margin)",
        ),
        (
            'use = "office"',
            'use = "work"',
            "printers.toml:1: use: no printer 'work' (expected one of: home, office)",
        ),
        (
            "scale = 98.6",
            "scale = 98,6",
            "printers.toml:9: not TOML: Expected newline or end of document after a statement "
            "(expected a file written by deaddrop printer set)",
        ),
        (
            "[printers.home]",
            "[printers.'my home']",
            "printers.toml:3: printers.my home: 'my home' is not a printer name (expected "
            "letters, digits, - or _, up to 40, e.g. office)",
        ),
        (
            "margin = 5.0",
            "margin = true",
            "printers.toml:10: printers.office.margin: 'true' is not a number "
            "(expected a number in mm, e.g. 5.0)",
        ),
        (
            "scale = 98.6",
            'scale = "98.6%"',
            "printers.toml:9: printers.office.scale: '98.6%' is not a number "
            "(expected a number in percent, e.g. 98.6)",
        ),
    ],
)
def test_a_damaged_file_is_one_line_naming_its_line(old, new, message):
    text = GOOD.replace(old, new)
    assert text != GOOD
    with pytest.raises(InputError) as caught:
        parse(text.encode(), Path("printers.toml"))
    assert caught.value.lines() == [message]


def test_the_file_is_read_and_the_defaults_filled():
    printers = parse(GOOD.encode(), Path("printers.toml"))
    assert printers.in_use == "office"
    assert printers.profiles["home"] == Profile("home")
    assert printers.profiles["office"] == Profile("office", (0.5, -1.0), 98.6, 5.0, "a4")


def test_the_config_file_is_in_the_user_config_folder(monkeypatch, tmp_path):
    monkeypatch.delenv("DEADDROP_CONFIG")
    monkeypatch.delenv("XDG_CONFIG_HOME", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path))
    assert config_path() == tmp_path / ".config" / "deaddrop" / "printers.toml"
    import platformdirs  # the shortcut on Linux gives platformdirs' answer

    assert config_path().parent == Path(platformdirs.user_config_dir("deaddrop", appauthor=False))
    monkeypatch.setenv("DEADDROP_CONFIG", str(tmp_path / "mine.toml"))
    assert config_path() == tmp_path / "mine.toml"


def test_options_given_win_over_the_profile():
    profile = Profile("office", (1.0, -2.0), 98.0, 0.0, "letter", "short")
    chosen = apply(profile, Settings(paper="a4", back_offset=(0.0, 0.0)), {"paper", "back_offset"})
    assert (chosen.paper, chosen.back_offset, chosen.flip) == ("a4", (0.0, 0.0), "short")
    assert math.isclose(chosen.scale, 100 / 98) and chosen.printer == "office"
    taken = apply(profile, Settings(), ())
    assert (taken.paper, taken.back_offset) == ("letter", (mm(1.0), mm(-2.0)))


@settings(max_examples=40)
@given(margins, st.sampled_from(["a4", "letter"]))
def test_an_unprintable_margin_keeps_marks_pieces_and_footers_inside_it(margin, paper_name):
    """The geometry every planner reads: crop marks, trim boxes, the printable area and the
    footer's line all at least the printer's margin from the edge, never nearer than before."""
    paper = Paper.of(apply(Profile("p", margin=margin), Settings(paper=paper_name)))
    plain = Paper.of(Settings(paper=paper_name))
    reach = mm(margin)
    assert paper.edge >= max(reach, MARK_EDGE) - 1e-9
    assert paper.marks_area.x >= reach - 1e-9 and paper.printable.x > reach
    assert paper.usable.x >= plain.usable.x and paper.printable.x >= plain.printable.x
    descent = 0.25 * 6.5  # the footer's descenders (6.5 pt Vera)
    assert paper.footer_baseline - descent >= reach - 1e-9
    assert to_mm(paper.edge) == pytest.approx(max(margin, 5.0))
