"""A small mutation run: which changes to a module's behaviour do its tests catch?

    python tools/mutate.py assistant/games/spies/turns.py [more] -- tests/spies [-m "not slow"]

Each mutant changes one thing in one module (a comparison flipped, `and`/`or` swapped, a `not`
dropped, a whole number moved by one, a statement that calls something deleted: a `turn.rule`,
a note, a bookkeeping call). The mutated function bodies are swapped into the loaded module in
place (`__code__`), so every reference to them (an action table, an import) runs the mutant; the
tests are collected once, in this process; a first pass traces the lines each test runs, and
a mutant runs only the tests that ran the function it changes. A mutant the tests pass
survived: it is printed with its line, for a person to judge (some are equivalent: they change
nothing a player could see). Prints the figures: mutants, caught, survived, the share caught.
"""

from __future__ import annotations

import ast
import copy
import importlib
import sys
import time
import types
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

FLIP = {
    ast.Eq: ast.NotEq,
    ast.NotEq: ast.Eq,
    ast.Lt: ast.LtE,
    ast.LtE: ast.Lt,
    ast.Gt: ast.GtE,
    ast.GtE: ast.Gt,
    ast.In: ast.NotIn,
    ast.NotIn: ast.In,
    ast.Is: ast.IsNot,
    ast.IsNot: ast.Is,
}


def points(tree: ast.Module) -> Iterator[tuple[int, str, str]]:
    """(node index in ast.walk order, kind, line) of every mutation point inside functions."""
    inside: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef):
            inside.update(id(n) for n in ast.walk(node) if n is not node)
    for index, node in enumerate(ast.walk(tree)):
        if id(node) not in inside:
            continue
        if isinstance(node, ast.Compare) and type(node.ops[0]) in FLIP:
            yield index, "compare", f"{node.lineno}"
        elif isinstance(node, ast.BoolOp):
            yield index, "boolop", f"{node.lineno}"
        elif isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
            yield index, "not", f"{node.lineno}"
        elif (
            isinstance(node, ast.Constant)
            and isinstance(node.value, int)
            and not isinstance(node.value, bool)
        ):
            yield index, "number", f"{node.lineno}"
        elif isinstance(node, ast.Expr) and isinstance(node.value, ast.Call):
            yield index, "delete", f"{node.lineno}"


def mutate(tree: ast.Module, index: int, kind: str) -> ast.Module:
    tree = copy.deepcopy(tree)
    node: Any
    for position, node in enumerate(ast.walk(tree)):
        if position != index:
            continue
        if kind == "compare":
            node.ops[0] = FLIP[type(node.ops[0])]()
        elif kind == "boolop":
            node.op = ast.Or() if isinstance(node.op, ast.And) else ast.And()
        elif kind == "not":  # `not x` -> `x`
            return _undo_not(tree, index)
        elif kind == "number":
            node.value = node.value + 1
        elif kind == "delete":
            node.value = ast.Constant(None)
        break
    return tree


def _undo_not(tree: ast.Module, index: int) -> ast.Module:
    """`not x` -> `x`: the operand replaces the UnaryOp in its parent."""
    target = list(ast.walk(tree))[index]
    for parent in ast.walk(tree):
        for field, value in ast.iter_fields(parent):
            if value is target:
                setattr(parent, field, target.operand)
                return tree
            if isinstance(value, list):
                for i, item in enumerate(value):
                    if item is target:
                        value[i] = target.operand
                        return tree
    return tree


def swap(module: types.ModuleType, source: str) -> dict[str, object]:
    """Run `source` as `module`: its functions' code swapped in place; what to restore."""
    namespace: dict[str, object] = {"__name__": module.__name__, "__file__": module.__file__}
    exec(compile(source, str(module.__file__), "exec"), namespace)
    saved: dict[str, object] = {}
    for name, new in namespace.items():
        old = module.__dict__.get(name)
        if isinstance(new, types.FunctionType) and isinstance(old, types.FunctionType):
            if new.__module__ == module.__name__:
                saved[name] = old.__code__
                old.__code__ = new.__code__
        elif isinstance(new, int | str | tuple | frozenset) and old is not None and old != new:
            saved["=" + name] = old
            module.__dict__[name] = new
    return saved


def restore(module: types.ModuleType, saved: dict[str, object]) -> None:
    for name, value in saved.items():
        if name.startswith("="):
            module.__dict__[name[1:]] = value
        else:
            module.__dict__[name].__code__ = value


class Mutations:
    """A pytest plugin: the tests are collected once; each test's lines in the mutated modules are
    traced once (a pass that must be green); then each mutant runs only the tests that ran its
    function, stopping at the first failure."""

    def __init__(self, files: list[str]) -> None:
        self.files = files
        self.total = self.caught = 0
        self.survivors: list[str] = []

    def pytest_runtestloop(self, session: pytest.Session) -> bool:
        from _pytest.runner import runtestprotocol

        def passes(item: pytest.Item) -> bool:
            reports = runtestprotocol(item, log=False, nextitem=None)
            return all(not r.failed for r in reports)

        paths = {str(Path(f).resolve()) for f in self.files}
        ran: dict[str, set[tuple[str, int]]] = {}
        for item in session.items:  # the coverage pass: which lines each test runs
            lines: set[tuple[str, int]] = set()

            def local(frame, event, arg, lines=lines):
                if event == "line":
                    lines.add((frame.f_code.co_filename, frame.f_lineno))
                return local

            def tracer(frame, event, arg):
                return local if frame.f_code.co_filename in paths else None

            sys.settrace(tracer)
            try:
                ok = passes(item)
            finally:
                sys.settrace(None)
            assert ok, f"{item.nodeid} fails before any mutant"
            ran[item.nodeid] = lines
        started = time.time()
        for file in self.files:
            path = str(Path(file).resolve())
            module = importlib.import_module(file.removesuffix(".py").replace("/", "."))
            source = Path(file).read_text(encoding="utf-8")
            tree = ast.parse(source)
            spans = [
                (n.lineno, n.end_lineno or n.lineno)
                for n in ast.walk(tree)
                if isinstance(n, ast.FunctionDef)
            ]
            text = source.splitlines()
            found = list(points(tree))
            for number, (index, kind, line) in enumerate(found, start=1):
                at = int(line)
                low, high = min(
                    ((a, b) for a, b in spans if a <= at <= b), key=lambda s: s[1] - s[0]
                )
                chosen = [
                    item
                    for item in session.items
                    if any(f == path and low <= n <= high for f, n in ran[item.nodeid])
                ]
                saved = swap(module, ast.unparse(mutate(tree, index, kind)))
                try:
                    survived = all(passes(item) for item in chosen)
                finally:
                    restore(module, saved)
                self.total += 1
                if survived:
                    self.survivors.append(f"{file}:{line} {kind}: {text[at - 1].strip()}")
                else:
                    self.caught += 1
                print(
                    f"MUTANT {file} {number}/{len(found)} {kind} line {line} "
                    f"({len(chosen)} tests): {'SURVIVED' if survived else 'caught'}",
                    file=sys.stderr,
                    flush=True,
                )
        self.minutes = (time.time() - started) / 60
        return True


def main(argv: list[str]) -> int:
    split = argv.index("--")
    files, test_args = argv[:split], argv[split + 1 :]
    sys.path.insert(0, str(Path.cwd()))
    plugin = Mutations(files)
    pytest.main(["-q", "-n", "0", "-p", "no:cacheprovider", *test_args], plugins=[plugin])
    total, caught = plugin.total, plugin.caught
    print(f"\n{total} mutants, {caught} caught, {total - caught} survived", flush=True)
    if total:
        print(f"caught: {100 * caught / total:.1f}% ({plugin.minutes:.0f} min)")
    for survivor in plugin.survivors:
        print("survived:", survivor)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
