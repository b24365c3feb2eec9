"""A seat's requests: to undo, redo or void an event that is not its own alone (assistant.seats
says whose yes it needs). A request holds while the table's history stays as it was when it was
asked; any change to the history closes it. When every seat it needs has said yes, it is carried
out as the asker's (`assistant.table.undo/redo/void` with the asker's Tap); any of them, or the
asker, may close it with a no.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from assistant import table as core
from assistant.store import RequestRow
from deaddrop.errors import InputError, Refused

OPS = ("undo", "redo", "void")


@dataclass(frozen=True)
class Answered:
    """What answering a request did: its words, and whether the change was carried out."""

    line: str
    done: bool = False
    waiting: tuple[str, ...] = ()


def ask(
    db: Path,
    name: str,
    op: str,
    event: int | None,
    why: str | None,
    tap: core.Tap,
    needs: list[str],
    subject: str,
) -> str:
    """Open the request of `tap.seat` (its earlier one is withdrawn); the line that says so. A
    tap retried with its key opens nothing more."""
    if why is not None:
        core.check_text(why, "why")
    with core.opened(db) as store, store.write():
        row = core.find_table(store, name)
        key = tap.stored
        if key is not None:
            said = store.recall(row.id, key)
            if said is not None:
                return said
        history = store.history(row.id)
        if tap.history is not None and history != tap.history:
            raise Refused("refused: table: the table changed meanwhile; look again and retry")
        store.add_request(row.id, op, event, why, tap.seat, needs, history, core.now())
        line = f"asked {' and '.join(needs)} to agree: {subject}"
        if key is not None:
            store.remember(row.id, key, line)
    return line


def open_requests(db: Path, name: str) -> tuple[int, list[RequestRow]]:
    """The table's history version and its requests that still hold."""
    with core.opened(db, write=False) as store, store.read():
        row = core.find_table(store, name)
        history = store.history(row.id)
        return history, [r for r in store.requests(row.id) if r.history == history]


def answer(db: Path, name: str, number: object, yes: object, tap: core.Tap) -> Answered:
    """`tap.seat` answers request `number`: yes (one of the seats it needs) or no (one of them,
    or the asker withdrawing it). The last yes carries the change out."""
    if not isinstance(number, int) or isinstance(number, bool):
        raise InputError("request: expected the request's number")
    if not isinstance(yes, bool):
        raise InputError("yes: expected true or false")
    seat = tap.seat
    with core.opened(db) as store, store.write():
        row = core.find_table(store, name)
        key = tap.stored
        if key is not None:
            said = store.recall(row.id, key)
            if said is not None:
                return Answered(said, done=True)
        history = store.history(row.id)
        request = next((r for r in store.requests(row.id) if r.id == number), None)
        if request is None or request.history != history:
            raise Refused(
                "refused: request: no such request any more (answered, withdrawn, or the table "
                "changed since it was asked)"
            )
        if seat != request.asker and seat not in request.needs:
            raise Refused(f"refused: request: {request.asker} did not ask {seat}")
        if not yes:
            store.drop_request(request.id)
            who = "withdrew" if seat == request.asker else "said no to"
            line = f"{seat} {who} {request.asker}'s request to {request.op}"
            if key is not None:
                store.remember(row.id, key, line)
            return Answered(line, done=True)
        if seat == request.asker:
            raise Refused("refused: request: the other seats answer your request")
        agreed = sorted(set(request.yes) | {seat})
        store.answer_request(request.id, agreed)
        waiting = tuple(s for s in request.needs if s not in agreed)
        if waiting:
            line = f"{seat} agrees; waiting for {' and '.join(waiting)}"
            if key is not None:
                store.remember(row.id, key, line)
            return Answered(line, waiting=waiting)
    # every seat agreed: carried out as the asker's, at the history it was asked at
    asker = core.Tap(request.asker, None, history=request.history)
    if request.op == "undo":
        outcome = core.undo(db, name, tap=asker)
    elif request.op == "redo":
        outcome = core.redo(db, name, tap=asker)
    else:
        outcome = core.void(db, name, request.event or 0, request.why or "", tap=asker)
    line = f"{outcome.text} (as {request.asker} asked; {seat} agreed)"
    if key is not None:
        with core.opened(db) as store, store.write():
            store.remember(row.id, key, line)
    return Answered(line, done=True)
