"""The bots' turn driver: who acts now, and the bots' actions until a person must act.

`Driver(state, hidden, bots)` is the table as it stands (the state, its face-down facts, which
powers are bots and at what level); `respond(last)` carries out, one declared action at a time,
everything the bots do after `last` (the action just entered, None at the start): their set up,
their turns, their answers in others' turns (Cover, Papers, Escape, Double Cross, Intercept,
searches of arriving spies), the counterspies they own, their original secrets at the end. Each
action goes through the game's `apply`, exactly as a person's does: a refusal is counted
(`refused`) and the bot tries its next choice. The draws are seeded from the table's seed, the
event's number and the power, so a table replays to the same bots' actions.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field

from assistant.engine import Json, Refusal
from assistant.games.spies import positions
from assistant.games.spies.bots import candidates as cands
from assistant.games.spies.bots import levels, referee
from assistant.games.spies.bots.hidden import Hidden
from assistant.games.spies.bots.sight import Sight, look
from assistant.games.spies.data import GameData
from assistant.games.spies.state import police_cities

MAX_TURN = 60  # actions in one bot turn (a safety net: a turn is about 10)
STUCK = 30  # refusals in a row after which the bots stop and leave the table to the people


@dataclass
class Done:
    """One bot action carried out: what the log says (with the bot's instruction), what the
    table is told besides (what a Discovery found), and why."""

    power: str
    action: Json
    text: str
    say: list[str]
    why: str
    after: Json


@dataclass
class Driver:
    game: object
    state: Json
    bots: dict[str, str]  # power -> level
    refused: list[tuple[Json, Refusal]] = field(default_factory=list)
    done: list[Done] = field(default_factory=list)
    queue: list[tuple[str, Json, str]] = field(default_factory=list)
    arrivals: list[tuple[str, str, str, str]] = field(default_factory=list)  # searches to make
    turn_key: tuple[int, str] | None = None
    searched: set[tuple[str, str, str]] = field(default_factory=set)
    discovered: set[str] = field(default_factory=set)
    policed: bool = False
    steps: int = 0
    streak: int = 0  # bot actions refused since the last one the rules took
    considered: set[str] = field(default_factory=set)  # (chain, its length, bot) answered
    said: list[str] = field(default_factory=list)
    watch: Callable[[Json, Hidden], None] | None = None  # called after every bot action

    @property
    def data(self) -> GameData:
        return self.game.data  # type: ignore[attr-defined]

    @property
    def hidden(self) -> Hidden:
        """The table's face-down facts as they stand (the state's: rules.apply follows them)."""
        return Hidden.of(self.state, self.data)

    def rng(self, *what: object) -> random.Random:
        return random.Random(
            ":".join(str(w) for w in (self.hidden.seed, self.hidden.events, *what))
        )

    def sight(self, power: str) -> Sight:
        return look(self.state, self.hidden, power, self.bots[power])

    # -- carrying out ---------------------------------------------------------------------------

    def enter(self, power: str, action: Json, why: str) -> bool:
        """Apply one bot action through the game's rules; False when the rules refused it."""
        complete = getattr(self.game, "complete", None)
        if complete is not None:
            action = complete(self.state, action, self.rng("complete", power).randrange(2**31))
        before = self.state
        after = self.game.apply(before, action)  # type: ignore[attr-defined]
        if isinstance(after, Refusal):
            self.refused.append((action, after))
            self.streak += 1
            return False
        self.streak = 0
        self.state = after
        text = self.game.describe(action, before, after)  # type: ignore[attr-defined]
        say: list[str] = []  # besides the log line (its instruction, what a Discovery found)
        if self.hidden.outcome is not None:
            self._after_discovery(self.hidden.outcome)
        self.done.append(Done(power, action, text, say, why, after))
        self._arrivals(action, before)
        if self.watch is not None:
            self.watch(after, self.hidden)
        return True

    def observe(self, action: Json, before: Json, after: Json) -> None:
        """A person's action just entered: queue what the bots answer."""
        self.state = after
        if self.hidden.outcome is not None:
            self._after_discovery(self.hidden.outcome)
        self._arrivals(action, before)
        kind = action.get("type")
        if kind == "search" and action.get("enemy") in self.bots and action.get("target"):
            if self._compared(action, before):
                self._answer_capture(action)
        if kind == "diplomacy":
            for other in action.get("with") or []:
                if other in self.bots:
                    self.said.append(
                        f"{other} answers: a bot makes no deals (it accepts gifts, offers nothing)"
                    )

    def _compared(self, action: Json, before: Json) -> bool:
        """Whether a person's search for a bot's counter captured it: the tracker compared the
        strengths privately when it applied the search (rules.py, 3.4), as here."""
        enemy, power = str(action["enemy"]), str(action.get("power"))
        counter, city = str(action["target"]), str(action.get("city"))
        if positions.city_of(before, enemy, counter) is None or power not in before["bank"]:
            return False
        return referee.search_captures(before, self.hidden, power, city, enemy, counter)

    def _answer_capture(self, action: Json) -> None:
        """A person's search captured a bot's counter: the bot may answer with Papers (or
        Escape), which nullify the search (3.4, 3.8): the capture is undone."""
        enemy, counter = str(action["enemy"]), str(action["target"])
        chit = self._searched_answer(enemy, counter)
        if chit is not None:
            play = {"type": "chit", "power": enemy, "chit": chit}
            self.queue.append((enemy, play, f"{counter} is searched: {chit} nullifies the search"))

    def _after_discovery(self, outcome: Json) -> None:
        if outcome["kind"] != "counterspy":
            return
        owner, enemy = outcome["by"], outcome["power"]
        action = {
            "type": "counterspy",
            "power": owner,
            "enemy": enemy,
            "target": outcome["counter"],
            "city": outcome["city"],
        }
        if owner in self.bots:
            self.queue.append((owner, action, "our counterspy was the stronger"))
        else:
            self.said.append(
                f"{owner}: your counterspy in {outcome['city']} captures {enemy}'s counter "
                f"{outcome['counter']}: enter counterspy power={owner} enemy={enemy} "
                f"target='{outcome['counter']}' city={outcome['city']}"
            )

    def _arrivals(self, action: Json, before: Json) -> None:
        """4.1: a spy that moved into a city where a bot's police stand may be searched there,
        in every city of its path ("each time it moves into a city containing your police")."""
        if action.get("type") != "move" or not positions.tracked(self.state):
            return
        mover = self.state["turn"]
        counter = str(action.get("spy"))
        if positions.city_of(self.state, mover, counter) is None:
            return
        was = len((before["step"].get("entered") or {}).get(counter, []))
        path = (self.state["step"].get("entered") or {}).get(counter, [])[was:]
        for city in path:
            for power, level in self.bots.items():
                if power == mover or not (self.state["police"][power] or {}).get(city):
                    continue
                if (city, mover, counter) in self.searched:
                    continue
                sight = self.sight(power)
                odds = cands.chance_weaker(sight, mover, sight.police.get(city, 0))
                if level != "easy" and odds <= 0:
                    continue
                self.searched.add((city, mover, counter))
                self.arrivals.append((power, city, mover, counter))

    def _search(self, power: str, city: str, enemy: str, counter: str, why: str) -> bool:
        """A search for `enemy`'s counter, always named (3.4: "announce which enemy spy you are
        searching for"). When the enemy is a bot it may answer with Papers (or Escape) before any
        comparison: the search is entered as finding nothing, then the chit (it reacts to that
        search, 3.8). Else the table compares strengths privately and enters the result."""
        action = {"type": "search", "power": power, "city": city, "enemy": enemy}
        action["target"] = counter
        chit = self._searched_answer(enemy, counter) if enemy in self.bots else None
        if chit is not None:
            if not self.enter(power, {**action, "captured": "no"}, why):
                return False
            self.enter(
                enemy,
                {"type": "chit", "power": enemy, "chit": chit},
                f"{counter} is searched: {chit} avoids the comparison",
            )
            return True
        captured = referee.search_captures(self.state, self.hidden, power, city, enemy, counter)
        return self.enter(power, {**action, "captured": "yes" if captured else "no"}, why)

    def _searched_answer(self, power: str, counter: str) -> str | None:
        """The chit the searched bot answers with: Papers (or Escape, for a spy with secrets),
        or None."""
        sight = self.sight(power)
        source = self.rng("papers", power, counter)
        if not levels.reacts(sight.level, source):
            return None
        bank = int(self.state["bank"][power])
        held = sight.holding.get((power, counter), 0)
        if self.state["turn"] == power and int(self.state["ap_left"]) < 1:
            return None  # on its own turn a chit costs its Action Point (3.1)
        if sight.chits["Papers"] and bank >= 2:
            chit = "Papers"
        elif sight.chits["Escape"] and bank >= 10 and (held or sight.level == "best"):
            chit = "Escape"
        else:
            return None
        weak = sight.strength(counter) <= 2 or held or sight.level == "easy"
        return chit if weak else None

    # -- who acts now -------------------------------------------------------------------------

    def respond(self) -> list[Done]:
        """Every bot action until a person must act (or the game is over)."""
        start = len(self.done)
        guard = 0
        while guard < 5000 and self.streak <= STUCK:  # STUCK: the rules refuse what bots try
            guard += 1
            if not self._one():
                break
        return self.done[start:]

    def _one(self) -> bool:
        state = self.state
        phase = state["phase"]
        if phase == "over":
            return False
        if self.queue:
            power, action, why = self.queue.pop(0)
            self.enter(power, action, why)
            return True
        if self.arrivals and state["chain"] is None and phase == "play":
            power, city, mover, counter = self.arrivals.pop(0)
            entered = (state["step"].get("entered") or {}).get(counter, [])
            here = positions.city_of(state, mover, counter) is not None and city in entered
            if here and state["turn"] == mover:
                self._search(
                    power, city, mover, counter, f"{mover}'s {counter} arrives in {city} (4.1)"
                )
            return True
        if phase == "setup":
            return self._setup()
        if phase == "final":
            for power in self.data.powers:
                if power in self.bots and state["originals"][power] is None:
                    chosen = cands.originals(self.sight(power))
                    action = {"type": "originals", "power": power, "secrets": chosen}
                    if not self.enter(power, action, "our originals under our control"):
                        self.enter(power, {**action, "secrets": []}, "none after a refusal")
                    return True
            return False
        if state["chain"] is not None:
            return self._chain()
        power = state["turn"]
        if power not in self.bots:
            return False
        return self._turn(power)

    def _setup(self) -> bool:
        state = self.state
        for power in self.data.powers:
            if power not in self.bots:
                continue
            level = self.bots[power]
            if not state["hands"][power]:
                return self.enter(power, {"type": "hand", "power": power}, "the set up (2.3)")
            if state["secret_cities"][power] is None:
                cities = self._secret_cities(power, level)
                deploy: Json = {"type": "secrets", "power": power, "cities": cities}
                return self.enter(power, deploy, "the set up (2.4)")
            if state["police"][power] is None or not positions.placed(state, power):
                action: Json = {"type": "place", "power": power}
                if not positions.placed(state, power):
                    action["spies"] = self._spies(power, level)
                if state["police"][power] is None:
                    action["police"] = self._police(power, level)
                if self.enter(power, action, "the set up (2.5, 2.6)"):
                    return True
                for key in ("spies", "police"):  # one at a time, if the rules want it so
                    if key in action:
                        self.enter(power, {"type": "place", "power": power, key: action[key]}, "")
                return True
        return False

    def _secret_cities(self, power: str, level: str) -> list[str]:
        """2.4: easy anywhere in its territory; fair and best where its police may stand, the
        capital first."""
        data = self.data
        source = self.rng("secrets", power)
        allotment = self.state["allotment"][power]
        territory = [
            c.name for c in data.cities.values() if c.owner == power and c.kind != "SECRET city"
        ]
        if level == "easy":
            return sorted(source.sample(territory, allotment))
        police = police_cities(self.state, power, data)
        home = [c for c in police if data.cities[c].kind == "capital"]
        rest = sorted(c for c in police if c not in home)
        source.shuffle(rest)
        chosen = (home + rest + [c for c in territory if c not in police])[:allotment]
        return chosen

    def _police(self, power: str, level: str) -> dict[str, int]:
        """2.5: easy anywhere it may (two a city at most); fair and best on its secrets."""
        if level != "easy":
            return cands.police_plan(self.sight(power), guard_all=True)
        source = self.rng("police", power)
        allowed = police_cities(self.state, power, self.data)
        plan: dict[str, int] = {}
        while sum(plan.values()) < self.data.police[power]:
            city = source.choice(allowed)
            if plan.get(city, 0) < 2:
                plan[city] = plan.get(city, 0) + 1
        return plan

    def _spies(self, power: str, level: str) -> dict[str, str]:
        """2.6: every spy in a city of the map: near SECRET cities and the cities its tiles pay,
        outside its own territory (easy: anywhere)."""
        data = self.data
        source = self.rng("spies", power)
        cities = sorted(data.cities)
        secret = sorted(c.name for c in data.cities.values() if c.kind == "SECRET city")
        hand = self.state["hands"][power]
        paying = sorted(
            {
                city
                for code in hand
                for city in data.tiles[code].cities
                if city in data.cities and data.cities[city].owner != power
            }
        )
        out = {}
        for spy in data.spies[power]:
            if level == "easy":
                out[spy] = source.choice(cities)
            else:
                out[spy] = source.choice(secret if source.random() < 0.6 else paying or secret)
        return out

    # -- chains (the Action Chit Summary) --------------------------------------------------------

    def _chain(self) -> bool:
        state = self.state
        plays = state["chain"]["plays"]
        opening = plays[0]
        opener = opening["power"]
        for power in self.data.powers:
            # each bot considers each play of each chain once
            key = f"{state['year']} {state['turn']} {plays[0]} {len(plays)} {power}"
            if power not in self.bots or key in self.considered:
                continue
            self.considered.add(key)
            answer = self._answer(power, plays)
            if answer is not None and self.enter(power, *answer):
                return True
        if opener in self.bots:
            return self.enter(opener, {"type": "resolve"}, "the counters are in")
        return False

    def _answer(self, power: str, plays: list[Json]) -> tuple[Json, str] | None:
        """A bot's counter to the open chain, if it makes one."""
        sight = self.sight(power)
        source = self.rng("answer", power, len(plays))
        bank = int(self.state["bank"][power])
        last = plays[-1]
        number = len(plays)
        opening = plays[0]
        city = opening.get("city")
        chit = {"type": "chit", "power": power, "against": number}
        if last["power"] == power:
            return None
        if not levels.reacts(sight.level, source):
            return None
        if last["chit"] == "Discovery" and city and positions.in_city(self.state, power, city):
            stake = any(
                cands.in_territory(sight, city) or p["held"] is not None
                for p in sight.mine.values()
                if (p["city"] == city and p["held"] is None)
                or (p["held"] and positions.city_of(self.state, *p["held"]) == city)
            )
            if stake and sight.chits["Cover"] and bank >= 1:
                return {**chit, "chit": "Cover"}, f"our secret in {city}: Cover"
        if last["chit"] == "Cover" and opening["power"] == power and last.get("against") == 1:
            if sight.chits["Discovery"] and bank >= 3 and sight.level != "easy":
                return {**chit, "chit": "Discovery"}, "a second Discovery against the Cover"
        if last["chit"] == "Sanction" and last.get("enemy") == power and number == 1:
            if sight.chits["Escape"] and bank >= 10:
                return {**chit, "chit": "Escape"}, "our spy escapes the Sanction"
            if sight.chits["Double Cross"] and bank >= 1:
                return {**chit, "chit": "Double Cross"}, "Double Cross: the Sanction reversed"
        if last["chit"] in ("Drop", "Source") and number == 1:
            if sight.chits["Intercept"] and bank >= 10:
                return {**chit, "chit": "Intercept"}, f"Intercept {last['power']}'s {last['chit']}"
        return None

    # -- a bot's own turn -----------------------------------------------------------------------

    def _turn(self, power: str) -> bool:
        state = self.state
        key = (int(state["year"]), power)
        if key != self.turn_key:
            self.turn_key, self.steps = key, 0
            self.searched, self.discovered, self.policed = set(), set(), False
        self.steps += 1
        end = {"type": "end_turn", "power": power}
        if self.steps > MAX_TURN:
            return self.enter(power, end, "enough for one turn")
        sight = self.sight(power)
        level = sight.level
        source = self.rng("turn", power, self.steps)
        if state["step"]["tile"] is None and state["hands"][power]:
            return self._pick(power, cands.tile_moves(sight), level, source, end)
        if not self.policed and not state["step"]["searched"] and not state["step"]["moved"]:
            self.policed = True
            if level != "easy":
                options = cands.police_moves(sight)
                if level == "fair":
                    options = [c for c in options if c.gain >= 3.0]
                if options and self._pick(power, options, level, source, None):
                    return True
        if not state["step"]["moved"]:
            options = cands.search_moves(sight, self.searched)
            if level == "easy":
                options = [c for c in options if source.random() < 0.5]
            else:
                options = [c for c in options if c.gain > 0.2]
            if options:
                choice = max(options, key=lambda c: (c.gain, c.reason))
                a = choice.action
                self.searched.add((a["city"], a["enemy"], a["target"]))
                self._search(power, a["city"], a["enemy"], a["target"], choice.reason)
                return True
        if level == "easy" and source.random() < 0.12:
            return self.enter(power, end, "easy: enough")
        plan = self._plan_tiles(sight) if level == "best" else []
        reserve = 1 if level == "best" and sight.chits["Discovery"] else 0
        options = cands.chit_moves(sight, self.discovered) + cands.spy_moves(sight, plan, reserve)
        if level == "best":  # money kept for the Discoveries and Escapes to come
            options = [c for c in options if self._affords(c.action, int(state["bank"][power]))]
        return self._pick(power, options, level, source, end)

    RESERVE = 8  # best: pounds left after a chit (a Discovery or two, Papers)

    def _affords(self, action: Json, bank: int) -> bool:
        chit = action.get("chit")
        if action.get("type") != "chit" or chit in (None, "Discovery"):
            return True
        known = self.data.cities.get(str(action.get("city")))
        low, high = self.data.chits[str(chit)].pounds
        price = low if known is None or known.owner == "neutral" else high
        return bank - price >= self.RESERVE

    def _plan_tiles(self, sight: Sight) -> list[str]:
        """best: the tiles of its hand it means to play next (this year's and next year's)."""
        year = int(self.state["year"])
        ahead = [
            code
            for code in self.state["hands"][sight.power]
            if self.data.tiles[code].first <= year + 1 <= self.data.tiles[code].last
        ]
        return sorted(ahead, key=lambda c: -cands.potential(sight, c))[:2]

    def _pick(
        self,
        power: str,
        options: list[cands.Candidate],
        level: str,
        source: random.Random,
        fallback: Json | None,
    ) -> bool:
        tried = 0
        while options and tried < 6:
            tried += 1
            choice = levels.choose(options, level, source)
            if choice is None:
                break
            action = choice.action
            if action.get("type") == "chit" and action.get("chit") == "Discovery":
                self.discovered.add(str(action["city"]))
            if self.enter(power, action, choice.reason):
                return True
            options = [c for c in options if c is not choice]
        if fallback is None:
            return False
        return self.enter(power, fallback, "nothing more worth doing")
