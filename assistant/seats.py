"""What each seat at a table may see and do: the players' phones (`deaddrop serve`) and
`deaddrop table show/log --as SEAT`. Pure: tables as loaded, no I/O.

Non-interference: what a seat receives depends only on the public history and its own secrets.
A seat sees the game's `seat_view` (the public view plus its own secrets), and the log with every
action as it may read it (`seat_action`: its own secrets in, others' out). An undone or voided
line keeps what it turned up when it applied: what was revealed stays revealed.

Authority: a seat acts only as itself. The parameter that names the acting seat is its own
(`seat_params`, `seat_values`); a parameter that is another seat's to give (`seat_owned`: the
rank on the enemy's card, the other spy's weapon) is refused, and an action that waits for
another seat's declaration says so (`seat_first`). An event belongs to the seat that entered
it (for one entered at the host's command line: the seat its acting parameter names, or every
seat when it names none) and to every seat whose secret it turned up (`concerns`). A seat undoes,
redoes or voids on its own only what is its own alone; anything else waits for the other
owners' yes (a request). Voiding also replays every later event, so their owners are asked too;
in a game that keeps secrets (`keeps_secrets`) a seat voids only an event no live event follows:
the replay's outcome against other seats' secrets is no seat's to read.
A phone gives no parameter the tracker draws (`tracker_params`) and enters no host's action
(`host_actions`): both refused before anything else is looked at.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from assistant.engine import Game, Json, Refusal
from assistant.history import action_text, apply
from assistant.store import UNDONE
from assistant.table import Loaded, LogLine

LOG_STATES = {"live": "applied", "undone": "undone", "void": "voided"}


# -- who sits where ----------------------------------------------------------------------------


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


def seat_owned(game: Game, state: Json, action: Json) -> dict[str, str]:
    """{parameter: the seat whose it is to give} for parameters no other seat may give."""
    owned: Callable[[Json, Json], dict[str, str]] | None = getattr(game, "seat_owned", None)
    return dict(owned(state, action)) if owned is not None else {}


def tracker_params(game: Game) -> dict[str, tuple[str, ...]]:
    """{action: the parameters the tracker draws for a seat}: chance the rules have drawn blind
    or rolled after a reveal (a trap's dice, random Event Tiles). A phone never gives them (it
    could pick them, or learn from a refusal what is hidden); the host at the command line may
    enter a physical draw."""
    params: dict[str, tuple[str, ...]] = getattr(game, "tracker_params", {}) or {}
    return dict(params)


def keeps_secrets(game: Game) -> bool:
    """Whether the game keeps a seat's secrets from the others (every game but one that says
    `keeps_secrets = False`, as the tally)."""
    return bool(getattr(game, "keeps_secrets", True))


def host_actions(game: Game) -> frozenset[str]:
    """The actions only the host enters at the command line (no seat owns them: the chance
    results of the set up both sides see, the day's end both sides agree on)."""
    return frozenset(getattr(game, "host_actions", ()) or ())


def seat_first(game: Game, state: Json, action: Json) -> str | None:
    """Why a seat's `action` waits for another seat's declaration ("rule: why"), or None."""
    first: Callable[[Json, Json], str | None] | None = getattr(game, "seat_first", None)
    return first(state, action) if first is not None else None


def acting_seats(game: Game, state: Json, action: Json, seats: list[str]) -> set[str]:
    """The seats the action's acting parameter names (empty: it names none)."""
    param = seat_params(game).get(str(action.get("type")))
    value = action.get(param) if param is not None else None
    if value is None:
        return set()
    text = str(value).lower()
    return {s for s in seats if text in (v.lower() for v in seat_values(game, state, s))}


def check_seat(game: Game, state: Json, table: str, seat: str) -> str:
    """`seat` as the game names it (any case), or an InputError listing the seats."""
    from deaddrop.errors import InputError, shown

    seats = seats_of(game, state)
    found = next((s for s in seats if s.lower() == seat.lower()), None)
    if found is None:  # a power of a seat that plays several (Spies!: Britain -> Britain+France)
        found = next(
            (s for s in seats if seat.lower() in (v.lower() for v in seat_values(game, state, s))),
            None,
        )
    if found is None:
        listed = ", ".join(seats) or "none: every seat sees the public view"
        asked = shown(seat if len(seat) <= 60 else seat[:57] + "...")
        raise InputError(f"--as {asked}: no such seat at table '{table}' (seats: {listed})")
    return found


# -- what a seat reads -------------------------------------------------------------------------


def public_text(game: Game, action: Json) -> str:
    """An action as the CLI prints it in the log (its secrets hidden by `public_action`)."""
    public = getattr(game, "public_action", None)
    return action_text(public(action) if public is not None else action)


def own_text(game: Game, seat: str | None, action: Json) -> str:
    """An action as `seat` may read it (`seat_action`: its own secrets in, others' out)."""
    mine = getattr(game, "seat_action", None)
    return action_text(mine(action, seat)) if mine is not None else public_text(game, action)


def seat_text(game: Game, seat: str | None, text: str, logs: list[list[LogLine]]) -> str:
    """`text` (a line or a refusal that may quote actions of these logs) with every quoted
    action as `seat` may read it."""
    if getattr(game, "seat_action", None) is None:
        return text
    seen: set[str] = set()
    for log in logs:
        for line in log:
            public = public_text(game, line.action)
            if public in seen or public not in text:
                continue
            seen.add(public)
            text = text.replace(public, own_text(game, seat, line.action))
    return text


def _described(game: Game, before: Json, action: Json, force: bool) -> str | None:
    """The line an action printed when it applied to `before` (None: it does not apply)."""
    try:
        after = apply(game, before, action, force=force)
        if isinstance(after, Refusal):
            return None
        return game.describe(action, before, after)
    except Exception:  # a game's describe must never hide the log
        return None


def log_for(table: Loaded, seat: str | None, lines: list[LogLine]) -> list[Json]:
    """The log as `seat` reads it: {"n", "text", "state", "by"} a line, oldest first. An undone
    or voided line keeps the words it had when it applied (what it turned up stays turned up)."""
    game = table.game
    befores = _befores(table)
    out = []
    for line, before in zip(lines, befores, strict=True):
        text = line.text
        if line.status != "live" or text.startswith("["):  # printed as typed, not described
            public = public_text(game, line.action)
            said = None
            if line.status != "live" and before is not None:
                said = _described(game, before, line.action, line.force is not None)
            if said is not None:
                text = text[: len(text) - len(public)] + said
            elif text.endswith(public):
                text = text[: len(text) - len(public)] + own_text(game, seat, line.action)
        event = table.events[line.number - 1]
        by = event.seat
        if by is None and event.who is not None and event.who.endswith(" (bot)"):
            by = event.who  # a power the tracker plays: "Italy (bot)"
        out.append({"n": line.number, "text": text, "state": LOG_STATES[line.status], "by": by})
    return out


def _befores(table: Loaded) -> list[Json | None]:
    """The state each event applied to: a live (or voided) one's from the replay, the undone
    ones' one after another from the current state (None: unknown, the replay stopped)."""
    steps = iter(table.steps)
    state: Json | None = table.state
    out: list[Json | None] = []
    for event in table.events:
        if event.status != UNDONE:
            step = next(steps, None)
            out.append(step.before if step is not None else None)
            continue
        out.append(state)
        if state is not None:
            after = apply(table.game, state, event.action, force=event.force is not None)
            state = None if isinstance(after, Refusal) else after
    return out


# -- who may undo, redo and void what ----------------------------------------------------------


def owners(table: Loaded) -> list[set[str]]:
    """Each event's owners, in the order of `table.events`."""
    game = table.game
    seats = seats_of(game, table.state)
    concerns: Callable[[Json, Json], list[str]] | None = getattr(game, "concerns", None)
    out = []
    for event, before in zip(table.events, _befores(table), strict=True):
        state = before if before is not None else table.state
        mine: set[str] = {event.seat} if event.seat is not None else set()
        if not mine:
            mine = acting_seats(game, state, event.action, seats) or set(seats)
        if concerns is not None:
            try:
                mine |= {s for s in concerns(state, event.action) if s in seats}
            except Exception:  # a malformed old action: it concerns everyone
                mine |= set(seats)
        out.append(mine)
    return out


def _needs(owned: set[str], seat: str) -> list[str]:
    return sorted(owned - {seat})


def undo_needs(table: Loaded, seat: str, owned: list[set[str]] | None = None) -> list[str] | None:
    """The seats whose yes an undo from `seat` needs ([]: none), or None: nothing to undo."""
    live = [i for i, e in enumerate(table.events) if e.status != UNDONE]
    if not live:
        return None
    owned = owned if owned is not None else owners(table)
    return _needs(owned[live[-1]], seat)


def redo_needs(table: Loaded, seat: str, owned: list[set[str]] | None = None) -> list[str] | None:
    """The seats whose yes a redo from `seat` needs ([]: none), or None: nothing to redo."""
    undone = [i for i, e in enumerate(table.events) if e.status == UNDONE]
    if not undone:
        return None
    owned = owned if owned is not None else owners(table)
    return _needs(owned[undone[0]], seat)


def void_needs(
    table: Loaded, seat: str, number: int, owned: list[set[str]] | None = None
) -> list[str] | None:
    """The seats whose yes voiding event `number` from `seat` needs: the owners of it and of
    every later live event, which the void replays ([]: none); None: a seat cannot void it
    (undone, void already, or, in a game that keeps secrets, a live event follows it: the void
    would replay that event against other seats' secrets; the host voids it)."""
    if not 1 <= number <= len(table.events):
        return None
    event = table.events[number - 1]
    if event.status == UNDONE or event.void is not None:
        return None
    later = any(e.status != UNDONE and e.void is None for e in table.events[number:])
    if later and keeps_secrets(table.game):
        return None  # a seat voids only an event nothing follows (assistant.table.void)
    owned = owned if owned is not None else owners(table)
    concerned: set[str] = set()
    for after, one in zip(table.events[number - 1 :], owned[number - 1 :], strict=True):
        if after.status != UNDONE and after.void is None:
            concerned |= one
    return _needs(concerned, seat)


def void_needs_all(table: Loaded, seat: str, owned: list[set[str]] | None = None) -> list[Any]:
    """`void_needs(table, seat, n, owned)` of every event n = 1, 2, ... in one pass (the
    concerned seats gathered from the last event back), for a log of any length."""
    events = table.events
    owned = owned if owned is not None else owners(table)
    secrets = keeps_secrets(table.game)
    out: list[Any] = [None] * len(events)
    concerned: set[str] = set()
    later = False  # a live event follows
    for i in range(len(events) - 1, -1, -1):
        event = events[i]
        live = event.status != UNDONE and event.void is None
        if live:
            concerned = concerned | owned[i]
            if not (later and secrets):
                out[i] = _needs(concerned, seat)
            later = True
    return out


def described_request(table: Loaded, op: str, event: int | None, why: Any, seat: str | None) -> str:
    """A request's subject as `seat` reads it: "undo 8: guess side=blue ..."."""
    if event is None or not 1 <= event <= len(table.events):
        return op
    text = f"{op} {event}: {own_text(table.game, seat, table.events[event - 1].action)}"
    return f"{text} ({why})" if op == "void" and why else text
