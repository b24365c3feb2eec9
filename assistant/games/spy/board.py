"""The Spy! board for the page (assistant/games/widgets.py): each player's field as a grid of the
probes made on it (hot, warm, cold), the opponents' fields first; a revealed network's cells
marked; the numbered squares left, the seals, the claims and the result. A seat's own field also
shows its own sealed network (private)."""

from __future__ import annotations

from assistant.engine import Json
from assistant.games.spy.model import Network, column_letters, format_cell, parse_cell_anywhere
from assistant.games.spy.scoring import result_text
from assistant.games.widgets import cell, grid, joined, listing, secret_of, stat

NETWORK = "●"  # a cell the network covers


def _covered(network: str | None) -> set[str]:
    if not network:
        return set()
    try:
        vertices = tuple(parse_cell_anywhere(word) for word in network.split())
    except ValueError:
        return set()
    return {format_cell(c) for c in Network(vertices).cells()}


def _field(view: Json, player: str, network: str | None, label: str, private: bool) -> Json:
    covered = _covered(network)
    cells: dict[str, Json] = {}
    for probe in view["probes"]:
        if probe["target"] != player:
            continue
        for name, heat in zip(probe["cells"], probe["answers"], strict=False):
            cells[name] = cell(NETWORK if name in covered else None, heat)
        for name in probe["cells"][len(probe["answers"]) :]:  # not answered yet
            cells.setdefault(name, cell("?"))
    for name in covered:
        cells.setdefault(name, cell(NETWORK))
    rows = [str(r) for r in range(1, view["rows"] + 1)]
    cols = [column_letters(c) for c in range(view["cols"])]
    return grid(label, rows, cols, cells, private=private, side=player)


def _seal(seal: Json | None) -> str:
    if not seal:
        return "not sealed yet"
    if seal["kept"] == "referee":
        return "sealed (the referee keeps it and answers)"
    return f"sealed {seal['hash'][:12]}… (answers probes)"


def next_step(view: Json) -> str:
    """What the table does next, led by the action's name (the page opens that action's form,
    as it does with the other games' `next`)."""
    players = list(view["players"])
    phase = view["phase"]
    if phase == "over":
        return "the game is over"
    if phase == "setup":
        waiting = [p for p in players if not view["seals"].get(p)]
        return f"seal (or commit): {' and '.join(waiting)} to seal a network"
    probes = view["probes"]
    if probes and probes[-1]["answers"] is None:
        last = probes[-1]
        return f"answer: {last['target']} to answer {last['by']}'s probe"
    if phase == "play":
        spying = players[len(probes) % 2]
        other = next(p for p in players if p != spying)
        return f"probe: {spying} to spy on {other}'s field (or claim)"
    claimed = {c["by"] for c in view["claims"]}
    if not any(view["revealed"].values()) and len(claimed) < len(players):
        left = [p for p in players if p not in claimed]
        return f"claim: {' and '.join(left)} may claim, then reveal"
    left = [p for p in players if not view["revealed"].get(p)]
    return f"reveal: {' and '.join(left)} to reveal"


def board(view: Json) -> list[Json]:
    """The widgets, top to bottom."""
    secret = secret_of(view)
    me = secret.get("seat") if secret else None
    players = list(view["players"])
    widgets = [stat("Phase", view["phase"])]
    if view["result"]:
        widgets.append(stat("Result", result_text(view["result"]), view["result"]["winner"]))
    else:
        widgets.append(stat("Next", next_step(view)))
    for player in sorted(players, key=lambda p: p == me):  # the opponents' fields first
        revealed = view["revealed"].get(player)
        if player == me and secret is not None:
            own = secret.get("network") or revealed
            widgets.append(_field(view, player, own, f"Your field ({player})", private=True))
        else:
            widgets.append(_field(view, player, revealed, f"{player}'s field", private=False))
    if secret is not None and secret.get("network"):
        widgets.append(listing("Your network", [str(secret["network"])], private=True))
    for player in players:
        widgets.append(stat(f"{player}'s squares left", joined(view["squares"][player]), player))
    widgets.append(listing("Seals", [f"{p}: {_seal(view['seals'][p])}" for p in players]))
    if view["claims"]:
        widgets.append(
            listing(
                "Claims",
                [f"{c['by']}: {c['network']} (round {c['round']})" for c in view["claims"]],
            )
        )
    return widgets
