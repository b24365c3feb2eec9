"""Every refusal of the Spy vs Spy tracker, triggered directly with its exact message, and the
rules `--force` may waive applied as house rules.

One case a refusal site (each `Refuse(...)` and `turn.rule(...)` in
assistant/games/spy_vs_spy/), and a test that finds every site in the source and fails when one
has no case here: a new refusal needs its case."""

from __future__ import annotations

import ast
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest
from svs_table import Table, rule, started

import assistant.games.spy_vs_spy as package
from assistant.games import actions


def at(room: str, ap: int = 2, **black) -> Callable[[], Table]:
    def make() -> Table:
        t = started()
        t.put("black", room)
        t.turn_of("black", ap)
        t.arsenal("black").update(black)
        return t

    return make


def loaded_in(room: str, **black) -> Callable[[], Table]:
    def make() -> Table:
        t = at(room, **black)()
        t.give_pieces("black", [4, 11, 19])
        return t

    return make


def fight(exchanged: bool = False, **black) -> Callable[[], Table]:
    """Black walked in on white in C1."""

    def make() -> Table:
        t = at("B1", **black)()
        t.put("white", "C1")
        t.do("move", spy="black", to="C1")
        if exchanged:
            t.do("exchange", black="sword", white="sword", rolls={"black": 3, "white": 2})
        return t

    return make


def black_ended() -> Table:
    """Black ended his turn: white's turn."""
    t = started()
    t.do("end", spy="black")
    return t


def declared() -> Table:
    """Black walked in on white in C1 and declared his sword."""
    t = fight()()
    t.do("declare", spy="black", weapon="sword")
    return t


def exchanged() -> Table:
    """Black walked in on white in C1; one exchange of swords fought."""
    t = fight()()
    t.do("exchange", black="sword", white="sword", rolls={"black": 3, "white": 5})
    return t


def cop_fight(exchanged: bool = False) -> Table:
    """The Sheriff walked in on black in B1."""
    t = started()
    t.put("black", "B1")
    t.put("white", "E5")
    t.put("sheriff", "A1")
    t.state["cops"][0].update(status="dead", killed=t.state["turn_no"])
    t.state.update(turn="cops", phase="cops", cops_moved=False)
    t.do("cops")
    if exchanged:
        t.do("exchange", black="sword", rolls={"sheriff": 1})
    return t


def dead() -> Table:
    """Black died (a Fire Bomb at 1 health); he waits to re-enter."""
    t = at("B2")()
    t.state["health"]["black"] = 1
    t.trap("B2", "orange")
    t.do("search", spy="black", number=7)
    return t


def cops_called() -> Table:
    """The first piece found: the Deputy is due at the cops' turn."""
    t = at("B2")()
    t.state["found"] = 1
    t.state.update(turn="cops", phase="cops", cops_moved=False)
    return t


def over() -> Table:
    t = loaded_in("C5")()
    t.do("move", spy="black", to="Helipad")
    return t


def circled() -> Table:
    t = Table()
    t.do("circle", numbers=[4, 11, 19])
    return t


def black_entered() -> Table:
    """Black took all three green and two white 1-pips, and three white 2-pips."""
    t = circled()
    t.do(
        "arsenal",
        spy="black",
        offensive=["green"] * 3 + ["white"] * 2,
        defensive=["white"] * 3 + ["green"] * 2,
        defence="white",
    )
    return t


FIVE = ["orange", "green", "yellow", "black", "white"]


@dataclass(frozen=True)
class Case:
    table: Callable[[], Table]
    action: dict
    refusal: str
    force: bool = False


CASES: dict[str, Case] = {
    # ---- turns and phases ------------------------------------------------------------------
    "game over": Case(
        over,
        {"type": "end", "spy": "white"},
        "Game over: black reaches the helipad with the Thingamajig and flies off: black wins",
    ),
    "setup first": Case(
        circled,
        {"type": "move", "spy": "black", "to": "A1"},
        "Setup: circle the three numbers and enter both arsenals first",
    ),
    "restart first": Case(
        dead,
        {"type": "end", "spy": "white"},
        "Death: black re-enters the building first (restart spy=black at=...)",
    ),
    "fight first": Case(
        fight(),
        {"type": "end", "spy": "black"},
        "Combat: black and white fight in C1: exchange black=sword|weapon white=sword|weapon",
    ),
    "cops first": Case(
        cops_called,
        {"type": "end", "spy": "black"},
        "Turns: black has no action point left this round (his turn is over): it is the cops'"
        " turn (cops)",
    ),
    "cops first, no spy": Case(
        cops_called, {"type": "exchange"}, "Turns: it is the cops' turn (cops)"
    ),
    "points spent": Case(
        black_ended,
        {"type": "move", "spy": "black", "to": "B1"},
        "Turns: black has no action point left this round (his turn is over): it is white's turn",
    ),
    "setup over": Case(
        started, {"type": "circle", "numbers": [1, 2, 3]}, "Setup: the game has begun"
    ),
    "no fight": Case(
        started, {"type": "run", "spy": "black", "to": "A1"}, "Combat: nobody is fighting"
    ),
    "nobody dead": Case(
        started,
        {"type": "restart", "spy": "black", "at": "A0"},
        "Death: no spy is waiting to re-enter",
    ),
    "not the cops' turn": Case(
        started, {"type": "cops"}, "Turns: it is black's turn; the cops move after both spies"
    ),
    "not his turn": Case(
        started,
        {"type": "move", "spy": "white", "to": "E1"},
        "Turns: it is black's turn, not white's",
    ),
    # ---- setup -------------------------------------------------------------------------------
    "circled twice": Case(
        circled,
        {"type": "circle", "numbers": [1, 2, 3]},
        "Thingamajig sheet: three numbers are circled already",
    ),
    "circle numbers": Case(
        Table,
        {"type": "circle", "numbers": [1, 1, 2]},
        "Thingamajig sheet: three different numbers from 1 to 25 are circled (got [1, 1, 2])",
    ),
    "arsenal twice": Case(
        black_entered,
        {
            "type": "arsenal",
            "spy": "black",
            "offensive": FIVE,
            "defensive": FIVE,
            "defence": "white",
        },
        "Arsenal: black's arsenal is entered already",
    ),
    "arsenal size": Case(
        circled,
        {
            "type": "arsenal",
            "spy": "black",
            "offensive": FIVE,
            "defensive": FIVE[:3],
            "defence": "white",
        },
        "Arsenal: each player draws 5 defensive pieces (3 entered)",
    ),
    "arsenal bag": Case(
        black_entered,
        {
            "type": "arsenal",
            "spy": "white",
            "offensive": FIVE,
            "defensive": FIVE,
            "defence": "white",
        },
        "Arsenal: the 1-pip bag holds no more green pieces",
    ),
    "arsenal defence": Case(
        circled,
        {
            "type": "arsenal",
            "spy": "black",
            "offensive": FIVE,
            "defensive": FIVE,
            "defence": "light blue",
        },
        "Arsenal: the 2-pip under black comes from his arsenal (no light-blue in it)",
    ),
    "arsenal weapon": Case(
        circled,
        {
            "type": "arsenal",
            "spy": "black",
            "offensive": FIVE,
            "defensive": FIVE,
            "defence": "white",
            "weapon": "light-blue",
        },
        "Arsenal: the 1-pip under black comes from his arsenal (no light-blue in it)",
    ),
    "colour": Case(
        circled,
        {
            "type": "arsenal",
            "spy": "black",
            "offensive": ["purple"] * 5,
            "defensive": FIVE,
            "defence": "white",
        },
        "Equipment: there is no colour 'purple' (colours: green, orange, yellow, black, white,"
        " light-blue)",
    ),
    # ---- moving ------------------------------------------------------------------------------
    "no room": Case(
        at("B1"),
        {"type": "move", "spy": "black", "to": "F1"},
        "Movement: there is no room 'F1' (rooms A1-E5, the street doors A0, E0, the Helipad)",
    ),
    "not next": Case(
        at("B1"),
        {"type": "move", "spy": "black", "to": "B2"},
        "Movement: B2 is not next to B1: a spy walks to the next room on his floor and changes"
        " floors only by the elevators at both ends (our reading of the missing picture)",
    ),
    "street": Case(
        at("A1"),
        {"type": "move", "spy": "black", "to": "A0"},
        "Movement: A0 is the street: spies enter the building there and re-enter after dying,"
        " they do not leave it (our reading)",
    ),
    "roof": Case(
        at("C5"),
        {"type": "move", "spy": "black", "to": "helipad"},
        "Roof elevator: the roof elevator is only accessible if you have all 3 pieces of the"
        " Thingamajig; black does not carry them",
    ),
    # ---- searching ---------------------------------------------------------------------------
    "search street": Case(
        started,
        {"type": "search", "spy": "black"},
        "Search: black is not in a room of the building (A0)",
    ),
    "search loaded": Case(
        loaded_in("B1"),
        {"type": "search", "spy": "black", "number": 3},
        "Thingamajig: black carries all 3 pieces: as long as he is carrying all 3 pieces"
        " he cannot search any rooms",
    ),
    "number missing": Case(
        at("B1"),
        {"type": "search", "spy": "black"},
        "Number tokens: B1's own number token is read for the first time: give number=N",
    ),
    "number unknown": Case(
        at("B1"),
        {"type": "search", "spy": "black", "number": 30},
        "Number tokens: there is no number token 30",
    ),
    "set not held": Case(
        at("B1"),
        {"type": "search", "spy": "black", "number": 3, "set": "light-blue"},
        "Traps: black holds no light-blue 1-pip to set as a trap",
    ),
    "hide not carried": Case(
        at("B1"),
        {"type": "search", "spy": "black", "number": 3, "hide": [11]},
        "Hide: black carries no piece numbered 11",
    ),
    "take not loose": Case(
        at("B1"),
        {"type": "search", "spy": "black", "number": 3, "take": ["green"]},
        "Equipment: no green 1-pip lies loose in B1",
    ),
    "give not held": Case(
        at("B1"),
        {"type": "search", "spy": "black", "number": 3, "give": ["light-blue"]},
        "Equipment: black holds no light-blue 1-pip to drop",
    ),
    # ---- equipment ---------------------------------------------------------------------------
    "change not held": Case(
        at("B1"),
        {"type": "change", "spy": "black", "defence": "light-blue"},
        "Equipment: black holds no light-blue 2-pip",
    ),
    "change loaded": Case(
        loaded_in("B1"),
        {"type": "change", "spy": "black", "weapon": "green"},
        "Thingamajig: black carries all 3 pieces: he may only use his sword and defensive"
        " equipment",
    ),
    "room use": Case(
        at("C2"),
        {"type": "room", "spy": "black", "use": "mend"},
        "Special rooms: the Defensive Equipment room is for: shop or smash",
    ),
    "room takes": Case(
        at("C3"),
        {"type": "room", "spy": "black", "use": "mend", "take": "green"},
        "Special rooms: use=mend takes no take",
    ),
    "room loaded": Case(
        loaded_in("C3"),
        {"type": "room", "spy": "black", "use": "mend"},
        "Special rooms: black carries all 3 pieces of the Thingamajig: he cannot use a"
        " special equipment room",
    ),
    "first aid full": Case(
        at("C3"),
        {"type": "room", "spy": "black", "use": "mend"},
        "First aid: black has 8 health: your spy cannot have more than 8",
    ),
    "shop take": Case(
        at("C4"),
        {"type": "room", "spy": "black", "use": "shop"},
        "Shopping: name the 1-pip black picks from the bag: take=COLOUR",
    ),
    "shop limit": Case(
        at("C4"),
        {"type": "room", "spy": "black", "use": "shop", "take": "light-blue"},
        "Arsenal: black already has 5 pieces of offensive equipment, the most: he gives one"
        " back to the bag (give=COLOUR)",
    ),
    "smash drawn": Case(
        at("C2"),
        {"type": "room", "spy": "black", "use": "smash"},
        "Smash and Grab: enter the 4 2-pips drawn from the bag: drawn=[...]",
    ),
    "smash count": Case(
        at("C2"),
        {"type": "room", "spy": "black", "use": "smash", "drawn": ["green"]},
        "Smash and Grab: black gives up 4 2-pips and draws as many (1 entered)",
    ),
    "smash bag": Case(
        at("C2"),
        {
            "type": "room",
            "spy": "black",
            "use": "smash",
            "drawn": ["light-blue", "light-blue", "light-blue", "light-blue"],
        },
        "Smash and Grab: the bag holds no more light-blue 2-pips",
    ),
    # ---- combat --------------------------------------------------------------------------------
    "no weapon": Case(
        fight(),
        {"type": "exchange", "black": "weapon", "white": "sword"},
        "Combat: black has no offensive equipment equipped: he fights with his sword",
    ),
    "not fighting": Case(
        cop_fight,
        {"type": "exchange", "white": "sword"},
        "Combat: white is not in this fight (the Sheriff against black)",
    ),
    "trap under him": Case(
        at("B2", weapon="orange"),
        {"type": "search", "spy": "black", "number": 8, "set": "orange"},
        "Traps: black's only orange 1-pip is under him: a trap comes from his Arsenal (change his"
        " equipment first, 1 action point)",
    ),
    "declare not fighting": Case(
        cop_fight,
        {"type": "declare", "spy": "white", "weapon": "sword"},
        "Combat: white is not in this fight (the Sheriff against black)",
    ),
    "declared twice": Case(
        declared,
        {"type": "declare", "spy": "black", "weapon": "weapon"},
        "Combat: black declared his sword for this exchange: it stays declared",
    ),
    "undeclared": Case(  # "At the start of combat each player must declare" (issue 35)
        declared,
        {"type": "exchange", "black": "sword"},
        "Combat: at the start of combat each player must declare which weapon they will be using:"
        " white has not (white=sword or white=weapon in the exchange, or declare spy=white"
        " weapon=...)",
    ),
    "declared stays": Case(
        declared,
        {"type": "exchange", "black": "weapon", "white": "sword"},
        "Combat: black declared his sword for this exchange: it stays declared",
    ),
    "roll missing": Case(
        fight(),
        {"type": "exchange", "black": "sword", "white": "sword", "rolls": {"black": 3}},
        "Dice: white rolls a d6: give rolls={white: 1..6} (or let the tracker roll)",
    ),
    "roll extra": Case(
        fight(weapon="green"),
        {"type": "exchange", "black": "weapon", "white": "sword", "rolls": {"black": 3}},
        "Dice: black rolls no die in this exchange",
    ),
    "run first": Case(
        fight(),
        {"type": "run", "spy": "white", "to": "D1"},
        "Combat: after damage is dealt you may run away: fight one exchange first",
    ),
    "run both": Case(
        fight(True),
        {"type": "run", "spy": "black", "to": "B1", "both": True},
        "Combat: if both players wish to flee then priority is given to the defender and only"
        " the defender will move: white runs",
    ),
    "cop runs": Case(
        lambda: cop_fight(True),
        {"type": "run", "spy": "sheriff", "to": "C1"},
        "Combat: Cops never attempt to retreat from combat",
    ),
    "runner not fighting": Case(
        lambda: cop_fight(True),
        {"type": "run", "spy": "white", "to": "D5"},
        "Combat: white is not in this fight (the Sheriff against black)",
    ),
    # ---- death and the cops ------------------------------------------------------------------
    "restart who": Case(
        dead,
        {"type": "restart", "spy": "white", "at": "A0"},
        "Death: white is not waiting to re-enter",
    ),
    "restart where": Case(
        dead,
        {"type": "restart", "spy": "black", "at": "B1"},
        "Death: a dead spy re-enters at one of the entrances: A0 (below A1) or E0 (below E1)",
    ),
    "arrive missing": Case(
        cops_called,
        {"type": "cops"},
        "Cops: the Deputy arrives at a ground floor entrance chosen at random: give"
        " arrive={deputy: A0} (or let the tracker draw it)",
    ),
    "arrive who": Case(
        cops_called,
        {"type": "cops", "arrive": {"deputy": "A0", "swat": "E0"}},
        "Cops: swat does not arrive this turn (arriving: deputy)",
    ),
    "arrive where": Case(
        cops_called,
        {"type": "cops", "arrive": {"deputy": "C1"}},
        "Cops: a cop arrives at a street door: A0 or E0",
    ),
}


def _room_taken() -> Table:
    t = at("C3")()
    t.state["health"]["black"] = 4
    t.put("deputy", "C3")
    return t


def _read_elsewhere() -> Table:
    t = at("B1")()
    t.read("C1", 3, by="black")
    return t


def _piece_at(place: str) -> Callable[[], Table]:
    def make() -> Table:
        t = at("B1")()
        for record in t.secret["pieces"]:
            if record["number"] == 4:
                record["at"] = place
        return t

    return make


def _read_here() -> Table:
    t = at("B1")()
    t.read("B1", 3)
    return t


def _five_and_one_loose() -> Table:
    t = at("B1")()
    t.state["loose"]["B1"] = ["green"]
    return t


def _yellow_trap() -> Table:
    t = at("B1")()
    t.trap("B1", "yellow")
    return t


def _oil_slick_at_the_end() -> Table:
    t = at("E1")()
    t.trap("E1", "black")
    return t


CASES.update(
    {
        "room occupied": Case(
            _room_taken,
            {"type": "room", "spy": "black", "use": "mend"},
            "Special rooms: the Deputy occupies C3: the room cannot be used",
        ),
        "number elsewhere": Case(
            _read_elsewhere,
            {"type": "search", "spy": "black", "number": 3},
            "Number tokens: black read the number token 3 in C1 (one token a room:"
            " 25 tokens on 25 rooms)",
        ),
        "piece dropped": Case(
            _piece_at("dropped:C2"),
            {"type": "search", "spy": "black", "number": 4},
            "Number tokens: the piece numbered 4 lies dropped in C2",
        ),
        "piece with a cop": Case(
            _piece_at("cop:sheriff"),
            {"type": "search", "spy": "black", "number": 4},
            "Number tokens: the piece numbered 4 is carried by the Sheriff",
        ),
        "piece his own": Case(
            _piece_at("hidden:C1:black"),
            {"type": "search", "spy": "black", "number": 4},
            "Number tokens: the piece numbered 4 is black's: he hid it in C1",
        ),
        "number again": Case(
            _read_here,
            {"type": "search", "spy": "black", "number": 3},
            "Number tokens: B1's own number token was read before: give no number",
        ),
        "loose limit": Case(
            _five_and_one_loose,
            {"type": "search", "spy": "black", "number": 3, "take": ["green"]},
            "Arsenal: black would hold 6 pieces of offensive equipment, more than 5: he"
            " drops one to make room (give=[COLOUR])",
        ),
        "trap die": Case(
            _yellow_trap,
            {"type": "search", "spy": "black", "number": 3},
            "Dice: the Security Laser rolls a d6: give roll=1..6 (or let the tracker roll it)",
        ),
        "slide fixed": Case(  # issue 35: the end room fixes the direction: say so
            _oil_slick_at_the_end,
            {"type": "search", "spy": "black", "number": 3, "roll": 2, "slide": 5},
            "Dice: slide: E1 is at the end of its floor: the Oil Slick slides black the only way"
            " out, into D1 (no die for the direction)",
        ),
        "no die": Case(
            at("B1"),
            {"type": "search", "spy": "black", "number": 3, "roll": 4},
            "Dice: roll: no such die is rolled in this search",
        ),
    }
)


def _loaded_one_point() -> Table:
    t = loaded_in("B1")()
    t.turn_of("black", 1)
    return t


def _smoked() -> Table:
    t = at("B1")()
    t.arsenal("black")["defence"] = "black"
    t.trap("B1", "white")
    t.do("search", spy="black", number=3, roll=1)
    return t


def _loaded_fight() -> Table:
    t = fight(weapon="green")()
    t.give_pieces("black", [4, 11, 19])
    return t


CASES.update(
    {
        "action points": Case(
            _loaded_one_point,
            {"type": "move", "spy": "black", "to": "C1"},
            "Action points: black has 1 action point left; a move carrying all 3 pieces costs 2",
        ),
        "smoke": Case(
            _smoked,
            {"type": "search", "spy": "black", "number": 3},
            "Smoke Cloud: black cannot continue to search B1 this turn",
        ),
        "not special": Case(
            at("B1"),
            {"type": "room", "spy": "black", "use": "mend"},
            "Special rooms: B1 is not a special room (Defensive Equipment C2, First Aid C3,"
            " Offensive Equipment C4)",
        ),
        "loaded weapon": Case(
            _loaded_fight,
            {"type": "exchange", "black": "weapon", "white": "sword"},
            "Thingamajig: black carries all 3 pieces: he may only use his sword and defensive"
            " equipment",
        ),
    }
)

# each case -> the rules' words it enforces (checked against the copied rules text)
QUOTES = {
    "undeclared": "At the start of combat each player must declare which weapon they will be using",
    "game over": "make your way up to the roof of the building where your helicopter is waiting",
    "setup first": "players take turns circling a random number on the sheet until three numbers"
    " have been selected",
    "restart first": "Place your spy at one of the entrances of the building (your choice)",
    "fight first": "If both spies (or a spy and a cop) end up in the same room combat is"
    " automatically initiated.",
    "cops first": "Once a cop is on the board, when both spies have taken their turn a new turn"
    " is now added to the round of play which will be for the cops.",
    "setup over": "Each player takes turns drawing 5 random pieces from the 1-pip bag",
    "no fight": "After damage is dealt, both the attacker and defender have the option to run"
    " away or to attack again.",
    "nobody dead": "If the trap reduces your hit points to 0 or less your spy is killed.",
    "not the cops' turn": "A round of play consists of each spy taking a turn spending their"
    " action points and then the cops (if any are on the board) take a turn.",
    "not his turn": "Spies get 2 action points at the start of each turn.",
    "points spent": "Spies get 2 action points at the start of each turn.",
    "cops first, no spy": "a new turn is now added to the round of play which will be for the cops",
    "circled twice": "until three numbers have been selected",
    "circle numbers": "Take the 25 paper tokens provided",
    "arsenal twice": "Players place all pieces and tokens behind their dividers to the left which"
    " will represent their Arsenal.",
    "arsenal size": "Each player then takes turns drawing 5 random pieces from the 2-pip bag.",
    "arsenal bag": "place all 1-pip pieces from all colors except Blue, Purple, Red & Clear in"
    " the other bag",
    "arsenal defence": "lift up your spy piece (your 3-pip piece) to reveal what defensive"
    " equipment (2-pip) you are currently using",
    "arsenal weapon": "Along with the sword each spy can also equip 1 piece of offensive"
    " equipment.",
    "colour": "Each 1-pip piece serves as two different pieces of equipment.",
    "no room": "A 5x5 Volcano board (or a checkers board)",
    "not next": "Below shows which directions your spy can legally move.",
    "street": "The opposite edge of the board represents the ground floor where both players"
    " will enter the building.",
    "roof": "The roof elevator is only accessible if you have all 3 pieces of the Thingamajig.",
    "search street": "To search a room the player declares that he is going to search and then"
    " examines all the tokens that are on that square behind his divider.",
    "search loaded": "As long as he is carrying all 3 pieces he cannot search any rooms",
    "number missing": "If there is a numbered token, pick it up.",
    "number unknown": "Numbered paper tokens (provided)",
    "set not held": "You must replace the existing trap with either one of your decoy tokens or"
    " a trap token of your own (if you have any).",
    "hide not carried": "you can opt to hide some or all of the pieces you carry in that room",
    "take not loose": "Finally, if there are any loose pieces of equipment dropped in the room"
    " you can pick them up.",
    "give not held": "you will need to drop one to make room for the piece you are picking up",
    "change not held": "change the equipment your spy is currently carrying with equipment you"
    " have in your Arsenal",
    "change loaded": "he must unequip his current offensive equipment",
    "room use": "The Green room is the First Aid room.",
    "room takes": "To use the First Aid Equipment room expend 1 action point once you have"
    " entered the room to do a mend action.",
    "room loaded": "You cannot use a special equipment room if you are currently carrying all 3"
    " pieces of the Thingamajig",
    "first aid full": "Your spy cannot have more than 8 health points.",
    "shop take": "you may pick 1 piece of equipment of whatever color you want that is currently"
    " available in the room",
    "shop limit": "If you already have 5 pieces of offensive equipment then you must give up one"
    " of your current offensive equipment pieces",
    "smash drawn": "may randomly draw an equal number of pieces",
    "smash count": "you must give up all of your defensive equipment (place them back in the"
    " 2-pip bag) and may randomly draw an equal number of pieces",
    "smash bag": "(place them back in the 2-pip bag)",
    "no weapon": "their currently equipped offensive equipment or the sword",
    "not fighting": "The player/cop who moved in to the room is considered the attacker.",
    "roll missing": "If both players choose the sword then both players roll one 6-sided dice.",
    "roll extra": "the spy wielding the sword will automatically deal 1 damage to the other spy",
    "run first": "After damage is dealt, both the attacker and defender have the option to run"
    " away",
    "run both": "If both players wish to flee then priority is given to the defender and only"
    " the defender will move.",
    "cop runs": "Cops never attempt to retreat from combat.",
    "runner not fighting": "If one player wishes to run away, the retreating player moves 1"
    " square in any legal direction",
    "restart who": "If your spy dies three times you lose the game.",
    "restart where": "Place your spy at one of the entrances of the building",
    "arrive missing": "place the Blue 1-pip piece next to one of the ground floor entrances"
    " (choose at random)",
    "arrive who": "When the first piece of the Thingamajig is found",
    "arrive where": "next to one of the ground floor entrances",
    "room occupied": "or if the other spy or a cop currently occupies that room",
    "number elsewhere": "place one at random (face down) in each square on the Volcano board",
    "number again": "Check all number tokens",
    "piece dropped": "place the Number Tokens of any of those pieces on the square",
    "piece with a cop": "If a cop kills a spy with any Thingamajig pieces he immediately picks"
    " them up.",
    "piece his own": "you include the numbered token(s) along with your trap or decoy piece",
    "loose limit": "If you already have five pieces of offensive equipment you will need to drop"
    " one",
    "trap die": "Roll a 6-sided dice. On any roll other than a 5 or 6 your spy takes an"
    " additional 1 damage.",
    "no die": "If the token is a decoy then nothing happens.",
    "slide fixed": "he slides out of the room (choose direction at random)",
    "action points": "it takes 2 action points to move 1 square",
    "smoke": "he cannot continue to search the room that turn",
    "not special": "There are three special equipment rooms on the board:",
    "trap under him": "Equipment you were originally carrying goes back to your Arsenal.",
    "declare not fighting": "If both spies (or a spy and a cop) end up in the same room combat is"
    " automatically initiated.",
    "declared twice": "At the start of combat each player must declare which weapon they will be"
    " using",
    "declared stays": "At the start of combat each player must declare which weapon they will be"
    " using",
    "loaded weapon": "A spy carrying all 3 pieces of the Thingamajig can still enter combat but"
    " may only use his sword and defensive equipment.",
}


def test_every_refusal_quotes_the_rules():
    assert sorted(QUOTES) == sorted(CASES)


@pytest.mark.parametrize("name", sorted(CASES))
def test_the_refusal(name):
    rule(QUOTES[name])
    case = CASES[name]
    table = case.table()
    fields = {k: v for k, v in case.action.items() if k != "type"}
    refusal = table.refused(case.action["type"], force=case.force, **fields)
    assert str(refusal) == case.refusal


def refusal_sites() -> dict[tuple[str, int], str]:
    """(file, line) -> the source of each `Refuse(...)` and `turn.rule(...)` call."""
    sites = {}
    for path in sorted(Path(package.__file__).parent.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            func = node.func
            if (isinstance(func, ast.Name) and func.id == "Refuse") or (
                isinstance(func, ast.Attribute) and func.attr == "rule"
            ):
                for line in range(node.lineno, (node.end_lineno or node.lineno) + 1):
                    sites[(path.name, line)] = f"{path.name}:{node.lineno} {ast.unparse(node)}"
    return sites


def test_every_refusal_site_has_a_case(monkeypatch):
    """Each case is run with `Refuse` recording where it was raised (the caller of `turn.rule`
    for a rule `--force` may waive); every site in the source must be reached by a case."""
    raised_at: list[tuple[str, int]] = []
    original = actions.Refuse.__init__

    def recording(self, rule: str, why: str) -> None:
        frame = sys._getframe(1)
        if frame.f_code is actions.Turn.rule.__code__:
            frame = frame.f_back
        raised_at.append((Path(frame.f_code.co_filename).name, frame.f_lineno))
        original(self, rule, why)

    monkeypatch.setattr(actions.Refuse, "__init__", recording)
    for name in sorted(CASES):
        test_the_refusal(name)
    sites = refusal_sites()
    reached = {sites[at] for at in raised_at if at in sites}
    missing = sorted(set(sites.values()) - reached)
    assert missing == [], "refusal sites no case reaches:\n" + "\n".join(missing)


# ---- house rules: what --force waives ------------------------------------------------------------


def test_forced_moves_are_house_rules_and_budgets_stay_in_range():
    t = at("B1", 1)()
    t.give_pieces("black", [4, 11, 19])
    t.do("move", spy="black", to="C1", force=True)
    assert t.view["positions"]["black"] == "C1"
    assert (t.view["turn"], t.view["ap_left"]) == ("white", 2)  # his 0 points ended his turn
    t = at("B1")()
    t.do("move", spy="black", to="B2", force=True)  # stairs, as a house rule
    assert t.view["positions"]["black"] == "B2" and t.view["ap_left"] == 1


def test_forced_shopping_beyond_five():
    t = at("C4")()
    t.do("room", spy="black", use="shop", take="light-blue", force=True)
    assert len(t.arsenal("black")["offensive"]) == 6
