"""The computer's part of a Spy! solo action, decided when the action is entered (`complete`).

What the computer decides goes into the action, so that replay, undo and the log never decide
again (assistant/games/spy/solo.py):

- `seal`: the network, drawn uniformly over the distinct legal networks from the seed, and a salt
  drawn from it when none is given (`deaddrop spy solo new` gives a 128-bit one);
- `probe`: `reply`, the computer's probe of your field at its level, and the `seed` it draws
  from (easy: the cell; fair and best: one of the probes exactly as good as the best): drawn
  from the game's public play seed and the round when the seal gave one, else the tracker's;
- `answer`: `computer`, what it does once the round is over: "probe on", "claim NETWORK", or
  "challenge" (no network fits your answers);
- `claim`: `computer`, whether it claims too in the same round: "no claim" or "claim NETWORK".

An action that is not in its place is returned as given: the rules refuse it. The computer knows
only your answers: `state["probes"]` of your field, never its own network.
"""

from __future__ import annotations

import numpy as np

from assistant.engine import Json
from assistant.games.spy.model import Field, format_cell, parse_cell
from assistant.games.spy.observations import Observation


def _field(state: Json) -> Field:
    return Field(state["rows"], state["cols"])


def _observations(state: Json, extra: list[str] | None = None) -> list[Observation]:
    """The answers you gave to the computer's probes (and `extra`, to the pending one)."""
    field = _field(state)
    found = []
    for probe in state["probes"]:
        answers = probe["answers"]
        if probe["by"] != "computer":
            continue
        if answers is None:
            if extra is None:
                continue
            answers = extra
        cells = tuple(parse_cell(text, field) for text in probe["cells"])
        found.append(Observation(cells, tuple(answers)))
    return found


def _span(cells: tuple) -> str:
    ends = [format_cell(cells[0]), format_cell(cells[-1])]
    return ends[0] if len(cells) == 1 else "-".join(ends)


def _network_text(vertices: tuple) -> str:
    return " ".join(format_cell(v) for v in vertices)


def complete(state: Json, action: Json, seed: int) -> Json:
    from assistant.games.spy import solo, solo_computer
    from assistant.games.spy.enumerate import networks

    kind = action.get("type")
    field = _field(state)
    if kind == "seal" and state["phase"] == "setup":
        seed = action.get("seed", seed)
        out = {**action, "seed": seed}
        if "salt" not in action:
            out["salt"] = solo.derived_salt(seed)
        if "network" not in action:
            drawn = solo_computer.draw_network(field, state["lengths"], seed)
            out["network"] = _network_text(drawn)
        return out
    if state["phase"] not in ("play", "claims") or state["secret"] is None:
        return action
    nets = networks(field, state["lengths"])
    pending = state["probes"][-1] if state["probes"] else None
    waiting = pending is not None and pending["answers"] is None
    if kind == "probe" and "reply" not in action and state["phase"] == "play" and not waiting:
        try:
            solo._cells(state, action.get("cells"))
        except solo.Refuse:  # the rules refuse it: no need to think
            return action
        if "seed" in action:
            seed = action["seed"]
        elif state.get("play") is not None:  # the game's seed: the same game plays the same
            seed = solo.round_seed(state["play"], len(state["probes"]))
        index = solo_computer.consistent(nets, field, _observations(state))
        probed = [
            parse_cell(text, field)
            for probe in state["probes"]
            if probe["by"] == "computer"
            for text in probe["cells"]
        ]
        rng = np.random.default_rng(seed)
        cells = solo_computer.choose_probe(
            state["level"], nets, field, index, probed, state["squares"]["computer"], rng
        )
        return {**action, "reply": _span(cells), "seed": seed}
    if kind == "answer" and "computer" not in action:
        if not waiting:
            return action
        try:
            words = solo.parse_answers(action.get("answers"), len(state["probes"][-1]["cells"]))
        except solo.Refuse:  # malformed: the rules refuse it
            return action
        index = solo_computer.consistent(nets, field, _observations(state, words))
        return {**action, "computer": _decision(nets, index, solo.PROBE_ON)}
    decided = state["challenge"] is not None or any(
        claim["by"] == "computer" for claim in state["claims"]
    )
    if kind == "claim" and "computer" not in action and not decided:
        index = solo_computer.consistent(nets, field, _observations(state))
        return {**action, "computer": _decision(nets, index, solo.PASS)}
    return action


def _decision(nets, index: np.ndarray, otherwise: str) -> str:
    from assistant.games.spy import solo, solo_computer

    decided = solo_computer.claim_or_challenge(nets, index)
    if decided is None:
        return otherwise
    if decided == "challenge":
        return solo.CHALLENGE
    return "claim " + _network_text(decided)  # type: ignore[arg-type]
