"""The table's state (plain JSON data), who plays which power (rule 7.0), territory, and the two
things every action may spend: Action Points (3.1) and pounds (2.2).

Money is in thousands of pounds, written as the game writes it: 20£.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from assistant.engine import Json
from assistant.games import actions
from assistant.games.spies.data import City, GameData

# rule names, as a refusal prints them
AP_RULE = "3.1 Action Points"
BANK_RULE = "2.2 Bank"
TILE_RULE = "3.21 Playing Event Tiles"
EFFECT_RULE = "3.22 Event Tile special effects"
OTHER_TURN = "4.0 Another player's turn"
SEATS_RULE = "7.0 Fewer than five players"
AXIS, ALLIES = "Germany+Italy", "Britain+France"  # 7.0: "Germany and Italy", "Britain and France"
ADJECTIVES = {
    "Germany": "German",
    "Italy": "Italian",
    "Russia": "Russian",
    "France": "French",
    "Britain": "British",
}


def adjective(power: str) -> str:
    """'German' police, 'British' spies."""
    return ADJECTIVES.get(power, power)


@dataclass(kw_only=True)
class Turn(actions.Turn):
    """What one apply() carries: the data, whether it is forced, the log notes."""

    data: GameData
    notes: list[str] = field(default_factory=list)
    kind: str = ""  # the action's type (rules.before sets it)

    def note(self, text: str) -> None:
        self.notes.append(text)


def seats(players: int, powers: tuple[str, ...]) -> dict[str, str]:
    """power -> the player (seat) who plays it, Russia aside in a two-player game (it alternates):
    7.0 "When you play with four players, one person plays Germany and Italy. When playing with
    three players, one person also plays Britain and France." Five: each power its own player."""
    out = {power: power for power in powers}
    if players <= 4:
        out["Germany"] = out["Italy"] = AXIS
    if players <= 3:
        out["Britain"] = out["France"] = ALLIES
    return out


def player_of(state: Json, power: str, year: int | None = None) -> str:
    """Who plays `power` (in `year`; the current one by default). Two players: Russia is played
    by `russia_1933`'s player in 1933, 1935, 1937, 1939 and by the other in the even years."""
    if power != "Russia" or state["players"] != 2:
        return str(state["seats"][power])
    year = state["year"] if year is None else year
    first = state["russia_1933"]
    other = ALLIES if first == AXIS else AXIS
    return str(first if (year - 1933) % 2 == 0 else other)


def same_player(state: Json, one: str, two: str) -> bool:
    """Two different powers played by one person this year (7.0: no exchanges between them)."""
    return one != two and player_of(state, one) == player_of(state, two)


def owner(state: Json, city: City) -> str:
    """Who owns a city now: its 1933 owner, or the power that annexed its country (Ge 1, Ge 7)."""
    return str(state["annexed"].get(city.country, city.owner))


def police_cities(state: Json, power: str, data: GameData) -> list[str]:
    """The cities of the table where `power`'s police may stand (2.5, 3.3): its home country's
    capital and police cities, and every city of a country it annexed (Ge 1: "German police may
    be placed in Prague and Bratislava")."""
    annexed = {c for c, p in state["annexed"].items() if p == power}
    return [
        city.name
        for city in data.cities.values()
        if (city.owner == power and city.kind in ("capital", "police city"))
        or city.country in annexed
    ]


def capital(power: str, data: GameData) -> str:
    return next(c.name for c in data.cities.values() if c.owner == power and c.kind == "capital")


def status(state: Json, power: str, spy: str) -> str:
    """Where a spy is: "in play", "sanctioned", "captured by Germany", "captured in a neutral
    country" (only the spies out of play are kept)."""
    return str(state["out"][power].get(spy, "in play"))


def set_status(state: Json, power: str, spy: str, where: str) -> None:
    if where == "in play":
        state["out"][power].pop(spy, None)
    else:
        state["out"][power][spy] = where


def out_of_play(state: Json, power: str, where: str) -> list[str]:
    """The power's spies that are `where` (e.g. "sanctioned"), by name."""
    return sorted(spy for spy, found in state["out"][power].items() if found == where)


def spend(state: Json, power: str, cost: int, what: str, turn: Turn) -> None:
    """Spend Action Points on `power`'s own turn (3.1: never more than are left of the 12)."""
    if cost <= 0 or state["turn"] != power:
        return
    left = state["ap_left"]
    turn.rule(
        cost <= left,
        AP_RULE,
        f"{power} has {left} action point{'s' if left != 1 else ''} left; {what} costs {cost}",
    )
    state["ap_left"] = max(0, left - cost)


def ap_note(state: Json, power: str, cost: int) -> str:
    """'2 AP, 9 left' on the power's own turn; 'no AP: Italy's turn' on another's."""
    if state["turn"] != power:
        return f"no AP on {state['turn']}'s turn"
    return f"{cost} AP, {state['ap_left']} left"


def pay(state: Json, power: str, pounds: int, what: str, turn: Turn) -> None:
    """Take pounds from a bank; never below zero (a refusal says what is missing)."""
    has = state["bank"][power]
    turn.rule(
        pounds <= has,
        BANK_RULE,
        f"{power} has {has}£; {what} costs {pounds}£ ({pounds - has}£ missing)",
    )
    state["bank"][power] = max(0, has - pounds)


def draw_chits(state: Json, power: str, count: int) -> int:
    """Draw Action chits from the cup (as many as it holds); how many were drawn."""
    drawn = min(count, state["cup"])
    state["cup"] -= drawn
    state["chits"][power] += drawn
    return drawn


def own_turn(state: Json, power: str, what: str, turn: Turn) -> None:
    """`what` is done on `power`'s own turn only."""
    turn.rule(
        state["turn"] == power,
        OTHER_TURN,
        f"it is {state['turn']}'s turn; {power} cannot {what} now",
    )


def tile_first(state: Json, power: str, turn: Turn) -> None:
    """3.21: at the start of a turn the tile comes first (discarded or played)."""
    if state["turn"] == power and state["step"]["tile"] is None and state["hands"][power]:
        turn.rule(
            False,
            TILE_RULE,
            f"{power} first discards an Event Tile or plays one of {state['year']} "
            "(nothing else first)",
        )


def new_step() -> Json:
    """What the current turn has done so far (`discovered`: the Discoveries that stood, for the
    counterspies they find, 3.5)."""
    return {"tile": None, "searched": [], "moving": None, "moved": {}, "discovered": []}


def initial(data: GameData, options: Json) -> Json:
    """The state before the set up."""
    powers = data.powers
    chits = options["chits"]
    return {
        "players": options["players"],
        "seats": seats(options["players"], powers),
        "russia_1933": options["russia_1933"],
        "multiples": dict(options["multiples"]),
        "source_pounds": options["source_pounds"],
        "allotment": dict(options["secrets"]),
        "phase": "setup",
        "year": data.first_year,
        "ends": data.last_year,
        "turn": powers[0],
        "ap_left": data.ap,
        "step": new_step(),
        "bank": dict(options["bank"]),
        "chits": {power: chits[power] for power in powers},
        "cup": data.cup - sum(chits[power] for power in powers),
        "hands": {power: [] for power in powers},
        "secret_cities": {power: None for power in powers},
        "police": {power: None for power in powers},
        "played": [],
        "discards": {power: [] for power in powers},
        "annexed": {},
        "spy_home": {},
        "out": {power: {} for power in powers},  # spies out of play: name -> where
        "drops": {power: [] for power in powers},
        "record": {power: [] for power in powers},
        "originals": {power: None for power in powers},
        "chain": None,
        "awards": None,
        "winner": None,
        "result": None,
        "last": [],
    }
