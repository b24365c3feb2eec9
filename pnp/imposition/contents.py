"""What the print guide lists, read off a kit's plan: each component (its pages, pieces, back)
and what is on each page. Pure data."""

from __future__ import annotations

from dataclasses import dataclass

from pnp.imposition.kit_plan import KitPlan


@dataclass(frozen=True)
class Entry:
    """One component as the guide lists it."""

    title: str
    kind: str
    width: float  # points
    height: float
    pieces: int
    first_page: int  # 1-based, in the kit PDF: the first front page it is on
    last_page: int  # the back page of the last sheet it is on
    has_back: bool
    tiles: str = ""  # "2x2" for a split board
    rounded: bool = False  # cut round (a token) or with rounded corners


@dataclass(frozen=True)
class PageRange:
    """Pages first..last (a front and its back, or several such) and what is on them."""

    first_page: int
    last_page: int
    items: tuple[str, ...]  # "Agent cards ×5", in print order


def entries(plan: KitPlan) -> list[Entry]:
    """Each component of the kit, in print order, with the pages it is on."""
    appears: dict[int, list[int]] = {}
    for n, sheet in enumerate(plan.sheets):
        for index, _ in sheet.holds:
            appears.setdefault(index, []).append(plan.first + 2 * n)
    return [
        Entry(
            title=c.title or c.name,
            kind=c.kind,
            width=c.width,
            height=c.height,
            pieces=c.copies,
            first_page=appears[i][0],
            last_page=appears[i][-1] + 1,
            has_back=c.back is not None,
            tiles=plan.tiles[i],
            rounded=c.kind == "token" or c.corner > 0,
        )
        for i, c in enumerate(plan.components)
    ]


def page_ranges(plan: KitPlan) -> list[PageRange]:
    """What is on each page: consecutive sheets holding the same components make one range."""
    held: list[tuple[int, int, dict[int, int], list[str]]] = []  # page, sheets, counts, tiles
    for n, sheet in enumerate(plan.sheets):
        last = held[-1] if held else None
        if last and list(last[2]) == [i for i, _ in sheet.holds]:
            for i, count in sheet.holds:
                last[2][i] += count
            held[-1] = (last[0], last[1] + 1, last[2], last[3] + [sheet.tile])
        else:
            held.append((plan.first + 2 * n, 1, dict(sheet.holds), [sheet.tile]))
    ranges = []
    for page, count, pieces, tiles in held:
        items = []
        for i, n in pieces.items():
            c = plan.components[i]
            if tiles[0]:
                low, high = tiles[0].split(" of ")[0], tiles[-1]
                what = f": tile {high}" if len(tiles) == 1 else f": tiles {low} to {high}"
            else:
                what = f" ×{n}"
            items.append(f"{c.title or c.name}{what}{'' if c.back is not None else ' (no back)'}")
        ranges.append(PageRange(page, page + 2 * count - 1, tuple(items)))
    return ranges
