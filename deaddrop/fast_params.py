"""Plain conversion of simple command-line parameters, so that a quick command stays quick.

Typer 0.29 converts every parameter (even `--help`) through a pydantic TypeAdapter, and importing
pydantic costs about 75 ms at every start: `deaddrop table show` took 0.18 s instead of 0.10 s.
`install()` gives `str`, `Path` and `bool` parameters without constraints a plain converter;
anything else, or any unexpected value, still goes through Typer's own conversion. On a Typer
without this machinery it does nothing.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

_PATH_CHECKS = ("exists", "writable", "resolve_path", "allow_dash", "path_type")


def install() -> bool:
    """Patch Typer's parameter conversion (once); True when the patch is in place."""
    try:
        import typer.core as core
        from typer._coercion import RuntimeParam
    except ImportError:  # pragma: no cover - another Typer
        return False
    original = getattr(core, "build_runtime_param", None)
    if original is None or getattr(original, "_plain", False):
        return original is not None

    class Plain(RuntimeParam):
        def _coerce_value(self, value: Any, param: Any, ctx: Any) -> Any:
            if self.annotation is bool and isinstance(value, bool):
                return value
            if self.annotation in (str, Path) and isinstance(value, str):
                return self.annotation(value)
            return self.fallback._coerce_value(value, param, ctx)

        @property
        def fallback(self) -> Any:
            from typer._coercion import resolve_type_descriptor

            return original(resolve_type_descriptor(self.annotation, self.parameter_info))

    def build(descriptor: Any) -> Any:
        info = descriptor.parameter_info
        plain = (
            descriptor.annotation in (str, Path, bool)
            and descriptor.file_annotation is None
            and getattr(info, "parser", None) is None
            and getattr(info, "click_type", None) is None
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
