"""The Spy vs Spy board for the page (assistant/games/widgets.py; `board.py` here is the building's
graph): whose turn and the action points left, each spy's health and lives, the building floor by
floor (top first) with the special rooms, the searched ones and who stands where, the helipad and
the street doors, the Thingamajig, the cops and where they go next. A seat also sees its own
arsenal and its own traps (private)."""

from __future__ import annotations

from assistant.engine import Json
from assistant.games.spy_vs_spy.kit import Kit, default_kit
from assistant.games.spy_vs_spy.view import SHORT, TAGS
from assistant.games.widgets import cell, grid, joined, listing, meter, secret_of, stat, table

ORDINALS = {1: "1st", 2: "2nd", 3: "3rd"}


def _here(view: Json, node: str) -> list[str]:
    spies = [s for s in view["spies"] if view["positions"][s] == node]
    cops = [c for c in view["cops"] if c["status"] == "on" and c["at"] == node]
    return spies + [SHORT.get(c["cop"], c["cop"]) for c in cops]


def _room(view: Json, kit: Kit, room: str) -> Json:
    words = []
    special = kit.board.special_of(room)
    if special:
        words.append(TAGS[special])
    if room == kit.board.roof:
        words.append("↑H")
    if room in view["searched"]:
        words.append("✓")
    if room in view["dropped"]:
        words.append(f"+{view['dropped'][room]}p")
    if room in view["loose"]:
        words.append("eq")
    words += _here(view, room)
    return cell(" ".join(words) or None)


def _building(view: Json, kit: Kit) -> Json:
    board = kit.board
    floors = [str(f) for f in reversed(board.floors)]
    cols = list(board.columns)
    cells = {f"{fl}{c}": _room(view, kit, f"{c}{fl}") for fl in floors for c in cols}
    return grid("The building (✓ searched, ↑H roof elevator)", floors, cols, cells)


def _whose(view: Json) -> str:
    if view["phase"] == "over":
        return "the game is over"
    if view["phase"] == "setup":
        return "setting up"
    if view["turn"] == "cops":
        return "the cops' turn"
    return f"{view['turn']}'s turn"


def _cop(cop: Json, kit: Kit) -> list[str]:
    if cop["status"] == "waiting":
        nth = ORDINALS.get(kit.cop(cop["cop"]).arrives, str(kit.cop(cop["cop"]).arrives))
        where = f"arrives with the {nth} piece"
    elif cop["status"] == "dead":
        where = "dead"
    else:
        where = str(cop["at"])
    return [cop["name"], where, str(cop["speed"]), f"{cop['damage']} of {cop['toughness']}"]


def _own(secret: Json) -> list[Json]:
    arsenal = secret.get("arsenal") or {}
    lines = [
        f"offensive: {joined(arsenal.get('offensive') or [])}",
        f"defensive: {joined(arsenal.get('defensive') or [])}",
        f"weapon (1-pip under you): {arsenal.get('weapon') or 'none'}",
        f"defence (2-pip under you): {arsenal.get('defence') or 'none'}",
    ]
    if not arsenal:
        lines = ["not entered yet"]
    seat = secret.get("seat")
    label = f"Your arsenal ({seat})" if seat else "Your arsenal"
    widgets = [listing(label, lines, private=True)]
    traps = secret.get("traps") or {}
    widgets.append(
        listing(
            "Your traps and decoys",
            [f"{room}: {colour}" for room, colour in sorted(traps.items())] or ["none"],
            private=True,
        )
    )
    pieces = [f"carrying: {joined(secret.get('carrying') or [])}"]
    pieces += [f"hidden in {room}: {joined(n)}" for room, n in (secret.get("hidden") or {}).items()]
    widgets.append(listing("Your Thingamajig pieces", pieces, private=True))
    return widgets


def board(view: Json, kit: Kit | None = None) -> list[Json]:
    """The widgets, top to bottom."""
    kit = kit if kit is not None else default_kit()
    numbers = kit.numbers
    turn = view["turn"] if view["turn"] in view["spies"] else None
    widgets = [
        stat("Round", f"{view['round']}: {_whose(view)}", turn),
        stat("Result" if view["winner"] else "Next", str(view["next"]), view["winner"]),
    ]
    if turn is not None:
        widgets.append(meter("Action points", view["ap_left"], numbers.action_points, turn))
    board_ = kit.board
    widgets.append(stat(board_.helipad, joined(_here(view, board_.helipad), "empty")))
    widgets.append(_building(view, kit))
    doors = [f"{d}: {joined(_here(view, d), '-')}" for d in sorted(board_.doors)]
    widgets.append(stat("Street doors", "   ".join(doors)))
    for spy in view["spies"]:
        widgets.append(meter(f"{spy} health", view["health"][spy], numbers.health, spy))
    widgets += [meter(f"{s} lives", view["lives"][s], numbers.lives, s) for s in view["spies"]]
    widgets.append(
        table(
            "Spies",
            ["spy", "room", "pieces", "frozen"],
            [
                [
                    s,
                    view["positions"][s] or "dead",
                    str(view["pieces"][s]),
                    str(view["frozen"][s]),
                ]
                for s in view["spies"]
            ],
        )
    )
    secret = secret_of(view)
    if secret is not None:
        widgets += _own(secret)
    if view["thingamajig"] is not None:
        total = len(view["thingamajig"])
        widgets.append(
            stat(
                "Thingamajig",
                f"{joined(view['thingamajig'])}: {view['found']} of {total} pieces found",
            )
        )
    widgets.append(
        table(
            "Cops",
            ["cop", "where", "speed", "damage"],
            [_cop(c, kit) for c in view["cops"]],
        )
    )
    plans = [
        f"{kit.cop(p['cop']).name}: {p['from'] or 'arrives'} → {p['to']} ({p['why']})"
        for p in view["cops_next"]
    ]
    if plans:
        widgets.append(listing("The cops' next moves", plans))
    fights = [
        f"in {f['room']}: {f['attacker']} attacks {f['defender']}, {f['exchanges']} exchanges"
        for f in view["fights"]
    ]
    if fights:
        widgets.append(listing("Combat", fights))
    return widgets
