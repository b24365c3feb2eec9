"""Every kit laid out for printer profiles: unprintable margins (`--margin`) and scales
(`--scale`), both papers. Prints the pages each kit takes, and checks on every page, as written
(drawn at the scale about its centre), that all its ink stays inside the printer's margin and
at least 5 mm from the edge (pnp.ink: from the drawing ops). tests/printer/test_ink.py samples
the same check; this tool runs the whole grid.

    python tools/check_printer_margins.py [--margins 0,5,6,8,10,12] [--scales 100]
                                          [--papers a4,letter]

A kit whose piece no longer fits shows "—" (the build names the piece). Exits 1 when a page
puts ink outside the printer's reach.
"""

from __future__ import annotations

import argparse
import sys


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--margins", default="0,5,6,8,10,12", help="margins in mm")
    parser.add_argument("--scales", default="100", help="printer scales in percent, 90 to 110")
    parser.add_argument("--papers", default="a4,letter")
    args = parser.parse_args()

    from deaddrop.errors import InputError
    from deaddrop.paths import templates_dir
    from pnp.definitions import game_names, load_game
    from pnp.imposition import Art, kit_document
    from pnp.imposition.paper import MARK_EDGE, Settings
    from pnp.ink import page_ink
    from pnp.printer_profile import Profile, apply
    from pnp.units import mm

    margins = [float(v) for v in args.margins.split(",")]
    scales = [float(v) for v in args.scales.split(",")]
    folder = templates_dir()
    kits = [(load_game(folder / name), Art()) for name in game_names(folder)]
    bad = checked = 0
    for paper_name in args.papers.split(","):
        for scale in scales:
            print(f"{paper_name} at {scale:g}%: pages per kit, by the printer's margin (mm)")
            print(f"  {'kit':<16}" + "".join(f"{m:>7g}" for m in margins))
            for kit, art in kits:
                row = []
                for margin in margins:
                    profile = Profile("check", scale=scale, margin=margin)
                    settings = apply(profile, Settings(paper=paper_name))
                    try:
                        pages = kit_document(kit, settings, art).pages
                    except InputError:
                        row.append("  —")  # a component no longer fits the page
                        continue
                    row.append(str(len(pages)))
                    least = max(mm(margin), MARK_EDGE) - 1e-6
                    for number, page in enumerate(pages, start=1):
                        checked += 1
                        ink = page_ink(page)
                        if ink is None:
                            continue
                        if (
                            min(ink.x, ink.y) < least
                            or ink.x + ink.w > page.width - least
                            or ink.y + ink.h > page.height - least
                        ):
                            bad += 1
                            print(f"  {kit.name} at {margin:g} mm, page {number}: ink at {ink}")
                print(f"  {kit.name:<16}" + "".join(f"{v:>7}" for v in row))
    print(f"{checked} pages checked, {bad} outside the printer's reach")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
