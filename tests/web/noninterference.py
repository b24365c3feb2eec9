"""Non-interference, as a property of the whole system (docs/serve.md, "Who may see what").

Two tables are played side by side, each in its own SQLite database, through the same code the
phones use (`deaddrop.web.api.Tables`: state, do, undo, redo, void, answer). They share the same
public history; only seat B's secrets differ (its deployment, its hand, its arsenal, its network),
and never in what the rules turned up during the play. Every reply seat A (and the spectators)
receive, its state after every step (view, board, log, requests, the version its event stream
carries) and its answers to the same attempted actions, refusals included, must be
byte-identical in the two tables.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from assistant import table as core
from deaddrop.web.api import Tables

KEY = bytes(range(32))


@dataclass(frozen=True)
class Step:
    """One attempt: `seat` (None: the host at the command line) does `op` with `body`. For
    "answer", the body's "request" is filled with the first open request's number."""

    seat: str | None
    op: str
    body: dict[str, Any] = field(default_factory=dict)


@dataclass
class Played:
    """What each watcher received, in order (status and JSON body, keys sorted), and the states
    seen by each seat (to find what the rules turned up)."""

    received: dict[str | None, list[str]]
    states: dict[str | None, list[Any]]
    statuses: list[tuple[str | None, int]] = field(default_factory=list)  # (seat, status) a step

    def statuses_of(self, seat: str) -> list[int]:
        """The status of each of `seat`'s steps: where seat B's own steps fare differently in
        the two tables (its secret decides its own), their public histories part, and the two
        are no pair to compare."""
        return [status for who, status in self.statuses if who == seat]


@contextmanager
def fixed_chance(seed: int) -> Iterator[None]:
    """The tracker's chance (`complete`'s seeds) drawn from `seed`: the same in both tables."""
    original = core.random.SystemRandom
    source = random.Random(seed)
    core.random.SystemRandom = lambda: source  # type: ignore[assignment,misc,return-value]
    try:
        yield
    finally:
        core.random.SystemRandom = original  # type: ignore[misc]


def play(
    db: Path,
    game: str,
    options: dict[str, Any],
    setup: list[dict[str, Any]],
    steps: list[Step],
    watchers: list[str | None],
    *,
    seed: int = 7,
    fill: Callable[[Step, Any], Step] | None = None,
) -> Played:
    """Set the table up at the host's command line, then carry out `steps`; what `watchers`
    receive. `fill(step, state)`: the step made concrete from its seat's last state (a value
    that seat holds in this table, such as the rank on its own card)."""
    with fixed_chance(seed):
        core.new(db, game, "t", options)
        for action in setup:
            core.do(db, "t", action)
        tables = Tables(db, None, KEY)
        served = tables.refresh(strict=True)[0]
        codes: dict[str | None, str] = {None: served.spectator, **served.codes}
        received: dict[str | None, list[str]] = {w: [] for w in watchers}
        states: dict[str | None, list[Any]] = {s: [] for s in codes}
        statuses: list[tuple[str | None, int]] = []

        def look() -> None:
            for seat, text in codes.items():
                reply = tables.state(text)
                states[seat].append(reply.body)
                if seat in received:
                    received[seat].append(dumped(reply.status, reply.body))

        look()
        for number, step in enumerate(steps):
            if fill is not None:
                step = fill(step, states[step.seat][-1])
            if step.seat is None:
                host(db, step)
            else:
                body = dict(step.body)
                if step.op == "answer":
                    body["request"] = first_request(states[step.seat][-1])
                reply = tables.act(codes[step.seat], step.op, body, key=f"tap-{number:04d}")
                statuses.append((step.seat, reply.status))
                if step.seat in received:
                    received[step.seat].append(dumped(reply.status, reply.body))
            look()
    return Played(received, states, statuses)


def host(db: Path, step: Step) -> None:
    """A step at the host's command line (a refusal changes nothing and is not compared)."""
    from deaddrop.errors import DeadDropError

    try:
        if step.op == "do":
            core.do(db, "t", step.body)
        elif step.op == "undo":
            core.undo(db, "t")
        elif step.op == "redo":
            core.redo(db, "t")
    except DeadDropError:
        pass


def first_request(state: Any) -> int:
    requests = state.get("requests") or [] if isinstance(state, dict) else []
    return int(requests[0]["id"]) if requests else 0


def dumped(status: int, body: Any) -> str:
    return f"{status} {json.dumps(body, sort_keys=True, ensure_ascii=False)}"


def first_difference(one: list[str], two: list[str]) -> str:
    """Where two reply lists part, for the assertion's message."""
    for index, (a, b) in enumerate(zip(one, two, strict=False)):
        if a != b:
            at = next(i for i, (x, y) in enumerate(zip(a, b, strict=False)) if x != y)
            where = slice(max(0, at - 150), at + 150)
            return f"reply {index}: ...{a[where]}\n vs ...{b[where]}"
    return f"{len(one)} replies against {len(two)}"
