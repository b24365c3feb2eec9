"""The Spies & Lies board for the page (assistant/games/widgets.py): the Double Agent track (red's
flag on the left, blue's on the right), the infiltration track with both markers, Deception
tokens, the intel card, each side's missions, the exhausted soldiers and what comes next; for a
seat, its own soldiers as entered (private)."""

from __future__ import annotations

from assistant.engine import Json
from assistant.games.spies_and_lies.data import DAYS, SIDES, GameData, default_data
from assistant.games.widgets import joined, listing, mark, meter, secret_of, stat, table, track

MODES = {"open": "entered", "sealed": "sealed", "hidden": "face down, not entered"}


def _agent(view: Json) -> Json:
    flag, wall, at = view["tracks"]["flag"], view["tracks"]["wall"], view["double_agent"]
    spaces, sides = [], []
    for space in range(-flag, flag + 1):
        if abs(space) == flag:
            spaces.append("Flag")
        elif abs(space) == wall:
            spaces.append("Wall")
        else:
            spaces.append(str(abs(space)) if space else "Mid")
        sides.append("red" if space < 0 else "blue" if space > 0 else None)
    return track("Double Agent", spaces, [mark(at + flag, "DA")], sides)


def _card(card: Json, data: GameData) -> str:
    marks = (" +Intel" if card["token"] else "") + (" +Deception" if card["deception"] else "")
    if card["state"] == "down":
        return "face down" + marks
    how = "retreated" if card["state"] == "retreated" else "ACTIVE"
    return f"{data.name(card['rank'])} {how}{marks}"


def _abilities(view: Json) -> list[str]:
    lines = []
    for side in SIDES:
        on = [name.title() for name, active in view["effects"][side].items() if active]
        if on:
            lines.append(f"{side}: {', '.join(on)} active")
        if view["double_damage"][side]:
            lines.append(f"{side}: double damage")
        if view["exposed"][side]:
            lines.append(f"{side}: incorrect order, its cards count as identified")
    return lines


def _own(secret: Json, data: GameData) -> Json:
    """The seat's soldiers mission by mission (as entered: open or face down with ranks), and how
    each group was deployed."""
    line = secret.get("line") or []
    items = [
        f"mission {n}: {data.name(rank) if rank is not None else 'not entered'}"
        for n, rank in enumerate(line, 1)
    ]
    for group in secret.get("deployed") or []:
        first, last = group["missions"][0], group["missions"][-1]
        missions = f"missions {first}-{last}" if first != last else f"mission {first}"
        seal = f" (seal {group['seal'][:12]}…)" if group.get("seal") else ""
        items.append(f"{missions}: deployed {MODES.get(group['mode'], group['mode'])}{seal}")
    seat = secret.get("seat")
    label = f"Your soldiers ({seat})" if seat else "Your soldiers"
    return listing(label, items or ["not deployed yet"], private=True)


def board(view: Json, data: GameData | None = None) -> list[Json]:
    """The widgets, top to bottom."""
    data = data if data is not None else default_data()
    top = view["tracks"]["infiltration_top"]
    outcome = view["result"] if view["winner"] else view["next"]
    widgets = [
        stat("Day", f"{view['day']} of {DAYS}: {view['phase']}"),
        stat("Result" if view["winner"] else "Next", str(outcome), view["winner"]),
        _agent(view),
        track(
            "Infiltration",
            [str(n) for n in range(top + 1)],
            [mark(view["infiltration"][s], s, s) for s in SIDES],
        ),
    ]
    widgets += [meter(f"{s} Deception tokens", view["deception"][s], None, s) for s in SIDES]
    intel = view["intel"]
    shown = (
        f"card {intel['current']}: {joined(intel['ranks'])}"
        if intel["current"] is not None
        else "none turned over"
    )
    widgets += [
        stat("Intel", shown),
        stat("Old intel pile", joined(intel["old"])),
        stat("Spare Deception tokens", str(view["deception_spares"])),
    ]
    secret = secret_of(view)
    if secret is not None:
        widgets.append(_own(secret, data))
    cards = view["missions"]
    widgets.append(
        table(
            "Missions",
            ["", *SIDES],
            [
                [str(n + 1), *(_card(cards[s][n], data) for s in SIDES)]
                for n in range(max(len(cards[s]) for s in SIDES))
            ],
        )
    )
    widgets.append(
        listing(
            "Exhausted",
            [f"{s}: {joined(data.name(r) for r in view['exhausted'][s])}" for s in SIDES],
        )
    )
    abilities = _abilities(view)
    if abilities:
        widgets.append(listing("Abilities", abilities))
    return widgets
