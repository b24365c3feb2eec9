"""Lay out the Spies & Lies reference cards' faces in templates/spies-and-lies/soldiers.yaml.

Front: the language, the title and ranks 1-5; back: ranks 6-10. Each rank's text slot is as
tall as the longest language's text at 7.5 pt in the 80 mm column (measured with the kit's own
font metrics), so a rank sits at the same place on every language's card; a hairline parts two
ranks. Run after changing a reference text or adding a language:
`python tools/make_reference_cards.py` rewrites the `reference` component's `front:` and `back:`
(the last lines of soldiers.yaml) and prints where each face's text ends.
"""

from __future__ import annotations

import sys
from pathlib import Path

import yaml

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from deaddrop.files import write_atomic  # noqa: E402
from pnp.draw.textfit import wrap  # noqa: E402
from pnp.model import Style  # noqa: E402
from pnp.units import mm  # noqa: E402

PATH = Path(__file__).resolve().parent.parent / "templates" / "spies-and-lies" / "soldiers.yaml"
SIZE, LEAD, X, W = 7.5, 1.2, 4.0, 80.0  # the text: size, leading, left edge and column width
INK, GOLD, RULE = "#35312b", "#d9a521", "#cfc4ad"
HEIGHT = 176.0  # the card's height (mm): the faces must end 3.5 mm above it


def _slot(rows: list[dict[str, str]], rank: int) -> float:
    style = Style(font="Vera", size=SIZE, leading=LEAD)
    lines = max(len(wrap(row[f"t{rank}"], mm(W), style, SIZE) or []) for row in rows)
    return round(lines * SIZE * LEAD / 72 * 25.4 + 0.3, 2)


def _rank(rows: list[dict[str, str]], i: int, y: float, gap: float) -> tuple[list[str], float]:
    h = _slot(rows, i)
    box = f"x: {X}mm, y: {y:.2f}mm"
    out = [
        f'      - {{rect: {{{box}, w: 7mm, h: 4.5mm}}, radius: 1mm, stroke: none, fill: "{INK}"}}',
        f'      - {{text: "{i}", box: {{{box}, w: 7mm, h: 4.5mm}}, style: refrank}}',
        f'      - {{text: "{{n{i}}}", box: {{x: {X + 8.5}mm, y: {y:.2f}mm, w: {W - 8.5}mm, '
        "h: 4.5mm}, style: refname}",
        f'      - {{text: "{{t{i}}}", box: {{x: {X}mm, y: {y + 5.5:.2f}mm, w: {W}mm, h: {h}mm}}, '
        "style: ref}",
    ]
    end = y + 5.5 + h + gap
    if i not in (5, 10):  # a hairline between two ranks, in the middle of the gap
        mid = f"{end - gap / 2:.2f}mm"
        out.append(
            f"      - {{line: [[{X}mm, {mid}], [{X + W}mm, {mid}]], "
            f'stroke: "{RULE}", width: 0.5pt}}'
        )
    return out, end


def faces(rows: list[dict[str, str]]) -> tuple[list[str], list[str], float, float]:
    """The front's and back's element lines, and where each face's text ends (mm)."""
    front = [
        f'      - {{rect: full, radius: 3mm, stroke: "{INK}", fill: "#f7f1e1", width: 1pt}}',
        "      - {rect: {x: 2.5mm, y: 2.5mm, w: 83mm, h: 17mm}, radius: 1.5mm, stroke: none, "
        f'fill: "{INK}"}}',
        '      - {text: "{language}", box: {x: 5mm, y: 3.5mm, w: 58mm, h: 9mm}, style: title, '
        'size: 14pt, align: left, color: "#ffffff"}',
        '      - {text: "SPIES & LIES · THE SOLDIERS", box: {x: 5mm, y: 12mm, w: 60mm, h: 5mm}, '
        f'style: refname, size: 7.5pt, color: "{GOLD}"}}',
        '      - {text: "1-5", box: {x: 63mm, y: 3.5mm, w: 21mm, h: 14mm}, style: title, '
        f'size: 14pt, align: right, color: "{GOLD}"}}',
        f'      - {{text: "{{heading}}", box: {{x: {X}mm, y: 22mm, w: {W}mm, h: 5mm}}, '
        f'style: refname, color: "{INK}"}}',
    ]
    y = 29.5
    for i in range(1, 6):
        lines, y = _rank(rows, i, y, 7.0)
        front += lines
    front_end = y - 7.0
    back = [
        f'      - {{rect: full, radius: 3mm, stroke: "{INK}", fill: "#f7f1e1", width: 1pt}}',
        "      - {rect: {x: 2.5mm, y: 2.5mm, w: 83mm, h: 10mm}, radius: 1.5mm, stroke: none, "
        f'fill: "{INK}"}}',
        '      - {text: "{language}", box: {x: 5mm, y: 3mm, w: 45mm, h: 9mm}, style: refname, '
        'size: 9pt, color: "#ffffff"}',
        '      - {text: "6-10", box: {x: 50mm, y: 3mm, w: 34mm, h: 9mm}, style: title, '
        f'size: 12pt, align: right, color: "{GOLD}"}}',
    ]
    y = 15.5
    for i in range(6, 11):
        lines, y = _rank(rows, i, y, 3.5)
        back += lines
    return front, back, front_end, y - 3.5


def main() -> None:
    text = PATH.read_text(encoding="utf-8")
    rows = yaml.safe_load(text)["components"]["reference"]["rows"]
    front, back, front_end, back_end = faces(rows)
    if max(front_end, back_end) > HEIGHT - 3.5:
        sys.exit(f"the text ends at {max(front_end, back_end):.1f} mm: past the safe area")
    start = text.index("    front:\n", text.index("\n  reference:"))
    body = "    front:\n" + "\n".join(front) + "\n    back:\n" + "\n".join(back) + "\n"
    write_atomic(PATH, text[:start] + body)
    print(f"front ends at {front_end:.1f} mm, back at {back_end:.1f} mm (card {HEIGHT:g} mm)")


if __name__ == "__main__":
    main()
