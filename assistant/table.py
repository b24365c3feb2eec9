"""The table operations behind `deaddrop table ...` (no typer here): new, list, show, log, do,
undo, redo, void, delete, actions. Export, import and replay are in `assistant.table_io`.

A table's state is always the replay of its live events. Each change is one write transaction:
the events are read, replayed and checked, and the change is written, all under one lock.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from assistant.engine import Game, Json, Refusal
from assistant.games import GAMES, known_games, load_game
from assistant.history import (
    CRASHES,
    MAX_DEPTH,
    Entry,
    ReplayRefused,
    Step,
    action_text,
    apply,
    check_action,
    differences,
    final,
    initial_state,
    resolve_options,
    steps,
    text_problem,
    value_problem,
)
from assistant.store import LIVE, UNDONE, EventRow, Store, TableRow
from assistant.table_list import tables as tables  # (re-exported: the list reads the store alone)
from deaddrop.errors import InputError, Refused, quoted, shown

NAME_PATTERN = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,63}")


@dataclass(frozen=True)
class Outcome:
    """What a command did: the table, the event concerned, the state after, what changed."""

    table: str
    game: Game
    state: Json
    number: int | None = None
    text: str = ""
    changes: list[tuple[str, Any, Any]] = field(default_factory=list)
    repeated: bool = False  # a tap retried with its key: done before, nothing done now
    bots: list[Json] = field(default_factory=list)  # what the game's bots did after (Spies!)
    said: list[str] = field(default_factory=list)  # what they tell the people besides

    def as_json(self) -> Json:
        """The `--json` shape of do/undo/redo/void/new/import."""
        out: Json = {
            "table": self.table,
            "event": self.number,
            "text": self.text,
            "changes": [{"path": p, "before": b, "after": a} for p, b, a in self.changes],
            "view": self.game.view(self.state),
        }
        if self.bots or self.said:
            out["bots"] = [{k: v for k, v in b.items() if k != "why"} for b in self.bots]
            out["said"] = list(self.said)
        return out


@dataclass(frozen=True)
class LogLine:
    """One numbered line of a table's log."""

    number: int
    text: str
    action: Json
    status: str  # "live", "void" or "undone"
    by: str | None
    force: str | None
    void: str | None
    time: str | None

    def __str__(self) -> str:
        text = f"{self.number}. {self.text}"
        if self.by:
            text += f" [by {self.by}]"
        if self.force is not None:
            text += f" [forced: {self.force}]"
        return text

    def as_json(self) -> Json:
        """The `log --json` shape of one event."""
        keys = ("number", "text", "action", "status", "by", "force", "void", "time")
        return {key: getattr(self, key) for key in keys}


def now() -> str:
    """The current time, UTC, to the second (recorded with each event, never used by rules)."""
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


KEY_PATTERN = re.compile(r"[A-Za-z_][A-Za-z0-9_]{0,63}")
MAX_WORD = 4096  # characters in one KEY=VALUE word


def parse_assignments(items: list[str], what: str) -> dict[str, Any]:
    """`KEY=VALUE` words with values read as YAML scalars (`n=3`, `p=red`, `cards=[1,2]`).
    Each key once; values within the bounds of `assistant.history.value_problem`."""
    import yaml

    out: dict[str, Any] = {}
    for item in items:
        key, sep, text = item.partition("=")
        key = key.strip()
        word = f"{what} {quoted(item)}"
        if not sep or not key:
            raise InputError(f"{word}: expected KEY=VALUE (e.g. n=3)")
        if not KEY_PATTERN.fullmatch(key):
            raise InputError(
                f"{word}: {quoted(key)} is not a name (expected letters, digits and _, e.g. n=3)"
            )
        if key in out:
            raise InputError(f"{word}: {key} is given twice (expected each key once)")
        if len(item) > MAX_WORD:
            raise InputError(f"{word}: too long (at most {MAX_WORD:,} characters)")
        try:  # `#3` (a counter, a number) is text: YAML would read it as a comment (nothing)
            hashed = text.strip().startswith("#")
            value = text.strip() if hashed else yaml.safe_load(text) if text.strip() else ""
        except RecursionError:
            raise InputError(
                f"{word}: nested deeper than {MAX_DEPTH} levels (at most {MAX_DEPTH})"
            ) from None
        except (yaml.YAMLError, ValueError, OverflowError):  # ValueError: a date like 2026-13-45
            raise InputError(f"{word}: the value is not valid YAML") from None
        problem = value_problem(value, key)
        if problem is not None:
            raise InputError(f"{word}: {problem}")
        out[key] = value
    return out


def check_text(text: str | None, what: str) -> None:
    """An InputError when a free text (--by, --force, --why) would not print as one line."""
    error = text_problem(text, what) if text is not None else None
    if error is not None:
        raise error


@contextmanager
def opened(db: Path, *, create: bool = False, write: bool = True) -> Iterator[Store]:
    """The store at `db` (created when `create` and missing). `write=False`: the command only
    reads (it may still write what is harmless to skip, such as the current table), so a
    database in a read-only folder is read."""
    store = Store(db, create=create, write=write)
    try:
        yield store
    finally:
        store.close()


def find_table(store: Store, name: str | None) -> TableRow:
    """The table called `name` (the most recently used one when None), or an InputError."""
    row = store.find(name)
    if row is not None:
        return row
    names = [t.name for t in store.tables()]
    if not names:
        where = shown(store.path)
        raise InputError(f"no tables yet in {where} (start one: deaddrop table new GAME)")
    asked = shown(name if name is None or len(name) <= 60 else name[:57] + "...")
    raise InputError(f"no table named '{asked}' (tables: {', '.join(map(shown, names))})")


def game_named(name: str) -> Game:
    """The game called `name`; an unknown name is echoed safely."""
    if name not in GAMES:
        asked = shown(name if len(name) <= 60 else name[:57] + "...")
        raise InputError(f"unknown game '{asked}' (known: {', '.join(known_games())})")
    return load_game(name)


def entry_of(event: EventRow) -> Entry:
    """The history entry of a stored event."""
    return Entry(event.action, event.who, event.force, event.void, event.time)


@dataclass(frozen=True)
class Loaded:
    """A table read from the store, with its game, events and current state."""

    row: TableRow
    game: Game
    events: list[EventRow]  # live then undone, in order (dropped ones are not read)
    state: Json
    initial: Json
    steps: list[Step]  # one per live event, with the states around it (for the log)
    broken: ReplayRefused | None = None  # the live event that no longer applies (repair mode)

    @property
    def live(self) -> list[EventRow]:
        return [e for e in self.events if e.status == LIVE]


def load(
    store: Store, name: str | None, *, repair: bool = False, known: Loaded | None = None
) -> Loaded:
    """Read a table and replay its live events. When an event no longer applies (the game's
    rules changed since it was entered) this is an InputError, unless `repair`: then the table
    is replayed up to that event and `broken` says which (log, export, undo and void use it).

    `known`: the same table as read before (`deaddrop serve` keeps it): when its events are the
    first of the events now, unchanged and all live, their steps are taken as they are and only
    the events added since are applied (a game's apply is pure: the same states)."""
    row = find_table(store, name)
    game = game_named(row.game)
    events = store.events(row.id)
    initial = initial_state(game, row.options)
    entries = [entry_of(e) for e in events if e.status == LIVE]
    broken = None
    kept = _kept_steps(known, row, events)
    try:
        start = kept[-1].after if kept else initial
        done = kept + steps(game, start, entries[len(kept) :], first=len(kept) + 1)
    except ReplayRefused as error:
        if not repair:
            raise InputError(
                f"table '{row.name}' no longer replays: {error.message} (see `deaddrop table "
                f"log`; repair it with `deaddrop table void {error.number} --why TEXT`)"
            ) from None
        broken = error
        done = steps(game, initial, entries[: error.number - 1])
    state = done[-1].after if done else initial
    return Loaded(row, game, events, state, initial, done, broken)


def _kept_steps(known: Loaded | None, row: TableRow, events: list[EventRow]) -> list[Step]:
    """The steps of `known` that hold for `events` (see `load`): all of them when the table is
    the same one (row, game, options) and its events are the first of `events`, each unchanged
    and live; else none."""
    if known is None or known.broken is not None:
        return []
    was = known.row
    if (was.id, was.game, was.options, was.created, was.nonce) != (
        row.id,
        row.game,
        row.options,
        row.created,
        row.nonce,
    ):
        return []
    old = known.events
    if len(old) > len(events) or events[: len(old)] != old:
        return []
    if any(e.status != LIVE for e in old) or len(known.steps) != len(old):
        return []
    return list(known.steps)


def new(db: Path, game_name: str, name: str | None, options: dict[str, Any]) -> Outcome:
    """Start a table of `game_name` with these options (unknown ones are an InputError).
    Everything is checked before the database is opened: a refused `new` creates no file."""
    game = game_named(game_name)
    resolved = resolve_options(game, options)
    fresh = getattr(game, "fresh_options", None)
    if fresh is not None:
        resolved = fresh(resolved)
    state = initial_state(game, resolved)
    if name is not None:
        check_name_pattern(name)
    with opened(db, create=True) as store, store.write():
        name = check_name(store, name, game_name)
        store.create_table(name, game_name, resolved, now())
        bots, said, state = _autoplay(store, store.find(name), game, [], state, 0)
    return Outcome(
        name, game, state, text=f"new table '{name}' ({game.title})", bots=bots, said=said
    )


def _autoplay(
    store: Store,
    row: TableRow | None,
    game: Game,
    history: list[tuple[Json, Json, Json]],
    state: Json,
    number: int,
) -> tuple[list[Json], list[str], Json]:
    """A game's own players (Spies! bots, its optional `autoplay`) act after `history`: each of
    their actions recorded as an event entered by them; what they did, what they say, the state
    after."""
    autoplay = getattr(game, "autoplay", None)
    if autoplay is None or row is None:
        return [], [], state
    moves, said = autoplay(history, state)
    out = []
    for move in moves:
        number += 1
        store.append(row.id, move.action, time=now(), who=move.by)
        out.append({"event": number, "text": move.text, "say": list(move.say), "why": move.why})
        state = move.after
    return out, said, state


def check_name_pattern(name: str) -> None:
    """An InputError for a name that is not a table name."""
    if not NAME_PATTERN.fullmatch(name):
        asked = shown(name if len(name) <= 60 else name[:57] + "...")
        raise InputError(
            f"table name '{asked}': use letters, digits, '-', '_' and '.' (64 at most)"
        )


def check_name(store: Store, name: str | None, game_name: str, *, free: bool = False) -> str:
    """A valid, unused table name (`GAME-N` when none is given). `free`: a taken name gives the
    first free `NAME-2`, `NAME-3`, ... instead of an InputError (an import's own name)."""
    taken = {t.name for t in store.tables()}
    if name is None:
        number = 1
        while f"{game_name}-{number}" in taken:
            number += 1
        return f"{game_name}-{number}"
    check_name_pattern(name)
    if name in taken and free:
        stem, number = name[:60], 2
        while f"{stem}-{number}" in taken:
            number += 1
        return f"{stem}-{number}"
    if name in taken:
        raise InputError(f"a table named '{name}' already exists (choose another with --name)")
    return name


def show(db: Path, name: str | None, *, touch: bool = True) -> Outcome:
    """The table's current state. A table named on the command line becomes the current one,
    unless `touch` is False (a caller that only looks before it acts)."""
    with opened(db, write=False) as store:
        with store.read():
            table = load(store, name)
        if touch:
            touch_if_named(store, name, table.row)
    return Outcome(table.row.name, table.game, table.state, len(table.live))


def touch_if_named(store: Store, name: str | None, row: TableRow) -> None:
    """Make a table named on the command line the most recently used one (not in a database
    that can only be read: then the current table stays as it is)."""
    if name is not None and not store.read_only and store.find(None) != row:
        with store.write():
            store.touch(row.name)


def read(db: Path, name: str | None, check: Callable[[Loaded], object] | None = None) -> Loaded:
    """The table as loaded for a reader (`show/log --as SEAT`): replayed as far as it goes; a
    table named becomes the current one once `check` (the reader's own check, which may raise)
    passed: a failed command changes nothing."""
    with opened(db, write=False) as store:
        with store.read():
            table = load(store, name, repair=True)
        if check is not None:
            check(table)
        touch_if_named(store, name, table.row)
    return table


def log(db: Path, name: str | None) -> list[LogLine]:
    """The numbered log: live events (voided ones marked), then undone ones."""
    with opened(db, write=False) as store:
        with store.read():
            table = load(store, name, repair=True)
        touch_if_named(store, name, table.row)
    return log_lines(table)


def log_lines(table: Loaded) -> list[LogLine]:
    """The numbered log of a table loaded with `repair` (the log without touching the table:
    `deaddrop serve` reads it for every page)."""
    applied = {event.id: step for event, step in zip(table.live, table.steps, strict=False)}
    broken = table.broken
    lines = []
    for number, event in enumerate(table.events, start=1):
        if event.status == UNDONE:
            status, text = "undone", f"[undone] {_shown(table.game, event.action)}"
        elif event.void is not None:
            status, text = "void", f"[void: {event.void}] {_shown(table.game, event.action)}"
        elif broken is not None and number == broken.number:
            status = "live"
            text = f"[no longer applies: {broken.refusal}] {_shown(table.game, event.action)}"
        elif event.id not in applied:
            status, text = "live", f"[not replayed] {_shown(table.game, event.action)}"
        else:
            step = applied[event.id]
            status, text = "live", _describe(table.game, event.action, step.before, step.after)
        lines.append(
            LogLine(
                number, text, event.action, status, event.who, event.force, event.void, event.time
            )
        )
    return lines


def _describe(game: Game, action: Json, before: Json, after: Json) -> str:
    try:
        return game.describe(action, before, after)
    except Exception:  # a game's describe must never hide the log
        return _shown(game, action)


def _shown(game: Game, action: Json) -> str:
    """An action as typed, without what the game keeps secret (its optional `public_action`:
    a Spy! seal carries the sealed network, which no printed text may show)."""
    public = getattr(game, "public_action", None)
    return action_text(public(action) if public is not None else action)


@dataclass(frozen=True)
class Tap:
    """A change made from a seat's phone (`deaddrop serve`): the seat, the tap's idempotency
    key (a retried tap is carried out once: the first reply is given again), and the history
    version the seat saw when the server checked its authority (the change is refused when the
    table changed meanwhile). The phone never changes the command line's current table."""

    seat: str
    key: str | None = None
    history: int | None = None
    digest: str | None = None  # what the tap asked (operation and body), as `digest` gives it

    @property
    def stored(self) -> str | None:
        """The key as the store keeps it: the seat's own (one seat cannot answer for another's),
        with the digest of what it asked (a key reused for another request is told apart)."""
        if self.key is None:
            return None
        return f"{self.seat}\0{self.key}\0{self.digest or ''}"


class Reused(InputError):
    """An idempotency key sent again with another request (the server's 422)."""


def digest(operation: str, body: object) -> str:
    """A short digest of a tap's request: its operation and its JSON body, keys sorted."""
    import hashlib
    import json

    text = json.dumps([operation, body], sort_keys=True, ensure_ascii=False, default=str)
    return hashlib.sha256(text.encode()).hexdigest()[:32]


def recalled(db: Path, name: str, tap: Tap) -> str | None:
    """The line given before to this tap's key at table `name` (None: a new tap); InputError
    when the key was given before to another request (an Idempotency-Key is one request's)."""
    if tap.stored is None:
        return None
    with opened(db, write=False) as store, store.read():
        row = store.find(name)
        if row is None:
            return None
        said = store.recall(row.id, tap.stored)
        if said is None and store.keyed(row.id, f"{tap.seat}\0{tap.key}\0"):
            raise Reused(
                "Idempotency-Key: this key was sent before with another request (a new key for "
                "each action)"
            )
        return said


def _tapped(store: Store, table: Loaded, tap: Tap | None) -> Outcome | None:
    """The outcome given before to this tap's key, or None; Refused when the table changed since
    the seat's authority was checked."""
    if tap is None:
        return None
    if tap.stored is not None:
        line = store.recall(table.row.id, tap.stored)
        if line is not None:
            return Outcome(table.row.name, table.game, table.state, None, line, repeated=True)
    if tap.history is not None and store.history(table.row.id) != tap.history:
        raise Refused("refused: table: the table changed meanwhile; look again and retry")
    return None


def _done(store: Store, table: Loaded, tap: Tap | None, line: str) -> None:
    """After a change: keep the tap's reply, close the requests the change made stale, and make
    a table changed from the command line the current one."""
    if tap is not None and tap.stored is not None:
        store.remember(table.row.id, tap.stored, line)
    store.drop_requests(table.row.id, keep_history=store.history(table.row.id))
    if tap is None:
        store.touch(table.row.name)


def do(
    db: Path,
    name: str | None,
    action: Json,
    *,
    by: str | None = None,
    force: str | None = None,
    game: str | None = None,
    tap: Tap | None = None,
) -> Outcome:
    """Apply one action; a refusal changes nothing (Refused, exit 1). `game`: the table must be
    of this game (checked in the same transaction: a table of another game changes nothing).
    `tap`: entered from that seat's phone."""
    check_action(action)
    if force is not None and not force.strip():
        raise InputError('--force needs a reason (e.g. --force "house rule: debts")')
    check_text(by, "--by")
    check_text(force, "--force")
    with opened(db) as store, store.write():
        table = load(store, name)
        if game is not None and table.game.name != game:
            raise InputError(
                f"table '{table.row.name}' is a {table.game.name} table, not a {game} table"
            )
        again = _tapped(store, table, tap)
        if again is not None:
            return again
        complete = getattr(table.game, "complete", None)
        if complete is not None:
            try:
                action = complete(table.state, action, _seed(action))
            except CRASHES:
                raise Refused("refused: malformed action: it cannot be completed") from None
        after = apply(table.game, table.state, action, force=force is not None)
        if isinstance(after, Refusal):
            raise Refused(f"refused: {shown(str(after))}")
        seat = tap.seat if tap is not None else None
        store.append(table.row.id, action, time=now(), who=by, force=force, seat=seat)
        number = len(table.live) + 1
        text = _describe(table.game, action, table.state, after)
        history = [(s.entry.action, s.before, s.after) for s in table.steps if s.entry.void is None]
        history.append((action, table.state, after))
        bots, said, last = _autoplay(store, table.row, table.game, history, after, number)
        _done(store, table, tap, f"{number}. {text}")
    return Outcome(table.row.name, table.game, last, number, text, bots=bots, said=said)


MAX_SEED = 2**63 - 1


def _seed(action: Json) -> int:
    """The seed the tracker draws an action's chance from: the one the action gives (entered
    again from a record, the same draw), or a fresh one."""
    given = action.get("seed")
    if given is None:
        return random.SystemRandom().randrange(2**31)
    if type(given) is not int or not 0 <= given <= MAX_SEED:
        raise InputError(
            f"seed: expected a whole number 0 to {MAX_SEED} (got {shown(repr(given))})"
        )
    return given


def undo(db: Path, name: str | None, *, tap: Tap | None = None) -> Outcome:
    """Mark the last live event undone (it goes on the redo stack)."""
    with opened(db) as store, store.write():
        table = load(store, name, repair=True)
        again = _tapped(store, table, tap)
        if again is not None:
            return again
        live = table.live
        if not live:
            raise Refused(f"nothing to undo at table '{table.row.name}'")
        if table.broken is not None and table.broken.number < len(live):
            raise Refused(
                f"cannot undo {len(live)}: event {table.broken.number} would still not apply "
                f"({table.broken.refusal}); void it: deaddrop table void {table.broken.number} "
                "--why TEXT"
            )
        store.set_status(live[-1].id, UNDONE)
        # the state before the undone event (when it was the broken one: the replay up to it)
        state = table.state if table.broken is not None else table.steps[-1].before
        text = f"undid {len(live)}: {_shown(table.game, live[-1].action)}"
        _done(store, table, tap, text)
    return Outcome(table.row.name, table.game, state, len(live), text)


def redo(db: Path, name: str | None, *, tap: Tap | None = None) -> Outcome:
    """Re-apply the most recently undone event (refused when it no longer applies)."""
    with opened(db) as store, store.write():
        table = load(store, name)
        again = _tapped(store, table, tap)
        if again is not None:
            return again
        undone = [e for e in table.events if e.status == UNDONE]
        if not undone:
            raise Refused(f"nothing to redo at table '{table.row.name}'")
        event, number = undone[0], len(table.live) + 1
        state = table.state
        if event.void is None:
            after = apply(table.game, state, event.action, force=event.force is not None)
            if isinstance(after, Refusal):
                raise Refused(
                    f"cannot redo {number} ({_shown(table.game, event.action)}): refused: {after}"
                )
            state = after
        store.set_status(event.id, LIVE)
        text = f"redid {number}: {_shown(table.game, event.action)}"
        _done(store, table, tap, text)
    return Outcome(table.row.name, table.game, state, number, text)


def void(db: Path, name: str | None, number: int, why: str, *, tap: Tap | None = None) -> Outcome:
    """Mark event `number` void and replay the rest; refused when a later one stops applying."""
    if not why.strip():
        raise InputError("void needs a reason (--why TEXT)")
    check_text(why, "--why")
    with opened(db) as store, store.write():
        table = load(store, name, repair=True)
        again = _tapped(store, table, tap)
        if again is not None:
            return again
        if not 1 <= number <= len(table.events):
            raise InputError(
                f"no event {number} at table '{table.row.name}' (events: 1-{len(table.events)})"
                if table.events
                else f"no event {number} at table '{table.row.name}' (it has none)"
            )
        event = table.events[number - 1]
        if event.status == UNDONE:
            raise Refused(f"event {number} is undone (redo it first, or leave it)")
        if event.void is not None:
            raise Refused(f"event {number} is already void ({event.void})")
        follows = _later(table, number)
        if tap is not None and follows is not None and getattr(table.game, "keeps_secrets", True):
            # a seat's void would replay later events against what other seats keep hidden and
            # show it the result: refused on the public history alone (the host may void it)
            raise Refused(
                f"cannot void {number}: event {follows} depends on it (from a phone only the last "
                f"event is voided; the host voids it with deaddrop table void {number})"
            )
        entries = [entry_of(e) for e in table.live]
        entries[number - 1] = Entry(event.action, event.who, event.force, why, event.time)
        try:
            state = final(table.game, table.initial, entries)
        except ReplayRefused as error:
            later = entries[error.number - 1].action
            already = table.broken is not None and error.number == table.broken.number
            raise Refused(
                f"cannot void {number}: event {error.number} ({_shown(table.game, later)}) "
                f"{'does not apply' if already else 'would no longer apply'}: {error.refusal}"
            ) from None
        store.set_void(event.id, why)
        text = f"voided {number}: {_shown(table.game, event.action)} ({why})"
        if table.broken is not None:  # the changes are from the replay up to the broken event
            broken = table.broken.number
            text += "; the table replays again"
            text += f" (event {broken} applies again)" if broken != number else ""
        _done(store, table, tap, text)
    changes = differences(table.game.view(table.state), table.game.view(state))
    return Outcome(table.row.name, table.game, state, number, text, changes)


def _later(table: Loaded, number: int) -> int | None:
    """The first live event after event `number` that applies (None: nothing follows it)."""
    for later, event in enumerate(table.events[number:], start=number + 1):
        if event.status != UNDONE and event.void is None:
            return later
    return None


def delete(db: Path, name: str) -> str:
    """Remove a table and its whole history."""
    with opened(db) as store, store.write():
        row = find_table(store, name)
        count = len(store.events(row.id))
        store.delete_table(row.id)
    return f"deleted table '{name}' ({count} events)"


def vocabulary(game_name: str) -> Json:
    """The actions `game_name` declares (the `table actions GAME --json` shape): {"game",
    "title", "actions": [{"name", "help", "when": {"text", "phases"}, "params": [{"name",
    "type", "required", "help"}]}]}."""
    game = game_named(game_name)
    return {"game": game.name, "title": game.title, "actions": game.actions.as_json()}
