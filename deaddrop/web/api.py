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

import gzip
import itertools
import json
import sys
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any

from assistant import requests as asking
from assistant import seats as seating
from assistant import table as core
from assistant.engine import Game, Json
from assistant.seats import seat_params, seat_text, seat_values, seat_view, seats_of
from assistant.store import RequestRow
from deaddrop.errors import DeadDropError, InputError, Refused, Unavailable
from deaddrop.web.choices import choices
from deaddrop.web.delta import diff
from deaddrop.web.links import Link, code, identity

OPERATIONS = ("do", "undo", "redo", "void", "answer")
REFRESH_S = 2.0
HELD = 16  # states kept for each seat: a phone that holds an older one is sent the whole state
UPDATES = 512  # events of the streams kept (each is the same for every phone of a seat)


@dataclass(frozen=True)
class Reply:
    """An HTTP status and its JSON body."""

    status: int
    body: Json


UNKNOWN = Reply(404, {"error": "unknown link"})


@dataclass(frozen=True)
class Update:
    """One event of a phone's stream (docs/serve.md, "Live"): `version` (the page holds it
    already: its data is the version), `delta` (the operations that turn the state the phone
    holds into this one, deaddrop.web.delta) or `state` (the whole state, as /state gives it: the
    server no longer holds the phone's). `data` is its JSON text."""

    kind: str
    version: int
    data: str

    def text(self) -> str:
        """The event as the stream sends it; its id is the version, which the browser sends
        back (Last-Event-ID) when it reconnects."""
        return f"id: {self.version}\nevent: {self.kind}\ndata: {self.data}\n\n"


def dumps(body: Json) -> str:
    """JSON as the replies are written (Starlette's JSONResponse): compact, UTF-8."""
    return json.dumps(body, ensure_ascii=False, allow_nan=False, separators=(",", ":"))


SPECTATORS = Reply(403, {"ok": False, "error": "spectators cannot act"})


@dataclass(frozen=True)
class Seats:
    """One served table: its game, its seats and every link's code."""

    table: str
    game: Game
    seats: list[str]
    codes: dict[str, str]  # seat -> code
    spectator: str  # the spectators' code


_SERIALS = itertools.count(1)  # each reading of a table, numbered


@dataclass(frozen=True)
class Snapshot:
    """A table as read at one version: its replay and its log."""

    version: int
    row_id: int
    table: core.Loaded
    log: list[core.LogLine]
    history: int  # the history's own version (requests hold while it stays)
    requests: list[RequestRow]
    serial: int = field(default_factory=lambda: next(_SERIALS))  # this reading, of all

    @cached_property
    def owners(self) -> list[set[str]]:
        """Each event's owners (`assistant.seats.owners`): the same for every seat."""
        return seating.owners(self.table)


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
        self._pictures: dict[tuple[str, str], tuple[bytes, bytes] | None] = {}
        self._lock = threading.Lock()
        self._refreshed = time.monotonic()
        # (table, seat) -> {version: (the snapshot's serial, the seat's state)}, the newest HELD;
        # the streams' events by (table, seat, version held, the snapshot's serial)
        self._states: dict[tuple[str, str | None], OrderedDict[int, tuple[int, Json]]] = {}
        self._updates: OrderedDict[tuple[str, str | None, int | None, int], Update] = OrderedDict()
        self._flights: dict[tuple[str, str | None] | str, threading.Lock] = {}

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
                ident = identity(table.row.id, table.row.created, table.row.nonce)
                codes = {seat: code(self.key, table.row.name, seat, ident) for seat in seats}
                spectator = code(self.key, table.row.name, None, ident)
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

    def _flight(self, key: tuple[str, str | None] | str) -> threading.Lock:
        """The lock under which one thread computes what `key` names while the others wait
        for it (50 phones woken by one change ask for the same few things at once)."""
        with self._lock:
            return self._flights.setdefault(key, threading.Lock())

    def snapshot(self, name: str) -> Snapshot:
        """The table `name` at its current version (replayed only when it changed, by one
        thread at a time)."""
        with self._flight(name), core.opened(self.db) as store, store.read():
            row = store.find(name)
            if row is None:
                raise Gone(name)
            version = store.version(row.id)
            cached = self._cache.get(name)
            if cached is not None and (cached.version, cached.row_id) == (version, row.id):
                return cached
            known = cached.table if cached is not None and cached.row_id == row.id else None
            table = core.load(store, name, repair=True, known=known)  # the new events only
            history = store.history(row.id)
            requests = [r for r in store.requests(row.id) if r.history == history]
        snap = Snapshot(version, row.id, table, core.log_lines(table), history, requests)
        with self._lock:
            if cached is not None and cached.row_id != row.id:  # a new table of that name
                for seat_key in [k for k in self._states if k[0] == name]:
                    del self._states[seat_key]
                for update_key in [k for k in self._updates if k[0] == name]:
                    del self._updates[update_key]
            self._cache[name] = snap
        return snap

    def _kept(self, table: str, seat: str | None, version: int | None) -> tuple[int, Json] | None:
        """(serial, state) of `seat` at `version` if it is among those kept."""
        if version is None:
            return None
        with self._lock:
            kept = self._states.get((table, seat))
            return kept.get(version) if kept is not None else None

    def seat_state(
        self, table: str, seat: str | None, version: int | None = None
    ) -> tuple[int, int, Json]:
        """(version, serial, state): the state of `seat` (None: the spectators), `state_json`,
        of the table's snapshot (`serial` names that reading): without reading the database
        when the snapshot held is at `version`, else at the table's current version (computed
        once for every phone of the seat, then kept). Gone, DeadDropError."""

        def held_now() -> tuple[int, int, Json] | None:
            snap = self._cache.get(table)
            kept = self._kept(table, seat, version)
            if snap is None or kept is None or (snap.version, snap.serial) != (version, kept[0]):
                return None
            return snap.version, snap.serial, kept[1]

        found = held_now()
        if found is not None:
            return found
        with self._flight((table, seat)):
            found = held_now()
            if found is not None:
                return found
            snap = self.snapshot(table)
            kept = self._kept(table, seat, snap.version)
            if kept is not None and kept[0] == snap.serial:
                return snap.version, snap.serial, kept[1]
            body = state_json(snap, seat)
            with self._lock:
                states = self._states.setdefault((table, seat), OrderedDict())
                states.pop(snap.version, None)
                states[snap.version] = (snap.serial, body)
                while len(states) > HELD:
                    states.popitem(last=False)
            return snap.version, snap.serial, body

    def known_update(self, text: str, held: int | None, version: int) -> Update | None:
        """`update(text, held, version)` when it is made already for another phone of the seat
        (None otherwise): dictionary lookups only, for the event loop to try before it hands
        the work to a thread (50 phones woken by one change: one computes, 49 find it)."""
        link = self.link(text)
        snap = self._cache.get(link.table) if link is not None else None
        if link is None or snap is None or snap.version != version or held == version:
            return None
        with self._lock:
            return self._updates.get((link.table, link.seat, held, snap.serial))

    def update(self, text: str, held: int | None, version: int | None = None) -> Update | Reply:
        """The next event of the stream of the link `text` for a phone that holds `held`
        (None: nothing known), the table being at `version` (None: read it): see `Update`. The
        same event for every phone of that seat holding that version (kept). A Reply (404, 503)
        when the table cannot be read."""
        link = self.link(text)
        if link is None:
            return UNKNOWN
        try:
            current, serial, body = self.seat_state(link.table, link.seat, version)
        except Gone:
            return UNKNOWN
        except DeadDropError as error:
            return self._unavailable(error)
        if held == current:
            return Update("version", current, str(current))
        key = (link.table, link.seat, held, serial)
        with self._lock:
            done = self._updates.get(key)
        if done is not None:
            return done
        with self._flight((link.table, link.seat)):
            with self._lock:
                done = self._updates.get(key)
            if done is not None:
                return done
            kept = self._kept(link.table, link.seat, held)  # the state sent with that version
            old = kept[1] if kept is not None else None
            if old is None:
                made = Update("state", current, dumps(body))
            else:
                ops = diff(old, body)
                made = Update(
                    "delta", current, dumps({"from": held, "version": current, "ops": ops})
                )
            with self._lock:
                self._updates[key] = made
                while len(self._updates) > UPDATES:
                    self._updates.popitem(last=False)
        return made

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
            _, _, body = self.seat_state(link.table, link.seat)
        except Gone:
            return UNKNOWN
        except DeadDropError as error:  # busy, damaged: the link is good, the table unreadable
            return self._unavailable(error)
        return Reply(200, body)

    def picture(self, text: str, name: str, *, gzipped: bool = False) -> bytes | None:
        """GET /api/<code>/<name>: the picture (SVG) a map widget of the code's game shows,
        drawn once per game and name (`gzipped`: compressed, for a phone that accepts it); None
        when the code or the picture is unknown. A picture is the same for every seat: what
        stands on it comes with each seat's state."""
        link = self.link(text)
        if link is None:
            return None
        try:
            game = self.snapshot(link.table).table.game
        except (Gone, DeadDropError):
            return None
        draw: Callable[[str], str | None] | None = getattr(game, "picture", None)
        if draw is None:
            return None
        key = (game.name, name)
        with self._lock:
            known = key in self._pictures
            drawn = self._pictures.get(key)
        if not known:
            svg = draw(name)
            drawn = None if svg is None else (svg.encode(), gzip.compress(svg.encode(), 6, mtime=0))
            with self._lock:
                self._pictures[key] = drawn
        if drawn is None:
            return None
        return drawn[1] if gzipped else drawn[0]

    # -- acting --------------------------------------------------------------------------------

    def act(self, text: str, operation: str, body: object, *, key: str | None = None) -> Reply:
        """POST /api/<code>/<operation> (do, undo, redo, void, answer) with the JSON `body`;
        `key`: the tap's idempotency key (a retried tap is carried out once)."""
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
        seat = link.seat
        try:
            line, pending = self._carry_out(before, seat, operation, body, key)
        except core.Reused as error:
            return Reply(422, {"ok": False, "error": error.message})
        except Refused as refused:
            return self._refused(refused, operation, before, seat)
        except Unavailable as error:
            return self._unavailable(error)
        except DeadDropError as error:
            return _error(self._private(error.message))
        try:
            after = self.snapshot(link.table)
        except (Gone, DeadDropError):  # done, but not read back: the page's next poll will
            return Reply(202 if pending else 200, {"ok": True, "line": line, "version": 0})
        line = seat_text(before.table.game, seat, line, [before.log, after.log])
        answer: Json = {"ok": True, "line": line, "version": after.version}
        if pending:
            answer["pending"] = True
        return Reply(202 if pending else 200, answer)

    def _carry_out(
        self, before: Snapshot, seat: str, operation: str, body: Json, key: str | None
    ) -> tuple[str, bool]:
        """Do what the seat asked: (the line, whether it waits for other seats' yes)."""
        name = before.table.row.name
        allowed = {
            "do": {"action", "params"},
            "void": {"event", "why"},
            "answer": {"request", "yes", "params"},
        }
        extra = sorted(set(body) - allowed.get(operation, set()))
        if extra:
            raise InputError(f"{operation} takes no '{extra[0]}'")
        ask = core.digest(operation, body)
        tap = core.Tap(seat, key, history=before.history, digest=ask)
        said = core.recalled(self.db, name, tap)
        if said is not None:  # the same tap again: its first reply, nothing done now
            return said, said.startswith("asked ")
        if operation == "do":
            action = parse_action(before, seat, body)
            outcome = core.do(self.db, name, action, by=seat, tap=core.Tap(seat, key, digest=ask))
            line = outcome.text if outcome.repeated else f"{outcome.number}. {outcome.text}"
            return line, False
        if operation == "answer":
            if body.get("params"):  # the page sends the fields of a request: none is asked yet
                raise InputError("params: this request asks for no values")
            answered = asking.answer(self.db, name, body.get("request"), body.get("yes"), tap)
            return answered.line, bool(answered.waiting)
        table = before.table
        event, why = None, None
        if operation == "void":
            event = body.get("event")
            if not isinstance(event, int) or isinstance(event, bool) or event < 1:
                raise InputError("event: expected an event number from the log (1, 2, ...)")
            why = body.get("why", f"voided by {seat}")
            if not isinstance(why, str):
                raise InputError("why: expected a text")
            needs = seating.void_needs(table, seat, event)
        elif operation == "undo":
            needs = seating.undo_needs(table, seat)
            event = len(table.live) or None
        else:
            needs = seating.redo_needs(table, seat)
            event = len(table.live) + 1
        if needs:
            subject = seating.described_request(table, operation, event, why, None)
            return asking.ask(self.db, name, operation, event, why, tap, needs, subject), True
        if operation == "undo":
            outcome = core.undo(self.db, name, tap=tap)
        elif operation == "redo":
            outcome = core.redo(self.db, name, tap=tap)
        else:
            outcome = core.void(self.db, name, event or 0, why or "", tap=tap)
        return outcome.text, False

    def _refused(self, refused: Refused, operation: str, before: Snapshot, seat: str) -> Reply:
        message = self._private(refused.message)
        try:
            after = self.snapshot(before.table.row.name)
        except (Gone, DeadDropError):
            after = before
        message = seat_text(before.table.game, seat, message, [before.log, after.log])
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
    log = seating.log_for(table, seat, snap.log)
    owned = snap.owners if acting else []
    needs = seating.void_needs_all(table, seat, owned) if seat is not None else []
    for line in log:
        line["void_needs"] = needs[line["n"] - 1] if seat is not None else None
    undo = seating.undo_needs(table, seat, owned) if seat is not None else None
    redo = seating.redo_needs(table, seat, owned) if seat is not None else None
    return {
        "table": table.row.name,
        "game": game.name,
        "title": game.title,
        "seat": seat,
        "seats": seats_of(game, state),
        "version": snap.version,
        "view": view,
        "board": board_of(game, view),
        "log": log,
        "actions": seat_actions(game) if acting else [],
        "seat_params": seat_params(game) if acting else {},
        "seat_values": seat_values(game, state, seat) if seat is not None else [],
        "can_undo": undo is not None,
        "can_redo": redo is not None,
        "undo_needs": undo or [],
        "redo_needs": redo or [],
        "requests": [requests_json(table, one, seat) for one in snap.requests],
        "choices": choices(game, table.state, view, seat),
        "not_yours": not_yours(game, state, seat) if seat is not None else {},
    }


def seat_actions(game: Game) -> list[Json]:
    """The declared actions a phone may enter (not the host's), without the parameters the
    tracker draws for it."""
    hosts, drawn = seating.host_actions(game), seating.tracker_params(game)
    out = []
    for action in game.actions.as_json():
        if action["name"] in hosts:
            continue
        skip = drawn.get(action["name"], ())
        out.append({**action, "params": [p for p in action["params"] if p["name"] not in skip]})
    return out


def not_yours(game: Game, state: Json, seat: str) -> dict[str, list[str]]:
    """{action: [parameter]}: the parameters another seat gives (the page does not offer them:
    a guess's `reveal`, the other spy's weapon in an exchange)."""
    out: dict[str, list[str]] = {}
    params = seat_params(game)
    mine = seat_values(game, state, seat)
    for action in game.actions.actions:
        probe: Json = {"type": action.name}
        if action.name in params and mine:
            probe[params[action.name]] = mine[0]
        owned = seating.seat_owned(game, state, probe)
        others = [p.name for p in action.params if owned.get(p.name, seat) not in (seat, *mine)]
        if others:
            out[action.name] = others
    return out


def requests_json(table: core.Loaded, request: RequestRow, seat: str | None) -> Json:
    """One open request as `seat` sees it (every seat sees it: it is asked aloud)."""
    subject = seating.described_request(table, request.op, request.event, request.why, seat)
    waiting = [s for s in request.needs if s not in request.yes]
    return {
        "id": request.id,
        "op": request.op,
        "from": request.asker,
        "text": f"{request.asker} asks to {subject}",
        "waiting": waiting,
        "mine": seat == request.asker,
        "answer": seat in waiting,
        "action": None,
        "give": [],
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
    if kind in seating.host_actions(game):
        raise Refused(f"refused: seat: {kind} is the host's to enter (deaddrop table do {kind})")
    drawn = [p for p in seating.tracker_params(game).get(kind, ()) if p in fields]
    if drawn:
        raise Refused(
            f"refused: seat: {drawn[0]}= is drawn by the tracker for a phone (leave it out)"
        )
    param = seat_params(game).get(kind)
    if param is None:
        return _own_only(game, state, seat, {"type": kind, **fields})
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
    action = {"type": kind, param: value, **fields}  # the seat first, as players type it
    return _own_only(game, state, seat, action)


def _own_only(game: Game, state: Json, seat: str, action: Json) -> Json:
    """`action` when every parameter in it is the seat's to give, and it waits for no other
    seat's declaration; else Refused (decided on what every seat knows, never on a secret)."""
    for key, owner in seating.seat_owned(game, state, action).items():
        if key in action and owner != seat and owner not in seat_values(game, state, seat):
            raise Refused(f"refused: seat: {key}= is {owner}'s to give, not {seat}'s")
    first = seating.seat_first(game, state, action)
    if first is not None:
        raise Refused(f"refused: {first}")
    return action
