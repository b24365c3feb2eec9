"""The cache of deduction answers (assistant/games/spy/deduction.py) and of the sheet's squares
(assistant/games/spy/sheet_data.py): a cached answer is the computed one, a question that differs
is computed again, a damaged file is not trusted, and a cached answer needs neither numpy nor
PyYAML."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time

import pytest

from assistant.games.spy import deduction
from assistant.games.spy.deduce import deduce
from assistant.games.spy.deduction import deduce_cached, result_path
from assistant.games.spy.model import Field
from assistant.games.spy.observations import parse_observation, parse_observations
from assistant.games.spy.sheet_data import SETTLE_NS
from deaddrop.paths import REPO_ROOT

LENGTHS = (1, 2, 3, 4, 5, 6)


@pytest.fixture
def cache(tmp_path, monkeypatch):
    monkeypatch.setenv("DEADDROP_CACHE", str(tmp_path / "cache"))
    return tmp_path / "cache" / "spy" / "deduce"


def _observations(*texts: str, field: Field | None = None):
    return parse_observations(list(texts), field or Field())


QUESTIONS = [
    ((), (2, 2, 3, 3, 4, 5)),
    (("5E=hot",), (2, 2, 3, 3, 4, 5)),
    (("5E=hot", "4B-4D=w,c,c"), (2, 3)),
    (("5E=hot", "5F=cold", "1A=c"), (2,)),  # a contradiction
    (("5E=hot",), ()),
]


@pytest.mark.parametrize(("texts", "squares"), QUESTIONS)
def test_a_cached_answer_is_the_computed_one(cache, texts, squares):
    field = Field()
    observations = _observations(*texts)
    computed = deduce(field, LENGTHS, observations, squares)
    first = deduce_cached(field, LENGTHS, observations, squares)
    assert len(os.listdir(cache)) == 1
    again = deduce_cached(field, LENGTHS, observations, squares)
    assert first == computed and again == computed
    if computed.conflict is not None:
        assert all(any(o is x for x in observations) for o in again.conflict)


def test_the_question_decides_the_key(cache):
    field = Field()
    one = _observations("5E=hot", "1A=c")
    base = result_path(field, LENGTHS, one, (2, 3))
    assert result_path(field, LENGTHS, one, (3, 2, 3, 1, 6)) == base  # only the sizes 2-5 left
    assert result_path(field, (6, 5, 4, 3, 2, 1), one, (2, 3)) == base  # lengths sorted
    said = ((1, "E5=h"), (2, "1a=cold"))
    logged = [parse_observation(t, field, f"game.log:{n}") for n, t in said]
    assert result_path(field, LENGTHS, logged, (2, 3)) == base  # the sources are not asked
    others = [
        result_path(field, LENGTHS, one, (2,)),
        result_path(field, LENGTHS, one[::-1], (2, 3)),  # the order can change the conflict
        result_path(field, LENGTHS, _observations("5E=hot", "1A=w"), (2, 3)),
        result_path(field, (1, 2, 3, 4, 5), one, (2, 3)),
        result_path(Field(10, 11), LENGTHS, _observations("5E=hot", "1A=c"), (2, 3)),
    ]
    assert len({base, *others}) == 6


def test_the_sources_come_from_the_question_asked(cache):
    field = Field()
    typed = _observations("5E=hot", "5F=cold")
    deduce_cached(field, LENGTHS, typed, (2,))
    logged = [parse_observation(t, field, f"game.log:{n}") for n, t in ((3, "5E=h"), (4, "5F=c"))]
    again = deduce_cached(field, LENGTHS, logged, (2,))
    assert [o.source for o in again.conflict] == ["game.log:3", "game.log:4"]


@pytest.mark.parametrize(
    "damage",
    [
        lambda data: "not json",
        lambda data: json.dumps({**data, "hot_counts": data["hot_counts"][:-1]}),
        lambda data: json.dumps({**data, "consistent": -1}),
        lambda data: json.dumps({**data, "suggestion": [[[99, 0]], 1.0, 2.0, 3]}),
        lambda data: json.dumps({**data, "conflict": [7]}),
        lambda data: json.dumps({k: v for k, v in data.items() if k != "network"}),
    ],
)
def test_a_damaged_answer_is_computed_again(cache, damage):
    field = Field()
    observations = _observations("5E=hot", "5F=cold")
    computed = deduce_cached(field, LENGTHS, observations, (2,))
    (path,) = cache.iterdir()
    path.write_text(damage(json.loads(path.read_text())), encoding="utf-8")
    assert deduce_cached(field, LENGTHS, observations, (2,)) == computed
    assert json.loads(path.read_text())["consistent"] == 0  # stored again


def test_an_answer_serves_only_its_own_question(cache):
    """Two questions may share a file name: the file names the question it answers."""
    field = Field()
    one, other = _observations("5E=hot"), _observations("5E=cold")
    deduce_cached(field, LENGTHS, one, (2,))
    shutil.copy(result_path(field, LENGTHS, one, (2,)), result_path(field, LENGTHS, other, (2,)))
    assert deduce_cached(field, LENGTHS, other, (2,)) == deduce(field, LENGTHS, other, (2,))


def test_the_oldest_answers_go_first(cache, monkeypatch):
    monkeypatch.setattr(deduction, "MAX_ENTRIES", 2)
    field = Field(5, 5)
    asked = [_observations(f"{r}A=cold", field=field) for r in range(1, 5)]
    for n, observations in enumerate(asked):
        deduce_cached(field, (1, 2), observations, ())
        path = result_path(field, (1, 2), observations, ())
        os.utime(path, ns=(n * 10**9, n * 10**9))
    kept = {result_path(field, (1, 2), o, ()).name for o in asked[-2:]}
    assert {p.name for p in cache.iterdir()} == kept


def test_an_unwritable_cache_still_answers(tmp_path, monkeypatch):
    blocked = tmp_path / "file"
    blocked.write_text("", encoding="utf-8")
    monkeypatch.setenv("DEADDROP_CACHE", str(blocked))  # a file where the folder would go
    field = Field(5, 5)
    assert deduce_cached(field, (1, 2), [], ()) == deduce(field, (1, 2), [], ())


RUN = (
    "import sys\n"
    "from deaddrop.commands.main import main\n"
    "sys.argv = ['deaddrop', *sys.argv[1:]]\n"
    "try:\n    main()\nexcept SystemExit:\n    pass\n"
    "print(sorted(m for m in ('numpy', 'yaml') if m in sys.modules))"
)


def test_the_same_question_again_needs_neither_numpy_nor_yaml(tmp_path):
    env = {**os.environ, "DEADDROP_CACHE": str(tmp_path / "cache")}

    def run(*args: str) -> list[str]:
        out = subprocess.run(
            [sys.executable, "-c", RUN, "spy", "deduce", *args],
            env=env,
            capture_output=True,
            text=True,
            check=True,
        )
        return out.stdout.splitlines()

    sheet = REPO_ROOT / "templates" / "spy" / "sheet.yaml"
    changed = max(sheet.stat().st_mtime_ns, sheet.stat().st_ctime_ns)
    time.sleep(max(0, SETTLE_NS - (time.time_ns() - changed)) / 1e9)  # a fresh checkout settles
    first = run("5E=hot", "--json")
    assert first[-1] == "['numpy', 'yaml']"
    second = run("5E=hot", "--json")
    assert second[-1] == "[]"
    assert second[:-1] == first[:-1]
    text = run("5E=h")  # the same question, another form and output: still cached
    assert text[0].startswith("45,484 networks fit") and text[-1] == "[]"


def test_a_cache_file_is_whole_or_absent(tmp_path):
    from deaddrop.paths import cache_writer

    target = tmp_path / "deep" / "answer.json"
    with cache_writer(target) as handle:
        handle.write(b"one")
    with pytest.raises(RuntimeError), cache_writer(target) as handle:
        handle.write(b"two, half")
        raise RuntimeError("killed while writing")
    assert target.read_bytes() == b"one"
    assert [p.name for p in target.parent.iterdir()] == ["answer.json"]  # no temporary left
