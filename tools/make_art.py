"""Write the kits' drawn art as SVG files (our own drawings, no outside art):

- templates/spies-and-lies/art/<Rank>.svg: one vignette per soldier rank for the soldier cards'
  lower third: the rank's insignia on the left, the soldier's bust (or the Bomb) in the middle,
  the rank's attribute on the right (the Marshal's baton, the Miner's pick, the Scout's
  binoculars, the Spy's hat and coat...). The figure is `currentColor`, so the card's image
  element draws it in its side's red or blue; the details use one palette (charcoal, gold,
  cream) and one stroke weight.
- templates/spies/art/power-<Power>.svg: each power's emblem, in `currentColor` only (the
  counters and the Event Tiles draw it white on the power's colour); power-random.svg, a
  question mark, marks the random Event Tiles.
- templates/spies/art/chit-<kind>.svg: one line icon per Action chit kind, `currentColor` strokes
  of one weight.

Run after changing a drawing: `python tools/make_art.py`. The SVGs use only what
pnp/draw/svg_reader.py reads (rect, circle, line, polygon, path with M/L/Q/Z, g, currentColor).
"""

from __future__ import annotations

import math
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from deaddrop.files import write_atomic  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent / "templates"
C, K, G, W = "currentColor", "#35312b", "#d9a521", "#f7f1e1"  # side, charcoal, gold, cream
STROKE = 1.6  # the one stroke weight of the rank art (viewBox units: 150 wide = 54 mm)
LINE = 2.6  # the one stroke weight of the chit icons (viewBox 40 = 16 mm)
RANK_VIEW = (150, 48)


def _svg(view: tuple[int, int], body: list[str]) -> str:
    w, h = view
    inner = "\n".join("  " + line for line in body)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w} {h}" '
        f'width="{w}" height="{h}">\n{inner}\n</svg>\n'
    )


def _star(cx: float, cy: float, r: float, fill: str = G) -> str:
    points = []
    for k in range(10):
        radius = r if k % 2 == 0 else r * 0.42
        angle = math.pi / 2 + k * math.pi / 5
        points.append(f"{cx + radius * math.cos(angle):.2f},{cy - radius * math.sin(angle):.2f}")
    return f'<polygon points="{" ".join(points)}" fill="{fill}"/>'


def _stars(n: int) -> list[str]:
    """`n` gold stars on the left of the vignette (the officer's rank): one row of up to three,
    or two rows (the longer on top)."""
    rows = [n] if n <= 3 else [n - n // 2, n // 2]
    out = []
    for r, count in enumerate(rows):
        y = 24 if len(rows) == 1 else 15 + r * 17
        out += [_star(26 + (k - (count - 1) / 2) * 13, y, 6) for k in range(count)]
    return out


def _bars(n: int) -> list[str]:
    return [
        f'<rect x="14" y="{14 + k * 10}" width="24" height="6" rx="1.2" fill="{G}" '
        f'stroke="{K}" stroke-width="{STROKE}"/>'
        for k in range(n)
    ]


def _chevrons(n: int) -> list[str]:
    return [
        f'<path d="M12 {18 + k * 8} L26 {10 + k * 8} L40 {18 + k * 8}" fill="none" '
        f'stroke="{G}" stroke-width="4"/>'
        for k in range(n)
    ]


def _bust(collar: str = W) -> list[str]:
    """Head and shoulders in the side's colour, the tunic's collar and buttons drawn on it."""
    return [
        f'<path d="M50 48 Q51 34 64 31 L86 31 Q99 34 100 48 Z" fill="{C}"/>',
        f'<rect x="70" y="22" width="10" height="11" fill="{C}"/>',
        f'<circle cx="75" cy="17" r="9" fill="{C}"/>',
        f'<path d="M67 31 L75 40 L83 31" fill="none" stroke="{collar}" stroke-width="{STROKE}"/>',
        f'<circle cx="75" cy="43" r="1.6" fill="{G}"/>',
    ]


def _epaulettes() -> list[str]:
    return [
        f'<rect x="54" y="32" width="12" height="4" rx="1.5" fill="{G}"/>',
        f'<rect x="84" y="32" width="12" height="4" rx="1.5" fill="{G}"/>',
    ]


def _peaked_cap(band: str = G) -> list[str]:
    return [
        f'<path d="M63 13 Q62 5 75 4 Q88 5 87 13 Z" fill="{K}"/>',
        f'<rect x="64" y="11" width="22" height="3.5" fill="{band}"/>',
        f'<path d="M63 14 L87 14 Q80 19 66 17 Z" fill="{K}"/>',
        f'<circle cx="75" cy="8.5" r="1.8" fill="{G}"/>',
    ]


def _helmet(lamp: bool = False) -> list[str]:
    out = [f'<path d="M63 16 Q63 4 75 4 Q87 4 87 16 L91 17 L59 17 Z" fill="{K}"/>']
    if lamp:
        out += [
            f'<rect x="71" y="6" width="8" height="6" rx="1" fill="{K}" stroke="{G}" '
            f'stroke-width="{STROKE}"/>',
            f'<path d="M72 9 L54 3 L54 15 Z" fill="{G}"/>',
        ]
    return out


def _baton() -> list[str]:
    return [
        f'<path d="M106 42 L140 8" stroke="{K}" stroke-width="8" fill="none"/>',
        f'<path d="M108.5 39.5 L112 36 M134.5 13.5 L138 10" stroke="{G}" '
        f'stroke-width="8" fill="none"/>',
        _star(118, 30, 3),
        _star(128, 20, 3),
    ]


def _map() -> list[str]:
    return [
        f'<polygon points="106,12 118,8 130,12 142,8 142,38 130,42 118,38 106,42" fill="{W}" '
        f'stroke="{K}" stroke-width="{STROKE}"/>',
        f'<path d="M118 8 L118 38 M130 12 L130 42" stroke="{K}" stroke-width="0.8" fill="none"/>',
        f'<path d="M110 34 Q118 20 128 26 Q134 30 137 17" fill="none" stroke="{C}" '
        f'stroke-width="{STROKE}"/>',
        f'<polygon points="134,19 139,13 140,21" fill="{C}"/>',
        f'<circle cx="110" cy="34" r="2" fill="{C}"/>',
    ]


def _sabre() -> list[str]:
    return [
        f'<path d="M112 42 Q116 22 140 6 L141 8 Q120 24 116 42 Z" fill="{W}" stroke="{K}" '
        f'stroke-width="{STROKE}"/>',
        f'<path d="M106 36 L122 40" stroke="{G}" stroke-width="3.2" fill="none"/>',
        f'<path d="M113 40 L112 47" stroke="{K}" stroke-width="4" fill="none"/>',
    ]


def _pistol() -> list[str]:
    return [
        f'<path d="M108 16 L140 16 L140 24 L124 24 L121 30 L116 30 L116 42 L106 42 L108 24 Z" '
        f'fill="{K}"/>',
        f'<path d="M116 24 Q117 30 121 30" fill="none" stroke="{G}" stroke-width="{STROKE}"/>',
        f'<rect x="128" y="13" width="3" height="3" fill="{K}"/>',
    ]


def _radio() -> list[str]:
    return [
        f'<rect x="110" y="18" width="28" height="24" rx="2" fill="{K}"/>',
        f'<circle cx="119" cy="30" r="5" fill="{W}"/>',
        f'<path d="M119 30 L122 27" stroke="{K}" stroke-width="{STROKE}"/>',
        f'<rect x="128" y="24" width="6" height="3" fill="{G}"/>',
        f'<rect x="128" y="31" width="6" height="3" fill="{G}"/>',
        f'<path d="M134 18 L140 2" stroke="{K}" stroke-width="{STROKE}" fill="none"/>',
        f'<path d="M142 8 Q146 12 143 17 M138 4 Q146 6 148 14" stroke="{G}" '
        f'stroke-width="{STROKE}" fill="none"/>',
    ]


def _rifle() -> list[str]:
    return [
        f'<path d="M106 44 L112 40 L140 6 L142 8 L118 40 L116 46 Z" fill="{K}"/>',
        f'<path d="M111 43 L106 47 L103 44 L108 40 Z" fill="{G}"/>',
        f'<path d="M140 6 L145 0" stroke="{K}" stroke-width="{STROKE}" fill="none"/>',
    ]


def _pick() -> list[str]:
    return [
        f'<path d="M110 46 L133 12" stroke="{G}" stroke-width="4" fill="none"/>',
        f'<path d="M112 8 Q130 2 148 16 Q130 10 114 12 Z" fill="{K}"/>',
    ]


def _shovel() -> list[str]:
    return [
        f'<path d="M34 44 L24 10" stroke="{G}" stroke-width="4" fill="none"/>',
        f'<path d="M20 6 L30 4 M25 5 L24 10" stroke="{K}" stroke-width="3" fill="none"/>',
        f'<path d="M30 36 L42 33 L45 46 Q38 50 33 46 Z" fill="{K}"/>',
    ]


def _binoculars() -> list[str]:
    return [
        f'<rect x="62" y="11" width="11" height="12" rx="3" fill="{K}"/>',
        f'<rect x="77" y="11" width="11" height="12" rx="3" fill="{K}"/>',
        f'<rect x="72" y="14" width="6" height="5" fill="{K}"/>',
        f'<circle cx="67.5" cy="17" r="3" fill="{G}"/>',
        f'<circle cx="82.5" cy="17" r="3" fill="{G}"/>',
    ]


def _side_cap() -> list[str]:
    return [f'<path d="M65 11 L67 5 L85 7 L86 11 Z" fill="{K}"/>']


def _compass() -> list[str]:
    return [
        f'<circle cx="26" cy="26" r="15" fill="{W}" stroke="{K}" stroke-width="{STROKE}"/>',
        f'<polygon points="26,13 30,26 26,39 22,26" fill="{K}"/>',
        f'<polygon points="26,13 30,26 22,26" fill="{C}"/>',
        f'<circle cx="26" cy="26" r="2" fill="{G}"/>',
    ]


def _fedora_and_coat() -> list[str]:
    return [
        # the trench coat's upturned collar over the shoulders
        f'<path d="M60 33 L66 24 L72 33 L75 44 Z" fill="{K}"/>',
        f'<path d="M90 33 L84 24 L78 33 L75 44 Z" fill="{K}"/>',
        f'<path d="M58 48 L62 36 M92 48 L88 36" stroke="{K}" stroke-width="{STROKE}" fill="none"/>',
        f'<rect x="66" y="18" width="18" height="4" rx="2" fill="{K}"/>',  # dark glasses
        f'<path d="M66 11 L68 2 Q75 0 82 2 L84 11 Z" fill="{K}"/>',
        f'<path d="M76 1.5 L75 5 L74 1.5" fill="none" stroke="{W}" stroke-width="1"/>',
        f'<rect x="66.5" y="8" width="17" height="3" fill="{G}"/>',
        f'<path d="M56 12 Q75 7 94 12 Q75 17 56 12 Z" fill="{K}"/>',
    ]


def _key() -> list[str]:
    return [
        f'<circle cx="18" cy="24" r="8" fill="none" stroke="{G}" stroke-width="4"/>',
        f'<path d="M26 24 L46 24 M40 24 L40 31 M45 24 L45 30" stroke="{G}" stroke-width="4" '
        'fill="none"/>',
    ]


def _envelope() -> list[str]:
    return [
        f'<rect x="106" y="14" width="34" height="22" fill="{W}" stroke="{K}" '
        f'stroke-width="{STROKE}"/>',
        f'<path d="M106 14 L123 28 L140 14" fill="none" stroke="{K}" stroke-width="{STROKE}"/>',
        f'<circle cx="123" cy="28" r="4" fill="{C}"/>',
    ]


def _bomb() -> list[str]:
    out = [
        f'<circle cx="75" cy="28" r="17" fill="{C}"/>',
        f'<path d="M65 24 Q66 16 74 14" fill="none" stroke="{W}" stroke-width="{STROKE + 1}"/>',
        f'<rect x="78" y="6" width="10" height="8" fill="{K}" transform="rotate(35 83 10)"/>',
        f'<path d="M87 7 Q92 0 99 3" fill="none" stroke="{K}" stroke-width="{STROKE}"/>',
        _star(100, 4, 5),
    ]
    for angle in (150, 175, 200, 20, 0, -20):  # the blast's rays, on both sides
        a = math.radians(angle)
        x1, y1 = 75 + 30 * math.cos(a), 28 - 22 * math.sin(a)
        x2, y2 = 75 + 48 * math.cos(a), 28 - 30 * math.sin(a)
        out.append(
            f'<path d="M{x1:.1f} {y1:.1f} L{x2:.1f} {y2:.1f}" stroke="{G}" stroke-width="3" '
            'fill="none"/>'
        )
    return out


RANKS: dict[str, list[str]] = {
    "Marshal": _stars(5) + _bust() + _epaulettes() + _peaked_cap() + _baton(),
    "General": _stars(4) + _bust() + _epaulettes() + _peaked_cap() + _map(),
    "Colonel": _stars(3) + _bust() + _epaulettes() + _peaked_cap() + _sabre(),
    "Captain": _bars(2) + _bust() + _epaulettes() + _peaked_cap(W) + _pistol(),
    "Lieutenant": _bars(1) + _bust() + _peaked_cap(W) + _radio(),
    "Sergeant": _chevrons(3) + _bust() + _helmet() + _rifle(),
    "Miner": _shovel() + _bust() + _helmet(lamp=True) + _pick(),
    "Scout": _compass() + _bust() + _side_cap() + _binoculars(),
    "Spy": _key() + _bust(collar=K) + _fedora_and_coat() + _envelope(),
    "Bomb": _bomb(),
}


def _power_emblems() -> dict[str, list[str]]:
    star = []
    for k in range(10):
        radius = 18 if k % 2 == 0 else 7.4
        angle = math.pi / 2 + k * math.pi / 5
        star.append(f"{20 + radius * math.cos(angle):.2f},{21 - radius * math.sin(angle):.2f}")
    return {
        # the cross pattee of Prussia's Iron Cross
        "Germany": [
            f'<polygon points="12,2 28,2 23.5,16.5 38,12 38,28 23.5,23.5 28,38 12,38 '
            f'16.5,23.5 2,28 2,12 16.5,16.5" fill="{C}"/>'
        ],
        # the Stella d'Italia
        "Italy": [f'<polygon points="{" ".join(star)}" fill="{C}"/>'],
        # hammer and sickle
        "Russia": [
            f'<path d="M15 5 Q2 22 14 32 Q24 39 35 30 L32 28 Q24 34 17 29 Q8 21 19 8 Z" '
            f'fill="{C}"/>',
            f'<polygon points="12,31 16,34 10,39 7,36" fill="{C}"/>',
            f'<polygon points="13,30.5 16,33.5 32,16 29,13" fill="{C}"/>',
            f'<polygon points="21,11 26,6 36,16 31,21 30,18 24,13" fill="{C}"/>',
        ],
        # the cockade
        "France": [
            f'<circle cx="20" cy="20" r="16" fill="none" stroke="{C}" stroke-width="5"/>',
            f'<circle cx="20" cy="20" r="6.5" fill="{C}"/>',
        ],
        # a question mark: the random Event Tiles, which no power owns
        "random": [
            f'<path d="M11 14 Q11 4 20 4 Q30 4 30 13 Q30 19 23 22 L23 28 L17 28 L17 19 '
            f'Q24 17 24 13 Q24 10 20 10 Q17 10 17 14 Z" fill="{C}"/>',
            f'<circle cx="20" cy="34" r="3.5" fill="{C}"/>',
        ],
        # the crown
        "Britain": [
            f'<path d="M7 30 L4 12 L13 20 L20 8 L27 20 L36 12 L33 30 Z" fill="{C}"/>',
            f'<rect x="7" y="31.5" width="26" height="5" fill="{C}"/>',
            f'<circle cx="4" cy="10" r="2.6" fill="{C}"/>',
            f'<circle cx="36" cy="10" r="2.6" fill="{C}"/>',
            f'<path d="M20 1 L20 8 M17 3.5 L23 3.5" stroke="{C}" stroke-width="2" fill="none"/>',
        ],
    }


def _chit_icons() -> dict[str, list[str]]:
    s = f'fill="none" stroke="{C}" stroke-width="{LINE}"'
    return {
        "papers": [  # identity papers
            f'<path d="M9 4 L25 4 L32 11 L32 36 L9 36 Z" {s}/>',
            f'<path d="M25 4 L25 11 L32 11" {s}/>',
            f'<circle cx="16" cy="17" r="3.5" {s}/>',
            f'<path d="M13 25 L28 25 M13 30 L28 30" {s}/>',
        ],
        "discovery": [  # a magnifying glass
            f'<circle cx="17" cy="17" r="10" {s}/>',
            f'<path d="M24.5 24.5 L35 35" fill="none" stroke="{C}" stroke-width="{LINE * 2}"/>',
        ],
        "sanction": [  # a dagger
            f'<path d="M20 2 L24 8 L24 26 L16 26 L16 8 Z" {s}/>',
            f'<path d="M9 26 L31 26 M20 26 L20 36 M16 37 L24 37" {s}/>',
        ],
        "recruit": [  # a new agent
            f'<circle cx="16" cy="12" r="6" {s}/>',
            f'<path d="M4 36 Q4 22 16 22 Q28 22 28 36" {s}/>',
            f'<path d="M33 10 L33 22 M27 16 L39 16" {s}/>',
        ],
        "escape": [  # out through the door
            f'<path d="M18 36 L4 36 L4 4 L18 4" {s}/>',
            f'<path d="M12 20 L36 20 M28 12 L36 20 L28 28" {s}/>',
        ],
        "cover": [  # an umbrella
            f'<path d="M3 20 Q20 -2 37 20 Q31 16 26 20 Q20 15 14 20 Q9 16 3 20 Z" {s}/>',
            f'<path d="M20 20 L20 33 Q20 37 16 37 Q13 37 13 34" {s}/>',
        ],
        "intercept": [  # a radio mast and its waves
            f'<path d="M14 37 L20 13 L26 37 M16 29 L24 29" {s}/>',
            f'<circle cx="20" cy="10" r="2.5" fill="{C}"/>',
            f'<path d="M12 4 Q8 10 12 16 M28 4 Q32 10 28 16 M6 1 Q0 10 6 19 M34 1 Q40 10 34 19" '
            f"{s}/>",
        ],
        "source": [  # an eye
            f'<path d="M2 20 Q20 2 38 20 Q20 38 2 20 Z" {s}/>',
            f'<circle cx="20" cy="20" r="6" fill="{C}"/>',
        ],
        "drop": [  # a letter left for a contact
            f'<rect x="4" y="9" width="32" height="22" {s}/>',
            f'<path d="M4 9 L20 22 L36 9" {s}/>',
        ],
        "double-cross": [  # two ways crossed
            f'<path d="M5 35 L33 7 M24 6 L34 6 L34 16" {s}/>',
            f'<path d="M35 35 L7 7 M6 16 L6 6 L16 6" {s}/>',
        ],
    }


def main() -> None:
    written = []
    for name, body in RANKS.items():
        target = ROOT / "spies-and-lies" / "art" / f"{name}.svg"
        target.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(target, _svg(RANK_VIEW, body))
        written.append(target)
    for power, body in _power_emblems().items():
        target = ROOT / "spies" / "art" / f"power-{power}.svg"
        target.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(target, _svg((40, 40), body))
        written.append(target)
    for kind, body in _chit_icons().items():
        target = ROOT / "spies" / "art" / f"chit-{kind}.svg"
        write_atomic(target, _svg((40, 40), body))
        written.append(target)
    print(f"wrote {len(written)} SVG files")


if __name__ == "__main__":
    main()
