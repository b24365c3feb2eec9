"""Every kit laid out for printers with an unprintable margin (a printer profile's `--margin`):
the pages each kit takes, and a check that on every page every crop mark, every piece's bleed
and every footer stays inside what the printer reaches. Too slow for the test suite (every
kit, both papers, six margins); tests/printer holds the same check for one kit.

    python tools/check_printer_margins.py [--margins 0,5,6,8,10,12] [--papers a4,letter]

Prints a table of sheets' pages per kit and margin, and exits 1 when a page breaks the margin.
"""

from __future__ import annotations

import argparse
import sys


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--margins", default="0,5,6,8,10,12", help="margins in mm")
    parser.add_argument("--papers", default="a4,letter")
    args = parser.parse_args()

    from deaddrop.errors import InputError
    from deaddrop.paths import templates_dir
    from pnp.definitions import game_names, load_game
    from pnp.imposition.kit_plan import plan_kit
    from pnp.imposition.paper import Paper, Settings
    from pnp.printer_profile import Profile, apply
    from pnp.units import mm

    margins = [float(v) for v in args.margins.split(",")]
    folder = templates_dir()
    kits = [load_game(folder / name) for name in game_names(folder)]
    bad = 0
    checked = 0
    for paper_name in args.papers.split(","):
        print(f"{paper_name}: pages of sheets per kit, by the printer's margin (mm)")
        print(f"  {'kit':<16}" + "".join(f"{m:>7g}" for m in margins))
        for kit in kits:
            row = []
            for margin in margins:
                settings = apply(Profile("check", margin=margin), Settings(paper=paper_name))
                paper = Paper.of(settings)
                try:
                    plan = plan_kit(kit.components, paper)
                except InputError:
                    row.append("  —")  # a component no longer fits the page
                    continue
                pages = [p for s in plan.sheets for p in (s.front, s.back) if p is not None]
                row.append(str(len(pages)))
                reach, w, h = mm(margin), paper.width, paper.height
                for number, page in enumerate(pages, start=1):
                    checked += 1
                    problems = []
                    for x0, y0, x1, y1 in page.marks:
                        if min(x0, x1, y0, y1) < reach - 1e-6 or max(x0, x1) > w - reach + 1e-6:
                            problems.append("a crop mark")
                        elif max(y0, y1) > h - reach + 1e-6:
                            problems.append("a crop mark")
                    b = page.bleed
                    if min(b.x, b.y) < reach - 1e-6 or b.x + b.w > w - reach + 1e-6:
                        problems.append("a piece")
                    elif b.y + b.h > h - reach + 1e-6:
                        problems.append("a piece")
                    if any(n.y + 0.25 * 6.5 > h - reach + 1e-6 for n in page.notes):
                        problems.append("the footer")
                    if problems:
                        bad += 1
                        print(f"  {kit.name} at {margin:g} mm, page {number}: {problems[0]}")
            print(f"  {kit.name:<16}" + "".join(f"{v:>7}" for v in row))
    print(f"{checked} pages checked, {bad} outside the printer's reach")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
