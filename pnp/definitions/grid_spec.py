"""Grid and track elements: YAML -> model, with the checks of their cells (large enough to draw,
labels that fit, with the very geometry pnp.draw.shapes draws them with)."""

from __future__ import annotations

from typing import Any

from pnp.definitions.boxes import mm_text
from pnp.definitions.format_keys import DIRECTIONS, FIDUCIALS, LABELS
from pnp.definitions.scope import Scope
from pnp.definitions.values import BAD, join
from pnp.definitions.yaml_lines import Y
from pnp.draw.shapes import track_cells, track_step
from pnp.draw.textfit import fit_text
from pnp.fiducials import MAX_SIDE
from pnp.model import Grid, Track, fill_fields
from pnp.units import mm

MIN_CELL = mm(1.0)  # the smallest grid cell or track box that can be drawn and seen
MAX_CELLS = 1000  # a grid's rows and columns, a track's boxes (docs/pnp-format.md, "Limits")
MAX_NUMBER = 1_000_000  # a track's from and to, either way


def parse_grid(scope: Scope, m: dict[str, Y], path: str) -> Grid:
    ctx = scope.ctx
    if "rows" not in m or "cols" not in m:
        return BAD
    parts = dict(
        box=scope.box(m["grid"], join(path, "grid")),
        rows=ctx.integer(m["rows"], join(path, "rows"), 1, MAX_CELLS),
        cols=ctx.integer(m["cols"], join(path, "cols"), 1, MAX_CELLS),
        row_labels=ctx.choice(m["row_labels"], join(path, "row_labels"), LABELS)
        if "row_labels" in m
        else "none",
        col_labels=ctx.choice(m["col_labels"], join(path, "col_labels"), LABELS)
        if "col_labels" in m
        else "none",
        stroke=scope.colour(m, "stroke", path, "#000000", False),
        width=scope.length(m, "width", path, 0.5),
        label_style=scope.style(m, "label_style", path, overrides=False),
        fill=scope.colour(m, "fill", path, None, True),
        fiducials=ctx.choice(m["fiducials"], join(path, "fiducials"), FIDUCIALS)
        if "fiducials" in m
        else "none",
    )
    if BAD in parts.values():
        return BAD
    grid = Grid(**parts)
    if grid.fiducials != "none" and max(grid.rows, grid.cols) > MAX_SIDE:
        what = f"fiducials on {grid.rows} x {grid.cols} cells cannot code the field size"
        line = m["fiducials"].line
        return ctx.err(line, join(path, "fiducials"), what, f"at most {MAX_SIDE} a side")
    cell_w, cell_h = grid.box.w / grid.cols, grid.box.h / grid.rows
    if scope.geometry and min(cell_w, cell_h) < MIN_CELL:
        what = (
            f"{grid.rows} x {grid.cols} cells of {mm_text(cell_w)} x {mm_text(cell_h)}"
            " are too small to draw"
        )
        return ctx.err(m["grid"].line, join(path, "grid"), what, "cells of at least 1mm")
    return grid


def parse_track(scope: Scope, m: dict[str, Y], path: str) -> Track:
    ctx = scope.ctx
    if "from" not in m or "to" not in m:
        return BAD
    start = ctx.integer(m["from"], join(path, "from"), -MAX_NUMBER, MAX_NUMBER)
    stop = ctx.integer(m["to"], join(path, "to"), -MAX_NUMBER, MAX_NUMBER)
    if start is not BAD and stop is not BAD and stop < start:
        stop = ctx.err(m["to"].line, join(path, "to"), f"to {stop} is before from {start}")
    elif start is not BAD and stop is not BAD and stop - start + 1 > MAX_CELLS:
        what = f"{stop - start + 1} boxes ({start} to {stop}) are too many"
        stop = ctx.err(m["to"].line, join(path, "to"), what, f"at most {MAX_CELLS}")
    labels: Any = None
    if "labels" in m:
        items = ctx.items(m["labels"], join(path, "labels"))
        labels = BAD
        if items is not None:
            texts = [ctx.text(item, join(path, "labels", i)) for i, item in enumerate(items)]
            for i, (text, item) in enumerate(zip(texts, items, strict=True)):
                if text is not BAD and not scope.fields_ok(
                    text, item.line, join(path, "labels", i)
                ):
                    texts[i] = BAD
            labels = BAD if BAD in texts else tuple(texts)
            if labels is not BAD and start is not BAD and stop is not BAD:
                if len(labels) != stop - start + 1:
                    what = f"{len(labels)} labels for {stop - start + 1} boxes ({start} to {stop})"
                    labels = ctx.err(m["labels"].line, join(path, "labels"), what)
    parts = dict(
        box=scope.box(m["track"], join(path, "track")),
        start=start,
        stop=stop,
        direction=ctx.choice(m["direction"], join(path, "direction"), DIRECTIONS)
        if "direction" in m
        else "horizontal",
        labels=labels,
        stroke=scope.colour(m, "stroke", path, "#000000", False),
        width=scope.length(m, "width", path, 0.5),
        fill=scope.colour(m, "fill", path, None, True),
        style=scope.style(m, "style", path, overrides=False),
        gap=scope.length(m, "gap", path, 0.0),
        rotate=scope.rotate(m, path),
    )
    if BAD in parts.values():
        return BAD
    track = Track(**parts)
    for i, label in enumerate(track.labels or ()):
        for suffix, row in scope.each_row(label):
            item = m["labels"].value[i]
            scope.glyphs_ok(
                fill_fields(label, row), track.style, item.line, join(path, "labels", i), suffix
            )
    boxes_in_track = track.stop - track.start + 1
    span = track.box.w if track.direction == "horizontal" else track.box.h
    step = track_step(track)  # before track_cells: a huge `to` is refused, not laid out
    if scope.geometry and step < MIN_CELL:
        if track.gap * (boxes_in_track - 1) >= span:
            what = f"a gap of {mm_text(track.gap)} leaves no room for {boxes_in_track} boxes"
            return ctx.err(m["gap"].line, join(path, "gap"), what, "a smaller gap or fewer boxes")
        what = f"{boxes_in_track} boxes of {mm_text(step)} are too small to draw"
        return ctx.err(m["to"].line, join(path, "to"), what, "boxes of at least 1mm")
    if scope.geometry and not _labels_fit(scope, track, m, path):
        return BAD
    return track


def _labels_fit(scope: Scope, track: Track, m: dict[str, Y], path: str) -> bool:
    """Whether every label of a track fits its box at the style's min_size (problems recorded;
    of the numbers drawn when no labels are given, only the first that does not fit)."""
    ok = True
    for i, (_, inner, label) in enumerate(track_cells(track)):
        # a label turned a quarter is fitted to its box on its side, as text_lines draws it
        w, h = (inner.h, inner.w) if track.rotate % 180 == 90 else (inner.w, inner.h)
        if track.labels:
            node, where = m["labels"].value[i], join(path, "labels", i)
        else:
            node, where = m["to"], join(path, "to")
        for suffix, row in scope.each_row(label):
            filled = fill_fields(label, row)
            if fit_text(filled, w, h, track.style) is None:
                size = f"{mm_text(w)} x {mm_text(h)}"
                what = f"the label '{filled}' does not fit its box ({size})"
                what += f" even at {track.style.min_size:g}pt{suffix}"
                ok = scope.ctx.err(node.line, where, what, "bigger boxes or a smaller min_size")
                if not track.labels:
                    return False
    return ok
