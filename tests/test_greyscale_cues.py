"""Colour is never the only cue: pieces that a rule tells apart by colour differ in more than
colour when printed in black and white (or seen by a colour-blind player).

Each pair is rendered as printed (its face's ops in a PDF, poppler's pdftoppm in greyscale) and
compared after taking colour out: each render is normalised to its own mean and spread of grey
(so that a lighter or darker copy of the same picture compares as equal), and the pair must
differ by more than THRESHOLD on average over the piece. Measured with this file's renders: the
red and blue Intel tokens as they were (the same picture in two hues) 0.0005, the Infiltration
markers 0.004; with their words and shapes 0.096 and 0.072. Spy vs Spy's 1-pip pyramids told
by their printed names alone measured 0.11 at least; with each colour's letter in a white disc,
0.18 at least (and a test below holds the letters themselves: a name alone is small print).
The fold-up nets are measured on their label (name and letter): over the whole net, whose
silhouette is the same in every colour, the black, red and blue nets measured 0.02-0.05.
"""

from __future__ import annotations

import itertools
import shutil
import subprocess
from pathlib import Path

import numpy as np
import pytest

from pnp import ops
from pnp.definitions.loader import load_game
from pnp.draw import face_ops
from pnp.model import Box, Component

REPO = Path(__file__).resolve().parents[1]
THRESHOLD = 0.05
DPI = 150

pytestmark = [
    pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="needs poppler-utils"),
    pytest.mark.slow,  # renders with poppler: about 12 s
]


def grey(items: tuple[ops.Op, ...], w: float, h: float, tmp: Path) -> np.ndarray:
    """The ops on a w x h page, rendered in greyscale (0-255)."""
    import cv2

    from pnp.backends.pdf import write_pdf

    page = ops.Page(w, h, items, Box(0, 0, w, h), Box(0, 0, w, h))
    pdf = tmp / "face.pdf"
    write_pdf(ops.Document("face", (page,)), pdf)
    subprocess.run(
        ["pdftoppm", "-gray", "-png", "-r", str(DPI), "-singlefile", str(pdf), str(tmp / "g")],
        check=True,
    )
    return cv2.imread(str(tmp / "g.png"), cv2.IMREAD_GRAYSCALE).astype(float)


def difference(a: np.ndarray, b: np.ndarray) -> float:
    """How much two greyscale renders differ once colour is taken out: each normalised to its
    own mean and spread, the mean absolute difference (in units of spread)."""

    def norm(image: np.ndarray) -> np.ndarray:
        return (image - image.mean()) / max(image.std(), 1.0)

    return float(np.abs(norm(a) - norm(b)).mean())


def faces(kit: str, name: str) -> tuple[Component, list[tuple[ops.Op, ...]]]:
    component = next(c for c in load_game(REPO / "templates" / kit).components if c.name == name)
    return component, [face_ops(component, i) for i in range(len(component.faces))]


def render_all(kit: str, names: list[str], tmp: Path) -> list[np.ndarray]:
    out = []
    for name in names:
        component, drawn = faces(kit, name)
        out += [grey(items, component.width, component.height, tmp) for items in drawn]
    return out


def test_the_measure_sees_colour_alone_and_shape(tmp_path):
    """The measure itself: the same disc in red and in blue differ by colour alone (under the
    threshold); a disc and a square of one colour differ in shape (over it)."""
    disc = (ops.Ellipse(10, 10, 30, 30, None, "#a3231f", 0.0),)
    blue = (ops.Ellipse(10, 10, 30, 30, None, "#1f4e8c", 0.0),)
    square = (ops.Rect(10, 10, 30, 30, 0.0, None, "#a3231f", 0.0),)
    a, b, c = (grey(items, 50, 50, tmp_path) for items in (disc, blue, square))
    assert difference(a, b) < 0.05
    assert difference(a, c) > THRESHOLD


def test_spies_and_lies_red_and_blue_pieces_differ_in_grey(tmp_path):
    red, blue = render_all("spies-and-lies", ["intel_tokens_red", "intel_tokens_blue"], tmp_path)
    assert difference(red, blue) > THRESHOLD
    red, blue = render_all("spies-and-lies", ["infiltration_markers"], tmp_path)
    assert difference(red, blue) > THRESHOLD


@pytest.mark.parametrize(
    "name",
    [
        "flat_pyramids_small",
        "flat_pyramids_medium",
        "flat_pyramids_large",
        "pyramid_nets_small",
        "pyramid_nets_medium",
        "pyramid_nets_large",
    ],
)
def test_spy_vs_spy_pyramids_of_one_size_differ_in_grey(tmp_path, name):
    component, _ = faces("spy-vs-spy", name)
    renders = render_all("spy-vs-spy", [name], tmp_path)
    if component.kind == "tile":  # a net: the face a player reads, its name and letter
        renders = [label(component, image) for image in renders]
    close = [
        (i, j, round(difference(a, b), 2))
        for (i, a), (j, b) in itertools.combinations(enumerate(renders), 2)
        if difference(a, b) <= THRESHOLD
    ]
    assert not close, close
    # each colour's own letter, printed large in a white disc: more than the name's small print
    marks = [face.data["mark"] for face in component.faces]
    assert len(set(marks)) == len(marks) and all(len(m) == 1 for m in marks)
    for face_index, mark in enumerate(marks):
        texts = [op for op in _flat(face_ops(component, face_index)) if isinstance(op, ops.Text)]
        assert any(op.text == mark and op.size >= 6 for op in texts), mark


def label(component: Component, image: np.ndarray) -> np.ndarray:
    """The part of a render of a pyramid's net that names it: the box around its colour's
    name and letter (the rest of a net is the same silhouette in every colour, which would
    drown the difference of its label in the measure)."""
    from pnp.model import Text

    boxes = [e.box for e in component.front if isinstance(e, Text) and "{" in e.text]
    x0, y0 = min(b.x for b in boxes), min(b.y for b in boxes)
    x1, y1 = max(b.x + b.w for b in boxes), max(b.y + b.h for b in boxes)
    s = DPI / 72
    return image[round(y0 * s) : round(y1 * s), round(x0 * s) : round(x1 * s)]


def _flat(items):
    for op in items:
        if isinstance(op, ops.Group):
            yield from _flat(op.ops)
        else:
            yield op


def test_the_spies_map_powers_differ_in_grey(tmp_path):
    """The powers' territories (the key's swatches: tint, hatch and initial) differ in grey."""
    from pnp.draw import map_symbols as sym
    from pnp.draw.map_sheet import HATCH_TINT, POWER_TINT, hatch_ops, hatches

    kit = load_game(REPO / "templates" / "spies")
    pattern = hatches(kit.map)
    assert set(pattern) == {"Germany", "Italy", "Russia", "France", "Britain"}
    renders = {}
    for power, colour in kit.map.owners:
        if power == "neutral":
            continue
        ring = ((0.0, 0.0), (60.0, 0.0), (60.0, 40.0), (0.0, 40.0), (0.0, 0.0))
        items: list[ops.Op] = [ops.Rect(0, 0, 60, 40, 0.0, None, sym.tint(colour, POWER_TINT), 0)]
        items += hatch_ops((ring,), pattern[power], sym.tint(colour, HATCH_TINT))
        items += sym.city_symbol("police city", 30, 20, colour, power[0])
        renders[power] = grey(tuple(items), 60, 40, tmp_path)
    close = [
        (a, b)
        for a, b in itertools.combinations(renders, 2)
        if difference(renders[a], renders[b]) <= THRESHOLD
    ]
    assert not close
