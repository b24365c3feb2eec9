"""Differential (non-interference) sweeps: every action of a game's vocabulary, with parameter
values from their whole domain, tried by seat A at two tables that share their public history and
differ only in seat B's secrets (docs/serve.md, "Who may see what").

Each table lives in its own SQLite database and is reached through the code a phone uses
(`deaddrop.web.api.Tables.act` and `.state`). Its history is built once (host steps at the
command line, seat steps from the seats' phones); then A tries each probe on it: an action (`do`
with its parameters as the phone sends them, texts), an undo, an undo then a redo, or the void of
each of A's own events. A probe that changed the table is followed by A's state, and the database
is put back as it was before the next probe. Every reply A receives, byte for byte (status and
JSON body, keys sorted), must be the same at the two tables, with one exception the rules make:
an action that was carried out at both tables and turned up B's secret there (B is one of the
event's owners, the game's `concerns`: a trap that went off, a card guessed) shows what it turned
up, so only its decision is compared (carried out at both). A refusal is always compared word
for word: whether an action is refused, and why, never depends on B's secrets.

Probes: for each action and each of its parameters, every value of that parameter's domain (the
game's rooms, die values, colours, tile numbers, cities, ...) with the action's other required
parameters drawn (hypothesis's `random`) from their domains; and a few of its values (MIXED) with
some optional parameters drawn too. The parameter that names the acting seat is left to the
server (it fills it in), and one probe an action gives another seat's value.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from assistant import table as core
from assistant.games import load_game
from assistant.seats import seat_params
from deaddrop.errors import DeadDropError
from deaddrop.web.api import Tables
from tests.web.noninterference import KEY, fixed_chance

MIXED = 6  # values of each parameter tried with optional ones drawn as well
Domains = dict[str, list[str]]  # "action.param" or "param" -> the values as a phone types them


@dataclass(frozen=True)
class Probe:
    """What A tries: (operation, body) pairs carried out in order (undo then redo: two)."""

    ops: tuple[tuple[str, tuple[tuple[str, Any], ...]], ...]

    @staticmethod
    def do(action: str, params: dict[str, str]) -> Probe:
        body = {"action": action, "params": dict(sorted(params.items()))}
        return Probe((("do", _frozen(body)),))

    @staticmethod
    def of(*ops: tuple[str, dict[str, Any]]) -> Probe:
        return Probe(tuple((op, _frozen(body)) for op, body in ops))

    def bodies(self) -> list[tuple[str, dict[str, Any]]]:
        return [(op, _thawed(body)) for op, body in self.ops]

    def __str__(self) -> str:
        return " then ".join(f"{op} {json.dumps(body)}" for op, body in self.bodies())


def _frozen(body: dict[str, Any]) -> tuple[tuple[str, Any], ...]:
    return tuple((k, _frozen(v) if isinstance(v, dict) else v) for k, v in body.items())


def _thawed(body: tuple[tuple[str, Any], ...]) -> dict[str, Any]:
    return {k: _thawed(v) if isinstance(v, tuple) else v for k, v in body}


@dataclass(frozen=True)
class Step:
    """One step of the shared history: `seat` None is the host at the command line (an action
    dict), else that seat's phone (a `do` with texts, or undo/redo)."""

    seat: str | None
    action: dict[str, Any]
    op: str = "do"


def host(action: dict[str, Any]) -> Step:
    return Step(None, action)


def phone(seat: str, action: str, **params: object) -> Step:
    return Step(seat, {"action": action, "params": {k: str(v) for k, v in params.items()}})


@dataclass
class Table:
    """One of the two tables: its database, the server's view of it, A's link."""

    db: Path
    game: str
    seat: str
    seed: int
    tables: Tables = field(init=False)
    code: str = field(init=False)
    pristine: bytes = field(init=False)
    own: list[int] = field(init=False, default_factory=list)  # A's own events (log numbers)

    def build(self, options: dict[str, Any], history: list[Step]) -> None:
        with fixed_chance(self.seed):
            core.new(self.db, self.game, "t", options)
            self.tables = Tables(self.db, None, KEY)
            for number, step in enumerate(history):
                if step.seat is None:
                    core.do(self.db, "t", step.action)
                    continue
                served = self.tables.refresh(strict=True)[0]
                reply = self.tables.act(
                    served.codes[step.seat], step.op, step.action, key=f"history-{number}"
                )
                assert reply.status in (200, 202), (step, reply)
        served = self.tables.refresh(strict=True)[0]
        self.code = served.codes[self.seat]
        log = self.tables.state(self.code).body["log"]
        self.own = [line["n"] for line in log if line["by"] == self.seat]
        self.pristine = self.db.read_bytes()

    def state(self) -> dict[str, Any]:
        body: dict[str, Any] = self.tables.state(self.code).body
        return body

    def reply(self, probe: Probe, number: int, other: str) -> Received:
        """What A receives for `probe` (every reply, then its state when the table changed);
        the table is put back as it was."""
        out = []
        changed = False
        with fixed_chance(1000 + number):
            for index, (op, body) in enumerate(probe.bodies()):
                answer = self.tables.act(self.code, op, body, key=f"probe-{number}-{index}")
                changed = changed or answer.status in (200, 202)
                out.append((answer.status, dumped(answer.status, answer.body)))
        state, shown = None, False
        if changed:
            after = self.state()
            state = dumped(200, after)
            last = after["log"][-1] if after["log"] else None
            shown = bool(
                probe.ops[-1][0] == "do"
                and last is not None
                and last["state"] == "applied"
                and other in (last.get("void_needs") or [])
            )
            self.restore()
        return Received(out, state, shown)

    def restore(self) -> None:
        for extra in ("-wal", "-shm", "-journal"):
            self.db.with_name(self.db.name + extra).unlink(missing_ok=True)
        self.db.write_bytes(self.pristine)
        self.tables._cache.clear()


@dataclass(frozen=True)
class Received:
    """A's replies to one probe ((status, text) each), its state after (None: nothing changed),
    and whether the event it made turned up B's secret (B is one of its owners: the game's
    `concerns`, as a trap that goes off, a guessed card)."""

    replies: list[tuple[int, str]]
    state: str | None
    shown: bool

    def text(self) -> str:
        return "\n".join([*(text for _, text in self.replies), self.state or ""])


def alike(one: Received, two: Received) -> bool:
    """The same decision (status) every step, the same refusal word for word; and, unless the
    rules turned up B's secret (then what they show differs as it must), the same replies and
    state byte for byte."""
    if [s for s, _ in one.replies] != [s for s, _ in two.replies]:
        return False
    for (status, a), (_, b) in zip(one.replies, two.replies, strict=True):
        if status not in (200, 202) and a != b:
            return False
    if one.shown or two.shown:
        return True
    return one.text() == two.text()


def dumped(status: int, body: Any) -> str:
    return f"{status} {json.dumps(body, sort_keys=True, ensure_ascii=False)}"


def vocabulary(game: str) -> list[tuple[str, list[tuple[str, bool]]]]:
    """[(action, [(param, required)])] as the game declares them."""
    declared = load_game(game).actions.as_json()
    return [(a["name"], [(p["name"], p["required"]) for p in a["params"]]) for a in declared]


def domain(domains: Domains, action: str, param: str) -> list[str]:
    values = domains.get(f"{action}.{param}", domains.get(param))
    if values is None:
        raise AssertionError(f"no domain for {action}.{param}: name its values")
    return values


def probes(
    game: str, domains: Domains, rng: random.Random, *, seat: str, other: str
) -> list[Probe]:
    """Every action, every value of every parameter's domain, the rest drawn by `rng`."""
    acting = seat_params(load_game(game))
    out: list[Probe] = []
    for action, params in vocabulary(game):
        me = acting.get(action)
        given = [(p, required) for p, required in params if p != me]

        out.append(Probe.do(action, _drawn(domains, action, given, None, 0.3, rng)))
        if me is not None:  # another seat's value for the acting parameter
            out.append(
                Probe.do(action, {**_drawn(domains, action, given, None, 0.3, rng), me: other})
            )
        for p, _ in given:
            values = domain(domains, action, p)
            for value in values:
                out.append(
                    Probe.do(action, {**_drawn(domains, action, given, p, 0, rng), p: value})
                )
            for value in rng.sample(values, min(len(values), MIXED)):
                others = _drawn(domains, action, given, p, 0.3, rng)
                out.append(Probe.do(action, {**others, p: value}))
    return list(dict.fromkeys(out))


def _drawn(
    domains: Domains,
    action: str,
    given: list[tuple[str, bool]],
    fixed: str | None,
    chance: float,
    rng: random.Random,
) -> dict[str, str]:
    """Values for the parameters but `fixed`: every required one, an optional one by `chance`."""
    chosen = {}
    for p, required in given:
        if p != fixed and (required or rng.random() < chance):
            chosen[p] = rng.choice(domain(domains, action, p))
    return chosen


def history_probes(table: Table) -> list[Probe]:
    """Undo, undo then redo, and the void of each of A's own events."""
    out = [Probe.of(("undo", {})), Probe.of(("undo", {}), ("redo", {})), Probe.of(("redo", {}))]
    for number in table.own:
        out.append(Probe.of(("void", {"event": number, "why": "misheard"})))
    return out


@dataclass
class Compared:
    """The probes tried and the first that A received differently at the two tables."""

    tried: int
    differences: list[tuple[Probe, str, str]]

    def message(self) -> str:
        if not self.differences:
            return "no difference"
        probe, one, two = self.differences[0]
        listed = "".join(f"\n  {p}" for p, _, _ in self.differences[:12])
        return (
            f"{len(self.differences)} of {self.tried} probes differ:{listed}\nfirst: {probe}\n"
            f"  one: {_around(one, two)}\n  two: {_around(two, one)}"
        )


def _around(a: str, b: str) -> str:
    at = next(
        (i for i, (x, y) in enumerate(zip(a, b, strict=False)) if x != y), min(len(a), len(b))
    )
    return a[max(0, at - 120) : at + 200]


def compare(
    tmp: Path,
    game: str,
    options: dict[str, Any],
    histories: tuple[list[Step], list[Step]],
    seat: str,
    other: str,
    probes_: Iterable[Probe],
    *,
    seed: int = 7,
) -> Compared:
    """Build the two tables and try every probe on both (also each of A's own events)."""
    one = Table(tmp / "one.sqlite", game, seat, seed)
    two = Table(tmp / "two.sqlite", game, seat, seed)
    one.build(options, histories[0])
    two.build(options, histories[1])
    assert one.own == two.own
    first, second = one.state(), two.state()
    assert dumped(200, first) == dumped(200, second), "the two histories are not alike to A"
    everything = [*probes_, *history_probes(one)]
    differences = []
    for number, probe in enumerate(everything):
        try:
            a, b = one.reply(probe, number, other), two.reply(probe, number, other)
        except DeadDropError as error:  # pragma: no cover - a reply is never an exception
            raise AssertionError(f"{probe}: {error}") from None
        if not alike(a, b):
            differences.append((probe, a.text(), b.text()))
    return Compared(len(everything), differences)
