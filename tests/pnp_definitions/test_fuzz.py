"""Whatever a definition holds, the loader returns a kit or raises InputError: no traceback."""

from __future__ import annotations

import copy
import shutil

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from deaddrop.errors import InputError
from deaddrop.paths import REPO_ROOT
from pnp.definitions import load_game

SAMPLE = REPO_ROOT / "templates" / "sample"
FILES = sorted(p.name for p in SAMPLE.glob("*.yaml"))

LEAVES = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-5, 300),
    st.floats(allow_nan=False, allow_infinity=False, width=32),
    st.sampled_from(
        [
            "3mm",
            "-2mm",
            "0pt",
            "120%",
            "full",
            "safe",
            "#ff00ff",
            "none",
            "{name}",
            "{nope}",
            "{",
            "art/agent.png",
            "art/x.svg",
            "body",
            "card",
            "",
            "Łódź ŋ",
        ]
    ),
    st.text(max_size=8),
)
VALUES = st.recursive(
    LEAVES,
    lambda inner: st.one_of(
        st.lists(inner, max_size=3), st.dictionaries(st.text(max_size=6), inner, max_size=3)
    ),
    max_leaves=6,
)


def _paths(node, prefix=()):
    yield prefix
    if isinstance(node, dict):
        for key, value in node.items():
            yield from _paths(value, (*prefix, key))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from _paths(value, (*prefix, i))


def _replace(node, path, value):
    if not path:
        return value
    node[path[0]] = _replace(node[path[0]], path[1:], value)
    return node


@settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(data=st.data(), file=st.sampled_from(FILES))
def test_mutated_sample_never_crashes(tmp_path_factory, data, file):
    folder = tmp_path_factory.mktemp("fuzz") / "sample"
    shutil.copytree(SAMPLE, folder)
    document = yaml.safe_load((folder / file).read_text("utf-8"))
    for _ in range(data.draw(st.integers(1, 3))):
        paths = list(_paths(document))
        path = data.draw(st.sampled_from(paths))
        document = _replace(document, path, data.draw(VALUES))
    (folder / file).write_text(yaml.safe_dump(document, allow_unicode=True), encoding="utf-8")
    try:
        load_game(folder)
    except InputError as error:
        assert all(line.strip() for line in error.lines())


@pytest.mark.random_input  # junk typed into a key is echoed in the key's path, as typed
@settings(
    max_examples=100, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    file=st.sampled_from(FILES),
    at=st.floats(0, 1),
    junk=st.text(alphabet=" \n\t:-[]{}#&*!|>'\"%@`,?aZ0", min_size=1, max_size=6),
)
def test_garbled_text_never_crashes(tmp_path_factory, file, at, junk):
    folder = tmp_path_factory.mktemp("garble") / "sample"
    shutil.copytree(SAMPLE, folder)
    text = (folder / file).read_text("utf-8")
    cut = int(at * len(text))
    (folder / file).write_text(text[:cut] + junk + text[cut:], encoding="utf-8")
    try:
        load_game(folder)
    except InputError as error:
        assert all(line.strip() for line in error.lines())


ICONS = {
    "arrow": {
        "size": ["10mm", "10mm"],
        "elements": [
            {"polygon": [["0mm", "4mm"], ["10mm", "5mm"], ["0mm", "6mm"]], "fill": "#222222"},
            {"rect": "full", "stroke": "#000000"},
        ],
    },
    "dot": {"size": ["4mm", "4mm"], "elements": [{"circle": "full"}]},
}


@settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(data=st.data())
def test_mutated_icons_never_crash(tmp_path_factory, data):
    """The sample with icons in game.yaml and one drawn on a card, its icons mutated."""
    folder = tmp_path_factory.mktemp("icons") / "sample"
    shutil.copytree(SAMPLE, folder)
    game = yaml.safe_load((folder / "game.yaml").read_text("utf-8"))
    game["icons"] = copy.deepcopy(ICONS)
    cards = yaml.safe_load((folder / "cards.yaml").read_text("utf-8"))
    first = next(iter(cards["components"].values()))
    first["front"].append({"icon": "arrow", "box": "full"})
    (folder / "cards.yaml").write_text(yaml.safe_dump(cards, allow_unicode=True), "utf-8")
    for _ in range(data.draw(st.integers(1, 3))):
        paths = [("icons", *p) for p in _paths(game["icons"])]
        path = data.draw(st.sampled_from(paths))
        game = _replace(game, path, data.draw(VALUES))
    (folder / "game.yaml").write_text(yaml.safe_dump(game, allow_unicode=True), encoding="utf-8")
    try:
        load_game(folder)
    except InputError as error:
        assert all(line.strip() for line in error.lines())
