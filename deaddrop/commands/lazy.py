"""Command groups that convert a subcommand into a click command only when it is used.

Typer turns every command of every group into a click command (reading each function's
signature) before it parses the command line, although one command runs. Here a group holds
each subcommand as an entry that is converted on first use, by Typer's own functions and with the
settings Typer would pass down, so a converted command is the one Typer would have built. Help
screens list a group's subcommands from what Typer registered (name, help, hidden...) without
converting them.

- `LazyCommands`: the `commands` mapping of a lazy group. Getting one name converts that entry
  only; iterating over the names converts nothing; `items()`/`values()` convert them all (so a
  walk over the command tree sees real commands).
- `LazyGroupMixin`: a group whose help lists unconverted entries through light stand-ins.
- `lazy_entries(typer_instance, settings)`: the entries of a Typer app's registered commands and
  groups (sub groups lazy in turn); `lazy_group(info, settings)`: a group from a `TyperInfo`.

This leans on typer's conversion functions (`typer.main.get_command_from_info`,
`get_group_from_info`, `solve_typer_info_defaults`), pinned with the rest of typer in
pyproject.toml; tests/test_cli_root.py checks that the lazy tree equals Typer's eager one.
"""

from __future__ import annotations

import copy
import inspect
from collections.abc import Callable, Iterator, MutableMapping
from typing import Any

import typer
from typer.core import TyperCommand, TyperGroup


class Settings:
    """What a Typer group passes down to its commands when it converts them."""

    __slots__ = ("pretty_exceptions_short", "suggest_commands", "rich_markup_mode")

    def __init__(
        self, pretty_exceptions_short: bool, suggest_commands: bool, rich_markup_mode: Any
    ) -> None:
        self.pretty_exceptions_short = pretty_exceptions_short
        self.suggest_commands = suggest_commands
        self.rich_markup_mode = rich_markup_mode

    @classmethod
    def of(cls, app: typer.Typer) -> Settings:
        return cls(app.pretty_exceptions_short, app.suggest_commands, app.rich_markup_mode)

    def keywords(self) -> dict[str, Any]:
        return {
            "pretty_exceptions_short": self.pretty_exceptions_short,
            "suggest_commands": self.suggest_commands,
            "rich_markup_mode": self.rich_markup_mode,
        }


class Entry:
    """A subcommand not converted yet: `load` converts it, `listed` stands in for it in help.
    (Plain classes here: a dataclass costs a millisecond to define, at every start.)"""

    __slots__ = ("load", "listed")

    def __init__(self, load: Callable[[], Any], listed: Callable[[], Any]) -> None:
        self.load = load
        self.listed = listed


class LazyCommands(MutableMapping[str, Any]):
    """A group's commands by name, each converted on first access."""

    def __init__(self, entries: dict[str, Any] | None = None) -> None:
        self._items: dict[str, Any] = dict(entries or {})  # name -> click command or Entry

    def __getitem__(self, name: str) -> Any:
        found = self._items[name]
        if isinstance(found, Entry):
            found = self._items[name] = found.load()
        return found

    def __setitem__(self, name: str, command: Any) -> None:
        self._items[name] = command

    def __delitem__(self, name: str) -> None:
        del self._items[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._items)

    def __len__(self) -> int:
        return len(self._items)

    def listed(self, name: str) -> Any:
        """The command when converted, else its stand-in for a help screen (None if unknown)."""
        found = self._items.get(name)
        return found.listed() if isinstance(found, Entry) else found

    def converted(self, name: str) -> bool:
        return name in self._items and not isinstance(self._items[name], Entry)


class LazyGroupMixin:
    """Mixed into a TyperGroup class: its help lists subcommands without converting them."""

    commands: MutableMapping[str, Any]
    _listing = False

    def get_command(self, ctx: Any, cmd_name: str) -> Any:
        if self._listing and isinstance(self.commands, LazyCommands):
            return self.commands.listed(cmd_name)
        return super().get_command(ctx, cmd_name)  # type: ignore[misc]

    def list_commands(self, ctx: Any) -> list[str]:
        return list(self.commands)  # Typer's reads items(), which would convert them all

    def format_help(self, ctx: Any, formatter: Any) -> Any:
        self._listing = True
        try:
            return super().format_help(ctx, formatter)  # type: ignore[misc]
        finally:
            self._listing = False


_LAZY_CLASSES: dict[type, type] = {}


def lazy_class(cls: type) -> type:
    """`cls` (a TyperGroup class) with LazyGroupMixin, made once per class."""
    if issubclass(cls, LazyGroupMixin):
        return cls
    if cls not in _LAZY_CLASSES:
        _LAZY_CLASSES[cls] = type(f"Lazy{cls.__name__}", (LazyGroupMixin, cls), {})
    return _LAZY_CLASSES[cls]


def stand_in(
    name: str,
    help: str | None,
    short_help: str | None = None,
    hidden: bool = False,
    deprecated: Any = False,
    rich_help_panel: Any = None,
) -> TyperCommand:
    """A command that only carries what a help screen lists of a subcommand."""
    return TyperCommand(
        name=name,
        help=help,
        short_help=short_help,
        hidden=hidden,
        deprecated=deprecated,
        rich_help_panel=rich_help_panel,
    )


def _command_entry(info: Any, settings: Settings) -> tuple[str, Entry]:
    from typer.main import get_command_from_info, get_command_name

    name = info.name or get_command_name(info.callback.__name__)

    def load() -> Any:
        return get_command_from_info(
            info,
            pretty_exceptions_short=settings.pretty_exceptions_short,
            rich_markup_mode=settings.rich_markup_mode,
        )

    def listed() -> Any:
        help = inspect.getdoc(info.callback) if info.help is None else inspect.cleandoc(info.help)
        return stand_in(
            name, help, info.short_help, info.hidden, info.deprecated, info.rich_help_panel
        )

    return name, Entry(load, listed)


def lazy_entries(app: typer.Typer, settings: Settings) -> dict[str, Any]:
    """Entries for the registered commands, then the registered groups, of `app`, in Typer's
    order (a later name replaces an earlier one in its place, as in Typer's dict)."""
    from typer.main import get_group_from_info, solve_typer_info_defaults

    entries: dict[str, Any] = {}
    for command_info in app.registered_commands:
        name, entry = _command_entry(command_info, settings)
        entries[name] = entry
    for group_info in app.registered_groups:
        solved = solve_typer_info_defaults(group_info)
        if not solved.name:  # a group without a name lends its commands: convert it now
            eager = get_group_from_info(group_info, **settings.keywords())
            entries.update(eager.commands)
            continue

        def load(group_info: Any = group_info) -> Any:
            return lazy_group(group_info, settings)

        def listed(solved: Any = solved) -> Any:
            return stand_in(
                solved.name,
                solved.help,
                solved.short_help,
                solved.hidden,
                solved.deprecated,
                solved.rich_help_panel,
            )

        entries[solved.name] = Entry(load, listed)
    return entries


def lazy_group(info: Any, settings: Settings) -> TyperGroup:
    """The group Typer builds from `info` (a TyperInfo), its subcommands converted on use."""
    from typer.main import get_group_from_info, solve_typer_info_defaults

    app = info.typer_instance
    shell = copy.copy(app)  # the same app without its commands: only the group itself is built
    shell.registered_commands = []
    shell.registered_groups = []
    shell_info = copy.copy(info)
    shell_info.typer_instance = shell
    shell_info.cls = lazy_class(solve_typer_info_defaults(info).cls or TyperGroup)
    group = get_group_from_info(shell_info, **settings.keywords())
    group.commands = LazyCommands(lazy_entries(app, settings))
    return group
