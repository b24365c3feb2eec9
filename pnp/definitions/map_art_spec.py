"""The `map` element: YAML -> model.MapArt, and the step that gives each map element the game's
map (the `map:` section) and the seams of its board once the whole game is read.

    - {map: map-land.json, box: full, title: "SPIES!", cartouche: BOX, legend: BOX}

`map` names the land file (coasts and territories, tools/map/land.py) beside the YAML file."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from pnp.definitions.scope import Scope
from pnp.definitions.values import BAD, failed, join
from pnp.definitions.yaml_lines import Y
from pnp.model import Component, MapArt


def land_problem(path: Any, shown: str) -> str | None:
    """Why the land file at `path` (written `shown`) cannot be drawn, or None."""
    from pnp.draw.map_land import read_land

    try:
        read_land(str(path))
    except FileNotFoundError:
        return f"land file {shown} not found (expected beside the YAML file)"
    except (OSError, ValueError) as error:  # unreadable, not UTF-8, not JSON, a NUL in the name
        return f"land file {shown} cannot be read ({type(error).__name__})"
    except (KeyError, TypeError, IndexError, AttributeError):
        return f"land file {shown} is not a land file (expected the output of tools/map/land.py)"
    return None


def parse_map(scope: Scope, m: dict[str, Y], path: str) -> MapArt:
    ctx = scope.ctx
    where = join(path, "map")
    name = ctx.text(m["map"], where)
    box = scope.box(m.get("box"), join(path, "box"))
    title = ctx.text(m["title"], join(path, "title")) if "title" in m else ""
    cartouche = scope.box(m["cartouche"], join(path, "cartouche")) if "cartouche" in m else None
    legend = scope.box(m["legend"], join(path, "legend")) if "legend" in m else None
    if not failed(name):
        problem = land_problem(scope.folder / name, name)
        if problem:
            name = ctx.err(m["map"].line, where, problem)
    if failed(name, box, title, cartouche, legend):
        return BAD
    return MapArt(str(scope.folder / name), box, title, cartouche, legend)


BLEEDS = (None, 0.0, 1.0, 2.0, 3.0)  # mm: the builds a board's seams are computed for


def board_seams(component: Component) -> tuple[tuple[float, bool], ...]:
    """The lines where the parts of a split board meet, on every paper and with each of BLEEDS
    (the default, and --bleed up to 3 mm): both edges of each glue band (x for vertical lines, y
    for horizontal), sorted. A board whose parts are the same for all of them has 4 lines per
    band and no more."""
    if not component.split:
        return ()
    from pnp.imposition.paper import PAPERS, Paper
    from pnp.imposition.tiles import board_layout
    from pnp.settings import Settings
    from pnp.units import mm

    seams: set[tuple[float, bool]] = set()
    for name in PAPERS:
        for bleed in BLEEDS:
            setting = None if bleed is None else mm(bleed)
            paper = Paper.of(Settings(paper=name, bleed=setting)).cut_for(component)
            for tile in board_layout(component, paper)[1]:
                r = tile.region
                if tile.col < tile.cols - 1:
                    seams.add((round(r.x + r.w - component.overlap, 3), True))
                    seams.add((round(r.x + r.w, 3), True))
                if tile.row < tile.rows - 1:
                    seams.add((round(r.y + r.h - component.overlap, 3), False))
                    seams.add((round(r.y + r.h, 3), False))
    return tuple(sorted(seams))


def has_map(component: Component) -> bool:
    return any(isinstance(el, MapArt) for el in (*component.front, *(component.back or ())))


def with_map(component: Component, game_map: Any) -> Component:
    """`component` with the game's map and its board's seams in each of its map elements."""
    seams = board_seams(component)

    def fill(elements: tuple[Any, ...]) -> tuple[Any, ...]:
        return tuple(
            replace(el, seams=seams, game_map=game_map) if isinstance(el, MapArt) else el
            for el in elements
        )

    back = None if component.back is None else fill(component.back)
    return replace(component, front=fill(component.front), back=back)


def attach_maps(components: list[Component], game_map: Any, trees: list[Any]) -> list[Component]:
    """The components, each map element given the game's map and its board's seams; a map
    element in a game without a `map:` section is reported at its component (one whose `map:`
    section has problems is left out: they are reported where they are)."""
    written = any(
        tree is not None and isinstance(tree.value, dict) and "map" in tree.value
        for _, _, tree in trees
    )
    out = []
    for component in components:
        if not has_map(component):
            out.append(component)
        elif game_map is None and written:
            continue  # the map: section has problems, reported where they are
        elif game_map is None:
            source = component.source
            ctx = next(ctx for _, ctx, _ in trees if ctx.file == source.file)
            what = "draws a map, but no file of the game has a map: section"
            ctx.err(
                source.line,
                source.path,
                what,
                "expected map: with the cities (docs/pnp-format.md, Maps)",
            )
        else:
            out.append(with_map(component, game_map))
    return out
