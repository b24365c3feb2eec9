"""Spies! (SPI 1981), the long game: the table tracker. Exposes `GAME`.

The tracker keeps what the table must keep and cannot see for itself: money, Action Points, the
year and whose turn, the Event Tiles in hand, played and discarded, the chits played and their
chains, the Time and Victory Record; it asks the players for the positions a rule needs (where
their spies are when a tile is played, where a Drop stands), or, on a table whose spies were
placed at the set up, keeps them on the map itself (positions.py; moves along routes.py's graph).
Face-down values stay with the players. The vocabulary, the house choices and an example year
are in docs/spies.md.

Rules are pure: the facts come from templates/spies/ (data.py reads them once); the random draws
(a hand's random tiles, a recruit) go through `complete` with a recorded seed.
"""

from __future__ import annotations

from typing import Any

from assistant.engine import Json, Option, Refusal
from assistant.games.actions import Action, Actions, Kind, Param, Refuse, When, whole
from assistant.games.spies import chain, chits, names, setup, tiles, turns
from assistant.games.spies import seats as seating
from assistant.games.spies.data import GameData, default_data
from assistant.games.spies.render import render_text
from assistant.games.spies.state import ALLIES, AXIS, SEATS_RULE, Turn, initial
from assistant.games.spies.view import public_view
from deaddrop.errors import InputError

PHASES = {
    "setup": "the set up",
    "play": "play",
    "final": "the end of the game (original secrets)",
    "over": "a finished game",
}


def before(state: Json, action: Json, turn: Turn) -> None:
    """Before any action: the game is not over; an open chain is resolved first."""
    turn.kind = str(action.get("type"))
    if state["phase"] == "over":
        raise Refuse("Game over", state["result"] or "the game is over")
    if state["chain"] is not None and action["type"] not in ("chit", "resolve"):
        first = chain.describe_play(state["chain"]["plays"][0])
        raise Refuse(chain.CHIT_RULE, f"{first} waits: counter it (chit) or resolve it first")


def during(text: str, *phases: str) -> When[Turn]:
    def check(state: Json, action: Json, turn: Turn) -> None:
        if state["phase"] not in phases:
            raise Refuse("Phase", f"no {action['type']} during {PHASES[state['phase']]}")

    return When(text, phases, check)


def after(state: Json, turn: Turn) -> None:
    state["last"] = turn.notes
    if turn.kind not in ("search", "chit"):  # Papers react to the search just made, or none
        state["step"].pop("last_search", None)


def _power_problem(value: Any, state: Json, action: str) -> str | None:
    if names.find(value, state["bank"]) is not None:
        return None
    return f"{action}: power: expected one of {', '.join(state['bank'])} (got {value!r})"


POWER = Kind("power", _power_problem)
TILE = Kind("tile")
CITY = Kind("city")
WHOLE = Kind("whole number")
POWER_ = Param("power", POWER, help="the power acting")
ACTIONS = Actions[Turn](
    Action(
        "hand",
        "a power's Event Tiles: its own 7 and 3 random ones",
        setup.hand,
        (
            POWER_,
            Param("random", Kind("tiles"), False, "the 3 random tiles (none: the tracker draws)"),
            Param("seed", WHOLE, False, "the seed the random tiles were drawn from"),
        ),
        during("the set up", "setup"),
    ),
    Action(
        "secrets",
        "the cities of a power's secrets, one a city, in its territory",
        setup.secrets,
        (POWER_, Param("cities", Kind("cities"), help="its allotment of cities")),
        during("the set up", "setup"),
    ),
    Action(
        "police",
        "where a power's police stand: at most 2 a city, in its police cities",
        setup.police,
        (POWER_, Param("cities", Kind("{City: count}"), help="every police piece")),
        during("the set up; your turn, after the tile, before searching", "setup", "play"),
    ),
    Action(
        "place",
        "where a power's pieces stand (a table that tracks positions): spies at the set up, "
        "police at the set up or on your turn",
        setup.place,
        (
            POWER_,
            Param("spies", Kind("{Spy: City}"), False, "2.6: every spy, any city of the map"),
            Param("police", Kind("{City: count}"), False, "2.5, 3.3: as the police action"),
            Param("seed", WHOLE, False, "the seed of the counters' secret order in a city"),
        ),
        during("the set up; your turn, after the tile, before searching", "setup", "play"),
    ),
    Action(
        "discard",
        "discard an Event Tile face down (no Action Point)",
        tiles.discard,
        (POWER_, Param("tile", TILE)),
        during("the start of your turn", "play"),
    ),
    Action(
        "play",
        "play an Event Tile of the current year (1 AP); its awards are paid",
        tiles.play,
        (
            POWER_,
            Param("tile", TILE),
            Param(
                "spies",
                Kind("{Power: [City]}"),
                False,
                "who has spies where (a table without positions; only the tile's cities pay)",
            ),
        ),
        during("the start of your turn", "play"),
    ),
    Action(
        "search",
        "police search a city; with enemy and target, that spy is captured",
        turns.search,
        (
            POWER_,
            Param("city", CITY, help="a city with the power's police"),
            Param("enemy", POWER, False, "the captured spy's power"),
            Param(
                "target", Kind("spy"), False, "the spy searched for (positions: its counter, #N)"
            ),
            Param("captured", Kind("yes or no"), False, "yes when enemy/target named (default)"),
        ),
        during("your turn, before moving (1 AP a city); an enemy spy arriving (free)", "play"),
    ),
    Action(
        "move",
        "move one spy (1 AP a space, at most 5 a turn): spaces=N, or to=/path= on the map",
        turns.move,
        (
            POWER_,
            Param("spy", Kind("spy or label"), help="its name, or any label you keep for it"),
            Param("spaces", WHOLE, False, "cities and sea zones entered (no positions)"),
            Param("to", CITY, False, "positions: the city it goes to (the shortest path)"),
            Param("path", Kind("cities"), False, "positions: the spaces it enters, A,B,C"),
        ),
        during("your turn, after searching", "play"),
    ),
    Action(
        "diplomacy",
        "initiate diplomacy (1 AP per opponent)",
        turns.diplomacy,
        (POWER_, Param("with", Kind("powers"), help="the opponents")),
        during("your turn", "play"),
    ),
    Action(
        "give",
        "pounds or Action chits change hands (a trade agreed in diplomacy)",
        turns.give,
        (
            POWER_,
            Param("to", POWER),
            Param("pounds", WHOLE, False, "thousand pounds"),
            Param("chits", WHOLE, False, "Action chits"),
        ),
        during("during play", "play"),
    ),
    Action(
        "chit",
        "play an Action chit: its pounds and AP; it opens, counters or stands alone",
        chits.play,
        (
            POWER_,
            Param("chit", Kind("chit"), help="Discovery, Sanction, Drop, Cover, ..."),
            Param("city", CITY, False, "Discovery, Drop, Sanction: where"),
            Param("owner", Kind("power or neutral"), False, "a Drop city not in the table"),
            Param("against", WHOLE, False, "the play of the chain it counters (1: the first)"),
            Param("spy", Kind("spy"), False, "Sanction: yours; Escape, Recruit: the one freed"),
            Param("enemy", POWER, False, "Sanction: the target's power; Source: whose pieces"),
            Param("target", Kind("spy"), False, "Sanction: the enemy spy"),
            Param("seed", WHOLE, False, "Recruit: the seed the spy was drawn from"),
        ),
        during("by its timing: your turn, anyone's, an opponent's", "play"),
    ),
    Action(
        "resolve",
        "close the open chain: what stands takes effect",
        chain.resolve,
        (),
        during("after the counters", "play"),
    ),
    Action(
        "counterspy",
        "a counterspy captures a weaker spy that discovered it",
        turns.counterspy,
        (
            POWER_,
            Param("enemy", POWER),
            Param("target", Kind("spy"), help="the spy captured (positions: its counter, #N)"),
            Param("city", CITY),
            Param("owner", Kind("power or neutral"), False, "a city not in the table"),
        ),
        during("during play", "play"),
    ),
    Action(
        "cash",
        "cash in a foreign secret: 20£, an Action chit, onto the record",
        turns.cash,
        (
            POWER_,
            Param("secret", Kind("secret")),
            Param("at", CITY, False, "the capital (default) or a Drop"),
        ),
        during("your turn", "play"),
    ),
    Action(
        "drop_lost",
        "a Drop is eliminated (no spy of its power left in its city)",
        turns.drop_lost,
        (POWER_, Param("city", CITY)),
        during("during play", "play"),
    ),
    Action(
        "end_turn",
        "end the turn; after Britain's, the year ends",
        turns.end_turn,
        (POWER_,),
        during("your turn, after the tile", "play"),
    ),
    Action(
        "originals",
        "a power's original secrets in its territory and control, at the end",
        turns.originals,
        (POWER_, Param("secrets", Kind("secrets"), help="may be []")),
        during("the end of the game", "final"),
    ),
    before=before,
    after=after,
)


def _per_power(value: Any, powers: tuple[str, ...], key: str) -> dict[str, int]:
    """An option given for every power alike (a number) or per power ({Germany: 30, ...})."""
    if whole(value) and value >= 0:
        return {power: value for power in powers}
    if isinstance(value, dict) and sorted(map(str, value)) == sorted(powers):
        out = {str(k): v for k, v in value.items()}
        if all(whole(v) and v >= 0 for v in out.values()):
            return {power: out[power] for power in powers}
    raise InputError(f"option {key}: expected a whole number or {{Germany: n, ...}} for all five")


def _multiples(value: Any, data: GameData) -> dict[str, int]:
    years = [str(y) for y in range(data.first_year, data.last_year + 1)]
    if isinstance(value, list) and len(value) == len(years):
        value = dict(zip(years, value, strict=True))
    if isinstance(value, dict) and sorted(map(str, value)) == years:
        out = {str(k): v for k, v in value.items()}
        if all(whole(v) and v >= 0 for v in out.values()):
            return {year: out[year] for year in years}
    raise InputError(
        f"option multiples: expected [{len(years)} numbers] or {{{years[0]}: n, ...}} "
        f"(one for each year {years[0]}-{years[-1]})"
    )


def table_bots(value: Any, level: Any, powers: tuple[str, ...]) -> dict[str, str]:
    """Option bots (`Italy,France`, `[Italy, France]`, `all`, `none`) and bot_level (one level,
    or {Power: level}): power -> level, in turn order."""
    from assistant.games.spies.bots.levels import LEVELS

    items: list[Any]
    if value in (None, "", "none", []):
        return {}
    if isinstance(value, str):
        items = [part.strip() for part in value.split(",") if part.strip()]
    elif isinstance(value, list):
        items = value
    else:
        raise InputError("option bots: expected powers, e.g. Italy,France, or all")
    if len(items) == 1 and isinstance(items[0], str) and items[0].lower() == "all":
        items = list(powers)
    chosen = []
    for item in items:
        found = names.find(item, powers)
        if found is None:
            raise InputError(f"option bots: no power {item!r} (powers: {', '.join(powers)}, all)")
        chosen.append(found)
    levels = level if isinstance(level, dict) else dict.fromkeys(chosen, level)
    out = {}
    for power in powers:
        if power not in chosen:
            continue
        given = next((v for k, v in levels.items() if names.find(k, [power])), "fair")
        if given not in LEVELS:
            raise InputError(f"option bot_level: expected {', '.join(LEVELS)} (got {given!r})")
        out[power] = str(given)
    return out


def table_seed(value: Any) -> int:
    """Option seed: a whole number (the table's; given by `table new` when none is)."""
    if value is None:
        return 0
    if not whole(value) or value < 0:
        raise InputError(f"option seed: expected a whole number >= 0 (got {value!r})")
    return int(value)


class Spies:
    """The Spies! tracker (see the module docstring)."""

    name = "spies"
    actions = ACTIONS
    title = "Spies! (SPI 1981): the long game"

    def __init__(self, data: GameData | None = None) -> None:
        self._data = data

    @property
    def data(self) -> GameData:
        return self._data if self._data is not None else default_data()

    @property
    def options(self) -> dict[str, Option]:
        data, house = self.data, self.data.house
        return {
            "players": Option(5, "2 to 5 (7.0: who plays which power)"),
            "bank": Option(
                dict(data.bank),
                "starting funds, thousand pounds (ours: kit.yaml): one number or {Germany: n, ...}",
            ),
            "chits": Option(
                house["chits"],
                "Action chits each power draws at the start (ours): n or {Germany: n, ...}",
            ),
            "secrets": Option(dict(house["secrets"]), "secrets each power draws (ours)"),
            "multiples": Option(
                {str(y): m for y, m in house["multiples"].items()},
                "Time and Victory multiples per year (ours)",
            ),
            "source_pounds": Option(
                data.chits["Source"].pounds[0],
                "Source's cost: the summary's 4 (the counter list says 40)",
            ),
            "russia_1933": Option(house["russia_1933"], "two players: who plays Russia in 1933"),
            "bots": Option([], "the powers the tracker plays: Italy,France or all (5 players)"),
            "bot_level": Option("fair", "the bots' level: easy, fair or best, or {Italy: best}"),
            "seed": Option(None, "the table's seed: the bots' deal and draws (none: drawn)"),
        }

    def setup(self, options: Json) -> Json | Refusal:
        data = self.data
        given = {**{k: o.default for k, o in self.options.items()}, **options}
        players = given["players"]
        if not whole(players):
            raise InputError(f"option players: expected a whole number 2-5, got {players!r}")
        if not 2 <= players <= len(data.powers):
            return Refusal(SEATS_RULE, f"Spies! is played by 2 to 5 players (not {players})")
        if given["russia_1933"] not in (AXIS, ALLIES):
            raise InputError(f"option russia_1933: expected {AXIS} or {ALLIES}")
        resolved = {
            "players": players,
            "bank": _per_power(given["bank"], data.powers, "bank"),
            "chits": _per_power(given["chits"], data.powers, "chits"),
            "secrets": _per_power(given["secrets"], data.powers, "secrets"),
            "multiples": _multiples(given["multiples"], data),
            "source_pounds": given["source_pounds"],
            "russia_1933": given["russia_1933"],
        }
        if not whole(resolved["source_pounds"]) or resolved["source_pounds"] < 0:
            raise InputError("option source_pounds: expected a whole number >= 0")
        if sum(resolved["chits"].values()) > data.cup:
            raise InputError(f"option chits: the cup holds {data.cup} chits in all")
        state = initial(data, resolved)
        bots = table_bots(given.get("bots"), given.get("bot_level"), data.powers)
        if bots:
            if players != len(data.powers):
                raise InputError(
                    "option bots: a bot plays one power's seat: give --players 5 (the people "
                    "and the bots together)"
                )
            state["bots"] = bots
            state["seed"] = table_seed(given.get("seed"))
            from assistant.games.spies.bots.hidden import KEY, Hidden

            state[KEY] = Hidden.start(state["seed"], state, data).as_json()
        return state

    def apply(self, state: Json, action: Json, *, force: bool = False) -> Json | Refusal:
        turn = Turn(force=force, data=self.data)
        if "hidden" not in state:
            return ACTIONS.apply(state, action, turn)
        # a table with bots: the rules never read its face-down facts; they are copied apart
        # (faster than the generic deep copy) and followed after the action
        from assistant.games.spies.bots.hidden import KEY, Hidden, copied

        action = _compared_by_the_tracker(state, action, self.data)
        after = ACTIONS.apply({k: v for k, v in state.items() if k != KEY}, action, turn)
        if not isinstance(after, Refusal):
            after[KEY] = copied(state[KEY])
            Hidden.of(after, self.data).follow(action, state, after)
        return after

    def view(self, state: Json) -> Json:
        return public_view(state, self.data)

    # the players' phones (deaddrop serve): assistant/games/spies/seats.py
    seat_params = seating.seat_params(ACTIONS, POWER_)
    tracker_params = seating.TRACKER_PARAMS
    concerns = staticmethod(seating.concerns)
    seats = staticmethod(seating.seats)
    seat_values = staticmethod(seating.seat_values)

    def seat_view(self, state: Json, seat: str | None) -> Json:
        return seating.seat_view(self.view(state), state, seat)

    def seat_action(self, action: Json, seat: str | None) -> Json:
        """The action as `seat` reads it in the log: its own spies named, others' hidden."""
        return seating.seat_action(action, seat, self.public_action)

    def picture(self, name: str) -> str | None:
        """The page's picture `name` (the map, SVG): assistant/games/spies/picture.py."""
        from assistant.games.spies.picture import picture

        return picture(name)

    def board(self, view: Json) -> list[Json]:
        """The board for the page: assistant/games/spies/board.py."""
        from assistant.games.spies.board import board

        return board(view, self.data)

    def describe(self, action: Json, before: Json, after: Json) -> str:
        notes = after.get("last") or []
        text = "\n".join(notes) if notes else str(action.get("type", "action"))
        power = names.find(action.get("power"), before["bank"])
        if power is not None and power in (after.get("bots") or {}):  # a bot's instruction
            from assistant.games.spies.bots.words import instruction

            line = instruction(action, before, after, self.data)
            text += f"\n  > {line}" if line else ""
        found = (after.get("hidden") or {}).get("outcome")
        if found is not None:  # what a Discovery found, at a table with bots (public)
            from assistant.games.spies.bots.words import found as found_words

            text += f"\n  > {found_words(found)}"
        return text

    def render(self, state: Json) -> str:
        return render_text(public_view(state, self.data), self.data)

    def complete(self, state: Json, action: Json, seed: int) -> Json:
        """Draw what an action entered without it needs, from `seed` (recorded in the action): a
        hand's 3 random tiles; a Recruit's spy; the order of a `place`'s counters in a city."""
        if action.get("type") == "hand" and "random" not in action and state["phase"] == "setup":
            return setup.draw_hand(state, action, seed, self.data)
        if (
            action.get("type") == "chit"
            and names.find(action.get("chit"), ["Recruit"])
            and "spy" not in action
        ):
            return chits.complete_recruit(state, action, seed, self.data)
        if action.get("type") == "place" and "spies" in action and "seed" not in action:
            return {**action, "seed": seed}  # the secret order of its counters in a city
        return action

    def fresh_options(self, options: Json) -> Json:
        """The options a new table stores: a table with bots and no seed gets a drawn one (the
        bots' deal and draws replay from it)."""
        if options.get("bots") and options.get("seed") is None:
            import random

            return {**options, "seed": random.SystemRandom().randrange(2**63)}  # too many to try
        return options

    def autoplay(self, history: list[tuple[Json, Json, Json]], state: Json) -> Any:
        """The bots' actions after `history` (bots/at_table.py)."""
        from assistant.games.spies.bots.at_table import respond

        return respond(self, history, state)

    def public_action(self, action: Json) -> Json:
        """The action as the table may see it: a discarded tile and a hand's random tiles stay
        face down, and so does the seed they were drawn from (with the tiles still in the cup
        it would tell them: issue 22)."""
        if action.get("type") == "discard" and "tile" in action:
            return {**action, "tile": "(face down)"}
        if action.get("type") == "hand":
            hidden = {key: "(face down)" for key in ("random",) if key in action}
            hidden.update({key: "(secret)" for key in ("seed",) if key in action})
            return {**action, **hidden}
        return seating.hide_spies(action)


GAME = Spies()


def _compared_by_the_tracker(state: Json, action: Json, data: GameData) -> Json:
    """A person's search for a bot's counter at a table with bots: its result is the strength
    comparison the tracker makes privately (3.4: "If your police strength is greater, the spy
    is immediately captured"), never the searcher's guess: a capture the comparison does not
    give would turn the bot's spy up for nothing. Any other action, or a counter the rules will
    refuse, is left as entered."""
    enemy, target = action.get("enemy"), action.get("target")
    bots = state.get("bots") or {}
    if action.get("type") != "search" or enemy not in bots or not target:
        return action
    if action.get("power") in bots:  # a bot's own search carries the comparison it made (or
        return action  # "nothing found" before the searched bot's Papers: bots/driver.py)
    from assistant.games.spies.bots import referee
    from assistant.games.spies.bots.hidden import Hidden

    counter = str(target).strip()
    counter = counter if counter.startswith("#") else f"#{counter}"
    try:
        captures = referee.search_captures(
            state,
            Hidden.of(state, data),
            str(action.get("power")),
            str(action.get("city")),
            str(enemy),
            counter,
        )
    except (KeyError, TypeError, ValueError):  # not a counter of the bot's: the rules refuse it
        return action
    return {**action, "captured": "yes" if captures else "no"}
