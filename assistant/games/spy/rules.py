"""The Spy! referee (Sackson, 1974): a recorded two-player game on the table store.

Actions (plain data; `deaddrop table do TYPE key=value ...` or the `deaddrop spy referee` sugar):

- `seal player=P network="2B 2D 5D 5H 10H 10B 9B" salt=S`: P's network is checked for legality and
  kept in the state under "secret" (which `view` strips); the public view shows only that the
  referee keeps it, not even its salted hash (a hash of P's network and salt, which is never
  revealed, would tell the others something about P's secret and let them check nothing). The
  referee then answers every probe of P's field itself. The network is also in the
  stored action, so anyone who can read the table database (`table export`, `log --json`) can see
  it: on a shared machine use `commit` instead. Printed text never shows it (`public_action`).
- `commit player=P hash=H`: P keeps the network (on paper, or in a file) and only the hash enters
  the table; P answers probes (`answer`) and everything is checked at the reveal.
- `probe player=P cells=5E` or `cells=4B-4E`: P spies on the opponent's field, in turn (players
  alternate, the first listed spies first). A multiple probe of 2-5 cells in a row or column
  crosses out one of P's unused numbered squares of that number (refused when none is left).
- `answer player=Q answers=h,w,c,c`: Q answers the pending probe of Q's field (only for a
  committed network; a sealed one is answered by the referee).
- `claim player=P network="..."`: at the end of a round (both have probed as often, no answer
  pending) P names the opponent's network. Both may claim in the same round; after a claim there
  are no more probes. Correct (same covered cells): a single victory for P; incorrect: a double
  victory for the opponent.
- `reveal player=P` (sealed) or `reveal player=P network="..." salt=S` (committed): after the
  claims, each network is shown. A committed one must match its hash; it is then checked for
  legality and every answer P gave is checked against it. A player whose network is illegal or
  who gave a false answer loses outright (the rules). Once both are revealed the game is scored.

`--force` (a house rule) skips the turn order, the numbered squares, the end-of-round condition for
claims and the hash check at the reveal; it never skips what cannot be carried out (a malformed
cell or network). Salts are randomness: the CLI draws them (`complete`) and the action carries them.
"""

from __future__ import annotations

import copy

from assistant.engine import Json, Option, Refusal
from assistant.games.actions import (
    PLAYER,
    TEXT,
    Action,
    Actions,
    Kind,
    Param,
    Refuse,
    Turn,
    When,
    whole,
)
from assistant.games.spy import seats as seating
from assistant.games.spy.model import Cell, Field, Network, answer, format_cell, parse_cell
from assistant.games.spy.observations import ANSWERS, segment
from assistant.games.spy.scoring import opponent, result_text, score
from assistant.games.spy.seal import HASH, parse_vertices, problems_of, seal_hash
from assistant.words import a
from deaddrop.errors import InputError, counted, shown


def _field(state: Json) -> Field:
    return Field(state["rows"], state["cols"])


def _network(text: object, what: str) -> Network:
    try:
        return parse_vertices(text)
    except ValueError as error:
        raise Refuse(what, str(error)) from None


def _legal(state: Json, network: Network) -> list[str]:
    return problems_of(network, _field(state), tuple(state["lengths"]))


def _pending(state: Json) -> Json | None:
    probes = state["probes"]
    return probes[-1] if probes and probes[-1]["answers"] is None else None


def _span(cells: list[str]) -> str:
    return cells[0] if len(cells) == 1 else f"{cells[0]}-{cells[-1]}"


# ---- when each action is allowed -----------------------------------------------------------


def not_over(state: Json, action: Json, turn: Turn) -> None:
    if state["phase"] == "over":
        raise Refuse("game over", "the game has been scored; start a new table")


def unsealed(state: Json, action: Json, turn: Turn) -> None:
    if state["seals"][action["player"]] is not None:
        raise Refuse("seal", f"{action['player']}'s network is already sealed")
    if state["phase"] != "setup":
        raise Refuse("seal", "networks are sealed before play")


def probing(state: Json, action: Json, turn: Turn) -> None:
    if state["phase"] != "play":
        why = {"setup": "both networks must be sealed first", "claims": "a claim ended the probing"}
        raise Refuse("probe", why[state["phase"]])
    pending = _pending(state)
    if pending is not None:
        raise Refuse(
            "answer first",
            f"{pending['target']} has not answered {pending['by']}'s probe "
            f"of {_span(pending['cells'])}",
        )


def probed(state: Json, action: Json, turn: Turn) -> None:
    pending = _pending(state)
    if pending is None or pending["target"] != action["player"]:
        raise Refuse("answer", f"no probe of {action['player']}'s field is waiting for an answer")


def claiming(state: Json, action: Json, turn: Turn) -> None:
    if state["phase"] not in ("play", "claims"):
        raise Refuse("claim", "claims come after both networks are sealed")
    if any(state["revealed"].values()):
        raise Refuse("claim", "claims closed when the first network was revealed")
    if any(c["by"] == action["player"] for c in state["claims"]):
        raise Refuse("claim", f"{action['player']} has already claimed")


def revealing(state: Json, action: Json, turn: Turn) -> None:
    if state["phase"] != "claims":
        raise Refuse("reveal", "networks are revealed after a claim")
    if state["revealed"][action["player"]] is not None:
        raise Refuse("reveal", f"{action['player']}'s network is already revealed")


# ---- the actions ---------------------------------------------------------------------------


def seal(state: Json, action: Json, turn: Turn) -> None:
    player = action["player"]
    if not isinstance(action["salt"], str) or not action["salt"]:
        raise Refuse("seal", "the salt must be a non-empty text")
    network = _network(action["network"], "seal")
    problems = _legal(state, network)
    if problems:
        raise Refuse("legal network", f"{player}'s network is illegal: " + "; ".join(problems))
    state["seals"][player] = {"kept": "referee"}  # no hash: it would depend on the secret
    state["secret"][player] = {"network": str(network), "salt": action["salt"]}
    _start_play(state)


def commit(state: Json, action: Json, turn: Turn) -> None:
    digest = action["hash"]
    if not isinstance(digest, str) or not HASH.match(digest):
        raise Refuse("commit", "the hash must be 64 lower-case hex digits (sha256)")
    state["seals"][action["player"]] = {"hash": digest, "kept": "player"}
    _start_play(state)


def _start_play(state: Json) -> None:
    if all(state["seals"].values()):
        state["phase"] = "play"


def probe(state: Json, action: Json, turn: Turn) -> None:
    player = action["player"]
    in_turn = state["players"][len(state["probes"]) % 2]
    turn.rule(player == in_turn, "turn", f"it is {in_turn}'s turn to spy")
    cells = _cells(state, action["cells"])
    if len(cells) > 1:
        left = state["squares"][player]
        turn.rule(
            len(cells) in left,
            "numbered squares",
            f"{player} has no {len(cells)} square left "
            f"(left: {', '.join(map(str, left)) or 'none'})",
        )
        if len(cells) in left:
            left.remove(len(cells))
    target = opponent(state, player)
    entry = {
        "by": player,
        "target": target,
        "cells": [format_cell(c) for c in cells],
        "answers": None,
        "answered_by": None,
    }
    secret = state["secret"][target]
    if secret is not None:
        field = _field(state)
        mask = parse_vertices(secret["network"]).mask(field)
        entry["answers"] = [answer(mask, cell, field) for cell in cells]
        entry["answered_by"] = "referee"
    state["probes"].append(entry)


def _cells(state: Json, text: object) -> list[Cell]:
    if not isinstance(text, str):
        raise Refuse("cells", f"cells are written 5E or 4B-4E, not {text!r}")
    ends = text.replace(" ", "").split("-")
    expected = f"'{text}' is not one cell or 2 to 5 connected cells in a row or column"
    if len(ends) > 2 or not all(ends):
        raise Refuse("cells", expected)
    try:
        named = [parse_cell(end, _field(state)) for end in ends]
    except ValueError as error:
        raise Refuse("cells", str(error)) from None
    run = segment(named[0], named[-1])
    if run is None or (len(ends) == 2 and not 2 <= len(run) <= 5):
        raise Refuse("cells", expected)
    return list(run)


def answer_probe(state: Json, action: Json, turn: Turn) -> None:
    pending = _pending(state)
    assert pending is not None  # `probed` checked it
    words = action["answers"]
    if isinstance(words, str):
        words = words.replace(" ", "").split(",")
    if not isinstance(words, list) or not all(
        isinstance(w, str) and w.lower() in ANSWERS for w in words
    ):
        raise Refuse(
            "answers", f"answers are hot, warm or cold (h, w, c), not {action['answers']!r}"
        )
    if len(words) != len(pending["cells"]):
        raise Refuse(
            "answers",
            f"{counted(len(pending['cells']), 'cell')} probed, "
            f"{counted(len(words), 'answer')} given",
        )
    pending["answers"] = [ANSWERS[w.lower()] for w in words]
    pending["answered_by"] = "player"


def claim(state: Json, action: Json, turn: Turn) -> None:
    player = action["player"]
    turn.rule(
        _pending(state) is None and len(state["probes"]) % 2 == 0,
        "end of round",
        "a claim is made at the end of a round "
        "(both players have spied as often, no answer pending)",
    )
    network = _network(action["network"], "claim")
    problems = _legal(state, network)
    if problems:
        raise Refuse(
            "claim",
            "the claimed network is illegal, it cannot be anyone's: " + "; ".join(problems),
        )
    state["claims"].append(
        {"by": player, "network": str(network), "round": len(state["probes"]) // 2}
    )
    state["phase"] = "claims"


def reveal(state: Json, action: Json, turn: Turn) -> None:
    player = action["player"]
    secret = state["secret"][player]
    if secret is not None:
        state["revealed"][player] = secret["network"]
    else:
        if "network" not in action or "salt" not in action:
            raise Refuse(
                "reveal", f"{player} committed a hash: reveal gives network=... and salt=..."
            )
        network = _network(action["network"], "reveal")
        matches = seal_hash(network, str(action["salt"])) == state["seals"][player]["hash"]
        turn.rule(
            matches, "sealed hash", f"this network and salt do not give {player}'s sealed hash"
        )
        state["revealed"][player] = str(network)
    if all(state["revealed"].values()):
        state["result"] = score(state)
        state["phase"] = "over"


NETWORK = Kind("network")
WHO = Param("player", PLAYER, help="P, the player who acts")
BEFORE_PLAY = "before play, once per player"
ACTIONS = Actions(
    Action(
        "seal",
        "the referee keeps P's network (checked for legality) and answers its probes",
        seal,
        (
            WHO,
            Param("network", NETWORK, help="P's network: corners, e.g. '2B 2D 5D 5H 10H 10B 9B'"),
            Param("salt", TEXT, help="hashed with the network (drawn when not entered)"),
        ),
        When(BEFORE_PLAY, check=unsealed),
    ),
    Action(
        "commit",
        "only the hash of P's network enters the table; P answers probes",
        commit,
        (WHO, Param("hash", Kind("sha256 hex"), help="the sealed hash")),
        When(BEFORE_PLAY, check=unsealed),
    ),
    Action(
        "probe",
        "P spies on the opponent's field; several cells cross out a numbered square",
        probe,
        (WHO, Param("cells", Kind("cells"), help="5E, or 2 to 5 in a line: 4B-4E")),
        When("in turn, once both networks are sealed, the last probe answered", check=probing),
    ),
    Action(
        "answer",
        "P answers the probe of P's field (a committed network)",
        answer_probe,
        (WHO, Param("answers", Kind("answers"), help="hot, warm or cold a cell: h,w,c,c")),
        When("a probe of P's field waits for its answer", check=probed),
    ),
    Action(
        "claim",
        "P names the opponent's network (judged at the reveal)",
        claim,
        (WHO, Param("network", NETWORK, help="the opponent's network as P claims it")),
        When("at the end of a round, once per player, before the first reveal", check=claiming),
    ),
    Action(
        "reveal",
        "P's network is shown (a committed one checked); the game is scored after both",
        reveal,
        (
            WHO,
            Param("network", NETWORK, False, "a committed network"),
            Param("salt", TEXT, False, "the salt of a committed network"),
        ),
        When("after a claim, once per player", check=revealing),
    ),
    before=not_over,
)


MAX_LINES = 20  # lines of a network, numbered squares: far above any sheet's (6 and 5)


def _got(value: object) -> str:
    """A value as a message quotes it: escaped, and cut when long."""
    text = repr(value)
    return shown(text if len(text) <= 60 else text[:57] + "...")


class Spy:
    """The Spy! referee game (see the module docstring)."""

    name = "spy"
    actions = ACTIONS
    title = "Spy! (Sackson, 1974): sealed networks, probes, claims"
    options = {
        "players": Option(["red", "blue"], "the two players; the first spies first"),
        "rows": Option(10, "rows of the field"),
        "cols": Option(10, "columns of the field"),
        "lengths": Option([1, 2, 3, 4, 5, 6], "the line lengths of a network"),
        "squares": Option([2, 2, 3, 3, 4, 5], "each player's numbered squares for multiple spying"),
    }

    # ---- setup -------------------------------------------------------------------------------

    def setup(self, options: Json) -> Json:
        players = options["players"]
        if (
            not isinstance(players, list)
            or len(players) != 2
            or not all(isinstance(p, str) and p for p in players)
            or players[0] == players[1]
        ):
            raise InputError(f"option players: expected two distinct names, got {_got(players)}")
        for key in ("rows", "cols"):
            if not whole(options[key]) or not 1 <= options[key] <= 64:
                raise InputError(
                    f"option {key}: expected a whole number 1 to 64, got {_got(options[key])}"
                )
        lengths, squares = options["lengths"], options["squares"]
        if (
            not isinstance(lengths, list)
            or not lengths
            or not all(whole(n) and n >= 1 for n in lengths)
        ):
            raise InputError(
                f"option lengths: expected whole numbers of at least 1, got {_got(lengths)}"
            )
        if len(lengths) > MAX_LINES or max(lengths) > 63:
            raise InputError(
                f"option lengths: expected at most {MAX_LINES} lines, each at most 63 long, "
                f"got {_got(lengths)}"
            )
        if not isinstance(squares, list) or not all(whole(n) and 2 <= n <= 5 for n in squares):
            raise InputError(f"option squares: expected numbers 2 to 5, got {_got(squares)}")
        if len(squares) > MAX_LINES:
            raise InputError(
                f"option squares: expected at most {MAX_LINES} numbers, got {_got(squares)}"
            )
        return {
            "rows": options["rows"],
            "cols": options["cols"],
            "lengths": list(lengths),
            "players": list(players),
            "phase": "setup",
            "seals": {p: None for p in players},
            "squares": {p: list(squares) for p in players},
            "probes": [],
            "claims": [],
            "revealed": {p: None for p in players},
            "result": None,
            "secret": {p: None for p in players},
        }

    def apply(self, state: Json, action: Json, *, force: bool = False) -> Json | Refusal:
        return ACTIONS.apply(state, action, Turn(force))

    # ---- views -------------------------------------------------------------------------------

    def view(self, state: Json) -> Json:
        return {key: copy.deepcopy(value) for key, value in state.items() if key != "secret"}

    # the players' phones (deaddrop serve): assistant/games/spy/seats.py
    seat_params = seating.SEAT_PARAMS
    concerns = staticmethod(seating.concerns)

    def seats(self, state: Json) -> list[str]:
        return seating.seats(state)

    def seat_view(self, state: Json, seat: str | None) -> Json:
        return seating.seat_view(self.view(state), state, seat)

    def seat_action(self, action: Json, seat: str | None) -> Json:
        return seating.seat_action(action, seat, self.public_action)

    def board(self, view: Json) -> list[Json]:
        """The board for the page: assistant/games/spy/board.py."""
        from assistant.games.spy.board import board

        return board(view)

    def describe(self, action: Json, before: Json, after: Json) -> str:
        kind, player = action["type"], action["player"]
        if kind == "seal":
            return f"{player} seals a network; the referee keeps it and answers for it"
        if kind == "commit":
            digest = action["hash"][:12]
            return f"{player} commits to a network (hash {digest}...) and will answer probes"
        if kind == "probe":
            probe = after["probes"][-1]
            size = len(probe["cells"])
            square = f" (crosses out {a(str(size))} square)" if size > 1 else ""
            said = (
                ", ".join(probe["answers"])
                if probe["answers"]
                else f"waiting for {probe['target']}'s answer"
            )
            where = f"{_span(probe['cells'])} on {probe['target']}'s field"
            return f"{player} probes {where}{square}: {said}"
        if kind == "answer":
            probe = after["probes"][-1]
            return f"{player} answers {_span(probe['cells'])}: {', '.join(probe['answers'])}"
        if kind == "claim":
            other = opponent(after, player)
            claimed = after["claims"][-1]["network"]
            return f"{player} claims {other}'s network is {claimed} (judged at the reveal)"
        text = f"{player} reveals {after['revealed'][player]}"
        if after["result"]:
            text += f"; game over: {result_text(after['result'])}"
        return text

    def render(self, state: Json) -> str:
        lines = [f"Spy! on a {state['rows']} x {state['cols']} field, phase: {state['phase']}"]
        for p in state["players"]:
            seal = state["seals"][p]
            if not seal:
                sealed = "not sealed yet"
            elif seal["kept"] == "referee":
                sealed = "sealed (the referee keeps it and answers)"
            else:
                sealed = f"sealed {seal['hash'][:12]}... (answers probes)"
            squares = ", ".join(map(str, state["squares"][p])) or "none"
            lines.append(f"{p}: {sealed}; squares left: {squares}")
        for number, probe in enumerate(state["probes"], 1):
            said = ", ".join(probe["answers"]) if probe["answers"] else "(no answer yet)"
            lines.append(f"  {number}. {probe['by']} probes {_span(probe['cells'])}: {said}")
        for claim in state["claims"]:
            lines.append(f"  {claim['by']} claims {claim['network']} (round {claim['round']})")
        for p, network in state["revealed"].items():
            if network:
                lines.append(f"  {p} revealed {network}")
        if state["result"]:
            lines.append(result_text(state["result"]))
        return "\n".join(lines)

    def public_action(self, action: Json) -> Json:
        """The action as the table may see it: a seal's network and salt stay sealed."""
        if action.get("type") != "seal":
            return action
        return {k: "(sealed)" if k in ("network", "salt") else v for k, v in action.items()}

    def complete(self, state: Json, action: Json, seed: int) -> Json:
        """A seal entered without a salt gets one drawn from `seed` (recorded in the action).
        `deaddrop spy referee seal` draws a longer salt itself."""
        if action.get("type") == "seal" and "salt" not in action:
            return {**action, "salt": f"{seed:08x}"}
        return action


GAME = Spy()
