"""A mutation run by hand: one AST mutation at a time over a module, the given tests run on each.

    python tools/mutation_run.py MODULE.py --fast "tests/x/test_a.py" --full "tests/x" [--only N,M]

Mutations: comparisons flipped (== !=, < >=, <= >, in / not in, is / is not), `and`/`or`
swapped, each operand of a boolean dropped, `not` removed, an `if`/`while` test made True or
False, whole numbers made one more, True/False swapped, each statement deleted (`pass`).
Docstrings and other strings are left alone (the messages are pinned by their own tests).
A mutant is caught when the fast tests fail (pytest -x); the survivors run the full tests too.
The module is restored after every mutant (and on Ctrl-C). Prints one line per mutant and a
summary; survivors are listed with their line and the mutated source line.

Run it in a copy of the tree (the module is rewritten in place), with that copy first on the
path: `cd COPY && PYTHONPATH=$PWD python tools/mutation_run.py ...` (an editable install would
otherwise import the original tree's module, and every mutant would survive unseen).
"""

from __future__ import annotations

import argparse
import ast
import copy
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

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


def _is_docstring(node: ast.AST) -> bool:
    return (
        isinstance(node, ast.Expr)
        and isinstance(node.value, ast.Constant)
        and isinstance(node.value.value, str)
    )


def mutants(tree: ast.Module) -> Iterator[tuple[str, int, ast.Module]]:
    """(what, line, mutated tree) for each mutation of `tree`."""
    nodes = list(ast.walk(tree))
    for index, node in enumerate(nodes):

        def edit(
            change: object, what: str, index: int = index, node: ast.AST = node, at: int = 0
        ) -> Iterator[tuple[str, int, ast.Module]]:
            clone = copy.deepcopy(tree)
            target = next(n for k, n in enumerate(ast.walk(clone)) if k == index)
            change(target)  # type: ignore[operator]
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
        if isinstance(node, ast.Constant) and type(node.value) is int:

            def bump(t: ast.Constant) -> None:
                t.value = t.value + 1

            yield from edit(bump, f"constant {node.value} -> {node.value + 1}")
        if isinstance(node, ast.Constant) and type(node.value) is bool:

            def neg(t: ast.Constant) -> None:
                t.value = not t.value

            yield from edit(neg, f"constant {node.value} -> {not node.value}")
        for field in ("body", "orelse", "finalbody"):
            body = getattr(node, field, None)
            if not isinstance(body, list):
                continue
            for k, stmt in enumerate(body):
                if not isinstance(stmt, ast.stmt) or _is_docstring(stmt):
                    continue
                if isinstance(stmt, ast.Pass | ast.FunctionDef | ast.ClassDef):
                    continue
                if isinstance(stmt, ast.Import | ast.ImportFrom):
                    continue

                def delete(t: ast.AST, field: str = field, k: int = k) -> None:
                    getattr(t, field)[k] = ast.Pass()

                yield from edit(delete, f"delete {type(stmt).__name__}", at=stmt.lineno)


def stale(module: Path) -> None:
    """Remove the module's compiled copies: a mutant of the same size written in the same second
    as the last one would otherwise be read from the last one's .pyc."""
    for compiled in module.parent.glob(f"__pycache__/{module.stem}.*.pyc"):
        compiled.unlink(missing_ok=True)


def run(cmd: list[str], timeout: int, fork: bool = False) -> bool:
    """Whether the tests pass (a run past `timeout` seconds counts as failed)."""
    if fork:
        return _run_forked(cmd[3:], timeout)
    try:
        done = subprocess.run(cmd, capture_output=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return False
    return done.returncode == 0


def _run_forked(args: list[str], timeout: int) -> bool:
    """`pytest args` in a child forked from this process, which has imported pytest and
    hypothesis once (a second saved per run); the module under test is imported afresh in the
    child (this process never imports it)."""
    import os
    import time

    import pytest

    pid = os.fork()
    if pid == 0:  # the child: quiet, and never back into this loop
        try:
            null = os.open(os.devnull, os.O_WRONLY)
            os.dup2(null, 1)
            os.dup2(null, 2)
            code = int(pytest.main(args))
        except BaseException:
            code = 99
        os._exit(code)
    end = time.monotonic() + timeout
    while True:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            return os.waitstatus_to_exitcode(status) == 0
        if time.monotonic() > end:
            os.kill(pid, 9)
            os.waitpid(pid, 0)
            return False
        time.sleep(0.02)


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("module", type=Path)
    parser.add_argument("--fast", required=True, help="tests run first (space-separated)")
    parser.add_argument("--full", default="", help="tests run on the fast tests' survivors")
    parser.add_argument("--only", default="", help="mutant numbers to run (1,5,9)")
    parser.add_argument("--timeout", type=int, default=180)
    parser.add_argument("--list", action="store_true", help="list the mutants, run nothing")
    parser.add_argument(
        "--fork", action="store_true", help="run the tests in a forked child (faster; POSIX)"
    )
    args = parser.parse_args()
    source = args.module.read_text()
    tree = ast.parse(source)
    lines = source.splitlines()
    only = {int(n) for n in args.only.split(",") if n}
    pytest = [sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider"]
    found = mutants(tree)
    if args.fork:  # imported once here, not in every run
        import importlib

        for name in ("pytest", "hypothesis", "yaml"):
            importlib.import_module(name)
    survived: list[str] = []
    caught = 0
    seen: set[str] = set()
    try:
        for number, (what, line, clone) in enumerate(found, 1):
            if only and number not in only:
                continue
            text = ast.unparse(ast.fix_missing_locations(clone))
            if text in seen or text == ast.unparse(tree):
                print(f"#{number} line {line}: {what}: same code as another, skipped", flush=True)
                continue
            seen.add(text)
            shown = f"#{number} line {line}: {what}: {lines[line - 1].strip()[:70]}"
            if args.list:
                print(shown)
                continue
            args.module.write_text(text + "\n")
            stale(args.module)
            alive = run(pytest + args.fast.split(), args.timeout, args.fork)
            if alive and args.full:
                alive = run(pytest + args.full.split(), args.timeout * 3, args.fork)
            args.module.write_text(source)
            if alive:
                survived.append(shown)
                print(f"SURVIVED {shown}", flush=True)
            else:
                caught += 1
                print(f"caught   {shown}", flush=True)
    finally:
        args.module.write_text(source)
    total = caught + len(survived)
    print(f"\n{args.module}: {total} mutants run, {caught} caught, {len(survived)} survived")
    for line in survived:
        print("  " + line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
