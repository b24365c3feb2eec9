"""The fields of the YAML definition format, in one place: the loader checks against these
sets, and a test checks that `pnp/definition.schema.json` lists exactly the same fields."""

from __future__ import annotations

GAME_KEYS = frozenset(
    {
        "game",
        "title",
        "players",
        "time",
        "cover_piece",
        "notes",
        "edition",
        "order",
        "styles",
        "boxes",
        "icons",
        "components",
        "map",
    }
)
CHOICE_KEYS = frozenset({"choice", "why"})  # an entry of game.yaml's `edition` list
FILE_KEYS = frozenset({"styles", "boxes", "icons", "components", "map"})  # not game.yaml's own
ICON_KEYS = frozenset({"size", "elements"})

COMPONENT_KEYS = frozenset(
    {
        "kind",
        "title",
        "size",
        "corner",
        "columns",
        "rows",
        "count",
        "front",
        "back",
        "bleed",
        "split",
        "overlap",
        "stock",
        "role",
        "new_page",
        "die_cut",
        "choice",
        "sheets_by",
    }
)
COMPONENT_REQUIRED = ("kind", "size", "front")

STYLE_FIELDS = frozenset(
    {"font", "size", "min_size", "color", "align", "valign", "leading", "bold", "italic"}
)
STYLE_KEYS = STYLE_FIELDS | {"extends"}
BOX_KEYS = frozenset({"extends", "x", "y", "w", "h", "inset"})

ELEMENT_KEYS: dict[str, frozenset[str]] = {
    "text": frozenset({"text", "box", "style", "rotate"}) | STYLE_FIELDS,
    "rect": frozenset({"rect", "radius", "stroke", "fill", "width"}),
    "circle": frozenset({"circle", "stroke", "fill", "width"}),
    "line": frozenset({"line", "stroke", "width", "dash"}),
    "grid": frozenset(
        {
            "grid",
            "rows",
            "cols",
            "row_labels",
            "col_labels",
            "stroke",
            "width",
            "label_style",
            "fill",
            "fiducials",
        }
    ),
    "track": frozenset(
        {
            "track",
            "from",
            "to",
            "direction",
            "labels",
            "stroke",
            "width",
            "fill",
            "style",
            "gap",
            "rotate",
        }
    ),
    "image": frozenset({"image", "box", "fit", "color"}),
    "polygon": frozenset({"polygon", "stroke", "fill", "width", "cut"}),
    "path": frozenset({"path", "box", "viewbox", "stroke", "fill", "width"}),
    "icon": frozenset({"icon", "box"}),
    "map": frozenset({"map", "box", "title", "cartouche", "legend"}),
}
ELEMENT_REQUIRED: dict[str, tuple[str, ...]] = {
    "grid": ("rows", "cols"),
    "track": ("from", "to"),
    "image": ("box",),
    "icon": ("box",),
}

FONTS = ("Vera", "Red Hat Display")  # pnp.draw.textfit.FAMILIES
ALIGNS = ("left", "center", "right")
VALIGNS = ("top", "middle", "bottom")
LABELS = ("none", "numbers", "letters")
FIDUCIALS = ("none", "upper", "lower")
DIRECTIONS = ("horizontal", "vertical")
FITS = ("contain", "stretch")
