"""The Spies! map on the page (docs/serve.md, "The map"): the picture is the printed map's,
served once per game (the same bytes for every seat, gzipped for a phone that accepts it), and
the map widget puts a tappable place on every city of templates/spies/map.yaml."""

from __future__ import annotations

import gzip
from pathlib import Path

from assistant import table as core
from assistant.games.spies.data import default_data
from tests.web.conftest import running


def spies(db: Path) -> None:
    core.new(db, "spies", "s", {"players": 2})
    core.new(db, "tally", "t", {"players": ["ann", "bob"]})


def test_the_map_picture_is_the_same_for_every_seat_and_gzipped_on_request(db):
    spies(db)
    with running(db) as server:
        seats = server.seat("s", None).state()["seats"]
        assert len(seats) == 2
        bodies = []
        for seat in [*seats, None]:
            answer = server.request("GET", f"/api/{server.code('s', seat)}/map.svg")
            assert answer.status == 200
            assert answer.headers["content-type"].startswith("image/svg+xml")
            assert "content-encoding" not in answer.headers
            bodies.append(answer.body)
        assert bodies[0] == bodies[1] == bodies[2]
        svg = bodies[0].decode()
        assert svg.lstrip().startswith("<") and "<svg" in svg and "Berlin" in svg
        code = server.code("s", seats[0])
        packed = server.request(
            "GET", f"/api/{code}/map.svg", headers={"accept-encoding": "gzip, br"}
        )
        assert packed.headers["content-encoding"] == "gzip"
        assert gzip.decompress(packed.body) == bodies[0]
        assert len(packed.body) < len(bodies[0]) / 3


def test_an_unknown_picture_a_game_without_one_and_a_post_get_nothing(db):
    spies(db)
    with running(db) as server:
        seat = server.seat("s", None).state()["seats"][0]
        code = server.code("s", seat)
        unknown = server.request("GET", f"/api/{code}/plan.svg")
        assert (unknown.status, unknown.json()) == (404, {"error": "unknown link"})
        assert server.request("GET", "/api/not-a-code/map.svg").status == 404
        tally = server.request("GET", f"/api/{server.code('t', 'ann')}/map.svg")
        assert (tally.status, tally.json()) == (404, {"error": "unknown link"})
        posted = server.request("POST", f"/api/{code}/map.svg", {})
        assert posted.status == 405


def test_the_map_widget_has_every_city_on_the_picture_and_no_sea_to_stop_at(db):
    spies(db)
    data = default_data()
    with running(db) as server:
        state = server.seat("s", None).state()
        (widget,) = [w for w in state["board"] if w["kind"] == "map"]
        assert widget["picture"] == "map.svg" and widget["counters"] == []
        places = {p["name"]: p for p in widget["places"]}
        assert set(places) == set(data.cities)  # every city, and no sea zone (3.6)
        assert all(0 <= p["x"] <= 1 and 0 <= p["y"] <= 1 for p in places.values())
        # the map is drawn with north up: Leningrad above Cairo, Lisbon left of Moscow
        assert places["Leningrad"]["y"] < places["Cairo"]["y"]
        assert places["Lisbon"]["x"] < places["Moscow"]["x"]
        assert places["Berlin"]["kind"] == "capital" and places["Berlin"]["side"] == "Germany"
        assert places["Geneva"]["side"] is None  # neutral
        svg = server.request("GET", f"/api/{server.code('s', None)}/map.svg").body.decode()
        width, height = (float(v) for v in svg.split('viewBox="')[1].split('"')[0].split()[2:])
        assert abs(widget["aspect"] - width / height) < 0.001


def test_on_a_table_that_tracks_positions_the_map_shows_each_counter_and_only_ones_own_names():
    import sys

    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "spies"))
    from map_fixture import GAME, PLACED, tracked_table

    from assistant.games.spies.board import board

    table = tracked_table()
    public = GAME.view(table.state)
    germany = GAME.seat_view(table.state, "Germany")
    for view, mine in ((public, set()), (germany, {"Germany"})):
        (widget,) = [w for w in board(view, GAME.data) if w["kind"] == "map"]
        spies = [c for c in widget["counters"] if c["label"] != "police"]
        expected = [
            (city, power)
            for power, on_map in public["positions"]["spies"].items()
            for city in on_map.values()
        ]
        assert sorted((c["place"], c["side"]) for c in spies) == sorted(expected)
        for c in spies:
            if c["side"] in mine:
                assert c["private"] and c["label"] in PLACED[c["side"]]
                assert PLACED[c["side"]][c["label"]] == c["place"]
            else:
                assert not c["private"] and c["label"].startswith("#")
        police = [(c["place"], c["side"]) for c in widget["counters"] if c["label"] == "police"]
        assert sorted(police) == sorted(
            (city, power)
            for power, stands in public["police"].items()
            for city, n in (stands or {}).items()
            for _ in range(n)
        )
        names = {spy for placed in PLACED.values() for spy in placed} - {"Cousin"}
        shown = {c["label"] for c in widget["counters"]}
        assert shown & names == (
            {spy for spy in PLACED["Germany"] if spy != "Cousin"} if mine else set()
        )


def test_the_picture_for_a_phone_is_small_and_keeps_every_city_and_name():
    """map.svg: the coasts and borders simplified for a screen (at most 2 pt off the printed
    line, which a phone shows at two to four points a pixel), at most 80 KB gzipped; the
    same cities, names and routes as the printed map's picture."""
    import re

    from assistant.games.spies.picture import SCREEN, _fewer, _kit, for_screen, picture
    from pnp import ops
    from pnp.backends.svg import svg_text
    from pnp.draw.map_picture import map_picture

    svg = picture("map.svg")
    assert svg is not None and len(gzip.compress(svg.encode())) <= 80_000
    items, width, height = map_picture(_kit(None), None, key=False)
    full = svg_text(items, width, height, "map")
    texts = re.compile(r"<text[^>]*>([^<]*)</text>")
    assert sorted(texts.findall(svg)) == sorted(texts.findall(full))  # every name
    for tag in ("ellipse", "polygon", "rect"):  # symbols, ships and cities as printed
        assert svg.count(f"<{tag} ") == full.count(f"<{tag} ")
    assert len(svg) < len(full) * 0.7

    def paths(drawn: tuple[ops.Op, ...]) -> list[ops.Path]:
        found: list[ops.Path] = []
        for op in drawn:
            if isinstance(op, ops.Group):
                found += paths(op.ops)
            elif isinstance(op, ops.Path):
                found.append(op)
        return found

    before, after = paths(items), paths(for_screen(items))
    assert len(before) == len(after)
    ring = max((r for p in before for r in p.subpaths), key=len)
    fewer = _fewer(ring, SCREEN)
    assert 2 < len(fewer) < len(ring) * 0.6
    assert fewer[0] == tuple(round(v, 1) for v in ring[0])  # the ends kept
    for x, y in ring[:: max(1, len(ring) // 200)]:  # every point within SCREEN of the line
        near = min(_distance((x, y), a, b) for a, b in zip(fewer, fewer[1:], strict=False))
        assert near <= SCREEN + 0.1


def _distance(p, a, b) -> float:
    """From point p to the segment a-b."""
    (px, py), (ax, ay), (bx, by) = p, a, b
    dx, dy = bx - ax, by - ay
    t = 0.0 if dx == dy == 0 else ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy)
    t = max(0.0, min(1.0, t))
    return ((px - ax - t * dx) ** 2 + (py - ay - t * dy) ** 2) ** 0.5
