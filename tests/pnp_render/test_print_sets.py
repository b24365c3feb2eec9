"""Sets printed apart: a component's `choice` (a set the players choose, such as Spy vs Spy's
flat or fold-up pyramids) prints in a print job of its own, and the guide says to print one;
a component's `sheets_by` column (such as Spies & Lies' reference cards' language) puts the
pieces of each of its values on sheets of their own, and the guide names each one's pages."""

from __future__ import annotations

from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from deaddrop.errors import InputError
from deaddrop.paths import templates_dir
from pnp import ops
from pnp.definitions import load_game
from pnp.imposition import Settings
from pnp.imposition.contents import jobs, page_ranges
from pnp.imposition.documents import kit_sheets
from pnp.imposition.kit_plan import KitPlan, plan_kit
from pnp.imposition.paper import Paper
from pnp.imposition.print_guide import _choice_words
from pnp.model import Box, Component, Face, Rect
from pnp.units import mm

PAPERS = ("a4", "letter")


def _card(name: str, count: int, choice: str = "", back: bool = True) -> Component:
    w, h = mm(63), mm(88)
    front = (Rect(Box(0, 0, w, h), fill="#aa2222"),)
    return Component(
        "t",
        name,
        "card",
        w,
        h,
        (Face({}, count),),
        front,
        front if back else None,
        name,
        choice=choice,
    )


def _languages(counts: list[int]) -> Component:
    """Reference cards, `counts[i]` of language i, on sheets by language."""
    w, h = mm(88), mm(176)
    front = (Rect(Box(0, 0, w, h), fill="#333333"),)
    faces = tuple(Face({"language": f"L{i}"}, n) for i, n in enumerate(counts) if n)
    return Component(
        "t",
        "reference",
        "card",
        w,
        h,
        faces,
        front,
        front,
        "Reference cards",
        sheets_by="language",
    )


def _holders(plan: KitPlan, sheet_index: int) -> set[int]:
    return {i for i, _ in plan.sheets[sheet_index].holds}


@settings(max_examples=30, deadline=None)
@given(
    st.integers(0, 12),
    st.integers(1, 12),
    st.integers(1, 12),
    st.booleans(),
    st.sampled_from(PAPERS),
)
def test_each_choice_has_print_jobs_of_its_own(common, a, b, back, paper):
    kit = tuple(
        c
        for c in (
            _card("common", common),
            _card("flat", a, "Flat", back),
            _card("folded", b, "Folded", back),
            _card("labels", 1, "Flat", False),
            _card("labels2", 1, "Folded", False),
        )
        if c.faces[0].count
    )
    plan = plan_kit(kit, Paper.of(Settings(paper=paper)))
    choices = {c.name: c.choice for c in kit}
    for n in range(len(plan.sheets)):
        held = {choices[kit[i].name] for i in _holders(plan, n)}
        assert len(held) == 1, held  # no sheet mixes two choices, nor a choice and the rest
    printed = jobs(plan)
    for job in printed:
        names = {
            kit[i].name
            for n, page in enumerate(plan.pages)
            if job.first_page <= page <= job.last_page
            for i in _holders(plan, n)
        }
        assert {choices[name] for name in names} == {job.choice}
    # the choices follow the sets everyone prints, Flat before Folded (the kit's order)
    order = [j.choice for j in printed]
    assert order.index("Flat") > max((i for i, c in enumerate(order) if not c), default=-1)
    assert max(i for i, c in enumerate(order) if c == "Flat") < order.index("Folded")


def test_the_guide_says_to_print_one_of_the_choices():
    kit = (_card("common", 3), _card("flat", 9, "Flat pyramids"), _card("nets", 4, "Nets"))
    printed = jobs(plan_kit(kit, Paper.of(Settings())))
    flat = next(j for j in printed if j.choice == "Flat pyramids")
    n = 1 + next(i for i, j in enumerate(printed) if j.choice == "Nets")
    assert _choice_words(flat, printed) == (
        f"Flat pyramids: print this job or job {n} (Nets), not both (choose one)."
    )


@settings(max_examples=30, deadline=None)
@given(st.lists(st.integers(0, 5), min_size=1, max_size=5), st.sampled_from(PAPERS))
def test_each_value_of_sheets_by_has_sheets_of_its_own(counts, paper):
    if not any(counts):
        counts = [*counts, 1]
    reference = _languages(counts)
    kit = (_card("before", 3), reference, _card("after", 2))
    plan = plan_kit(kit, Paper.of(Settings(paper=paper)))
    seen: dict[str, int] = {}
    for n, sheet in enumerate(plan.sheets):
        faces = [p.face for p in sheet.front.places if p.component is reference]
        if not faces:
            continue
        assert _holders(plan, n) == {1}  # nothing else shares a language's sheet
        languages = {reference.group(f) for f in faces}
        assert languages == {sheet.group}
        seen[sheet.group] = seen.get(sheet.group, 0) + len(faces)
    assert seen == {f"L{i}": n for i, n in enumerate(counts) if n}
    items = [item for r in page_ranges(plan) for item in r.items if "Reference" in item]
    assert {item.split(", ")[1].split(" ×")[0] for item in items} == set(seen)


@cache
def _kit(game: str):
    return load_game(templates_dir() / game)


@pytest.mark.parametrize("paper", PAPERS)
def test_spies_and_lies_prints_one_language_a_sheet_and_the_guide_says_which(paper):
    kit = _kit("spies-and-lies")
    sheets = kit_sheets(kit, Settings(paper=paper))
    languages: dict[str, list[int]] = {}
    for number, sheet in sheets:
        cards = [p for p in sheet.front.places if p.component.name == "reference"]
        if not cards:
            continue
        assert len(cards) == len(sheet.front.places)
        (language,) = {p.component.group(p.face) for p in cards}
        assert sheet.group == language
        assert all(language in n.text for n in sheet.front.notes)  # the footer names it
        languages.setdefault(language, []).append(number)
    assert set(languages) == {"English", "Nederlands", "Français", "Deutsch"}
    plan = plan_kit(kit.components, Paper.of(Settings(paper=paper)))
    items = {item for r in page_ranges(plan) for item in r.items}
    for language in languages:
        assert f"Reference cards (one for each player), {language} ×2" in items


@pytest.mark.parametrize("paper", PAPERS)
def test_a_group_reading_one_language_prints_the_fewest_sheets(paper):
    """Each language's two reference cards (88 x 176 mm, two a sheet at most) take one sheet,
    and the other pieces take as many sheets as they would with no reference cards at all: a
    group printing one language prints one reference sheet and nothing grew for it."""
    kit = _kit("spies-and-lies")
    sheets = [sheet for _, sheet in kit_sheets(kit, Settings(paper=paper))]
    reference = [s for s in sheets if "reference" in _owners(s)]
    assert len(reference) == 4 and all(len(s.front.places) == 2 for s in reference)
    others = tuple(c for c in kit.components if c.name != "reference")
    without = plan_kit(others, Paper.of(Settings(paper=paper)))
    assert len(sheets) - len(reference) == len(without.sheets)


@pytest.mark.parametrize("paper", PAPERS)
def test_spy_vs_spy_prints_each_form_of_pyramids_with_its_own_bag_labels(paper):
    kit = _kit("spy-vs-spy")
    plan = plan_kit(kit.components, Paper.of(Settings(paper=paper)))
    printed = jobs(plan)
    by_choice: dict[str, set[str]] = {}
    for job in printed:
        for n, page in enumerate(plan.pages):
            if job.first_page <= page <= job.last_page:
                names = {kit.components[i].name for i in _holders(plan, n)}
                by_choice.setdefault(job.choice, set()).update(names)
    assert set(by_choice) == {"", "Flat pyramids", "Fold-up pyramids"}
    flat, folded = by_choice["Flat pyramids"], by_choice["Fold-up pyramids"]
    assert {n for n in flat if n.startswith("flat_")} == {
        "flat_pyramids_large",
        "flat_pyramids_medium",
        "flat_pyramids_small",
    }
    assert not any("net" in n for n in flat) and not any("flat_" in n for n in folded)
    assert "bag_labels" in flat and "bag_labels_folded" in folded
    assert not any("bag" in n or "pyramid" in n for n in by_choice[""])
    labels = {c.name: c for c in kit.components if c.name.startswith("bag_labels")}
    assert labels["bag_labels"].faces == labels["bag_labels_folded"].faces


def test_sheets_by_must_name_a_column(tmp_path):
    game = tmp_path / "g"
    game.mkdir()
    (game / "game.yaml").write_text(
        "game: g\ncomponents:\n  c:\n    kind: card\n    size: [63mm, 88mm]\n"
        "    sheets_by: language\n    rows:\n      - {name: a}\n"
        "    front:\n      - {text: '{name}', box: {x: 5mm, y: 5mm, w: 50mm, h: 10mm}}\n"
    )
    with pytest.raises(InputError) as caught:
        load_game(game)
    assert "components.c.sheets_by: no column 'language' (one of its columns: name)" in str(
        caught.value
    )


def _owners(sheet) -> set[str]:
    return {place.component.name for place in sheet.front.places}


def _texts(items) -> list[str]:
    out: list[str] = []
    for op in items:
        if isinstance(op, ops.Group):
            out += _texts(op.ops)
        elif isinstance(op, ops.Text):
            out.append(op.text)
    return out


def test_the_cover_names_each_choice_and_shows_the_bag_labels_once():
    from pnp.imposition import kit_cover

    texts = _texts(kit_cover(_kit("spy-vs-spy"), Settings()).ops)
    printed = jobs(plan_kit(_kit("spy-vs-spy").components, Paper.of(Settings())))
    # the cover numbers the jobs after the duplex test sheet, job 1
    flat = 2 + next(i for i, j in enumerate(printed) if j.choice == "Flat pyramids")
    folded = 2 + next(i for i, j in enumerate(printed) if j.choice == "Fold-up pyramids")
    assert f"Flat pyramids, or job {folded}" in texts
    assert f"Fold-up pyramids, or job {flat}" in texts
    assert sum(t.startswith("Bag labels") for t in texts) == 1


def test_the_guide_lists_the_bag_labels_once_with_the_pages_of_either_choice():
    from pnp.imposition import kit_document

    kit = _kit("spy-vs-spy")
    document = kit_document(kit, Settings())
    guide = " ".join(" ".join(_texts(page.ops)) for page in document.pages[1:3])
    assert guide.count("Bag labels (fold in half to stand): 2 cards") == 1
    flat, folded = (
        next(n for n, s in kit_sheets(kit, Settings()) if name in _owners(s))
        for name in ("bag_labels", "bag_labels_folded")
    )
    assert (flat, folded) == (23, 27)  # A4: the health cards share the decoys' and cops' sheets
    assert f"no backs (page {flat} or page {folded})." in guide
