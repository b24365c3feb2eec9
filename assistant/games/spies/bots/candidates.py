"""The moves a bot considers, written as the game's declared actions (rules.ACTIONS: `play`,
`discard`, `police`, `search`, `move`, `chit`, `cash`, `end_turn`, ...), each with what it
gains now (`gain`, points-equivalent: a Victory Point is 1, a pound 0.1, an Action chit 0.5),
what it prepares for later in the year or the game (`later`, which only the best level weighs)
and the reason in words (`--debug`).

Everything here reads the bot's `Sight` only (sight.py): the public table and its own secrets.
An enemy spy's strength is unknown: a search or a Sanction is weighed by the chance that the
spy is weak enough, from the strengths of the enemy's spies still in play (public: the counter
list and the record).
"""

from __future__ import annotations

from dataclasses import dataclass

from assistant.engine import Json
from assistant.games.spies import positions, scoring, tiles
from assistant.games.spies.bots.sight import Sight, distances, path_toward
from assistant.games.spies.state import capital, owner, police_cities

POUND, CHIT = 0.1, 0.5  # what a pound and an Action chit are worth, in Victory Points
AVERAGE_SECRET = 2.8  # the 30 secrets' mean value
SECRET_ODDS = 0.75  # 30 of the 40 face-down pieces are secrets, 10 counterspies


@dataclass
class Candidate:
    action: Json
    gain: float  # now
    later: float = 0.0  # for the rest of the year and the game (the best level)
    reason: str = ""
    plausible: bool = True  # what an easy bot may pick at random


def multiple(sight: Sight) -> int:
    return scoring.multiple(sight.state, sight.state["year"])


def years_left(sight: Sight) -> int:
    return int(sight.state["ends"]) - int(sight.state["year"])


def home(sight: Sight) -> str:
    return capital(sight.power, sight.data)


def cash_points(sight: Sight) -> list[str]:
    return [home(sight), *sight.state["drops"][sight.power]]


def in_territory(sight: Sight, city: str, power: str | None = None) -> bool:
    known = sight.data.cities.get(city)
    return known is not None and owner(sight.state, known) == (power or sight.power)


def enemy_strengths(sight: Sight, enemy: str) -> list[int]:
    """The strengths of `enemy`'s spies still in play (public: the counter list, the record)."""
    out = sight.state["out"][enemy]
    return [s for name, s in sight.data.spies[enemy].items() if name not in out]


def chance_weaker(sight: Sight, enemy: str, strength: int) -> float:
    """The chance an unknown spy of `enemy` is weaker than `strength`."""
    pool = enemy_strengths(sight, enemy)
    return sum(1 for s in pool if s < strength) / len(pool) if pool else 0.0


# -- the tile (3.21) -------------------------------------------------------------------------------


def awards(sight: Sight, code: str, where: dict[str, list[str]]) -> dict[str, float]:
    """What each power would get from `code` with spies `where` (power -> cities)."""
    tile = sight.data.tiles[code]
    _, totals = tiles.award_lines(tile, where, sight.state, sight.data)
    return {p: chits * CHIT * 2 + pounds * POUND * 2 for p, (chits, pounds) in totals.items()}


def potential(sight: Sight, code: str) -> float:
    """What `code` could pay this power with a spy in each of its cities outside its territory."""
    tile = sight.data.tiles[code]
    cities = [c for c in tile.cities if not in_territory(sight, c)]
    return awards(sight, code, {sight.power: cities}).get(sight.power, 0.0)


def tile_moves(sight: Sight) -> list[Candidate]:
    state, power = sight.state, sight.power
    where = {p: positions.cities_of(state, p) for p in sight.data.powers}
    where = {p: cs for p, cs in where.items() if cs}
    out = []
    year = int(state["year"])
    for code in state["hands"][power]:
        tile = sight.data.tiles[code]
        future = potential(sight, code) * 0.5 if tile.last > year and years_left(sight) else 0.0
        if tiles.playable(state, tile) is None:
            paid = awards(sight, code, where)
            mine = paid.get(power, 0.0)
            theirs = sum(v for p, v in paid.items() if p != power)
            gain = 0.1 + mine - 0.25 * theirs
            out.append(
                Candidate(
                    {"type": "play", "power": power, "tile": code},
                    gain,
                    -future,
                    f"play {code}: {mine:.1f} to us, {theirs:.1f} to the others",
                )
            )
        out.append(
            Candidate(
                {"type": "discard", "power": power, "tile": code},
                0.0,
                -future - (0.5 if tiles.playable(state, tile) is None else 0.0),
                f"discard {code} (worth {future:.1f} later)",
            )
        )
    return out


# -- police (3.3) and searches (3.4) --------------------------------------------------------------


def threat(sight: Sight, city: str) -> int:
    """How many enemy spies could reach `city` this turn (5 spaces: public positions)."""
    if not positions.tracked(sight.state):
        return 0
    near = distances(sight.data).get(city, {})
    return sum(
        1
        for p in sight.data.powers
        if p != sight.power
        for where in positions.counters(sight.state, p).values()
        if near.get(where, 99) <= 5
    )


def police_plan(sight: Sight, guard_all: bool, threats: bool = False) -> dict[str, int]:
    """Where the police go: `guard_all` (the last year, when originals score) one on each of
    its own secrets at home first, most valuable first; then two where an enemy spy stands to be
    searched; then its secrets of value 3 or more (`threats`: those enemy spies can reach this
    turn first, whatever their value); the rest by the capital. At most 2 a city; the cities
    where enemy spies stand listed first, so that they get the strongest pieces."""
    state, power, data = sight.state, sight.power, sight.data
    allowed = set(police_cities(state, power, data))
    pieces = data.police[power]
    plan: dict[str, int] = {}

    def put(city: str | None) -> bool:
        if city not in allowed or plan.get(city, 0) >= 2 or sum(plan.values()) >= pieces:
            return False
        plan[city] = plan.get(city, 0) + 1
        return True

    enemies = sorted(
        {
            city
            for p in data.powers
            if p != power
            for city in (positions.cities_of(state, p) if positions.tracked(state) else [])
            if city in allowed
        }
    )
    mine = sorted(
        (p for p in sight.mine.values() if p["origin"] == power and p["held"] is None),
        key=lambda p: (-p["value"], p["name"]),
    )
    if guard_all:
        for piece in mine:
            put(piece["city"])
    for city in enemies:
        put(city)
        put(city)
    if threats:
        mine = sorted(mine, key=lambda p: (-min(threat(sight, p["city"] or ""), 3), -p["value"]))
    for piece in mine:
        if piece["value"] >= 3:
            put(piece["city"])
    for city in sorted(allowed, key=lambda c: (c != home(sight), c)):
        while sum(plan.values()) < pieces and put(city):
            pass
    order = sorted(plan, key=lambda c: c not in enemies)
    return {city: plan[city] for city in order}


def police_moves(sight: Sight) -> list[Candidate]:
    state, power = sight.state, sight.power
    step = state["step"]
    if step["searched"] or step["moved"]:
        return []
    final = years_left(sight) == 0
    plan = police_plan(sight, guard_all=final, threats=sight.level == "best")
    now = state["police"][power] or {}
    if plan == now or sum(plan.values()) != sight.data.police[power]:
        return []
    enemies_here = sum(
        1
        for city in plan
        for p in sight.data.powers
        if p != power and positions.in_city(state, p, city)
    )
    return [
        Candidate(
            {"type": "police", "power": power, "cities": plan},
            0.2 * enemies_here + (3.0 if final else 0.0),
            1.0,
            f"police: search {enemies_here} enemy counters; guard our secrets",
        )
    ]


def search_moves(sight: Sight, searched: set[tuple[str, str, str]]) -> list[Candidate]:
    state, power, data = sight.state, sight.power, sight.data
    if state["step"]["moved"]:
        return []
    out = []
    done = {  # 3.4: once per turn for each enemy spy (the table's record, whoever drives)
        (s["enemy"], s["counter"])
        for s in state["step"].get("searches") or []
        if s["power"] == power
    }
    for city, count in (state["police"][power] or {}).items():
        if not count:
            continue
        strength = sight.police.get(city, 0)
        cost = 0 if city in state["step"]["searched"] else data.costs["search"]
        if cost > state["ap_left"]:
            continue
        for enemy in data.powers:
            if enemy == power:
                continue
            for counter in positions.in_city(state, enemy, city):
                if (city, enemy, counter) in searched or (enemy, counter) in done:
                    continue
                odds = chance_weaker(sight, enemy, strength)
                held = sight.holding.get((enemy, counter), 0)
                value = (2.5 + AVERAGE_SECRET * held) * multiple(sight) * odds
                out.append(
                    Candidate(
                        {
                            "type": "search",
                            "power": power,
                            "city": city,
                            "enemy": enemy,
                            "target": counter,
                        },
                        value - 0.3 * cost,
                        0.0,
                        f"search {city} for {enemy}'s {counter}: {odds:.0%} it is weaker than our "
                        f"police ({strength})",
                    )
                )
    return out


# -- spies: moves, chits, cashing in (3.6-3.8) --------------------------------------------------


def takeable(sight: Sight, city: str) -> float:
    """The expected secrets a Discovery may take in `city` (public: pieces lying there, minus
    our own; the police guarding them lower the odds)."""
    known = sight.data.cities.get(city)
    if known is None or known.kind == "spy haven":
        return 0.0
    own_here = sum(
        1
        for p in sight.mine.values()
        if p["held"] is None and p["city"] == city and p["origin"] == sight.power
    )
    lying = sight.lying.get(city, 0) - own_here
    held = sum(
        n
        for (p, c), n in sight.holding.items()
        if p != sight.power and positions.city_of(sight.state, p, c) == city
    )
    guarded = any(
        (sight.state["police"][p] or {}).get(city) for p in sight.data.powers if p != sight.power
    )
    odds = 0.35 if guarded else 1.0
    return max(0, lying) * odds * SECRET_ODDS + held * 0.3


def foreign_held(sight: Sight, counter: str) -> list[Json]:
    return [p for p in sight.held(counter) if p["origin"] != sight.power and not p["counterspy"]]


def enemy_police_risk(sight: Sight, city: str) -> float:
    """How dangerous it is to end a move in `city`: an enemy's police stand there."""
    return (
        sum(
            (sight.state["police"][p] or {}).get(city, 0)
            for p in sight.data.powers
            if p != sight.power
        )
        * 0.6
    )


def goals(sight: Sight, counter: str, plan_tiles: list[str]) -> list[tuple[str, float, str]]:
    """Where a spy might go and what that is worth: (city, value, why)."""
    state = sight.state
    here = positions.city_of(state, sight.power, counter)
    assert here is not None
    dist = distances(sight.data)[here]
    carried = foreign_held(sight, counter)
    out = []
    if carried:
        worth = sum(p["value"] for p in carried) * multiple(sight) + 20 * POUND + CHIT
        for city in cash_points(sight):
            if city in dist:
                out.append((city, worth, f"carry {len(carried)} secret(s) to {city}"))
        return out
    for city in dist:
        chance = takeable(sight, city)
        if chance > 0:
            out.append(
                (city, chance * AVERAGE_SECRET * multiple(sight) * 0.8, f"secrets in {city}")
            )
    for code in plan_tiles:
        tile = sight.data.tiles[code]
        for award in tile.awards:
            for city in award.cities:
                if city in dist and not in_territory(sight, city):
                    value = award.amount * (CHIT if award.unit == "c" else POUND) * 2
                    out.append((city, value, f"{code} pays in {city}"))
    return out


def spy_moves(sight: Sight, plan_tiles: list[str], reserve: int) -> list[Candidate]:
    """A move for each spy that may still move, toward its best goal."""
    state, power = sight.state, sight.power
    step = state["step"]
    out = []
    ap = int(state["ap_left"]) - reserve
    for counter, here in sight.counters().items():
        moved = int(step["moved"].get(counter, 0))
        if counter in step["moved"] and counter != step["moving"]:
            continue
        budget = min(5 - moved, ap)
        if budget <= 0:
            continue
        dist = distances(sight.data)[here]
        best = None
        for city, value, why in goals(sight, counter, plan_tiles):
            if city == here:
                continue
            d = dist.get(city)
            if d is None:
                continue
            reach = min(budget, d)
            score = value * (0.6 if d > budget else 1.0) / (1 + max(0, d - budget))
            score -= 0.15 * reach
            path = path_toward(sight.data, here, city, budget)
            if not path:
                continue
            end = path[-1]
            if end != city or not foreign_held(sight, counter):
                score -= enemy_police_risk(sight, end)
            if best is None or score > best[0]:
                best = (score, path, why)
        if best is None:
            continue
        score, path, why = best
        # stay if the spy already sits where it gains (secrets to take, an award city)
        stay = takeable(sight, here) * AVERAGE_SECRET * multiple(sight) * 0.8
        if stay >= score and not foreign_held(sight, counter):
            continue
        out.append(
            Candidate(
                {"type": "move", "power": power, "spy": counter, "path": list(path)},
                max(0.05, score) * 0.5,
                max(0.05, score) * 0.5,
                f"move {counter} {here} -> {path[-1]}: {why}",
            )
        )
    return out


def chit_moves(sight: Sight, discovered: set[str]) -> list[Candidate]:
    state, power, data = sight.state, sight.power, sight.data
    bank, ap = int(state["bank"][power]), int(state["ap_left"])
    out = []
    holds = sight.chits
    counters = sight.counters()
    for counter, city in counters.items():
        carried = foreign_held(sight, counter)
        if carried and city in cash_points(sight):
            for piece in carried:
                worth = piece["value"] * multiple(sight) + 20 * POUND + CHIT
                out.append(
                    Candidate(
                        {"type": "cash", "power": power, "secret": piece["name"], "at": city},
                        worth,
                        0.0,
                        f"cash in {piece['name']} ({piece['value']}) at {city}",
                    )
                )
        if holds["Discovery"] and bank >= 3 and ap >= 1 and city not in discovered:
            chance = takeable(sight, city)
            if chance > 0:
                out.append(
                    Candidate(
                        {"type": "chit", "power": power, "chit": "Discovery", "city": city},
                        chance * AVERAGE_SECRET * multiple(sight) - 0.3,
                        0.5,
                        f"Discovery in {city} with {counter}: {chance:.2f} secrets to expect",
                    )
                )
        known = data.cities.get(city)
        haven = known is None or known.kind == "spy haven"
        if holds["Drop"] and carried and ap >= 2 and not haven and city not in cash_points(sight):
            price = 20 if known is not None and owner(state, known) == "neutral" else 30
            far = distances(data)[city].get(home(sight), 9)
            if bank >= price and far > 3:
                worth = sum(p["value"] for p in carried) * multiple(sight)
                out.append(
                    Candidate(
                        {"type": "chit", "power": power, "chit": "Drop", "city": city},
                        worth * 0.3 - price * POUND,
                        worth * 0.6,
                        f"Drop in {city}: {far} spaces from {home(sight)} with secrets",
                    )
                )
        if holds["Sanction"] and bank >= 20 and ap >= 1 and not haven:
            for enemy in data.powers:
                if enemy == power:
                    continue
                for target in positions.in_city(state, enemy, city):
                    held = sight.holding.get((enemy, target), 0)
                    cousin = sight.spy(counter) == "Cousin"
                    risk = 0.0 if cousin else 1 / max(1, len(enemy_strengths(sight, enemy)))
                    worth = (2.5 * multiple(sight) + held * AVERAGE_SECRET * 2) * (1 - risk)
                    worth -= risk * sight.strength(counter) * multiple(sight) + 20 * POUND
                    out.append(
                        Candidate(
                            {
                                "type": "chit",
                                "power": power,
                                "chit": "Sanction",
                                "city": city,
                                "spy": counter,
                                "enemy": enemy,
                                "target": target,
                            },
                            worth,
                            0.0,
                            f"Sanction {enemy}'s {target} in {city} with {counter}",
                            plausible=held > 0,
                        )
                    )
    boxed = [s for s, where in state["out"][power].items() if where == "sanctioned"]
    if holds["Recruit"] and boxed and bank >= 4 and ap >= 1:
        out.append(
            Candidate(
                {"type": "chit", "power": power, "chit": "Recruit"},
                1.5,
                1.0,
                f"Recruit: {len(boxed)} spy in the Sanctioned box",
            )
        )
    caught = [s for s, where in state["out"][power].items() if where.startswith("captured by")]
    if holds["Escape"] and caught and bank >= 10 and ap >= 1:
        spy = max(caught, key=lambda s: data.spies[power][s])
        worth = data.spies[power][spy] * multiple(sight) * 0.5 + 1.0
        out.append(
            Candidate(
                {"type": "chit", "power": power, "chit": "Escape", "spy": spy},
                worth - 1.0,
                0.5,
                f"Escape: {spy} back from capture",
            )
        )
    return out


def originals(sight: Sight) -> list[str]:
    """6.0: its original secrets in its territory and under its control (a police piece or a
    spy of its own on each), most valuable first."""
    state, power = sight.state, sight.power
    chosen = []
    room: dict[str, int] = dict(state["police"][power] or {})
    pieces = sorted(sight.mine.values(), key=lambda p: (-p["value"], p["name"]))
    for piece in pieces:
        if (
            piece["origin"] != power
            or piece["counterspy"]
            or piece["name"] not in sight.data.secrets
        ):
            continue
        if piece["held"] is not None:
            if piece["held"][0] != power:
                continue
            city = positions.city_of(state, power, piece["held"][1])
            if city is not None and in_territory(sight, city):
                chosen.append(piece["name"])
            continue
        city = piece["city"]
        if city is None or not in_territory(sight, city):
            continue
        if room.get(city, 0) > 0:
            room[city] -= 1
            chosen.append(piece["name"])
    return chosen
