"""The numbers on the six squares for multiple spying, read from the game sheet's data row.

They are not in the rules text: ours default to 2, 2, 3, 3, 4, 5 and live in one place,
`templates/spy/sheet.yaml` (component `sheet`, columns `square_1` .. `square_6`), so that the
printed sheet, the referee and `deaddrop spy deduce` agree. Edit that row to play with others.

Reading the sheet costs a YAML parse (and PyYAML's import) at every `deduce`, so the squares read
are kept in `deaddrop.paths.cache_dir()/spy/sheet-squares.json` with the sheet's path, size,
inode, mtime and ctime; any change to the file reads it again. A sheet changed within the last
`SETTLE_NS` is not cached (an edit in the same clock tick as the read could keep the same mtime
and size). A cache that cannot be read or written is ignored.
"""

from __future__ import annotations

import json
import re
import time
from pathlib import Path
from stat import S_ISREG

from deaddrop.errors import InputError

DEFAULT_SQUARES: tuple[int, ...] = (2, 2, 3, 3, 4, 5)
SHEET_FILE = "sheet.yaml"
CACHE_FILE = "sheet-squares.json"
SETTLE_NS = 3_000_000_000  # older than any file system's timestamp granularity (FAT: 2 s)


def sheet_squares(templates: Path | None = None) -> tuple[int, ...]:
    """The squares of `templates/spy/sheet.yaml` in order; DEFAULT_SQUARES when there is no sheet.

    InputError when the sheet exists but its data row is not six whole numbers 2 to 5."""
    from deaddrop.paths import templates_dir

    path = (templates or templates_dir()) / "spy" / SHEET_FILE
    try:
        stat = path.stat()
    except OSError:
        return DEFAULT_SQUARES
    if not S_ISREG(stat.st_mode):
        return DEFAULT_SQUARES
    stamp = [str(path.absolute()), stat.st_size, stat.st_ino, stat.st_mtime_ns, stat.st_ctime_ns]
    cached = _cached(stamp)
    if cached is not None:
        return cached
    squares = _read(path)
    if time.time_ns() - max(stat.st_mtime_ns, stat.st_ctime_ns) > SETTLE_NS:
        _store(stamp, squares)
    return squares


def _read(path: Path) -> tuple[int, ...]:
    from deaddrop.yaml_loader import read_game_file

    where = f"{path}: components.sheet.rows[0]"
    tree = read_game_file(path, "Spy! deduction")  # held to the YAML bounds; one line at fault
    try:
        row = tree["components"]["sheet"]["rows"][0]
    except (KeyError, IndexError, TypeError):
        raise InputError(f"{where}: cannot be read (expected square_1 .. square_6)") from None
    names = [k for k in row if re.fullmatch(r"square_\d+", str(k))]
    names.sort(key=lambda k: int(k[7:]))
    values = [row[k] for k in names]
    if not values or not all(type(v) is int and 2 <= v <= 5 for v in values):
        raise InputError(f"{where}: squares {values} (expected whole numbers 2 to 5)")
    return tuple(values)


def _cache_file() -> Path:
    from deaddrop.paths import cache_dir

    return cache_dir() / "spy" / CACHE_FILE


def _cached(stamp: list) -> tuple[int, ...] | None:
    try:
        data = json.loads(_cache_file().read_text(encoding="utf-8"))
        squares = data["squares"]
        ok = data["sheet"] == stamp and isinstance(squares, list) and squares
        ok = ok and all(type(v) is int and 2 <= v <= 5 for v in squares)
    except (OSError, ValueError, KeyError, TypeError):
        return None
    return tuple(squares) if ok else None


def _store(stamp: list, squares: tuple[int, ...]) -> None:
    from deaddrop.paths import cache_writer

    try:
        with cache_writer(_cache_file()) as handle:
            handle.write(json.dumps({"sheet": stamp, "squares": list(squares)}).encode())
    except OSError:
        pass  # a read-only cache: read the sheet next time too
