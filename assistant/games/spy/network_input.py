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
from pathlib import Path

from assistant.games.spy.model import Cell, Field, Network, parse_cell_anywhere
from deaddrop.errors import InputError

_DRAWING_ROW = re.compile(r"^[#Xx.]+$")
_SEPARATORS = re.compile(r"[\s,\-]+")


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
            f"{source}:{number}: the drawing has {len(rows)} rows "
            f"(expected {field.rows}, one per row of the {field.describe()}; see --rows)"
        )
    drawn: set[Cell] = set()
    for index, (number, row) in enumerate(rows):
        if len(row) != field.cols:
            raise InputError(
                f"{source}:{number}: the row has {len(row)} cells "
                f"(expected {field.cols}, one per column of the {field.describe()}; see --cols)"
            )
        drawn.update((index, col) for col, ch in enumerate(row) if ch != ".")
    if not drawn:
        raise InputError(f"{source}: the drawing marks no cell (expected `#` or `X` on the lines)")
    return NetworkInput(source, "drawing", drawn=frozenset(drawn))


def read_network(path: str, field: Field) -> NetworkInput:
    """Read a network from a file, or from standard input when `path` is "-"."""
    source = "<stdin>" if path == "-" else path
    try:
        if path == "-":  # bytes when stdin has them, so that bad bytes are reported alike
            stream = getattr(sys.stdin, "buffer", sys.stdin)
            data = stream.read()
        else:
            data = Path(path).read_bytes()
        # utf-8-sig: a byte order mark (left by some Windows editors) is skipped
        text = data.decode("utf-8-sig") if isinstance(data, bytes) else data
    except FileNotFoundError:
        raise InputError(f"{path}: no such file (expected a network file, or -)") from None
    except IsADirectoryError:
        raise InputError(f"{path}: is a directory (expected a network file)") from None
    except UnicodeDecodeError:
        raise InputError(f"{source}: not a text file (expected UTF-8 text)") from None
    except OSError as error:
        raise InputError(f"{source}: cannot be read ({error.strerror})") from None
    return parse_network(text, source, field)


def parse_lengths(text: str) -> tuple[int, ...]:
    """ "1,2,3,4,5,6" -> (1, 2, 3, 4, 5, 6); InputError for anything else."""
    try:
        lengths = tuple(int(part) for part in text.replace(" ", "").split(","))
    except ValueError:
        raise InputError(
            f"--lengths: {text!r} is not a list of numbers (expected e.g. 1,2,3,4,5,6)"
        ) from None
    if not lengths or any(n < 1 for n in lengths):
        raise InputError(f"--lengths: {text!r} (expected positive whole numbers, e.g. 1,1,2,3)")
    return lengths
