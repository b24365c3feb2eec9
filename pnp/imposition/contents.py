"""What the print guide lists, read off a kit's plan: the print jobs (pages printed alike: card
or paper, double-sided or not), what is on each page, and each component (its pages, pieces,
size, back, bleed). Pure data."""

from __future__ import annotations

from pnp.imposition.kit_plan import KitPlan
from pnp.imposition.plan import SheetPlan
from pnp.record import record


@record
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
    stock: str = "card"  # card | paper
    round: bool = False  # a round token
    bleed: float = 0.0  # how far its colour runs past the cut line
    die_cut: bool = False  # printed touching its neighbours, one cut between them
    # the runs of consecutive pages it is on, first and last: ((9, 10), (15, 16)) for a
    # component whose pieces fill room on two sheets apart
    spans: tuple[tuple[int, int], ...] = ()


@record
class PageRange:
    """Pages first..last (a front and its back, or several such) and what is on them."""

    first_page: int
    last_page: int
    items: tuple[str, ...]  # "Agent cards ×5", in print order


@record
class Job:
    """Consecutive pages printed alike: pages first..last, on card or paper, double-sided or
    not, and what is on them."""

    first_page: int
    last_page: int
    stock: str  # card | paper
    duplex: bool
    ranges: tuple[PageRange, ...]
    test: bool = False  # the duplex test sheet, printed first
    choice: str = ""  # a set the players choose: they print one of the kit's choices

    @classmethod
    def duplex_test(cls, first_page: int) -> Job:
        """The job of the duplex test sheet (the calibration sheet) on pages first_page and
        the next, on plain paper."""
        pages = PageRange(first_page, first_page + 1, ("Duplex test sheet",))
        return cls(first_page, first_page + 1, "paper", True, (pages,), test=True)

    @property
    def sheets(self) -> int:
        pages = self.last_page - self.first_page + 1
        return pages // 2 if self.duplex else pages


def _sheet_pages(plan: KitPlan) -> list[tuple[int, int]]:
    """The first and last page of each sheet of the plan."""
    return [
        (page, page + (1 if sheet.back is not None else 0))
        for page, sheet in zip(plan.pages, plan.sheets, strict=True)
    ]


def entries(plan: KitPlan) -> list[Entry]:
    """Each component of the kit, in print order, with the pages it is on."""
    appears: dict[int, list[tuple[int, int]]] = {}
    for pages, sheet in zip(_sheet_pages(plan), plan.sheets, strict=True):
        for index, _ in sheet.holds:
            appears.setdefault(index, []).append(pages)
    return [
        Entry(
            title=c.title or c.name,
            kind=c.kind,
            width=c.width,
            height=c.height,
            pieces=c.copies,
            first_page=min(first for first, _ in appears[i]),
            last_page=max(last for _, last in appears[i]),
            has_back=c.back is not None,
            tiles=plan.tiles[i],
            rounded=c.kind == "token" or c.corner > 0,
            stock=c.paper_stock,
            round=c.kind == "token",
            bleed=plan.cuts[i].bleed,
            die_cut=plan.cuts[i].die_cut,
            spans=_spans(appears[i]),
        )
        for i, c in enumerate(plan.components)
    ]


def _spans(pages: list[tuple[int, int]]) -> tuple[tuple[int, int], ...]:
    """The first and last pages of sheets, in order, joined where one follows the other."""
    spans: list[tuple[int, int]] = []
    for first, last in sorted(pages):
        if spans and first <= spans[-1][1] + 1:
            spans[-1] = (spans[-1][0], max(spans[-1][1], last))
        else:
            spans.append((first, last))
    return tuple(spans)


def page_ranges(plan: KitPlan) -> list[PageRange]:
    """What is on each page: consecutive sheets of one job holding the same components (and
    the same value of their sheets_by column) make one range."""
    Key = tuple[str, bool, str, str]  # stock, double-sided, choice, group
    held: list[tuple[int, int, dict[int, int], list[str], Key]] = []  # pages, counts, tiles
    for (first, last_page), sheet, stock in zip(
        _sheet_pages(plan), plan.sheets, plan.stocks, strict=True
    ):
        job = (stock, sheet.back is not None, _choice(plan, sheet), sheet.group)
        last = held[-1] if held else None
        if last and list(last[2]) == [i for i, _ in sheet.holds] and last[4] == job:
            for i, count in sheet.holds:
                last[2][i] += count
            last[3].append(sheet.tile)  # in place: a long run of sheets stays linear
            held[-1] = (last[0], last_page, last[2], last[3], job)
        else:
            held.append((first, last_page, dict(sheet.holds), [sheet.tile], job))
    ranges = []
    for first, last_page, pieces, tiles, job in held:
        items = []
        for i, n in pieces.items():
            c = plan.components[i]
            if tiles[0]:  # "part 2 of 3, bottom": the parts' numbers
                numbers = [t.split(" of ")[0].split()[-1] for t in tiles]
                total = tiles[0].split(" of ")[1].split(",")[0]
                if len(tiles) == 1:
                    what = f": part {numbers[0]} of {total}"
                else:
                    what = f": parts {numbers[0]}-{numbers[-1]} of {total}"
            else:
                what = f" ×{n}"
            group = job[3]  # the sheets' one sheets_by value: "Reference cards, English"
            items.append(f"{c.title or c.name}{', ' + group if group else ''}{what}")
        ranges.append(PageRange(first, last_page, tuple(items)))
    return ranges


def jobs(plan: KitPlan) -> list[Job]:
    """The print jobs: consecutive sheets on the same stock, all double-sided or all not."""
    out: list[Job] = []
    ranges = page_ranges(plan)
    for (first, last_page), sheet, stock in zip(
        _sheet_pages(plan), plan.sheets, plan.stocks, strict=True
    ):
        duplex = sheet.back is not None
        choice = _choice(plan, sheet)
        last = out[-1] if out else None
        if last and (last.stock, last.duplex, last.choice) == (stock, duplex, choice):
            out[-1] = Job(last.first_page, last_page, stock, duplex, (), choice=choice)
        else:
            out.append(Job(first, last_page, stock, duplex, (), choice=choice))
    return [
        Job(
            j.first_page,
            j.last_page,
            j.stock,
            j.duplex,
            tuple(r for r in ranges if j.first_page <= r.first_page <= j.last_page),
            choice=j.choice,
        )
        for j in out
    ]


def _choice(plan: KitPlan, sheet: SheetPlan) -> str:
    """The choice (a set the players choose) a sheet's pieces belong to, or "" for all."""
    return next((plan.components[i].choice for i, _ in sheet.holds), "")
