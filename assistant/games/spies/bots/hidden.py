"""The table's face-down facts that the tracker does not keep, on a table with bots: which secret
(or counterspy) lies in which city or travels under which spy, the strength of the police in
each city, and the kinds of the Action chits in each hand. They are dealt from the table's seed
(2.4: the 40 secrets shuffled; 2.7: the chits drawn from the cup) and followed through the log,
event by event (`Hidden.follow`), so the same seed and the same events give the same facts on
every machine and after every restart.

A bot reads only its own part (`sight.py`); the table (`referee.py`) reads the rest to compare
strengths, as two players compare privately. Which counter holds a piece is public (a secret
under a counter is seen on the map), what the piece is is not.

The pieces: the 30 secrets by name, the 10 counterspies as "Counter Spy 1" ... "Counter Spy 10".
A piece is `{"name", "value", "counterspy": strength or 0, "origin": power or "neutral",
"city": where it lies or None, "held": [power, counter] or None, "gone": bool}`.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from assistant.engine import Json
from assistant.games.spies import positions
from assistant.games.spies.bots.pieces import pieces
from assistant.games.spies.data import GameData
from assistant.games.spies.setup import police_placement

COUNTERSPY = "Counter Spy"


def rng(seed: int, *words: object) -> random.Random:
    """A random source for one draw, from the table's seed and what is drawn (reproducible)."""
    return random.Random(":".join(str(w) for w in (seed, *words)))


def deal(seed: int, allotment: dict[str, int], data: GameData) -> dict[str, list[str]]:
    """2.4: the 40 secrets shuffled: the 8 SECRET cities' first (key "SECRET"), then each power's
    allotment in turn order."""
    counterspies = len(pieces().counterspies)
    names = sorted(data.secrets) + [f"{COUNTERSPY} {n}" for n in range(1, counterspies + 1)]
    rng(seed, "deal").shuffle(names)
    secret_cities = [c.name for c in data.cities.values() if c.kind == "SECRET city"]
    out = {"SECRET": names[: len(secret_cities)]}
    at = len(secret_cities)
    for power in data.powers:
        out[power] = names[at : at + allotment[power]]
        at += allotment[power]
    return out


def copied(facts: Json) -> Json:
    """A copy of the facts sharing nothing with them (what `copy.deepcopy` gives, faster)."""
    return {
        "pieces": {
            name: {**piece, "held": list(piece["held"]) if piece["held"] else None}
            for name, piece in facts["pieces"].items()
        },
        "dealt": {owner: list(names) for owner, names in facts["dealt"].items()},
        "hands": {power: list(hand) for power, hand in facts["hands"].items()},
        "police": {power: dict(cities) for power, cities in facts["police"].items()},
        "outcome": dict(facts["outcome"]) if facts["outcome"] else None,
        "events": facts["events"],
    }


def is_counterspy(name: str) -> bool:
    return name.startswith(COUNTERSPY)


KEY = "hidden"  # where a table with bots keeps its face-down facts in the state (never shown)


@dataclass
class Hidden:
    """The face-down facts (module docstring): a view of the state's `hidden` entry (its dicts
    are the state's own: `follow` changes them in place, on the state a rule made anew).
    `outcome`: what the last event's Discovery found."""

    seed: int
    data: GameData
    pieces: dict[str, Json] = field(default_factory=dict)
    dealt: dict[str, list[str]] = field(default_factory=dict)
    hands: dict[str, list[str]] = field(default_factory=dict)
    police: dict[str, dict[str, int]] = field(default_factory=dict)
    outcome: Json | None = None
    events: int = 0
    facts: Json = field(default_factory=dict)

    @classmethod
    def of(cls, state: Json, data: GameData) -> Hidden:
        """The facts of a table with bots (a view: nothing is copied)."""
        facts = state[KEY]
        return cls(
            int(state.get("seed") or 0),
            data,
            facts["pieces"],
            facts["dealt"],
            facts["hands"],
            facts["police"],
            facts["outcome"],
            int(facts["events"]),
            facts,
        )

    def as_json(self) -> Json:
        return {
            "pieces": self.pieces,
            "dealt": self.dealt,
            "hands": self.hands,
            "police": self.police,
            "outcome": self.outcome,
            "events": self.events,
        }

    @classmethod
    def start(cls, seed: int, state: Json, data: GameData) -> Hidden:
        """The facts of a table before its first event: the deal, the SECRET cities' pieces,
        and each power's starting chits drawn from the cup."""
        hidden = cls(seed, data)
        hidden.dealt = deal(seed, state["allotment"], data)
        counter_strengths = pieces().counterspies
        secret_cities = [c.name for c in data.cities.values() if c.kind == "SECRET city"]
        for owner, names in hidden.dealt.items():
            for index, name in enumerate(names):
                strength = 0
                if is_counterspy(name):
                    strength = counter_strengths[int(name.split()[-1]) - 1]
                hidden.pieces[name] = {
                    "name": name,
                    "value": data.secrets.get(name, 0),
                    "counterspy": strength,
                    "origin": "neutral" if owner == "SECRET" else owner,
                    "city": secret_cities[index] if owner == "SECRET" else None,
                    "held": None,
                    "gone": False,
                }
        hidden.hands = {power: [] for power in data.powers}
        for power in data.powers:
            hidden._draw(power, state["chits"][power], "start")
        hidden.police = {power: {} for power in data.powers}
        hidden.facts = hidden.as_json()
        return hidden

    # -- the cup ------------------------------------------------------------------------------

    def cup(self, state: Json | None = None) -> Counter[str]:
        """The chit kinds not in a hand and not standing as a Drop on the map."""
        left: Counter[str] = Counter({name: chit.count for name, chit in self.data.chits.items()})
        for hand in self.hands.values():
            left.subtract(hand)
        if state is not None:
            left["Drop"] -= sum(len(cities) for cities in state["drops"].values())
        return +left

    def _draw(self, power: str, count: int, why: object, state: Json | None = None) -> None:
        source = rng(self.seed, "chits", power, self.events, why)
        for _ in range(count):
            left = self.cup(state)
            kinds = sorted(left)
            if not kinds:
                return
            kind = source.choices(kinds, weights=[left[k] for k in kinds])[0]
            self.hands[power].append(kind)
        self.hands[power].sort()

    def _lose(self, power: str, kind: str | None) -> str | None:
        hand = self.hands[power]
        if kind in hand:
            hand.remove(kind)
            return kind
        if hand:  # a person's chit the deal did not give: any one goes back
            return hand.pop(0)
        return None

    # -- following the log ----------------------------------------------------------------------

    def follow(self, action: Json, before: Json, after: Json) -> None:
        """Bring the facts up to date with one applied event."""
        self.events += 1
        self.outcome = None
        kind = action.get("type")
        power = before["turn"] if kind == "resolve" else _power(action, before)
        if kind == "secrets" and power is not None:
            self._place_secrets(power, after["secret_cities"][power])
        if kind in ("police", "place") and power is not None and after["police"][power]:
            given = action.get("cities" if kind == "police" else "police")
            if given is not None:  # strongest first in the cities the action lists first
                now = after["police"][power]
                listed = [c for c in police_placement(given, self.data) if c in now]
                self._place_police(power, {c: now[c] for c in [*listed, *now] if c in now})
            elif not self.police[power]:
                self._place_police(power, after["police"][power])
        if kind == "chit" and power is not None:
            self._lose(power, _chit_name(action.get("chit"), self.data))
        if kind == "give" and power is not None and action.get("chits"):
            to = _power({"power": action.get("to")}, before)
            moved = after["chits"][to] - before["chits"][to]
            for _ in range(max(0, moved)):
                kind_moved = self._lose(power, None)
                if kind_moved is not None and to is not None:
                    self.hands[to].append(kind_moved)
                    self.hands[to].sort()
        else:
            for who in self.data.powers:  # draws: tile awards, cashed secrets
                gained = after["chits"][who] - before["chits"][who]
                if kind == "chit" and who == power:
                    gained += 1
                if gained > 0:
                    self._draw(who, gained, kind, after)
        if kind == "resolve" and before["chain"] is not None:
            opening = before["chain"]["plays"][0]
            found = after["step"].get("discovered", [])
            stood = len(found) > len(before["step"].get("discovered", []))
            if opening["chit"] == "Discovery" and stood and positions.tracked(after):
                from assistant.games.spies.bots.referee import discover

                self.outcome = discover(self, after, opening, before["chain"]["plays"])
        if kind == "cash":
            name = _secret_name(action.get("secret"), self.data)
            if name in self.pieces:
                self._gone(name)
        if kind == "originals":
            for value in action.get("secrets") or []:
                name = _secret_name(value, self.data)
                if name in self.pieces:
                    self._gone(name)
        if positions.tracked(after):
            self._orphans(before, after)
        self.facts["events"] = self.events
        self.facts["outcome"] = self.outcome

    def _gone(self, name: str) -> None:
        piece = self.pieces[name]
        piece.update(gone=True, held=None, city=None)

    def _place_secrets(self, power: str, cities: list[str]) -> None:
        """2.4: the power's dealt pieces in its cities: the secrets of most value in the cities
        listed first, the counterspies last."""
        names = sorted(
            self.dealt[power],
            key=lambda n: (self.pieces[n]["counterspy"] > 0, -self.pieces[n]["value"], n),
        )
        for name, city in zip(names, cities, strict=False):
            self.pieces[name]["city"] = city

    def _place_police(self, power: str, counts: dict[str, int]) -> None:
        """The police pieces in their cities: the strongest in the cities listed first."""
        strengths = list(pieces().police.get(power, ()))
        out: dict[str, int] = {}
        for city, count in counts.items():
            taken, strengths = strengths[:count], strengths[count:]
            out[city] = sum(taken)
        self.police[power] = out

    def _orphans(self, before: Json, after: Json) -> None:
        """A piece whose spy left the map (captured, killed) lies where the spy was."""
        for piece in self.pieces.values():
            held = piece["held"]
            if held is None:
                continue
            power, counter = held
            if positions.city_of(after, power, counter) is None:
                piece["city"] = positions.city_of(before, power, counter)
                piece["held"] = None

    # -- where the pieces are ---------------------------------------------------------------------

    def where(self, state: Json, name: str) -> str | None:
        """The city a piece is in now (under a counter: the counter's city)."""
        piece = self.pieces[name]
        if piece["gone"]:
            return None
        if piece["held"] is not None:
            return positions.city_of(state, *piece["held"])
        return str(piece["city"]) if piece["city"] is not None else None

    def lying(self, city: str) -> list[str]:
        """The pieces lying in `city` under no spy (police may guard them)."""
        return sorted(
            name
            for name, piece in self.pieces.items()
            if not piece["gone"] and piece["held"] is None and piece["city"] == city
        )

    def held_by(self, power: str, counter: str) -> list[str]:
        return sorted(
            name
            for name, piece in self.pieces.items()
            if not piece["gone"] and piece["held"] == [power, counter]
        )


def _power(action: Json, state: Json) -> str | None:
    from assistant.games.spies import names

    return names.find(action.get("power"), state["bank"])


def _chit_name(value: Any, data: GameData) -> str | None:
    from assistant.games.spies import names

    return names.find(value, data.chits)


def _secret_name(value: Any, data: GameData) -> str | None:
    from assistant.games.spies import names

    return names.find(value, data.secrets)
