"""Export, import and replay of table histories (the YAML format of `assistant.history_file`)."""

from __future__ import annotations

from pathlib import Path

from assistant.games import load_game
from assistant.history import ReplayRefused, final, initial_state, resolve_options
from assistant.history_file import HistoryFile, dump_history, read_history
from assistant.table import Outcome, check_name, entry_of, load, now, opened, touch_if_named
from deaddrop.errors import InputError, Refused


def export(db: Path, name: str | None) -> str:
    """The table's history as YAML: live events (voided ones included), not the undone ones."""
    with opened(db) as store:
        with store.read():
            table = load(store, name, repair=True)  # a history that no longer replays exports
        touch_if_named(store, name, table.row)
    events = [entry_of(e) for e in table.live]
    return dump_history(HistoryFile(table.row.game, table.row.options, events, table.row.name))


def _checked(history: HistoryFile, file: str):
    """The game, its resolved options and the final state; Refused names the event that fails.
    Every error names the file and the line (of `game:`, `options:` or the event)."""

    def where(key: str) -> str:
        line = history.lines.get(key)
        return f"{file}:{line}: {key}" if line else f"{file}: {key}"

    try:
        game = load_game(history.game)
    except InputError as error:
        raise InputError(f"{where('game')}: {error.message}") from None
    try:
        options = resolve_options(game, history.options)
        state = initial_state(game, options)
    except (InputError, Refused) as error:
        raise type(error)(f"{where('options')}: {error.message}") from None
    try:
        state = final(game, state, history.events)
    except ReplayRefused as error:
        line = history.events[error.number - 1].line
        raise Refused(f"{file}:{line}: {error.message}" if line else error.message) from None
    return game, options, state


def import_file(db: Path, path: Path, name: str | None) -> Outcome:
    """A new table holding the history in `path` (checked by replay before anything is written)."""
    history = read_history(path)
    game, options, state = _checked(history, str(path))
    with opened(db, create=True) as store, store.write():
        name = check_name(store, name or history.name, history.game)
        store.create_table(name, history.game, options, now())
        row = store.find(name)
        assert row is not None
        for entry in history.events:
            store.append(
                row.id,
                entry.action,
                time=entry.time or now(),
                who=entry.by,
                force=entry.force,
                void=entry.void,
                new_table=True,
            )
    text = f"imported {len(history.events)} events into table '{name}'"
    return Outcome(name, game, state, len(history.events), text)


def replay_file(game_name: str, path: Path) -> Outcome:
    """Replay an exported history in memory (no database) and give the final state."""
    history = read_history(path)
    if history.game != game_name:
        line = history.lines.get("game")
        where = f"{path}:{line}" if line else str(path)
        raise InputError(f"{where}: game: '{history.game}' is not '{game_name}'")
    game, _, state = _checked(history, str(path))
    return Outcome(history.name or "", game, state, len(history.events))
