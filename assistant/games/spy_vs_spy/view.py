"""The public view (`show --json`: no secrets) and the table as text (`show`)."""

from __future__ import annotations

from assistant.engine import Json
from assistant.games.spy_vs_spy.combat import what_next
from assistant.games.spy_vs_spy.cops import plan_turn
from assistant.games.spy_vs_spy.flow import COPS, FIGHT, OVER, RESTART, SETUP, cops_due
from assistant.games.spy_vs_spy.kit import Kit
from assistant.games.spy_vs_spy.state import SPIES, cop_pieces, name_of, plural, points

ORDINALS = {1: "1st", 2: "2nd", 3: "3rd"}
TAGS = {"defensive": "Def", "first_aid": "Aid", "offensive": "Off"}
SHORT = {"deputy": "dep", "sheriff": "sher", "swat": "swat"}


def next_step(state: Json, kit: Kit) -> str:
    """What the table does next, in words."""
    phase = state["phase"]
    if phase == OVER:
        return str(state["result"])
    if phase == SETUP:
        todo = []
        if state["thingamajig"] is None:
            todo.append("circle the Thingamajig's three numbers (circle)")
        todo += [
            f"enter {s}'s arsenal (arsenal spy={s})"
            for s in SPIES
            if state["secret"]["arsenal"][s] is None
        ]
        return "setup: " + "; ".join(todo)
    if phase == RESTART:
        spy = state["restart"][0]
        doors = " or ".join(sorted(kit.board.doors))
        return f"{spy} re-enters at an entrance of his choice: restart spy={spy} at={doors}"
    if phase == FIGHT:
        fight = state["fights"][0]
        a, d = name_of(kit, fight["attacker"]), name_of(kit, fight["defender"])
        return f"combat in {fight['room']}, {a} against {d}: {what_next(fight)}"
    if phase == COPS:
        return "the cops' turn: cops"
    spy = state["turn"]
    return f"{spy}'s turn, {points(state['ap_left'])} left: move, search, change, room or end"


def public_view(state: Json, kit: Kit) -> Json:
    """The state as everyone at the table may see it."""
    pieces = state["secret"]["pieces"]
    dropped: dict[str, int] = {}
    for record in pieces:
        if record["at"].startswith("dropped:"):
            room = record["at"].split(":")[1]
            dropped[room] = dropped.get(room, 0) + 1
    bags = state["secret"]["bags"]
    plans = plan_turn(state, kit) if state["phase"] not in (SETUP, OVER) else []
    return {
        "game": "spy-vs-spy",
        "phase": state["phase"],
        "round": state["round"],
        "turn": state["turn"],
        "ap_left": state["ap_left"],
        "spies": list(state["spies"]),
        "positions": dict(state["positions"]),
        "health": dict(state["health"]),
        "lives": dict(state["lives"]),
        "pieces": dict(state["pieces"]),
        "frozen": dict(state["frozen"]),
        "cops": [
            {
                "cop": cop["cop"],
                "name": kit.cop(cop["cop"]).name,
                "status": cop["status"],
                "at": cop["at"],
                "damage": cop["damage"],
                "toughness": kit.cop(cop["cop"]).toughness,
                "speed": kit.cop(cop["cop"]).speed,
                "carrying": len(cop_pieces(state, cop["cop"])),
            }
            for cop in state["cops"]
        ],
        "cops_next": [
            {"cop": p.cop, "from": p.start, "path": list(p.path), "to": p.end, "why": p.why}
            for p in plans
        ],
        "cops_arriving": cops_due(state, kit) if state["phase"] not in (SETUP, OVER) else [],
        "thingamajig": state["thingamajig"],
        "found": state["found"],
        "fights": [dict(f) for f in state["fights"]],
        "restart": list(state["restart"]),
        "searched": sorted(state["searched"]),
        "dropped": dict(sorted(dropped.items())),
        "loose": {room: sorted(c) for room, c in sorted(state["loose"].items())},
        "discard": {k: sorted(v) for k, v in state["discard"].items()},
        "bags": {kind: sum(bag.values()) for kind, bag in bags.items()},
        "arsenals": {s: state["secret"]["arsenal"][s] is not None for s in SPIES},
        "winner": state["winner"],
        "result": state["result"],
        "next": next_step(state, kit),
    }


# ---- the terminal ------------------------------------------------------------------------------

WIDTH = 12


def _here(view: Json, node: str) -> list[str]:
    """Who stands on `node`: the spies, then the cops (short names)."""
    here = [s for s in view["spies"] if view["positions"][s] == node]
    on = [c for c in view["cops"] if c["status"] == "on" and c["at"] == node]
    return here + [SHORT.get(c["cop"], c["cop"]) for c in on]


def _marks(view: Json, kit: Kit, room: str) -> list[str]:
    marks = []
    special = kit.board.special_of(room)
    if special:
        marks.append(TAGS[special])
    if room == kit.board.roof:
        marks.append("^H")
    if room in view["searched"]:
        marks.append("*")
    if room in view["dropped"]:
        marks.append(f"+{view['dropped'][room]}p")
    if room in view["loose"]:
        marks.append("eq")
    return marks


def _cell(words: list[str]) -> str:
    text = " ".join(words)
    return f" {text:<{WIDTH - 1}}"[:WIDTH]


def render_text(view: Json, kit: Kit) -> str:
    """The building floor by floor (top first): each room's marks, then who is in it; the
    spies, the Thingamajig, the cops and where each goes next; what the table does next."""
    board = kit.board
    lines = []
    if view["phase"] == SETUP:
        lines.append("Spy vs Spy: Lunacy at the Labs, setting up")
    else:
        lines.append(f"Spy vs Spy: Lunacy at the Labs, round {view['round']}: {_whose(view)}")
    columns, floors = board.columns, board.floors
    pad = "   "
    roof = board.columns.index(board.roof[0])
    helipad = " ".join([f"[{board.helipad}]", *_here(view, board.helipad)])
    lines.append(pad + " " * (1 + roof * (WIDTH + 1)) + helipad)
    lines.append(pad + "".join(f" {c:^{WIDTH}}" for c in columns))
    rule = pad + "+" + "+".join("-" * WIDTH for _ in columns) + "+"
    for fl in reversed(floors):
        rooms = [f"{c}{fl}" for c in columns]
        lines.append(rule)
        lines.append(f"{fl:>2} |" + "|".join(_cell(_marks(view, kit, r)) for r in rooms) + "|")
        lines.append(pad + "|" + "|".join(_cell(_here(view, r)) for r in rooms) + "|")
    lines.append(rule)
    street = [f"{door}: {' '.join(_here(view, door)) or '-'}" for door in sorted(board.doors)]
    lines.append(pad + " street doors  " + "   ".join(street))
    lines.append(pad + " Def, Aid, Off: the special rooms; ^H: the roof elevator; *: searched;")
    lines.append(pad + " +Np: pieces dropped; eq: loose 1-pips; elevators in columns A and E")
    lines.append("")
    for spy in view["spies"]:
        at = view["positions"][spy] or ("dead" if view["phase"] == OVER else "dead, to re-enter")
        frozen = f", frozen (-{view['frozen'][spy]} next turn)" if view["frozen"][spy] else ""
        health = f"health {view['health'][spy]}/{kit.numbers.health}, "
        if view["positions"][spy] is None:
            health = ""  # a dead spy has no health to show: he re-enters with it whole
        lives, shows = plural(view["lives"][spy], "life"), plural(view["pieces"][spy], "piece")
        lines.append(f"{spy:<6} {at:<8} {health}{lives}, shows {shows}{frozen}")
    if view["thingamajig"] is not None:
        total = len(view["thingamajig"])
        numbers = ", ".join(map(str, view["thingamajig"]))
        lines.append(f"Thingamajig: {numbers}; {view['found']} of {total} pieces found")
    lines += _cops(view, kit)
    for fight in view["fights"]:
        a, d = name_of(kit, fight["attacker"]), name_of(kit, fight["defender"])
        lines.append(
            f"combat in {fight['room']}: {a} attacks {d} ({plural(fight['exchanges'], 'exchange')})"
        )
    lines.append(f"next: {view['next']}")
    return "\n".join(line.rstrip() for line in lines)


def _whose(view: Json) -> str:
    if view["phase"] == OVER:
        return "the game is over"
    if view["turn"] == "cops":
        return "the cops' turn"
    return f"{view['turn']}'s turn, {points(view['ap_left'])} left"


def _cops(view: Json, kit: Kit) -> list[str]:
    lines = []
    for cop in view["cops"]:
        card = kit.cop(cop["cop"])
        name = card.name
        if cop["status"] == "waiting":
            nth = ORDINALS.get(card.arrives, str(card.arrives))
            if view["found"] >= card.arrives:
                lines.append(f"{name}: the {nth} piece is found, he arrives in the cops' turn")
            else:
                lines.append(f"{name}: arrives when the {nth} piece is found")
        elif cop["status"] == "dead":
            lines.append(f"{name}: dead, comes back at the end of the next turn")
        else:
            carrying = f", carries {plural(cop['carrying'], 'piece')}" if cop["carrying"] else ""
            damage = f"damage {cop['damage']} of {card.toughness}"
            lines.append(f"{name}: {cop['at']}, speed {card.speed}, {damage}{carrying}")
    if view["phase"] == OVER:
        return lines
    for cop_id in view["cops_arriving"]:
        lines.append(
            f"  next cops' turn: the {kit.cop(cop_id).name} enters at a street door drawn at random"
        )
    for plan in view["cops_next"]:
        name = kit.cop(plan["cop"]).name
        if plan["path"]:
            lines.append(
                f"  next cops' turn: the {name} {plan['from']} -> {plan['to']}, {plan['why']}"
            )
        else:
            lines.append(f"  next cops' turn: the {name} stays in {plan['from']}, {plan['why']}")
    return lines
