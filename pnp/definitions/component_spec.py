"""One component of a definition: kind, size, data table or count, front and back."""

from __future__ import annotations

from dataclasses import replace

from pnp.definitions.element_spec import parse_face
from pnp.definitions.format_keys import COMPONENT_KEYS, COMPONENT_REQUIRED
from pnp.definitions.scope import Scope
from pnp.definitions.values import BAD, failed, join, type_name
from pnp.definitions.yaml_lines import Y, did_you_mean
from pnp.imposition import PAPERS, Settings, fits_every_paper, printable_areas
from pnp.model import KINDS, ROLES, STOCKS, Component, Face, Source
from pnp.units import mm, to_mm

MARGIN_MM = 6.0
OVERLAP = Component.overlap
MAX_OVERLAP_MM = 50.0
MAX_BLEED_MM = 10.0
MAX_COUNT = 1000  # copies of one face: more is a typo, and would keep a build busy for ever
# Bounds (docs/pnp-format.md, "Limits"): past them a definition is a typo, and would keep the
# loader or a build busy for ever (a 0.01mm piece: every slot of a page laid out while loading)
MIN_SIDE_MM = 5.0  # a piece's width and height: smaller cannot be cut or picked up
MAX_BOARD_MM = 2000.0  # a split board's width and height
MAX_BOARD_PARTS = 36  # pages a split board is printed on, on A4 and on Letter
MAX_ROWS = 1000  # data rows (distinct faces) of a component
MAX_PIECES = 2000  # pieces of a component: its count, or the sum of its rows' counts


def parse_component(scope: Scope, game: str, name: str, node: Y, path: str) -> Component:
    """The component defined by `node` (BAD, problems recorded, when it is malformed)."""
    ctx = scope.ctx
    if not ctx.keys(node, path, COMPONENT_KEYS, COMPONENT_REQUIRED):
        return BAD
    m = node.value
    kind = ctx.choice(m["kind"], join(path, "kind"), KINDS, "kind") if "kind" in m else BAD
    title = ctx.text(m["title"], join(path, "title")) if "title" in m else name
    corner = ctx.length(m["corner"], join(path, "corner")) if "corner" in m else 0.0
    bleed = ctx.length(m["bleed"], join(path, "bleed")) if "bleed" in m else None
    if bleed is not BAD and bleed is not None and bleed > mm(MAX_BLEED_MM):
        what = f"{to_mm(bleed):.4g}mm is too large"
        bleed = ctx.err(m["bleed"].line, join(path, "bleed"), what, f"at most {MAX_BLEED_MM:g}mm")
    stock = ctx.choice(m["stock"], join(path, "stock"), STOCKS, "stock") if "stock" in m else ""
    role = ctx.choice(m["role"], join(path, "role"), ROLES, "role") if "role" in m else "piece"
    new_page = ctx.boolean(m["new_page"], join(path, "new_page")) if "new_page" in m else False
    die_cut = ctx.boolean(m["die_cut"], join(path, "die_cut")) if "die_cut" in m else None
    choice = ctx.text(m["choice"], join(path, "choice")) if "choice" in m else ""
    sheets_by = ctx.text(m["sheets_by"], join(path, "sheets_by")) if "sheets_by" in m else ""
    split = ctx.boolean(m["split"], join(path, "split")) if "split" in m else False
    overlap = ctx.length(m["overlap"], join(path, "overlap")) if "overlap" in m else OVERLAP
    if overlap is not BAD and overlap > mm(MAX_OVERLAP_MM):
        what = f"{to_mm(overlap):.4g}mm is too large"
        overlap = ctx.err(m["overlap"].line, join(path, "overlap"), what, "at most 50mm")
    size = read_size(scope, m["size"], join(path, "size"), mm(MIN_SIDE_MM)) if "size" in m else BAD
    faces = _faces(scope, m, path)
    columns = sorted({k for face in faces for k in face.data}) if not failed(faces) else []
    if sheets_by and not failed(sheets_by, faces) and sheets_by not in columns:
        known = ", ".join(columns) or "none: it has no rows"
        sheets_by = ctx.err(
            m["sheets_by"].line,
            join(path, "sheets_by"),
            f"no column {sheets_by!r}",
            f"one of its columns: {known}",
        )
    if size is not BAD and split is True and not failed(overlap):
        problem = _board_problem(size, overlap)
        if problem:
            size = ctx.err(m["size"].line, join(path, "size"), *problem)
    if size is not BAD and split is not BAD and not split and not fits_every_paper(*size):
        areas = printable_areas()
        most = f"{to_mm(min(a[0] for a in areas)):.1f}mm x {to_mm(min(a[1] for a in areas)):.1f}mm"
        what = (
            f"{to_mm(size[0]):.4g}mm x {to_mm(size[1]):.4g}mm is larger than the printable area"
            f" of A4 and Letter (at most {most}, upright or turned, inside {MARGIN_MM:g}mm"
            " margins)"
        )
        ctx.err(
            m["size"].line, join(path, "size"), what, "a smaller size, or split: true for a board"
        )
    if "front" not in m:
        return BAD
    if size is BAD:  # still check the faces, but not against a size
        scope = replace(scope, width=1000.0, height=1000.0, geometry=False)
    else:
        scope = replace(scope, width=size[0], height=size[1])
    front = parse_face(scope, m["front"], join(path, "front"))
    back = parse_face(scope, m["back"], join(path, "back")) if "back" in m else None
    parts = (kind, title, corner, bleed, split, overlap, size, faces, front, back, stock, role)
    if failed(*parts, new_page, die_cut, choice, sheets_by):
        return BAD
    return Component(
        game=game,
        name=name,
        kind=kind,
        width=size[0],
        height=size[1],
        faces=faces,
        front=front,
        back=back,
        title=title,
        corner=corner,
        bleed=bleed,
        split=split,
        source=Source(ctx.file, node.key_line, path),
        overlap=overlap,
        stock=stock,
        role=role,
        new_page=new_page,
        die_cut=die_cut,
        choice=choice,
        sheets_by=sheets_by,
    )


def read_size(scope: Scope, node: Y, path: str, least: float = 0.0) -> tuple[float, float]:
    """[width, height], two lengths above 0, and at least `least` (points) when given."""
    ctx = scope.ctx
    if not isinstance(node.value, list) or len(node.value) != 2:
        what = f"expected [width, height] such as [63mm, 88mm], got {type_name(node.value)}"
        return ctx.err(node.line, path, what)
    w = ctx.length(node.value[0], join(path, 0))
    h = ctx.length(node.value[1], join(path, 1))
    for value, index in ((w, 0), (h, 1)):
        if value is not BAD and value <= 0:
            ctx.err(node.value[index].line, join(path, index), "must be more than 0mm")
            return BAD
        if value is not BAD and value < least:
            what = f"{to_mm(value):.4g}mm is too small"
            ctx.err(node.value[index].line, join(path, index), what, f"at least {to_mm(least):g}mm")
            return BAD
    return BAD if BAD in (w, h) else (w, h)


def _board_problem(size: tuple[float, float], overlap: float) -> tuple[str, str] | None:
    """Why a split board of `size` is too large to print (what, expected), or None."""
    from pnp.imposition.paper import Paper
    from pnp.imposition.tiles import board_tiles

    w, h = size
    if max(w, h) > mm(MAX_BOARD_MM):
        what = f"{to_mm(w):.4g}mm x {to_mm(h):.4g}mm is too large for a board"
        return what, f"at most {MAX_BOARD_MM:g}mm each way"
    papers = [Paper.of(Settings(paper=name)) for name in PAPERS]
    parts = max(len(board_tiles(w, h, paper, overlap)) for paper in papers)
    if parts > MAX_BOARD_PARTS:
        what = f"{to_mm(w):.4g}mm x {to_mm(h):.4g}mm takes {parts} pages to print"
        return what, f"at most {MAX_BOARD_PARTS} pages on A4 and on Letter"
    return None


def _faces(scope: Scope, m: dict[str, Y], path: str) -> tuple[Face, ...]:
    """The faces from `rows` (setting scope.columns and scope.rows) or from `count`."""
    ctx = scope.ctx
    if "rows" in m and "count" in m:
        what = "give either count or rows, not both"
        where = join(path, "count")
        return ctx.err(m["count"].key_line, where, what, "expected a count column in the rows")
    columns = _columns(scope, m, path)
    if failed(columns):
        return BAD
    if "rows" not in m:
        if columns:
            ctx.err(m["columns"].line, join(path, "columns"), "columns without rows")
        count = ctx.integer(m["count"], join(path, "count"), 1, MAX_COUNT) if "count" in m else 1
        return BAD if failed(count) else (Face({}, count),)
    items = ctx.items(m["rows"], join(path, "rows"))
    if items is None:
        return BAD
    if not items:
        return ctx.err(m["rows"].line, join(path, "rows"), "no rows", "expected one row per face")
    if len(items) > MAX_ROWS:
        what = f"{len(items)} rows are too many"
        return ctx.err(m["rows"].line, join(path, "rows"), what, f"at most {MAX_ROWS}")
    if not columns:  # the first row's fields name the columns
        first = items[0].value if isinstance(items[0].value, dict) else {}
        columns = tuple(k for k in first if k != "count")
    scope.columns = columns
    faces = [_row(scope, row, join(path, "rows", i), columns) for i, row in enumerate(items)]
    good = [(i, face) for i, face in enumerate(faces) if face is not BAD]
    scope.rows = [face.data for _, face in good]
    scope.row_nodes = [(i, items[i]) for i, _ in good]
    scope.rows_path = join(path, "rows")
    if BAD in faces:
        return BAD
    pieces = sum(face.count for face in faces)
    if pieces > MAX_PIECES:
        what = f"the rows' counts add up to {pieces} pieces, too many"
        return ctx.err(m["rows"].line, join(path, "rows"), what, f"at most {MAX_PIECES}")
    return tuple(faces)


def _columns(scope: Scope, m: dict[str, Y], path: str) -> tuple[str, ...]:
    if "columns" not in m:
        return ()
    ctx = scope.ctx
    items = ctx.items(m["columns"], join(path, "columns"))
    if items is None:
        return BAD
    names: list[str] = []
    for i, item in enumerate(items):
        name = item.value
        where = join(path, "columns", i)
        if not isinstance(name, str) or not name.isidentifier() or name == "count":
            expected = "expected a name of letters, digits and _, not count"
            return ctx.err(item.line, where, f"{type_name(name)} is not a column name", expected)
        if name in names:
            return ctx.err(item.line, where, f"column '{name}' is listed twice")
        names.append(name)
    return tuple(names)


def _row(scope: Scope, node: Y, path: str, columns: tuple[str, ...]) -> Face:
    ctx = scope.ctx
    if not isinstance(node.value, dict):
        return ctx.err(node.line, path, f"expected a row mapping, got {type_name(node.value)}")
    ok = True
    data: dict[str, str] = {}
    count = 1
    meant: set[str] = set()  # columns an unknown field was probably meant to be
    for key, value in node.value.items():
        where = join(path, key)
        if key == "count":
            count = ctx.integer(value, where, 1, MAX_COUNT)
            ok = ok and count is not BAD
        elif key not in columns:
            hint = did_you_mean(key, columns)
            ctx.err(value.key_line, where, "unknown field", hint)
            meant.update(c for c in columns if hint == f"did you mean '{c}'?")
            ok = False
        elif isinstance(value.value, (dict, list)):
            ctx.err(value.line, where, f"expected a text or a number, got {type_name(value.value)}")
            ok = False
        else:
            data[key] = "" if value.value is None else value.raw
    for column in columns:
        if column not in node.value and column not in meant:
            ctx.err(node.line, path, f"missing column '{column}'")
            ok = False
    return Face(data, count) if ok else BAD
