"""The table as text for the terminal: the year and whose turn, the Action Point track (0-12),
each power's bank, chits, hand and Victory Points, the tiles played, the last tile's awards, the
territory changes, Drops and spies out of play, the open chain, and the Time and Victory Record
with running points."""

from __future__ import annotations

from assistant.engine import Json
from assistant.games.spies import scoring
from assistant.games.spies.data import GameData
from assistant.games.spies.state import adjective


def _track(view: Json, top: int) -> str:
    left = view["ap_left"]
    cells = [f"[{n}]" if n == left else str(n) for n in range(top + 1)]
    return f"Action Points  {' '.join(cells)}  ({left} left of {top})"


def _played(view: Json) -> str:
    years: dict[int, list[str]] = {}
    for entry in view["played"]:
        years.setdefault(entry["year"], []).append(entry["code"])
    shown = "; ".join(f"{year}: {', '.join(codes)}" for year, codes in years.items())
    return f"tiles played: {shown or 'none'}"


def _record(view: Json, powers: tuple[str, ...]) -> list[str]:
    multiples = ", ".join(f"{y} x{m}" for y, m in view["multiples"].items())
    lines = [f"Time and Victory Record (multiples: {multiples})"]
    width = max(len(p) for p in powers)
    for power in powers:
        entries = sorted(view["record"][power], key=lambda e: e["year"])
        if not entries:
            lines.append(f"  {power:<{width}}  nothing yet")
            continue
        running = 0
        for index, entry in enumerate(entries):
            running += entry["points"]
            head = power if index == 0 else ""
            lines.append(
                f"  {head:<{width}}  {entry['year']} {scoring.entry_text(entry)} "
                f"x{entry['multiple']} = {entry['points']}; running {running}"
            )
    return lines


def positions_by_city(view: Json, data: GameData) -> list[str]:
    """A table that tracks positions: every city with police or spies, and what stands there
    ("Berlin: German police 2; German spies #2, #6"); a seat's own counters are named."""
    if "positions" not in view:
        return []
    mine = (view.get("secret") or {}).get("spies") or {}
    police: dict[str, list[str]] = {}
    for power in data.powers:
        for city, count in (view["police"].get(power) or {}).items():
            police.setdefault(city, []).append(f"{adjective(power)} police {count}")
    spies = view["positions"]["by_city"]
    lines = [""]
    for city in sorted(set(police) | set(spies)):
        parts = list(police.get(city, []))
        for power, counters in spies.get(city, {}).items():
            named = [f"{c} {mine[power][c]}" if c in mine.get(power, {}) else c for c in counters]
            word = "spy" if len(counters) == 1 else "spies"
            parts.append(f"{adjective(power)} {word} {', '.join(named)}")
        lines.append(f"{city}: {'; '.join(parts)}")
    return lines[1:]


def _positions(view: Json, data: GameData) -> list[str]:
    if "positions" not in view:
        return []
    lines = positions_by_city(view, data)
    return ["positions:", *(f"  {line}" for line in lines)] if lines else ["positions: none"]


def _secrets(view: Json, data: GameData) -> list[str]:
    """Where the secrets were set up face down (2.4): their places are public, what each is is
    not; one in each SECRET city besides."""
    placed = [(p, c) for p, c in view["secret_cities"].items() if c]
    if not placed:
        return []
    cities = sorted(c.name for c in data.cities.values() if c.kind == "SECRET city")
    lines = ["secrets set up face down (2.4; what each is stays hidden):"]
    lines += [f"  {power}: {', '.join(where)}" for power, where in placed]
    lines.append(f"  one in each SECRET city: {', '.join(cities)}")
    return lines


def render_text(view: Json, data: GameData) -> str:
    turn = view["turn"]
    player = f" ({view['player']})" if view["player"] != turn else ""
    head = f"Spies! (SPI 1981), long game - {view['players']} players - "
    if view["phase"] == "setup":
        head += f"set up for {view['year']}"
    elif view["phase"] in ("final", "over"):
        head += f"{view['year']} ended: the end of the game"
    else:
        head += f"{view['year']} - {turn}'s turn{player}"
    lines = [head]
    if view["phase"] not in ("final", "over"):  # no turn, no Action Points once the years end
        lines.append(_track(view, data.ap))
    width = max(len(p) for p in data.powers)
    bots = view.get("bots") or {}  # a power the tracker plays: "bot (best)"
    seats = {p: f"bot ({bots[p]})" if p in bots else view["seats"][p] for p in data.powers}
    seat = max(len(s) for s in seats.values())
    lines.append(f"{'power':<{width}}  {'player':<{seat}}  bank  chits  hand  points")
    for power in data.powers:
        lines.append(
            f"{power:<{width}}  {seats[power]:<{seat}}  {view['bank'][power]:>3}£  "
            f"{view['chits'][power]:>5}  {view['hand'][power]:>4}  {view['points'][power]:>6}"
        )
    lines.append(f"cup: {view['cup']} Action chits; " + _played(view))
    awards = view["awards"]
    if awards:
        lines.append(f"awards of {awards['tile']}:")
        lines += [f"  {line}" for line in awards["lines"]] or ["  none"]
    changes = [
        f"{country} is {adjective(power)} territory"
        for country, power in view["territory"]["annexed"].items()
    ]
    changes += [
        f"{adjective(power)} spies may treat {', '.join(countries)} as home"
        for power, countries in view["territory"]["spy_home"].items()
    ]
    if view["ends"] < data.last_year:
        changes.append(f"World War II: the game ends with {view['ends']}")
    if changes:
        lines.append("territory: " + "; ".join(changes))
    drops = [f"{p} in {', '.join(c)}" for p, c in view["drops"].items() if c]
    if drops:
        lines.append("Drops: " + "; ".join(drops))
    out = [
        f"{power}'s {spy} ({status})"
        for power, spies in view["out_of_play"].items()
        for spy, status in spies.items()
    ]
    if out:
        lines.append("out of play: " + "; ".join(out))
    if view["chain"]:
        lines.append(
            "waiting: "
            + "; ".join(
                f"{p['number']}. {p['power']}'s {p['chit']}"
                + (f" against {p['against']}" if p["against"] else "")
                + ("" if p["stands"] else " (negated)")
                for p in view["chain"]
            )
        )
    lines += _positions(view, data)
    lines += _secrets(view, data)
    lines += _record(view, data.powers)
    lines.append(f"RESULT: {view['result']}" if view["over"] else f"next: {view['next']}")
    return "\n".join(lines)
