"""The kit's cover (pnp.imposition.cover): page 1 of every kit, with the title, every component
and its count, players and time, and what to print; the duplex test sheet in the kit exactly
when the kit has double-sided sheets, as its first print job."""

from __future__ import annotations

from dataclasses import replace
from functools import cache
from io import BytesIO

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pypdf import PdfReader

from deaddrop.paths import templates_dir
from pnp import ops
from pnp.backends.pdf import pdf_bytes
from pnp.definitions import game_names, load_game
from pnp.draw.textfit import text_width
from pnp.imposition import Settings, kit_cover, kit_document
from pnp.imposition.cover import title_parts
from pnp.imposition.cover_palette import luminance, palette
from pnp.imposition.paper import Paper
from pnp.model import Box, GameKit

GAMES = game_names(templates_dir())


@cache
def _kit(game: str) -> GameKit:
    return load_game(templates_dir() / game)


@cache
def _document(game: str, paper: str) -> ops.Document:
    return kit_document(_kit(game), Settings(paper=paper))


@cache
def _cover(game: str, paper: str) -> ops.Page:
    return kit_cover(_kit(game), Settings(paper=paper))


def _words(page: ops.Page) -> str:
    """The page's own words (not those inside groups: the pictures of the pieces)."""
    return " ".join(op.text for op in page.ops if isinstance(op, ops.Text))


@pytest.mark.parametrize("game", GAMES)
def test_the_cover_is_page_one_with_the_title_every_component_and_its_count(game):
    kit = _kit(game)
    one_page = ops.Document(kit.title, (_cover(game, "a4"),))  # the words a PDF reader finds
    text = " ".join(PdfReader(BytesIO(pdf_bytes(one_page))).pages[0].extract_text().split())
    name, sub = title_parts(kit.title)
    assert name in text and sub in text
    assert f"{kit.players.replace('-', '–')} players" in text
    assert kit.time.replace("-", "–") in text
    for c in kit.components:
        shown = (c.title or c.name).split(" (")[0].split(", ")[0]
        noun = {"card": "card", "counter": "counter", "token": "token", "tile": "tile"}
        noun |= {"sheet": "sheet", "board": "board"}
        count = f"{c.copies} {noun[c.kind]}{'' if c.copies == 1 else 's'}"
        assert shown in text and count in text, (game, shown, count)


@pytest.mark.parametrize("game", GAMES)
def test_the_duplex_test_sheet_is_printed_first_exactly_when_sheets_have_backs(game):
    kit, document = _kit(game), _document(game, "a4")
    assert document.outline[0] == ("Cover", 0)
    assert document.pages[0] == _cover(game, "a4")  # kit_cover draws the same page
    duplex = any(c.back is not None for c in kit.components)
    outline = dict(document.outline)
    cover, guide = _words(document.pages[0]), _words(document.pages[1])
    assert ("Duplex test sheet" in outline) == duplex
    if not duplex:
        assert "Duplex" not in cover and "duplex" not in guide
        return
    at = outline["Duplex test sheet"]
    assert at % 2 == 0  # a front page: everything before it makes whole sheets
    assert _words(document.pages[at]).startswith("Duplex test: A4")
    assert "Back of the calibration sheet" in _words(document.pages[at + 1])
    first = f"1 Pages {at + 1}–{at + 2} Plain paper Double-sided, flip on long edge 1 sheet"
    assert f"What to print {first} Duplex test: print it first 2 Pages {at + 3}–" in cover
    assert f"1. Pages {at + 1}-{at + 2} on plain paper, double-sided" in guide
    pieces = min(p for title, p in document.outline if title in {c.title for c in kit.components})
    assert pieces == at + 2


def _is_art(op: ops.Op) -> bool:
    """A piece's art on the cover: a group clipped to the piece."""
    return isinstance(op, ops.Group) and op.clip is not None


def _overlap(a: Box, b: Box) -> bool:
    return a.x < b.x + b.w and b.x < a.x + a.w and a.y < b.y + b.h and b.y < a.y + a.h


def _ink(op: ops.Text) -> Box:
    """The box a line of the cover's type covers, from its cap height to its descent."""
    w = text_width(op.text, op.font, op.size, op.bold, op.italic)
    x = op.x - (w / 2 if op.anchor == "middle" else w if op.anchor == "end" else 0)
    return Box(x, op.y - 0.72 * op.size, w, 0.92 * op.size)


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("game", GAMES)
def test_the_cover_type_is_readable_inside_the_margins_and_never_overlaps(game, paper):
    _assert_tidy(_cover(game, paper), paper, game)


def _assert_tidy(page: ops.Page, paper: str, game: str) -> None:
    """The cover's own type at least 9 pt, inside the margins, no two lines overlapping; the
    pieces' art on the page and clear of every line."""
    size = Paper.of(Settings(paper=paper))
    texts = [op for op in page.ops if isinstance(op, ops.Text)]
    assert texts and min(op.size for op in texts) >= 9.0
    boxes = [_ink(op) for op in texts]
    for op, b in zip(texts, boxes, strict=True):
        assert size.margin <= b.x and b.x + b.w <= size.width - size.margin, (op.text, b)
        assert size.margin <= b.y and b.y + b.h <= size.height - size.margin, (op.text, b)
    pictures = [op.transform.map_box(op.clip) for op in page.ops if _is_art(op)]
    assert pictures
    for picture in pictures:  # the pieces' art: on the page, clear of every word
        assert size.margin <= picture.x and picture.x + picture.w <= size.width - size.margin
        assert size.margin <= picture.y and picture.y + picture.h <= size.height - size.margin
        for op, b in zip(texts, boxes, strict=True):
            assert not _overlap(picture, b), (game, paper, op.text, picture)
    for i, (a, p) in enumerate(zip(boxes, texts, strict=True)):
        for b, q in zip(boxes[i + 1 :], texts[i + 1 :], strict=True):
            apart = (
                a.x + a.w <= b.x + 0.5
                or b.x + b.w <= a.x + 0.5
                or a.y + a.h <= b.y + 0.5
                or b.y + b.h <= a.y + 0.5
            )
            assert apart, (game, paper, p.text, q.text)


def test_title_parts_split_the_name_from_its_subtitle():
    assert title_parts("Spies & Lies: A Stratego Story") == ("Spies & Lies", "A Stratego Story")
    assert title_parts("Spies! (SPI 1981): long game") == ("Spies!", "SPI 1981 · long game")
    assert title_parts("Spy!") == ("Spy!", "")


COLOUR = st.integers(0, 0xFFFFFF).map(lambda n: f"#{n:06x}")


@settings(max_examples=60, deadline=None)
@given(st.dictionaries(COLOUR, st.floats(0.01, 100), max_size=12))
def test_the_title_panel_always_carries_white_type(weights):
    colours = palette(weights)
    assert (1.05) / (luminance(colours.dark) + 0.05) >= 5.0  # WCAG contrast of white on it
    assert colours.accent != colours.dark


@pytest.mark.parametrize("many", [9, 60])
def test_a_kit_of_many_components_keeps_its_cover_tidy(parts, many):
    """Nine components get names and counts; sixty, too many to name legibly, small pictures
    and their counts ("×3"); type, margins and overlaps hold either way."""
    comps = tuple(
        replace(parts.card(names=["a", "b", "c"]), name=f"c{i}", title=f"Card set number {i}")
        for i in range(many)
    )
    kit = replace(parts.kit(), components=comps)
    page = kit_cover(kit, Settings(paper="letter"))
    words = _words(page)
    assert words.count("×3" if many > 30 else "3 cards") == many
    assert ("Card set number 8" in words) == (many < 30)
    _assert_tidy(page, "letter", "many")


def test_game_yaml_cover_names_the_piece_the_title_panel_shows(tmp_path):
    """Spy vs Spy's cover shows its equipment tokens (what the game is about), not a cop card;
    a cover naming no piece of the game is refused at its line."""
    import shutil

    from deaddrop.errors import InputError
    from pnp.imposition.cover import _hero

    kit = _kit("spy-vs-spy")
    assert kit.cover == "equipment_tokens"
    assert _hero(kit).name == "equipment_tokens"
    assert _hero(replace(kit, cover="")).name != "equipment_tokens"  # the default differs
    folder = tmp_path / "spy-vs-spy"
    shutil.copytree(templates_dir() / "spy-vs-spy", folder)
    game = folder / "game.yaml"
    text = game.read_text(encoding="utf-8")
    line = text.splitlines().index("cover_piece: equipment_tokens") + 1
    game.write_text(
        text.replace("cover_piece: equipment_tokens", "cover_piece: equipment_token"), "utf-8"
    )
    with pytest.raises(InputError) as refused:
        load_game(folder)
    said = str(refused.value)
    assert f"game.yaml:{line}: cover_piece: 'equipment_token' is not a piece of the game" in said


@pytest.mark.parametrize("game", ["spies", "spy-vs-spy"])
def test_the_cover_title_is_set_in_the_games_display_face(game):
    """The name on the cover is in the face of the game's `title` style (Red Hat Display for
    Spies! and Spy vs Spy), not the body face: the issue found Vera Sans Bold there."""
    kit = _kit(game)
    assert kit.title_style is not None and kit.title_style.font == "Red Hat Display"
    name, _ = title_parts(kit.title or kit.name)
    texts = [op for op in _cover(game, "a4").ops if isinstance(op, ops.Text)]
    largest = max(op.size for op in texts)
    title = [op for op in texts if op.size == largest]  # the largest words: the name
    assert " ".join(op.text for op in title) == name
    assert all(op.font == "Red Hat Display" and op.bold for op in title), title
