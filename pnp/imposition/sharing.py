"""The pieces of a kit's components that share sheets, on as few sheets as their stock and
sides allow (pnp.imposition.kit_plan decides which components share): the double-sided pieces
packed in order (pnp.imposition.packing), the single-sided ones filling the room left on their
sheets when that saves a sheet, then on their own; a sheet whose pieces fit on another joins
it; a nearly empty last sheet takes pieces from the one before. Pure geometry."""

from __future__ import annotations

from dataclasses import replace

from pnp.imposition.packing import PackedPage, pack
from pnp.imposition.paper import Paper
from pnp.imposition.plan import copies
from pnp.model import Component

LEAST_USE = 1 / 3  # a job's sheet (not its only one) covers at least this share of the page
Sheet = tuple[list[int], PackedPage]  # the pieces of a sheet, and their layout


class Pieces:
    """Every piece of the packed components, in the kit's order (a piece is an index into
    `owners`, `faces`), and how they are packed into sheets."""

    def __init__(
        self, components: tuple[Component, ...], cuts: list[Paper], packed: list[int], paper: Paper
    ) -> None:
        self.components, self.paper = components, paper
        self.owners = [i for i in packed for _ in copies(components[i])]
        self.faces = [f for i in packed for f in copies(components[i])]
        self.ids = range(len(self.owners))
        self.cuts = [cuts[i] for i in self.owners]
        self.sizes = [(components[i].width, components[i].height) for i in self.owners]
        u = paper.cut(0.0).usable
        self.room = u.w * u.h  # what the pieces of one page cover, at most
        self.least = LEAST_USE * paper.printable.w * paper.printable.h

    def stock(self, piece: int) -> str:
        return self.components[self.owners[piece]].paper_stock

    def has_back(self, piece: int) -> bool:
        return self.components[self.owners[piece]].back is not None

    def duplex(self, ids: list[int]) -> bool:
        return any(self.has_back(p) for p in ids)

    def used(self, ids: list[int]) -> float:
        """The area of the pieces' trim boxes: pieces covering more than `room` never fit on
        one page (the trim boxes of a page lie apart, in its usable area)."""
        return sum(w * h for w, h in (self.sizes[p] for p in ids))

    def pages(self, ids: list[int], most: int | None = None) -> list[Sheet]:
        """The pieces `ids` packed in order: each page's pieces and layout."""
        sizes = [self.sizes[p] for p in ids]
        done: list[Sheet] = []
        at = 0
        for page in pack(sizes, self.paper, [self.cuts[p] for p in ids], most):
            n = sum(len(block.slots) for block in page.blocks)
            # the page's blocks index `ids` from `at`: renumber them from 0
            blocks = tuple(replace(b, first=b.first - at) for b in page.blocks)
            done.append((list(ids[at : at + n]), PackedPage(blocks)))
            at += n
        return done

    def _with(self, page: list[int], more: list[int]) -> Sheet | None:
        """`page`'s pieces and as many of `more` as fit with them on one page (at least one),
        or None."""
        if self.used(page + more[:1]) > self.room:
            return None
        ((ids, layout),) = self.pages(page + more, most=1)
        return (ids, layout) if len(ids) > len(page) else None

    def sheets(self, ids: list[int]) -> list[Sheet]:
        """The pieces `ids` (of one stock) on as few sheets as the packing finds: the
        double-sided pieces first, in order; then the single-sided ones, filling the room left
        on those sheets (their places on the back page stay blank) when that saves a sheet,
        whole components first, then on sheets of their own; a sheet whose pieces all fit on
        another sheet joins it; last, a nearly empty last sheet takes pieces from the sheet
        before it."""
        duplex = [p for p in ids if self.has_back(p)]
        single = [p for p in ids if not self.has_back(p)]
        sheets = self.pages(duplex)
        best = self._joined(sheets + self.pages(single))
        if single and sheets:
            for whole in (True, False):
                filled = self._filled(sheets, single, whole)
                if len(filled) < len(best):
                    best = filled
        return self._balanced(best)

    def _filled(self, sheets: list[Sheet], single: list[int], whole: bool) -> list[Sheet]:
        """`sheets`, the room left on each taking the next pieces of `single` (`whole`: only
        whole components, or what is left of one), then the rest of them on sheets of their
        own, joined."""
        filled = list(sheets)
        for n, (page, _) in enumerate(filled):
            grown = self._with(page, single) if single else None
            if grown is None:
                continue
            took = len(grown[0]) - len(page)
            if whole:
                while (
                    0 < took < len(single)
                    and self.owners[single[took - 1]] == self.owners[single[took]]
                ):
                    took -= 1
                if took == 0:
                    continue
                ((held, layout),) = self.pages(page + single[:took], most=1)
                if len(held) < len(page) + took:
                    continue
                grown = (held, layout)
            filled[n] = grown
            single = single[took:]
        return self._joined(filled + self.pages(single))

    def _joined(self, sheets: list[Sheet]) -> list[Sheet]:
        """`sheets`, each sheet whose pieces fit on another one (which has backs, unless they
        have none) moved onto it, the last sheets first. Only sheets whose pieces cover, with
        the other's, no more than a page are tried (a long run of full sheets costs a sum)."""
        used = [self.used(page) for page, _ in sheets]
        sides = [self.duplex(page) for page, _ in sheets]
        for n in range(len(sheets) - 1, -1, -1):
            if (
                n >= len(sheets)
                or used[n] + min(used[:n] + used[n + 1 :], default=self.room) > self.room
            ):
                continue
            moved = sheets[n][0]
            for m, (page, _) in enumerate(sheets):
                if m == n or (sides[n] and not sides[m]) or used[m] + used[n] > self.room:
                    continue
                first, second = (page, moved) if m < n else (moved, page)
                ((held, layout),) = self.pages(first + second, most=1)
                if len(held) == len(first) + len(second):
                    low, high = min(m, n), max(m, n)
                    sheets[low] = (held, layout)
                    used[low], sides[low] = used[m] + used[n], sides[m] or sides[n]
                    del sheets[high], used[high], sides[high]
                    break
        return sheets

    def _balanced(self, sheets: list[Sheet]) -> list[Sheet]:
        """`sheets`, the last sheet of each kind (with backs, without) covering less than
        LEAST_USE of the page given pieces from the end of the sheet of its kind before it,
        one by one, while it covers too little, the one before keeps LEAST_USE and both stay
        one page: the pieces spread over the sheets they need, none of them nearly empty."""
        for duplex in (True, False):
            at = [n for n, (page, _) in enumerate(sheets) if self.duplex(page) == duplex]
            if len(at) < 2:
                continue
            before, last = at[-2], at[-1]
            while self.used(sheets[last][0]) < self.least:
                page = sheets[before][0]
                if len(page) < 2 or self.used(page[:-1]) < self.least:
                    break
                if self.duplex(page[:-1]) != duplex:
                    break
                moved = page[-1:] + sheets[last][0]
                if self.used(moved) > self.room:
                    break
                ((held, layout),) = self.pages(moved, most=1)
                if len(held) < len(moved):
                    break
                ((kept, kept_layout),) = self.pages(page[:-1], most=1)
                sheets[before] = (kept, kept_layout)
                sheets[last] = (held, layout)
        return sheets
