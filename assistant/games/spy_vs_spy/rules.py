"""Spy vs Spy: Lunacy at the Labs (Blake Cetnar, 2010), the table tracker. Exposes `GAME`.

It keeps the budgets (action points, health, lives, arsenals), plays the cops and carries out
traps and combat; the vocabulary and our readings are in docs/spy-vs-spy.md. Rules are pure: the
facts come from the kit (templates/spy-vs-spy/, read once by kit.py), chance is drawn by
`complete` from a recorded seed. A player's arsenal, the traps he sets, the numbers he reads and
the pieces he hides are his secrets: `view` strips them and `public_action` hides them in
printed text (the stored actions keep them: `export` and `log --json` show them).
"""

from __future__ import annotations

from typing import Any

from assistant.engine import Json, Option, Refusal
from assistant.games.actions import Action, Actions, Param, Refuse, When
from assistant.games.spy_vs_spy import combat, cops, equipment, flow, moves, search, setup
from assistant.games.spy_vs_spy import seats as seating
from assistant.games.spy_vs_spy.dice import complete
from assistant.games.spy_vs_spy.kinds import (
    ARRIVE,
    CHOICE,
    COLOUR,
    COLOUR_OR_DECOY,
    COLOUR_OR_NONE,
    COLOURS,
    D6,
    DOOR,
    FIGHTER,
    FLAG,
    NODE,
    NUMBER,
    NUMBERS,
    ROLLS,
    SEED,
    SPY,
    USE,
)
from assistant.games.spy_vs_spy.kit import Kit, default_kit
from assistant.games.spy_vs_spy.state import SPIES, Turn, initial, name_of
from assistant.games.spy_vs_spy.view import public_view, render_text
from deaddrop.errors import InputError

# an exchange's weapons: each spy declares one in a fight's first exchange (or with `declare`)
BLACK_HELP = "black's weapon (needed in a first exchange unless declared; else his last)"
WHITE_HELP = BLACK_HELP.replace("black", "white")

# ---- when each action is allowed ---------------------------------------------------------------

ALLOWED = {
    flow.SETUP: ("circle", "arsenal"),
    flow.TURN: ("move", "search", "change", "room", "end"),
    flow.FIGHT: ("declare", "exchange", "run"),
    flow.RESTART: ("restart",),
    flow.COPS: ("cops",),
}


def before(state: Json, action: Json, turn: Turn) -> None:
    """The game is not over, and the action belongs to the phase."""
    if state["winner"] is not None:
        raise Refuse("Game over", str(state["result"]))
    phase, kind = state["phase"], action["type"]
    if kind in ALLOWED[phase]:
        return
    if phase == flow.SETUP:
        raise Refuse("Setup", "circle the three numbers and enter both arsenals first")
    if phase == flow.RESTART:
        spy = state["restart"][0]
        raise Refuse("Death", f"{spy} re-enters the building first (restart spy={spy} at=...)")
    if phase == flow.FIGHT:
        fight = state["fights"][0]
        raise Refuse(
            "Combat",
            f"{name_of(turn.kit, fight['attacker'])} and {name_of(turn.kit, fight['defender'])}"
            f" fight in {fight['room']}: {combat.what_next(fight)}",
        )
    if phase == flow.COPS:
        spy = action.get("spy")
        if spy in state["spies"]:
            raise Refuse(
                "Turns",
                f"{spy} has no action point left this round (his turn is over): it is the cops'"
                " turn (cops)",
            )
        raise Refuse("Turns", "it is the cops' turn (cops)")
    if kind in ALLOWED[flow.SETUP]:
        raise Refuse("Setup", "the game has begun")
    if kind in ALLOWED[flow.FIGHT]:
        raise Refuse("Combat", "nobody is fighting")
    if kind == "restart":
        raise Refuse("Death", "no spy is waiting to re-enter")
    raise Refuse("Turns", f"it is {state['turn']}'s turn; the cops move after both spies")


def played(state: Json, spy: Any) -> bool:
    """Whether `spy`'s turn this round is over (his action points spent, or his turn ended)."""
    first, second = state["spies"]
    now = state["turn"]
    return (now == "cops" and spy in (first, second)) or (now == second and spy == first)


def in_turn(state: Json, action: Json, turn: Turn) -> None:
    spy = action["spy"]
    if spy != state["turn"] and played(state, spy):
        raise Refuse(
            "Turns",
            f"{spy} has no action point left this round (his turn is over): it is"
            f" {state['turn']}'s turn",
        )
    if spy != state["turn"]:
        raise Refuse("Turns", f"it is {state['turn']}'s turn, not {spy}'s")


def after(state: Json, turn: Turn) -> None:
    flow.settle(state, turn)
    state["last"] = turn.notes


WHO = Param("spy", SPY, help="the spy who acts")
SEEDED = Param("seed", SEED, False, "the seed the tracker drew the dice from")
TURN_TEXT = "in the spy's turn"
ACTIONS = Actions[Turn](
    Action(
        "circle",
        "the three numbers circled on the Thingamajig sheet",
        setup.circle,
        (
            Param("numbers", NUMBERS, help="three different numbers 1-25 (drawn when omitted)"),
            SEEDED,
        ),
        When("at setup, once", (flow.SETUP,)),
    ),
    Action(
        "arsenal",
        "the pieces a spy drew, kept as his secret; the 2-pip (and 1-pip) under him",
        setup.arsenal,
        (
            WHO,
            Param("offensive", COLOURS, help="the 5 1-pips drawn"),
            Param("defensive", COLOURS, help="the 5 2-pips drawn"),
            Param("defence", COLOUR, help="the 2-pip under the spy"),
            Param("weapon", COLOUR_OR_NONE, False, "the 1-pip under the spy"),
        ),
        When("at setup, once per spy", (flow.SETUP,)),
    ),
    Action(
        "move",
        "one room along the floor, one floor by an end elevator, or the roof elevator",
        moves.move,
        (WHO, Param("to", NODE, help="the room (B3), or the Helipad")),
        When(TURN_TEXT, (flow.TURN,), in_turn),
    ),
    Action(
        "search",
        "search the room: its trap or decoy, its number tokens, dropped equipment",
        search.search,
        (
            WHO,
            Param("number", NUMBER, False, "the room's own number token, at its first search"),
            Param("hide", NUMBERS, False, "the pieces (numbers) hidden here"),
            Param("set", COLOUR_OR_DECOY, False, "the trap left in the room (else a decoy)"),
            Param("take", COLOURS, False, "loose 1-pips picked up"),
            Param("give", COLOURS, False, "1-pips dropped here to make room"),
            Param("roll", D6, False, "the trap's d6 (drawn when needed)"),
            Param("slide", D6, False, "the Oil Slick's direction: 1-3 left, 4-6 right"),
            SEEDED,
        ),
        When(TURN_TEXT, (flow.TURN,), in_turn),
    ),
    Action(
        "change",
        "change (or pretend to change) the equipment under the spy",
        equipment.change,
        (
            WHO,
            Param("weapon", COLOUR_OR_NONE, False, "the 1-pip to equip, none: sword only"),
            Param("defence", COLOUR_OR_NONE, False, "the 2-pip to equip"),
        ),
        When(TURN_TEXT, (flow.TURN,), in_turn),
    ),
    Action(
        "room",
        "use the special room the spy is in",
        equipment.room,
        (
            WHO,
            Param("use", USE, help="shop or smash (equipment rooms), mend (first aid)"),
            Param("take", COLOUR, False, "shopping: the piece picked"),
            Param("give", COLOUR, False, "shopping: the piece given back (at the limit)"),
            Param("drawn", COLOURS, False, "smash and grab: the pieces drawn (drawn when omitted)"),
            SEEDED,
        ),
        When(TURN_TEXT, (flow.TURN,), in_turn),
    ),
    Action(
        "end",
        "end the spy's turn (unspent action points are lost)",
        moves.end,
        (WHO,),
        When(TURN_TEXT, (flow.TURN,), in_turn),
    ),
    Action(
        "declare",
        "at the start of combat a spy declares his weapon: his sword or his equipped 1-pip",
        combat.declare,
        (
            Param("spy", SPY, help="the spy who declares"),
            Param("weapon", CHOICE, help="sword or weapon; it stays declared for the exchange"),
        ),
        When(
            "during combat, once per spy before each exchange (before the first only, when the"
            " kit declares weapons for the whole fight)",
            (flow.FIGHT,),
        ),
    ),
    Action(
        "exchange",
        "one exchange of the fight: each spy's sword or weapon, as he declares it",
        combat.exchange,
        (
            Param("black", CHOICE, False, BLACK_HELP),
            Param("white", CHOICE, False, WHITE_HELP),
            Param("rolls", ROLLS, False, "the d6 of each fighter who rolls (drawn when needed)"),
            SEEDED,
        ),
        When("during combat", (flow.FIGHT,)),
    ),
    Action(
        "run",
        "a fighter runs away: a free move to a room next door",
        combat.run,
        (
            Param("spy", FIGHTER, help="the spy who runs"),
            Param("to", NODE, help="the room he runs to"),
            Param("both", FLAG, False, "both fighters wish to flee"),
        ),
        When("during combat, after an exchange", (flow.FIGHT,)),
    ),
    Action(
        "restart",
        "a dead spy re-enters at the entrance of his choice",
        flow.restart,
        (WHO, Param("at", DOOR, help="A0 (below A1) or E0 (below E1)")),
        When("right after his death", (flow.RESTART,)),
    ),
    Action(
        "cops",
        "the cops' turn: arrivals, then every cop moves (the tracker works it out)",
        cops.cops,
        (
            Param("arrive", ARRIVE, False, "the street door of each cop who enters (drawn)"),
            SEEDED,
        ),
        When("the cops' turn", (flow.COPS,)),
    ),
    before=before,
    after=after,
)

SECRET = {
    "arsenal": ("offensive", "defensive", "defence", "weapon"),
    "search": ("number", "hide", "set"),
    "change": ("weapon", "defence"),
    "room": ("take", "give", "drawn"),
}


class SpyVsSpy:
    """The Spy vs Spy tracker (see the module docstring)."""

    name = "spy-vs-spy"
    actions = ACTIONS
    title = "Spy vs Spy: Lunacy at the Labs"
    options = {"first": Option("black", "the spy who plays first: black or white")}

    def __init__(self, kit: Kit | None = None) -> None:
        self._kit = kit

    @property
    def kit(self) -> Kit:
        return self._kit if self._kit is not None else default_kit()

    def setup(self, options: Json) -> Json | Refusal:
        first = options.get("first", "black")
        if first not in SPIES:
            raise InputError(f"option first: expected black or white, got {first!r}")
        problems = setup.kit_problems(self.kit)
        if problems:
            return Refusal("Setup", "; ".join(problems))
        return initial(self.kit, first)

    def apply(self, state: Json, action: Json, *, force: bool = False) -> Json | Refusal:
        return ACTIONS.apply(state, action, Turn(force=force, kit=self.kit))

    def view(self, state: Json) -> Json:
        return public_view(state, self.kit)

    # the players' phones (deaddrop serve): assistant/games/spy_vs_spy/seats.py
    seat_params = seating.SEAT_PARAMS
    tracker_params = seating.TRACKER_PARAMS
    seats = staticmethod(seating.seats)
    seat_owned = staticmethod(seating.seat_owned)
    seat_first = staticmethod(seating.seat_first)
    concerns = staticmethod(seating.concerns)

    def seat_view(self, state: Json, seat: str | None) -> Json:
        return seating.seat_view(self.view(state), state, seat)

    def seat_action(self, action: Json, seat: str | None) -> Json:
        return seating.seat_action(action, seat, self.public_action)

    def board(self, view: Json) -> list[Json]:
        """The board for the page: assistant/games/spy_vs_spy/widgets.py."""
        from assistant.games.spy_vs_spy.widgets import board

        return board(view, self.kit)

    def describe(self, action: Json, before: Json, after: Json) -> str:
        notes = after.get("last") or []
        return "; ".join(notes) if notes else str(action.get("type", "action"))

    def render(self, state: Json) -> str:
        return render_text(public_view(state, self.kit), self.kit)

    def public_action(self, action: Json) -> Json:
        """The action as the table may see it: a player's secrets read "(secret)"."""
        hidden = SECRET.get(str(action.get("type")), ())
        return {k: "(secret)" if k in hidden else v for k, v in action.items()}

    def complete(self, state: Json, action: Json, seed: int) -> Json:
        return complete(state, action, seed, self.kit)


GAME = SpyVsSpy()
