"""Image files of a definition: only regular files are read, a PNG that declares more pixels
than the bound is refused from its header (never decoded), an SVG is bounded in elements and
depth (docs/pnp-format.md, "Limits")."""

from __future__ import annotations

import os
import struct
import zlib

import pytest

from deaddrop.errors import InputError
from pnp.definitions import load_game
from pnp.draw.images import MAX_PIXELS
from pnp.draw.svg_reader import MAX_DEPTH, MAX_ELEMENTS

F = "bad/cards.yaml"
CARD = """\
components:
  cards:
    kind: card
    size: [63mm, 88mm]
    front:
      - image: {name}
        box: full
"""


def png(width: int, height: int) -> bytes:
    """A whole PNG file whose header declares width x height (its data is a few bytes)."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        crc = struct.pack(">I", zlib.crc32(kind + data))
        return struct.pack(">I", len(data)) + kind + data + crc

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(b"\x00\xff\x00\x00"))
        + chunk(b"IEND", b"")
    )


def problems(folder) -> list[str]:
    with pytest.raises(InputError) as caught:
        load_game(folder)
    return caught.value.lines()


def test_a_png_declaring_billions_of_pixels_is_refused_from_its_header(game):
    folder = game({"cards.yaml": CARD.format(name="huge.png"), "huge.png": png(100_000, 50_000)})
    assert problems(folder) == [
        f"{F}:6: components.cards.front[0].image: 'huge.png' declares 100,000 x 50,000 pixels,"
        f" too many (at most {MAX_PIXELS:,} pixels)"
    ]
    folder = game({"cards.yaml": CARD.format(name="ok.png"), "ok.png": png(4000, 4000)})
    assert load_game(folder).components[0].front[0].path == "ok.png"


def test_a_pipe_named_png_is_reported_not_waited_on(game):
    folder = game({"cards.yaml": CARD.format(name="art.png")})
    os.mkfifo(folder / "art.png")
    assert problems(folder) == [
        f"{F}:6: components.cards.front[0].image: 'art.png' is a pipe, not a regular file"
        " (expected a PNG or SVG file)"
    ]


def test_a_link_that_loops_is_reported(game):
    folder = game({"cards.yaml": CARD.format(name="art.svg")})
    (folder / "art.svg").symlink_to("art.svg")
    assert problems(folder) == [
        f"{F}:6: components.cards.front[0].image: bad/art.svg: cannot read: too many levels of"
        " symbolic links"
    ]


def svg(body: str) -> str:
    return f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">{body}</svg>'


def test_an_svg_past_the_element_or_depth_bound_is_refused(game):
    many = svg('<rect width="1" height="1"/>' * MAX_ELEMENTS)
    deep = svg("<g>" * MAX_DEPTH + '<rect width="1" height="1"/>' + "</g>" * MAX_DEPTH)
    folder = game({"cards.yaml": CARD.format(name="many.svg"), "many.svg": many})
    assert problems(folder) == [
        f"{F}:6: components.cards.front[0].image: 'many.svg' has more than {MAX_ELEMENTS:,}"
        f" elements (at most {MAX_ELEMENTS:,})"
    ]
    folder = game({"cards.yaml": CARD.format(name="deep.svg"), "deep.svg": deep})
    assert problems(folder) == [
        f"{F}:6: components.cards.front[0].image: 'deep.svg' has elements nested more than"
        f" {MAX_DEPTH} deep (at most {MAX_DEPTH})"
    ]
    fine = svg("<g>" * (MAX_DEPTH - 2) + '<rect width="1" height="1"/>' + "</g>" * (MAX_DEPTH - 2))
    folder = game({"cards.yaml": CARD.format(name="fine.svg"), "fine.svg": fine})
    assert load_game(folder).components[0].front[0].path == "fine.svg"


def test_an_svg_entity_bomb_is_refused(game):
    entities = '<!ENTITY a "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa">' + "".join(
        f'<!ENTITY {b} "{("&" + a + ";") * 10}">' for a, b in zip("abcdefg", "bcdefgh", strict=True)
    )
    text = f"<?xml version='1.0'?><!DOCTYPE svg [{entities}]>" + svg("<title>&h;</title>")
    folder = game({"cards.yaml": CARD.format(name="lol.svg"), "lol.svg": text})
    [line] = problems(folder)
    assert line.startswith(f"{F}:6: components.cards.front[0].image: 'lol.svg' is not a valid")
    assert "amplification" in line
