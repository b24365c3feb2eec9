"""The printer profiles file: `printers.toml` in the user's config directory (platformdirs'
`user_config_dir("deaddrop")`), or the file `DEADDROP_CONFIG` names.

Read with tomllib; written whole by `dumps` (a small TOML: `use = "NAME"`, then a
`[printers.NAME]` table per profile) into a temporary file renamed over the old one, so a reader
never sees half a file. A damaged file is one line, `<file>:<line>: <key path>: <what is wrong>
(<expected>)`, exit 2 (InputError). The profiles themselves: pnp.printer_profile (pure).
"""

from __future__ import annotations

import json
import os
import re
import sys
from pathlib import Path
from typing import Any

from deaddrop.errors import InputError, located, os_problem, path_errors, shown
from pnp.printer_profile import FieldError, Profile, ProfileError, as_table, from_table, parse_name

CONFIG_ENV = "DEADDROP_CONFIG"
FILE_NAME = "printers.toml"
EXPECTED = "expected a file written by deaddrop printer set"
HEADER = "# Printer profiles for deaddrop: written by `deaddrop printer set/use/delete`.\n"


class Printers:
    """The profiles of a file, by name in the order saved, and the one in use (None: none)."""

    __slots__ = ("path", "profiles", "in_use")

    def __init__(
        self, path: Path, profiles: dict[str, Profile] | None = None, in_use: str | None = None
    ) -> None:
        self.path = path
        self.profiles: dict[str, Profile] = dict(profiles or {})
        self.in_use = in_use

    def get(self, name: str, option: str = "NAME") -> Profile:
        """The profile `name`; one line (exit 2) when there is none of that name."""
        found = self.profiles.get(name)
        if found is None:
            known = ", ".join(self.profiles)
            expected = (
                f"one of: {known}" if known else "a printer saved with: deaddrop printer set NAME"
            )
            raise InputError(f"{option}: no printer '{shown(name)}' (expected {expected})")
        return found


def config_path() -> Path:
    """`DEADDROP_CONFIG`, else printers.toml in the user's config directory."""
    env = os.environ.get(CONFIG_ENV)
    if env:
        return Path(env)
    if sys.platform == "linux":  # platformdirs' answer there, without importing it (5 ms)
        xdg = os.environ.get("XDG_CONFIG_HOME", "").strip()
        return Path(xdg or os.path.expanduser("~/.config")) / "deaddrop" / FILE_NAME
    import platformdirs

    return Path(platformdirs.user_config_dir("deaddrop", appauthor=False)) / FILE_NAME


def load(path: Path | None = None) -> Printers:
    """The profiles in `path` (default: config_path()); none when the file does not exist."""
    path = config_path() if path is None else path
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        return Printers(path)
    except OSError as error:
        raise os_problem(error, path, "read the printer profiles") from None
    return parse(data, path)


def parse(data: bytes, path: Path) -> Printers:
    """The profiles a file's bytes hold, or one InputError line naming the file and line."""
    import tomllib

    where = shown(path)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        line = data[: error.start].count(b"\n") + 1
        raise InputError(located(where, line, "", "not UTF-8 text", EXPECTED)) from None
    try:
        table = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        message = str(error)
        found = re.search(r" \(at line (\d+), column \d+\)$", message)
        line = int(found.group(1)) if found else text.count("\n") + 1
        what = message[: found.start()] if found else message.removesuffix(" (at end of document)")
        raise InputError(located(where, line, "", f"not TOML: {what}", EXPECTED)) from None
    printers = Printers(path)
    for key, value in table.items():
        if key == "printers":
            if not isinstance(value, dict):
                raise _bad(text, where, None, key, "is not a table", "expected [printers.NAME]")
            for name, fields in value.items():
                printers.profiles[name] = _profile(text, where, name, fields)
        elif key == "use":
            if not isinstance(value, str):
                raise _bad(text, where, None, key, "is not text", 'expected use = "NAME"')
            printers.in_use = value
        else:
            raise _bad(text, where, None, key, "unknown setting", "expected use or [printers.NAME]")
    if printers.in_use is not None and printers.in_use not in printers.profiles:
        known = ", ".join(printers.profiles)
        expected = f"expected one of: {known}" if known else "no printer is saved"
        raise _bad(text, where, None, "use", f"no printer '{printers.in_use}'", expected)
    return printers


def _profile(text: str, where: str, name: str, fields: Any) -> Profile:
    try:
        parse_name(name)
    except ProfileError as error:
        raise _bad(text, where, name, "", str(error), None) from None
    if not isinstance(fields, dict):
        raise _bad(text, where, name, "", "is not a table", "expected [printers.NAME]")
    try:
        return from_table(name, fields)
    except FieldError as error:
        raise _bad(text, where, name, error.key, str(error), None) from None


def _bad(
    text: str, where: str, name: str | None, key: str, what: str, expected: str | None
) -> InputError:
    """One line naming the file, the line of `key` (in [printers.NAME] when `name`), the key."""
    path = ".".join(p for p in ("printers" if name is not None else "", name or "", key) if p)
    return InputError(located(where, line_of(text, name, key), shown(path), shown(what), expected))


def line_of(text: str, name: str | None, key: str) -> int | None:
    """The line (from 1) of `key` in table [printers.NAME] (at the top of the file when `name`
    is None); the table's header when `key` is not found or empty; None when neither is."""
    table: str | None = None  # the table the scan is in: None at the top of the file
    header: int | None = None
    for number, line in enumerate(text.splitlines(), start=1):
        head = re.match(r"\s*\[\s*([^\]]*?)\s*\]", line)
        if head:
            parts = [p.strip().strip("\"'") for p in head.group(1).split(".")]
            table = parts[1] if len(parts) == 2 and parts[0] == "printers" else head.group(1)
            if name is not None and table == name:
                header = number
            continue
        if table == name and key and re.match(rf"\s*[\"']?{re.escape(key)}[\"']?\s*=", line):
            return number
    return header


def dumps(printers: Printers) -> str:
    """The file's text: the profile in use, then each profile's table."""
    lines = [HEADER]
    if printers.in_use is not None:
        lines.append(f"use = {json.dumps(printers.in_use)}\n")
    for name, profile in printers.profiles.items():
        lines.append(f"\n[printers.{name}]\n")
        for key, value in as_table(profile).items():
            lines.append(f"{key} = {_value(value)}\n")
    return "".join(lines)


def _value(value: Any) -> str:
    if isinstance(value, str):
        return json.dumps(value)  # a TOML basic string for the plain words a profile holds
    if isinstance(value, list):
        return "[" + ", ".join(_value(v) for v in value) + "]"
    return repr(float(value))


def save(printers: Printers) -> None:
    """Write the file atomically (its folder made when missing); one line when it cannot be."""
    from deaddrop.files import write_atomic

    with path_errors(printers.path, "write the printer profiles"):
        write_atomic(printers.path, dumps(printers))


def profile_for(name: str | None, option: str = "--printer") -> Profile | None:
    """The profile a build applies: `name` (from `option`), else the one in use, else None."""
    printers = load()
    if name is not None:
        return printers.get(name, option)
    return printers.profiles[printers.in_use] if printers.in_use is not None else None
