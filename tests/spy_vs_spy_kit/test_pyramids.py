"""The pyramids the kit prints, against the rules' set-up and play (rules_excerpt.txt): every piece
in the right colour and size, in both forms (flat and fold-up); the nets fold, by their own
polygons, into pyramids of the stated sizes that nest; the colours read in grey."""

from __future__ import annotations

import math
import re
from collections import Counter
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from svs_kit import DOC, FOLDER, bag_excluded, components, cops, equipment, figure, row, rules_text

from pnp.definitions import load_game
from pnp.geometry import outline_distance
from pnp.model import Line, Polygon
from pnp.pyramid_net import FOLD_CLEAR, Pyramid, fan_net, fold_line, folded, nests, net_yaml
from pnp.units import to_mm

FLAT = ("flat_pyramids_large", "flat_pyramids_medium", "flat_pyramids_small")
NETS = ("pyramid_nets_large", "pyramid_nets_medium", "pyramid_nets_small")
WALL = 0.6  # mm: two layers of 0.3 mm card (a face and the glue tab under it)


def pips_of(name: str) -> int:
    (pips,) = re.findall(r"(\d)-pip", components()[name]["title"])
    return int(pips)


def printed(names: tuple[str, ...]) -> Counter:
    """(colour, pips) -> how many pieces the components print."""
    out: Counter = Counter()
    for name in names:
        for r in components()[name]["rows"]:
            out[(r["colour"].lower(), pips_of(name))] += int(r["count"])
    return out


def wanted() -> Counter:
    """(colour, pips) -> how many pieces the rules' set-up and play use, read from the rules."""
    text = rules_text()
    out: Counter = Counter()
    # the two bags: every colour but the excluded ones, one trio (so one 1-pip and one 2-pip)
    # of each colour per stash; the colours left are the Special Equipment's
    trios = figure(r"Trios per color: \| (\d+)")
    assert "Place all 2-pip pieces from all colors except Blue, Purple, Red & Clear" in text
    for colour in {e.colour for e in equipment()} - set(bag_excluded()):
        out[(colour, 1)] += trios
        out[(colour, 2)] += trios
    # the Thingamajig: one tree of red pieces, one each of 1, 2 and 3 pips
    (red,) = re.findall(r"Set aside one tree of (\w+) pieces \(one each of 1, 2, and 3-pip\)", text)
    for pips in (1, 2, 3):
        out[(red.lower(), pips)] += 1
    # the helipad
    (pad,) = re.findall(r"place a (\w+) 3-pip piece just above the middle square", text)
    out[(pad.lower(), 3)] += 1
    # the special rooms' markers
    rooms = re.findall(r"\ban? ((?:Light )?[A-Z]\w+) 3-pip piece (?:in|from) the", text)
    assert [r.lower() for r in rooms] == ["light blue", "green", "yellow"]
    for colour in rooms:
        out[(colour.lower(), 3)] += 1
    # the spies
    (first,) = re.findall(r"Place the (\w+) 3-pip piece off the board", text)
    (second,) = re.findall(r"and the 3-pip (\w+) piece at the other end", text)
    out[(first.lower(), 3)] += 1
    out[(second.lower(), 3)] += 1
    # the life counters
    lives = re.findall(r"takes (\w+) (\w+) 3-pip pieces and places them in front of his", text)
    assert len(lives) == figure(r"Players: \| (\d+)")
    for how_many, colour in lives:
        out[(colour.lower(), 3)] += {"three": 3}[how_many]
    # the cops: the blue 1-, 2- and 3-pip
    for cop in cops():
        out[("blue", cop.pips)] += 1
    return out


def test_the_rules_use_54_pyramids_of_ten_colours():
    want = wanted()
    assert sum(want.values()) == 18 + 18 + 3 + 1 + 3 + 3 + 6 + 2 == 54
    assert len({colour for colour, _ in want}) == figure(r"Number of colors: \| (\d+)") == 10
    trios = figure(r"Trios per color: \| (\d+)")
    for colour in {c for c, _ in want}:  # no colour needs more than its stashes hold
        assert all(want[(colour, pips)] <= trios for pips in (1, 2, 3)), colour


@pytest.mark.parametrize("form", [FLAT, NETS], ids=["flat", "fold-up"])
def test_every_pyramid_of_set_up_and_play_is_printed_in_its_colour_and_size(form):
    assert printed(form) == wanted()


def test_the_pieces_say_what_they_are_for():
    kit = components()
    large = {r["colour"].lower(): r["use"] for r in kit["flat_pyramids_large"]["rows"]}
    assert large["black"] == large["white"] == "Spy"
    assert large["orange"] == large["purple"] == "Life"
    assert large["clear"] == "Helipad"
    assert [large["light blue"], large["green"], large["yellow"]] == [
        "Defensive room", "First aid room", "Offensive room"
    ]  # fmt: skip
    # the blue pieces carry the cops' names as the cop cards print them, one place for each fact
    names = {int(r["pips"]): r["cop"] for r in kit["cop_cards"]["rows"]}
    for form in (FLAT,):
        for name in form:
            (blue,) = [r for r in kit[name]["rows"] if r["colour"] == "Blue"]
            assert blue["use"] == names[pips_of(name)]
    for r in kit["cop_cards"]["rows"]:
        assert r["piece"] == f"blue {r['pips']}-pip piece"
    # the nets and the flat pieces are the same pieces
    for flat, net in zip(FLAT, NETS, strict=True):
        assert kit[flat]["rows"] == kit[net]["rows"]


def test_the_bags_follow_the_stashes_and_the_equipment_tokens():
    """Each 1-pip in the bag comes with its token: as many bag pieces of a colour as tokens."""
    tokens = {
        r["colour"].lower(): int(r["count"]) for r in components()["equipment_tokens"]["rows"]
    }
    for pips in (1, 2):
        for (colour, size), n in printed(FLAT).items():
            if size == pips and colour in tokens:
                assert n == tokens[colour], (colour, pips)


# ---- sizes: the flat pieces cover what the rules hide under them --------------------------------


def _mm(value: str) -> float:
    assert value.endswith("mm"), value
    return float(value[:-2])


def test_flat_pieces_stack_and_hide_a_number_token():
    sides = [_mm(components()[name]["size"][0]) for name in FLAT]
    assert all(_mm(components()[name]["size"][1]) == s for name, s in zip(FLAT, sides, strict=True))
    large, medium, small = sides
    assert large > medium > small  # the spy's 1-pip under his 2-pip under his 3-pip
    token = _mm(components()["number_tokens"]["size"][0])
    assert large >= token + 2  # a 3-pip hides a number token, 1 mm spare on each side
    # the track's boxes hold a health marker
    marker = _mm(components()["health_markers"]["size"][0])
    assert marker < 180 / 9 - 1.5


# ---- the nets: fold them up from their own polygons ---------------------------------------------


def stated(name: str) -> tuple[str, str]:
    """The base and height docs/spy-vs-spy.md states for a net (its "What the kit holds" row),
    which the title's base must match."""
    line = next(li for li in DOC.read_text(encoding="utf-8").splitlines() if f"| `{name}` |" in li)
    base, height = re.search(r"base ([\d.]+) mm, ([\d.]+) mm tall", line).groups()
    assert f"{base} mm base" in components()[name]["title"]
    return base, height


@cache
def nets() -> dict[str, tuple[tuple, list, list]]:
    """Each net component: (the stated base and height in mm, its face polygons in mm, its
    other elements), from the loaded templates."""
    kit = {c.name: c for c in load_game(FOLDER).components}
    out = {}
    for name in NETS:
        component = kit[name]
        base, height = stated(name)
        faces = [
            tuple((to_mm(x), to_mm(y)) for x, y in e.points)
            for e in component.front
            if isinstance(e, Polygon) and e.fill == "{fill}"
        ]
        out[name] = ((float(base), float(height)), faces, list(component.front))
    return out


@pytest.mark.parametrize("name", NETS)
def test_a_net_folds_into_the_stated_pyramid(name):
    (base, height), faces, _ = nets()[name]
    pyramid = folded(faces)
    assert abs(pyramid.base - base) <= 0.5
    assert abs(pyramid.height - height) <= 0.5


def test_the_stated_sizes_are_the_published_looney_pyramids():
    inch = 25.4
    published = {3: (1, 1.75), 2: (25 / 32, 1.375), 1: (9 / 16, 1)}  # base, height in inches
    for name in NETS:
        (base, height), _, _ = nets()[name]
        b, h = published[pips_of(name)]
        assert abs(b * inch - base) < 0.01 and abs(h * inch - height) < 0.01


def test_a_folded_3_pip_covers_a_2_pip_over_a_1_pip():
    large, medium, small = (folded(nets()[name][1]) for name in NETS)
    assert nests(large, medium, WALL) and nests(medium, small, WALL)
    assert nests(large, small, WALL)
    assert not nests(medium, large, WALL) and not nests(small, medium, WALL)


def test_nests_is_geometry():
    """The check itself: a pyramid fits under a taller, wider one of the same slope, not under a
    flatter one, and not when the walls leave it no room."""
    big = Pyramid(30, 50)
    assert nests(big, Pyramid(20, 30), 0.5)
    assert nests(big, Pyramid(20, 45), 0.5)  # steeper, its apex still clear of the walls
    assert not nests(big, Pyramid(20, 49), 0.5)  # its apex pokes through the big one's walls
    assert not nests(Pyramid(30, 20), Pyramid(20, 19.8), 0.5)  # the same near a flat roof
    assert not nests(big, Pyramid(29.5, 10), 0.5)  # the foot touches the walls


def test_folded_refuses_what_is_no_pyramid():
    net = fan_net(20, 35)
    assert folded(net.faces) == pytest.approx(Pyramid(20, 35))
    with pytest.raises(ValueError, match="4 faces"):
        folded(net.faces[:3])
    skewed = list(net.faces)
    apex, a, b = skewed[2]
    skewed[2] = (apex, a, (b[0] + 2, b[1]))
    with pytest.raises(ValueError):
        folded(skewed)
    apart = list(net.faces)
    apex, a, b = apart[3]
    apart[3] = ((apex[0] + 5, apex[1]), (a[0] + 5, a[1]), (b[0] + 5, b[1]))
    with pytest.raises(ValueError, match="apex"):
        folded(apart)


@pytest.mark.parametrize("name", NETS)
def test_folds_are_dashed_and_the_cut_is_solid(name):
    _, faces, elements = nets()[name]
    lines = [e for e in elements if isinstance(e, Line)]
    outlines = [e for e in elements if isinstance(e, Polygon) and e.fill is None]
    assert len(outlines) == 1 and outlines[0].stroke == "#000000"  # the one cut line
    assert outlines[0].cut  # the piece is cut along it (the print checks measure against it)
    assert all(line.dash for line in lines) and len(lines) == 4  # 3 between faces, 1 at the tab
    cut = tuple((to_mm(x), to_mm(y)) for x, y in outlines[0].points)
    folds = [tuple((to_mm(x), to_mm(y)) for x, y in line.points) for line in lines]

    def on(points, p):
        return any(abs(p[0] - q[0]) < 0.01 and abs(p[1] - q[1]) < 0.01 for q in points)

    def along(fold, a, b):
        """The fold lies on the edge a-b and runs most of it, stopping short of the cut."""
        edge = ((a[0], a[1]), (b[0], b[1]), (a[0], a[1]))  # a degenerate polygon: the segment
        return all(outline_distance(edge, *p) < 0.01 for p in fold) and math.dist(
            *fold
        ) >= 0.7 * math.dist(a, b)

    apex = faces[0][0]
    for (_, _, corner), nxt in zip(faces, faces[1:], strict=False):  # shared edges are folds
        assert nxt[1] == corner
        assert any(along(fold, apex, corner) for fold in folds)
    for fold in folds:  # printed fold lines stop short of the cut, as a cut a little off shows
        assert min(outline_distance(cut, *p) for p in fold) >= FOLD_CLEAR - 0.01
    for _, a, b in faces:  # every base edge is cut: both its corners on the outline
        assert on(cut, a) and on(cut, b)


# ---- colour: by fill and by name, readable in grey ----------------------------------------------


def _luminance(colour: str) -> float:
    def channel(v: int) -> float:
        c = v / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


def _grey(colour: str) -> float:
    r, g, b = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    return 0.299 * r + 0.587 * g + 0.114 * b


def test_every_piece_prints_its_colour_name_readably_in_colour_and_in_grey():
    seen = {}
    for name in FLAT + NETS:
        spec = components()[name]
        texts = [e["text"] for e in spec["front"] if "text" in e]
        assert "{colour}" in texts  # the name is printed, not only the fill
        for r in spec["rows"]:
            light, dark = sorted((_luminance(r["fill"]), _luminance(r["ink"])), reverse=True)
            assert (light + 0.05) / (dark + 0.05) >= 4.5, (name, r["colour"])
            assert abs(_grey(r["fill"]) - _grey(r["ink"])) >= 90, (name, r["colour"])
            seen.setdefault(r["colour"], r["fill"])
    assert len(seen) == len(set(seen.values())) == 10  # ten colours, ten fills, ten names


def test_the_screens_print_the_player_aids_figures():
    """The screens' turn costs are the player aid's row (anchors do not cross files)."""
    aid = row("player_aid")
    texts = [e["text"] for e in components()["player_screens"]["front"] if "text" in e]
    assert f"YOUR TURN: {aid['action_points']} ACTION POINTS" in texts
    costs = {
        "Move to the next room on the floor": "move",
        "... carrying all 3 Thingamajig pieces": "move_loaded",
        "Ride an elevator one floor": "lift",
        "Search the room": "search",
        "Change equipment": "change",
        "Use a special room": "room",
    }
    for words, key in costs.items():
        assert texts[texts.index(words) + 1] == str(aid[key]), words
    for e in equipment():  # every colour's weapon and trap, by name
        assert e.weapon in texts and e.trap in texts


def test_the_health_track_runs_from_the_health_to_zero():
    aid = row("player_aid")
    spec = components()["health_tracks"]
    (track,) = [e for e in spec["front"] if "track" in e]
    assert (track["from"], track["to"]) == (0, aid["health"])
    assert [r["lives"] for r in spec["rows"]] == [aid["lives"]] * 2
    colours = [r["lives_colour"] for r in spec["rows"]]
    lives = re.findall(r"takes three (\w+) 3-pip pieces", rules_text())
    assert sorted(colours) == sorted(c.lower() for c in lives)


@pytest.mark.parametrize("name", NETS)
def test_the_nets_are_what_pnp_pyramid_net_makes_of_the_stated_sizes(name):
    """The templates hold the generator's output for the stated base and height: regenerated
    with `python -m pnp.pyramid_net BASE HEIGHT PIPS`, nothing drawn by hand."""
    import yaml

    (base, height), _, _ = nets()[name]
    made = net_yaml(base, height, pips_of(name))
    size = re.search(r"# size: \[(\S+), (\S+)\]", made).groups()
    assert list(size) == components()[name]["size"]
    assert yaml.safe_load(made) == components()[name]["front"]


def test_the_generator_refuses_bad_sizes_in_one_line(capsys):
    from pnp.pyramid_net import main

    assert main(["25.4", "44.45", "3"]) == 0
    assert capsys.readouterr().out.startswith("# size: [83.21mm, 48.23mm]")
    for bad in (["25.4"], ["25.4", "x", "3"], ["25.4", "44.45", "4"], ["-1", "44.45", "3"]):
        assert main(bad) == 2
        err = capsys.readouterr().err
        assert err.startswith("usage: python -m pnp.pyramid_net") and err.count("\n") == 1


@settings(max_examples=60, deadline=None)
@given(
    base=st.floats(5, 80),
    ratio=st.floats(0.3, 4),
    tab=st.floats(1, 8),
    shrink=st.floats(0.3, 0.95),
)
def test_any_fan_net_folds_back_into_its_pyramid(base, ratio, tab, shrink):
    """fan_net and folded are inverse for every size; a net lies in its box; a smaller copy of
    a pyramid (the same slope) nests under it when the walls leave room, and never the reverse."""
    height = base * ratio
    net = fan_net(base, height, tab)
    pyramid = folded(net.faces)
    assert pyramid.base == pytest.approx(base, abs=1e-6)
    assert pyramid.height == pytest.approx(height, abs=1e-6)
    points = [p for face in net.faces for p in face] + list(net.tab)
    assert all(0 < x < net.width and 0 < y < net.height for x, y in points)
    small = Pyramid(base * shrink, height * shrink)
    assert not nests(small, pyramid, 0.1)
    room = base / 2 * (1 - shrink) - 0.1 * pyramid.slant / height  # at the foot, level
    assert nests(pyramid, small, 0.1) == (room >= -1e-6)


def test_a_fold_line_stops_short_of_the_cut_at_both_ends():
    square = ((0.0, 0.0), (10.0, 0.0), (10.0, 10.0), (0.0, 10.0))
    p, q = fold_line((0.0, 0.0), (10.0, 10.0), square, 2.0)  # on the diagonal, (t, t) is t away
    assert p == pytest.approx((2.0, 2.0), abs=0.02) and q == pytest.approx((8.0, 8.0), abs=0.02)
    p, q = fold_line((5.0, 0.0), (5.0, 10.0), square, 2.0)
    assert p == pytest.approx((5.0, 2.0), abs=0.02) and q == pytest.approx((5.0, 8.0), abs=0.02)
    with pytest.raises(ValueError, match="too short"):
        fold_line((0.0, 0.0), (3.0, 3.0), square, 2.0)
