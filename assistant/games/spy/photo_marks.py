"""The corner marks of pnp.fiducials on a photo (finder patterns: a black square ring around a
black centre): traced as outlines at a few levels of grey, or, where every outline breaks (low
light's noise, a small mark), matched by their rings. Which four of them are a field's corners
is photo_image's to find."""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from assistant.games.spy.photo_cv import cv2

MAX_DARK = 0.3  # a mask darker than this over the photo is skipped (a sheet's photo: under 0.1)


@dataclass(frozen=True)
class Mark:
    centre: tuple[float, float]
    outline: np.ndarray  # the outer contour's points, (n, 2)
    side: float
    traced: bool = True  # its outline traced; else a circle as wide as the rings matched


def mark_masks(norm: np.ndarray) -> list[list[np.ndarray]]:
    """The dark pixels at a few levels of grey (a blurred mark's white ring is grey), in three
    rounds: two plain levels first, which find the marks of most photos quickly; then three
    more; then two local thresholds, slower (many more outlines), for the hard ones."""
    grey = (norm * 255).astype(np.uint8)
    local = []
    for block, c in ((15, 12), (9, 6)):
        local.append(
            cv2.adaptiveThreshold(
                grey, 255, cv2.ADAPTIVE_THRESH_MEAN_C, cv2.THRESH_BINARY_INV, block, c
            )
            > 0
        )
    return [[norm < 0.5, norm < 0.62], [norm < 0.4, norm < 0.72, norm < 0.82], local]


def find_marks(masks: list[np.ndarray], found: list[Mark] | None = None) -> list[Mark]:
    """Finder patterns (a dark outline holding a hole holding a dark centre, nested squares)
    in the masks, added to those `found` already (one of each place)."""
    found = list(found or [])
    for mask in masks:
        if mask.mean() > MAX_DARK:  # grain or texture, no clean white ring: and slow to trace
            continue
        for mark in _marks_at(mask):
            if all(math.dist(mark.centre, m.centre) > 0.3 * m.side for m in found):
                found.append(mark)
    return found


def _marks_at(mask: np.ndarray) -> list[Mark]:
    dark = mask.astype(np.uint8) * 255
    contours, hierarchy = cv2.findContours(dark, cv2.RETR_TREE, cv2.CHAIN_APPROX_SIMPLE)
    if hierarchy is None:
        return []
    h = hierarchy[0]
    found: list[Mark] = []
    for i, outer in enumerate(contours):
        hole = h[i][2]
        if hole < 0 or h[hole][0] >= 0:  # exactly one hole
            continue
        inner = h[hole][2]
        if inner < 0:
            continue
        a_out = cv2.contourArea(outer)
        if a_out < 80:
            continue
        a_hole, a_in = cv2.contourArea(contours[hole]), cv2.contourArea(contours[inner])
        if not (0.3 < a_hole / a_out < 0.8 and 0.07 < a_in / a_out < 0.4):
            continue
        (w, hh) = cv2.minAreaRect(outer)[1]
        if min(w, hh) <= 0 or max(w, hh) / min(w, hh) > 2.5:
            continue
        if a_out / (w * hh) < 0.75:  # a square, not a ring of another shape
            continue
        m_out, m_in = cv2.moments(outer), cv2.moments(contours[inner])
        if m_out["m00"] == 0 or m_in["m00"] == 0:
            continue
        c_out = (m_out["m10"] / m_out["m00"], m_out["m01"] / m_out["m00"])
        c_in = (m_in["m10"] / m_in["m00"], m_in["m01"] / m_in["m00"])
        side = math.sqrt(a_out)
        if math.dist(c_out, c_in) > 0.2 * side:
            continue
        found.append(Mark(c_in, outer.reshape(-1, 2).astype(np.float64), side))
    return found


RING_SIDES = (0.0075, 0.06, 1.2)  # mark sides the rings are looked for at, in photo's long
# sides (a field spans at least MIN_SPAN of it, so a mark at least 0.009 of it): from, to, step
RING_LEAST = 10.0  # pixels: no smaller mark is looked for (its rings are a pixel wide)
RING_SCALED = 20.0  # pixels: a larger mark is looked for on the photo scaled down to this side
RING_SEEN = 0.6  # the correlation with a mark's rings from which a place is taken as a mark
RING_KEEP = 8  # places kept, the best first (each four of them cost a code read or more)


def _rings(side: float) -> np.ndarray:
    """A corner mark's pattern as rings (a dark ring, a white ring, a dark centre, on paper):
    round, so that it matches a mark turned any way; `side` pixels across its dark ring."""
    fine = 8
    n = int(math.ceil(side * 1.6)) | 1
    size = n * fine
    yy, xx = np.mgrid[0:size, 0:size]
    r = np.hypot(xx - size / 2 + 0.5, yy - size / 2 + 0.5) / (side * fine / 7)  # in modules
    img = np.ones((size, size), np.float32)
    img[r <= 3.5] = 0.0
    img[r <= 2.5] = 1.0
    img[r <= 1.5] = 0.0
    return cv2.resize(img, (n, n), interpolation=cv2.INTER_AREA)


def marks_by_rings(norm: np.ndarray) -> list[Mark]:
    """The corner marks found by their whole pattern, where their outlines are broken at every
    level of grey (heavy noise in low light, a small mark, JPEG): the places that correlate
    best with a mark's rings, at the sizes a field's marks can have on the photo (RING_SIDES;
    each looked for on the photo scaled down to RING_SCALED pixels a mark at most), the best
    RING_KEEP of them. Each mark's outline is a circle as wide as the mark (its turn is not
    known)."""
    start, stop, step = RING_SIDES
    seen: list[tuple[float, float, float, float]] = []  # (correlation, x, y, side)
    side = max(RING_LEAST, start * max(norm.shape))
    stop *= max(norm.shape)
    while side < stop:
        scale = 1.0
        while side * scale > RING_SCALED:
            scale /= 2
        img = (
            norm
            if scale == 1.0
            else cv2.resize(norm, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
        )
        pattern = _rings(side * scale)
        if img.shape[0] > pattern.shape[0] and img.shape[1] > pattern.shape[1]:
            fit = cv2.matchTemplate(img.astype(np.float32), pattern, cv2.TM_CCOEFF_NORMED)
            k = max(3, int(side * scale) | 1)
            peaks = (fit >= RING_SEEN) & (fit == cv2.dilate(fit, np.ones((k, k), np.uint8)))
            half = pattern.shape[0] / 2  # the pattern's centre, from its corner (pixel edges)
            for y, x in zip(*np.nonzero(peaks), strict=True):
                at = ((x + half) / scale - 0.5, (y + half) / scale - 0.5)  # pixel centres
                seen.append((float(fit[y, x]), at[0], at[1], side))
        side *= step
    # a mark's dark centre in its white ring is itself a small blob on paper: a place found at
    # the centre of a place found twice its size or more is that mark's centre, not a mark
    seen = [
        s
        for s in seen
        if not any(o[3] >= 1.8 * s[3] and math.dist(s[1:3], o[1:3]) < 0.25 * o[3] for o in seen)
    ]
    kept: list[tuple[float, float, float, float]] = []
    for found in sorted(seen, reverse=True):
        if all(math.dist(found[1:3], k[1:3]) > 0.7 * max(found[3], k[3]) for k in kept):
            kept.append(found)
        if len(kept) == RING_KEEP:
            break
    turn = np.linspace(0, 2 * math.pi, 16, endpoint=False)
    circle = np.stack([np.cos(turn), np.sin(turn)], axis=1) / 2
    return [
        Mark((x, y), circle * side + np.array([x, y]), side, traced=False) for _, x, y, side in kept
    ]
