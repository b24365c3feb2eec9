"""The Spies! board for the page (assistant/games/widgets.py): the year and whose turn, the Action
Point track, each power's bank in pounds, chits, hand and Victory Points, the Event Tiles played
year by year and the last tile's awards, the territory changes, Drops and spies out of play, the
open chain and the Time and Victory Record. A seat also sees its powers' Event Tiles (private)."""

from __future__ import annotations

from assistant.engine import Json
from assistant.games.spies import scoring
from assistant.games.spies.data import GameData, default_data
from assistant.games.spies.render import positions_by_city
from assistant.games.spies.state import adjective
from assistant.games.widgets import joined, listing, meter, money, secret_of, stat, table


def _head(view: Json) -> list[Json]:
    turn = view["turn"]
    if view["phase"] == "setup":
        year = f"{view['year']}: setting up"
    elif view["phase"] in ("final", "over"):
        year = f"{view['year']}: the end of the game"
    else:
        year = f"{view['year']} (the game ends with {view['ends']})"
    player = f" ({view['player']})" if view["player"] != turn else ""
    widgets = [stat("Year", year)]
    if view["phase"] not in ("final", "over"):  # no turn once the years end
        widgets.append(stat("Turn", f"{turn}{player}", turn))
    if view["over"]:
        widgets.append(stat("Result", str(view["result"]), view["winner"]))
    else:
        widgets.append(stat("Next", str(view["next"])))
    return widgets


def _played(view: Json) -> list[str]:
    years: dict[int, list[str]] = {}
    for entry in view["played"]:
        years.setdefault(entry["year"], []).append(entry["code"])
    return [f"{year}: {', '.join(codes)}" for year, codes in years.items()] or ["none yet"]


def _territory(view: Json, data: GameData) -> list[str]:
    lines = [
        f"{country} is {adjective(power)} territory"
        for country, power in view["territory"]["annexed"].items()
    ]
    lines += [
        f"{adjective(power)} spies may treat {', '.join(countries)} as home"
        for power, countries in view["territory"]["spy_home"].items()
    ]
    if view["ends"] < data.last_year:
        lines.append(f"World War II: the game ends with {view['ends']}")
    return lines


def _record(view: Json, data: GameData) -> list[list[str]]:
    rows = []
    for power in data.powers:
        for entry in sorted(view["record"][power], key=lambda e: e["year"]):
            rows.append(
                [
                    power,
                    str(entry["year"]),
                    scoring.entry_text(entry),
                    f"x{entry['multiple']} = {entry['points']}",
                ]
            )
    return rows


def _chain(view: Json) -> list[str]:
    return [
        f"{p['number']}. {p['power']}'s {p['chit']}"
        + (f" against {p['against']}" if p["against"] else "")
        + ("" if p["stands"] else " (negated)")
        for p in view["chain"] or []
    ]


def _map(view: Json, data: GameData) -> Json:
    """The printed map with every counter and police piece where it stands (a table that
    tracks positions; police only on the others); a city on it is tapped to choose it."""
    from assistant.games.spies.picture import map_widget

    kinds = {name: city.kind for name, city in data.cities.items()}
    owners = {name: city.owner for name, city in data.cities.items() if city.owner in data.powers}
    return map_widget(view, kinds, owners)


def board(view: Json, data: GameData | None = None) -> list[Json]:
    """The widgets, top to bottom."""
    data = data if data is not None else default_data()
    powers = data.powers
    widgets = _head(view)
    if view["phase"] not in ("final", "over"):
        widgets.append(meter("Action Points", view["ap_left"], data.ap, view["turn"]))
    widgets += [money(p, view["bank"][p], "£", p) for p in powers]
    widgets.append(
        table(
            "Powers",
            ["power", "chits", "hand", "points"],
            [
                [p, str(view["chits"][p]), str(view["hand"][p]), str(view["points"][p])]
                for p in powers
            ],
        )
    )
    players: dict[str, list[str]] = {}
    for power in powers:
        players.setdefault(view["seats"][power], []).append(power)
    widgets.append(listing("Players", [f"{s}: {', '.join(p)}" for s, p in players.items()]))
    secret = secret_of(view)
    if secret is not None:
        hands, discards = secret.get("hands") or {}, secret.get("discards") or {}
        lines = [f"{p}: {joined(tiles)}" for p, tiles in hands.items()]
        lines += [f"{p} discarded: {joined(tiles)}" for p, tiles in discards.items() if tiles]
        widgets.append(listing("Your Event Tiles", lines or ["none"], private=True))
    widgets.append(_map(view, data))
    if "positions" in view:  # a table that tracks positions
        public = {k: v for k, v in view.items() if k != "secret"}
        widgets.append(listing("Positions", positions_by_city(public, data) or ["none"]))
        spies = (secret or {}).get("spies") or {}
        mine = [
            f"{p} {counter}: {name} ({view['positions']['spies'][p].get(counter, '?')})"
            for p, named in spies.items()
            for counter, name in named.items()
        ]
        if mine:
            widgets.append(listing("Your spies", mine, private=True))
    chain = _chain(view)
    if chain:
        widgets.append(listing("Waiting (the open chain)", chain))
    awards = view["awards"]
    if awards:
        widgets.append(listing(f"Awards of {awards['tile']}", awards["lines"] or ["none"]))
    widgets.append(listing("Event Tiles played", _played(view)))
    widgets.append(stat("Cup", f"{view['cup']} Action chits"))
    territory = _territory(view, data)
    if territory:
        widgets.append(listing("Territory", territory))
    drops = [f"{p}: {', '.join(c)}" for p, c in view["drops"].items() if c]
    if drops:
        widgets.append(listing("Drops", drops))
    out = [
        f"{power}'s {spy} ({status})"
        for power, spies in view["out_of_play"].items()
        for spy, status in spies.items()
    ]
    if out:
        widgets.append(listing("Out of play", out))
    widgets.append(
        table(
            "Time and Victory Record",
            ["power", "year", "entry", "points"],
            _record(view, data) or [["", "", "nothing yet", ""]],
        )
    )
    return widgets
