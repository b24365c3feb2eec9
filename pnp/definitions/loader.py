"""YAML definitions -> the component model (pnp.model), checking everything on the way.

Every problem in a game's files is collected and raised at once as one InputError, a line each:
`templates/sample/cards.yaml:14: components.cards.rows[3].strenght: unknown field (did you mean
'strength'?)`. The format is described in docs/pnp-format.md.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Generic, TypeVar

from deaddrop.errors import InputError
from pnp.definitions.boxes import BoxSpec, parse_box
from pnp.definitions.component_spec import parse_component, read_size
from pnp.definitions.element_spec import parse_face
from pnp.definitions.format_keys import CHOICE_KEYS, FILE_KEYS, GAME_KEYS, ICON_KEYS
from pnp.definitions.map_art_spec import attach_maps
from pnp.definitions.map_spec import read_maps
from pnp.definitions.scope import Scope
from pnp.definitions.styles import StyleSpec, build_style, layers, parse_style
from pnp.definitions.values import Ctx, chain_problem, failed, join
from pnp.definitions.yaml_lines import Problems, Y, did_you_mean, display_path, load_yaml
from pnp.game_folders import game_names
from pnp.model import Choice, Component, GameKit, Icon, Style


def load_kits(templates: Path, names: list[str] | None = None) -> list[GameKit]:
    """The named games (all when `names` is empty or None), every problem raised at once."""
    templates = Path(templates)
    known = game_names(templates)
    if not known and not templates.is_dir():
        raise InputError(f"{display_path(templates)}: templates folder not found")
    wanted = list(dict.fromkeys(names)) if names else known
    unknown = [name for name in wanted if name not in known]
    if unknown:
        listed = ", ".join(known) if known else "none"
        raise InputError("\n".join(f"unknown game '{n}' (known: {listed})" for n in unknown))
    kits: list[GameKit] = []
    errors: list[str] = []
    for name in wanted:
        try:
            kits.append(load_game(templates / name))
        except InputError as error:
            errors.append(error.message)
    if errors:
        raise InputError("\n".join(errors))
    return kits


Spec = TypeVar("Spec", BoxSpec, StyleSpec)
Trees = list[tuple[Path, Ctx, Y | None]]  # each file of a game: path, where problems go, tree


@dataclass
class _Named(Generic[Spec]):
    """The named boxes, or the named styles, of a game, gathered from all its files."""

    key: str  # boxes | styles: where a file defines them
    noun: str  # box | style
    parse: Callable[[Ctx, Y, str], Spec]
    empty: Callable[[], Spec]  # stands in for one that cannot be read
    specs: dict[str, Spec] = field(default_factory=dict)
    broken: set[str] = field(default_factory=set)  # reported where defined
    where: dict[str, tuple[Ctx, int, str]] = field(default_factory=dict)

    def read(self, ctx: Ctx, tree: Y) -> None:
        """The ones `tree` defines; one defined twice in the game is reported."""
        if self.key not in tree.value:
            return
        node = tree.value[self.key]
        if not isinstance(node.value, dict):
            ctx.err(node.line, self.key, f"expected a mapping of names to {self.key}")
            return
        for name, spec_node in node.value.items():
            where = join(self.key, name)
            if name in self.where:
                first = self.where[name]
                ctx.err(spec_node.key_line, where, f"already defined at {first[0].file}:{first[1]}")
                continue
            spec = self.parse(ctx, spec_node, where)  # a plain name is a spec that extends it
            self.where[name] = (ctx, spec_node.key_line, where)
            if failed(spec):
                self.broken.add(name)
                spec = self.empty()
            self.specs[name] = spec

    def check_chains(self) -> None:
        """Report unknown and circular `extends` once each, at the one that holds it."""
        reported: set[frozenset[str]] = set()
        for name, spec in self.specs.items():
            problem = chain_problem(name, self.specs, self.noun)
            if problem is None:
                continue
            self.broken.add(name)
            ctx, line, where = self.where[name]
            parent = spec.extends
            if parent is not None and parent not in self.specs:
                ctx.err(
                    spec.line or line,
                    join(where, "extends"),
                    problem.split(" (")[0],
                    did_you_mean(parent, self.specs, self.noun),
                )
            elif problem.startswith(f"circular extends: {name} ->"):
                cycle = frozenset(problem.removeprefix("circular extends: ").split(" -> "))
                if cycle not in reported:
                    reported.add(cycle)
                    ctx.err(spec.line or line, join(where, "extends"), problem)


@dataclass
class _Meta:
    """What game.yaml says of the game itself."""

    title: str
    notes: str = ""
    edition: list[Choice] = field(default_factory=list)
    players: str = ""
    time: str = ""
    cover: tuple[str, int, Any] | None = None  # the cover's piece: (name, line, ctx)
    order: list[tuple[str, int, int]] | None = None  # (name, line, index) of each listed name


def load_game(folder: Path) -> GameKit:
    """The game in `folder` (a game.yaml and other *.yaml files), checked in full."""
    folder = Path(folder)
    problems = Problems()
    files = sorted(folder.glob("*.yaml"))
    shown = [display_path(path) for path in files]
    if not (folder / "game.yaml").is_file():
        raise InputError(f"{display_path(folder)}: no game.yaml in the folder")
    trees: Trees = [
        (path, Ctx(name, problems), load_yaml(path, name, problems))
        for path, name in zip(files, shown, strict=True)
    ]
    for stray in sorted(folder.glob("*.yml")):
        problems.add(display_path(stray), None, "", "not read", "expected the extension .yaml")
    boxes = _Named("boxes", "box", parse_box, BoxSpec)
    styles = _Named("styles", "style", parse_style, StyleSpec)
    meta = _Meta(folder.name)
    for path, ctx, tree in trees:
        is_game = path.name == "game.yaml"
        if tree is None:
            if is_game and not any(ctx.file == f for f, _, _ in problems.items):
                ctx.err(1, "", "the file is empty", "expected game: " + folder.name)
            continue
        if not ctx.keys(
            tree, "", GAME_KEYS if is_game else FILE_KEYS, ("game",) if is_game else ()
        ):
            continue
        if is_game:
            _read_meta(ctx, tree, folder.name, meta)
        boxes.read(ctx, tree)
        styles.read(ctx, tree)
    boxes.check_chains()
    styles.check_chains()
    icons: dict[str, Icon] = {}
    broken_icons: set[str] = set()
    icon_where: dict[str, str] = {}
    for path, ctx, tree in trees:
        if tree is None or not isinstance(tree.value, dict) or "icons" not in tree.value:
            continue
        scope = Scope(ctx, 0.0, 0.0, path.parent, boxes.specs, styles.specs, in_icon=True)
        scope.broken_boxes, scope.broken_styles = boxes.broken, styles.broken
        _read_icons(scope, tree.value["icons"], icons, broken_icons, icon_where)
    components: list[Component] = []
    seen: dict[str, str] = {}
    dropped: list[tuple[Ctx, int, str]] = []
    for path, ctx, tree in trees:
        if tree is None or not isinstance(tree.value, dict) or "components" not in tree.value:
            continue
        node = tree.value["components"]
        if not isinstance(node.value, dict):
            ctx.err(node.line, "components", "expected a mapping of component names to components")
            continue
        for name, spec in node.value.items():
            where = join("components", name)
            if name in seen:
                ctx.err(
                    spec.key_line, where, f"component '{name}' is already defined in {seen[name]}"
                )
                continue
            seen[name] = ctx.file
            scope = Scope(ctx, 0.0, 0.0, path.parent, boxes.specs, styles.specs)
            scope.broken_boxes, scope.broken_styles = boxes.broken, styles.broken
            scope.icons, scope.broken_icons = icons, broken_icons
            component = parse_component(scope, folder.name, name, spec, where)
            if not failed(component):
                components.append(component)
            else:
                dropped.append((ctx, spec.key_line, where))
    _game_bounds(components, trees)
    game_map = read_maps(trees)
    components = attach_maps(components, game_map, trees)
    if dropped and not problems:  # never drop a component without saying why
        for ctx, line, where in dropped:
            ctx.err(line, where, "cannot be read (a loader bug: please report it)")
    ordered = _ordered(components, meta, trees, seen)
    if meta.cover is not None:
        name, line, ctx = meta.cover
        pieces = [c.name for c in components if c.role == "piece"]
        if name not in pieces:
            ctx.err(
                line,
                "cover_piece",
                f"'{name}' is not a piece of the game",
                did_you_mean(name, pieces),
            )
    if problems:
        raise InputError(problems.text(shown))
    return GameKit(
        name=folder.name,
        title=meta.title,
        components=tuple(ordered),
        folder=folder,
        notes=meta.notes,
        map=game_map,
        edition=tuple(meta.edition),
        players=meta.players,
        time=meta.time,
        title_style=_title_style(styles),
        cover=meta.cover[0] if meta.cover else "",
    )


MAX_COMPONENTS = 200  # components of a game (docs/pnp-format.md, "Limits")
MAX_GAME_PIECES = 5000  # pieces of a game, all its components together


def _game_bounds(components: list[Component], trees: Trees) -> None:
    """Report a game of more components or pieces than the bounds, at the first component past
    them."""
    pieces = 0
    for index, component in enumerate(components):
        pieces += component.copies
        what = ""
        if index + 1 > MAX_COMPONENTS:
            what, expected = f"more than {MAX_COMPONENTS} components", f"at most {MAX_COMPONENTS}"
        elif pieces > MAX_GAME_PIECES:
            what = f"the game's pieces add up to more than {MAX_GAME_PIECES}"
            expected = f"at most {MAX_GAME_PIECES} in a game"
        if what:
            source = component.source
            ctx = next(ctx for _, ctx, _ in trees if ctx.file == source.file)
            ctx.err(source.line, source.path, what, expected)
            return


def _read_icons(
    scope: Scope,
    node: Y,
    icons: dict[str, Icon],
    broken: set[str],
    where_defined: dict[str, str],
) -> None:
    """The icons `node` defines: name -> {size: [w, h], elements: [...]}, each element drawn in
    the icon's own w x h frame."""
    ctx = scope.ctx
    if not isinstance(node.value, dict):
        ctx.err(node.line, "icons", "expected a mapping of names to icons")
        return
    for name, spec in node.value.items():
        where = join("icons", name)
        if name in where_defined:
            ctx.err(spec.key_line, where, f"already defined at {where_defined[name]}")
            continue
        where_defined[name] = f"{ctx.file}:{spec.key_line}"
        broken.add(name)  # until it is read in full
        required = ("size", "elements")
        if not ctx.keys(spec, where, ICON_KEYS, required) or any(
            key not in spec.value for key in required
        ):
            continue  # keys() reported what is missing
        size = read_size(scope, spec.value["size"], join(where, "size"))
        if failed(size):
            continue
        inner = replace(scope, width=size[0], height=size[1])
        elements = parse_face(inner, spec.value["elements"], join(where, "elements"))
        if failed(elements):
            continue
        icons[name] = Icon(name, size[0], size[1], elements)
        broken.discard(name)


def _read_meta(ctx: Ctx, tree: Y, game: str, meta: _Meta) -> None:
    m = tree.value
    if "game" in m:
        name = m["game"]
        if name.value != game:
            ctx.err(name.line, "game", f"'{name.value}' is not the folder name", f"expected {game}")
    if "title" in m:
        title = ctx.text(m["title"], "title")
        meta.title = meta.title if failed(title) else title
    if "notes" in m:
        notes = ctx.text(m["notes"], "notes")
        meta.notes = meta.notes if failed(notes) else notes
    if "edition" in m:
        meta.edition = _read_edition(ctx, m["edition"])
    if "players" in m:
        meta.players = _read_players(ctx, m["players"])
    if "time" in m:
        meta.time = _read_time(ctx, m["time"])
    if "cover_piece" in m:
        name = ctx.text(m["cover_piece"], "cover_piece")
        meta.cover = None if failed(name) else (name, m["cover_piece"].line, ctx)
    if "order" in m:
        items = ctx.items(m["order"], "order")
        if items is not None:
            names = [ctx.text(item, join("order", i)) for i, item in enumerate(items)]
            meta.order = [
                (n, item.line, i)
                for i, (n, item) in enumerate(zip(names, items, strict=True))
                if not failed(n)
            ]


PLAYERS = re.compile(r"([1-9][0-9]?)(?:-([1-9][0-9]?))?")
TIME = re.compile(r"([1-9][0-9]{0,2})(?:-([1-9][0-9]{0,2}))? (minutes|hours|minute|hour)")


def _range(
    ctx: Ctx, node: Y, path: str, pattern: re.Pattern[str], expected: tuple[str, str]
) -> str:
    """`node` as a text matching `pattern` (a number, or a range low-high, low below high);
    "" (problem recorded) otherwise."""
    text = ctx.text(node, path)
    if failed(text):
        return ""
    found = pattern.fullmatch(text.strip())
    # a unit (found[3], a time's) is singular exactly after a lone 1: "1 hour", "2 hours"
    singular = found is not None and found.lastindex == 3 and not found[3].endswith("s")
    if (
        found is None
        or (found[2] is not None and int(found[2]) <= int(found[1]))
        or (found.lastindex == 3 and singular != (found[1] == "1" and found[2] is None))
    ):
        ctx.err(node.line, path, f"'{text}' is not {expected[0]}", f"expected {expected[1]}")
        return ""
    return text.strip()


def _read_players(ctx: Ctx, node: Y) -> str:
    """game.yaml's `players`: how many play, 2 or 2-5 (printed on the cover)."""
    return _range(ctx, node, "players", PLAYERS, ("a number of players", "such as 2 or 2-5"))


def _read_time(ctx: Ctx, node: Y) -> str:
    """game.yaml's `time`: how long a game lasts, "60 minutes" or "3-4 hours"."""
    words = ("a playing time", "such as 60 minutes, 1 hour or 3-4 hours")
    return _range(ctx, node, "time", TIME, words)


def _title_style(styles: _Named) -> Style | None:
    """The game's `title` style in full, if it names one that is well formed."""
    spec = styles.specs.get("title")
    if spec is None or "title" in styles.broken:
        return None
    style = build_style(layers(spec, styles.specs))
    return style if isinstance(style, Style) else None


def _read_edition(ctx: Ctx, node: Y) -> list[Choice]:
    """game.yaml's `edition`: a list of {choice, why}, each two texts (the edition page)."""
    out: list[Choice] = []
    for i, item in enumerate(ctx.items(node, "edition") or []):
        where = join("edition", i)
        if not ctx.keys(item, where, CHOICE_KEYS, ("choice", "why")):
            continue
        if not all(key in item.value for key in ("choice", "why")):
            continue  # keys() reported what is missing
        choice = ctx.text(item.value["choice"], join(where, "choice"))
        why = ctx.text(item.value["why"], join(where, "why"))
        if not failed(choice) and not failed(why):
            out.append(Choice(" ".join(choice.split()), " ".join(why.split())))
    return out


def _ordered(
    components: list[Component], meta: _Meta, trees: Trees, seen: dict[str, str]
) -> list[Component]:
    order = meta.order
    if not order:
        return components
    game_ctx = next(ctx for path, ctx, _ in trees if path.name == "game.yaml")
    by_name = {c.name: c for c in components}
    out: list[Component] = []
    for name, line, index in order:
        if name not in seen:
            game_ctx.err(
                line, join("order", index), f"unknown component '{name}'", did_you_mean(name, seen)
            )
        elif name in by_name and by_name[name] not in out:
            out.append(by_name[name])
    return out + [c for c in components if c not in out]
