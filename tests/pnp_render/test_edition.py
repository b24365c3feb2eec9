"""The kit's "About this edition" page (pnp.imposition.edition), checked on its ops."""

from __future__ import annotations

from dataclasses import replace

import pytest

from pnp import ops
from pnp.imposition import Settings, kit_document
from pnp.imposition.paper import Paper
from pnp.model import Choice

CHOICES = (
    Choice("Agents have strength 1 to 5.", "The game leaves the agents' strengths open."),
    Choice("The board is 300 x 400 mm.", "It fits four sheets of card, " + "and more. " * 30),
)


def _texts(page: ops.Page) -> list[ops.Text]:
    return [op for op in page.ops if isinstance(op, ops.Text)]


def _words(page: ops.Page) -> str:
    return " ".join(op.text for op in _texts(page))


def _fronts(document: ops.Document) -> list[int]:
    """The 0-based pages that print pieces (the cover, page 0, pictures them)."""
    return [
        n
        for n, page in enumerate(document.pages)
        if n and any(isinstance(op, ops.Group) for op in page.ops)
    ]


@pytest.mark.parametrize("long_guide", [False, True])
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_edition_page_follows_the_guide_and_lists_every_choice(parts, paper, long_guide):
    notes = "Cut slowly and keep the pieces in an envelope. " * (60 if long_guide else 1)
    kit = replace(parts.kit(), edition=CHOICES, notes=notes)
    document = kit_document(kit, Settings(paper=paper))
    plain = kit_document(replace(parts.kit(), notes=notes), Settings(paper=paper))
    where = dict(document.outline)["About this edition"]
    page = document.pages[where]
    words = _words(page)
    assert words.startswith("About this edition Demo kit")
    for choice in CHOICES:
        assert choice.choice in words
        assert " ".join(choice.why.split()[:6]) in words  # the reason, wrapped in lines
    bold = [op.text for op in _texts(page) if op.bold]
    assert [c.choice for c in CHOICES] == [t for t in bold if t.endswith(".")][:2]
    assert min(op.size for op in _texts(page)) >= 9.0
    size = Paper.of(Settings(paper=paper))
    for op in _texts(page):  # on the page, inside the margins
        assert size.margin <= op.y <= size.height - size.margin
    # the duplex test sheet and the pieces' fronts stay on odd pages: when the edition page
    # falls on a front, its back is left blank, and says so
    test = dict(document.outline)["Duplex test sheet"]
    first = _fronts(document)[0]
    assert first == test + 2 and first % 2 == 0 and _fronts(plain)[0] % 2 == 0
    guide_pages = where - 1
    assert (guide_pages > 1) == long_guide
    if where % 2 == 0:
        assert test == where + 2
        assert _words(document.pages[where + 1]).startswith("This page is blank on purpose")
    else:
        assert test == where + 1
    assert len(document.pages) - first == len(plain.pages) - _fronts(plain)[0]
    guide = _words(document.pages[1])
    assert f"and page {where + 1} is about this edition: no need to print them" in guide


def test_a_kit_without_choices_has_no_edition_page(parts):
    kit = replace(parts.kit(), components=(parts.counter(), parts.sheet()))
    document = kit_document(kit, Settings())
    assert not any("About this edition" in _words(page) for page in document.pages)
    with_choices = kit_document(replace(kit, edition=CHOICES[:1]), Settings())
    # no backs: the cover, the guide, the edition page, then the pieces, no blank page between
    assert len(with_choices.pages) == len(document.pages) + 1
    assert _words(with_choices.pages[2]).startswith("About this edition")
