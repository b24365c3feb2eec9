"""The table as text for the terminal: both tracks, the Double Agent, the day, Deception tokens,
each mission's state, what comes next and what the last action did."""

from __future__ import annotations

from assistant.engine import Json
from assistant.games.spies_and_lies.data import DAYS, SIDES, GameData


def _agent_lines(view: Json) -> list[str]:
    """The Double Agent track (red's flag left, blue's right) and a marker under its space."""
    flag, wall, pos = view["tracks"]["flag"], view["tracks"]["wall"], view["double_agent"]
    head, marker = "Double Agent  red ", ""
    cells: list[str] = []
    for space in range(-flag, flag + 1):
        if abs(space) == flag:
            label = "FLAG"
        elif abs(space) == wall:
            label = "WALL"
        elif space == 0:
            label = "MID"
        else:
            label = str(abs(space))
        if space == pos:
            marker = " " * (len(head) + sum(len(c) + 1 for c in cells)) + "^" * len(label) + " DA"
        cells.append(label)
    return [head + " ".join(cells) + " blue", marker]


def _track(points: int, top: int) -> str:
    return "".join("#" if i < points else "." for i in range(top)) + f" {points}/{top}"


def _card(card: Json, data: GameData) -> str:
    marks = ("T" if card["token"] else "") + ("D" if card["deception"] else "")
    if card["state"] == "down":
        text = "face down"
    else:
        rank = card["rank"]
        how = "retreated" if card["state"] == "retreated" else "ACTIVE"
        text = f"{data.titles[rank]} ({rank}) {how}"
    return f"{text}{' +' + marks if marks else ''}"


def render_text(view: Json, data: GameData) -> str:
    """The board and missions as lines of text."""
    lines = [
        f"Spies & Lies — day {view['day']} of {DAYS} — {view['phase']}"
        + (f" — {view['starter']} starts" if view["starter"] else "")
        + (" — team play (missions 1-2 | 3-4)" if view["teams"] else ""),
        *_agent_lines(view),
    ]
    top = view["tracks"]["infiltration_top"]
    for side in SIDES:
        effects = [name for name, on in view["effects"][side].items() if on]
        extra = f"  active: {', '.join(effects)}" if effects else ""
        if view["double_damage"][side]:
            extra += "  double damage"
        if view["exposed"][side]:
            extra += "  incorrect order: cards count as identified"
        lines.append(
            f"{side:<5} infiltration {_track(view['infiltration'][side], top)}"
            f"  deception tokens {view['deception'][side]}{extra}"
        )
    intel = view["intel"]
    current = (
        f"card {intel['current']} ({' '.join(str(r) for r in intel['ranks'])})"
        if intel["current"] is not None
        else "none"
    )
    old = ", ".join(str(c) for c in intel["old"]) or "none"
    lines.append(
        f"intel: {current}; old pile: {old}; spare deception tokens {view['deception_spares']}"
    )
    exhausted = "; ".join(
        f"{s}: " + (", ".join(data.name(r) for r in view["exhausted"][s]) or "none") for s in SIDES
    )
    lines.append(f"exhausted: {exhausted}")
    for side in SIDES:
        cards = " | ".join(f"{c['mission']}: {_card(c, data)}" for c in view["missions"][side])
        lines.append(f"{side:<5} missions  {cards}")
    if view["winner"]:
        lines.append(f"RESULT: {view['result']}")
    else:
        lines.append(f"next: {view['next']}")
    return "\n".join(lines)
