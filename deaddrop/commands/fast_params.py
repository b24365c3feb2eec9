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
from typing import Any, get_args, get_origin

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
    _conventional_help(core)
    return True


_TYPE_NAMES: dict[Any, str] = {str: "TEXT", int: "INTEGER", float: "FLOAT", bool: "BOOLEAN"}


def _type_name(param: Any, ctx: Any, display_type: Callable[[Any, Any], str]) -> str:
    """The conventional name of a parameter's value type: TEXT, INTEGER, PATH, [a4|letter]."""
    desc = param.type_descriptor
    shown = display_type(param, ctx).strip("<>")  # typer's own: <str>, <path>, <a4|letter>
    if desc.is_choice:
        return f"[{shown.removeprefix('list[').removesuffix(']')}]"
    if desc.is_path:
        return shown.upper()  # PATH, FILE or DIRECTORY, as typer knows it
    annotation = desc.annotation
    if get_origin(annotation) is list and len(get_args(annotation)) == 1:
        annotation = get_args(annotation)[0]
    if annotation is Path:
        return "PATH"
    return _TYPE_NAMES.get(annotation, shown.upper())


def _conventional_help(core: Any) -> None:
    """Help screens in click's conventions instead of typer 0.29's type labels: a flag shows no
    value (`--json`, not `--json <bool>`), a value shows its metavar or TEXT, INTEGER, PATH;
    arguments are named in capitals, `FILE` when required and `[CELLS]...` when not (typer:
    `{file}`, `<list[str]>`)."""
    parameter, option, argument = core._TyperParameter, core.TyperOption, core.TyperArgument
    display_type = parameter.display_type

    def argument_type(self: Any, ctx: Any) -> str | None:
        return _type_name(self, ctx, display_type)

    def option_type(self: Any, ctx: Any) -> str | None:
        if self.metavar is not None:
            return str(self.metavar)
        if self.is_flag or self.count:
            return None
        name = _type_name(self, ctx, display_type)
        return f"{name}..." if self.nargs != 1 else name

    def argument_name(self: Any) -> str:
        return str(self.metavar) if self.metavar is not None else str(self.name).upper()

    def usage_name(self: Any) -> str:
        name = self.display_name_raw
        name = name if self.required else f"[{name}]"
        return f"{name}..." if self.nargs != 1 else name

    argument.display_type_rich = argument_type
    option.display_type_rich = option_type
    argument.display_name_raw = property(argument_name)
    argument._usage_display_name = usage_name
