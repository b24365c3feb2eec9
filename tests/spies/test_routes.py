"""The movement graph of 3.6 (assistant/games/spies/routes.py): steps by rail, air and sea, paths
checked, shortest paths; properties over random maps (hypothesis)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from map_fixture import ROUTES, Routes, SeaZone
from spies_table import quote

from assistant.games.spies import routes

GRAPH = routes.build(ROUTES)


def test_each_route_of_3_6_is_a_step():
    quote("Move a spy *to sea* from a port to a ship symbol in the same sea zone")
    assert GRAPH.route("Berlin", "Hamburg") == routes.RAIL
    assert GRAPH.route("Dublin", "London") == routes.AIR
    assert GRAPH.route("Hamburg", "North Sea") == routes.TO_SEA
    assert GRAPH.route("North Sea", "Baltic Sea") == routes.BY_SEA
    assert GRAPH.route("North Sea", "London") == routes.FROM_SEA
    assert GRAPH.route("Berlin", "London") is None  # no line joins them
    assert GRAPH.route("Berlin", "North Sea") is None  # Berlin is no port
    assert GRAPH.route("Baltic Sea", "Atlantic") is None  # the zones do not adjoin


def test_a_path_follows_routes_and_never_ends_at_sea():
    quote("A spy cannot end its movement at sea.")
    assert routes.check(GRAPH, "Berlin", ["Hamburg", "North Sea", "London"]) is None
    assert routes.check(GRAPH, "Berlin", ["Hamburg", "North Sea"]) == (
        "the path ends at sea (North Sea): a spy cannot end its movement at sea"
    )
    assert routes.check(GRAPH, "Berlin", ["London"]) == (
        "no rail, air or sea route from Berlin to London (space 1)"
    )
    assert routes.check(GRAPH, "Berlin", ["Atlantis"]) == "Atlantis is not on the map"
    assert routes.check(GRAPH, "Berlin", []) == "the path enters no space"


def test_each_city_or_sea_zone_entered_is_a_space():
    quote("each city or sea zone entered counts as a space moved")
    path = routes.shortest(GRAPH, "Berlin", "London")
    assert path == ["Hamburg", "North Sea", "London"]
    assert routes.distance(GRAPH, "Berlin", "London") == 3
    assert routes.distance(GRAPH, "Stettin", "Liverpool") == 4  # by sea: Baltic, North, Atlantic
    assert routes.shortest(GRAPH, "Stettin", "Liverpool") == [
        "Baltic Sea",
        "North Sea",
        "Atlantic",  # by sea all the way: Atlantic before London in name order
        "Liverpool",
    ]
    assert routes.shortest(GRAPH, "Paris", "Paris") == []
    assert routes.shortest(GRAPH, "Paris", "Cairo") is None  # Cairo is on no route here
    assert routes.described(GRAPH, "Berlin", path) == (
        "Berlin -rail- Hamburg -to sea- North Sea -from sea- London"
    )


# -- properties over random maps ----------------------------------------------------------------

CITIES = [f"C{n}" for n in range(9)]
ZONES = [f"Z{n}" for n in range(4)]
PAIRS = st.tuples(st.sampled_from(CITIES), st.sampled_from(CITIES))


@st.composite
def maps(draw: st.DrawFn) -> Routes:
    rail = tuple(draw(st.lists(PAIRS, max_size=12)))
    air = tuple(draw(st.lists(PAIRS, max_size=4)))
    zones = {}
    for zone in ZONES[: draw(st.integers(0, len(ZONES)))]:
        adjacent = tuple(draw(st.lists(st.sampled_from(ZONES), max_size=2)))
        ports = tuple(draw(st.lists(st.sampled_from(CITIES), max_size=3)))
        zones[zone] = SeaZone(zone, adjacent, ports)
    return Routes(rail=rail, air=air, sea_zones=zones)


def walks(graph: routes.Graph, start: str, choices: list[int]) -> list[str]:
    path, here = [], start
    for choice in choices:
        near = graph.neighbours(here)
        if not near:
            break
        here = near[choice % len(near)]
        path.append(here)
    return path


@settings(max_examples=150, deadline=None)
@given(maps(), st.sampled_from(CITIES), st.lists(st.integers(0, 50), max_size=8))
def test_a_walk_along_routes_is_a_path_and_no_shorter_than_the_shortest(routes_, start, choices):
    graph = routes.build(routes_, CITIES)
    walk = walks(graph, start, choices)
    while walk and graph.is_sea(walk[-1]):
        walk.pop()
    if not walk:
        return
    assert routes.check(graph, start, walk) is None
    far = routes.distance(graph, start, walk[-1])
    assert far is not None and far <= len(walk)


@settings(max_examples=150, deadline=None)
@given(maps(), st.sampled_from(CITIES), st.sampled_from(CITIES), st.sampled_from(CITIES))
def test_the_shortest_path_is_a_path_symmetric_and_no_detour(routes_, one, two, three):
    graph = routes.build(routes_, CITIES)
    path = routes.shortest(graph, one, two)
    back = routes.shortest(graph, two, one)
    assert (path is None) == (back is None)
    if path is None or back is None:
        return
    assert len(path) == len(back)
    if path:
        assert routes.check(graph, one, path) is None  # follows routes, ends in a city
        assert path[-1] == two
        assert len(set(path)) == len(path)  # a shortest path enters no space twice
    via = [routes.distance(graph, one, three), routes.distance(graph, three, two)]
    if None not in via:
        assert len(path) <= sum(d for d in via if d is not None)  # the triangle inequality


@settings(max_examples=100, deadline=None)
@given(maps(), st.sampled_from(CITIES), st.lists(st.sampled_from(CITIES + ZONES), max_size=6))
def test_a_path_is_accepted_exactly_when_each_step_is_a_route(routes_, start, path):
    graph = routes.build(routes_, CITIES)
    here, steps_ok = start, bool(path)
    for there in path:
        steps_ok = steps_ok and graph.route(here, there) is not None
        here = there
    ok = steps_ok and not graph.is_sea(path[-1])
    assert (routes.check(graph, start, path) is None) == ok
