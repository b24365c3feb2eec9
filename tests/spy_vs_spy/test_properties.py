"""Property tests: random legal games (every action drawn from what the rules allow in the state,
dice drawn by the tracker) are never refused, never crash, and keep health in 0-8, action points
in 0-2, lives in 0-3, the three pieces of the Thingamajig conserved (carried, in rooms, or with
cops; each spy shows what he carries and what he hid) and every equipment piece conserved (bags,
arsenals, traps set, loose, discarded). Any typed action is applied or refused, never a crash,
and leaves the state it was given as it was."""

from __future__ import annotations

import copy
import dataclasses
from collections import Counter

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from svs_table import GAME, KIT, NUMBERS, Table

from assistant.engine import Refusal
from assistant.games.spy_vs_spy.board import DOOR, ROOF
from assistant.games.spy_vs_spy.rules import SpyVsSpy

SPIES = ("black", "white")
COLOURS = [c.id for c in KIT.colours]


def arsenal(draw, bags: dict) -> dict:
    picks = {}
    for kind in ("offensive", "defensive"):
        pool = [c for c, n in bags[kind].items() for _ in range(n)]
        chosen = draw(st.permutations(pool))[:5]
        for colour in chosen:
            bags[kind][colour] -= 1
        picks[kind] = chosen
    picks["defence"] = draw(st.sampled_from(picks["defensive"]))
    if draw(st.booleans()):
        picks["weapon"] = draw(st.sampled_from(picks["offensive"]))
    return picks


class Player:
    """Plays one random legal game through `game`'s complete and apply."""

    def __init__(self, draw, game: SpyVsSpy = GAME) -> None:
        self.draw = draw
        self.game = game
        first, seed = draw(st.sampled_from(SPIES)), draw(st.integers(0, 10**6))
        self.table = Table(first=first, seed=seed, game=game)
        rooms = list(KIT.board.rooms)
        self.layout = dict(zip(rooms, draw(st.permutations(list(KIT.tokens))), strict=True))
        numbers = draw(st.sampled_from([None, NUMBERS]))
        if numbers is None:  # the pieces where the spies will find them soon
            numbers = [self.layout[r] for r in ("B1", "D2", "C5")]
        self.do({"type": "circle", "numbers": numbers})
        bags = copy.deepcopy(self.state["secret"]["bags"])
        for spy in SPIES:
            self.do({"type": "arsenal", "spy": spy, **arsenal(draw, bags)})

    @property
    def state(self) -> dict:
        return self.table.state

    def do(self, action: dict) -> None:
        game = self.game
        action = game.complete(self.state, action, self.draw(st.integers(0, 2**31 - 1)))
        before = copy.deepcopy(self.state)
        after = game.apply(self.state, action)
        assert not isinstance(after, Refusal), (action, after, game.view(self.state)["next"])
        assert self.state == before
        assert game.describe(action, before, after)
        self.table.state = after
        check(after)
        game.render(after)

    # ---- what the rules allow --------------------------------------------------------------

    def step(self) -> None:
        s, draw = self.state, self.draw
        phase = s["phase"]
        if phase == "restart":
            spy = s["restart"][0]
            self.do({"type": "restart", "spy": spy, "at": draw(st.sampled_from(["A0", "E0"]))})
        elif phase == "cops":
            self.do({"type": "cops"})
        elif phase == "fight":
            self.fight()
        else:
            self.turn()

    def fight(self) -> None:
        s, draw = self.state, self.draw
        fight = s["fights"][0]
        spies = [w for w in (fight["attacker"], fight["defender"]) if w in SPIES]
        if fight["exchanges"] and draw(st.integers(0, 2)) == 0:
            runner = draw(st.sampled_from(spies))
            both = (
                runner == fight["defender"] and fight["attacker"] in SPIES and draw(st.booleans())
            )
            to = draw(st.sampled_from(self.moves(runner, free=True)))
            self.do({"type": "run", "spy": runner, "to": to, **({"both": True} if both else {})})
            return
        # "At the start of combat each player must declare which weapon they will be using":
        # with `declare`, or in the exchange; when both attack again, a spy may declare anew
        # (the kit's weapon_declared) or keep his weapon
        declared = fight.get("declared", {})
        free = [spy for spy in spies if spy not in declared]
        anew = self.game.kit.declare_each_exchange or not fight["exchanges"]
        if free and anew and draw(st.integers(0, 3)) == 0:
            spy = draw(st.sampled_from(free))
            self.do({"type": "declare", "spy": spy, "weapon": self.weapon(spy)})
            return
        if free and not fight["exchanges"]:  # no exchange before each spy has declared
            bare = self.game.apply(s, {"type": "exchange", "rolls": {}})
            assert isinstance(bare, Refusal) and bare.why.startswith("at the start of combat")
        action = {"type": "exchange"}
        for spy in free:
            if not fight["exchanges"] or (anew and draw(st.booleans())):
                action[spy] = self.weapon(spy)
        self.do(action)
        key = (fight["attacker"], fight["defender"], fight["room"], fight["exchanges"] + 1)
        after = [f for f in self.state["fights"] if (*_sides(f), f["exchanges"]) == key]
        if fight["exchanges"] and not self.game.kit.declare_each_exchange and after:
            assert after[0]["used"] == fight["used"]  # declared for the whole fight
            event("whole fight: the weapons held after a later exchange")
        event(
            "fight: an exchange with a weapon declared anew"
            if fight["exchanges"] and any(spy in action for spy in spies)
            else "fight: an exchange"
        )

    def weapon(self, spy: str) -> str:
        """A weapon the spy may declare: his sword, or his equipped 1-pip unless he carries all
        three pieces."""
        held = self.state["secret"]["arsenal"][spy]
        can = held["weapon"] and not self.loaded(spy)
        return "weapon" if can and self.draw(st.booleans()) else "sword"

    def loaded(self, spy: str) -> bool:
        return sum(p["at"] == f"spy:{spy}" for p in self.state["secret"]["pieces"]) == 3

    def moves(self, spy: str, free: bool = False) -> list[str]:
        s = self.state
        here = s["positions"][spy]
        out = []
        for node, kind in KIT.board.neighbours(here):
            if kind == DOOR and node in KIT.board.doors:
                continue
            if kind == ROOF and node == KIT.board.helipad and not self.loaded(spy):
                continue
            cost = 2 if self.loaded(spy) and kind in ("walk", "door") else 1
            if free or cost <= s["ap_left"]:
                out.append(node)
        return out

    def turn(self) -> None:
        s, draw = self.state, self.draw
        spy = s["turn"]
        here = s["positions"][spy]
        held = s["secret"]["arsenal"][spy]
        options = ["end", "change"]
        if self.moves(spy):
            options += ["move"] * 6
        smoked = s["smoke"] == [spy, here, s["turn_no"]]
        if here in KIT.board.rooms and not self.loaded(spy):
            options += [] if smoked else ["search"] * 3
            special = KIT.board.special_of(here)
            others = [w for w in SPIES if w != spy and s["positions"][w] == here]
            others += [c for c in s["cops"] if c["status"] == "on" and c["at"] == here]
            if special and not others:
                if special != "first_aid" or s["health"][spy] < 8:
                    options.append("room")
        kind = draw(st.sampled_from(options))
        action: dict = {"type": kind, "spy": spy}
        if kind == "move":
            action["to"] = draw(st.sampled_from(self.moves(spy)))
        elif kind == "change":
            if held["offensive"] and not self.loaded(spy) and draw(st.booleans()):
                action["weapon"] = draw(st.sampled_from([*held["offensive"], "none"]))
            if held["defensive"] and draw(st.booleans()):
                action["defence"] = draw(st.sampled_from(held["defensive"]))
        elif kind == "search":
            self.search(action, spy, here, held)
        elif kind == "room":
            self.room(action, spy, here, held)
        self.do(action)

    def search(self, action: dict, spy: str, here: str, held: dict) -> None:
        s, draw = self.state, self.draw
        if here not in s["secret"]["numbers"]:
            action["number"] = self.layout[here]
        mine = [p["number"] for p in s["secret"]["pieces"] if p["at"] == f"spy:{spy}"]
        lying = [p["number"] for p in s["secret"]["pieces"] if p["at"].split(":")[1:2] == [here]]
        new = [action["number"]] if action.get("number") in (s["thingamajig"] or []) else []
        carried = mine + lying + new
        if carried and draw(st.integers(0, 3)) == 0:
            action["hide"] = draw(st.lists(st.sampled_from(carried), unique=True, max_size=2))
        offensive = list(held["offensive"])
        token = s["secret"]["traps"].get(here)
        if token and token["colour"] and token["colour"] != held["defence"] and held["weapon"]:
            if KIT.colour(token["colour"]).trap_then == "dissolve_weapon":
                offensive.remove(held["weapon"])  # he sees the acid: that 1-pip is gone
        # a trap comes from the Arsenal: not the only 1-pip of its colour, under him
        settable = [c for c in offensive if c != held["weapon"] or offensive.count(c) > 1]
        if settable and draw(st.booleans()):
            action["set"] = draw(st.sampled_from(settable))
        loose = s["loose"].get(here, [])
        if loose and draw(st.booleans()):
            action["take"] = [draw(st.sampled_from(loose))]
            kept = list(offensive)
            if "set" in action:
                kept.remove(action["set"])
            if len(offensive) + 1 > 5:
                action["give"] = [draw(st.sampled_from(kept))]

    def room(self, action: dict, spy: str, here: str, held: dict) -> None:
        s, draw = self.state, self.draw
        special = KIT.board.special_of(here)
        if special == "first_aid":
            action["use"] = "mend"
            return
        kind = special
        bag = s["secret"]["bags"][kind]
        slot = "weapon" if kind == "offensive" else "defence"
        if draw(st.booleans()) and any(bag.values()):
            action["use"] = "shop"
            action["take"] = draw(st.sampled_from([c for c, n in bag.items() if n]))
            if len(held[kind]) >= 5:
                action["give"] = draw(st.sampled_from(held[kind]))
            return
        action["use"] = "smash"
        given = list(held[kind])
        if held[slot] is not None:
            given.remove(held[slot])
        pool = Counter(bag)
        pool.update(given)
        flat = [c for c, n in pool.items() for _ in range(n)]
        action["drawn"] = draw(st.permutations(flat))[: len(given)]


def _sides(fight: dict) -> tuple[str, str, str]:
    return fight["attacker"], fight["defender"], fight["room"]


def check(state: dict) -> None:
    """The invariants of every state a legal game reaches."""
    view = GAME.view(state)
    assert 0 <= view["ap_left"] <= 2
    for spy in SPIES:
        assert 0 <= view["health"][spy] <= 8
        assert 0 <= view["lives"][spy] <= 3
        assert view["frozen"][spy] >= 0
    secret = state["secret"]
    # the three pieces: one record each, where a piece can be; shown = carried + hidden
    records = secret["pieces"]
    assert sorted(p["number"] for p in records) == sorted(state["thingamajig"])
    on_board = {c["cop"] for c in state["cops"] if c["status"] == "on"}
    for record in records:
        kind, *where = record["at"].split(":")
        assert kind in ("unfound", "spy", "hidden", "dropped", "cop"), record
        if kind == "spy":
            assert where[0] in SPIES
        if kind in ("hidden", "dropped"):
            assert where[0] in KIT.board.rooms
        if kind == "cop":
            assert where[0] in on_board
    for spy in SPIES:
        carried = sum(p["at"] == f"spy:{spy}" for p in records)
        hidden = sum(p["at"].startswith("hidden:") and p["at"].endswith(f":{spy}") for p in records)
        assert view["pieces"][spy] == carried + hidden
    assert sum(view["dropped"].values()) == sum(p["at"].startswith("dropped:") for p in records)
    assert view["found"] == sum(p["at"] != "unfound" for p in records)
    # every equipment piece: bags, arsenals, traps set, loose, discarded
    arsenals = [a for a in secret["arsenal"].values() if a is not None]
    for colour in KIT.colours:
        c = colour.id
        offensive = secret["bags"]["offensive"][c] + state["discard"]["offensive"].count(c)
        offensive += sum(a["offensive"].count(c) + a["used"].count(c) for a in arsenals)
        offensive += sum(pieces.count(c) for pieces in state["loose"].values())
        defensive = secret["bags"]["defensive"][c] + state["discard"]["defensive"].count(c)
        defensive += sum(a["defensive"].count(c) for a in arsenals)
        assert (offensive, defensive) == (colour.in_bag, colour.in_bag), c
    for spy, held in secret["arsenal"].items():
        if held is None:
            continue
        traps = [t["colour"] for t in secret["traps"].values() if t["owner"] == spy and t["colour"]]
        assert sorted(traps) == sorted(held["used"])
        assert held["weapon"] is None or held["weapon"] in held["offensive"]
        assert held["defence"] is None or held["defence"] in held["defensive"]
    for fight in state["fights"]:
        assert fight["room"] in KIT.board.rooms


@settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(st.data())
def test_random_legal_games_keep_the_budgets_and_conserve_the_pieces(data):
    player = Player(data.draw)
    for _ in range(200):
        if player.state["winner"] is not None:
            break
        player.step()
    state = player.state
    event(f"winner: {state['winner']}")
    event(f"pieces found: {sum(p['at'] != 'unfound' for p in state['secret']['pieces'])}")
    event("cops came" if any(c["status"] != "waiting" for c in state["cops"]) else "no cops")


# the other reading the player aid may print (`weapon_declared: for the whole fight`; read from
# the YAML in test_combat.py)
WHOLE_FIGHT = SpyVsSpy(dataclasses.replace(KIT, declare_each_exchange=False))


@settings(
    max_examples=15,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(st.data())
def test_random_legal_games_with_weapons_declared_for_the_whole_fight(data):
    player = Player(data.draw, WHOLE_FIGHT)
    for _ in range(200):
        if player.state["winner"] is not None:
            break
        player.step()


VALUES = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-2, 30),
    st.sampled_from(["black", "white", "deputy", "A1", "B2", "E0", "Helipad", "orange", "sword"]),
    st.sampled_from(["weapon", "shop", "smash", "mend", "none", "decoy", "light blue", "x"]),
    st.lists(st.sampled_from(["orange", "green", 4, 11, "x"]), max_size=5),
    st.dictionaries(st.sampled_from(["black", "white", "deputy", "swat"]), st.integers(0, 7)),
)
KEYS = ["spy", "to", "number", "hide", "set", "take", "give", "roll", "slide", "weapon", "defence"]
KEYS += ["use", "drawn", "black", "white", "rolls", "both", "at", "arrive", "numbers"]
KEYS += ["offensive", "defensive"]
TYPES = ["circle", "arsenal", "move", "search", "change", "room", "end", "exchange", "run"]
TYPES += ["restart", "cops", "dance"]


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_any_action_is_applied_or_refused_never_a_crash(data):
    player = Player(data.draw)
    for _ in range(data.draw(st.integers(0, 80))):
        if player.state["winner"] is not None:
            break
        player.step()
    for _ in range(12):
        action = {"type": data.draw(st.sampled_from(TYPES))}
        for key in data.draw(st.lists(st.sampled_from(KEYS), max_size=4, unique=True)):
            action[key] = data.draw(VALUES)
        before, typed = copy.deepcopy(player.state), copy.deepcopy(action)
        completed = GAME.complete(player.state, action, 5)
        out = GAME.apply(player.state, completed, force=data.draw(st.booleans()))
        assert player.state == before and action == typed
        assert isinstance(out, (dict, Refusal))
        if isinstance(out, dict):
            GAME.render(out)
            GAME.describe(completed, player.state, out)
            player.table.state = out
