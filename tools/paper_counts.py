"""Print how many sheets each kit takes on A4 and Letter: card sheets, paper sheets, and the
sheets of each print job, as a Markdown table (the one in docs/pnp-format.md).

    python tools/paper_counts.py                  # from the planned pages (no rendering)
    python tools/paper_counts.py --before DIR     # and against built kits: DIR/a4/<game>.pdf,
                                                  # DIR/letter/<game>.pdf (their print guides)

The figures from the plan are the sheets the print guide lists (contents.jobs). A built kit's
figures are read off its guide's first page ("... on card stock, double-sided ... (7 sheets)").
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from deaddrop.paths import templates_dir  # noqa: E402
from pnp.definitions import game_names, load_game  # noqa: E402
from pnp.imposition.contents import jobs  # noqa: E402
from pnp.imposition.kit_plan import plan_kit  # noqa: E402
from pnp.imposition.paper import PAPERS, Paper, Settings  # noqa: E402

Counts = list[tuple[str, bool, int]]  # per print job: stock (card | paper), duplex, sheets
NAMES = {"a4": "A4", "letter": "Letter"}
JOB = re.compile(
    r"on (card stock|plain paper).*?(double-sided|single-sided).*?\((\d+) sheets?\)", re.S
)


def planned(game: str, paper: str) -> Counts:
    """The print jobs of a kit as planned (no rendering)."""
    kit = load_game(templates_dir() / game)
    plan = plan_kit(kit.components, Paper.of(Settings(paper=paper)))
    return [(j.stock, j.duplex, j.sheets) for j in jobs(plan)]


def built(pdf: Path) -> Counts:
    """The print jobs a built kit's guide lists on its first page."""
    from pypdf import PdfReader

    text = PdfReader(pdf).pages[0].extract_text()
    text = text.split("Double-sided pages:")[0]
    return [
        ("card" if stock == "card stock" else "paper", sides == "double-sided", int(n))
        for stock, sides, n in JOB.findall(text)
    ]


COLUMNS = (("card", True), ("card", False), ("paper", True), ("paper", False))


def stock(counts: Counts, which: str) -> int:
    return sum(n for s, _, n in counts if s == which)


def job(counts: Counts, which: str, duplex: bool) -> int:
    return sum(n for s, d, n in counts if s == which and d == duplex)


def table(before: Path | None) -> str:
    """One row per kit and paper: the sheets of each print job, then of card and of paper in
    all; with `before`, each figure as "before → now"."""
    heads = [f"{s.capitalize()}, {'2' if d else '1'}-sided" for s, d in COLUMNS]
    rows = ["| Kit | Paper | " + " | ".join(heads) + " | Card sheets | Paper sheets |"]
    rows.append("|---|---|" + "---:|" * (len(COLUMNS) + 2))
    for game in game_names(templates_dir()):
        for paper in PAPERS:
            now = planned(game, paper)
            was = built(before / paper / f"{game}.pdf") if before is not None else None
            cells = []
            for value in [lambda c, s=s, d=d: job(c, s, d) for s, d in COLUMNS] + [
                lambda c: stock(c, "card"),
                lambda c: stock(c, "paper"),
            ]:
                new, old = value(now), value(was) if was is not None else None
                if old is None or old == new:
                    cells.append(f"{new}" if new or old else "–")
                else:
                    cells.append(f"{old} → **{new}**")
            rows.append(f"| {game} | {NAMES[paper]} | " + " | ".join(cells) + " |")
    return "\n".join(rows)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", type=Path, help="a folder of built kits: a4/, letter/")
    args = parser.parse_args()
    print(table(args.before))


if __name__ == "__main__":
    main()
