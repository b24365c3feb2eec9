"""Lengths with units: "63mm", "2.5cm", "0.5in", "9pt" -> PDF points. No reportlab."""

from __future__ import annotations

import re

POINTS_PER = {"pt": 1.0, "in": 72.0, "mm": 72.0 / 25.4, "cm": 72.0 / 2.54}
_LENGTH = re.compile(r"^\s*(-?\d+(?:\.\d+)?|-?\.\d+)\s*(pt|in|mm|cm)\s*$")


def parse_length(text: object) -> float:
    """Points for a length such as "63mm"; ValueError naming the expected form otherwise."""
    if isinstance(text, bool) or not isinstance(text, str):
        raise ValueError(f"'{text}' has no unit (expected a length such as 63mm, 0.5in or 9pt)")
    match = _LENGTH.match(text)
    if match is None:
        raise ValueError(f"'{text}' is not a length (expected a number with mm, cm, in or pt)")
    return float(match.group(1)) * POINTS_PER[match.group(2)]


def mm(value: float) -> float:
    """Points for a length in millimetres."""
    return value * POINTS_PER["mm"]


def to_mm(points: float) -> float:
    """Millimetres for a length in points."""
    return points / POINTS_PER["mm"]
