"""What an element of a face is checked against (its component's size, data rows and folder, the
game's named boxes and styles), and the checks every kind of element shares: boxes, styles,
colours, lengths, `{field}`s, quarter turns, glyphs."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pnp.definitions.boxes import BoxSpec, fit_problem, parse_box, resolve
from pnp.definitions.styles import StyleSpec, build_style, layers, parse_style, read_fields
from pnp.definitions.values import BAD, COLOUR, Ctx, failed, fields_in, join
from pnp.definitions.yaml_lines import Y, did_you_mean
from pnp.draw.textfit import face_name, missing_glyphs
from pnp.model import Box, Icon, Style, fill_fields

QUARTER_TURNS = (0.0, 90.0, 180.0, 270.0)  # text and track-label turns: upright or on a side


@dataclass
class Scope:
    """What an element is checked against: its component and the game's named boxes/styles.

    Every check records its problems in `ctx` and returns BAD (or False) when it finds one."""

    ctx: Ctx
    width: float
    height: float
    folder: Path
    boxes: dict[str, BoxSpec]
    styles: dict[str, StyleSpec]
    columns: tuple[str, ...] = ()
    rows: list[dict[str, str]] = field(default_factory=list)
    # where each of `rows` is written: its index in the component's rows: and its node
    row_nodes: list[tuple[int, Y]] = field(default_factory=list)
    rows_path: str = ""  # components.<name>.rows
    broken_boxes: set[str] = field(default_factory=set)  # already reported where defined
    broken_styles: set[str] = field(default_factory=set)
    geometry: bool = True  # False when the component's size is unusable: skip fit checks
    icons: dict[str, Icon] = field(default_factory=dict)  # the game's icons
    broken_icons: set[str] = field(default_factory=set)  # reported where defined
    in_icon: bool = False  # reading an icon's own elements (an icon holds no icon)

    def inside(self, x: float, y: float) -> bool:
        """Whether the point lies in the component (on its edge included)."""
        tol = 0.01
        return -tol <= x <= self.width + tol and -tol <= y <= self.height + tol

    def each_row(self, template: str) -> list[tuple[str, dict[str, str]]]:
        """(" in rows[i]", data) for each data row when `template` has fields, else ("", {})."""
        if not fields_in(template):
            return [("", {})]
        return [(f" in rows[{self._index(k)}]", row) for k, row in enumerate(self.rows)]

    def _index(self, k: int) -> int:
        """The index in the component's `rows:` of the k-th of `rows`."""
        return self.row_nodes[k][0] if k < len(self.row_nodes) else k

    def row_place(self, k: int, template: str) -> tuple[int, str] | None:
        """Where the k-th data row writes what `template` takes from it: the line and key path
        of its value (of the row, when the template takes several), or None when unknown."""
        if k >= len(self.row_nodes) or not self.rows_path:
            return None
        index, node = self.row_nodes[k]
        where = join(self.rows_path, index)
        names = list(dict.fromkeys(fields_in(template) or ()))
        if len(names) == 1 and isinstance(node.value, dict) and names[0] in node.value:
            return node.value[names[0]].line, join(where, names[0])
        return node.line, where

    def box(self, node: Y | None, path: str) -> Box:
        """A resolved box (the whole component when `node` is None)."""
        if node is None:
            return Box(0.0, 0.0, self.width, self.height)
        spec = parse_box(self.ctx, node, path)
        if failed(spec):
            return BAD
        if spec.extends is not None and not self._known(
            spec.extends, self.boxes, self.broken_boxes, node, path, "box"
        ):
            return BAD
        box = resolve(spec, self.boxes, self.width, self.height)
        problem = fit_problem(box, self.width, self.height) if self.geometry else None
        return self.ctx.err(node.line, path, problem) if problem else box

    def _known(
        self,
        name: str,
        named: Mapping[str, object],
        broken: set[str],
        node: Y,
        path: str,
        noun: str,
    ) -> bool:
        """Whether the box or style `name` can be used: False when it is broken (reported where
        it is defined) or unknown (reported here, at `path` or at its `extends`)."""
        if name in broken:
            return False
        if name in named:
            return True
        where = path if isinstance(node.value, str) else join(path, "extends")
        self.ctx.err(node.line, where, f"unknown {noun} '{name}'", did_you_mean(name, named, noun))
        return False

    def style(self, m: dict[str, Y], key: str, path: str, overrides: bool) -> Style:
        """The style named or given at `key` (with the element's own style fields on top when
        `overrides`)."""
        stack: list[dict[str, Any]] = []
        if key in m:
            spec = parse_style(self.ctx, m[key], join(path, key))
            if failed(spec):
                return BAD
            if spec.extends is not None and not self._known(
                spec.extends, self.styles, self.broken_styles, m[key], join(path, key), "style"
            ):
                return BAD
            stack = layers(spec, self.styles)
        if overrides:
            stack.append(read_fields(self.ctx, Y(m, 0), path))
        style = build_style(stack)
        if isinstance(style, str):
            line = (m.get("min_size") or m.get("size") or m.get(key) or next(iter(m.values()))).line
            return self.ctx.err(line, path, style)
        if "{" in style.color:  # from the data row: check it for each row here
            own = overrides and "color" in m
            node = m["color"] if own else m.get(key) or next(iter(m.values()))
            where = join(path, "color") if own else join(path, key)
            if not self.colour_rows(style.color, node.line, where, none=False):
                return BAD
        return style

    def fields_ok(self, text: str, line: int, path: str) -> bool:
        """Whether every `{field}` of `text` is a data column."""
        names = fields_in(text)
        if names is None:
            what = "malformed {field}"
            expected = "expected {name} with a data column; {{ for a brace"
            return self.ctx.err(line, path, what, expected)
        ok = True
        for name in names:
            if name not in self.columns:
                if self.columns:
                    hint = did_you_mean(name, self.columns)
                else:
                    hint = "this component has no data table"
                self.ctx.err(line, path, f"{{{name}}} is not a data column", hint)
                ok = False
        return ok

    def colour(self, m: dict[str, Y], key: str, path: str, default: Any, none: bool) -> Any:
        """The colour at `key` (`default` when not given); `none` allows "none"."""
        if key not in m:
            return default
        where = join(path, key)
        value = self.ctx.colour(m[key], where, allow_none=none)
        if isinstance(value, str) and "{" in value:
            self.colour_rows(value, m[key].line, where, none)
        return value

    def colour_rows(self, value: str, line: int, path: str, none: bool) -> bool:
        """Whether a colour with `{field}`s names data columns and gives a colour in every row
        (problems recorded)."""
        if not self.fields_ok(value, line, path):
            return False
        ok = True
        expected = 'expected "#rrggbb"' + (" or none" if none else "")
        for k, (suffix, row) in enumerate(self.each_row(value)):
            filled = fill_fields(value, row)
            if not (COLOUR.match(filled) or (none and filled == "none")):
                place = self.row_place(k, value)
                if place is None:
                    ok = self.ctx.err(line, path, f"'{filled}' is not a colour{suffix}", expected)
                    continue
                # the row's value is wrong: name the row's line, and what takes its colour
                owner = self.rows_path.removesuffix(".rows")
                user = path.removeprefix(owner + ".") if owner else path
                what = f"'{filled}' is not a colour for {user}"
                ok = self.ctx.err(place[0], place[1], what, expected)
        return ok

    def length(self, m: dict[str, Y], key: str, path: str, default: float) -> Any:
        """The length at `key`, `default` when not given."""
        return self.ctx.length(m[key], join(path, key)) if key in m else default

    def rotate(self, m: dict[str, Y], path: str) -> Any:
        """`rotate` of a text or a track: a quarter turn in degrees, 0 when not given."""
        if "rotate" not in m:
            return 0.0
        rotate = self.ctx.number(m["rotate"], join(path, "rotate"))
        if rotate is not BAD and rotate not in QUARTER_TURNS:
            rotate = self.ctx.err(
                m["rotate"].line,
                join(path, "rotate"),
                f"{m['rotate'].raw} is not a quarter turn",
                "expected 0, 90, 180 or 270 degrees",
            )
        return rotate

    def glyphs_ok(self, text: str, style: Style, line: int, path: str, suffix: str) -> bool:
        """False (problem recorded) when the font cannot draw some character of `text`."""
        missing = missing_glyphs(text, style.font, style.bold, style.italic)
        if missing:
            what = f"the font {face_name(style.font, style.bold, style.italic)} has no glyph for "
            what += ", ".join(f"'{c}' (U+{ord(c):04X})" for c in missing) + suffix
            self.ctx.err(line, path, what, "expected Latin-1 and accented Latin letters")
        return not missing
