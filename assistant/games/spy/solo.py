"""Spy! solo (game `spy-solo`, `deaddrop spy solo`): one player against the computer.

The computer's network is drawn uniformly over the distinct legal networks and sealed; the player
draws theirs on the printed sheet and enters nothing of it until the end. The player is "you",
the other side "computer". Actions (plain data; `deaddrop table do TYPE key=value ...` or the
`deaddrop spy solo` sugar):

- `seal seed=S salt=T network=N play=P`: the computer's network (entered by `spy solo new`, which
  draws it: `complete` draws N from S when it is not given). P, public, is the game's seed for
  the computer's choices among equally good probes (drawn apart from S, or from `--seed`). The
  network is kept in the state under "secret" (which `view` strips); the public view shows its
  salted hash (assistant/games/spy/seal.py) so that the player can check at the end that it did
  not change. `public_action` hides seed, salt, network (not P, which tells nothing of them).
- `probe cells=5E` (or 2-5 cells in a row or column, crossing out one of your numbered squares):
  you spy on the computer's field; the computer answers at once from its network. Then the
  computer spies on your field: `reply` (drawn when the probe is entered, by `complete`, from the
  computer's level and what your answers tell it; `seed` drives the easy level's draw) waits
  for your answer.
- `answer answers=h,w,c`: you answer the computer's probe from your sheet. The round is over; the
  computer then probes on, claims your network, or (when no network fits your answers, so one of
  them is false) calls for the reveal: `computer`, decided by `complete`.
- `claim network=...`: at the end of a round you name the computer's network; the computer may
  claim in the same round too (`computer`). After a claim there are no more probes.
- `reveal network=...`: after the claims you enter your network: it is checked for legality and
  against every answer you gave (an illegal network or a false answer loses outright); the
  computer's network and salt are shown, and the game is scored as the refereed game is
  (assistant/games/spy/scoring.py): a right claim is a single victory, a wrong one a double
  victory for the other side; the difference is the result (single, double, triple victory).

The computer's moves are decided once, when an action is entered, and recorded in it (as a die
roll is), so that replay, undo and the log never decide again; the rules only check that a
recorded move is a legal one. Its choices (assistant/games/spy/solo_computer.py) use only your
answers, never its own network, so nothing they show tells you about it.
"""

from __future__ import annotations

import copy
import hashlib

from assistant.engine import Json, Option, Refusal
from assistant.games.actions import TEXT, Action, Actions, Kind, Param, Refuse, Turn, When
from assistant.games.spy import solo_text
from assistant.games.spy.model import Cell, Field, format_cell, parse_cell
from assistant.games.spy.observations import ANSWERS
from assistant.games.spy.rules import GAME as REFEREE
from assistant.games.spy.rules import _cells, _network, _span
from assistant.games.spy.scoring import score
from assistant.games.spy.seal import problems_of, seal_hash
from assistant.words import a
from deaddrop.errors import InputError, counted, shown

YOU, COMPUTER = "you", "computer"
LEVELS = ("easy", "fair", "best")
PROBE_ON, PASS, CHALLENGE = "probe on", "no claim", "challenge"
# what the player does next, as `spy solo` and `show` say it
TURN = "your turn: deaddrop spy solo probe CELLS, or claim: deaddrop spy solo claim 'CORNERS'"
CLAIM_TOO = (
    "you may claim the computer's network in this round too: deaddrop spy solo claim 'CORNERS'"
)
REVEAL = "enter your network: deaddrop spy solo reveal 'CORNERS'"


def _field(state: Json) -> Field:
    return Field(state["rows"], state["cols"])


def _pending(state: Json) -> Json | None:
    probes = state["probes"]
    return probes[-1] if probes and probes[-1]["answers"] is None else None


def _claimed(state: Json, who: str) -> bool:
    return any(claim["by"] == who for claim in state["claims"])


# ---- when each action is allowed -----------------------------------------------------------


def not_over(state: Json, action: Json, turn: Turn) -> None:
    if state["phase"] == "over":
        raise Refuse(
            "game over", "the game has been scored; start a new one: deaddrop spy solo new"
        )


def unsealed(state: Json, action: Json, turn: Turn) -> None:
    if state["phase"] != "setup":
        raise Refuse("seal", "the computer's network is already sealed")


def probing(state: Json, action: Json, turn: Turn) -> None:
    if state["phase"] != "play":
        raise Refuse("probe", _no_probing(state))
    pending = _pending(state)
    if pending is not None:
        raise Refuse(
            "probe",
            f"the computer's probe of {_span(pending['cells'])} on your field waits for your "
            "answer: answer it before you probe again",
        )


def _no_probing(state: Json) -> str:
    """Why no probe is allowed now (the phase is not play)."""
    if state["phase"] == "setup":
        return "the computer has not sealed its network yet"
    if state["challenge"] is not None:
        then = (
            "enter your network"
            if _claimed(state, YOU)
            else "claim the computer's network if you like, then enter yours"
        )
        return (
            "no network fits your answers, so the computer has called for the reveal: "
            f"there are no more probes; {then}"
        )
    who = " and ".join({YOU: "you", COMPUTER: "the computer"}[c["by"]] for c in state["claims"])
    return f"there are no more probes after a claim ({who} claimed); enter your network"


def probed(state: Json, action: Json, turn: Turn) -> None:
    if _pending(state) is None:
        raise Refuse("answer", "no probe of your field is waiting for an answer")


def claiming(state: Json, action: Json, turn: Turn) -> None:
    if state["phase"] not in ("play", "claims"):
        raise Refuse("claim", "claims come once the computer's network is sealed")
    if _claimed(state, YOU):
        raise Refuse("claim", "you have claimed already")
    if _pending(state) is not None:
        raise Refuse(
            "end of round",
            "a claim is made at the end of a round: answer the computer's probe of "
            f"{_span(_pending(state)['cells'])} first",  # type: ignore[index]
        )


def revealing(state: Json, action: Json, turn: Turn) -> None:
    if state["phase"] != "claims":
        raise Refuse("reveal", "networks are revealed after a claim (yours or the computer's)")


# ---- what each action does -----------------------------------------------------------------


def seal(state: Json, action: Json, turn: Turn) -> None:
    salt, network = action.get("salt"), action.get("network")
    if not isinstance(salt, str) or not salt:
        raise Refuse("seal", "the salt must be a non-empty text")
    if network is None:
        raise Refuse("seal", "the computer's network is drawn when the seal is entered")
    drawn = _network(network, "seal")
    problems = problems_of(drawn, _field(state), tuple(state["lengths"]))
    if problems:
        raise Refuse("legal network", "the computer's network is illegal: " + "; ".join(problems))
    play = action.get("play")
    if play is not None and (type(play) is not int or not 0 <= play < 2**63):
        raise Refuse("seal", f"play: expected a whole number 0 to {2**63 - 1}")
    state["sealed"] = seal_hash(drawn, salt)
    state["secret"] = {"network": str(drawn), "salt": salt}
    state["play"] = play
    state["phase"] = "play"


def _cross_out(state: Json, who: str, size: int, turn: Turn, whose: str) -> None:
    left = state["squares"][who]
    if size in left:
        left.remove(size)
        return
    shown = ", ".join(map(str, left)) or "none"
    turn.rule(False, "numbered squares", f"{whose} no {size} square left (left: {shown})")


def probe(state: Json, action: Json, turn: Turn) -> None:
    from assistant.games.spy.model import answer

    cells = _cells(state, action["cells"])
    reply = action.get("reply")
    if reply is None:
        raise Refuse("probe", "the computer's reply is drawn when the probe is entered")
    theirs = _cells(state, reply)
    if len(cells) > 1:
        _cross_out(state, YOU, len(cells), turn, "you have")
    field = _field(state)
    mask = _network(state["secret"]["network"], "probe").mask(field)
    state["probes"].append(
        {
            "by": YOU,
            "target": COMPUTER,
            "cells": [format_cell(c) for c in cells],
            "answers": [answer(mask, c, field) for c in cells],
            "answered_by": "computer",
        }
    )
    if len(theirs) > 1 and len(theirs) not in state["squares"][COMPUTER]:
        raise Refuse("numbered squares", f"the computer has no {len(theirs)} square left")
    if len(theirs) > 1:
        state["squares"][COMPUTER].remove(len(theirs))
    state["probes"].append(
        {
            "by": COMPUTER,
            "target": YOU,
            "cells": [format_cell(c) for c in theirs],
            "answers": None,
            "answered_by": None,
        }
    )


def parse_answers(words: object, size: int) -> list[str]:
    """`h,w,c` (or a list) as answer words, one per probed cell; Refuse naming the problem."""
    given = words
    if isinstance(words, str):
        words = words.replace(" ", "").split(",")
    if not isinstance(words, list) or not all(
        isinstance(w, str) and w.lower() in ANSWERS for w in words
    ):
        if isinstance(given, list):
            given = ",".join(map(str, given))
        text = shown(str(given)) or "nothing"
        each = "" if size == 1 else f" for each of the {size} cells, separated by commas"
        raise Refuse("answers", f"expected hot, warm or cold (or h, w, c){each}, not {text}")
    if len(words) != size:
        raise Refuse(
            "answers", f"{counted(size, 'cell')} probed, {counted(len(words), 'answer')} given"
        )
    return [ANSWERS[w.lower()] for w in words]


def _decision(state: Json, decided: object, allowed: tuple[str, ...]) -> None:
    """Carry out the computer's recorded decision: probe on / no claim, claim NETWORK, or call
    for the reveal."""
    if not isinstance(decided, str):
        raise Refuse("computer", "the computer's decision is made when the action is entered")
    if decided in allowed:
        return
    if decided == CHALLENGE:
        state["challenge"] = len(state["probes"]) // 2
        state["phase"] = "claims"
        return
    if not decided.startswith("claim "):
        raise Refuse("computer", f"not a decision of the computer: {decided!r}")
    network = _network(decided.removeprefix("claim "), "computer")
    if problems_of(network, _field(state), tuple(state["lengths"])):
        raise Refuse("computer", "the computer claims only legal networks")
    state["claims"].append(
        {"by": COMPUTER, "network": str(network), "round": len(state["probes"]) // 2}
    )
    state["phase"] = "claims"


def answer_probe(state: Json, action: Json, turn: Turn) -> None:
    pending = _pending(state)
    assert pending is not None  # `probed` checked it
    pending["answers"] = parse_answers(action["answers"], len(pending["cells"]))
    pending["answered_by"] = "player"
    _decision(state, action.get("computer"), (PROBE_ON,))


def claim(state: Json, action: Json, turn: Turn) -> None:
    network = _network(action["network"], "claim")
    problems = problems_of(network, _field(state), tuple(state["lengths"]))
    if problems:
        raise Refuse(
            "claim", "the claimed network is illegal, it cannot be anyone's: " + "; ".join(problems)
        )
    state["claims"].append({"by": YOU, "network": str(network), "round": len(state["probes"]) // 2})
    state["phase"] = "claims"
    if not _claimed(state, COMPUTER) and state["challenge"] is None:
        _decision(state, action.get("computer"), (PASS,))


def reveal(state: Json, action: Json, turn: Turn) -> None:
    network = _network(action["network"], "reveal")
    state["revealed"] = {YOU: str(network), COMPUTER: state["secret"]["network"]}
    state["salt"] = state["secret"]["salt"]
    state["result"] = score(state)
    state["phase"] = "over"


CELLS = Kind("cells")
NETWORK = Kind("network")
ACTIONS = Actions(
    Action(
        "seal",
        "the computer's network, drawn from the seed and sealed (entered by spy solo new)",
        seal,
        (
            Param("seed", Kind("seed"), False, "the draw (a fresh one when not given)"),
            Param("salt", TEXT, False, "hashed with the network (drawn when not given)"),
            Param("network", NETWORK, False, "drawn from the seed when not given"),
            Param(
                "play", Kind("seed"), False, "the game's seed for the computer's probes (public)"
            ),
        ),
        When("before play, once", ("setup",), unsealed),
    ),
    Action(
        "probe",
        "you spy on the computer's field (several cells cross out a numbered square); "
        "the computer answers and probes your field",
        probe,
        (
            Param("cells", CELLS, help="5E, or 2 to 5 in a line: 4B-4E"),
            Param("reply", CELLS, False, "the computer's probe (decided when entered)"),
            Param("seed", Kind("seed"), False, "the computer's draw (from the play seed)"),
        ),
        When("in play, the computer's last probe answered", ("play",), probing),
    ),
    Action(
        "answer",
        "you answer the computer's probe of your field from your sheet",
        answer_probe,
        (
            Param("answers", Kind("answers"), help="hot, warm or cold a cell: h,w,c"),
            Param("computer", TEXT, False, "what the computer does next (decided when entered)"),
        ),
        When("a probe of your field waits for its answer", ("play",), probed),
    ),
    Action(
        "claim",
        "you name the computer's network (judged at the reveal); the computer may claim too",
        claim,
        (
            Param("network", NETWORK, help="the computer's network as you claim it"),
            Param("computer", TEXT, False, "whether the computer claims too (decided then)"),
        ),
        When("at the end of a round, once", ("play", "claims"), claiming),
    ),
    Action(
        "reveal",
        "you enter your network (checked); the computer's is shown and the game is scored",
        reveal,
        (Param("network", NETWORK, help="your network: corners, e.g. '2B 2D 5D 5H 10H 10B 9B'"),),
        When("after a claim", ("claims",), revealing),
    ),
    before=not_over,
)


def _grid(state: Json, by: str) -> list[str]:
    """The answers to `by`'s probes as a grid: H, W, C, . for a cell not probed."""
    field = _field(state)
    said: dict[Cell, str] = {}
    for probe in state["probes"]:
        if probe["by"] == by and probe["answers"]:
            for text, word in zip(probe["cells"], probe["answers"], strict=True):
                said[parse_cell(text, field)] = word[0].upper()
    from assistant.games.spy.model import column_letters

    margin = len(str(field.rows))
    width = len(column_letters(field.cols - 1))
    head = " " * margin + " " + " ".join(column_letters(c).rjust(width) for c in range(field.cols))
    rows = [head]
    for r in range(field.rows):
        marks = " ".join(said.get((r, c), ".").rjust(width) for c in range(field.cols))
        rows.append(f"{str(r + 1).rjust(margin)} {marks}")
    return rows


class SpySolo:
    """Spy! alone against the computer (see the module docstring)."""

    name = "spy-solo"
    actions = ACTIONS
    title = "Spy! solo (Sackson, 1974): you against the computer"
    options = {
        "rows": Option(10, "rows of the field"),
        "cols": Option(10, "columns of the field"),
        "lengths": Option([1, 2, 3, 4, 5, 6], "the line lengths of a network"),
        "squares": Option([2, 2, 3, 3, 4, 5], "each side's numbered squares for multiple spying"),
        "level": Option("fair", "how the computer plays: easy, fair or best"),
    }

    def setup(self, options: Json) -> Json:
        if options["level"] not in LEVELS:
            raise InputError(f"option level: expected easy, fair or best, got {options['level']!r}")
        base = REFEREE.setup({**options, "players": [YOU, COMPUTER]})
        return {
            "rows": base["rows"],
            "cols": base["cols"],
            "lengths": base["lengths"],
            "level": options["level"],
            "players": [YOU, COMPUTER],
            "phase": "setup",
            "sealed": None,
            "squares": base["squares"],
            "probes": [],
            "claims": [],
            "challenge": None,
            "revealed": {YOU: None, COMPUTER: None},
            "salt": None,
            "result": None,
            "secret": None,
            "play": None,
        }

    def apply(self, state: Json, action: Json, *, force: bool = False) -> Json | Refusal:
        return ACTIONS.apply(state, action, Turn(force))

    # ---- views -------------------------------------------------------------------------------

    def view(self, state: Json) -> Json:
        return {key: copy.deepcopy(value) for key, value in state.items() if key != "secret"}

    # the phone (deaddrop serve): one seat, you; the computer's parameters are not yours to give
    def seats(self, state: Json) -> list[str]:
        return [YOU]

    def seat_view(self, state: Json, seat: str | None) -> Json:
        view = self.view(state)
        return view if seat is None else {**view, "secret": {"seat": seat}}

    def seat_owned(self, state: Json, action: Json) -> dict[str, str]:
        mine = {"seal": ("seed", "salt", "network", "play"), "probe": ("reply", "seed")}
        owned = mine.get(str(action.get("type")), ("computer",))
        return {key: COMPUTER for key in owned}

    def describe(self, action: Json, before: Json, after: Json) -> str:
        kind = action["type"]
        if kind == "seal":
            return (
                f"the computer ({after['level']} level) draws its network and seals it: "
                f"sha256 {after['sealed']}"
            )
        if kind == "probe":
            mine, theirs = after["probes"][-2], after["probes"][-1]
            return (
                f"you probe {_span(mine['cells'])}{_square(mine)}: "
                f"{solo_text.said(mine['cells'], mine['answers'])}; "
                f"the computer probes {_span(theirs['cells'])} on your field{_square(theirs)}"
            )
        if kind == "answer":
            answered = after["probes"][-1]
            words = solo_text.said(answered["cells"], answered["answers"])
            text = f"you answer {_span(answered['cells'])}: {words}"
            return text + "; " + _next(before, after)
        if kind == "claim":
            text = f"you claim the computer's network is {after['claims'][-1]['network']}"
            if _claimed(before, COMPUTER) or before["challenge"] is not None:
                return text
            return text + "; " + _next(before, after, claim=True)
        return (
            f"you reveal {after['revealed'][YOU]}; game over: {solo_text.result(after)}; "
            f"the computer's network was {after['revealed'][COMPUTER]} "
            f"(salt {after['salt']}: {_hash_verdict(after)})"
        )

    def render(self, state: Json) -> str:
        field = _field(state)
        lines = [
            f"Spy! solo on a {field.rows} x {field.cols} field, lengths "
            f"{', '.join(map(str, state['lengths']))}; the computer plays {state['level']}; "
            f"{solo_text.status(state)}"
        ]
        if state["sealed"]:
            was = "was" if state["phase"] == "over" else "is"
            lines.append(f"the computer's network {was} sealed: sha256 {state['sealed']}")
        for who, whose in ((YOU, "your"), (COMPUTER, "the computer's")):
            left = ", ".join(map(str, state["squares"][who])) or "none"
            lines.append(f"{whose} numbered squares left: {left}")
        lines.append("")
        lines.append("your probes of the computer's field" + " " * 4 + "the computer's of yours")
        gap = " " * 6
        for one, two in zip(_grid(state, YOU), _grid(state, COMPUTER), strict=True):
            lines.append(one + gap + two)
        pending = _pending(state)
        for claim in state["claims"]:
            who = "you claim" if claim["by"] == YOU else "the computer claims"
            lines.append(f"{who} {claim['network']} (round {claim['round']})")
        if state["challenge"] is not None:
            lines.append("no network fits your answers: the computer calls for the reveal")
        if state["result"]:
            lines.append(f"game over: {solo_text.result(state)}")
            lines.append(f"the computer's network was {state['revealed'][COMPUTER]}")
            lines.append(f"salt {state['salt']}: {_hash_verdict(state)}")
        elif pending is not None:
            cells = pending["cells"]
            each = f" ({', '.join(cells)} in that order)" if len(cells) > 1 else ""
            lines.append(
                f"next: answer the computer's probe of {_span(cells)}: "
                f"deaddrop spy solo answer h|w|c{each}"
            )
        elif state["phase"] == "play":
            lines.append(f"next: {TURN}")
        elif state["phase"] == "claims":
            if not _claimed(state, YOU):
                lines.append(f"next: {CLAIM_TOO}")
                lines.append(f"then {REVEAL}")
            else:
                lines.append(f"next: {REVEAL}")
        elif state["phase"] == "setup":
            lines.append("next: the computer seals its network: deaddrop table do seal")
        return "\n".join(lines)

    def public_action(self, action: Json) -> Json:
        """The action as the log may show it: the seal's seed, salt and network stay sealed."""
        if action.get("type") != "seal":
            return action
        secret = ("seed", "salt", "network")
        return {k: "(sealed)" if k in secret else v for k, v in action.items()}

    def complete(self, state: Json, action: Json, seed: int) -> Json:
        """The computer's part of an action, decided now and recorded in it (see the module
        docstring): the sealed network, its reply probe, its decision after a round."""
        from assistant.games.spy import solo_moves

        return solo_moves.complete(state, action, seed)


def _square(probe: Json) -> str:
    size = len(probe["cells"])
    return f" (crosses out {a(str(size))} square)" if size > 1 else ""


def _next(before: Json, after: Json, *, claim: bool = False) -> str:
    if after["challenge"] is not None and before["challenge"] is None:
        return (
            "no network fits your answers, so one of them is false: "
            "the computer calls for the reveal"
        )
    if _claimed(after, COMPUTER) and not _claimed(before, COMPUTER):
        return f"the computer claims your network is {after['claims'][-1]['network']}"
    return "the computer makes no claim" if claim else "the computer makes no claim yet"


def _matches(state: Json) -> bool:
    from assistant.games.spy.seal import parse_vertices

    network = parse_vertices(state["revealed"][COMPUTER])
    return seal_hash(network, state["salt"]) == state["sealed"]


def _hash_verdict(state: Json) -> str:
    return "the sealed hash matches" if _matches(state) else "it does NOT match the sealed hash"


def derived_salt(seed: int) -> str:
    """A salt drawn from a seal's seed (when the seal gives none)."""
    return hashlib.sha256(f"deaddrop-spy-solo:{seed}".encode()).hexdigest()[:32]


def derived_play(seed: int) -> int:
    """The game's play seed for a game started from a given seed (`spy solo new --seed`), so
    that the same seed and the same answers give the same game."""
    return int(hashlib.sha256(f"deaddrop-spy-solo-play:{seed}".encode()).hexdigest()[:15], 16)


def round_seed(play: int, probes: int) -> int:
    """The seed of the computer's probe after `probes` probes of a game whose play seed is
    `play`: one draw per round, the same on every replay, undo and redo."""
    digest = hashlib.sha256(f"deaddrop-spy-solo-round:{play}:{probes}".encode()).digest()
    return int.from_bytes(digest[:4], "big") >> 1


GAME = SpySolo()
