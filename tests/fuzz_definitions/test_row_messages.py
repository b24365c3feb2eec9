"""A problem in a data row's value is reported at the row's line, not the template's."""

from __future__ import annotations

import pytest

from deaddrop.errors import InputError
from pnp.definitions import load_game

CARDS = """\
components:
  cards:
    kind: card
    size: [63mm, 88mm]
    columns: [name, ink]
    rows:
      - name: Al
        ink: "#112233"
      - name: Bo
        ink: red
      - {name: Cy, ink: "#12345"}
    front:
      - rect: full
        fill: "{ink}"
      - text: "{name}"
        box: full
        color: "{ink}"
"""


def problems(folder) -> list[str]:
    with pytest.raises(InputError) as caught:
        load_game(folder)
    return caught.value.lines()


def test_a_bad_colour_in_a_data_row_names_the_rows_line(game):
    assert problems(game({"cards.yaml": CARDS})) == [
        "bad/cards.yaml:10: components.cards.rows[1].ink: 'red' is not a colour for"
        ' front[0].fill (expected "#rrggbb" or none)',
        "bad/cards.yaml:10: components.cards.rows[1].ink: 'red' is not a colour for"
        ' front[1].color (expected "#rrggbb")',
        "bad/cards.yaml:11: components.cards.rows[2].ink: '#12345' is not a colour for"
        ' front[0].fill (expected "#rrggbb" or none)',
        "bad/cards.yaml:11: components.cards.rows[2].ink: '#12345' is not a colour for"
        ' front[1].color (expected "#rrggbb")',
    ]


def test_rows_after_a_broken_row_keep_their_own_index(game):
    """A row with a problem of its own used to shift the index of every later row."""
    text = CARDS.replace("      - name: Al\n", "      - name: Al\n        nick: x\n")
    assert problems(game({"cards.yaml": text}))[:2] == [
        "bad/cards.yaml:8: components.cards.rows[0].nick: unknown field (expected one of:"
        " ink, name)",
        "bad/cards.yaml:11: components.cards.rows[1].ink: 'red' is not a colour for"
        ' front[0].fill (expected "#rrggbb" or none)',
    ]


def test_a_colour_from_one_field_names_its_value_and_from_several_the_row(game):
    text = (
        CARDS.replace("columns: [name, ink]", "columns: [name, ink, tone]")
        .replace('ink: "#112233"', 'ink: "#112233"\n        tone: "44"')
        .replace("ink: red", "ink: red\n        tone: x")
        .replace('ink: "#12345"}', 'ink: "#12345", tone: "6"}')
        .replace('fill: "{ink}"', 'fill: "#{tone}{tone}{tone}"')
        .replace('color: "{ink}"', 'color: "{ink}{tone}"')
    )
    assert problems(game({"cards.yaml": text})) == [
        "bad/cards.yaml:7: components.cards.rows[0]: '#11223344' is not a colour for"
        ' front[1].color (expected "#rrggbb")',
        "bad/cards.yaml:10: components.cards.rows[1]: 'redx' is not a colour for"
        ' front[1].color (expected "#rrggbb")',
        "bad/cards.yaml:12: components.cards.rows[1].tone: '#xxx' is not a colour for"
        ' front[0].fill (expected "#rrggbb" or none)',
        "bad/cards.yaml:13: components.cards.rows[2].tone: '#666' is not a colour for"
        ' front[0].fill (expected "#rrggbb" or none)',
    ]  # rows[2] gives '#12345' + '6': a colour
