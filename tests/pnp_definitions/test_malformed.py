"""Malformed definitions: each problem is reported at once as `file:line: key.path: what`."""

from __future__ import annotations

import struct
import zlib

import pytest

from deaddrop.errors import InputError
from pnp.definitions import load_game, load_kits

F = "bad/cards.yaml"
G = "bad/game.yaml"
S = "bad/sheet.yaml"
LENGTH = "(expected a number with a unit: mm, cm, in or pt, such as 63mm)"
ONE_OF = (
    "(expected exactly one of: text, rect, circle, line, grid, track, image, polygon, path, icon,"
    " map)"
)


def tiny_png() -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        return (
            struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
        )

    header = struct.pack(">IIBBBBB", 1, 1, 8, 2, 0, 0, 0)
    body = chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(b"\x00\xff\x00\x00"))
    return b"\x89PNG\r\n\x1a\n" + body + chunk(b"IEND", b"")


CASES = {
    "yaml syntax error": (
        {
            "cards.yaml": """\
            components:
              cards:
                kind: card
               size: [63mm, 88mm]
            """
        },
        [
            f"{F}:4: YAML syntax error: expected <block end>, but found '<block mapping start>'"
            " (while parsing a block mapping that starts on line 2)"
        ],
    ),
    "unknown field with did-you-mean (the issue's example)": (
        {
            "cards.yaml": """\
            components:
              cards:
                kind: card
                size: [63mm, 88mm]
                columns: [name, strength]
                front:
                  - text: "{name} {strength}"
                    box: safe
                    style: body
                rows:
                  - {name: Müller, strength: 2}
                  - {name: Königsberg, strength: 3}
                  - {name: Français, strength: 5}
                  - {name: Łódź, strenght: 4}
            """
        },
        [f"{F}:14: components.cards.rows[3].strenght: unknown field (did you mean 'strength'?)"],
    ),
    "missing required field": (
        {"cards.yaml": "components:\n  cards:\n    size: [63mm, 88mm]\n    front: []\n"},
        [f"{F}:2: components.cards: missing required field 'kind'"],
    ),
    "wrong type and bad count": (
        {
            "cards.yaml": """\
            components:
              cards:
                kind: card
                size: 63mm
                count: many
                front: []
            """
        },
        [
            f"{F}:4: components.cards.size: expected [width, height] such as [63mm, 88mm],"
            " got '63mm'",
            f"{F}:5: components.cards.count: 'many' is not a whole number",
        ],
    ),
    "unknown kind": (
        {
            "cards.yaml": "components:\n  cards:\n    kind: cardd\n    size: [63mm, 88mm]\n"
            "    front: []\n"
        },
        [f"{F}:3: components.cards.kind: unknown kind 'cardd' (did you mean 'card'?)"],
    ),
    "lengths without a unit or not lengths": (
        {
            "cards.yaml": """\
            components:
              cards:
                kind: card
                size: [63, 88mm]
                corner: 3mmm
                front:
                  - rect: safe
                    width: 0.5px
            """
        },
        [
            f"{F}:4: components.cards.size[0]: the number 63 has no unit {LENGTH}",
            f"{F}:5: components.cards.corner: '3mmm' is not a length {LENGTH}",
            f"{F}:8: components.cards.front[0].width: '0.5px' is not a length {LENGTH}",
        ],
    ),
    "bad colours, also from a data row": (
        {
            "cards.yaml": """\
            components:
              cards:
                kind: card
                size: [63mm, 88mm]
                columns: [name, ink]
                rows:
                  - {name: A, ink: "#00ff00"}
                  - {name: B, ink: green}
                front:
                  - rect: safe
                    fill: "#12345"
                  - circle: safe
                    stroke: "{ink}"
                  - rect: safe
                    fill: #ff0000
            """
        },
        [
            f"{F}:8: components.cards.rows[1].ink: 'green' is not a colour for front[1].stroke"
            ' (expected "#rrggbb" or none)',
            f"{F}:11: components.cards.front[0].fill: '#12345' is not a colour"
            ' (expected "#rrggbb" or none)',
            f"{F}:15: components.cards.front[2].fill: no colour given"
            ' (expected "#rrggbb" in quotes: # starts a comment)',
        ],
    ),
    "circular extends of boxes and styles": (
        {
            "game.yaml": """\
            game: bad
            boxes:
              a: {extends: b, inset: 1mm}
              b:
                inset: 2mm
                extends: a
              c: {extends: c}
            styles:
              s1: {extends: s2}
              s2: {extends: s1}
            """,
            "cards.yaml": "components:\n  cards:\n    kind: card\n    size: [63mm, 88mm]\n"
            "    front:\n      - rect: a\n      - text: Hi\n        style: s2\n",
        },
        [
            f"{G}:3: boxes.a.extends: circular extends: a -> b -> a",
            f"{G}:7: boxes.c.extends: circular extends: c -> c",
            f"{G}:9: styles.s1.extends: circular extends: s1 -> s2 -> s1",
        ],
    ),
    "malformed icons: missing size or elements, not a mapping": (
        {
            "game.yaml": """\
            game: bad
            icons:
              nosize:
                elements:
                  - rect: {x: 0mm, y: 0mm, w: 100%, h: 100%}
              noelements:
                size: [10mm, 10mm]
              empty: {}
              scalar: 3
            """,
            "cards.yaml": "components:\n  cards:\n    kind: card\n    size: [63mm, 88mm]\n"
            "    front:\n      - rect: {x: 0mm, y: 0mm, w: 10mm, h: 10mm}\n",
        },
        [
            f"{G}:3: icons.nosize: missing required field 'size'",
            f"{G}:6: icons.noelements: missing required field 'elements'",
            f"{G}:8: icons.empty: missing required field 'size'",
            f"{G}:8: icons.empty: missing required field 'elements'",
            f"{G}:9: icons.scalar: expected a mapping, got the number 3",
        ],
    ),
    "extends of an unknown name, unknown box and style names": (
        {
            "game.yaml": """\
            game: bad
            styles:
              body: {size: 9pt}
              title: {extends: bdy, bold: true}
            boxes:
              full: {w: 100%, h: 100%}
              head: {extends: ful, h: 10mm}
            """,
            "cards.yaml": """\
            components:
              cards:
                kind: card
                size: [63mm, 88mm]
                front:
                  - text: Hi
                    box: fulll
                    style: bodi
                  - rect: {extends: fulll, inset: 1mm}
                  - rect: head
            """,
        },
        [
            f"{F}:7: components.cards.front[0].box: unknown box 'fulll' (did you mean 'full'?)",
            f"{F}:8: components.cards.front[0].style: unknown style 'bodi' (did you mean 'body'?)",
            f"{F}:9: components.cards.front[1].rect.extends: unknown box 'fulll'"
            " (did you mean 'full'?)",
            f"{G}:4: styles.title.extends: unknown style 'bdy' (did you mean 'body'?)",
            f"{G}:7: boxes.head.extends: unknown box 'ful' (did you mean 'full'?)",
        ],
    ),
    "field that is not a data column": (
        {
            "cards.yaml": """\
            components:
              cards:
                kind: card
                size: [63mm, 88mm]
                columns: [name, strength]
                rows:
                  - {name: A, strength: 1}
                front:
                  - text: "{name} has {strenth}"
              tokens:
                kind: token
                size: [20mm, 20mm]
                front:
                  - text: "{name}"
            """
        },
        [
            f"{F}:9: components.cards.front[0].text: {{strenth}} is not a data column"
            " (did you mean 'strength'?)",
            f"{F}:14: components.tokens.front[0].text: {{name}} is not a data column"
            " (this component has no data table)",
        ],
    ),
    "row missing a column": (
        {
            "cards.yaml": """\
            components:
              cards:
                kind: card
                size: [63mm, 88mm]
                columns: [name, strength]
                rows:
                  - {name: A, strength: 1}
                  - name: B
                    count: 2
                front:
                  - text: "{name}"
            """
        },
        [f"{F}:8: components.cards.rows[1]: missing column 'strength'"],
    ),
    "bad counts": (
        {
            "cards.yaml": """\
            components:
              cards:
                kind: card
                size: [63mm, 88mm]
                rows:
                  - {name: A, count: 0}
                  - {name: B, count: 1.5}
                  - {name: C, count: -2}
                front: []
              tokens:
                kind: token
                size: [20mm, 20mm]
                count: 3
                rows: [{name: X}]
                front: []
            """
        },
        [
            f"{F}:6: components.cards.rows[0].count: 0 is too small (expected at least 1)",
            f"{F}:7: components.cards.rows[1].count: the number 1.5 is not a whole number",
            f"{F}:8: components.cards.rows[2].count: -2 is too small (expected at least 1)",
            f"{F}:13: components.tokens.count: give either count or rows, not both"
            " (expected a count column in the rows)",
        ],
    ),
    "images: missing, not PNG/SVG, not really a PNG, bad fit": (
        {
            "art/ok.png": tiny_png(),
            "art/fake.png": b"GIF89a not a png",
            "art/pic.jpg": b"\xff\xd8\xff",
            "cards.yaml": """\
            components:
              cards:
                kind: card
                size: [63mm, 88mm]
                front:
                  - image: art/missing.png
                    box: safe
                  - image: art/pic.jpg
                    box: safe
                  - image: art/fake.png
                    box: safe
                  - image: art/ok.png
                    box: safe
                    fit: squash
            """,
        },
        [
            f"{F}:6: components.cards.front[0].image: image file not found: bad/art/missing.png"
            " (expected a path relative to the YAML file)",
            f"{F}:8: components.cards.front[1].image: 'pic.jpg' is not a PNG or SVG file",
            f"{F}:10: components.cards.front[2].image: 'fake.png' is not a valid PNG file",
            f"{F}:14: components.cards.front[3].fit: unknown value 'squash'"
            " (expected one of: contain, stretch)",
        ],
    ),
    "component larger than the printable area of A4 or Letter": (
        {
            "cards.yaml": """\
            components:
              board:
                kind: board
                size: [200mm, 260mm]
                front: []
              big:
                kind: board
                size: [400mm, 400mm]
                split: true
                front: []
              wide:
                kind: sheet
                size: [265mm, 190mm]
                front: []
            """
        },
        [
            f"{F}:4: components.board.size: 200mm x 260mm is larger than the printable area of A4"
            " and Letter (at most 198.0mm x 267.4mm, upright or turned, inside 6mm margins)"
            " (a smaller size, or split: true for a board)",
        ],
    ),
    "text that cannot fit even at its minimum size, per data row": (
        {
            "cards.yaml": """\
            components:
              cards:
                kind: card
                size: [30mm, 20mm]
                columns: [name]
                rows:
                  - {name: Ann}
                  - {name: Bartholomew-Featherstonehaugh the Magnificent of Königsberg}
                front:
                  - text: "{name}"
                    box: {x: 2mm, y: 2mm, w: 26mm, h: 5mm}
                    size: 10pt
                    min_size: 8pt
            """
        },
        [
            f"{F}:10: components.cards.front[0].text: 'Bartholomew-Featherstonehaugh the Mag...'"
            " does not fit its box (26mm x 5mm) even at 8pt in rows[1]"
            " (a bigger box or a smaller min_size)",
        ],
    ),
    "game name, types and unknown fields in game.yaml": (
        {"game.yaml": "game: other\ntitle: [not, text]\ncolour: red\n"},
        [
            f"{G}:1: game: 'other' is not the folder name (expected bad)",
            f"{G}:2: title: a list is not a text",
            f"{G}:3: colour: unknown field (expected one of: boxes, components, cover_piece,"
            " edition, game, icons, map, notes, order, players, styles, time, title)",
        ],
    ),
    "tracks and grids": (
        {
            "sheet.yaml": """\
            components:
              sheet:
                kind: sheet
                size: [100mm, 100mm]
                front:
                  - track: {x: 0mm, y: 0mm, w: 50mm, h: 10mm}
                    from: 1
                    to: 6
                    gap: 10mm
                  - track: {x: 0mm, y: 20mm, w: 50mm, h: 10mm}
                    from: 1
                    to: 3
                    labels: [a, b]
                  - grid: {x: 0mm, y: 40mm, w: 50mm, h: 50mm}
                    rows: 0
                    cols: 3
                    row_labels: roman
                    col_labels: {letters: yes}
                  - track: {x: 0mm, y: 0mm, w: 50mm, h: 10mm}
                    from: 1
                    to: 2
                    labels: ["{x}", b]
                  - text: "Ŋ ♞"
                    box: {x: 0mm, y: 0mm, w: 50mm, h: 10mm}
            """
        },
        [
            "bad/sheet.yaml:9: components.sheet.front[0].gap: a gap of 10mm leaves no room for"
            " 6 boxes (a smaller gap or fewer boxes)",
            "bad/sheet.yaml:13: components.sheet.front[1].labels: 2 labels for 3 boxes (1 to 3)",
            "bad/sheet.yaml:15: components.sheet.front[2].rows: 0 is too small"
            " (expected at least 1)",
            "bad/sheet.yaml:17: components.sheet.front[2].row_labels: unknown value 'roman'"
            " (expected one of: letters, none, numbers)",
            "bad/sheet.yaml:18: components.sheet.front[2].col_labels: a mapping, not one value"
            " (expected one of: letters, none, numbers)",
            "bad/sheet.yaml:22: components.sheet.front[3].labels[0]: {x} is not a data column"
            " (this component has no data table)",
            "bad/sheet.yaml:23: components.sheet.front[4].text: the font Vera has no glyph for"
            " 'Ŋ' (U+014A), '♞' (U+265E) (expected Latin-1 and accented Latin letters)",
        ],
    ),
    "box and style names in a game that defines none (the README's card on its own)": (
        {
            "game.yaml": "game: bad\n",
            "cards.yaml": """\
            components:
              agents:
                kind: card
                size: [63mm, 88mm]
                front:
                  - rect: full
                  - {text: Hi, box: {x: 4mm, y: 4mm, w: 55mm, h: 10mm}, style: title}
            """,
        },
        [
            f"{F}:6: components.agents.front[0].rect: unknown box 'full'"
            " (no boxes are defined: expected one under 'boxes:' in game.yaml)",
            f"{F}:7: components.agents.front[1].style: unknown style 'title'"
            " (no styles are defined: expected one under 'styles:' in game.yaml)",
        ],
    ),
    "text turned by other than a quarter turn": (
        {
            "cards.yaml": """\
            components:
              cards:
                kind: card
                size: [63mm, 88mm]
                front:
                  - {text: Upright, box: safe, style: body, rotate: 90}
                  - {text: Aslant, box: safe, style: body, rotate: 45}
                  - {text: Back, box: safe, style: body, rotate: -90}
            """
        },
        [
            f"{F}:7: components.cards.front[1].rotate: 45 is not a quarter turn"
            " (expected 0, 90, 180 or 270 degrees)",
            f"{F}:8: components.cards.front[2].rotate: -90 is not a quarter turn"
            " (expected 0, 90, 180 or 270 degrees)",
        ],
    ),
    "track labels turned by other than a quarter turn, or too long on their side": (
        {
            "sheet.yaml": """\
            components:
              sheet:
                kind: sheet
                size: [100mm, 100mm]
                front:
                  - track: {x: 0mm, y: 0mm, w: 60mm, h: 6mm}
                    from: 1
                    to: 1
                    labels: [INFILTRATION]
                    rotate: 180
                  - track: {x: 0mm, y: 10mm, w: 60mm, h: 6mm}
                    from: 1
                    to: 1
                    labels: [INFILTRATION]
                    rotate: 90
                  - track: {x: 0mm, y: 20mm, w: 60mm, h: 6mm}
                    from: 0
                    to: 2
                    rotate: 45
            """
        },
        [
            f"{S}:14: components.sheet.front[1].labels[0]: the label 'INFILTRATION' does not fit"
            " its box (5.04mm x 59.04mm) even at 5pt (bigger boxes or a smaller min_size)",
            f"{S}:19: components.sheet.front[2].rotate: 45 is not a quarter turn"
            " (expected 0, 90, 180 or 270 degrees)",
        ],
    ),
    "a .yml file is not read": (
        {"cards.yml": "components: {}\n"},
        ["bad/cards.yml: not read (expected the extension .yaml)"],
    ),
    "duplicate keys": (
        {
            "cards.yaml": "components:\n  cards:\n    kind: card\n    size: [63mm, 88mm]\n"
            "    kind: token\n    front: []\n"
        },
        [f"{F}:5: components.cards.kind: duplicate key (first given on line 3)"],
    ),
    "malformed elements and boxes": (
        {
            "cards.yaml": """\
            components:
              cards:
                kind: card
                size: [63mm, 88mm]
                front:
                  - txt: Hello
                  - text: Hi
                    rect: safe
                  - grid: safe
                    rows: 3
                  - track: safe
                    from: 5
                    to: 1
                  - rect: {x: 50mm, y: 0mm, w: 20mm, h: 10mm}
            """
        },
        [
            f"{F}:6: components.cards.front[0]: unknown kind of element (did you mean 'text'?)",
            f"{F}:7: components.cards.front[1]: has 'text' and 'rect' {ONE_OF}",
            f"{F}:9: components.cards.front[2]: missing required field 'cols'",
            f"{F}:13: components.cards.front[3].to: to 1 is before from 5",
            f"{F}:14: components.cards.front[4].rect: the box (x 50mm, y 0mm, w 20mm, h 10mm)"
            " reaches outside the component (63mm x 88mm)",
        ],
    ),
}


@pytest.mark.parametrize("files, expected", CASES.values(), ids=CASES.keys())
def test_every_problem_is_reported_with_file_line_and_key_path(make_game, files, expected):
    folder = make_game(files)
    with pytest.raises(InputError) as caught:
        load_game(folder)
    assert caught.value.lines() == expected


def test_problems_of_several_games_come_together(make_game):
    make_game({"cards.yaml": "components:\n  a: {kind: cardd, size: [10mm, 10mm], front: []}\n"})
    make_game({"game.yaml": "game: two\ncolor: red\n"}, name="two")
    with pytest.raises(InputError) as caught:
        load_kits(make_game({}).parent)
    assert caught.value.lines() == [
        f"{F}:2: components.a.kind: unknown kind 'cardd' (did you mean 'card'?)",
        "two/game.yaml:2: color: unknown field (expected one of: boxes, components,"
        " cover_piece, edition, game, icons, map, notes, order, players, styles, time, title)",
    ]


def test_unknown_game_names_list_the_known_ones(make_game):
    templates = make_game({}).parent
    make_game({}, name="alpha")
    with pytest.raises(InputError) as caught:
        load_kits(templates, ["alpha", "nope", "zed"])
    assert caught.value.lines() == [
        "unknown game 'nope' (known: alpha, bad)",
        "unknown game 'zed' (known: alpha, bad)",
    ]


@pytest.mark.parametrize("files, expected", CASES.values(), ids=CASES.keys())
def test_deaddrop_build_exits_2_with_each_located_line_and_writes_nothing(
    make_game, files, expected
):
    from typer.testing import CliRunner

    from deaddrop.commands.main import app

    folder = make_game(files)
    args = ["build", "--templates", str(folder.parent), "--out", "out", "bad"]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 2, result.output
    assert result.stderr.splitlines() == [f"deaddrop: {line}" for line in expected]
    assert result.stdout == "" and not (folder.parent / "out").exists()
