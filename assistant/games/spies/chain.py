"""The counter chains of the Action Chit Summary, their result, and the kills of a Sanction.

A chit that other chits counter and that is played on your turn only (Discovery, Sanction,
Drop, Source: the data's `when` and `countered_by`) opens a chain; the table then plays the
counters, each against an earlier play (`against=N`, the Nth play of the chain), and `resolve`
closes it. A play stands unless a play that stands counters it; what the opening play does
follows from what stands:

- Discovery: stands -> its spy may take the secret (strengths compared if it is guarded);
- Sanction: a standing Escape cancels it, a standing Double Cross reverses it (the sanctioning
  spy is killed instead), else the enemy spy is killed; 5.2 for Cousins either way;
- Drop: stands -> the Drop is placed in the city; Source: stands -> the examination is made.
"""

from __future__ import annotations

from assistant.engine import Json
from assistant.games.actions import Refuse
from assistant.games.spies import positions
from assistant.games.spies.data import GameData
from assistant.games.spies.state import Turn, set_status

CHIT_RULE = "3.8 Playing Action Chits"
COUSIN_RULE = "5.2 Cousins"


def opens_chain(name: str, data: GameData) -> bool:
    chit = data.chits[name]
    return chit.when == "your turn only" and bool(chit.countered_by)


# plays against a chit besides its counters: the Double Cross entry, "You can also play a Double
# Cross, upon the play of a Discovery chit, to reverse the results of a strength comparison ...
# to determine who controls a secret" (it reverses the comparison; the Discovery is not negated)
REVERSED_BY: dict[str, tuple[str, ...]] = {"Discovery": ("Double Cross",)}


def may_counter(chit: str, play: Json, plays: list[Json], data: GameData) -> bool:
    """Whether `chit` is played against `play`: the countered chit's `countered_by`, or a Double
    Cross against a Discovery (REVERSED_BY). The Cover entry: "if played in response to a Double
    Cross, a Cover chit can be negated by Escape"; Cover is otherwise countered by another
    Discovery."""
    if chit in REVERSED_BY.get(play["chit"], ()):
        return True
    if chit not in data.chits[play["chit"]].countered_by:
        return False
    if play["chit"] == "Cover":
        countered = plays[play["against"] - 1]["chit"] if play["against"] else None
        return (chit == "Escape") == (countered == "Double Cross")
    return True


def reverses(play: Json, plays: list[Json]) -> bool:
    """Whether `play` reverses the play it is against rather than negating it (REVERSED_BY)."""
    against = play.get("against")
    if not against:
        return False
    return play["chit"] in REVERSED_BY.get(plays[int(against) - 1]["chit"], ())


def standing(plays: list[Json]) -> list[bool]:
    """Which plays stand: a play stands unless a standing play counters it (counters always
    point back, so the last play decides first; a Double Cross against a Discovery reverses its
    comparison and leaves it standing)."""
    stands = [True] * len(plays)
    for index in reversed(range(len(plays))):
        stands[index] = not any(
            stands[later]
            for later in range(index + 1, len(plays))
            if plays[later]["against"] == index + 1 and not reverses(plays[later], plays)
        )
    return stands


def settled(plays: list[Json], number: int, data: GameData) -> Json | None:
    """The standing play that negates play `number` for good (a chit nothing counters: the
    Intercept entry, "Intercept cannot be countered"), or None."""
    for play, up in zip(plays, standing(plays), strict=True):
        if (
            up
            and play["against"] == number
            and not reverses(play, plays)
            and not data.chits[play["chit"]].countered_by
        ):
            return play
    return None


def describe_play(play: Json) -> str:
    where = f" in {play['city']}" if play.get("city") else ""
    return f"{play['power']}'s {play['chit']}{where}"


def resolve(state: Json, action: Json, turn: Turn) -> None:
    chain = state["chain"]
    if chain is None:
        raise Refuse(CHIT_RULE, "no chit waits to be resolved")
    plays = chain["plays"]
    stands = standing(plays)
    lines = []
    for number, (play, up) in enumerate(zip(plays, stands, strict=True), start=1):
        against = f" against {play['against']}" if play["against"] else ""
        lines.append(f"  {number}. {describe_play(play)}{against}: {'stands' if up else 'negated'}")
    state["chain"] = None
    opening = plays[0]
    power, chit, city = opening["power"], opening["chit"], opening.get("city")
    if chit == "Discovery":
        crosses = [p for p, up in zip(plays, stands, strict=True) if up and p["against"] == 1]
        if not stands[0]:
            result = f"covered: {power} does not get the secret"
        elif crosses:
            result = (
                f"{crosses[0]['power']}'s Double Cross reverses the strength comparison: "
                f"{power}'s spy takes the secret in {city} only if it is unguarded or the guard "
                "is as strong or stronger"
            )
        else:
            result = (
                f"{power}'s spy may take the secret in {city} (a guarded secret: strengths "
                "compared; a Double Cross reverses the comparison)"
            )
        if stands[0]:
            discovered = state["step"].setdefault("discovered", [])
            discovered.append({"power": power, "city": city})
    elif chit == "Drop":
        if stands[0]:
            state["drops"][power].append(city)
            state["cup"] -= 1
            result = f"it stands: {power}'s capital for cashing in foreign secrets"
        else:
            result = "intercepted: lost, with its pounds and Action Points"
    elif chit == "Source":
        enemy = opening.get("enemy") or "another player"
        result = (
            f"{power} examines all of {enemy}'s spies and police"
            if stands[0]
            else "intercepted: lost, with its pounds and Action Points"
        )
    else:
        result = _sanction(state, plays, stands, turn)
    turn.note(f"{describe_play(opening)} is resolved: {result}")
    for line in lines:
        turn.note(line)


def _sanction(state: Json, plays: list[Json], stands: list[bool], turn: Turn) -> str:
    opening = dict(plays[0])
    counters = [p for p, up in zip(plays, stands, strict=True) if up and p["against"] == 1]
    escapes = not stands[0] and bool(counters) and counters[0]["chit"] == "Escape"
    if positions.tracked(state) and not escapes:  # counters named: turned up now
        opening["spy"] = positions.spy_of(state, opening["power"], opening["spy"])
        opening["target"] = positions.spy_of(state, opening["enemy"], opening["target"])
    if stands[0] or not counters:
        return kill(
            state, opening["power"], opening["spy"], opening["enemy"], opening["target"], turn
        )
    if escapes:
        return f"{opening['enemy']}'s {opening['target']} escapes: the Sanction has no effect"
    return "Double Cross: " + kill(
        state, opening["enemy"], opening["target"], opening["power"], opening["spy"], turn
    )


def kill(
    state: Json, killer: str, killer_spy: str, victim: str, victim_spy: str, turn: Turn
) -> str:
    """`killer`'s spy kills `victim`'s: the victim into the Sanctioned Spies box, a Sanctioned
    Spy marker (the victim's strength: our markers) on the killer's record under the year. 5.2:
    a Cousin is killed only by a Cousin; any other spy that tries is killed instead."""
    why = ""
    if victim_spy == "Cousin" and killer_spy != "Cousin":
        killer, killer_spy, victim, victim_spy = victim, victim_spy, killer, killer_spy
        why = f" (5.2: only a Cousin kills {killer}'s Cousin; the attacker dies instead)"
    value = turn.data.spies[victim][victim_spy]
    set_status(state, victim, victim_spy, "sanctioned")
    positions.remove(state, victim, victim_spy)
    state["record"][killer].append(
        {
            "year": state["year"],
            "kind": "sanction",
            "power": victim,
            "name": victim_spy,
            "value": value,
        }
    )
    # on a table that tracks positions both counters are turned up: 5.2 turns on who killed
    by = f" by {killer}'s {killer_spy}" if positions.tracked(state) else ""
    text = (
        f"{victim}'s {victim_spy} ({value}) is killed{by}{why}: into the Sanctioned Spies box; a "
        f"Sanctioned Spy marker ({value}) on {killer}'s record under {state['year']}"
    )
    positions.lost_drops(state, turn)
    return text
