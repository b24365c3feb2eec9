"""What each join link sees and does, as JSON (docs/serve.md). No web framework here: `app`
serves these replies, and tests call them directly.

A link opens one seat of one table (or its spectators' view). The state a seat gets is the
game's `seat_view` (the public view plus that seat's own secrets), the board drawn from it, the
readable log with every action printed as that seat may read it (`seat_action`), and, for a
seat, the declared actions. Actions go through the same core functions as `deaddrop table do`,
`undo`, `redo` and `void` (assistant.table), with the same parsing and refusals; the parameter
that names the acting seat is filled in, and a value for another seat is refused.

Tables are read without touching them (a phone's page never changes which table the CLI's
commands use by default); a table's replay is cached until its history changes
(`Store.version`).

Each request opens the database, does its work in one transaction and closes it, as a
command does; SQLite serialises the writers of every thread and process (the store's write lock).
"""

from __future__ import annotations

import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from assistant import table as core
from assistant.engine import Game, Json
from assistant.history import action_text
from assistant.store import UNDONE
from deaddrop.errors import DeadDropError, InputError, Refused
from deaddrop.web.choices import choices
from deaddrop.web.links import Link, code

LOG_STATES = {"live": "applied", "undone": "undone", "void": "voided"}
OPERATIONS = ("do", "undo", "redo", "void")
REFRESH_S = 2.0


@dataclass(frozen=True)
class Reply:
    """An HTTP status and its JSON body."""

    status: int
    body: Json


UNKNOWN = Reply(404, {"error": "unknown link"})
SPECTATORS = Reply(403, {"ok": False, "error": "spectators cannot act"})


@dataclass(frozen=True)
class Seats:
    """One served table: its game, its seats and every link's code."""

    table: str
    game: Game
    seats: list[str]
    codes: dict[str, str]  # seat -> code
    spectator: str  # the spectators' code


@dataclass(frozen=True)
class Snapshot:
    """A table as read at one version: its replay and its log."""

    version: int
    row_id: int
    table: core.Loaded
    log: list[core.LogLine]


class Gone(Exception):
    """The table a link names is not in the database (any more)."""


class Tables:
    """The served tables of one database, and what each link may see and do."""

    def __init__(self, db: Path, names: list[str] | None, key: bytes) -> None:
        self.db = db
        self.names = names
        self.key = key
        self.links: dict[str, Link] = {}
        self._cache: dict[str, Snapshot] = {}
        self._lock = threading.Lock()
        self._refreshed = time.monotonic()

    # -- links ---------------------------------------------------------------------------------

    def refresh(self, *, strict: bool = False) -> list[Seats]:
        """Read the served tables (all of them without names) and their seats; the codes of
        tables no longer there stop working. A table that cannot be read (a game this version
        does not know) is left out, unless `strict`: then it is the InputError."""
        served = []
        with core.opened(self.db) as store, store.read():
            names = self.names
            if names is None:
                names = [row.name for row in store.tables()]
            for name in names:
                try:
                    table = core.load(store, name, repair=True)
                except DeadDropError:
                    if strict:
                        raise
                    continue
                seats = seats_of(table.game, table.state)
                codes = {seat: code(self.key, table.row.name, seat) for seat in seats}
                spectator = code(self.key, table.row.name, None)
                served.append(Seats(table.row.name, table.game, seats, codes, spectator))
        links = {}
        for one in served:
            links[one.spectator] = Link(one.table, None)
            for seat, text in one.codes.items():
                links[text] = Link(one.table, seat)
        self.links = links
        return served

    def link(self, text: str) -> Link | None:
        """What the code `text` opens, or None."""
        return self.links.get(text)

    def knows(self, text: str) -> bool:
        """Whether `text` is a code, once the tables are read again (a table made since the
        start; at most every REFRESH_S seconds, so that guessing codes costs little)."""
        now = time.monotonic()
        with self._lock:
            due = now - self._refreshed >= REFRESH_S
            if due:
                self._refreshed = now
        if due:
            try:
                self.refresh()
            except DeadDropError:
                return False
        return self.link(text) is not None

    # -- reading -------------------------------------------------------------------------------

    def snapshot(self, name: str) -> Snapshot:
        """The table `name` at its current version (replayed only when it changed)."""
        with core.opened(self.db) as store, store.read():
            row = store.find(name)
            if row is None:
                raise Gone(name)
            version = store.version(row.id)
            cached = self._cache.get(name)
            if cached is not None and (cached.version, cached.row_id) == (version, row.id):
                return cached
            table = core.load(store, name, repair=True)
        snap = Snapshot(version, row.id, table, core.log_lines(table))
        with self._lock:
            self._cache[name] = snap
        return snap

    def version(self, name: str) -> int:
        """The table's version (0: it is gone)."""
        with core.opened(self.db) as store:
            row = store.find(name)
            return store.version(row.id) if row is not None else 0

    def state(self, text: str) -> Reply:
        """GET /api/<code>/state."""
        link = self.link(text)
        if link is None:
            return UNKNOWN
        try:
            snap = self.snapshot(link.table)
        except Gone:
            return UNKNOWN
        except DeadDropError as error:  # busy, damaged: the link is good, the table unreadable
            return self._unavailable(error)
        return Reply(200, state_json(snap, link.seat))

    # -- acting --------------------------------------------------------------------------------

    def act(self, text: str, operation: str, body: object) -> Reply:
        """POST /api/<code>/<operation> (do, undo, redo, void) with the JSON `body`."""
        link = self.link(text)
        if link is None or operation not in OPERATIONS:
            return UNKNOWN
        if link.seat is None:
            return SPECTATORS
        try:
            before = self.snapshot(link.table)
        except Gone:
            return UNKNOWN
        except DeadDropError as error:
            return self._unavailable(error)
        if not isinstance(body, dict):
            return _error("the body must be a JSON object")
        game, seat = before.table.game, link.seat
        try:
            outcome, text_line = self._carry_out(before, seat, operation, body)
        except Refused as refused:
            return self._refused(refused, operation, before, seat)
        except DeadDropError as error:
            return _error(self._private(error.message))
        try:
            after = self.snapshot(link.table)
        except (Gone, DeadDropError):  # done, but not read back: the page's next poll will
            masked = seat_text(game, seat, text_line, [before])
            if operation != "do" and masked == text_line and hasattr(game, "seat_action"):
                masked = text_line.split(":")[0]  # "undid 4": no action it could not mask
            return Reply(200, {"ok": True, "line": masked, "version": 0})
        line = seat_text(game, seat, text_line, [before, after])
        return Reply(200, {"ok": True, "line": line, "version": after.version})

    def _carry_out(
        self, before: Snapshot, seat: str, operation: str, body: Json
    ) -> tuple[core.Outcome, str]:
        name = before.table.row.name
        extra = sorted(
            set(body) - {"do": {"action", "params"}, "void": {"event", "why"}}.get(operation, set())
        )
        if extra:
            raise InputError(f"{operation} takes no '{extra[0]}'")
        if operation == "do":
            action = parse_action(before, seat, body)
            outcome = core.do(self.db, name, action, by=seat)
            return outcome, f"{outcome.number}. {outcome.text}"
        if operation == "undo":
            outcome = core.undo(self.db, name)
        elif operation == "redo":
            outcome = core.redo(self.db, name)
        else:
            number = body.get("event")
            if not isinstance(number, int) or isinstance(number, bool) or number < 1:
                raise InputError("event: expected an event number from the log (1, 2, ...)")
            why = body.get("why", f"voided by {seat}")
            if not isinstance(why, str):
                raise InputError("why: expected a text")
            outcome = core.void(self.db, name, number, why)
        return outcome, outcome.text

    def _refused(self, refused: Refused, operation: str, before: Snapshot, seat: str) -> Reply:
        message = self._private(refused.message)
        try:
            after = self.snapshot(before.table.row.name)
        except (Gone, DeadDropError):
            after = before
        message = seat_text(before.table.game, seat, message, [before, after])
        if message.startswith("refused: "):
            rule, sep, why = message.removeprefix("refused: ").partition(": ")
            if sep:
                return Reply(409, {"ok": False, "rule": rule, "why": why})
        return Reply(409, {"ok": False, "rule": operation, "why": message})

    def _unavailable(self, error: DeadDropError) -> Reply:
        """503: the table cannot be read just now (the database busy or damaged)."""
        return Reply(503, {"ok": False, "error": self._private(error.message)})

    def _private(self, message: str) -> str:
        """A message without the database's folder (a phone needs no path on this machine)."""
        return message.replace(str(self.db), self.db.name)


def _error(message: str) -> Reply:
    return Reply(400, {"ok": False, "error": message})


def seats_of(game: Game, state: Json) -> list[str]:
    """The game's seats (none for a game that does not say: only its spectators' link)."""
    seats: Callable[[Json], list[str]] | None = getattr(game, "seats", None)
    return list(seats(state)) if seats is not None else []


def seat_view(game: Game, state: Json, seat: str | None) -> Json:
    """What `seat` sees (the public view for a game without seat views)."""
    view: Callable[[Json, str | None], Json] | None = getattr(game, "seat_view", None)
    return view(state, seat) if view is not None else game.view(state)


def seat_values(game: Game, state: Json, seat: str) -> list[str]:
    """The values the acting-seat parameter may take for `seat` (usually just the seat)."""
    values: Callable[[Json, str], list[str]] | None = getattr(game, "seat_values", None)
    return list(values(state, seat)) if values is not None else [seat]


def seat_params(game: Game) -> dict[str, str]:
    """{action: the parameter that is the acting seat}."""
    params: dict[str, str] = getattr(game, "seat_params", {}) or {}
    declared = {action.name for action in game.actions.actions}
    return {name: param for name, param in params.items() if name in declared}


def public_text(game: Game, action: Json) -> str:
    """An action as the CLI prints it in the log (its secrets hidden by `public_action`)."""
    public = getattr(game, "public_action", None)
    return action_text(public(action) if public is not None else action)


def own_text(game: Game, seat: str | None, action: Json) -> str:
    """An action as `seat` may read it (`seat_action`: its own secrets in, others' out)."""
    mine = getattr(game, "seat_action", None)
    return action_text(mine(action, seat)) if mine is not None else public_text(game, action)


def seat_text(game: Game, seat: str | None, text: str, snaps: list[Snapshot]) -> str:
    """`text` (a line or a refusal that may quote actions of these snapshots' logs) with every
    quoted action as `seat` may read it."""
    if getattr(game, "seat_action", None) is None:
        return text
    seen: set[str] = set()
    for snap in snaps:
        for line in snap.log:
            public = public_text(game, line.action)
            if public in seen or public not in text:
                continue
            seen.add(public)
            text = text.replace(public, own_text(game, seat, line.action))
    return text


def log_json(game: Game, seat: str | None, lines: list[core.LogLine]) -> list[Json]:
    """The readable log: {"n", "text", "state"} a line, oldest first."""
    out = []
    for line in lines:
        text = line.text
        if line.status != "live" or text.startswith("["):  # printed as typed, not described
            public = public_text(game, line.action)
            if text.endswith(public):
                text = text[: len(text) - len(public)] + own_text(game, seat, line.action)
        out.append({"n": line.number, "text": text, "state": LOG_STATES[line.status]})
    return out


def board_of(game: Game, view: Json) -> list[Json]:
    """The board widgets the game draws from a seat's view ([] when it draws none)."""
    board: Callable[[Json], list[Json]] | None = getattr(game, "board", None)
    if board is None:
        return []
    try:
        return list(board(view))
    except Exception as error:  # a drawing bug must not take the table away from the phones
        print(
            f"deaddrop serve: {game.name}: the board could not be drawn ({error!r})",
            file=sys.stderr,
        )
        return []


def state_json(snap: Snapshot, seat: str | None) -> Json:
    """The /state reply of `seat` (None: a spectator) at this snapshot."""
    table = snap.table
    game, state = table.game, table.state
    view = seat_view(game, state, seat)
    acting = seat is not None
    return {
        "table": table.row.name,
        "game": game.name,
        "title": game.title,
        "seat": seat,
        "seats": seats_of(game, state),
        "version": snap.version,
        "view": view,
        "board": board_of(game, view),
        "log": log_json(game, seat, snap.log),
        "actions": game.actions.as_json() if acting else [],
        "seat_params": seat_params(game) if acting else {},
        "seat_values": seat_values(game, state, seat) if seat is not None else [],
        "can_undo": acting and bool(table.live),
        "can_redo": acting and any(e.status == UNDONE for e in table.events),
        "choices": choices(game, table.state, view, seat),
    }


def parse_action(snap: Snapshot, seat: str, body: Json) -> Json:
    """The action of a /do body, as `deaddrop table do TYPE KEY=VALUE ...` would read it, with
    the acting seat filled in (Refused when it names another seat's)."""
    kind, params = body.get("action"), body.get("params", {})
    if not isinstance(kind, str) or not kind.strip():
        raise InputError("action: expected the action's name (e.g. probe)")
    if not isinstance(params, dict):
        raise InputError("params: expected an object of parameter names and texts")
    items = []
    for key, value in params.items():
        if not key or "=" in key or key != key.strip():
            raise InputError(f"params: {key!r} is not a parameter name")
        if not isinstance(value, str):
            raise InputError(f"{key}: expected the value as typed on the command line (a text)")
        if value.strip():  # an empty field is a parameter not given
            items.append(f"{key}={value}")
    fields: dict[str, Any] = core.parse_assignments(items, "value")
    if "type" in fields:
        raise InputError("value 'type=...': the action type is the first argument")
    game, state = snap.table.game, snap.table.state
    param = seat_params(game).get(kind)
    if param is None:
        return {"type": kind, **fields}
    allowed = seat_values(game, state, seat)
    if param in fields:
        given = fields.pop(param)
        value = next((a for a in allowed if str(given).lower() == a.lower()), None)
        if value is None:
            raise Refused(
                f"refused: seat: {param}={given} is not yours "
                f"({seat} plays {', '.join(allowed) or 'nothing now'})"
            )
    elif len(allowed) == 1:
        value = allowed[0]
    elif allowed:
        raise InputError(f"{param}: choose one of {', '.join(allowed)}")
    else:
        raise Refused(f"refused: seat: {seat} plays no {param} now")
    return {"type": kind, param: value, **fields}  # the seat first, as players type it
