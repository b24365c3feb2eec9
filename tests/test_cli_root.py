"""The root CLI: domain errors become one line and an exit code (help texts and their docs:
tests/test_commands_documented.py)."""

from __future__ import annotations

import inspect
import subprocess
import sys

import pytest
import typer
from typer.testing import CliRunner

from deaddrop.commands.main import _Group
from deaddrop.errors import InputError, Refused


def _failing_app(error: Exception) -> typer.Typer:
    demo = typer.Typer(cls=_Group)

    @demo.command()
    def boom() -> None:
        """Raise the error."""
        raise error

    @demo.command()
    def fine() -> None:
        """Do nothing."""

    return demo


def test_input_error_is_one_line_per_problem_and_exit_2():
    result = CliRunner().invoke(
        _failing_app(InputError("a.yaml:3: x: bad\nb.yaml:4: y: worse")), ["boom"]
    )
    assert result.exit_code == 2
    assert result.stderr == "deaddrop: a.yaml:3: x: bad\ndeaddrop: b.yaml:4: y: worse\n"


def test_refusal_is_exit_1():
    result = CliRunner().invoke(_failing_app(Refused("refused: rule: why")), ["boom"])
    assert result.exit_code == 1
    assert result.stderr == "deaddrop: refused: rule: why\n"
    assert "Traceback" not in result.output


def test_console_script_starts_without_reportlab():
    code = (
        "import sys, deaddrop.commands.main;"
        " print('reportlab' in sys.modules, 'svgwrite' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["False", "False"]


# The lazy command tree (deaddrop.commands.main, deaddrop.commands.lazy) against Typer's own
# eager conversion of the same registrations.


def _eager_root():
    """The root as Typer builds it when every subcommand is registered with it."""
    from deaddrop.commands import main
    from deaddrop.commands.build import register
    from deaddrop.commands.spy import app as spy_app
    from deaddrop.commands.table import app as table_app

    full = typer.Typer(cls=_Group, **main.ROOT_SETTINGS)
    register(full)
    full.add_typer(table_app, name="table", help=main.TABLE_HELP)
    full.add_typer(spy_app, name="spy", help=main.SPY_HELP)
    return full


def _tree(command, path=("deaddrop",)):
    """Every command by path, converted (items() converts a lazy group's entries)."""
    yield path, command
    for name, sub in getattr(command, "commands", {}).items():
        yield from _tree(sub, (*path, name))


def _describe(command) -> dict:
    params = [
        (
            type(p).__name__,
            p.name,
            tuple(p.opts),
            tuple(p.secondary_opts),
            getattr(p, "help", None),
            repr(p.default),
            p.required,
            p.multiple,
            p.nargs,
            p.metavar,
            getattr(p, "is_flag", None),
            repr(getattr(p, "type", None)),
        )
        for p in command.params
    ]
    kind = type(command).__name__.removeprefix("Lazy")
    return {
        "kind": "group" if hasattr(command, "commands") else kind,
        "name": command.name,
        "help": command.help,
        "short_help": command.short_help,
        "epilog": command.epilog,
        "hidden": command.hidden,
        "deprecated": command.deprecated,
        "no_args_is_help": command.no_args_is_help,
        "panel": getattr(command, "rich_help_panel", None) or None,
        "markup": getattr(command, "rich_markup_mode", None),
        "options_metavar": command.options_metavar,
        "callback": command.callback is not None,
        "params": params,
        "subcommands": list(getattr(command, "commands", {})),
    }


def test_the_static_list_is_the_real_subcommands_help():
    """`deaddrop --help` lists SUBCOMMANDS without importing them: names, order and the first
    paragraph of each help must be the real commands'."""
    from deaddrop.commands.main import SUBCOMMANDS

    eager = typer.main.get_command(_eager_root())
    assert list(SUBCOMMANDS) == list(eager.commands), "update SUBCOMMANDS in commands/main.py"
    for name, (_, listed) in SUBCOMMANDS.items():
        real = eager.commands[name]
        first = inspect.cleandoc(real.help or "").split("\n\n")[0]
        assert listed == first, f"SUBCOMMANDS[{name!r}]: the help of `deaddrop {name}` changed"
        assert (real.short_help, real.hidden, real.deprecated) == (None, False, False), name
        assert not getattr(real, "rich_help_panel", None), name


def test_the_lazy_tree_is_typers_eager_tree():
    from deaddrop.commands.main import app

    lazy = dict(_tree(typer.main.get_command(app)))
    eager = dict(_tree(typer.main.get_command(_eager_root())))
    assert list(lazy) == list(eager)
    for path, command in lazy.items():
        assert _describe(command) == _describe(eager[path]), " ".join(path)


HELP_SCREENS = [
    [],
    ["--help"],
    ["spy", "--help"],
    ["spy", "referee", "--help"],
    ["spy", "check", "--help"],
    ["table", "--help"],
    ["table", "list", "--help"],
    ["build", "--help"],
    ["tabel"],
    ["spy", "dedcue"],
    ["spy", "referee"],
]


@pytest.mark.parametrize("args", HELP_SCREENS, ids=[" ".join(a) or "-" for a in HELP_SCREENS])
def test_help_screens_and_usage_errors_are_typers(args):
    from deaddrop.commands.main import app

    runner = CliRunner()
    ours, typers = runner.invoke(app, args), runner.invoke(_eager_root(), args)
    assert (ours.exit_code, ours.stdout, ours.stderr) == (
        typers.exit_code,
        typers.stdout,
        typers.stderr,
    )


def test_a_command_loads_only_its_group():
    code = (
        "import sys\n"
        "from deaddrop.commands.main import main\n"
        "sys.argv = ['deaddrop', *sys.argv[1:]]\n"
        "try:\n    main()\nexcept SystemExit:\n    pass\n"
        "mods = ('build', 'table', 'spy', 'spy_deduce', 'spy_referee')\n"
        "print(sorted(m for m in mods if 'deaddrop.commands.' + m in sys.modules))"
    )

    def loaded(*args: str) -> str:
        out = subprocess.run(
            [sys.executable, "-c", code, *args], capture_output=True, text=True, check=True
        )
        return out.stdout.splitlines()[-1]

    assert loaded("--help") == "[]"
    assert loaded("table", "--help") == "['table']"
    assert loaded("spy", "check", "--help") == "['spy', 'spy_deduce', 'spy_referee']"
