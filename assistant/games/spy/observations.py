"""Spy! observations: what a probe found, as typed beside the sheet or read from a log file.

Forms (case-insensitive, spaces ignored):

- a single probe: `5E=hot`, `5E=h`, `5E=warm`, `5E=w`, `5E=cold`, `5E=c` (`E5=hot` too);
- a multiple probe of 2 to 5 connected cells in one row or column, from the first cell named to the
  last, with one answer per cell in that order: `4B-4E=hot,warm,cold,cold` (`4E-4B=...` lists the
  answers from 4E to 4B).

A log file holds one observation per line; `#` starts a comment; blank lines are skipped.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from assistant.games.spy.model import Cell, Field, format_cell, parse_cell
from deaddrop.errors import InputError, counted, empty_name, located, path_errors, quoted, shown

ANSWERS = {"h": "hot", "hot": "hot", "w": "warm", "warm": "warm", "c": "cold", "cold": "cold"}
MIN_MULTIPLE, MAX_MULTIPLE = 2, 5
EXPECTED = (
    "expected CELL=hot|warm|cold, or 2-5 cells in a row or column with their answers in order, "
    "e.g. 5E=hot or 4B-4E=hot,warm,cold,cold"
)


@dataclass(frozen=True)
class Observation:
    """The answers to one probe: the cells probed, in order, and the answer for each."""

    cells: tuple[Cell, ...]
    answers: tuple[str, ...]  # "hot" | "warm" | "cold", one per cell
    source: str = ""  # where it was read: "observation 2" or "game.log:7"

    def __str__(self) -> str:
        if len(self.cells) == 1:
            return f"{format_cell(self.cells[0])}={self.answers[0]}"
        ends = f"{format_cell(self.cells[0])}-{format_cell(self.cells[-1])}"
        return f"{ends}={','.join(self.answers)}"


def segment(first: Cell, last: Cell) -> tuple[Cell, ...] | None:
    """The cells from `first` to `last` when they share a row or column, else None."""
    (r1, c1), (r2, c2) = first, last
    if r1 != r2 and c1 != c2:
        return None
    n = max(abs(r2 - r1), abs(c2 - c1))
    dr, dc = (r2 > r1) - (r2 < r1), (c2 > c1) - (c2 < c1)
    return tuple((r1 + i * dr, c1 + i * dc) for i in range(n + 1))


def parse_observation(text: str, field: Field, where: str = "observation") -> Observation:
    """Parse one observation; InputError naming `where`, the text and the expected form."""
    compact = "".join(text.split())

    def fail(what: str) -> InputError:
        return InputError(located(where, None, "", f"{quoted(text.strip())}: {what}", EXPECTED))

    if compact.count("=") != 1:
        raise fail("no '=' between the cells and the answers" if "=" not in compact else "two '='")
    probe, said = compact.split("=")
    ends = probe.split("-")
    if len(ends) > 2 or not all(ends):
        raise fail(f"{quoted(probe)} is not a cell or a range of cells")
    try:
        named = [parse_cell(end, field) for end in ends]
    except ValueError as error:
        raise fail(str(error)) from None
    cells = segment(named[0], named[-1])
    if cells is None:
        raise fail(
            f"{format_cell(named[0])} and {format_cell(named[1])} are not in one row or column"
        )
    if len(ends) == 2 and not MIN_MULTIPLE <= len(cells) <= MAX_MULTIPLE:
        raise fail(f"a multiple probe covers 2 to 5 cells, not {len(cells)}")
    words = said.lower().split(",")
    unknown = [word for word in words if word not in ANSWERS]
    if unknown:
        raise fail(f"{quoted(unknown[0])} is not an answer (hot, warm, cold or h, w, c)")
    if len(words) != len(cells):
        raise fail(f"{counted(len(cells), 'cell')} but {counted(len(words), 'answer')}")
    return Observation(cells, tuple(ANSWERS[word] for word in words), where)


def parse_observations(texts: list[str], field: Field) -> list[Observation]:
    """Observations given on the command line, numbered from 1 in messages."""
    return [parse_observation(t, field, f"observation {i}") for i, t in enumerate(texts, 1)]


MAX_LOG_BYTES = 10_000_000  # a game has at most a few hundred probes


def read_log(path: str | Path, field: Field) -> list[Observation]:
    """Observations from a log file (`-`: standard input): one per line, `#` comments, blank
    lines skipped. Every problem with the file is one InputError line."""
    import sys

    name = "<stdin>" if str(path) == "-" else shown(path)
    if not str(path):
        raise empty_name("--log", "a file of observations, or - for standard input")
    try:
        if str(path) == "-":
            stream = getattr(sys.stdin, "buffer", sys.stdin)
            data = stream.read(MAX_LOG_BYTES + 1)
        else:
            with path_errors(path, "read the log"), open(path, "rb") as handle:
                data = handle.read(MAX_LOG_BYTES + 1)
        if len(data) > MAX_LOG_BYTES:
            raise InputError(
                f"{name}: more than {MAX_LOG_BYTES:,} bytes (expected a log of probes)"
            )
        text = data.decode("utf-8-sig") if isinstance(data, bytes) else data
    except UnicodeDecodeError:
        raise InputError(f"{name}: cannot read the log: not UTF-8 text") from None
    found = []
    for number, line in enumerate(text.splitlines(), 1):
        body = line.split("#", 1)[0].strip()
        if body:
            found.append(parse_observation(body, field, f"{name}:{number}"))
    return found
