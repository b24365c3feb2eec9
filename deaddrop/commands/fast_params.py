"""Plain conversion of simple command-line parameters, so that a quick command stays quick.

Typer 0.29 converts every parameter (even `--help`) through a pydantic TypeAdapter, and importing
pydantic costs about 75 ms at every start: `deaddrop table show` took 0.18 s instead of 0.10 s.
`install()` gives `str`, `Path`, `bool`, `int` and `list[str]` parameters without constraints a
plain converter; anything else, or any unexpected value (`--rows abc`), still goes through Typer's
own conversion, so its checks and messages are unchanged. On a Typer without this machinery it
does nothing.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

_PLAIN = (str, Path, bool, int, list[str])
_INTEGER = re.compile(r"[+-]?[0-9]+")

_PATH_CHECKS = ("exists", "writable", "resolve_path", "allow_dash", "path_type")


def install() -> bool:
    """Patch Typer's parameter conversion (once); True when the patch is in place."""
    try:
        import typer.core as core
        from typer._coercion import RuntimeParam
    except ImportError:  # pragma: no cover - another Typer
        return False
    found: Callable[[Any], Any] | None = getattr(core, "build_runtime_param", None)
    if found is None or getattr(found, "_plain", False):
        return found is not None
    original = found

    class Plain(RuntimeParam):
        def _coerce_value(self, value: Any, param: Any, ctx: Any) -> Any:
            if self.annotation is bool and isinstance(value, bool):
                return value
            if self.annotation in (str, Path) and isinstance(value, str):
                return self.annotation(value)
            if self.annotation is int:
                if isinstance(value, int) and not isinstance(value, bool):
                    return value
                if isinstance(value, str) and _INTEGER.fullmatch(value) and len(value) < 100:
                    return int(value)
            if self.annotation == list[str] and isinstance(value, (list, tuple)):
                if all(isinstance(item, str) for item in value):
                    return list(value)
            return self.fallback._coerce_value(value, param, ctx)

        @property
        def fallback(self) -> Any:
            from typer._coercion import resolve_type_descriptor

            return original(resolve_type_descriptor(self.annotation, self.parameter_info))

    def build(descriptor: Any) -> Any:
        info = descriptor.parameter_info
        plain = (
            descriptor.annotation in _PLAIN
            and descriptor.file_annotation is None
            and getattr(info, "parser", None) is None
            and getattr(info, "click_type", None) is None
            and getattr(info, "min", None) is None
            and getattr(info, "max", None) is None
        )
        if plain and descriptor.annotation is Path:
            plain = not any(getattr(info, key, None) for key in _PATH_CHECKS) and all(
                getattr(info, key, True) is not False for key in ("file_okay", "dir_okay")
            )
        if plain:
            return Plain(info, descriptor.annotation)
        return original(descriptor)

    build._plain = True  # type: ignore[attr-defined]
    core.build_runtime_param = build
    return True
