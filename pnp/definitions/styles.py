"""Text styles: named styles with `extends`, inline styles and per-element overrides, merged
into `model.Style`. Pure."""

from __future__ import annotations

from dataclasses import dataclass, field, fields, replace
from typing import Any

from pnp.definitions.format_keys import ALIGNS, FONTS, STYLE_FIELDS, STYLE_KEYS, VALIGNS
from pnp.definitions.values import BAD, Ctx, failed, join, mapping_or_name, read_extends
from pnp.definitions.yaml_lines import Y
from pnp.model import Style


@dataclass(frozen=True)
class StyleSpec:
    """Some style fields (already checked) and the style they extend."""

    values: dict[str, Any] = field(default_factory=dict)
    extends: str | None = None
    line: int = 0


def read_fields(ctx: Ctx, node: Y, path: str) -> dict[str, Any]:
    """The style fields present in mapping `node` (other keys are left to the caller)."""
    out: dict[str, Any] = {}
    for key, value in node.value.items():
        if key not in STYLE_FIELDS:
            continue
        where = join(path, key)
        if key == "font":
            parsed = ctx.choice(value, where, FONTS, "font")
        elif key in ("size", "min_size"):
            parsed = ctx.length(value, where)
            if parsed is not BAD and parsed <= 0:
                parsed = ctx.err(value.line, where, "must be more than 0pt")
        elif key == "color":
            parsed = ctx.colour(value, where, allow_none=False)
        elif key == "align":
            parsed = ctx.choice(value, where, ALIGNS)
        elif key == "valign":
            parsed = ctx.choice(value, where, VALIGNS)
        elif key == "leading":
            parsed = ctx.number(value, where)
            if parsed is not BAD and parsed <= 0:
                parsed = ctx.err(value.line, where, "must be more than 0", "such as 1.2")
        else:
            parsed = ctx.boolean(value, where)
        if parsed is not BAD:
            out[key] = parsed
    return out


def parse_style(ctx: Ctx, node: Y, path: str) -> StyleSpec:
    """A StyleSpec from a style name or a mapping; BAD (problem recorded) when malformed."""
    if not mapping_or_name(ctx, node, path, "a style name or a mapping of style fields"):
        return StyleSpec(extends=node.value, line=node.line) if isinstance(node.value, str) else BAD
    ctx.keys(node, path, STYLE_KEYS)
    reference = read_extends(ctx, node, path, "style")
    extends, line = (None, node.line) if failed(reference) else reference
    return StyleSpec(read_fields(ctx, node, path), extends, line)


def layers(spec: StyleSpec, named: dict[str, StyleSpec]) -> list[dict[str, Any]]:
    """The fields of `spec` and of the styles it extends, the furthest ancestor first."""
    base = layers(named[spec.extends], named) if spec.extends else []
    return [*base, spec.values]


def build_style(stack: list[dict[str, Any]]) -> Style | str:
    """A Style from layers of fields (later layers win), or why they conflict.

    min_size defaults to the smaller of 5pt and the size; a size set in a later layer than
    the min_size (an element's `size: 8pt` over a style's `min_size: 9pt`) lowers min_size."""
    values: dict[str, Any] = {}
    last: dict[str, int] = {}
    for depth, layer in enumerate(stack):
        values.update(layer)
        last.update(dict.fromkeys(layer, depth))
    known = {f.name for f in fields(Style)}
    style = Style(**{k: v for k, v in values.items() if k in known})
    if style.min_size > style.size:
        if "min_size" in last and last["min_size"] >= last.get("size", -1):
            return f"min_size {style.min_size:g}pt is larger than size {style.size:g}pt"
        style = replace(style, min_size=style.size)
    return style
