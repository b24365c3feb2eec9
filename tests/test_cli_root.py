"""The root CLI: domain errors become one line and an exit code (help texts and their docs:
tests/test_commands_documented.py)."""

from __future__ import annotations

import inspect
import json
import os
import subprocess
import sys

import pytest
import typer

# rich's colour is decided when typer.rich_utils is imported: here, not under a test's FORCE_COLOR
import typer.rich_utils  # noqa: F401
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
    from deaddrop.commands.printer import app as printer_app
    from deaddrop.commands.serve import register as register_serve
    from deaddrop.commands.spy import app as spy_app
    from deaddrop.commands.table import app as table_app

    full = typer.Typer(cls=_Group, **main.ROOT_SETTINGS)
    full.callback()(main._root)  # the root's own options (--version)
    register(full)
    full.add_typer(table_app, name="table", help=main.TABLE_HELP)
    full.add_typer(spy_app, name="spy", help=main.SPY_HELP)
    full.add_typer(printer_app, name="printer", help=main.PRINTER_HELP)
    register_serve(full)
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


def test_a_command_loads_only_its_group(tmp_path):
    code = (
        "import sys\n"
        "from deaddrop.commands.main import main\n"
        "sys.argv = ['deaddrop', *sys.argv[1:]]\n"
        "try:\n    main()\nexcept SystemExit:\n    pass\n"
        "mods = ('build', 'table', 'spy', 'spy_deduce', 'spy_referee')\n"
        "print(sorted(m for m in mods if 'deaddrop.commands.' + m in sys.modules))"
    )

    env = {**os.environ, "DEADDROP_CACHE": str(tmp_path / "cache")}

    def loaded(*args: str) -> str:
        out = subprocess.run(
            [sys.executable, "-c", code, *args], env=env, capture_output=True, text=True, check=True
        )
        return out.stdout.splitlines()[-1]

    assert loaded("--help") == "[]"
    assert loaded("table", "--help") == "['table']"
    assert loaded("spy", "check", "--help") == "['spy', 'spy_deduce', 'spy_referee']"


# Help screens printed again from the cache (deaddrop.commands.help_cache).

HELP_RUN = (
    "import sys\n"
    "from deaddrop.commands import help_cache\n"
    "help_cache.SETTLE_NS = 0  # keep screens drawn right after an edit of the code, too\n"
    "from deaddrop.commands.main import main\n"
    "sys.argv = ['deaddrop', *sys.argv[1:]]\n"
    "try:\n    main()\nexcept SystemExit as done:\n    assert done.code in (0, None), done.code\n"
    "print('rich' in sys.modules)"
)


def _help_run(tmp_path, *args: str, **env: str) -> tuple[str, bool]:
    """The output and whether rich was loaded, in a fresh process with a private cache; the
    command must succeed."""
    environ = {**os.environ, "DEADDROP_CACHE": str(tmp_path / "cache"), **env}
    out = subprocess.run(
        [sys.executable, "-c", HELP_RUN, *args], env=environ, capture_output=True, text=True
    )
    assert (out.returncode, out.stderr) == (0, "")
    text, _, loaded = out.stdout.rstrip("\n").rpartition("\n")
    return text, loaded == "True"


def _entries(tmp_path) -> list:
    folder = tmp_path / "cache" / "help"
    return sorted(folder.iterdir()) if folder.exists() else []


@pytest.mark.parametrize(
    "env", [{}, {"COLUMNS": "60"}, {"FORCE_COLOR": "1", "COLUMNS": "130"}], ids=str
)
@pytest.mark.parametrize("args", [["--help"], ["spy", "check", "--help"], ["table", "--help"]])
def test_a_help_screen_from_the_cache_is_the_one_drawn(tmp_path, args, env):
    drawn, loaded = _help_run(tmp_path, *args, **env)
    assert loaded and len(_entries(tmp_path)) == 1
    again, loaded = _help_run(tmp_path, *args, **env)
    assert again == drawn and not loaded
    typers = CliRunner().invoke(_eager_root(), args, env=env, prog_name="deaddrop")
    assert drawn.rstrip("\n") == typers.stdout.rstrip("\n")


def test_each_terminal_and_environment_has_its_screen(tmp_path):
    wide, _ = _help_run(tmp_path, "spy", "--help", COLUMNS="120")
    narrow, loaded = _help_run(tmp_path, "spy", "--help", COLUMNS="50")
    assert loaded and wide != narrow and len(_entries(tmp_path)) == 2
    assert max(len(line) for line in narrow.splitlines()) == 50


def test_a_screen_is_drawn_again_when_its_code_changed(tmp_path):
    drawn, _ = _help_run(tmp_path, "spy", "check", "--help")
    (entry,) = _entries(tmp_path)
    kept = json.loads(entry.read_text(encoding="utf-8"))
    ours = [i for i, (path, _) in enumerate(kept["files"]) if path.endswith("spy_network.py")]
    assert ours, "the module that defines `spy check` is a dependency"
    kept["files"][ours[0]][1][2] += 1  # its mtime moved on
    entry.write_text(json.dumps(kept), encoding="utf-8")
    again, loaded = _help_run(tmp_path, "spy", "check", "--help")
    assert loaded and again == drawn
    assert json.loads(entry.read_text(encoding="utf-8"))["files"] != kept["files"]


def test_only_successful_help_requests_are_kept(tmp_path):
    env = {**os.environ, "DEADDROP_CACHE": str(tmp_path / "cache")}
    for args in (["tabel", "--help"], ["spy"], ["spy", "check", "--rows", "3", "--help"]):
        # a usage error (stderr, exit 2); help but exit 2; an option before --help
        subprocess.run([sys.executable, "-c", HELP_RUN, *args], env=env, capture_output=True)
    assert _entries(tmp_path) == []


def test_which_command_lines_are_help_requests():
    from deaddrop.commands.help_cache import wanted

    assert wanted(["deaddrop", "--help"])
    assert wanted(["deaddrop", "spy", "referee", "seal", "--help"])
    assert not wanted(["deaddrop"])
    assert not wanted(["deaddrop", "spy", "--help", "check"])
    assert not wanted(["deaddrop", "table", "--db", "x", "--help"])


def test_a_kept_screen_serves_only_its_own_question(tmp_path, monkeypatch, capsys):
    from deaddrop.commands import help_cache

    monkeypatch.setenv("DEADDROP_CACHE", str(tmp_path / "cache"))
    argv = ["deaddrop", "spy", "--help"]
    asked = help_cache.question(argv)
    path = help_cache.entry_path(asked)
    path.parent.mkdir(parents=True)
    other = json.dumps({"question": asked + " ", "files": [], "stdout": "another screen\n"})
    path.write_text(other, encoding="utf-8")  # two questions may share a file name
    assert not help_cache.serve(argv)
    mine = json.dumps({"question": asked, "files": [], "stdout": "this screen\n"})
    path.write_text(mine, encoding="utf-8")
    assert help_cache.serve(argv)
    assert capsys.readouterr().out == "this screen\n"
