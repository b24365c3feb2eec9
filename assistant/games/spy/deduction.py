"""What a Spy! deduction finds (`Deduction`, `Suggestion`) and a cache of those answers, so that
the same question asked again is answered without numpy or the networks.

Light on purpose: no numpy, no YAML. `assistant.games.spy.deduce` computes a `Deduction`;
`deduce_cached` returns it from `deaddrop.paths.cache_dir()/spy/deduce/<key>.json` when the same
question was answered before, else computes it and stores it.

The question is everything the answer depends on, as canonical text: the field, the sorted
lengths, the sizes of the numbered squares left (2 to 5; only which sizes matters), the
observations in order (cells and answers; the place each was read from is not part of the
answer), `RESULT_VERSION` and a checksum of the code that computes the answer (deduce.py,
enumerate.py, this file and numpy's version file, since the suggestion samples with numpy's
generator). Two checksums of the question name the file, which holds the question too: an answer
is used only for the very same question. A file that cannot be read, or that does not hold a
well-formed answer for this field and these observations, is computed again; a cache that cannot
be written is skipped. At most `MAX_ENTRIES` answers are kept; the oldest go first.
"""

from __future__ import annotations

import json
import os
import sys
import zlib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from assistant.games.spy.model import Cell, Field
from assistant.games.spy.observations import Observation

RESULT_VERSION = 1
MAX_ENTRIES = 512
_CODE = ("deduce.py", "enumerate.py", "deduction.py")


@dataclass(frozen=True)
class Suggestion:
    """A probe and what it leaves: exact worst case and expected number of networks remaining."""

    cells: tuple[Cell, ...]
    information: float  # expected bits
    expected_remaining: float
    worst_case: int


@dataclass(frozen=True)
class Deduction:
    field: Field
    consistent: int
    hot_counts: tuple[int, ...]  # (rows * cols,) networks covering each cell, row-major
    suggestion: Suggestion | None
    network: tuple[Cell, ...] | None  # a chain of the only network left
    conflict: tuple[Observation, ...] | None
    conflict_smallest: bool  # the conflict is a smallest one (else: minimal)

    def hot_probability(self, cell: Cell) -> float:
        """Probability that `cell` is covered, uniform over consistent networks (0 if none)."""
        if not self.consistent:
            return 0.0
        return float(self.hot_counts[cell[0] * self.field.cols + cell[1]]) / self.consistent


def deduce_cached(
    field: Field,
    lengths: Iterable[int],
    observations: Sequence[Observation],
    squares: Iterable[int],
) -> Deduction:
    """`deduce.deduce(field, lengths, observations, squares)`, from the cache when asked before."""
    lengths, squares = tuple(lengths), tuple(squares)
    asked = question(field, lengths, observations, squares)
    path = _path_of(asked)
    found = _load(path, asked, field, observations)
    if found is not None:
        return found
    from assistant.games.spy.deduce import deduce

    result = deduce(field, lengths, observations, squares)
    _save(path, asked, result, observations)
    return result


def question(
    field: Field,
    lengths: Sequence[int],
    observations: Sequence[Observation],
    squares: Iterable[int],
) -> str:
    """Everything the answer depends on, as canonical text."""
    asked = {
        "version": RESULT_VERSION,
        "code": _code_fingerprint(),
        "field": [field.rows, field.cols],
        "lengths": sorted(int(x) for x in lengths),
        "sizes": sorted({int(k) for k in squares if 2 <= k <= 5}),
        "observations": [[[list(c) for c in o.cells], list(o.answers)] for o in observations],
    }
    return json.dumps(asked, sort_keys=True, separators=(",", ":"))


def result_path(
    field: Field,
    lengths: Sequence[int],
    observations: Sequence[Observation],
    squares: Iterable[int],
) -> Path:
    """Where the answer to this question is cached."""
    return _path_of(question(field, lengths, observations, squares))


def _path_of(asked: str) -> Path:
    # Two checksums name the file (zlib: no hashlib import, 4 ms); the file holds the question
    # and is used only for that question, so two questions with one name just take turns.
    from deaddrop.paths import cache_dir

    data = asked.encode()
    return cache_dir() / "spy" / "deduce" / f"{zlib.crc32(data):08x}{zlib.adler32(data):08x}.json"


@cache
def _code_fingerprint() -> str:
    """A checksum of the code that computes an answer (and of numpy's version file)."""
    import importlib.util

    here = Path(__file__).parent
    files = [here / name for name in _CODE]
    spec = importlib.util.find_spec("numpy")  # finds numpy without importing it
    if spec is not None and spec.origin:
        files.append(Path(spec.origin).parent / "version.py")
    sums = [zlib.crc32(sys.version.encode())]
    for path in files:
        try:
            data = path.read_bytes()
        except OSError:
            data = b"?"
        sums.append(zlib.crc32(data))
        sums.append(len(data))
    return "-".join(f"{n:x}" for n in sums)


def _as_json(asked: str, result: Deduction, observations: Sequence[Observation]) -> dict[str, Any]:
    s = result.suggestion
    return {
        "question": asked,
        "consistent": result.consistent,
        "hot_counts": list(result.hot_counts),
        "suggestion": None
        if s is None
        else [[list(c) for c in s.cells], s.information, s.expected_remaining, s.worst_case],
        "network": None if result.network is None else [list(c) for c in result.network],
        "conflict": None
        if result.conflict is None
        else [next(i for i, o in enumerate(observations) if o is x) for x in result.conflict],
        "conflict_smallest": result.conflict_smallest,
    }


def _save(path: Path, asked: str, result: Deduction, observations: Sequence[Observation]) -> None:
    from deaddrop.paths import cache_writer

    try:
        data = json.dumps(_as_json(asked, result, observations)).encode()
        with cache_writer(path) as handle:
            handle.write(data)
        _prune(path.parent)
    except (OSError, StopIteration):
        pass  # a read-only cache, or a conflict not made of these observations: not kept


def _prune(folder: Path) -> None:
    """Keep the newest MAX_ENTRIES answers."""
    with os.scandir(folder) as found:
        entries = [e for e in found if e.name.endswith(".json")]
    if len(entries) <= MAX_ENTRIES:
        return
    entries.sort(key=lambda e: e.stat().st_mtime_ns)
    for entry in entries[: len(entries) - MAX_ENTRIES]:
        try:
            os.unlink(entry.path)
        except OSError:
            pass


def _cell(value: Any, field: Field) -> Cell:
    if not (isinstance(value, list) and len(value) == 2 and all(type(v) is int for v in value)):
        raise ValueError(value)
    cell = (value[0], value[1])
    if not field.contains(cell):
        raise ValueError(value)
    return cell


def _load(
    path: Path, asked: str, field: Field, observations: Sequence[Observation]
) -> Deduction | None:
    """The answer to `asked` stored at `path`, or None when absent, of another question or not
    well formed."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        if data["question"] != asked:
            return None
        return _from_json(data, field, observations)
    except (OSError, ValueError, KeyError, TypeError, IndexError):
        return None


def _from_json(data: dict, field: Field, observations: Sequence[Observation]) -> Deduction:
    consistent, counts = data["consistent"], data["hot_counts"]
    if type(consistent) is not int or consistent < 0 or len(counts) != field.rows * field.cols:
        raise ValueError("consistent, hot_counts")
    if not all(type(n) is int and 0 <= n <= consistent for n in counts):
        raise ValueError("hot_counts")
    suggestion = None
    if data["suggestion"] is not None:
        cells, information, expected, worst = data["suggestion"]
        if not (type(information) is float and type(expected) is float and type(worst) is int):
            raise ValueError("suggestion")
        suggestion = Suggestion(tuple(_cell(c, field) for c in cells), information, expected, worst)
    network = None
    if data["network"] is not None:
        network = tuple(_cell(c, field) for c in data["network"])
    conflict = None
    if data["conflict"] is not None:
        if not all(type(i) is int and 0 <= i < len(observations) for i in data["conflict"]):
            raise ValueError("conflict")
        conflict = tuple(observations[i] for i in data["conflict"])
    smallest = data["conflict_smallest"]
    if type(smallest) is not bool:
        raise ValueError("conflict_smallest")
    return Deduction(field, consistent, tuple(counts), suggestion, network, conflict, smallest)
