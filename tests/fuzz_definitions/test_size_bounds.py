"""Documented bounds on sizes and counts (docs/pnp-format.md, "Limits"): past them a definition
is refused at its file, line and key, naming the limit, before anything is laid out."""

from __future__ import annotations

import pytest

from deaddrop.errors import InputError
from pnp.definitions import load_game
from pnp.definitions.component_spec import MAX_PIECES, MAX_ROWS

F = "bad/cards.yaml"


def card(size: str = "[63mm, 88mm]", extra: str = "") -> str:
    return (
        "components:\n"
        "  cards:\n"
        "    kind: card\n"
        f"    size: {size}\n"
        f"{extra}"
        "    front:\n"
        "      - rect: full\n"
    )


def problems(folder) -> list[str]:
    with pytest.raises(InputError) as caught:
        load_game(folder)
    return caught.value.lines()


def test_a_piece_smaller_than_the_lower_bound_is_refused_before_it_is_laid_out(game):
    """[0.01mm, 0.01mm] laid out every slot of a page (hundreds of millions) while loading."""
    folder = game({"cards.yaml": card("[0.01mm, 4.9mm]")})
    assert problems(folder) == [
        f"{F}:4: components.cards.size[0]: 0.01mm is too small (at least 5mm)",
    ]
    folder = game({"cards.yaml": card("[5mm, 0.19in]")})
    assert problems(folder) == [
        f"{F}:4: components.cards.size[1]: 4.826mm is too small (at least 5mm)",
    ]
    assert load_game(game({"cards.yaml": card("[5mm, 5mm]")})).components[0].width > 0


def test_a_split_board_past_the_bounds_is_refused(game):
    too_long = card("[2001mm, 100mm]", "    split: true\n")
    assert problems(game({"cards.yaml": too_long})) == [
        f"{F}:4: components.cards.size: 2001mm x 100mm is too large for a board"
        " (at most 2000mm each way)",
    ]
    many = card("[1500mm, 1500mm]", "    split: true\n")
    assert problems(game({"cards.yaml": many})) == [
        f"{F}:4: components.cards.size: 1500mm x 1500mm takes 54 pages to print"
        " (at most 36 pages on A4 and on Letter)",
    ]
    fine = card("[700mm, 500mm]", "    split: true\n")
    assert load_game(game({"cards.yaml": fine})).components[0].split is True


def test_rows_and_pieces_of_a_component_are_bounded(game):
    rows = "    rows:\n" + "".join(f"      - {{n: {i}}}\n" for i in range(MAX_ROWS + 1))
    assert problems(game({"cards.yaml": card(extra=rows)})) == [
        f"{F}:6: components.cards.rows: {MAX_ROWS + 1} rows are too many (at most {MAX_ROWS})",
    ]
    rows = "    rows:\n" + "      - {n: 1, count: 1000}\n" * 3
    assert problems(game({"cards.yaml": card(extra=rows)})) == [
        f"{F}:6: components.cards.rows: the rows' counts add up to 3000 pieces, too many"
        f" (at most {MAX_PIECES})",
    ]


def test_a_game_of_too_many_pieces_is_refused_at_the_component_past_the_bound(game):
    text = "components:\n" + "".join(
        f"  c{i}: {{kind: card, size: [63mm, 88mm], count: 1000, front: []}}\n" for i in range(6)
    )
    assert problems(game({"cards.yaml": text})) == [
        f"{F}:7: components.c5: the game's pieces add up to more than 5000"
        " (at most 5000 in a game)",
    ]


def test_grids_and_tracks_are_bounded_and_huge_numbers_shown_short(game):
    big = "9" * 400
    extra = (
        "      - grid: full\n"
        f"        rows: {big}\n"
        "        cols: 3\n"
        "      - track: full\n"
        "        from: 1\n"
        "        to: 1001\n"
        "      - path: M 0 0 L 1 1\n"
        f"        viewbox: [{big}, 1]\n"
    )
    folder = game({"cards.yaml": card() + extra})
    assert problems(folder) == [
        f"{F}:8: components.cards.front[1].rows: 999999...(400 digits) is too large"
        " (expected at most 1000)",
        f"{F}:12: components.cards.front[2].to: 1001 boxes (1 to 1001) are too many (at most 1000)",
        f"{F}:14: components.cards.front[3].viewbox: a list is not a viewbox (expected [width,"
        " height], two numbers above 0 such as [24, 24])",
    ]
