"""The numbers on the six squares for multiple spying, read from the game sheet's data row.

They are not in the rules text: ours default to 2, 2, 3, 3, 4, 5 and live in one place,
`templates/spy/sheet.yaml` (component `sheet`, columns `square_1` .. `square_6`), so that the
printed sheet, the referee and `deaddrop spy deduce` agree. Edit that row to play with others.
"""

from __future__ import annotations

import re
from pathlib import Path

from deaddrop.errors import InputError

DEFAULT_SQUARES: tuple[int, ...] = (2, 2, 3, 3, 4, 5)
SHEET_FILE = "sheet.yaml"


def sheet_squares(templates: Path | None = None) -> tuple[int, ...]:
    """The squares of `templates/spy/sheet.yaml` in order; DEFAULT_SQUARES when there is no sheet.

    InputError when the sheet exists but its data row is not six whole numbers 2 to 5."""
    import yaml

    from deaddrop.paths import templates_dir

    path = (templates or templates_dir()) / "spy" / SHEET_FILE
    if not path.is_file():
        return DEFAULT_SQUARES
    where = f"{path}: components.sheet.rows[0]"
    try:
        tree = yaml.safe_load(path.read_text(encoding="utf-8"))
        row = tree["components"]["sheet"]["rows"][0]
    except (OSError, UnicodeDecodeError, yaml.YAMLError, KeyError, IndexError, TypeError):
        raise InputError(f"{where}: cannot be read (expected square_1 .. square_6)") from None
    names = [k for k in row if re.fullmatch(r"square_\d+", str(k))]
    names.sort(key=lambda k: int(k[7:]))
    values = [row[k] for k in names]
    if not values or not all(type(v) is int and 2 <= v <= 5 for v in values):
        raise InputError(f"{where}: squares {values} (expected whole numbers 2 to 5)")
    return tuple(values)
