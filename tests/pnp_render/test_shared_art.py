"""A piece's art is drawn once per build (imposition.Art) and turned into PDF operators once
(backends.pdf.Drawn): the kit PDF and each component's PDF are the very bytes they would be
drawn alone, and the component's PDF reuses the kit's pieces."""

from __future__ import annotations

from dataclasses import replace

import pytest

from deaddrop.paths import templates_dir
from pnp import ops
from pnp.backends.pdf import Drawn, pdf_bytes
from pnp.build import build_kits
from pnp.definitions import game_names, load_game
from pnp.imposition import Art, Settings, component_document, kit_document


class _Forgetful(dict):
    """A Drawn.art that keeps nothing: every piece is drawn where it appears."""

    def __setitem__(self, key, value) -> None:
        pass


def _fresh() -> Drawn:
    drawn = Drawn()
    drawn.art = _Forgetful()
    return drawn


def _groups(document: ops.Document) -> list[ops.Group]:
    return [op for page in document.pages for op in page.ops if isinstance(op, ops.Group)]


def _places_form(op: ops.Op) -> bool:
    return isinstance(op, ops.Group) and op.form


@pytest.mark.parametrize("game", game_names(templates_dir()))
def test_each_pdf_of_a_build_is_the_bytes_it_is_when_drawn_alone(game, tmp_path):
    kit = load_game(templates_dir() / game)
    settings = Settings()
    build_kits([kit], tmp_path, settings)
    alone = pdf_bytes(kit_document(kit, settings), _fresh())
    assert (tmp_path / f"{game}.pdf").read_bytes() == alone
    for component in kit.components:
        alone = pdf_bytes(component_document(component, settings), _fresh())
        assert (tmp_path / game / f"{component.name}.pdf").read_bytes() == alone, component.name


def test_the_component_pdf_reuses_the_kits_art_and_operators(parts):
    kit, settings, art, drawn = parts.kit(), Settings(), Art(), Drawn()
    document = kit_document(kit, settings, art)
    pdf_bytes(document, drawn)
    kept = dict(drawn.art)
    pieces = {id(group.ops) for group in _groups(document)}
    tiles = {id(g.ops) for g in _groups(document) if any(_places_form(op) for op in g.ops)}
    assert len(kept) == len(pieces - tiles)  # each piece once
    # a split board's parts (the kit's board prints in parts) place one form, drawn once
    assert tiles and len(drawn.forms) == 1
    reused = 0
    for component in kit.components[:2]:  # the cards and the counters
        alone = component_document(component, settings, art=art)
        pdf_bytes(alone, drawn)
        for group in _groups(alone):
            # the kit's very tuple of ops for the piece; its operators made with the kit's,
            # unless they hold letters outside ASCII (coded by each document: the cards' names)
            assert any(group.ops is other.ops for other in _groups(document))
            _, code, owner, _faces = kept[id(group.ops)]
            assert (drawn.art[id(group.ops)] is kept[id(group.ops)]) == (owner is None)
            reused += owner is None
            texts = [op.text for op in group.ops if isinstance(op, ops.Text)]
            assert any(not text.isascii() for text in texts) == (owner is not None)
    assert reused == 12 + 3  # the counters and the cards' backs


def test_a_component_of_the_same_name_but_another_art_is_drawn_anew(parts):
    art, settings = Art(), Settings()
    first = component_document(parts.counter(), settings, art=art)
    recoloured = replace(parts.counter(), front=parts.card().front)
    second = component_document(recoloured, settings, art=art)
    assert _groups(second)[0].ops != _groups(first)[0].ops
    assert _groups(second)[0].ops == _groups(component_document(recoloured, settings))[0].ops


def test_a_split_boards_parts_place_one_drawing_of_the_board(parts):
    """Each part of a split board places the board's one form XObject, clipped to its part: the
    board's art is in the PDF once, however many parts it prints in."""
    import io

    from pypdf import PdfReader

    board = parts.board()
    document = component_document(board, Settings())
    reader = PdfReader(io.BytesIO(pdf_bytes(document)))
    forms = []  # the form each page places
    for page in reader.pages:
        xobjects = page["/Resources"].get("/XObject") or {}
        forms += [ref.idnum for ref in xobjects.values()]
        assert (b" Do" in page.get_contents().get_data()) == bool(xobjects)
    plan_parts = sum(1 for page in document.pages for op in page.ops if isinstance(op, ops.Group))
    assert len(forms) >= 2 and len(set(forms)) == 1  # every front part places the same form
    assert len(forms) in (plan_parts, plan_parts / 2)  # (the back's parts are the back's art)
    front = reader.get_object(forms[0])
    assert front["/Subtype"] == "/Form"
    bleed = -float(front["/BBox"][0])  # bounded by the board's bleed
    assert bleed > 0
    box = [-bleed, -bleed, board.width + bleed, board.height + bleed]
    assert [float(v) for v in front["/BBox"]] == pytest.approx(box, abs=1e-3)


def test_a_stream_met_again_is_compressed_once_to_the_same_bytes():
    import zlib

    from reportlab.pdfbase import pdfdoc

    import pnp.backends.pdf  # noqa: F401  (installs its filter)

    flate = pdfdoc.PDFZCompress
    data = b"0 0 m 10 10 l S\n" * 500
    first = flate.encode(data)
    assert zlib.decompress(first) == data
    assert flate.encode(bytes(data)) is first  # an equal stream: the bytes kept
    assert flate.encode(data.decode()) is first  # text as reportlab hands it: UTF-8
