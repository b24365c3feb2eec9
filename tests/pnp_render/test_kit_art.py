"""The kits' drawn art, measured on the drawing operations: a picture per Spies & Lies rank in the
side's colour, reference cards with a title and rank headings at 7.5 pt at least, an emblem per
Spies! power where its pieces show the power, and a colour and icon per Action chit kind with
its name at 7 pt at least."""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache

from deaddrop.paths import templates_dir
from pnp import model, ops
from pnp.definitions import load_game
from pnp.draw import face_ops
from pnp.draw.svg_reader import CURRENT

SIDES = {"red_soldiers": "#a3231f", "blue_soldiers": "#1f4e8c"}
POWERS = ("Germany", "Italy", "Russia", "France", "Britain")


@cache
def _components(game: str) -> dict[str, model.Component]:
    return {c.name: c for c in load_game(templates_dir() / game).components}


def _flat(drawn: tuple[ops.Op, ...], depth: int = 0) -> Iterator[tuple[ops.Op, int]]:
    """Every op with the number of groups it lies in."""
    for op in drawn:
        if isinstance(op, ops.Group):
            yield from _flat(op.ops, depth + 1)
        else:
            yield op, depth


def _art(drawn: tuple[ops.Op, ...]) -> list[ops.Op]:
    """The painted ops drawn from image files (inside a group) and not from the face itself."""
    return [op for op, depth in _flat(drawn) if depth and not isinstance(op, ops.Text)]


def _painted(op: ops.Op) -> set[str]:
    return {c for c in (getattr(op, "fill", None), getattr(op, "stroke", None)) if c}


def test_every_soldier_has_its_own_picture_in_its_sides_colour():
    components = _components("spies-and-lies")
    for name, side in SIDES.items():
        pictures = set()
        for index, face in enumerate(components[name].faces):
            art = _art(face_ops(components[name], index))
            colours = set().union(*map(_painted, art))
            assert side in colours, (name, face.data["title"])
            assert CURRENT not in colours
            assert not (set(SIDES.values()) - {side}) & colours  # never the other side's colour
            pictures.add(tuple(art))
        assert len(pictures) == 10, name  # ten different pictures


def test_reference_cards_have_a_title_and_rank_headings_at_7_5pt_at_least():
    reference = _components("spies-and-lies")["reference"]
    assert reference.faces
    for index, face in enumerate(reference.faces):
        front = [op for op, _ in _flat(face_ops(reference, index)) if isinstance(op, ops.Text)]
        back = [
            op for op, _ in _flat(face_ops(reference, index, back=True)) if isinstance(op, ops.Text)
        ]
        assert min(op.size for op in front + back) >= 7.5
        words = [op.text for op in front]
        assert face.data["language"] in words and "SPIES & LIES · THE SOLDIERS" in words
        for rank, texts in ((range(1, 6), front), (range(6, 11), back)):
            said = [op.text for op in texts]
            for number in rank:
                assert str(number) in said and face.data[f"n{number}"] in said


def test_each_power_shows_its_emblem_where_its_pieces_show_the_power():
    """Bank markers, the backs of spies and police, and the Event Tiles' headings."""
    components = _components("spies")
    emblems = {}
    shown = (("bank_markers", False), ("spies", True), ("police", True), ("event_tiles", False))
    for name, back in shown:
        component = components[name]
        for index, face in enumerate(component.faces):
            art = tuple(_art(face_ops(component, index, back=back)))
            assert art and all(_painted(op) == {"#ffffff"} for op in art), (name, index)
            emblems.setdefault(face.data["power"], set()).add(art)
    assert sorted(emblems) == sorted((*POWERS, "random"))  # a question mark on random tiles
    assert all(len(drawn) == 1 for drawn in emblems.values())  # one emblem per power
    assert len({next(iter(drawn)) for drawn in emblems.values()}) == 6  # and all different


def test_each_action_chit_kind_has_its_colour_and_icon_and_a_7pt_name():
    components = _components("spies")
    kinds: dict[str, tuple[str, tuple[ops.Op, ...]]] = {}
    for name in ("action_chits", "double_cross_chits"):
        component = components[name]
        backs = set()
        for index, face in enumerate(component.faces):
            drawn = face_ops(component, index)
            names = [
                op
                for op, _ in _flat(drawn)
                if isinstance(op, ops.Text) and op.text in face.data["name"].split()
            ]
            assert names and min(op.size for op in names) >= 7.0, face.data["name"]
            background = drawn[0]
            assert isinstance(background, ops.Rect)
            kinds[face.data["name"]] = (str(background.fill), tuple(_art(drawn)))
            backs.add(face_ops(component, index, back=True))
        assert len(backs) == 1  # one back for every kind: chits are drawn unseen
    assert len(kinds) == 10
    assert len({colour for colour, _ in kinds.values()}) == 10
    assert len({icon for _, icon in kinds.values()}) == 10
    assert all(icon for _, icon in kinds.values())
