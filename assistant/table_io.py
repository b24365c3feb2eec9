"""Export, import and replay of table histories (the YAML format of `assistant.history_file`)."""

from __future__ import annotations

from pathlib import Path

from assistant.history import ReplayRefused, final, initial_state, resolve_options
from assistant.history_file import HistoryFile, dump_history, read_history
from assistant.table import (
    Outcome,
    check_name,
    check_name_pattern,
    entry_of,
    game_named,
    load,
    now,
    opened,
    touch_if_named,
)
from deaddrop.errors import InputError, Refused, shown


def export(db: Path, name: str | None) -> str:
    """The table's history as YAML: live events (voided ones included), not the undone ones."""
    with opened(db, write=False) as store:
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
        game = game_named(history.game)
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
    """A new table holding the history in `path` ("-": standard input), checked by replay before
    anything is written. Its name: `name`, else the file's (the first free `NAME-2`, `NAME-3`,
    ... when that one is taken), else `GAME-N`. It does not become the current table, unless
    the database had none: the text says which table is still the current one."""
    history = read_history(path)
    file = "<stdin>" if str(path) == "-" else shown(path)
    game, options, state = _checked(history, file)
    wanted = name or history.name
    if wanted is not None:
        check_name_pattern(wanted)
    with opened(db, create=True) as store, store.write():
        current = store.find(None)
        name = check_name(store, wanted, history.game, free=name is None)
        store.create_table(name, history.game, options, now(), current=current is None)
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
    if wanted is not None and name != wanted:
        text += f" ('{wanted}' is taken)"
    if current is not None:
        text += f"; the current table is still '{current.name}'"
    return Outcome(name, game, state, len(history.events), text)


def replay_file(game_name: str, path: Path) -> Outcome:
    """Replay an exported history in memory (no database) and give the final state."""
    game_named(game_name)  # an unknown game is said before the file is read
    history = read_history(path)
    file = "<stdin>" if str(path) == "-" else shown(path)
    if history.game != game_name:
        line = history.lines.get("game")
        where = f"{file}:{line}" if line else file
        raise InputError(f"{where}: game: '{shown(history.game)}' is not '{game_name}'")
    game, _, state = _checked(history, file)
    return Outcome(history.name or "", game, state, len(history.events))
