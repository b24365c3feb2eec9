"""Fuzzing the definitions: the real templates, mutated byte by byte and value by value, through
the loader and through `deaddrop list` and `deaddrop build` (in process, Typer's CliRunner).

Properties: the loader returns a kit or raises InputError whose every line names the game's file
(one printable line per problem, no "<unicode string>"); a command exits 0, 1 or 2, prints one
`deaddrop: ...` line per problem on stderr and never a traceback, and a command that fails
writes nothing into --out.

The run is bounded for the suite. For a longer run by hand, scale the examples:
`DEADDROP_FUZZ_SCALE=50 pytest tests/fuzz_definitions/test_fuzz_definitions.py -p no:cacheprovider`
"""

from __future__ import annotations

import os
import shutil
from itertools import count
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from deaddrop.commands.main import app
from deaddrop.errors import InputError
from deaddrop.paths import REPO_ROOT
from pnp.definitions import load_game

pytestmark = pytest.mark.random_input  # tests/conftest.py: words_check

SCALE = float(os.environ.get("DEADDROP_FUZZ_SCALE", "1"))
TEMPLATES = REPO_ROOT / "templates"
FILES = sorted(
    (path.parent.name, path.name)
    for path in TEMPLATES.glob("*/*.yaml")
    if path.stat().st_size < 30_000 or SCALE > 1  # the largest files only in a long run
)
SMALL = [pair for pair in FILES if pair[0] in ("sample", "spy")]
runner = CliRunner()
_serial = count()


def fuzz(examples: int):
    """Hypothesis settings for `examples` cases (times DEADDROP_FUZZ_SCALE), no deadline."""
    return settings(
        max_examples=max(1, int(examples * SCALE)),
        deadline=None,
        suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
    )


@pytest.fixture
def here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DEADDROP_CACHE", str(tmp_path / "cache"))
    monkeypatch.setenv("DEADDROP_DB", str(tmp_path / "db.sqlite"))
    return tmp_path


def copy_game(here: Path, game: str) -> Path:
    """A fresh copy of templates/<game> under a new folder of `here` (its templates folder)."""
    templates = here / f"t{next(_serial)}"
    shutil.copytree(TEMPLATES / game, templates / game)
    return templates


TOKENS = [
    b"&a ",
    b"*a",
    b"<<: *a",
    b"<<: [*a, *a]",
    b"[",
    b"]",
    b"{",
    b"}",
    b": ",
    b"- ",
    b"\n",
    b"\n  ",
    b"\t",
    b"\x00",
    b"\x01",
    b"\x1b[31m",
    b"\x7f",
    b"\xff",
    b"\xe9",
    b"\xc3",
    b"\xef\xbb\xbf",
    b"\xc2\x85",
    "\u2028".encode(),
    b"'",
    b'"',
    b"#",
    b"!!binary ",
    b"!!python/object/apply:os.system ",
    b"!!timestamp ",
    b"2024-13-45",
    b"0.01mm",
    b"1e999mm",
    b"-3mm",
    b"0pt",
    b"999999999999999999999999999",
    b"-1",
    b"150%",
    b"{name}",
    b"{{",
    b"\r",
    b"---\n",
    b"...\n",
    b"? ",
    b"|\n",
    b">-\n",
    b"split: true\n    ",
    b"size: [0.01mm, 0.01mm]",
    b"count: 1000",
    b"image: x.png",
    b"~",
    b"null",
    b"yes",
    b".inf",
    b".nan",
]


def bomb(levels: int, width: int, merge: bool) -> bytes:
    """Top-level keys whose aliases (or merge keys) multiply: width**levels values."""
    lines = ["b0: &b0 {x: 1, y: 2}"]
    for i in range(1, levels + 1):
        refs = ", ".join([f"*b{i - 1}"] * width)
        lines.append(f"b{i}: &b{i} " + (f"{{<<: [{refs}]}}" if merge else f"[{refs}]"))
    return ("\n" + "\n".join(lines) + "\n").encode()


@st.composite
def byte_mutation(draw: st.DrawFn, data: bytes) -> bytes:
    """`data` with one to four random edits: a byte flipped, a token inserted or written over,
    a slice deleted or repeated, values nested deep, aliases or merge keys that multiply."""
    data = bytearray(data)
    for _ in range(draw(st.integers(1, 4))):
        at = draw(st.integers(0, len(data)))
        kinds = ["flip", "insert", "replace", "delete", "repeat", "deep", "bomb"]
        kind = draw(st.sampled_from(kinds))
        if kind == "deep":
            depth = draw(st.integers(20, 5000))
            data[at:at] = draw(st.sampled_from([b"[" * depth, b"{a: " * depth]))
        elif kind == "bomb":
            levels, width = draw(st.integers(2, 9)), draw(st.integers(2, 10))
            data.extend(bomb(levels, width, draw(st.booleans())))
        elif kind == "flip" and at < len(data):
            data[at] ^= draw(st.integers(1, 255))
        elif kind == "insert":
            data[at:at] = draw(st.sampled_from(TOKENS))
        elif kind == "replace":
            token = draw(st.sampled_from(TOKENS))
            data[at : at + len(token)] = token
        elif kind == "delete":
            del data[at : at + draw(st.integers(1, 40))]
        elif kind == "repeat":
            piece = bytes(data[at : at + draw(st.integers(1, 80))])
            data[at:at] = piece * draw(st.integers(1, 3))
    return bytes(data)


def check_problems(error: InputError, game: str) -> None:
    """Every line of a definition error names a file of the game, on one printable line."""
    for line in error.lines():
        assert line.isprintable(), line
        assert "unicode string" not in line and "byte string" not in line, line
        assert "Traceback" not in line, line
        assert line.startswith((f"{game}/", f"{game}:")), line


def load_checked(folder: Path, game: str) -> None:
    try:
        load_game(folder / game)
    except InputError as error:
        check_problems(error, game)


@fuzz(80)
@given(data=st.data(), pair=st.sampled_from(FILES))
def test_byte_mutations_of_the_templates_never_crash_the_loader(here, data, pair):
    game, file = pair
    templates = copy_game(here, game)
    path = templates / game / file
    path.write_bytes(data.draw(byte_mutation(path.read_bytes())))
    os.chdir(templates)
    load_checked(templates, game)


def _paths(node: object, prefix: tuple = ()):
    yield prefix
    if isinstance(node, dict):
        for key, value in node.items():
            yield from _paths(value, (*prefix, key))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from _paths(value, (*prefix, i))


def _get(node, path):
    for key in path:
        node = node[key]
    return node


def _set(node, path, value):
    if not path:
        return value
    _get(node, path[:-1])[path[-1]] = value
    return node


SIZES = st.sampled_from(
    ["0.01mm", "4.99mm", "5mm", "2001mm", "1e300mm", "-1mm", "0mm", "12.7mm", "300mm", "63mm"]
)
NUMBERS = st.one_of(
    st.integers(-(10**30), 10**30),
    st.sampled_from([0, 1, 999, 1000, 1001, 2000, 5001, 10**6 + 1]),
    st.floats(allow_nan=True, allow_infinity=True),
)
LEAVES = st.one_of(
    st.none(),
    st.booleans(),
    NUMBERS,
    SIZES,
    st.sampled_from(["full", "safe", "#ff00ff", "none", "{name}", "{nope}", "art/x.png", "card"]),
    st.text(max_size=12),
)
VALUES = st.recursive(
    LEAVES,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=6), inner, max_size=4)
    ),
    max_leaves=8,
)


def component_change(draw: st.DrawFn, component: dict) -> None:
    """Change what bounds a component: its size, split, count, rows."""
    key = draw(st.sampled_from(["size", "board", "count", "rows", "overlap"]))
    side = draw(SIZES)
    size = [side, side] if draw(st.booleans()) else [side, draw(SIZES)]
    if key == "size":
        component["size"] = size
    elif key == "board":
        component["split"] = True
        component["size"] = size
    elif key == "count":
        component.pop("rows", None)
        component["count"] = draw(NUMBERS)
    elif key == "rows" and isinstance(component.get("rows"), list) and component["rows"]:
        times = draw(st.sampled_from([2, 10, 600, 1001]))
        component["rows"] = (component["rows"] * times)[: times * 2]
        if draw(st.booleans()) and isinstance(component["rows"][0], dict):
            component["rows"][0] = {**component["rows"][0], "count": draw(NUMBERS)}
    elif key == "overlap":
        component["overlap"] = draw(SIZES)


@st.composite
def value_mutation(draw: st.DrawFn, document: object) -> object:
    """`document` with one to three values replaced, keys renamed, values wrapped in lists
    (nesting), sizes and counts changed, a component's size, split, count or rows changed."""
    for _ in range(draw(st.integers(1, 3))):
        paths = list(_paths(document))
        path = draw(st.sampled_from(paths))
        kinds = ["value", "wrap", "rename", "size", "count"] + ["component"] * 4
        kind = draw(st.sampled_from(kinds))
        components = document.get("components") if isinstance(document, dict) else None
        if kind == "component" and isinstance(components, dict) and components:
            component = components[draw(st.sampled_from(sorted(components)))]
            if isinstance(component, dict):
                component_change(draw, component)
        elif kind == "value":
            document = _set(document, path, draw(VALUES))
        elif kind == "wrap":
            value = _get(document, path)
            for _ in range(draw(st.integers(1, 40))):
                value = [value]
            document = _set(document, path, value)
        elif kind == "rename" and path and isinstance(_get(document, path[:-1]), dict):
            parent = _get(document, path[:-1])
            parent[draw(st.text(max_size=8))] = parent.pop(path[-1])
        elif kind == "size":
            document = _set(document, path, [draw(SIZES), draw(SIZES)])
        elif kind == "count":
            document = _set(document, path, draw(NUMBERS))
    return document


@fuzz(80)
@given(data=st.data(), pair=st.sampled_from(FILES))
def test_value_mutations_of_the_templates_never_crash_the_loader(here, data, pair):
    game, file = pair
    templates = copy_game(here, game)
    path = templates / game / file
    document = yaml.safe_load(path.read_text("utf-8"))
    document = data.draw(value_mutation(document))
    path.write_text(yaml.safe_dump(document, allow_unicode=True), encoding="utf-8")
    os.chdir(templates)
    load_checked(templates, game)


def files_under(folder: Path) -> set[str]:
    return {str(p.relative_to(folder)) for p in folder.rglob("*")} if folder.exists() else set()


def check_command(result, out: Path | None = None, before: set[str] | None = None) -> None:
    """Exit 0, 1 or 2; on failure one `deaddrop: ` line per problem and nothing new in `out`."""
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(
        result.exception
    )
    assert "Traceback" not in result.output
    assert result.exit_code in (0, 1, 2), (result.exit_code, result.output)
    if result.exit_code:
        lines = result.stderr.splitlines()
        assert lines, result.output
        for line in lines:
            assert line.startswith("deaddrop: "), line
            assert line.isprintable(), line
        if out is not None:
            assert files_under(out) == (before or set()), result.output
    if out is not None:
        assert not [name for name in files_under(out) if name.endswith(".tmp")]


@fuzz(30)
@given(data=st.data(), pair=st.sampled_from(SMALL + FILES))
def test_list_and_build_of_mutated_templates(here, data, pair):
    game, file = pair
    templates = copy_game(here, game)
    path = templates / game / file
    if data.draw(st.booleans()):
        path.write_bytes(data.draw(byte_mutation(path.read_bytes())))
    else:
        document = data.draw(value_mutation(yaml.safe_load(path.read_text("utf-8"))))
        path.write_text(yaml.safe_dump(document, allow_unicode=True), encoding="utf-8")
    check_command(runner.invoke(app, ["list", "--templates", str(templates)]))
    if (game, file) in SMALL:  # a build of the larger games takes seconds
        out = templates.parent / f"{templates.name}-out"
        (out / "kept").mkdir(parents=True)
        before = files_under(out)
        result = runner.invoke(
            app, ["build", game, "--templates", str(templates), "--out", str(out), "--force"]
        )
        check_command(result, out, before)


NAMES = st.one_of(
    st.sampled_from(
        [
            "",
            ".",
            "a-file",
            "a-file/x",
            "x" * 300,
            f"sub/{'y' * 300}",
            "/proc/x",
            "/proc/version",
            "/dev/null",
            "-",
            "sub",
            "new/deeper",
        ]
    ),
    st.text(
        alphabet=st.characters(blacklist_categories=("Cs",), blacklist_characters="\x00"),
        max_size=20,
    ),
)
OPTIONS = st.fixed_dictionaries(
    {},
    optional={
        "--paper": st.sampled_from(["a4", "letter", "A4", "a5", "", "\x1b"]),
        "--flip": st.sampled_from(["long", "short", "", "sideways"]),
        "--back-offset": st.sampled_from(["0,0", "1,-1", "nan,0", "99,0", "1", "", "1e999,0"]),
        "--bleed": st.sampled_from(["0", "2mm", "21mm", "-1mm", "3", "", "1e999mm"]),
        "--gutter": st.sampled_from(["0", "1mm", "30mm", "x"]),
    },
)


@fuzz(30)
@given(out=NAMES, templates=st.one_of(st.none(), NAMES), options=OPTIONS, data=st.data())
def test_build_and_list_arguments_never_crash(here, out, templates, options, data):
    """Odd folders and options: one line each, nothing written where the build failed."""
    case = here / f"c{next(_serial)}"
    case.mkdir()
    os.chdir(case)
    (case / "a-file").write_text("x")
    (case / "sub").mkdir()
    if templates is not None and data.draw(st.booleans()):
        templates_args = ["--templates", templates]
    else:
        shutil.copytree(TEMPLATES / "sample", case / "games" / "sample")
        templates_args = ["--templates", "games"]
    check_command(runner.invoke(app, ["list", *templates_args]))
    args = [word for pair in options.items() for word in pair]
    calibration = ["--calibration"] if data.draw(st.booleans()) else []
    before = files_under(case)
    result = runner.invoke(
        app, ["build", "sample", "--out", out, *templates_args, *args, *calibration]
    )
    check_command(result)
    if result.exit_code:
        assert files_under(case) == before, result.output
