"""Read a Spy! network written by a player, in either of two forms (detected automatically).

- A vertex list: the chain's corner cells in order, separated by spaces, commas or `-`, on one or
  more lines: `2B 2D 5D 5H 10H 10B 9B`. `#` starts a comment.
- A drawing: R rows of C characters, `#` or `X` for a covered cell and `.` for an empty one. A line
  whose first word is not made of `#`, `X` and `.` only, and starts with `#`, is a comment; so is
  anything after a row that starts with `#` and a space (`..##.. # row 3`). Beside a vertex list,
  a line of `#` alone (`#`, `#####`) is a comment too.

Cells of a vertex list may lie outside the field (the check then says the line leaves the field);
anything that is not a cell, or a drawing of the wrong size, is unusable input (InputError).
Parsing is pure (`parse_network`); `read_network` adds the file or stdin.
"""

from __future__ import annotations

import re
import sys
from dataclasses import dataclass

from assistant.games.spy.model import Cell, Field, Network, parse_cell_anywhere
from assistant.words import plural
from deaddrop.errors import InputError, empty_name, os_problem, quoted, shown

_DRAWING_ROW = re.compile(r"^[#Xx.]+$")
_SEPARATORS = re.compile(r"[\s,\-]+")
MAX_BYTES = 1_000_000  # a network file is a few lines; a drawing of 64 x 64 is about 4 KB


@dataclass(frozen=True)
class NetworkInput:
    """What a file held: a vertex list (`network`) or a drawing (`drawn`, the marked cells)."""

    source: str
    form: str  # "vertices" | "drawing"
    network: Network | None = None
    drawn: frozenset[Cell] | None = None


def _drawing_row(line: str) -> str | None:
    """The row of a drawing line (comment removed), or None when the line is not a drawing row."""
    words = line.split()
    if not words or not _DRAWING_ROW.match(words[0]):
        return None
    if len(words) > 1 and not words[1].startswith("#"):
        return None
    return words[0]


def parse_network(text: str, source: str, field: Field) -> NetworkInput:
    """Parse a vertex list or a drawing; InputError naming `source`, the line and the problem."""
    rows: list[tuple[int, str]] = []
    words: list[tuple[int, str]] = []
    for number, raw in enumerate(text.splitlines(), 1):
        row = _drawing_row(raw)
        if row is not None:
            rows.append((number, row))
            continue
        content = raw.split("#", 1)[0]
        words += [(number, w) for w in _SEPARATORS.split(content) if w]
    if words:  # in a vertex list `#` starts a comment, so a line of `#` alone is one
        rows = [(number, row) for number, row in rows if row.strip("#")]
    if rows and words:
        first_row, first_word = rows[0][0], words[0][0]
        raise InputError(
            f"{source}:{max(first_row, first_word)}: mixes a drawing (line {first_row}) and a "
            f"vertex list (line {first_word}) (expected one or the other)"
        )
    if rows:
        return _drawing(rows, source, field)
    if not words:
        raise InputError(
            f"{source}: no network found (expected a vertex list such as "
            "`2B 2D 5D 5H 10H 10B 9B`, or a drawing of rows of `#` and `.`)"
        )
    vertices = []
    for number, word in words:
        try:
            vertices.append(parse_cell_anywhere(word))
        except ValueError as error:
            raise InputError(f"{source}:{number}: {error}") from None
        if vertices[-1][0] > field.rows + 100 or vertices[-1][1] > field.cols + 100:
            raise InputError(
                f"{source}:{number}: {word} is far outside the {field.describe()} "
                "(expected a cell of the field)"
            )
    return NetworkInput(source, "vertices", network=Network(tuple(vertices)))


def _drawing(rows: list[tuple[int, str]], source: str, field: Field) -> NetworkInput:
    if len(rows) != field.rows:
        number = rows[field.rows][0] if len(rows) > field.rows else rows[-1][0]
        raise InputError(
            f"{source}:{number}: the drawing has {plural(len(rows), 'row')} "
            f"(expected {field.rows}, one per row of the {field.describe()}; see --rows)"
        )
    drawn: set[Cell] = set()
    for index, (number, row) in enumerate(rows):
        if len(row) != field.cols:
            raise InputError(
                f"{source}:{number}: the row has {plural(len(row), 'cell')} "
                f"(expected {field.cols}, one per column of the {field.describe()}; see --cols)"
            )
        drawn.update((index, col) for col, ch in enumerate(row) if ch != ".")
    if not drawn:
        raise InputError(f"{source}: the drawing marks no cell (expected `#` or `X` on the lines)")
    return NetworkInput(source, "drawing", drawn=frozenset(drawn))


def read_network(path: str, field: Field) -> NetworkInput:
    """Read a network from a file, or from standard input when `path` is "-"; every problem with
    the file is one InputError line."""
    source = "<stdin>" if path == "-" else shown(path)
    if not path:
        raise empty_name("FILE", "a network file, or - for standard input")
    try:
        if path == "-":  # bytes when stdin has them, so that bad bytes are reported alike
            stream = getattr(sys.stdin, "buffer", sys.stdin)
            data = stream.read(MAX_BYTES + 1)
        else:
            data = _read_file(path)
    except FileNotFoundError:
        raise InputError(f"{source}: no such file (expected a network file, or -)") from None
    except IsADirectoryError:
        raise InputError(f"{source}: is a directory (expected a network file)") from None
    except OSError as error:
        raise os_problem(error, path, "read the network") from None
    except ValueError as error:  # a NUL byte in the name
        raise InputError(f"{source}: cannot read the network ({shown(error)})") from None
    if len(data) > MAX_BYTES:
        raise InputError(
            f"{source}: more than {MAX_BYTES:,} bytes (expected a network file, a few lines)"
        )
    try:
        # utf-8-sig: a byte order mark (left by some Windows editors) is skipped
        text = data.decode("utf-8-sig") if isinstance(data, bytes) else data
    except UnicodeDecodeError:
        raise InputError(f"{source}: not a text file (expected UTF-8 text)") from None
    return parse_network(text, source, field)


def _read_file(path: str) -> bytes:
    """At most MAX_BYTES + 1 bytes of the file (a named pipe is read too: `<(...)` in a shell)."""
    with open(path, "rb") as handle:
        return handle.read(MAX_BYTES + 1)


MAX_LINES, MAX_LENGTH = 7, 63


def parse_lengths(text: str) -> tuple[int, ...]:
    """ "1,2,3,4,5,6" -> (1, 2, 3, 4, 5, 6); InputError for anything else. Bounds: 1 to 7 lines
    (what the enumeration handles), each 1 to 63 long (a line of length L covers L + 1 cells, and a
    field is at most 64 wide)."""
    parts = text.replace(" ", "").split(",")
    if not all(part.isascii() and part.isdigit() for part in parts):
        raise InputError(
            f"--lengths: {quoted(text)} is not a list of numbers (expected e.g. 1,2,3,4,5,6)"
        )
    if len(parts) > MAX_LINES:
        raise InputError(
            f"--lengths: {len(parts):,} lines, more than the limit of {MAX_LINES} "
            "(expected e.g. 1,2,3,4,5,6 or 1,1,2,3,4,5,6)"
        )
    for part in parts:
        if part.strip("0") == "":
            raise InputError(
                "--lengths: line length 0 is not allowed "
                f"(expected whole numbers 1 to {MAX_LENGTH}, e.g. 1,2,3,4,5,6)"
            )
        if len(part) > 4 or int(part) > MAX_LENGTH:
            raise InputError(
                f"--lengths: line length {quoted(part, 20)} is more than the limit of {MAX_LENGTH} "
                f"(expected whole numbers 1 to {MAX_LENGTH}: a field is at most 64 cells wide)"
            )
    return tuple(int(part) for part in parts)
