"""deaddrop.commands.fast_params leans on typer's private parameter conversion: say so plainly
when a typer release drops it, and check that the patch still keeps pydantic out of start-up
while `str`, `Path` and `bool` parameters convert as before."""

from __future__ import annotations

import dataclasses
import importlib
import inspect
import json
import subprocess
import sys

import pytest
import typer

# What fast_params uses: (module, attribute), and for classes the members it relies on.
PRIVATE = [
    ("typer._coercion", "RuntimeParam"),
    ("typer._coercion", "TypeDescriptor"),
    ("typer._coercion", "resolve_type_descriptor"),
    ("typer.core", "build_runtime_param"),
]


def _outdated(what: str) -> str:
    return (
        f"typer {typer.__version__} no longer has {what}: deaddrop.commands.fast_params must be "
        "updated (pinned typer range in pyproject.toml)"
    )


def _lookup(module: str, name: str) -> object | None:
    try:
        return getattr(importlib.import_module(module), name, None)
    except ImportError:
        return None


@pytest.mark.parametrize(("module", "name"), PRIVATE, ids=[n for _, n in PRIVATE])
def test_the_private_typer_api_is_there(module, name):
    assert _lookup(module, name) is not None, _outdated(f"{module}.{name}")


def test_runtime_param_is_built_from_parameter_info_and_annotation():
    """`Plain(info, annotation)` passes both positionally and overrides `_coerce_value`."""
    runtime = _lookup("typer._coercion", "RuntimeParam")
    fields = (
        [f.name for f in dataclasses.fields(runtime)] if dataclasses.is_dataclass(runtime) else []
    )
    coerce = getattr(runtime, "_coerce_value", None)
    arguments = list(inspect.signature(coerce).parameters) if callable(coerce) else []
    shape = (fields[:2], arguments) == (
        ["parameter_info", "annotation"],
        ["self", "value", "param", "ctx"],
    )
    assert shape, _outdated(
        "typer._coercion.RuntimeParam(parameter_info, annotation) with _coerce_value(value, "
        "param, ctx)"
    )


def test_type_descriptor_has_the_fields_read():
    descriptor = _lookup("typer._coercion", "TypeDescriptor")
    fields = (
        {f.name for f in dataclasses.fields(descriptor)}
        if dataclasses.is_dataclass(descriptor)
        else set()
    )
    assert {"annotation", "parameter_info", "file_annotation"} <= fields, _outdated(
        "typer._coercion.TypeDescriptor.annotation/parameter_info/file_annotation"
    )


def test_typer_core_builds_runtime_params_through_the_patched_name():
    """fast_params replaces `typer.core.build_runtime_param`: typer must look it up there."""
    core = importlib.import_module("typer.core")
    getter = getattr(getattr(core, "_TyperParameter", None), "get_runtime_param", None)
    uses = getter is not None and "build_runtime_param" in getter.__code__.co_names
    assert uses, _outdated(
        "typer.core._TyperParameter.get_runtime_param calling build_runtime_param"
    )


CONVERT = """
import json, sys
from pathlib import Path
from typing import Annotated

import deaddrop.commands.main  # installs fast_params, as the console script does
import typer
from typer.testing import CliRunner

after_import = "pydantic" in sys.modules
demo = typer.Typer()
seen = {}


@demo.command()
def run(
    name: str,
    where: Annotated[Path, typer.Option("--where")] = Path("."),
    flag: Annotated[bool, typer.Option("--flag")] = False,
) -> None:
    seen.update(name=name, flag=flag, where=where.as_posix(), path=isinstance(where, Path))


result = CliRunner().invoke(demo, ["spy", "--where", "a/b", "--flag"])
print(json.dumps({
    "exit_code": result.exit_code,
    "output": result.output,
    "seen": seen,
    "pydantic_after_import": after_import,
    "pydantic_after_conversion": "pydantic" in sys.modules,
}))
"""


def test_a_fresh_process_converts_without_pydantic():
    out = subprocess.run(
        [sys.executable, "-c", CONVERT], capture_output=True, text=True, check=True
    ).stdout
    found = json.loads(out)
    assert (found["exit_code"], found["output"]) == (0, "")
    assert found["seen"] == {"name": "spy", "where": "a/b", "path": True, "flag": True}
    assert not found["pydantic_after_import"], "importing deaddrop.commands.main loads pydantic"
    assert not found["pydantic_after_conversion"], _outdated(
        "the conversion fast_params patches (str, Path and bool went through pydantic)"
    )
