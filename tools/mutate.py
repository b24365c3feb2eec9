"""A mutation run: which changes to a module's behaviour do its tests catch?

    python tools/mutate.py MODULE.py [MODULE.py ...] --fast "TESTS" [--full "TESTS"]
        [--only 1,5,9 | --sample N] [--equivalents FILE] [--timeout S] [--list] [--files]
        [-- PYTEST-ARGS]

  e.g. cd COPY && PYTHONPATH=$PWD nice -n 10 python tools/mutate.py assistant/store.py \
           --fast "tests/table/test_store.py tests/table/test_store_mutants.py" \
           --full "tests/table tests/web/test_hardening.py" --module-level \
           --equivalents tools/mutate_equivalents.txt -- -m "not slow"

The mutants (numbered in this order, the same numbers every run of the same source): comparisons
flipped (== !=, < >=, <= >, in / not in, is / is not), `and`/`or` swapped, each operand of a
boolean dropped, `not` removed, an `if`/`while`/conditional test made True or False, whole
numbers made one more, True/False swapped, each statement deleted (`pass`). Docstrings and other
strings are left alone (the messages are pinned by their own tests). A mutant whose code is the
same as an earlier one's is skipped.

Two ways to run them:
- in process (the default): the tests (fast and full) are collected once, in this process; a first
  pass runs each test once, tracing the lines it runs in the mutated module (a pass that must be
  green). Then, for each mutant, a child is forked: the mutated functions' code is swapped into the
  loaded module in place (`__code__` and the default values, methods and context managers
  included, so every reference to them runs the mutant) and module-level values replaced; the
  child runs only the tests that ran the function the mutant changes (the fast tests first,
  then the full ones), stopping at the first failure. A child past --timeout seconds (beyond
  three times the time its tests took in the tracing pass) is killed (caught: a mutant that
  hangs). A mutant outside every function (a
  module constant, a class body) is run as --files runs it with --module-level (in a copy of
  the tree, below), else counted as not run. Without --fast, the tests are the pytest
  arguments after `--` (`tools/mutate.py a.py b.py -- tests/spies -m "not slow"`).
- --files: the module file is rewritten for each mutant (and restored after each, and on Ctrl-C)
  and pytest run on it as a new process, the fast tests and, for their survivors, the full tests.
  Its compiled copies are removed each time (a mutant of the same size written in the same second
  would otherwise be read from the last one's .pyc). Slower, but mutates everything, class bodies
  and dataclass fields included. Run either way in a copy of the tree, with that copy first on
  the path:
  `cd COPY && PYTHONPATH=$PWD python tools/mutate.py ... --files` (an editable install would
  otherwise import the original tree's module, and every mutant would survive unseen).

--only runs the given mutant numbers (a run cut short goes on with `--only K-LAST`), --sample N
every k-th mutant (about N of them). Mutants listed in the --equivalents file (lines `MODULE |
FUNCTION | what | source line | why`, FUNCTION as `Class.method`; `#` comments) are set aside:
they change nothing a caller could see, each with its reason. A survivor is printed with its
number, line, function, mutation and source line, for a person to judge. Prints the figures:
mutants run, equivalents set aside, caught, survived, the share of the behaviour-changing ones
caught.
"""

from __future__ import annotations

import argparse
import ast
import contextlib
import copy
import importlib
import os
import subprocess
import sys
import time
import types
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

FLIP: dict[type, type] = {
    ast.Eq: ast.NotEq,
    ast.NotEq: ast.Eq,
    ast.Lt: ast.GtE,
    ast.GtE: ast.Lt,
    ast.Gt: ast.LtE,
    ast.LtE: ast.Gt,
    ast.In: ast.NotIn,
    ast.NotIn: ast.In,
    ast.Is: ast.IsNot,
    ast.IsNot: ast.Is,
}


# ---- the mutants ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Mutant:
    number: int
    what: str
    line: int
    source: str  # the mutated module's source
    shown: str  # the source line, stripped
    where: str  # the innermost function (Class.method) around it, or "" at module level

    def key(self, module: str) -> tuple[str, str, str, str]:
        return module, self.where, self.what, self.shown


def _is_docstring(node: ast.AST) -> bool:
    return (
        isinstance(node, ast.Expr)
        and isinstance(node.value, ast.Constant)
        and isinstance(node.value.value, str)
    )


def edits(tree: ast.Module) -> Iterator[tuple[str, int, ast.Module]]:
    """(what, line, mutated tree) for each mutation of `tree`."""
    nodes = list(ast.walk(tree))
    for index, node in enumerate(nodes):

        def edit(
            change: Callable[[Any], None],
            what: str,
            index: int = index,
            node: ast.AST = node,
            at: int = 0,
        ) -> Iterator[tuple[str, int, ast.Module]]:
            clone = copy.deepcopy(tree)
            target = next(n for k, n in enumerate(ast.walk(clone)) if k == index)
            change(target)
            yield what, at or getattr(node, "lineno", 0), clone

        if isinstance(node, ast.Compare):
            for k, op in enumerate(node.ops):
                if type(op) in FLIP:

                    def flip(t: ast.Compare, k: int = k) -> None:
                        t.ops[k] = FLIP[type(t.ops[k])]()

                    yield from edit(flip, f"flip {type(op).__name__}")
        if isinstance(node, ast.BoolOp):

            def swap(t: ast.BoolOp) -> None:
                t.op = ast.Or() if isinstance(t.op, ast.And) else ast.And()

            yield from edit(swap, "swap and/or")
            for k in range(len(node.values)):

                def drop(t: ast.BoolOp, k: int = k) -> None:
                    del t.values[k]

                yield from edit(drop, f"drop operand {k + 1}")
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):

            def unnot(t: ast.UnaryOp) -> None:
                t.operand = ast.Call(ast.Name("bool", ast.Load()), [t.operand], [])
                t.op = ast.UAdd()  # +bool(x): x as a truth value

            yield from edit(unnot, "remove not")
        if isinstance(node, ast.If | ast.While | ast.IfExp):
            for value in (True, False):

                def fix(t: ast.If, value: bool = value) -> None:
                    t.test = ast.Constant(value)

                yield from edit(fix, f"test always {value}")
        number = node.value if isinstance(node, ast.Constant) else None
        if isinstance(number, int) and not isinstance(number, bool):

            def bump(t: ast.Constant, number: int = number) -> None:
                t.value = number + 1

            yield from edit(bump, f"constant {number} -> {number + 1}")
        if isinstance(node, ast.Constant) and type(node.value) is bool:

            def neg(t: ast.Constant) -> None:
                t.value = not t.value

            yield from edit(neg, f"constant {node.value} -> {not node.value}")
        for name in ("body", "orelse", "finalbody"):
            body = getattr(node, name, None)
            if not isinstance(body, list):
                continue
            for k, stmt in enumerate(body):
                if not isinstance(stmt, ast.stmt) or _is_docstring(stmt):
                    continue
                if isinstance(stmt, ast.Pass | ast.FunctionDef | ast.ClassDef):
                    continue
                if isinstance(stmt, ast.Import | ast.ImportFrom):
                    continue

                def delete(t: ast.AST, name: str = name, k: int = k) -> None:
                    getattr(t, name)[k] = ast.Pass()

                yield from edit(delete, f"delete {type(stmt).__name__}", at=stmt.lineno)


def mutants(source: str) -> Iterator[Mutant]:
    """The module's mutants, numbered; one whose code equals an earlier one's (or the original)
    is skipped but keeps its number."""
    tree = ast.parse(source)
    lines = source.splitlines()
    seen = {ast.unparse(tree)}
    spans = list(_functions_of(tree, ""))
    for number, (what, line, clone) in enumerate(edits(tree), 1):
        text = ast.unparse(ast.fix_missing_locations(clone))
        if text in seen:
            continue
        seen.add(text)
        around = [(b - a, name) for a, b, name in spans if a <= line <= b]
        where = min(around)[1] if around else ""
        shown = lines[line - 1].strip() if line else ""
        yield Mutant(number, what, line, text + "\n", shown, where)


def _functions_of(node: ast.AST, prefix: str) -> Iterator[tuple[int, int, str]]:
    """(first line, last line, qualified name) of every function and method under `node`."""
    for child in ast.iter_child_nodes(node):
        if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            name = prefix + child.name
            if not isinstance(child, ast.ClassDef):
                yield child.lineno, child.end_lineno or child.lineno, name
            yield from _functions_of(child, name + ".")
        else:
            yield from _functions_of(child, prefix)


def read_equivalents(path: Path | None) -> dict[tuple[str, str, str, str], str]:
    """(module, function, what, source line) -> why, from lines `module | function | what |
    source line | why`."""
    found: dict[tuple[str, str, str, str], str] = {}
    if path is None:
        return found
    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not raw.strip() or raw.lstrip().startswith("#"):
            continue
        parts = [p.strip() for p in raw.split(" | ")]  # the source line may hold " | " too
        if len(parts) < 5 or not all(parts):
            raise SystemExit(
                f"{path}:{number}: expected 'module | function | what | source line | why'"
            )
        found[(parts[0], parts[1], parts[2], " | ".join(parts[3:-1]))] = parts[-1]
    return found


# ---- running a mutant in this process (a forked child) ----------------------------------------


def _functions(holder: dict[str, Any]) -> Iterator[tuple[str, types.FunctionType]]:
    """The plain functions a module or class namespace holds, unwrapped (staticmethod,
    classmethod, property, functools.wraps-style decorators such as contextmanager)."""
    for name, value in holder.items():
        parts: list[tuple[str, Any]] = [(name, value)]
        if isinstance(value, staticmethod | classmethod):
            parts = [(name, value.__func__)]
        elif isinstance(value, property):
            parts = [(f"{name}.{k}", getattr(value, k)) for k in ("fget", "fset", "fdel")]
        for label, function in parts:
            while function is not None and hasattr(function, "__wrapped__"):
                function = function.__wrapped__
            if isinstance(function, types.FunctionType):
                yield label, function


def swap(module: types.ModuleType, source: str) -> None:
    """Run `source` as `module`: its functions' and methods' code swapped in place, its plain
    module-level values replaced. (Only ever done in a child that exits afterwards.)"""
    namespace: dict[str, Any] = {"__name__": module.__name__, "__file__": module.__file__}
    exec(compile(source, str(module.__file__), "exec"), namespace)

    def swap_code(old_holder: dict[str, Any], new_holder: dict[str, Any]) -> None:
        old = dict(_functions(old_holder))
        for name, new in _functions(new_holder):
            if name in old and old[name].__code__ is not new.__code__:
                if new.__module__ == module.__name__:
                    old[name].__code__ = new.__code__
                    old[name].__defaults__ = new.__defaults__  # a default value mutated
                    old[name].__kwdefaults__ = new.__kwdefaults__

    swap_code(module.__dict__, namespace)
    for name in [n for n in module.__dict__ if n not in namespace and not n.startswith("__")]:
        del module.__dict__[name]  # a module-level assignment deleted
    for name, new in namespace.items():
        old = module.__dict__.get(name)
        if isinstance(new, type) and isinstance(old, type) and new.__module__ == module.__name__:
            swap_code(dict(vars(old)), dict(vars(new)))
        elif isinstance(new, int | str | tuple | frozenset) and old is not None and old != new:
            module.__dict__[name] = new


@dataclass
class InProcess:
    """A pytest plugin: collect once, trace once, then one forked child per mutant."""

    files: list[str]
    fast: set[str]
    chosen_mutants: Callable[[str, list[Mutant]], list[Mutant]]
    report: Callable[[str, Mutant, str], None]
    as_file: Callable[[Path, Mutant], str]
    timeout: float
    module_level: bool
    ran: dict[str, set[tuple[str, int]]] = field(default_factory=dict)
    took: dict[str, float] = field(default_factory=dict)  # seconds, in the tracing pass

    def pytest_runtestloop(self, session: Any) -> bool:
        from _pytest.runner import runtestprotocol

        def passes(item: Any) -> bool:
            reports = runtestprotocol(item, log=False, nextitem=None)
            return all(not r.failed for r in reports)

        paths = {str(Path(f).resolve()) for f in self.files}
        for item in session.items:  # the tracing pass: which lines each test runs
            lines: set[tuple[str, int]] = set()

            def local(frame: Any, event: str, arg: Any, lines: set = lines) -> Any:
                if event == "line":
                    lines.add((frame.f_code.co_filename, frame.f_lineno))
                return local

            def tracer(frame: Any, event: str, arg: Any) -> Any:
                return local if frame.f_code.co_filename in paths else None

            began = time.monotonic()
            sys.settrace(tracer)
            try:
                ok = passes(item)
            finally:
                sys.settrace(None)
            self.took[item.nodeid] = time.monotonic() - began
            if not ok:
                raise SystemExit(f"{item.nodeid} fails before any mutant")
            self.ran[item.nodeid] = lines
        items = sorted(
            session.items, key=lambda i: not any(i.nodeid.startswith(f) for f in self.fast)
        )
        for file in self.files:
            path = str(Path(file).resolve())
            module = importlib.import_module(file.removesuffix(".py").replace("/", "."))
            source = Path(file).read_text(encoding="utf-8")
            tree = ast.parse(source)
            spans = [
                (n.lineno, n.end_lineno or n.lineno)
                for n in ast.walk(tree)
                if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)
            ]
            for mutant in self.chosen_mutants(file, list(mutants(source))):
                around = [(a, b) for a, b in spans if a <= mutant.line <= b]
                if around:  # the tests that ran the innermost function around the mutant
                    low, high = min(around, key=lambda s: s[1] - s[0])
                    chosen = [
                        item
                        for item in items
                        if any(f == path and low <= n <= high for f, n in self.ran[item.nodeid])
                    ]
                    self.report(file, mutant, self._run(module, mutant, chosen, passes))
                elif self.module_level:  # a constant, a class body: the file rewritten
                    self.report(file, mutant, self.as_file(Path(file), mutant))
                else:
                    self.report(file, mutant, "skipped")
        return True

    def _run(self, module: Any, mutant: Mutant, chosen: list[Any], passes: Any) -> str:
        if not chosen:
            return "SURVIVED"  # no test runs it
        pid = os.fork()
        if pid == 0:  # the child: quiet, and never back into the loop
            code = 3
            try:
                null = os.open(os.devnull, os.O_WRONLY)
                os.dup2(null, 1)
                os.dup2(null, 2)
                swap(module, mutant.source)
                code = 0 if all(passes(item) for item in chosen) else 1
            except BaseException:
                code = 1
            os._exit(code)
        # a hang, not a slow run: --timeout beyond three times what the tests took when traced
        end = time.monotonic() + self.timeout + 3 * sum(self.took[i.nodeid] for i in chosen)
        while True:
            done, status = os.waitpid(pid, os.WNOHANG)
            if done:
                return "SURVIVED" if os.waitstatus_to_exitcode(status) == 0 else "caught"
            if time.monotonic() > end:
                os.kill(pid, 9)
                os.waitpid(pid, 0)
                return "caught"  # hangs
            time.sleep(0.01)


# ---- running a mutant as a rewritten file -------------------------------------------------------


def stale(module: Path) -> None:
    """Remove the module's compiled copies (see the module docstring)."""
    for compiled in module.parent.glob(f"__pycache__/{module.stem}.*.pyc"):
        compiled.unlink(missing_ok=True)


def passes_as_process(cmd: list[str], timeout: float) -> bool:
    """Whether the tests pass (a run past `timeout` seconds counts as failed)."""
    try:
        # no bytecode kept apart by tests/conftest.py (DEADDROP_TESTS_PYCACHE): `stale` removes
        # the copies in __pycache__ only
        env = {**os.environ, "DEADDROP_TESTS_PYCACHE": ""}
        done = subprocess.run(cmd, capture_output=True, timeout=timeout, env=env)
    except subprocess.TimeoutExpired:
        return False
    return done.returncode == 0


# ---- the run --------------------------------------------------------------------------------


def main(argv: list[str]) -> int:
    pytest_args: list[str] = []
    if "--" in argv:
        split = argv.index("--")
        argv, pytest_args = argv[:split], argv[split + 1 :]
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("modules", nargs="+", type=Path)
    parser.add_argument("--fast", default="", help="tests run first (space-separated)")
    parser.add_argument("--full", default="", help="tests run on the fast tests' survivors")
    parser.add_argument("--only", default="", help="mutant numbers to run (1,5,9,200-702)")
    parser.add_argument("--sample", type=int, default=0, help="about this many, evenly spread")
    parser.add_argument("--equivalents", type=Path, help="mutants set aside, with reasons")
    parser.add_argument("--timeout", type=float, default=60, help="seconds a mutant may run")
    parser.add_argument("--list", action="store_true", help="list the mutants, run nothing")
    parser.add_argument("--files", action="store_true", help="rewrite the file per mutant")
    parser.add_argument(
        "--module-level",
        action="store_true",
        help="in process, also the mutants outside functions (the file rewritten: in a copy)",
    )
    args = parser.parse_args(argv)
    if not args.fast and not pytest_args and not args.list:
        parser.error("--fast: which tests to run (or the tests after --)")
    if args.files and not args.fast:
        parser.error("--files: --fast names the tests")
    only: set[int] = set()
    for part in filter(None, args.only.split(",")):
        low, _, high = part.partition("-")
        only.update(range(int(low), int(high or low) + 1))
    equivalents = read_equivalents(args.equivalents)
    counts = {"caught": 0, "SURVIVED": 0, "equivalent": 0, "skipped": 0}
    survivors: list[str] = []
    started = time.monotonic()

    def chosen_mutants(file: str, found: list[Mutant]) -> list[Mutant]:
        if only:
            found = [m for m in found if m.number in only]
        if args.sample and len(found) > args.sample:
            step = len(found) / args.sample
            found = [found[int(k * step)] for k in range(args.sample)]
        kept = []
        for mutant in found:
            why = equivalents.get(mutant.key(file))
            if why is not None:
                counts["equivalent"] += 1
                print(f"equivalent #{mutant.number} line {mutant.line}: {mutant.what}: {why}")
            else:
                kept.append(mutant)
        return kept

    def report(file: str, mutant: Mutant, outcome: str) -> None:
        counts[outcome] += 1
        if outcome == "skipped":
            return
        shown = (
            f"{file}:{mutant.line} #{mutant.number} {mutant.where} | {mutant.what}"
            f" | {mutant.shown[:90]}"
        )
        if outcome == "SURVIVED":
            survivors.append(shown)
        print(f"{outcome:9}{shown}", flush=True)

    if args.list:
        for module in args.modules:
            for mutant in chosen_mutants(str(module), list(mutants(module.read_text()))):
                print(
                    f"{module}:{mutant.line} #{mutant.number} {mutant.where} | {mutant.what}"
                    f" | {mutant.shown}"
                )
        return 0
    fast = [t for t in args.fast.split() if t]
    full = [t for t in args.full.split() if t]
    pytest = [sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider", "-n", "0"]

    def as_file(module: Path, mutant: Mutant) -> str:
        source = module.read_text()
        try:
            module.write_text(mutant.source)
            stale(module)
            alive = passes_as_process(pytest + fast + pytest_args, args.timeout * 3)
            if alive and full:
                alive = passes_as_process(pytest + full + pytest_args, args.timeout * 6)
        finally:
            module.write_text(source)
            stale(module)
        return "SURVIVED" if alive else "caught"

    if args.files:
        for module in args.modules:
            for mutant in chosen_mutants(str(module), list(mutants(module.read_text()))):
                report(str(module), mutant, as_file(module, mutant))
    else:
        import pytest as pytest_module

        sys.path.insert(0, str(Path.cwd()))
        plugin = InProcess(
            [str(m) for m in args.modules],
            {str(Path(t)) for t in fast},  # nodeid prefixes
            chosen_mutants,
            report,
            as_file,
            args.timeout,
            args.module_level,
        )
        with contextlib.suppress(SystemExit):
            pytest_module.main(
                ["-q", "-n", "0", "-p", "no:cacheprovider", *fast, *full, *pytest_args],
                plugins=[plugin],
            )
    run = counts["caught"] + counts["SURVIVED"]
    print(
        f"\n{run} mutants run, {counts['caught']} caught, {counts['SURVIVED']} survived; "
        f"{counts['equivalent']} equivalents set aside, {counts['skipped']} outside functions"
        " not run (--module-level) "
        f"({(time.monotonic() - started) / 60:.0f} min)"
    )
    if run:
        print(f"caught: {100 * counts['caught'] / run:.1f}% of the behaviour-changing mutants")
    for line in survivors:
        print("  survived: " + line)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
