"""A printer profile: what one printer needs for a kit to come out true (issue 28). Pure: no I/O
(deaddrop.printer_config keeps the profiles in the user's config file).

- `back_offset` (X, Y in mm, + is right and down): how far the printer misplaces the back side,
  read off the calibration sheet's scales; every back page's pieces move by it.
- `scale` (percent): what the printer prints the calibration sheet's 100 mm ruler as. At 98.6%
  every page is drawn at 100/98.6 (101.4%) about its centre, so that it prints at true size.
- `margin` (mm): how near the paper's edge the printer cannot print. Crop marks, pieces and
  footers stay inside it (pnp.imposition.paper: fewer pieces may fit on a page).
- `paper`, `flip`: the printer's paper and duplex flip edge (None: the build's own default).

An option given to the build (`--paper`, `--flip`, `--back-offset`) wins over the profile.
Every parser raises ProfileError with a one-line message: `'<text>' is not ... (expected ...)`.
"""

from __future__ import annotations

import math
import re
from collections.abc import Collection, Mapping
from dataclasses import replace
from typing import Any

from deaddrop.errors import quoted
from pnp.record import record

PAPERS = ("a4", "letter")
FLIPS = ("long", "short")
MAX_OFFSET = 20.0  # mm: a printer that misplaces the back by more is not worth printing on
SCALES = (90.0, 110.0)  # percent: beyond, the printer was set to fit the page, not measured
MAX_MARGIN = 20.0  # mm
NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,39}")
FIELDS = ("paper", "flip", "back_offset", "scale", "margin")  # in the config file, in order


class ProfileError(ValueError):
    """A value a profile cannot take; the message is one line."""


@record
class Profile:
    """One printer's corrections (lengths in mm, scale in percent)."""

    name: str
    back_offset: tuple[float, float] = (0.0, 0.0)
    scale: float = 100.0
    margin: float = 0.0
    paper: str | None = None
    flip: str | None = None


def parse_name(text: str) -> str:
    """A profile's name: letters, digits, - and _, up to 40, starting with a letter or digit."""
    if not NAME.fullmatch(text):
        raise ProfileError(
            f"{_quoted(text)} is not a printer name (expected letters, digits, - or _, "
            "up to 40, e.g. office)"
        )
    return text


def parse_offset(text: str) -> tuple[float, float]:
    """`X,Y` in mm (`0.5,-1`), each within MAX_OFFSET."""
    try:
        dx, dy = (float(v) for v in text.split(","))
    except ValueError:
        raise ProfileError(
            f"{_quoted(text)} is not X,Y in mm (expected two numbers, e.g. 0.5,-1)"
        ) from None
    return check_offset((dx, dy), text)


def check_offset(value: tuple[float, float], text: str | None = None) -> tuple[float, float]:
    if not all(-MAX_OFFSET <= v <= MAX_OFFSET for v in value):  # also refuses nan
        shown = text if text is not None else f"{value[0]:g},{value[1]:g}"
        raise ProfileError(
            f"{_quoted(shown)} is out of range (expected -{MAX_OFFSET:g} to {MAX_OFFSET:g} mm each)"
        )
    return (value[0] + 0.0, value[1] + 0.0)


def parse_scale(text: str) -> float:
    """What the printer prints 100 mm as: `98.6%`, `98.6mm` or `98.6` (all the same)."""
    number = text.strip().lower().removesuffix("%").removesuffix("mm").strip()
    try:
        value = float(number)
    except ValueError:
        raise ProfileError(
            f"{_quoted(text)} is not a scale (expected the length the printer gives the "
            "calibration sheet's 100 mm ruler, e.g. 98.6%)"
        ) from None
    return check_scale(value, text)


def check_scale(value: float, text: str | None = None) -> float:
    low, high = SCALES
    if not low <= value <= high:  # also refuses nan
        raise ProfileError(
            f"{_quoted(text if text is not None else f'{value:g}%')} is out of range "
            f"(expected {low:g}% to {high:g}%)"
        )
    return value + 0.0


def parse_margin(text: str) -> float:
    """The printer's unprintable margin: `5mm`, `0.2in`, `0` (mm)."""
    from pnp.units import parse_length, to_mm

    try:
        value = 0.0 if text.strip() == "0" else round(to_mm(parse_length(text.strip())), 4)
    except ValueError:
        raise ProfileError(
            f"{_quoted(text)} is not a length (expected a number with mm, cm, in or pt, e.g. 5mm)"
        ) from None
    return check_margin(value, text)


def check_margin(value: float, text: str | None = None) -> float:
    if not 0 <= value <= MAX_MARGIN:
        raise ProfileError(
            f"{_quoted(text if text is not None else f'{value:g}mm')} is out of range "
            f"(expected 0mm to {MAX_MARGIN:g}mm)"
        )
    return value + 0.0


def parse_paper(text: str) -> str:
    if text.lower() not in PAPERS:
        raise ProfileError(f"unknown paper {_quoted(text)} (expected a4 or letter)")
    return text.lower()


def parse_flip(text: str) -> str:
    if text not in FLIPS:
        raise ProfileError(f"{_quoted(text)} is not a flip (expected long or short)")
    return text


def from_table(name: str, table: Mapping[str, Any]) -> Profile:
    """The profile a config file's table holds. KeyError-free: FieldError names the field."""
    unknown = [key for key in table if key not in FIELDS]
    if unknown:
        raise FieldError(unknown[0], f"unknown setting (expected one of {', '.join(FIELDS)})")
    found: dict[str, Any] = {}
    for key, value in table.items():
        try:
            found[key] = _field(key, value)
        except ProfileError as error:
            raise FieldError(key, str(error)) from None
    return Profile(name, **found)


class FieldError(ProfileError):
    """A profile's field holds what it cannot: `key` names it."""

    def __init__(self, key: str, message: str) -> None:
        super().__init__(message)
        self.key = key


def _number(value: Any, expected: str) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        raise ProfileError(f"{_toml(value)} is not a number (expected {expected})")
    return float(value)


def _toml(value: Any) -> str:
    """A value read from the config file, quoted as it is spelt there: 'true', '[0.5]'."""

    def spelt(v: Any) -> str:
        if isinstance(v, bool):
            return "true" if v else "false"
        if isinstance(v, list):
            return "[" + ", ".join(spelt(item) for item in v) + "]"
        return str(v)

    return _quoted(spelt(value))


def _field(key: str, value: Any) -> Any:
    if key in ("paper", "flip"):
        if not isinstance(value, str):
            raise ProfileError(f"{_toml(value)} is not text (expected a quoted word)")
        return parse_paper(value) if key == "paper" else parse_flip(value)
    if key == "back_offset":
        if not isinstance(value, list) or len(value) != 2:
            raise ProfileError(f"{_toml(value)} is not [X, Y] (expected two numbers, mm)")
        dx, dy = (_number(v, "[X, Y], two numbers in mm, e.g. [0.5, -1.0]") for v in value)
        return check_offset((dx, dy))
    if key == "scale":
        return check_scale(_number(value, "a number in percent, e.g. 98.6"))
    return check_margin(_number(value, "a number in mm, e.g. 5.0"))  # margin


def as_table(profile: Profile) -> dict[str, Any]:
    """The fields a config file keeps of `profile` (those set), in FIELDS order."""
    table: dict[str, Any] = {}
    if profile.paper is not None:
        table["paper"] = profile.paper
    if profile.flip is not None:
        table["flip"] = profile.flip
    table["back_offset"] = list(profile.back_offset)
    table["scale"] = profile.scale
    table["margin"] = profile.margin
    return table


def apply(profile: Profile | None, settings: Any, given: Collection[str] = ()) -> Any:
    """`settings` (pnp.imposition.Settings) with the profile's corrections; the Settings fields
    in `given` (paper, flip, back_offset: set by an option) keep their value."""
    if profile is None:
        return settings
    from pnp.units import mm

    changes: dict[str, Any] = {
        "unprintable": mm(profile.margin),
        "scale": 100.0 / profile.scale,
        "printer": profile.name,
    }
    if "back_offset" not in given:
        changes["back_offset"] = (mm(profile.back_offset[0]), mm(profile.back_offset[1]))
    if "paper" not in given and profile.paper is not None:
        changes["paper"] = profile.paper
    if "flip" not in given and profile.flip is not None:
        changes["flip"] = profile.flip
    return replace(settings, **changes)


def offset_words(dx: float, dy: float) -> str:
    """A back offset in mm (+ right and down) in words: "moved 0.5 mm right and 1.0 mm up"."""
    moves = [
        f"{abs(v):.1f} mm {word}"
        for v, word in ((dx, "left" if dx < 0 else "right"), (dy, "up" if dy < 0 else "down"))
        if round(v, 1) != 0
    ]
    return f"moved {' and '.join(moves)}" if moves else "not moved"


def describe(profile: Profile) -> list[str]:
    """`key: value` lines, as `deaddrop printer show` prints them."""
    dx, dy = profile.back_offset
    return [
        f"paper: {profile.paper or 'not set (--paper, a4 by default)'}",
        f"flip: {profile.flip or 'not set (--flip, long by default)'}",
        f"back offset: {dx:g},{dy:g} mm (the backs {offset_words(dx, dy)})",
        f"scale: {profile.scale:g}% (pages drawn at {100 * 100 / profile.scale:.1f}%)",
        f"margin: {profile.margin:g} mm",
    ]


def _quoted(text: str) -> str:
    return quoted(text)
