"""Inputs that used to crash a build or draw the wrong thing: braces, non-finite numbers,
damaged images, grids and tracks too fine to draw, absurd counts."""

from __future__ import annotations

import string
import struct
import zlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from deaddrop.errors import InputError
from pnp import ops
from pnp.definitions import load_game
from pnp.draw import face_ops
from pnp.draw.svg_reader import path_points
from pnp.model import fill_fields

F = "bad/cards.yaml"
CARD = """\
components:
  cards:
    kind: card
    size: [63mm, 88mm]
    front:
"""


def problems(make_game, files: dict[str, str | bytes]) -> list[str]:
    with pytest.raises(InputError) as caught:
        load_game(make_game(files))
    return caught.value.lines()


def png(width: int = 1, height: int = 1, end: bool = True) -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        return (
            struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
        )

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    body = chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(b"\x00\xff\x00\x00"))
    return b"\x89PNG\r\n\x1a\n" + body + (chunk(b"IEND", b"") if end else b"")


NAMES = st.sampled_from(["a", "b", "name", "x_1"])
PLAIN = st.text(alphabet=string.ascii_letters + " .,-", max_size=6)
PIECES = st.lists(
    st.one_of(PLAIN, NAMES.map(lambda n: "{" + n + "}"), st.sampled_from(["{{", "}}"])),
    max_size=8,
)


@settings(max_examples=200)
@given(pieces=PIECES, values=st.dictionaries(NAMES, PLAIN))
def test_fill_agrees_with_python_format_and_keeps_unknown_fields(pieces, values):
    text = "".join(pieces)
    data = {name: values.get(name, "{" + name + "}") for name in ("a", "b", "name", "x_1")}
    assert fill_fields(text, values) == text.format_map(data)


def test_double_braces_are_drawn_as_one_brace(make_game):
    yaml = (
        "components:\n  cards:\n    kind: card\n    size: [63mm, 88mm]\n    columns: [name]\n"
        "    rows: [{name: Bob}]\n    front:\n"
        '      - text: "{{set}} {name}"\n        box: {x: 5mm, y: 5mm, w: 50mm, h: 20mm}\n'
    )
    component = load_game(make_game({"cards.yaml": yaml})).components[0]
    texts = [op.text for op in face_ops(component, 0) if isinstance(op, ops.Text)]
    assert texts == ["{set} Bob"]


def test_numbers_that_are_not_finite_are_reported(make_game):
    huge = "9" * 400
    yaml = CARD + (
        "      - text: a\n        rotate: .nan\n"
        "      - text: b\n        rotate: .inf\n"
        f"      - text: c\n        rotate: {huge}\n"
        f"      - line: [[1mm, 1mm], [2mm, 2mm]]\n        width: {huge}mm\n"
        f"      - rect: {{x: 1mm, y: 1mm, w: {huge}%, h: 1mm}}\n"
    )
    assert problems(make_game, {"cards.yaml": yaml}) == [
        f"{F}:7: components.cards.front[0].rotate: .nan is not a finite number",
        f"{F}:9: components.cards.front[1].rotate: .inf is not a finite number",
        f"{F}:11: components.cards.front[2].rotate: {huge} is not a finite number",
        f"{F}:13: components.cards.front[3].width: is too large (expected a number with a unit:"
        " mm, cm, in or pt, such as 63mm)",
        f"{F}:14: components.cards.front[4].rect.w: is too large (expected a length such as 3mm"
        " or a percentage such as 50%)",
    ]


def test_damaged_images_are_reported_by_the_loader(make_game):
    damaged = bytearray(png())
    damaged[30] ^= 0xFF  # inside the IHDR data: its checksum no longer matches
    files: dict[str, str | bytes] = {
        "art/cut.png": png(end=False),
        "art/bad.png": bytes(damaged),
        "art/empty.png": png(width=0),
        "art/broken.svg": "<svg><rect width='3'",
        "art/flat.svg": '<svg viewBox="0 0 0 10"><rect width="3" height="3"/></svg>',
        "art/ok.svg": '<svg viewBox="0 0 10 10"><path d="L 3 4 M 1"/></svg>',
        "art/ok.png": png(),
        "cards.yaml": CARD
        + "".join(
            f"      - image: art/{name}\n        box: safe\n"
            for name in ("cut.png", "bad.png", "empty.png", "broken.svg", "flat.svg", "ok.svg")
        ),
    }
    assert problems(make_game, files) == [
        f"{F}:6: components.cards.front[0].image: 'cut.png' is a truncated or damaged PNG file",
        f"{F}:8: components.cards.front[1].image: 'bad.png' is a damaged PNG file"
        " (bad checksum in its IHDR chunk)",
        f"{F}:10: components.cards.front[2].image: 'empty.png' is a PNG file of no pixels",
        f"{F}:12: components.cards.front[3].image: 'broken.svg' is not a valid SVG file"
        " (unclosed token: line 1, column 5)",
        f"{F}:14: components.cards.front[4].image: 'flat.svg' has no drawable size"
        " (expected a viewBox, or a width and height)",
    ]


@settings(max_examples=300)
@given(st.lists(st.one_of(st.sampled_from("MLHVCQZAmlhvcqza"), st.integers(-9, 9)), max_size=14))
def test_any_path_data_gives_points_or_nothing(tokens):
    for points in path_points(" ".join(map(str, tokens))):
        assert len(points) >= 2
        assert all(len(point) == 2 for point in points)


def test_grids_tracks_and_counts_too_large_to_draw_are_reported(make_game):
    yaml = CARD + (
        "      - grid: {x: 0mm, y: 0mm, w: 50mm, h: 50mm}\n"
        "        rows: 1000000\n"
        "        cols: 2\n"
        "      - track: {x: 0mm, y: 0mm, w: 50mm, h: 5mm}\n"
        "        from: 1\n"
        "        to: 100000000\n"
        "      - track: {x: 0mm, y: 0mm, w: 50mm, h: 5mm}\n"  # 40 boxes of 1.25mm: no room
        "        from: 1\n"
        "        to: 40\n"
        "      - track: {x: 0mm, y: 0mm, w: 50mm, h: 5mm}\n"  # 10 boxes of 5mm: fine
        "        from: 1\n"
        "        to: 10\n"
        "    count: 1000000000\n"
    )
    assert problems(make_game, {"cards.yaml": yaml}) == [
        f"{F}:7: components.cards.front[0].rows: 1000000 is too large (expected at most 1000)",
        f"{F}:11: components.cards.front[1].to: 100000000 is too large (expected at most 1000000)",
        f"{F}:14: components.cards.front[2].to: the label '1' does not fit its box"
        " (1.05mm x 4.8mm) even at 5pt (bigger boxes or a smaller min_size)",
        f"{F}:18: components.cards.count: 1000000000 is too large (expected at most 1000)",
    ]


def test_track_labels_must_fit_their_boxes(make_game):
    yaml = CARD.replace(
        "    front:\n", "    columns: [n]\n    rows: [{n: '7'}, {n: Seventy-seven}]\n    front:\n"
    ) + (
        "      - track: {x: 0mm, y: 0mm, w: 30mm, h: 6mm}\n"
        "        from: 1\n"
        "        to: 3\n"
        "        labels: [a, Headquarters, '{n}']\n"
        "        style: {size: 8pt, min_size: 6pt}\n"
    )
    assert problems(make_game, {"cards.yaml": yaml}) == [
        f"{F}:11: components.cards.front[0].labels[1]: the label 'Headquarters' does not fit its"
        " box (9.04mm x 5.04mm) even at 6pt (bigger boxes or a smaller min_size)",
        f"{F}:11: components.cards.front[0].labels[2]: the label 'Seventy-seven' does not fit"
        " its box (9.04mm x 5.04mm) even at 6pt in rows[1] (bigger boxes or a smaller min_size)",
    ]


def test_an_alias_inside_its_own_anchor_is_reported(make_game):
    files = {"game.yaml": "game: bad\nnotes: &a [x, *a]\n"}
    assert problems(make_game, files) == [
        "bad/game.yaml:2: notes[1]: an alias inside its own anchor",
        "bad/game.yaml:2: notes: a list is not a text",
    ]


def test_nested_aliases_are_refused_past_the_bound_not_expanded(make_game):
    """Nine levels of nine aliases would be 9**9 values if each alias were copied: refused at
    the first line that takes the document past the bound (deaddrop.yaml_loader.MAX_NODES)."""
    lines = ["game: bad", "x0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]"]
    lines += [f"x{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 9) + "]" for i in range(1, 10)]
    lines.append("notes: *a9")
    assert problems(make_game, {"game.yaml": "\n".join(lines) + "\n"}) == [
        "bad/game.yaml:7: aliases and merge keys expand the document past 100,000 values"
        " (at most 100,000 values)"
    ]


def test_text_colour_from_the_data_row_is_checked_and_drawn(make_game):
    rows = (
        "    columns: [name, ink]\n    rows: [{name: Bob, ink: '#ff0000'}, {name: Al, ink: red}]\n"
    )
    text = "      - text: '{name}'\n        box: safe\n"
    yaml = CARD.replace("    front:\n", rows + "    front:\n") + text + "        color: '{ink}'\n"
    assert problems(make_game, {"cards.yaml": yaml}) == [
        f"{F}:6: components.cards.rows[1].ink: 'red' is not a colour for front[0].color"
        ' (expected "#rrggbb")'
    ]
    good = yaml.replace("ink: red", "ink: '#00AA00'")
    component = load_game(make_game({"cards.yaml": good})).components[0]
    drawn = [
        [(op.text, op.color) for op in face_ops(component, i) if isinstance(op, ops.Text)]
        for i in (0, 1)
    ]
    assert drawn == [[("Bob", "#ff0000")], [("Al", "#00AA00")]]


def test_a_named_style_with_a_field_colour_needs_that_column(make_game):
    game = "game: bad\nstyles:\n  inked: {color: '{ink}'}\n"
    yaml = CARD + "      - text: Hi\n        style: inked\n"
    assert problems(make_game, {"game.yaml": game, "cards.yaml": yaml}) == [
        f"{F}:7: components.cards.front[0].style: {{ink}} is not a data column"
        " (this component has no data table)"
    ]


def test_control_characters_in_keys_and_values_stay_on_the_problem_line(make_game):
    files = {"game.yaml": 'game: bad\n"a\\x1e\\rb": 1\ntitle: [1]\nnotes: "x\\ty"\n'}
    found = problems(make_game, files)
    assert found[0] == (
        "bad/game.yaml:2: a\\x1e\\rb: unknown field (expected one of: boxes, components,"
        " cover_piece, edition, game, icons, map, notes, order, players, styles, time, title)"
    )
    assert found[1:] == ["bad/game.yaml:3: title: a list is not a text"]


def test_values_yaml_cannot_construct_are_reported_not_raised(make_game):
    files = {"game.yaml": "game: bad\ntitle: 2024-13-45\nnotes: !!python/name:os.system x\n"}
    assert problems(make_game, files) == [
        "bad/game.yaml:2: title: cannot read '2024-13-45': month must be in 1..12"
        " (quote it to keep it as text)",
        "bad/game.yaml:3: notes: cannot read 'x': could not determine a constructor for the tag"
        " 'tag:yaml.org,2002:python/name:os.system' (quote it to keep it as text)",
    ]


def test_a_tag_pyyaml_cannot_apply_is_reported_not_raised(make_game):
    """`!!timestamp` on a word made PyYAML itself fail (AttributeError): found by the fuzz
    test on a mutated sample, as a key and as a value."""
    files = {"game.yaml": "game: bad\n!!timestamp x: 1\ntitle: !!timestamp hello\n"}
    assert problems(make_game, files) == [
        "bad/game.yaml:2: cannot read 'x': not a timestamp (quote it to keep it as text)",
        "bad/game.yaml:2: x: unknown field (expected one of: boxes, components, cover_piece,"
        " edition, game, icons, map, notes, order, players, styles, time, title)",
        "bad/game.yaml:3: title: cannot read 'hello': not a timestamp (quote it to keep it as"
        " text)",
    ]


def test_a_tag_pyyaml_cannot_apply_in_a_data_file_is_one_line():
    from deaddrop.yaml_loader import YamlProblem, load

    with pytest.raises(YamlProblem) as caught:
        load("turns: !!timestamp soon\n")
    assert "cannot be read as the type its tag names" in str(caught.value)


def test_an_empty_dash_pattern_is_reported_not_dropped(make_game):
    yaml = CARD + "      - line: [[1mm, 1mm], [5mm, 5mm]]\n        dash: []\n"
    yaml += "      - line: [[1mm, 1mm], [5mm, 5mm]]\n        dash: [0pt, 0pt]\n"
    expected = "a dash pattern needs a length above 0 (such as [2pt, 1pt], or none)"
    assert problems(make_game, {"cards.yaml": yaml}) == [
        f"{F}:7: components.cards.front[0].dash: {expected}",
        f"{F}:9: components.cards.front[1].dash: {expected}",
    ]


def test_a_component_is_never_dropped_without_a_problem(make_game, monkeypatch):
    from pnp.definitions import loader
    from pnp.definitions.values import BAD

    monkeypatch.setattr(loader, "parse_component", lambda *args: BAD)
    assert problems(make_game, {"cards.yaml": CARD + "      - text: Hi\n"}) == [
        f"{F}:2: components.cards: cannot be read (a loader bug: please report it)"
    ]
