"""Fold-up pyramids: the net of a hollow square pyramid (four faces round the apex and a glue
tab), and the pyramid a net folds into. Pure geometry, millimetres, y DOWN.

A Looney pyramid is hollow and open at the bottom, so that pyramids nest. Its net is a fan: four
congruent isosceles triangles sharing the apex, each joined to the next along a lateral edge
(folded), the last edge glued over a tab on the first. `fan_net(base, height)` lays it out with
the second face upright (its base edge level at the bottom, where a name can be printed level);
`folded(faces)` takes the face triangles of any net and gives the pyramid they fold into;
`nests(outer, inner, wall)` says whether a pyramid fits under another, both standing on the
table, each wall `wall` thick.

`python -m pnp.pyramid_net BASE HEIGHT PIPS [TAB]` (millimetres) prints the YAML elements of a
net (the polygons, the dashed fold lines, the pips, the name) for a kit's template, its size on a
comment line first.
"""

from __future__ import annotations

import math
import sys

from pnp.geometry import outline_distance
from pnp.record import record

Point = tuple[float, float]
Triangle = tuple[Point, Point, Point]
TOL = 1e-6
FOLD_CLEAR = 2.0  # mm: printed fold lines stop this far from the cut (a cut a little off)


@record
class Pyramid:
    """A right square pyramid: the side of its square base and its height (mm)."""

    base: float
    height: float

    @property
    def slant(self) -> float:
        """The height of a face, from the middle of a base edge to the apex."""
        return math.hypot(self.height, self.base / 2)


@record
class Net:
    """A pyramid's net: the faces (apex first, then two base corners in fan order), the glue
    tab, the fold lines (never cut), the cut outline, and the size of the box round it all."""

    faces: tuple[Triangle, ...]
    tab: tuple[Point, ...]
    folds: tuple[tuple[Point, Point], ...]
    outline: tuple[Point, ...]
    width: float
    height: float


def _dist(a: Point, b: Point) -> float:
    return math.hypot(a[0] - b[0], a[1] - b[1])


def fan_net(base: float, height: float, tab: float = 4.0, margin: float = 1.0) -> Net:
    """The net of a hollow pyramid `base` x `base` x `height`: its second face upright, a glue
    tab `tab` wide on the first face's free edge, all of it `margin` inside its box."""
    if base <= 0 or height <= 0 or tab <= 0:
        raise ValueError("a pyramid's base, height and tab are above 0")
    edge = math.sqrt(height**2 + base**2 / 2)  # apex to a base corner
    angle = 2 * math.asin(base / (2 * edge))  # each face's angle at the apex
    first = -1.5 * angle  # corner directions, measured from straight down
    corners = [
        (edge * math.sin(first + i * angle), edge * math.cos(first + i * angle)) for i in range(5)
    ]
    apex: Point = (0.0, 0.0)
    # the tab: along the edge apex -> corner 0, on its outer side, its ends cut at 45 degrees
    d = (math.sin(first), math.cos(first))  # along the edge
    n = (-math.cos(first), math.sin(first))  # outward, away from the faces
    start = min(tab, edge / 4)

    def at(along: float, out: float) -> Point:
        return (d[0] * along + n[0] * out, d[1] * along + n[1] * out)

    tab_points = [at(start, 0.0), at(start + tab, tab), at(edge - tab, tab), corners[0]]
    outline = [apex, *tab_points, *corners[1:]]
    xs = [p[0] for p in outline]
    ys = [p[1] for p in outline]
    dx, dy = margin - min(xs), margin - min(ys)

    def moved(p: Point) -> Point:
        return (p[0] + dx, p[1] + dy)

    apex = moved(apex)
    c = [moved(p) for p in corners]
    faces = tuple((apex, c[i], c[i + 1]) for i in range(4))
    folds = ((moved(tab_points[0]), c[0]), *((apex, c[i]) for i in (1, 2, 3)))
    return Net(
        faces=faces,
        tab=tuple(moved(p) for p in tab_points),
        folds=folds,
        outline=tuple(moved(p) for p in outline),
        width=max(xs) - min(xs) + 2 * margin,
        height=max(ys) - min(ys) + 2 * margin,
    )


def fold_line(
    p: Point, q: Point, outline: tuple[Point, ...], clear: float = FOLD_CLEAR
) -> tuple[Point, Point]:
    """The fold p-q (both ends on the cut `outline`) as printed: shortened at each end to the
    first point `clear` from the outline, in steps of 0.01 mm."""
    length = _dist(p, q)

    def at(s: float) -> Point:
        return (p[0] + (q[0] - p[0]) * s / length, p[1] + (q[1] - p[1]) * s / length)

    start, end = 0.0, length
    while start < length and outline_distance(outline, *at(start)) < clear:
        start += 0.01
    while end > start and outline_distance(outline, *at(end)) < clear:
        end -= 0.01
    if end - start < clear:
        raise ValueError("a fold too short to print clear of the cut")
    return at(start), at(end)


def folded(faces: tuple[Triangle, ...] | list[Triangle], tol: float = 0.05) -> Pyramid:
    """The pyramid four face triangles fold into, each joined to the next along an edge from a
    common apex. ValueError when they do not make one: not four faces, no common apex, a face
    not joined to the next, or faces of different sizes (then no square base closes)."""
    if len(faces) != 4:
        raise ValueError(f"a square pyramid has 4 faces, not {len(faces)}")
    apexes = [p for p in faces[0] if all(any(_dist(p, q) < tol for q in f) for f in faces)]
    if len(apexes) != 1:
        raise ValueError("the faces do not share one apex")
    apex = apexes[0]
    sides: list[tuple[float, float]] = []  # (lateral edges' mean, base edge) of each face
    ends: list[tuple[Point, Point]] = []
    for face in faces:
        rest = [p for p in face if _dist(p, apex) >= tol]
        if len(rest) != 2:
            raise ValueError("a face is not a triangle on the apex")
        a, b = rest
        if abs(_dist(apex, a) - _dist(apex, b)) > tol:
            raise ValueError("a face is not isosceles: its base edge would not lie level")
        sides.append(((_dist(apex, a) + _dist(apex, b)) / 2, _dist(a, b)))
        ends.append((a, b))
    for (_, b1), (a2, b2) in zip(ends, ends[1:], strict=False):
        if min(_dist(b1, a2), _dist(b1, b2)) > tol:
            raise ValueError("a face is not joined to the next along an edge")
    lateral = [s[0] for s in sides]
    bases = [s[1] for s in sides]
    if max(lateral) - min(lateral) > tol or max(bases) - min(bases) > tol:
        raise ValueError("the faces differ in size: their base edges make no square")
    edge, base = sum(lateral) / 4, sum(bases) / 4
    rise = edge**2 - base**2 / 2
    if rise <= 0:
        raise ValueError("the faces are too flat to meet over a square")
    return Pyramid(base, math.sqrt(rise))


def nests(outer: Pyramid, inner: Pyramid, wall: float) -> bool:
    """True when `inner` stands under `outer` on the table, clear of its walls: the inside of
    `outer`'s walls (each `wall` thick) lies outside `inner` at every height. Both sides are
    straight lines in the height, so the foot and the inner apex are enough."""
    shift = wall * outer.slant / outer.height  # a wall's thickness, measured level

    def inside(z: float) -> float:  # half the width of outer's hollow at height z
        return outer.base / 2 * (1 - z / outer.height) - shift

    def body(z: float) -> float:
        return inner.base / 2 * (1 - z / inner.height)

    return all(body(z) <= inside(z) + TOL for z in (0.0, inner.height))


# ---- the YAML of a net, for a template ---------------------------------------------------------


def _mm(value: float) -> str:
    return f"{value:.2f}mm"


def _pt(p: Point) -> str:
    return f"[{_mm(p[0])}, {_mm(p[1])}]"


def pip_centres(net: Net, pips: int, size: float) -> list[Point]:
    """Where the pips go on each face: a row of `pips` near its base edge, `size` apart."""
    out = []
    for apex, a, b in net.faces:
        mid = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
        up = _dist(mid, apex)
        u = ((apex[0] - mid[0]) / up, (apex[1] - mid[1]) / up)
        v = ((b[0] - a[0]) / _dist(a, b), (b[1] - a[1]) / _dist(a, b))
        lift = size * 1.3
        for k in range(pips):
            along = (k - (pips - 1) / 2) * size * 1.7
            out.append((mid[0] + u[0] * lift + v[0] * along, mid[1] + u[1] * lift + v[1] * along))
    return out


def net_yaml(base: float, height: float, pips: int, tab: float = 4.0) -> str:
    """The elements of a net's face, one per line: faces filled with {fill}, the tab grey, fold
    lines dashed in {ink} stopping FOLD_CLEAR short of the cut, the pips, the name on the upright
    face with the colour's letter ({mark}) in a white disc above it, the cut outline solid
    (`cut: true`: the piece's cut line)."""
    net = fan_net(base, height, tab)
    lines = [f"# size: [{_mm(net.width)}, {_mm(net.height)}]"]
    for face in net.faces:
        points = ", ".join(_pt(p) for p in face)
        lines.append(f'- {{polygon: [{points}], fill: "{{fill}}", stroke: none}}')
    points = ", ".join(_pt(p) for p in net.tab)
    lines.append(f'- {{polygon: [{points}], fill: "#d6d6d6", stroke: none}}')
    dot = base * 0.085
    for x, y in pip_centres(net, pips, dot):
        box = f"{{x: {_mm(x - dot / 2)}, y: {_mm(y - dot / 2)}, w: {_mm(dot)}, h: {_mm(dot)}}}"
        lines.append(f'- {{circle: {box}, fill: "{{ink}}", stroke: none}}')
    apex, a, b = net.faces[1]  # upright: a and b level at the bottom
    slant = b[1] - apex[1]
    low = dot * 2.6  # above the pips
    high = low + max(5.0, slant * 0.2)  # room for two lines of 6 pt
    width = base * (1 - high / slant) * 0.92
    box = (
        f"{{x: {_mm(apex[0] - width / 2)}, y: {_mm(b[1] - high)}, w: {_mm(width)},"
        f" h: {_mm(high - low)}}}"
    )
    lines.append(f'- {{text: "{{colour}}", box: {box}, style: netname, color: "{{ink}}"}}')
    disc = max(3.4, base * 0.2)  # the colour's letter in a white disc, above the name
    top = b[1] - high - 0.8 - disc
    box = f"{{x: {_mm(apex[0] - disc / 2)}, y: {_mm(top)}, w: {_mm(disc)}, h: {_mm(disc)}}}"
    lines.append(f'- {{circle: {box}, fill: "#ffffff", stroke: "#1d1d1f", width: 0.4pt}}')
    size = f"{max(6.0, disc * 1.5):.1f}pt"
    lines.append(
        f'- {{text: "{{mark}}", box: {box}, style: netname, font: Vera, size: {size},'
        ' color: "#1d1d1f"}'
    )
    for fold in net.folds:
        p, q = fold_line(*fold, net.outline)
        lines.append(
            f'- {{line: [{_pt(p)}, {_pt(q)}], stroke: "{{ink}}", width: 0.6pt, dash: [2pt, 1.5pt]}}'
        )
    points = ", ".join(_pt(p) for p in net.outline)
    lines.append(
        f'- {{polygon: [{points}], stroke: "#000000", fill: none, width: 0.6pt, cut: true}}'
    )
    return "\n".join(lines)


def main(argv: list[str]) -> int:
    usage = "usage: python -m pnp.pyramid_net BASE HEIGHT PIPS [TAB] (mm, mm, 1-3, mm)"
    try:
        base, height, pips = float(argv[0]), float(argv[1]), int(argv[2])
        tab = float(argv[3]) if len(argv) > 3 else 4.0
        if not 1 <= pips <= 3:
            raise ValueError("pips are 1, 2 or 3")
        print(net_yaml(base, height, pips, tab))
    except (IndexError, ValueError) as error:
        print(f"{usage}: {error}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main(sys.argv[1:]))
